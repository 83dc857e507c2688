/* The advisor's candidates and their rollouts. */
#include "advisor/advice.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "audit/replay.h"
#include "log/write.h"
#include "advisor/advice_exact.h"
#include "advisor/advice_outcome.h"
#include "advisor/advice_words.h"
#include "bots/drive.h"
#include "bots/eval.h"
#include "bots/rng.h"

/* A candidate: the choice, and the state to play out from (the choice applied, except for a
 * war choice, whose bonus rolls are drawn in each rollout). */
struct cand {
    struct advice_choice choice;
    struct game_state after;
    int played;
};

struct cands {
    struct cand *v;
    size_t n, cap;
};

static struct cand *cand_push(struct cands *cs)
{
    xgrow((void **)&cs->v, &cs->cap, cs->n + 1, sizeof *cs->v);
    struct cand *c = &cs->v[cs->n++];
    memset(c, 0, sizeof *c);
    return c;
}

enum rank_goal advice_default_goal(const struct game_state *s)
{
    if (s->cfg.nplayers > 1)
        return RANK_GOAL_WIN;
    return s->cfg.objective >= 0 ? RANK_GOAL_OBJECTIVE : RANK_GOAL_SCORE;
}

/* ---- turn plans -------------------------------------------------------------------------- */

static int uses_reroll(const struct play_plan *plan)
{
    for (int k = 0; k < plan->nmoves; k++)
        if (plan->move[k].kind == MOVE_COURT_REROLL)
            return 1;
    return 0;
}

/* The position a turn leads to: s with its turn ended (feeding, the market queued). */
static void turn_ended(const struct game_state *s, struct game_state *out)
{
    *out = *s;
    if (out->turn.player >= 0)
        engine_end_turn(out, NULL, NULL, NULL);
}

/* Whether two states with the turn of `player` ended are the same position. */
static int same_position(const struct game_state *x, const struct game_state *y, int player)
{
    return x->phase == y->phase && x->turns_done == y->turns_done &&
           memcmp(x->shared, y->shared, sizeof x->shared) == 0 &&
           memcmp(&x->p[player], &y->p[player], sizeof x->p[player]) == 0;
}

/* Adds plan as a candidate unless the engine refuses it or it reaches the position of an
 * earlier candidate (from `first` on; ends[] holds their positions). Returns 1 when added. */
static int add_plan(const struct advice_position *pos, const struct play_plan *plan, struct cands *cs,
                    size_t first, struct game_state *ends)
{
    struct cand *c = cand_push(cs);
    c->choice.kind = ADVICE_TURN;
    c->choice.plan = *plan;
    c->after = *pos->s;
    size_t i = cs->n - 1 - first;
    if (play_plan_apply(&c->after, plan, NULL) != 0) {
        cs->n--;        /* cannot happen: the plan came from the engine's moves */
        return 0;
    }
    turn_ended(&c->after, &ends[i]);
    for (size_t j = 0; j < i; j++)
        if (same_position(&ends[j], &ends[i], pos->player)) {
            cs->n--;
            return 0;
        }
    return 1;
}

/* The screen's lists (advice.h): the best plans by each key, best first. */
#define SCREEN_EVAL 16          /* by the bots' evaluation after the turn */
#define SCREEN_SCORE 4          /* by the score after the turn */
#define SCREEN_OBJECTIVE 4      /* the objective achieved after the turn, by score */
#define SCREEN_LAST 16          /* the game's last round: by the value after the turn (advice_exact.h) */
#define SCREEN_MAX 16

struct pick {
    double key;
    struct play_plan plan;
};

struct top {
    struct pick v[SCREEN_MAX];
    int n, cap;
};

/* Offers a plan to a list; the first of equal keys stays first. */
static void top_offer(struct top *t, double key, const struct play_plan *plan)
{
    if (t->n == t->cap && !(key > t->v[t->n - 1].key))
        return;
    int i = t->n < t->cap ? t->n++ : t->n - 1;
    while (i > 0 && key > t->v[i - 1].key) {
        t->v[i] = t->v[i - 1];
        i--;
    }
    t->v[i].key = key;
    t->v[i].plan = *plan;
}

