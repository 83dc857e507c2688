/* The advisor's race over the game interface: the exact solve, else the screen, the race and
 * the fresh rollouts. */
#include "advisor/grace.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "bots/gdrive.h"
#include "bots/gplayer.h"

int grace_play_out(const struct game *g, const void *state, enum gplayer p, int seat, uint64_t seed,
                   struct rank_outcome *out, struct strbuf *err)
{
    struct gscratch sc;
    gscratch_init(&sc, g);
    void *s = xmalloc(g->state_size), *d = xmalloc(g->decision_size);
    memcpy(s, state, g->state_size);
    struct play_rng dice, choice;
    play_rng_init(&dice, play_seed_derive(seed, 0));
    play_rng_init(&choice, play_seed_derive(seed, 1));
    struct strbuf why = STRBUF_INIT;
    int rc = -1;
    for (long k = 0; k < GDRIVE_MAX_DECISIONS; k++) {
        if (g->current(s) == GAME_OVER) {
            gexact_outcome(g, s, seat, out);
            rc = 0;
            break;
        }
        if (gplayer_choose(p, &sc, s, &dice, &choice, d) != 0 || g->apply(s, d, &why) != 0) {
            strbuf_printf(err, "%s refused a decision it listed as legal in a rollout (a bug): %s", g->title,
                          strbuf_cstr(&why));
            break;
        }
    }
    if (rc != 0 && err->len == 0)
        strbuf_printf(err, "%s: a rollout did not end (a bug)", g->title);
    strbuf_free(&why);
    free(s);
    free(d);
    gscratch_free(&sc);
    return rc;
}

/* The rollouts' context: candidate c is the decision at[c] of the list. */
struct job {
    const struct game *g;
    const void *state;
    const void *decisions;
    const size_t *at;
    int seat;
    enum gplayer player;
    enum rank_goal goal;
};

static int rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    const struct job *j = ctx;
    const struct game *g = j->g;
    void *s = xmalloc(g->state_size);
    memcpy(s, j->state, g->state_size);
    struct strbuf err = STRBUF_INIT;
    int rc = g->apply(s, (const char *)j->decisions + j->at[c] * g->decision_size, NULL) != 0 ? -1
             : grace_play_out(g, s, j->player, j->seat, seed, out, &err);
    strbuf_free(&err);
    free(s);
    return rc;
}

/* A decision with the game's value after it, for the screen. */
struct keyed {
    double key;
    size_t index;
};

