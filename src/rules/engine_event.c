/* The global events at the start of a round, the outlaws' attack with its bonus rolls, and the
 * shared dice. */
#include <string.h>
#include "rules/engine_internal.h"

int engine_bonus_rolls_due(const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    int n = 0;
    for (int k = 0; k < gd->nbonus_rolls; k++)
        n += s->p[player].asset[gd->bonus_roll_asset[k]] >= gd->bonus_roll_min[k];
    return n;
}

/* The famine takes no population from a town with the granary's perk a (A50). */
static int keeps_population(const struct game_state *s, int p, int event, int asset)
{
    return event == E_FAMINE && asset == A_POPULATION && engine_perk(s, p, PERK_FAMINE_KEEPS_POPULATION);
}

static void hit_town(struct game_state *s, int p, const struct gd_event *ev, int event, struct history *h)
{
    int *a = s->p[p].asset;
    if (event == E_FAMINE && s->cfg.famine_halves_farms) {
        history_note(h, event, 0);
        engine_set_asset(s, p, A_FARMS, a[A_FARMS] / 2, CAUSE_EVENT, 0, h);     /* A22 variant */
    }
    for (int k = 0; k < ev->neff; k++) {
        const struct gd_effect *e = &ev->eff[k];
        if ((e->kind == EFF_HALVE || e->kind == EFF_LOSE || e->kind == EFF_ZERO) &&
            (engine_never_lost(s->gd, e->asset) || keeps_population(s, p, event, e->asset)))
            continue;   /* A57: mercenaries are never lost */
        switch (e->kind) {
        case EFF_HALVE:
            history_note(h, event, 0);
            engine_set_asset(s, p, e->asset, a[e->asset] / 2, CAUSE_EVENT, 0, h);
            break;
        case EFF_LOSE:
            history_note(h, event, 0);
            engine_set_asset(s, p, e->asset, a[e->asset] - e->amount, CAUSE_EVENT, 0, h);
            break;
        case EFF_ZERO:
            history_note(h, event, 0);
            engine_set_asset(s, p, e->asset, 0, CAUSE_EVENT, 0, h);
            break;
        case EFF_NO_FARM_PRODUCTION:
        case EFF_BAN_PEOPLE:
            break;
        }
    }
    engine_clamp(s, p, h);
}

void engine_event_resolve(struct game_state *s, const struct bonus_rolls r[], struct history *h)
{
    const struct gd_event *ev = &s->gd->events[s->event];
    for (int k = 0; k < ev->neff; k++) {
        if (ev->eff[k].kind == EFF_NO_FARM_PRODUCTION)
            s->no_farm_production = 1;
        if (ev->eff[k].kind == EFF_BAN_PEOPLE)
            s->ban_people = 1;
    }
    for (int p = 0; p < s->cfg.nplayers; p++) {
        struct player_state *ps = &s->p[p];
        if (ev->pow_below_per_round > 0) {
            /* A26: POW with infrastructures and the bonus rolls, against per_round * round. */
            int pow = engine_pow_full(s, p);
            ps->outlaws_nrolls = r ? r[p].nrolls : 0;
            for (int i = 0; i < ps->outlaws_nrolls; i++) {
                ps->outlaws_rolls[i] = r[p].rolls[i];
                pow += r[p].rolls[i];
            }
            ps->outlaws_hit = pow < ev->pow_below_per_round * s->round;
            if (!ps->outlaws_hit)
                continue;
        }
        hit_town(s, p, ev, s->event, h);
    }
    s->outlaws_pending = 0;
}

int engine_begin_round(struct game_state *s, int round, struct history *h, struct refusal *why)
{
    engine_clear(why);
    if (s->phase == PHASE_ROUND)
        return REFUSE(why, .what = REF_ROUND_NOT_ENDED, .n = {s->round});
    if (s->phase == PHASE_GAME_OVER)
        return REFUSE(why, .what = REF_GAME_OVER);
    if (round != s->round + 1)
        return REFUSE(why, .what = REF_ROUND_EXPECTED, .n = {s->round + 1, round});
    s->phase = PHASE_ROUND;
    s->round = round;
    s->turns_done = 0;
    s->shared_set = 0;
    s->shared[0] = s->shared[1] = 0;
    s->outlaws_pending = 0;
    s->ban_people = 0;
    s->no_farm_production = 0;
    s->war_done = 0;
    s->turn.player = -1;
    for (int p = 0; p < s->cfg.nplayers; p++) {
        struct player_state *ps = &s->p[p];
        for (int l = 0; l < LOCATION_COUNT; l++)
            ps->collect[l] = -1;
        ps->outlaws_nrolls = ps->outlaws_hit = 0;
        ps->war_support = ps->war_pow = 0;
    }
    s->event = s->cfg.events[round];
    if (s->event < 0)
        return 0;
    if (s->gd->events[s->event].pow_below_per_round > 0)
        for (int p = 0; p < s->cfg.nplayers; p++)
            if (engine_bonus_rolls_due(s, p) > 0)
                s->outlaws_pending = 1;
    if (!s->outlaws_pending)
        engine_event_resolve(s, NULL, h);
    return 0;
}

int engine_outlaws_needs_rolls(const struct game_state *s, int player)
{
    if (!s->outlaws_pending || player < 0 || player >= s->cfg.nplayers)
        return 0;
    return engine_bonus_rolls_due(s, player);
}

int engine_outlaws_resolve(struct game_state *s, const struct bonus_rolls r[], struct history *h,
                           struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND || !s->outlaws_pending)
        return REFUSE(why, .what = REF_NO_OUTLAWS);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        int due = engine_bonus_rolls_due(s, p);
        if (r[p].nrolls != due)
            return REFUSE(why, .what = REF_OUTLAWS_ROLLS, .player = (signed char)p,
                          .n = {due, r[p].nrolls});
        for (int i = 0; i < due; i++)
            if (r[p].rolls[i] < 1 || r[p].rolls[i] > 6)
                return REFUSE(why, .what = REF_BONUS_ROLL_RANGE, .player = (signed char)p,
                              .n = {r[p].rolls[i]});
    }
    engine_event_resolve(s, r, h);
    return 0;
}

int engine_outlaws_resolve_unrolled(struct game_state *s, struct history *h, struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND || !s->outlaws_pending)
        return REFUSE(why, .what = REF_NO_OUTLAWS);
    engine_event_resolve(s, NULL, h);
    return 0;
}

int engine_set_shared(struct game_state *s, int d1, int d2, struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND)
        return REFUSE(why, .what = REF_NO_ROUND);
    if (s->shared_set)
        return REFUSE(why, .what = REF_SHARED_SET, .n = {s->round, s->shared[0], s->shared[1]});
    if (s->turns_done > 0 || s->turn.player >= 0)
        return REFUSE(why, .what = REF_SHARED_LATE);
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return REFUSE(why, .what = REF_SHARED_RANGE, .n = {d1, d2});
    if (d1 == d2)
        return REFUSE(why, .what = REF_SHARED_EQUAL, .n = {d1});
    s->shared[0] = d1;
    s->shared[1] = d2;
    s->shared_set = 1;
    return 0;
}