struct screen {
    const struct advice_position *pos;
    const struct advice_options *o;
    enum rank_goal goal;
    size_t plans;               /* complete plans with their market choices */
    struct top by_eval, by_score, by_objective;
};

/* Keys one plan (the dice's uses then at most one market conversion) after the turn's end.
 * A plan after which a market conversion the turn queued (this plan's, or a line the log
 * already holds) would be refused at the turn's end is no plan: the log would not replay. */
static void screen_one(struct screen *sc, const struct game_state *after, const struct play_plan *plan)
{
    int p = sc->pos->player;
    struct game_state t = *after;
    if (engine_end_turn_complete(&t) != 0)
        return;
    sc->plans++;
    int score = engine_score(&t, p, NULL);
    top_offer(&sc->by_eval, play_eval(&t, p), plan);
    top_offer(&sc->by_score, score, plan);
    if (engine_objective_achieved(&t) == 1)
        top_offer(&sc->by_objective, score, plan);
}

/* play_plans_visit's callback: the plan without a market conversion, then with each one. */
static int screen_plan(void *ctx, const struct play_plan *plan, const struct game_state *after)
{
    struct screen *sc = ctx;
    if (uses_reroll(plan))
        return 0;
    screen_one(sc, after, plan);
    struct move market[64];
    size_t n = play_market_choices(after, market, 64);
    for (size_t k = 0; k < n && k < 64; k++) {
        struct game_state t = *after;
        struct play_plan with = *plan;
        if (engine_apply(&t, &market[k], NULL, NULL) != 0)
            continue;
        play_plan_push(&with, &market[k]);
        screen_one(sc, &t, &with);
    }
    return 0;
}

static void add_top(const struct advice_position *pos, const struct top *t, struct cands *cs, size_t first,
                    struct game_state *ends)
{
    for (int k = 0; k < t->n; k++)
        add_plan(pos, &t->v[k].plan, cs, first, ends);
}

/* The last round's candidates (advice_exact.h): the best plans by their value after the turn
 * (exact, or the expected final score after one continuation when later seats still play);
 * vals[] gets their values. Returns 0, or -1 when the engine refused a step of the rest. */
static int last_cands(const struct advice_position *pos, const struct advice_options *o, enum rank_goal goal,
                      struct cands *cs, struct advice *out, struct advice_exact_value *vals)
{
    struct advice_exact *x = xcalloc(1, sizeof *x);
    int threads = o->rank.threads > 0 ? o->rank.threads : 1;
    if (advice_exact_solve(pos->s, goal, &o->bot, o->rank.seed, threads, SCREEN_LAST, x) != 0) {
        free(x);
        return -1;
    }
    out->plans_legal = x->plans;
    out->plans_screened = x->ends;
    out->plans_cut = 0;
    out->exact = x->exact;
    out->plans_bounded = !x->exact;
    out->reroll_open = x->rerolls_open > 0;
    size_t first = cs->n;
    struct game_state *ends = xcalloc(ADVICE_EXACT_MAX + 12, sizeof *ends);
    for (int k = 0; k < x->nbest; k++) {
        /* A re-roll is no plan to write before its result is rolled: the report tells it apart. */
        if (x->best[k].reroll) {
            if (!out->reroll)
                out->reroll_best = x->best[k];
            out->reroll = 1;
        } else if (add_plan(pos, &x->best[k].plan, cs, first, ends)) {
            vals[cs->n - 1 - first] = x->best[k].v;
        }
    }
    free(ends);
    free(x);
    return 0;
}

/* The turn's candidates (advice.h): every distinct plan screened, the best of each list kept,
 * at most one per position reached. Returns 0, or -1 when a play-out failed. */
