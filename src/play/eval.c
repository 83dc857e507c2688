/* The evaluation: a weighted sum, every weight in VP for one unit. The weights were set by
 * playing greedy bots against each other (docs/balance.md says how). */
#include "play/eval.h"

static const struct weights {
    double food, supply, food_short;    /* per unit in hand; per unit the next feeding lacks */
    double produce;                     /* per unit of food a round's farms make, per round left */
    double bonus;                       /* per unit of a location bonus, per round it is reached */
    double item;                        /* share of an item's VP at full progress */
    double has_missing;                 /* progress of a requirement on an item not owned */
    double reserve;                     /* per reserve die available */
    double pow;                         /* per POW, per king war left (multiplayer) */
    double objective;                   /* solo: share of the objective bonus at full progress */
} W = {
    .food = 0.30, .supply = 0.40, .food_short = 2.0,
    .produce = 0.30, .bonus = 0.30,
    .item = 0.45, .has_missing = 0.25,
    .reserve = 0.60, .pow = 0.25, .objective = 0.5,
};

double play_outcome(const struct game_state *s, int player)
{
    double v = engine_score(s, player, NULL);
    if (s->cfg.nplayers == 1 && engine_objective_achieved(s) == 1)
        v += PLAY_OBJECTIVE_BONUS;
    return v;
}

static double ratio(int have, int need)
{
    if (need <= 0 || have >= need)
        return 1.0;
    return have <= 0 ? 0.0 : (double)have / need;
}

/* How far a requirement is met, 0..1 (score requirements count as met: the score term has it). */
static double req_progress(const struct game_state *s, int p, const struct gd_req *r, int effpop)
{
    const struct player_state *ps = &s->p[p];
    switch (r->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:
        return ratio(r->asset == A_POPULATION ? effpop : ps->asset[r->asset], r->value);
    case REQ_REPUTATION_GE:
        return ratio(ps->reputation, r->value);
    case REQ_HAS:
        return engine_owns(s, p, r->item) ? 1.0 : W.has_missing;
    case REQ_SCORE_GE:
        break;
    }
    return 1.0;
}

/* How close the player is to owning item i: requirements and costs, 0..1. */
static double item_progress(const struct game_state *s, int p, const struct gd_item *it, int effpop)
{
    double pr = 1.0;
    for (int k = 0; k < it->nreq; k++)
        pr *= req_progress(s, p, &it->req[k], effpop);
    for (int k = 0; k < it->ncost; k++)
        pr *= 0.5 + 0.5 * ratio(s->p[p].asset[it->cost[k].asset], it->cost[k].amount);
    return pr;
}

static double objective_progress(const struct game_state *s, int p, int effpop)
{
    const struct gd_objective *o = &s->gd->objectives[s->cfg.objective];
    double pr = 1.0;
    for (int k = 0; k < o->nreq; k++) {
        if (o->req[k].kind == REQ_SCORE_GE)
            pr *= ratio(engine_score(s, p, NULL), o->req[k].value);
        else
            pr *= req_progress(s, p, &o->req[k], effpop);
    }
    return pr;
}

double play_eval(const struct game_state *s, int p)
{
    const struct gamedata *gd = s->gd;
    if (s->phase == PHASE_GAME_OVER)
        return play_outcome(s, p);
    const struct player_state *ps = &s->p[p];
    /* Rounds whose production is still to come, and turns still to play. */
    int produced_now = s->phase == PHASE_ROUND_OVER || s->phase == PHASE_GAME_OVER;
    int first = produced_now ? s->round + 1 : (s->round > 0 ? s->round : 1);
    int rounds = GD_ROUNDS - first + 1;
    int turn_open = s->turn.player == p;
    int turns = GD_ROUNDS - s->round;  /* this player's turns still to play, the open one included */
    if (s->phase == PHASE_ROUND &&
        (p - s->first_player + s->cfg.nplayers) % s->cfg.nplayers >= s->turns_done)
        turns++;
    double late = turns >= 3 ? 1.0 : (turns + 0.5) / 3.5;  /* resources are worth less near the end */
    double v = engine_score(s, p, NULL);
    int effpop = engine_effective_population(s, p);

    v += late * (W.food * ps->asset[A_FOOD] + W.supply * ps->asset[A_SUPPLY]);
    int need = (ps->asset[A_POPULATION] + gd->feeding_per - 1) / gd->feeding_per;
    if (turn_open && ps->asset[A_FOOD] < need)
        v -= W.food_short * (need - ps->asset[A_FOOD]);
    for (int a = 0; a < ASSET_COUNT; a++)
        if (gd->assets[a].produce.value > 0)
            v += W.produce * (ps->asset[a] / gd->assets[a].produce.value) * rounds * late;
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *loc = &gd->locations[l];
        int amount = loc->bonus_amount[0];
        if (loc->nbonus > 1 && loc->bonus_amount[1] > amount)
            amount = loc->bonus_amount[1];
        for (int r = first; r <= GD_ROUNDS; r++)
            if (ps->influence[l] >= loc->min[r - 1])
                v += W.bonus * amount * late;
    }
    if (turns > 0) {
        for (int i = 0; i < gd->nitems; i++) {
            const struct gd_item *it = &gd->items[i];
            if (engine_owns(s, p, i) || it->vp.value <= 0)
                continue;
            double pr = item_progress(s, p, it, effpop);
            v += W.item * it->vp.value * pr * pr * late;
        }
        int avail = 0;
        for (int k = 0; k < gd->reserve_slots; k++)
            avail += ps->reserve[k].state == SLOT_AVAILABLE || ps->reserve[k].state == SLOT_NEW;
        v += W.reserve * (avail < turns ? avail : turns) * late;
        if (s->cfg.nplayers > 1)
            v += W.pow * engine_pow_base(s, p) * (rounds < 3 ? rounds : 3);
    }
    if (s->cfg.nplayers == 1 && s->cfg.objective >= 0) {
        double pr = objective_progress(s, p, effpop);
        v += W.objective * PLAY_OBJECTIVE_BONUS * pr * pr;
    }
    return v;
}
