/* The end of a turn: the unspent-dice check, feeding with starvation (rule b4) and the queued
 * market conversions (rule b5). */
#include <stdio.h>
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
    if (!engine_perk(s, p, PERK_MARKET)) {
        int item = engine_item_with_perk(gd, PERK_MARKET);
        return engine_refuse(why, "market", "%s has no %s to convert %d %s into %s", s->cfg.names[p],
                             item >= 0 ? gd->items[item].id : "market", o->amount, gd->assets[from].id,
                             gd->assets[o->to].id);
    }
    if (ps->asset[from] < o->amount)
        return engine_refuse(why, "market", "%s cannot convert %d %s into %s: has %d %s after feeding",
                             s->cfg.names[p], o->amount, gd->assets[from].id, gd->assets[o->to].id,
                             ps->asset[from], gd->assets[from].id);
    if (ps->asset[o->to] + o->amount > gd->asset_cap)
        return engine_refuse(why, "max", "%s cannot convert %d %s into %s: %s would be %d, above %d",
                             s->cfg.names[p], o->amount, gd->assets[from].id, gd->assets[o->to].id,
                             gd->assets[o->to].id, ps->asset[o->to] + o->amount, gd->asset_cap);
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
        char list[64];
        engine_unspent_text(s, list, sizeof list);
        engine_refuse(&out->unspent, "unspent-dice", "%s left %d %s unspent (%s): all four dice of a turn "
                      "must be spent", s->cfg.names[p], left, left == 1 ? "die" : "dice", list);
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