static int turn_cands(const struct advice_position *pos, const struct advice_options *o, enum rank_goal goal,
                      struct cands *cs, struct advice *out)
{
    struct screen *sc = xcalloc(1, sizeof *sc);
    sc->pos = pos;
    sc->o = o;
    sc->goal = goal;
    sc->by_eval.cap = SCREEN_EVAL;
    sc->by_score.cap = SCREEN_SCORE;
    sc->by_objective.cap = SCREEN_OBJECTIVE;
    struct play_plans_stats st;
    size_t nodes = o->screen_nodes ? o->screen_nodes : ADVICE_SCREEN_NODES;
    out->plans_legal = play_plans_visit(pos->s, nodes, screen_plan, sc, &st);
    out->plans_screened = sc->plans;
    out->plans_cut = st.truncated;
    size_t first = cs->n;
    struct game_state *ends = xcalloc(SCREEN_EVAL + SCREEN_SCORE + SCREEN_OBJECTIVE, sizeof *ends);
    add_top(pos, &sc->by_objective, cs, first, ends);
    add_top(pos, &sc->by_score, cs, first, ends);
    add_top(pos, &sc->by_eval, cs, first, ends);
    free(ends);
    free(sc);
    return 0;
}

/* The exact ranking of the last turn (advice_exact.h): the candidates in their order, their
 * values with intervals of no width, no rollout. */
static void exact_ranked(const struct cands *cs, const struct advice_exact_value *vals, struct advice *out)
{
    out->ranked = xcalloc(cs->n, sizeof *out->ranked);
    out->n = cs->n;
    out->summary.stop = RANK_SEPARATED;
    for (size_t k = 0; k < cs->n; k++) {
        struct advice_ranked *a = &out->ranked[k];
        const struct advice_exact_value *v = &vals[k];
        a->choice = cs->v[k].choice;
        a->r.candidate = k;
        a->r.score = (struct estimate){1, v->score, 0, 0, v->score, v->score};
        a->r.win = (struct estimate){1, v->win, 0, 0, v->win, v->win};
        a->r.objective = (struct estimate){1, v->objective, 0, 0, v->objective, v->objective};
        a->r.goal = (struct estimate){1, v->goal, 0, 0, v->goal, v->goal};
        double d = v->score - vals[0].score;
        a->r.vs_best = (struct estimate){1, d, 0, 0, d, d};
        for (int p = 0; p < XII_MAX_PLAYERS; p++)
            a->r.seat[p] = (struct estimate){1, v->seat[p], 0, 0, v->seat[p], v->seat[p]};
    }
}

/* ---- war and collect ----------------------------------------------------------------------- */

static void war_cands(const struct advice_position *pos, struct cands *cs)
{
    int can = engine_war_can_support(pos->s, pos->player);
    for (int support = 1; support >= 0; support--) {
        if (support && !can)
            continue;
        struct cand *c = cand_push(cs);
        c->choice.kind = ADVICE_WAR;
        c->choice.support = support;
        c->after = *pos->s;
    }
}

/* Applies a collect choice to a copy of s; returns -1 when the engine refuses it. */
static int apply_collect(const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                         struct game_state *out)
{
    *out = *s;
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (choice[l] >= 0 && engine_collect(out, player, l, choice[l], NULL) != 0)
            return -1;
    return 0;
}

static void collect_cands(const struct advice_position *pos, struct cands *cs)
{
    const struct gamedata *gd = pos->s->gd;
    int owed[LOCATION_COUNT], nowed = 0, combos = 1;
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (pos->collect >> l & 1u) {
            owed[nowed++] = l;
            combos *= gd->locations[l].nbonus;
        }
    for (int k = 0; k < combos; k++) {
        struct advice_choice ch;
        memset(&ch, 0, sizeof ch);
        ch.kind = ADVICE_COLLECT;
        for (int l = 0; l < LOCATION_COUNT; l++)
            ch.collect[l] = -1;
        int x = k;
        for (int i = nowed - 1; i >= 0; i--) {
            int nb = gd->locations[owed[i]].nbonus;
            ch.collect[owed[i]] = x % nb;
            x /= nb;
        }
        struct game_state t;
        if (apply_collect(pos->s, pos->player, ch.collect, &t) != 0)
            continue;
        struct cand *c = cand_push(cs);
        c->choice = ch;
        c->after = t;
    }
}

/* ---- the played move ------------------------------------------------------------------------ */

/* Whether two states reached by a turn of `player` are the same position. */
static int same_turn_result(const struct game_state *a, const struct game_state *b, int player)
{
    struct game_state x, y;
    turn_ended(a, &x);
    turn_ended(b, &y);
    return same_position(&x, &y, player);
}