static int by_key(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The candidates of the race: every decision, or the keep best by evaluate after it
 * (in the list's order of equal values), into at[]; returns how many. */
static size_t screen(const struct game *g, const void *state, const void *decisions, size_t n, int seat,
                     size_t keep, size_t *at)
{
    if (n <= keep || !g->evaluate) {
        for (size_t i = 0; i < n; i++)
            at[i] = i;
        return n;
    }
    struct keyed *k = xmalloc(n * sizeof *k);
    void *s = xmalloc(g->state_size);
    for (size_t i = 0; i < n; i++) {
        memcpy(s, state, g->state_size);
        k[i].index = i;
        k[i].key = g->apply(s, (const char *)decisions + i * g->decision_size, NULL) == 0 ? g->evaluate(s, seat)
                                                                                         : -1e300;
    }
    qsort(k, n, sizeof *k, by_key);
    for (size_t i = 0; i < keep; i++)
        at[i] = k[i].index;
    free(s);
    free(k);
    return keep;
}

/* Every decision valued exactly, best first (equal values in the list's order). */
static int by_exact(const void *a, const void *b)
{
    const struct grace_ranked *x = a, *y = b;
    if (x->exact.goal != y->exact.goal)
        return x->exact.goal > y->exact.goal ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* An estimate of no width: an exact value. */
static struct estimate point(double v)
{
    struct estimate e = {0, v, 0, 0, v, v};
    return e;
}

static void exact_ranking(struct grace *out, const struct gexact_value *vals)
{
    out->exact = 1;
    out->n = out->legal;
    out->ranked = xcalloc(out->n, sizeof *out->ranked);
    for (size_t i = 0; i < out->n; i++) {
        struct grace_ranked *r = &out->ranked[i];
        r->index = i;
        r->exact = vals[i];
        r->r.candidate = i;
        r->r.goal = point(vals[i].goal);
        r->r.win = point(vals[i].win);
        r->r.score = point(vals[i].ret);
    }
    qsort(out->ranked, out->n, sizeof *out->ranked, by_exact);
    for (size_t i = 0; i < out->n; i++)
        out->ranked[i].r.vs_best = point(out->ranked[i].exact.ret - out->ranked[0].exact.ret);
    out->summary.stop = RANK_SEPARATED;
}

/* The most the return can be after the decision at[c] (the game's bound; +inf without one). */
static double return_bound(const struct job *j, size_t c)
{
    const struct game *g = j->g;
    if (!g->bound)
        return INFINITY;
    void *s = xmalloc(g->state_size);
    memcpy(s, j->state, g->state_size);
    double win = 1, ret = INFINITY;
    if (g->apply(s, (const char *)j->decisions + j->at[c] * g->decision_size, NULL) == 0)
        g->bound(s, j->seat, &win, &ret);
    free(s);
    return ret;
}

/* The fresh estimates r[0..m) widened as bounded values' (estimate_bounded): a return lies
 * between 0 and its decision's bound, the goal "win" (a share plus RANK_TIEBREAK of the return)
 * between 0 and 1 plus that, and a paired difference from the first one's return (vs_best: a
 * return less the first's, rollout by rollout) between minus the first's bound and its own. */
static void bounded(const struct job *j, struct grace_ranked *r, size_t m)
{
    double first = m ? return_bound(j, r[0].r.candidate) : 0;
    for (size_t k = 0; k < m; k++) {
        double hi = k ? return_bound(j, r[k].r.candidate) : first;
        struct rank_result *x = &r[k].r;
        x->score = estimate_bounded(x->score, 0, hi);
        x->goal = estimate_bounded(x->goal, 0, j->goal == RANK_GOAL_SCORE ? hi : 1 + RANK_TIEBREAK * hi);
        if (k)
            x->vs_best = estimate_bounded(x->vs_best, -first, hi);
    }
}

/* The race's first ones rolled out afresh (rank_fresh): ranked[] then starts with them in their
 * new order. Returns 0, or -1 when a rollout failed. */
static int fresh(const struct grace_options *o, const struct rank_options *race, struct job *j, struct grace *out)
{
    size_t n = out->n, m;
    struct rank_result *was = xcalloc(n, sizeof *was), *r = xcalloc(n, sizeof *r);
    for (size_t k = 0; k < n; k++)
        was[k] = out->ranked[k].r;
    struct rank_options ro = *race;
    size_t half = was[0].rollouts / 2;
    ro.max_rollouts = o->fresh_rollouts ? o->fresh_rollouts : half < GRACE_FRESH_MAX ? half : GRACE_FRESH_MAX;
    ro.sort_first = GRACE_FRESH_ORDERED;
    struct rank_summary sum;
    int rc = rank_fresh(rollout, j, &ro, was, n, o->shown > GRACE_FRESH_ORDERED ? o->shown : GRACE_FRESH_ORDERED,
                        r, &m, &sum);
    if (rc == 0) {
        rank_fresh_reorder(out->ranked, sizeof *out->ranked, was, n, r, m);
        for (size_t k = 0; k < m; k++)
            out->ranked[k].r = r[k];
        bounded(j, out->ranked, m);
        out->fresh = m;
        out->fresh_rollouts = m ? r[0].rollouts : 0;
        out->summary.rollouts += sum.rollouts;
    }
    free(r);
    free(was);
    return rc;
}

/* The race of the screened candidates at[0..nc). Returns 0, or -1 when a rollout failed. */
static int race(const struct game *g, const void *state, const struct grace_options *o, const size_t *at,
                size_t nc, struct grace *out)
{
    struct job j = {g, state, out->decisions, at, out->seat, o->player, o->goal};
    struct rank_options ro;
    memset(&ro, 0, sizeof ro);
    ro.first_rollouts = ro.race_min = o->first_rollouts ? o->first_rollouts : GRACE_RACE_MIN;
    ro.max_rollouts = o->max_rollouts < 2 ? 2 : o->max_rollouts;
    ro.race = 1;
    ro.precision = 0.5;
    ro.seconds = o->seconds;
    ro.seed = o->seed;
    ro.threads = o->threads;
    ro.protect = -1;
    ro.player = out->seat;
    ro.nplayers = 1;
    ro.goal = o->goal;
    ro.progress = o->progress;
    ro.progress_ctx = o->progress_ctx;
    struct rank_result *r = xcalloc(nc, sizeof *r);
    int rc = rank_run(nc, rollout, &j, &ro, r, &out->summary);
    if (rc == 0) {
        out->n = nc;
        out->ranked = xcalloc(nc, sizeof *out->ranked);
        for (size_t k = 0; k < nc; k++) {
            out->ranked[k].index = at[r[k].candidate];
            out->ranked[k].r = r[k];
        }
        rc = fresh(o, &ro, &j, out);
    }
    for (size_t k = 0; rc == 0 && k < out->n; k++) {
        struct rank_result *x = &out->ranked[k].r;
        x->candidate = out->ranked[k].index;    /* the list's place, not the race's */
        if (x->merged)
            x->same_as = at[x->same_as];
    }
    free(r);
    return rc;
}

void grace_budget(const struct game *g, const void *state, struct grace_options *o)
{
    size_t n = g->legal(state, NULL, NULL, 0), nc = n < GRACE_SCREEN ? n : GRACE_SCREEN;
    int h = g->horizon ? g->horizon(state) : 1;
    size_t rounds = GRACE_BUDGET_ROUNDS / (size_t)(h > 1 ? h : 1);     /* rollouts in all */
    size_t each = rounds / (nc > 1 ? nc : 1);
    if (each < GRACE_FIRST_MIN) {
        each = GRACE_FIRST_MIN;
        nc = rounds / GRACE_FIRST_MIN;
        nc = nc < 2 ? 2 : nc;
    }
    o->max_rollouts = each > GRACE_BUDGET_MAX ? GRACE_BUDGET_MAX : each;
    o->first_rollouts = o->max_rollouts < GRACE_RACE_MIN ? o->max_rollouts : GRACE_RACE_MIN;
    o->screen = nc;
    o->fresh_rollouts = o->max_rollouts / 2 < GRACE_FRESH_MIN ? GRACE_FRESH_MIN : 0;
}

int grace_rank(const struct game *g, const void *state, const struct grace_options *o, struct grace *out,
               struct strbuf *err)
{
    memset(out, 0, sizeof *out);
    out->goal = o->goal;
    out->seat = g->current(state);
    if (out->seat < 0) {
        strbuf_puts(err, out->seat == GAME_OVER ? "the game is over" : "no player decides here");
        return -1;
    }
    if (o->goal == RANK_GOAL_WIN && !g->win) {
        strbuf_printf(err, "%s has no win to rank by", g->title);
        return -1;
    }
    size_t n = g->legal(state, NULL, NULL, 0);
    out->legal = n;
    out->decisions = xmalloc((n ? n : 1) * g->decision_size);
    g->legal(state, out->decisions, NULL, n);
    if (n == 0) {
        strbuf_printf(err, "%s lists no decision here (a bug)", g->title);
        return -1;
    }
    struct gexact_value *vals = xcalloc(n, sizeof *vals);
    out->node_bound = o->exact_nodes ? o->exact_nodes : GRACE_EXACT_NODES;
    if (g->horizon && g->horizon(state) > GRACE_EXACT_HORIZON && out->node_bound > GRACE_EXACT_PROBE)
        out->node_bound = GRACE_EXACT_PROBE;
    int solved = gexact_decisions(g, state, out->seat, o->goal, out->decisions, n, out->node_bound, vals,
                                  &out->nodes, err);
    int rc = 0;
    if (solved < 0) {
        rc = -1;
    } else if (solved == 0) {
        exact_ranking(out, vals);
    } else {
        size_t *at = xmalloc(n * sizeof *at);
        size_t keep = o->screen ? (o->screen < 2 ? 2 : o->screen) : GRACE_SCREEN;
        size_t nc = screen(g, state, out->decisions, n, out->seat, keep, at);
        rc = race(g, state, o, at, nc, out);
        if (rc != 0)
            strbuf_printf(err, "%s refused a decision it listed as legal in a rollout (a bug)", g->title);
        free(at);
    }
    free(vals);
    return rc;
}

void grace_free(struct grace *out)
{
    if (!out)
        return;
    free(out->decisions);
    free(out->ranked);
    memset(out, 0, sizeof *out);
}
