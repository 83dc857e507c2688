/* The end of a turn: the unspent-dice check, feeding with starvation (rule b4) and the queued
 * market conversions (rule b5). */
#include <string.h>
#include "rules/engine_internal.h"

/* Rule b4: pay ceil(pop / feeding_per) food; when short, the population falls to what the food
 * can feed first (A44), then the MAX cascade. The miller's perk a skips it all (A18). */
static void feed(struct game_state *s, int p, struct history *h)
{
    const struct gamedata *gd = s->gd;
    struct player_state *ps = &s->p[p];
    const struct gd_perk *pk = engine_perk(s, p, PERK_NO_FEEDING_FULL_BREAD);
    if (pk && ps->asset[A_BREAD] >= pk->params[0])
        return;
    int f = gd->feeding_per;
    int need = (ps->asset[A_POPULATION] + f - 1) / f;
    if (ps->asset[A_FOOD] < need) {
        history_note(h, 1, 0);
        engine_set_asset(s, p, A_POPULATION, ps->asset[A_FOOD] * f, CAUSE_FEEDING, 0, h);
        engine_clamp(s, p, h);
        need = (ps->asset[A_POPULATION] + f - 1) / f;
    }
    engine_set_asset(s, p, A_FOOD, ps->asset[A_FOOD] - need, CAUSE_FEEDING, 0, h);
}

/* A39: 1:1, needs the market, enough of the source and a result within the cap. */
static int market(struct game_state *s, int p, const struct market_order *o, struct history *h,
                  struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    struct player_state *ps = &s->p[p];
    int from = o->to == A_FOOD ? A_SUPPLY : A_FOOD;
    signed char seat = (signed char)p;
    short made = (short)o->to;
    if (!engine_perk(s, p, PERK_MARKET))
        return REFUSE(why, .what = REF_MARKET_NONE, .player = seat, .thing = (short)from,
                      .thing2 = made, .n = {o->amount});
    if (ps->asset[from] < o->amount)
        return REFUSE(why, .what = REF_MARKET_SHORT, .player = seat, .thing = (short)from,
                      .thing2 = made, .n = {o->amount, ps->asset[from]});
    if (ps->asset[o->to] + o->amount > gd->asset_cap)
        return REFUSE(why, .what = REF_MARKET_MAX, .player = seat, .thing = (short)from,
                      .thing2 = made, .n = {o->amount, ps->asset[o->to] + o->amount, gd->asset_cap});
    engine_set_asset(s, p, from, ps->asset[from] - o->amount, CAUSE_MARKET, 0, h);
    engine_set_asset(s, p, o->to, ps->asset[o->to] + o->amount, CAUSE_MARKET, 0, h);
    return 0;
}

int engine_end_turn(struct game_state *s, struct history *h, struct turn_end *out, struct refusal *why)
{
    struct turn_end local;
    engine_clear(why);
    if (engine_need_turn(s, why))
        return -1;
    if (!out)
        out = &local;
    int p = s->turn.player;
    engine_clear(&out->unspent);
    int left = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        left += !s->turn.dice[i].spent;
    if (left) {
        /* A33: every die of the turn must be spent. */
        REFUSE(&out->unspent, .what = REF_UNSPENT_DICE, .player = (signed char)p, .n = {left});
        engine_unspent_values(s, &out->unspent);
    }
    feed(s, p, h);
    out->nmarket = s->turn.nmarket;
    for (int k = 0; k < s->turn.nmarket; k++) {
        engine_clear(&out->market_why[k]);
        out->market_applied[k] = market(s, p, &s->turn.market[k], h, &out->market_why[k]) == 0;
    }
    /* Values written into the reserve this turn become spendable from the next turn (A11). */
    for (int k = 0; k < s->gd->reserve_slots; k++)
        if (s->p[p].reserve[k].state == SLOT_NEW)
            s->p[p].reserve[k].state = SLOT_AVAILABLE;
    s->turn.player = -1;
    s->turns_done++;
    return 0;
}

int engine_turn_end_whole(const struct turn_end *te)
{
    if (te->unspent.rule != RULE_NONE)
        return 0;
    for (int k = 0; k < te->nmarket; k++)
        if (!te->market_applied[k])
            return 0;
    return 1;
}

int engine_end_turn_complete(struct game_state *s)
{
    struct turn_end te;
    return engine_end_turn(s, NULL, &te, NULL) == 0 && engine_turn_end_whole(&te) ? 0 : -1;
}

int engine_move_keeps_turn(const struct game_state *s, const struct move *m)
{
    struct game_state t = *s;
    if (engine_apply(&t, m, NULL, NULL) != 0)
        return 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        if (!t.turn.dice[i].spent)
            return 1;
    struct turn_end te;
    if (engine_end_turn(&t, NULL, &te, NULL) != 0)
        return 0;
    for (int k = 0; k < te.nmarket; k++)
        if (!te.market_applied[k])
            return 0;
    return 1;
}