static int same_choice(const struct advice_choice *a, const struct advice_choice *b)
{
    if (a->kind == ADVICE_WAR)
        return a->support == b->support;
    return memcmp(a->collect, b->collect, sizeof a->collect) == 0;
}

/* Marks the candidate that is the played move, or adds it. Returns -1 when it cannot be
 * played. */
static int add_played(const struct advice_position *pos, const struct advice_played *pl, struct cands *cs)
{
    for (size_t k = 0; k < cs->n; k++) {
        struct cand *c = &cs->v[k];
        int same = pos->kind == ADVICE_TURN ? same_turn_result(&c->after, pl->after, pos->player)
                                            : same_choice(&c->choice, &pl->choice);
        if (same) {
            c->played = 1;
            if (pos->kind == ADVICE_TURN)
                c->after = *pl->after;
            return 0;
        }
    }
    struct cand *c = cand_push(cs);
    c->played = 1;
    c->choice = pl->choice;
    if (pos->kind == ADVICE_TURN) {
        c->choice.kind = ADVICE_TURN;
        c->after = *pl->after;
    } else if (pos->kind == ADVICE_COLLECT) {
        if (apply_collect(pos->s, pos->player, pl->choice.collect, &c->after) != 0)
            return -1;
    } else {
        c->after = *pos->s;
    }
    return 0;
}

/* ---- rollouts -------------------------------------------------------------------------------- */

struct job {
    const struct advice_position *pos;
    const struct advice_options *o;
    const struct cand *v;
};

/* The king war with the candidate's choice for the player; the others' entries as played, or
 * the bot's; every bonus roll of a choice not played is drawn from the rollout's dice. */
static int play_war(const struct job *j, const struct cand *c, struct game_state *t, uint64_t seed,
                    struct play_rng *rng)
{
    const struct game_state *s = j->pos->s;
    struct war_entry e[XII_MAX_PLAYERS];
    memset(e, 0, sizeof e);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (p != j->pos->player && j->pos->war_played) {
            e[p] = j->pos->war_played[p];
            continue;
        }
        e[p].support = p == j->pos->player ? c->choice.support : play_bot_war(&j->o->bot, s, p, rng);
        e[p].nrolls = e[p].support ? engine_bonus_rolls_due(s, p) : 0;
        for (int i = 0; i < e[p].nrolls; i++)
            e[p].rolls[i] = play_dice_roll(seed, s->round, PLAY_DICE_WAR, p, i);
    }
    return engine_war(t, e, NULL, NULL);
}

int advice_play_out(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                    struct rank_outcome *out)
{
    struct game_state t = *s;
    struct play_seat seat = play_bot_seat(bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, seed);
    if (play_drive(&t, &d) != 0)
        return -1;
    advice_outcome(&t, out);
    return 0;
}

static int rollout(void *ctx, size_t k, uint64_t seed, struct rank_outcome *out)
{
    const struct job *j = ctx;
    const struct cand *c = &j->v[k];
    struct game_state t = c->after;
    struct play_seat seat = play_bot_seat(&j->o->bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, seed);
    if (c->choice.kind == ADVICE_WAR && play_war(j, c, &t, seed, &d.rng) != 0)
        return -1;
    /* A turn plan is the whole turn: it ends here, so the bot adds no reserve die to it. */
    if (t.turn.player >= 0 && engine_end_turn(&t, NULL, NULL, NULL) != 0)
        return -1;
    if (play_drive(&t, &d) != 0)
        return -1;
    advice_outcome(&t, out);
    return 0;
}

/* The fresh rollouts of the plans shown (ADVICE_FRESH_ORDERED, rank_fresh): ranked[] then
 * starts with them in their new order, their estimates fresh. Returns 0, or -1 when a rollout
 * failed. */
