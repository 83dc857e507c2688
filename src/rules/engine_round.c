/* The end of a round: location choices, what is still missing, production and the next first
 * player (rules a6-a8). */
#include "rules/engine_internal.h"

static int turns_over(const struct game_state *s)
{
    return s->turn.player < 0 && s->turns_done >= s->cfg.nplayers;
}

int engine_collect(struct game_state *s, int player, int location, int choice, struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND)
        return REFUSE(why, .what = REF_NO_ROUND);
    if (!turns_over(s))
        return REFUSE(why, .what = REF_COLLECT_EARLY, .n = {s->round});
    if (player < 0 || player >= s->cfg.nplayers)
        return REFUSE(why, .what = REF_COLLECT_NO_PLAYER, .n = {player + 1});
    if (location < 0 || location >= LOCATION_COUNT)
        return REFUSE(why, .what = REF_NO_LOCATION, .n = {location});
    const struct gd_location *loc = &s->gd->locations[location];
    signed char seat = (signed char)player;
    short l = (short)location;
    if (loc->nbonus < 2)
        return REFUSE(why, .what = REF_COLLECT_NO_CHOICE, .thing = l);
    if (!engine_location_qualifies(s, player, location))
        return REFUSE(why, .what = REF_COLLECT_NOT_EARNED, .player = seat, .thing = l,
                      .n = {s->round, s->p[player].influence[location], loc->min[s->round - 1]});
    if (s->p[player].collect[location] >= 0)
        return REFUSE(why, .what = REF_COLLECT_TWICE, .player = seat, .thing = l, .n = {s->round});
    if (choice < 0 || choice >= loc->nbonus)
        return REFUSE(why, .what = REF_COLLECT_CHOICE, .thing = l, .n = {loc->nbonus, choice + 1});
    s->p[player].collect[location] = choice;
    return 0;
}

int engine_round_missing(const struct game_state *s, struct round_missing *m)
{
    struct round_missing local = {0};
    if (!m)
        m = &local;
    *m = local;
    if (s->phase != PHASE_ROUND)
        return 0;
    int n = s->cfg.nplayers;
    m->shared = !s->shared_set;
    m->outlaws = s->outlaws_pending;
    m->turn_active = s->turn.player >= 0;
    m->turns_left = n - s->turns_done - m->turn_active;
    m->war = n > 1 && !s->war_done;
    int count = m->shared + m->outlaws + m->turn_active + m->turns_left + m->war;
    unsigned choice = 0;    /* the locations with a bonus to choose */
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (s->gd->locations[l].nbonus >= 2)
            choice |= 1u << l;
    for (int p = 0; choice && p < n; p++)
        for (unsigned c = choice; c; c &= c - 1) {
            int l = __builtin_ctz(c);
            if (s->p[p].collect[l] < 0 && engine_location_qualifies(s, p, l)) {
                m->collect[p] |= 1u << l;
                count++;
            }
        }
    return count;
}

/* Rule a6: farms (not in a famine round: the event's record says what they did not produce),
 * mill perk a, granary perk b, then the locations where influence >= MIN; every gain is capped
 * at the MAX (A35). */
static void produce(struct game_state *s, int p, struct history *h)
{
    const struct gamedata *gd = s->gd;
    struct player_state *ps = &s->p[p];
    for (int a = 0; a < ASSET_COUNT; a++) {
        if (gd->assets[a].produce.value <= 0)
            continue;
        int food = ps->asset[a] / gd->assets[a].produce.value;
        if (s->no_farm_production) {
            if (food > 0) {
                history_note(h, s->event, HIST_REF_ASSET(a));
                engine_record_same(h, s, p, HIST_ASSET, CAUSE_EVENT, A_FOOD, 0, ps->asset[A_FOOD]);
            }
            continue;
        }
        history_note(h, HIST_REF_ASSET(a), 0);
        engine_gain(s, p, A_FOOD, food, CAUSE_PRODUCTION, h);
    }
    const struct gd_perk *pk = engine_perk(s, p, PERK_FOOD_PER_FARMS);
    if (pk && pk->params[0] > 0) {  /* A21: the mill works in a famine round too */
        history_note(h, HIST_REF_ITEM(ps->perk_item[PERK_FOOD_PER_FARMS]), 0);
        engine_gain(s, p, A_FOOD, ps->asset[A_FARMS] / pk->params[0], CAUSE_PRODUCTION, h);
    }
    pk = engine_perk(s, p, PERK_ROUND_FOOD);
    if (pk) {
        history_note(h, HIST_REF_ITEM(ps->perk_item[PERK_ROUND_FOOD]), 0);
        engine_gain(s, p, A_FOOD, pk->params[0], CAUSE_PRODUCTION, h);
    }
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *loc = &gd->locations[l];
        if (!engine_location_qualifies(s, p, l))
            continue;
        int k = loc->nbonus == 1 ? 0 : ps->collect[l];  /* a missing choice loses the bonus */
        if (k >= 0) {
            history_note(h, l, 0);
            engine_gain(s, p, loc->bonus_asset[k], loc->bonus_amount[k], CAUSE_PRODUCTION, h);
        }
    }
}

int engine_production_source(const struct gamedata *gd, int ref, enum hist_what *what, int *index)
{
    if (ref >= 0 && ref < LOCATION_COUNT) {
        *what = HIST_INFLUENCE;
        *index = ref;
        return 0;
    }
    if (ref < 0 && -1 - ref < ASSET_COUNT) {
        *what = HIST_ASSET;
        *index = -1 - ref;
        return 0;
    }
    if (ref >= HIST_REF_ITEM(0) && ref < HIST_REF_ITEM(gd->nitems)) {
        const struct gd_item *it = &gd->items[ref - HIST_REF_ITEM(0)];
        for (int k = 0; k < it->nperks; k++)
            if (it->perks[k].id == PERK_FOOD_PER_FARMS) {   /* produce(): food per farms */
                *what = HIST_ASSET;
                *index = A_FARMS;
                return 0;
            }
    }
    return -1;
}

int engine_end_round(struct game_state *s, struct history *h, struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND)
        return REFUSE(why, .what = REF_NO_ROUND);
    if (s->turn.player >= 0)
        return REFUSE(why, .what = REF_TURN_NOT_ENDED, .player = (signed char)s->turn.player);
    if (s->outlaws_pending)
        engine_event_resolve(s, NULL, h);
    for (int p = 0; p < s->cfg.nplayers; p++)
        produce(s, p, h);
    if (s->round >= GD_ROUNDS) {
        s->phase = PHASE_GAME_OVER;
        return 0;
    }
    s->first_player = engine_round_first_seat(s->cfg.nplayers, s->round + 1);
    s->phase = PHASE_ROUND_OVER;
    return 0;
}

int engine_round_first_seat(int nplayers, int round)
{
    /* A37: the last player of a round is the first of the next, so the first seat moves back
     * by one each round. */
    return ((1 - round) % nplayers + nplayers) % nplayers;
}
