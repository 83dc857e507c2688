/* The evaluation: a weighted sum, every weight in VP for one unit. The weights were tuned by
 * coordinate ascent on paired games: one greedy seat with the trial weights against the same
 * seed played with the current ones, solo and 4 players (bench/NOTES.md, "A stronger greedy"). */
#include "bots/eval.h"
#include <string.h>

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
    .food = 0.45, .supply = 0.18, .food_short = 2.0,
    .produce = 0.20, .bonus = 0.45,
    .item = 0.23, .has_missing = 0.13,
    .reserve = 0.90, .pow = 0.17, .objective = 1.0,
};

double play_outcome(const struct game_state *s, int player)
{
    double v = engine_score(s, player, NULL);
    if (s->cfg.nplayers == 1 && engine_objective_achieved(s) == 1)
        v += PLAY_OBJECTIVE_BONUS;
    return v;
}

static inline double ratio(int have, int need)
{
    if (need <= 0 || have >= need)
        return 1.0;
    return have <= 0 ? 0.0 : (double)have / need;
}

/* How far a requirement is met, 0..1 (score requirements count as met: the score term has it). */
static inline double req_progress(const struct game_state *s, int p, const struct gd_req *r, int effpop)
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

/* How far an item's requirements are met, 0..1: the first factors of item_progress. */
static inline double reqs_progress(const struct game_state *s, int p, const struct gd_item *it, int effpop)
{
    double pr = 1.0;
    for (int k = 0; k < it->nreq; k++)
        pr *= req_progress(s, p, &it->req[k], effpop);
    return pr;
}

/* reqs (reqs_progress) times how far each cost is paid: item_progress. */
static inline double costs_progress(const struct game_state *s, int p, const struct gd_item *it, double reqs)
{
    double pr = reqs;
    for (int k = 0; k < it->ncost; k++)
        pr *= 0.5 + 0.5 * ratio(s->p[p].asset[it->cost[k].asset], it->cost[k].amount);
    return pr;
}

/* How close the player is to owning item i: requirements and costs, 0..1. */
static inline double item_progress(const struct game_state *s, int p, const struct gd_item *it, int effpop)
{
    return costs_progress(s, p, it, reqs_progress(s, p, it, effpop));
}

/* How far the solo objective is met, 0..1: the mean of its requirements' squared progress
 * (an item still missing counts by how close it is), so that every step toward any of them
 * counts. */
static double objective_progress(const struct game_state *s, int p, int effpop, int score)
{
    const struct gamedata *gd = s->gd;
    const struct gd_objective *o = &gd->objectives[s->cfg.objective];
    double sum = 0;
    for (int k = 0; k < o->nreq; k++) {
        const struct gd_req *r = &o->req[k];
        double pr;
        if (r->kind == REQ_SCORE_GE)
            pr = ratio(score, r->value);
        else if (r->kind == REQ_HAS && !(s->p[p].owned >> r->item & 1u))
            pr = 0.8 * item_progress(s, p, &gd->items[r->item], effpop);
        else
            pr = req_progress(s, p, r, effpop);
        sum += pr * pr;
    }
    return o->nreq ? sum / o->nreq : 1.0;
}

static struct play_eval_timing timing(const struct game_state *s, int p)
{
    struct play_eval_timing tm;
    int produced_now = s->phase == PHASE_ROUND_OVER || s->phase == PHASE_GAME_OVER;
    tm.first = produced_now ? s->round + 1 : (s->round > 0 ? s->round : 1);
    tm.rounds = GD_ROUNDS - tm.first + 1;
    tm.turn_open = s->turn.player == p;
    tm.turns = GD_ROUNDS - s->round;
    if (s->phase == PHASE_ROUND &&
        (p - s->first_player + s->cfg.nplayers) % s->cfg.nplayers >= s->turns_done)
        tm.turns++;
    tm.late = tm.turns >= 3 ? 1.0 : (tm.turns + 0.5) / 3.5;
    return tm;
}

/* An item's share of the worth: its VP times how close it is, while turns remain. */
static inline double item_term(const struct game_state *s, int p, int i, int effpop,
                               const struct play_eval_timing *tm)
{
    const struct gd_item *it = &s->gd->items[i];
    if (tm->turns <= 0 || (s->p[p].owned >> i & 1u) || it->vp.value <= 0)
        return 0;
    double pr = item_progress(s, p, it, effpop);
    return W.item * it->vp.value * pr * pr * tm->late;
}