static int fresh(const struct advice_options *o, const struct rank_options *race, struct job *j, struct advice *out)
{
    struct rank_result *was = xcalloc(out->n, sizeof *was), *r = xcalloc(out->n, sizeof *r);
    for (size_t k = 0; k < out->n; k++)
        was[k] = out->ranked[k].r;
    struct rank_options ro = *race;
    size_t half = out->ranked[0].r.rollouts / 2;
    ro.max_rollouts = half < ADVICE_FRESH_MAX ? half : ADVICE_FRESH_MAX;
    ro.sort_first = ADVICE_FRESH_ORDERED;
    struct rank_summary sum;
    size_t m;
    int rc = rank_fresh(rollout, j, &ro, was, out->n, o->shown > ADVICE_FRESH_ORDERED ? o->shown : ADVICE_FRESH_ORDERED,
                        r, &m, &sum);
    if (rc == 0) {
        rank_fresh_reorder(out->ranked, sizeof *out->ranked, was, out->n, r, m);
        for (size_t k = 0; k < m; k++)
            out->ranked[k].r = r[k];
        out->fresh_plans = m;
        out->fresh_rollouts = m ? r[0].rollouts : 0;
        out->fresh_reordered = m && r[0].candidate != was[0].candidate;
        out->summary.rollouts += sum.rollouts;
    }
    free(r);
    free(was);
    return rc;
}

int advice_rank(const struct advice_position *pos, const struct advice_played *played,
                const struct advice_options *o, struct advice *out, struct strbuf *err)
{
    memset(out, 0, sizeof *out);
    out->kind = pos->kind;
    out->player = pos->player;
    out->round = pos->s->round;
    struct cands cs = {0};
    enum rank_goal goal = o->goal < 0 ? advice_default_goal(pos->s) : (enum rank_goal)o->goal;
    out->goal = goal;
    if (goal == RANK_GOAL_OBJECTIVE && (pos->s->cfg.nplayers > 1 || pos->s->cfg.objective < 0)) {
        strbuf_puts(err, "the game has no solo objective to rank the moves by");
        return -1;
    }
    struct advice_exact_value vals[ADVICE_EXACT_MAX];
    if (pos->kind == ADVICE_TURN && pos->s->round == GD_ROUNDS) {
        if (last_cands(pos, o, goal, &cs, out, vals) != 0) {
            strbuf_puts(err, "the engine refused a step of the last round's rest");
            free(cs.v);
            return -1;
        }
        if (out->exact && !played && cs.n > 0) {
            exact_ranked(&cs, vals, out);
            free(cs.v);
            return 0;
        }
    } else if (pos->kind == ADVICE_TURN) {
        if (turn_cands(pos, o, goal, &cs, out) != 0) {
            strbuf_puts(err, "a rollout failed: the engine refused a bot's move");
            free(cs.v);
            return -1;
        }
    } else if (pos->kind == ADVICE_WAR)
        war_cands(pos, &cs);
    else
        collect_cands(pos, &cs);
    if (played && add_played(pos, played, &cs) != 0) {
        strbuf_puts(err, "the move played cannot be replayed");
        free(cs.v);
        return -1;
    }
    if (cs.n == 0) {
        strbuf_puts(err, "no legal move was found");
        free(cs.v);
        return -1;
    }
    struct rank_options ro = o->rank;
    ro.player = pos->player;
    ro.nplayers = pos->s->cfg.nplayers;
    ro.goal = goal;
    ro.protect = -1;
    for (size_t k = 0; k < cs.n; k++)
        if (cs.v[k].played)
            ro.protect = (long)k;
    struct rank_result *r = xcalloc(cs.n, sizeof *r);
    struct job j = {pos, o, cs.v};
    if (rank_run(cs.n, rollout, &j, &ro, r, &out->summary) != 0) {
        strbuf_puts(err, "a rollout failed: the engine refused a bot's move");
        free(r);
        free(cs.v);
        return -1;
    }
    out->ranked = xcalloc(cs.n, sizeof *out->ranked);
    out->n = cs.n;
    for (size_t k = 0; k < cs.n; k++) {
        out->ranked[k].choice = cs.v[r[k].candidate].choice;
        out->ranked[k].played = cs.v[r[k].candidate].played;
        out->ranked[k].r = r[k];
    }
    free(r);
    if (o->shown > 0 && fresh(o, &ro, &j, out) != 0) {
        strbuf_puts(err, "a rollout failed: the engine refused a bot's move");
        advice_free(out);
        free(cs.v);
        return -1;
    }
    free(cs.v);
    return 0;
}

/* The candidate of a choice: its state to play out from. Returns -1 when it cannot be played. */
static int cand_of(const struct advice_position *pos, const struct advice_choice *ch,
                   const struct game_state *after, struct cand *c)
{
    memset(c, 0, sizeof *c);
    c->choice = *ch;
    if (ch->kind == ADVICE_COLLECT)
        return apply_collect(pos->s, pos->player, ch->collect, &c->after);
    c->after = *pos->s;
    if (ch->kind != ADVICE_TURN)
        return 0;
    if (after) {
        c->after = *after;
        return 0;
    }
    return play_plan_apply(&c->after, &ch->plan, NULL);
}

int advice_cost(const struct advice_position *pos, const struct advice_choice *best,
                const struct advice_played *played, const struct advice_options *o, uint64_t seed,
                size_t rollouts, struct estimate *cost, struct strbuf *err)
{
    struct cand v[2];
    if (cand_of(pos, best, NULL, &v[0]) != 0 ||
        cand_of(pos, &played->choice, pos->kind == ADVICE_TURN ? played->after : NULL, &v[1]) != 0) {
        strbuf_puts(err, "the move played cannot be replayed");
        return -1;
    }
    struct rank_options ro = o->rank;
    ro.first_rollouts = ro.max_rollouts = rollouts;
    ro.race = 0;
    ro.halving = 0;
    ro.precision = 0;
    ro.seconds = 0;
    ro.protect = -1;
    ro.seed = seed;
    enum rank_goal goal = o->goal < 0 ? advice_default_goal(pos->s) : (enum rank_goal)o->goal;
    ro.goal = goal;
    ro.player = pos->player;
    ro.nplayers = pos->s->cfg.nplayers;
    struct rank_result r[2];
    struct job j = {pos, o, v};
    if (rank_run(2, rollout, &j, &ro, r, NULL) != 0) {
        strbuf_puts(err, "a rollout failed: the engine refused a bot's move");
        return -1;
    }
    const struct rank_result *b = r[0].candidate == 0 ? &r[0] : &r[1], *p = r[0].candidate == 0 ? &r[1] : &r[0];
    if (goal != RANK_GOAL_SCORE) {
        /* A chance, in points of percentage: the difference of the two proportions, its
         * interval from their standard errors as if independent (wider than paired). */
        const struct estimate *x = goal == RANK_GOAL_WIN ? &b->win : &b->objective;
        const struct estimate *y = goal == RANK_GOAL_WIN ? &p->win : &p->objective;
        memset(cost, 0, sizeof *cost);
        cost->n = x->n < y->n ? x->n : y->n;
        cost->mean = 100 * (x->mean - y->mean) + 0.0;
        cost->se = 100 * sqrt(x->se * x->se + y->se * y->se);
        cost->sd = cost->se * sqrt((double)cost->n);
        cost->low = cost->mean - 1.96 * cost->se;
        cost->high = cost->mean + 1.96 * cost->se;
        return 0;
    }
    /* r[1].vs_best: the second minus the first, whichever the ranking put first; the cost is
     * the best (candidate 0) minus the played. */
    *cost = r[1].vs_best;
    if (r[0].candidate == 0) {
        double low = cost->low;
        cost->low = -cost->high;
        cost->high = -low;
        cost->mean = -cost->mean;
    }
    cost->mean += 0.0;
    return 0;
}

void advice_free(struct advice *out)
{
    if (!out)
        return;
    free(out->ranked);
    memset(out, 0, sizeof *out);
}

/* ---- lines and words ------------------------------------------------------------------------- */

static int war_rolls_due(const struct advice_position *pos, const struct advice_choice *c)
{
    if (c->kind != ADVICE_WAR || !c->support)
        return 0;
    const struct war_entry *played = pos->war_played ? &pos->war_played[pos->player] : NULL;
    return engine_bonus_rolls_due(pos->s, pos->player) - (played && played->support ? played->nrolls : 0);
}

/* The war line's entries with the choice c for the player (its bonus rolls as far as known);
 * returns whether every other entry is known. */
static int war_entries(const struct advice_position *pos, const struct advice_choice *c,
                       struct war_entry e[XII_MAX_PLAYERS])
{
    const struct game_state *s = pos->s;
    memset(e, 0, XII_MAX_PLAYERS * sizeof *e);
    int known = 1;
    for (int p = 0; p < s->cfg.nplayers; p++)
        if (p == pos->player && !(pos->war_played && pos->war_played[p].support == c->support))
            e[p].support = c->support;
        else if (pos->war_played)
            e[p] = pos->war_played[p];
        else if (engine_war_can_support(s, p))
            known = 0;
    return known;
}