/* item_term of an item that may count (live in the cache) from its reqs_progress. */
static inline double item_term_reqs(const struct game_state *s, int p, int i, double reqs,
                                    const struct play_eval_timing *tm)
{
    const struct gd_item *it = &s->gd->items[i];
    if (s->p[p].owned >> i & 1u)
        return 0;
    double pr = costs_progress(s, p, it, reqs);
    return W.item * it->vp.value * pr * pr * tm->late;
}

/* The location bonuses the influence already reaches in the rounds to come. */
static double location_terms(const struct game_state *s, int p, const struct play_eval_timing *tm)
{
    const struct gamedata *gd = s->gd;
    double v = 0;
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *loc = &gd->locations[l];
        int amount = loc->bonus_amount[0];
        if (loc->nbonus > 1 && loc->bonus_amount[1] > amount)
            amount = loc->bonus_amount[1];
        for (int r = tm->first; r <= GD_ROUNDS; r++)
            if (s->p[p].influence[l] >= loc->min[r - 1])
                v += W.bonus * amount * tm->late;
    }
    return v;
}

/* POW for the king wars to come (multiplayer). */
static double pow_term(const struct game_state *s, int p, const struct play_eval_timing *tm)
{
    if (tm->turns <= 0 || s->cfg.nplayers == 1)
        return 0;
    return W.pow * engine_pow_base(s, p) * (tm->rounds < 3 ? tm->rounds : 3);
}

/* The assets that produce at the round's end, a set. */
static unsigned producing(const struct gamedata *gd)
{
    unsigned set = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        if (gd->assets[a].produce.value > 0)
            set |= 1u << a;
    return set;
}

/* The player's reserve dice available (in a slot available or new). */
static int reserve_available(const struct gamedata *gd, const struct player_state *ps)
{
    int avail = 0;
    for (int k = 0; k < gd->reserve_slots; k++)
        avail += ps->reserve[k].state == SLOT_AVAILABLE || ps->reserve[k].state == SLOT_NEW;
    return avail;
}

/* Everything but the items', the locations' and the POW terms; `produce` is producing(gd) and
 * `avail` reserve_available() of the player. */
static double other_terms(const struct game_state *s, int p, int effpop, const struct play_eval_timing *tm,
                          unsigned produce, int avail)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[p];
    int score = engine_score(s, p, NULL);
    double v = score;
    v += tm->late * (W.food * ps->asset[A_FOOD] + W.supply * ps->asset[A_SUPPLY]);
    int need = (ps->asset[A_POPULATION] + gd->feeding_per - 1) / gd->feeding_per;
    if (tm->turn_open && ps->asset[A_FOOD] < need)
        v -= W.food_short * (need - ps->asset[A_FOOD]);
    for (; produce; produce &= produce - 1) {
        int a = __builtin_ctz(produce);
        v += W.produce * (ps->asset[a] / gd->assets[a].produce.value) * tm->rounds * tm->late;
    }
    if (tm->turns > 0)
        v += W.reserve * (avail < tm->turns ? avail : tm->turns) * tm->late;
    if (s->cfg.nplayers == 1 && s->cfg.objective >= 0)
        v += W.objective * PLAY_OBJECTIVE_BONUS * objective_progress(s, p, effpop, score);
    return v;
}

double play_eval(const struct game_state *s, int p)
{
    if (s->phase == PHASE_GAME_OVER)
        return play_outcome(s, p);
    struct play_eval_timing tm = timing(s, p);
    int effpop = engine_effective_population(s, p);
    double v = other_terms(s, p, effpop, &tm, producing(s->gd), reserve_available(s->gd, &s->p[p])) +
               location_terms(s, p, &tm) + pow_term(s, p, &tm);
    for (int i = 0; i < s->gd->nitems; i++)
        v += item_term(s, p, i, effpop, &tm);
    return v;
}

void play_eval_cache_init(struct play_eval_cache *c, const struct game_state *s, int p)
{
    const struct gamedata *gd = s->gd;
    memset(c, 0, sizeof *c);
    c->player = p;
    c->round = s->round;
    c->phase = (int)s->phase;
    c->turns_done = s->turns_done;
    c->turn_player = s->turn.player;
    c->first_player = s->first_player;
    memcpy(c->asset, s->p[p].asset, sizeof c->asset);
    memcpy(c->influence, s->p[p].influence, sizeof c->influence);
    c->owned = s->p[p].owned;
    c->reputation = s->p[p].reputation;
    c->effpop = engine_effective_population(s, p);
    c->live = gd->nitems >= 32 ? ~0u : (1u << gd->nitems) - 1;
    struct play_eval_timing tm = timing(s, p);
    c->tm = tm;
    memcpy(c->reserve, s->p[p].reserve, sizeof c->reserve);
    c->produce = producing(gd);
    c->avail = reserve_available(gd, &s->p[p]);
    c->other = other_terms(s, p, c->effpop, &tm, c->produce, c->avail);
    c->locations = location_terms(s, p, &tm);
    c->pow = pow_term(s, p, &tm);
    for (int a = 0; a < ASSET_COUNT; a++)
        if (gd->assets[a].pow.value)
            c->pow_assets |= 1u << a;
    for (int i = 0; i < gd->nitems; i++) {
        const struct gd_item *it = &gd->items[i];
        uint32_t bit = 1u << i;
        c->by_owned[i] |= bit;
        if (it->pow.value)
            c->pow_items |= bit;
        for (int k = 0; k < it->nreq; k++) {
            const struct gd_req *r = &it->req[k];
            if (r->kind == REQ_HAS)
                c->by_owned[r->item] |= bit;
            else if (r->kind == REQ_REPUTATION_GE)
                c->by_reputation |= bit;
            else if (r->kind != REQ_SCORE_GE && r->asset == A_POPULATION)
                c->by_population |= bit;
            else if (r->kind != REQ_SCORE_GE)
                c->reqs_by_asset[r->asset] |= bit;
        }
        for (int k = 0; k < it->ncost; k++)
            c->by_asset[it->cost[k].asset] |= bit;
        c->item[i] = item_term(s, p, i, c->effpop, &tm);
        c->items += c->item[i];
        /* An item owned now stays owned this turn, and one without VP never counts: their
         * term stays 0, so a move that reads them need not compute it again. */
        if ((s->p[p].owned & bit) || it->vp.value <= 0 || tm.turns <= 0)
            c->live &= ~bit;
        else
            c->reqs[i] = reqs_progress(s, p, it, c->effpop);
    }
}

double play_eval_cached(const struct play_eval_cache *c, const struct game_state *s)
{
    int p = c->player;
    const struct player_state *ps = &s->p[p];
    if ((int)s->phase != c->phase || s->round != c->round || s->turns_done != c->turns_done ||
        s->turn.player != c->turn_player || s->first_player != c->first_player ||
        s->phase == PHASE_GAME_OVER)
        return play_eval(s, p);
    const struct play_eval_timing tm = c->tm;
    int effpop = engine_effective_population(s, p);
    /* redo: the items whose term may have changed; reqs: those whose requirements may have
     * (the others keep their reqs_progress). */
    uint32_t redo = 0, reqs = 0, owned = ps->owned ^ c->owned;
    unsigned changed = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        if (ps->asset[a] != c->asset[a]) {
            changed |= 1u << a;
            redo |= c->by_asset[a];
            reqs |= c->reqs_by_asset[a];
        }
    for (uint32_t o = owned; o; o &= o - 1)
        reqs |= c->by_owned[__builtin_ctz(o)];
    if (ps->reputation != c->reputation)
        reqs |= c->by_reputation;
    if (effpop != c->effpop)
        reqs |= c->by_population;
    double items = c->items;
    for (redo = (redo | reqs) & c->live; redo; redo &= redo - 1) {
        int i = __builtin_ctz(redo);
        double term = reqs >> i & 1u ? item_term(s, p, i, effpop, &tm) : item_term_reqs(s, p, i, c->reqs[i], &tm);
        items += term - c->item[i];
    }
    double loc = memcmp(ps->influence, c->influence, sizeof c->influence) ? location_terms(s, p, &tm)
                                                                         : c->locations;
    double pow = (changed & c->pow_assets) || (owned & c->pow_items) ? pow_term(s, p, &tm) : c->pow;
    /* other_terms reads the sheet but its influence: a move on a location leaves it. */
    int reserve_same = !memcmp(ps->reserve, c->reserve, sizeof c->reserve);
    double other = !changed && !owned && ps->reputation == c->reputation && reserve_same
                       ? c->other
                       : other_terms(s, p, effpop, &tm, c->produce,
                                     reserve_same ? c->avail : reserve_available(s->gd, ps));
    return other + loc + pow + items;
}