void advice_lines(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out)
{
    const struct game_state *s = pos->s;
    switch (c->kind) {
    case ADVICE_TURN:
        for (int k = 0; k < c->plan.nmoves; k++)
            log_write_move(s->gd, &c->plan.move[k], out);
        break;
    case ADVICE_WAR: {
        /* The whole war line when the other entries are known (as the log played them, or
         * "avoid" for players without POW); otherwise the player's entry of it. A support
         * whose bonus dice are still to roll has no line yet: it is written with the dice
         * (advice_describe says how). */
        if (war_rolls_due(pos, c) > 0)
            break;
        struct war_entry e[XII_MAX_PLAYERS];
        if (war_entries(pos, c, e)) {
            log_write_war(s, e, out);
        } else {
            log_write_war_entry(s, pos->player, &e[pos->player], out);
            strbuf_putc(out, '\n');
        }
        break;
    }
    case ADVICE_COLLECT:
        log_write_collect(s, pos->player, c->collect, out);
        break;
    }
}

int advice_war_line_whole(const struct advice_position *pos, const struct advice_choice *c)
{
    struct war_entry e[XII_MAX_PLAYERS];
    return war_entries(pos, c, e);
}

/* Whether a plan uses a die (not only market conversions). */
static int spends_a_die(const struct play_plan *plan)
{
    for (int k = 0; k < plan->nmoves; k++)
        if (plan->move[k].kind != MOVE_MARKET)
            return 1;
    return 0;
}

void advice_describe(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out)
{
    const struct game_state *s = pos->s;
    const struct gamedata *gd = s->gd;
    switch (c->kind) {
    case ADVICE_TURN:
        if (c->plan.nmoves < 0) {
            strbuf_puts(out, "the moves as the log wrote them");
            break;
        }
        if (!spends_a_die(&c->plan))
            strbuf_puts(out, "no reserve die: the turn ends; ");
        if (advice_words_plan(s, c->plan.move, c->plan.nmoves, out) != 0)
            strbuf_puts(out, "(the engine refuses this plan)");
        break;
    case ADVICE_WAR: {
        int n = war_rolls_due(pos, c);
        if (!c->support) {
            strbuf_puts(out, "avoid the king war");
        } else if (n <= 0) {
            strbuf_puts(out, "support the king");
        } else {
            /* No line before the dice: the words say what to write once they are rolled. */
            struct war_entry e[XII_MAX_PLAYERS];
            strbuf_printf(out, "support the king: roll %s bonus di%s, then write ", n == 1 ? "the" : "your",
                          n == 1 ? "e" : "ce");
            if (war_entries(pos, c, e)) {
                struct strbuf line = STRBUF_INIT;
                log_write_war(s, e, &line);
                strbuf_putc(out, '"');
                strbuf_append(out, line.data, line.len - 1);    /* without its line feed */
                strbuf_puts(out, "\" with ");
                strbuf_free(&line);
            } else {
                strbuf_puts(out, "your entry of the war line with ");
            }
            strbuf_printf(out, "%s after \"", n == 1 ? "it" : "them");
            log_write_war_entry(s, pos->player, &e[pos->player], out);
            strbuf_puts(out, n == 2 ? "\" (the men-at-arms' die first)" : "\"");
        }
        break;
    }
    case ADVICE_COLLECT: {
        int n = 0;
        for (int l = 0; l < LOCATION_COUNT; l++) {
            if (!(pos->collect >> l & 1u))
                continue;
            const struct gd_location *loc = &gd->locations[l];
            strbuf_puts(out, n++ ? "; " : "");
            if (c->collect[l] < 0)
                strbuf_printf(out, "no bonus at the %s", loc->id);
            else
                strbuf_printf(out, "the %s's bonus as %d %s", loc->id, loc->bonus_amount[c->collect[l]],
                              gd->assets[loc->bonus_asset[c->collect[l]]].id);
        }
        break;
    }
    }
}
