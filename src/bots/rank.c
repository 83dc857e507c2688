/* Rollout ranking: stages, common random numbers, dropping, worker threads. */
#include "bots/rank.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/xalloc.h"
#include "bots/pool.h"
#include "bots/rng.h"

/* Three standard errors below the leader: clearly worse (the house's bar for "beats"). */
#define CLEARLY_WORSE_SE 3.0

int rank_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > RANK_MAX_THREADS ? RANK_MAX_THREADS : (int)n;
}

struct cand {
    struct rank_outcome *out;   /* out[i]: rollout i */
    size_t n;                   /* rollouts done */
    size_t cap;
    int dropped;
    int merged;                 /* the race: merged into same_as */
    size_t same_as, same;
    double mean;                /* the player's mean goal value after the last stage */
};

/* One stage's work: rollout `from + j` of candidate `who[k]` for j < to - from, job
 * k * (to - from) + j of the worker pool. */
struct stage {
    rank_rollout_fn fn;
    void *ctx;
    uint64_t seed;
    struct cand *cands;
    const size_t *who;          /* candidates rolled out this stage */
    size_t nwho;
    size_t from, to;            /* rollout indexes [from, to) for each of them */
    const struct rank_options *opt;
    size_t before, bound;       /* rollouts run before the stage; the most the ranking may run */
};

static int stage_job(void *arg, int worker, int task, struct strbuf *err)
{
    (void)worker;
    const struct stage *st = arg;
    size_t per = st->to - st->from;
    size_t c = st->who[(size_t)task / per], i = st->from + (size_t)task % per;
    struct rank_outcome o;
    memset(&o, 0, sizeof o);
    if (st->fn(st->ctx, c, play_seed_derive(st->seed, i), &o) != 0) {
        strbuf_puts(err, "a rollout failed");
        return -1;
    }
    st->cands[c].out[i] = o;    /* each slot has one writer */
    return 0;
}

/* The pool's progress as the ranking's: rollouts run of the most it may run. */
static void stage_progress(void *arg, int done, int total)
{
    (void)total;
    const struct stage *st = arg;
    st->opt->progress(st->opt->progress_ctx, st->before + (size_t)done, st->bound);
}

/* Runs the stage on the worker pool (bots/pool.h). Returns 0 or -1. */
static int run_stage(struct stage *st, int threads)
{
    size_t total = st->nwho * (st->to - st->from);
    if (total == 0)
        return 0;
    if (total > INT_MAX)
        return -1;
    struct pool_job job = {(int)total, threads, stage_job, st->opt->progress ? stage_progress : NULL, st};
    struct strbuf err = STRBUF_INIT;
    int rc = pool_run(&job, &err);
    strbuf_free(&err);
    return rc;
}

static double share(const struct rank_outcome *o, int player)
{
    if (!(o->winners >> player & 1u))
        return 0;
    int k = 0;
    for (unsigned w = o->winners; w; w &= w - 1)
        k++;
    return 1.0 / k;
}

/* What column() reads of each rollout. */
enum what { W_SCORE, W_WIN, W_OBJECTIVE, W_GOAL };

double rank_goal_value(const struct rank_outcome *o, int player, enum rank_goal goal)
{
    if (goal == RANK_GOAL_WIN)
        return share(o, player) + RANK_TIEBREAK * o->score[player];
    if (goal == RANK_GOAL_OBJECTIVE)
        return o->objective + RANK_TIEBREAK * o->score[player];
    return o->score[player];
}

static double value(const struct rank_outcome *o, int player, enum what w, enum rank_goal goal)
{
    switch (w) {
    case W_WIN: return share(o, player);
    case W_OBJECTIVE: return o->objective;
    case W_GOAL: return rank_goal_value(o, player, goal);
    default: return o->score[player];
    }
}

/* The player's values of rollouts 0..n-1 of a candidate, into x. */
static void column(const struct cand *c, size_t n, const struct rank_options *opt, enum what w, double *x)
{
    for (size_t i = 0; i < n; i++)
        x[i] = value(&c->out[i], opt->player, w, opt->goal);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A candidate's place in the ranking: still in first, then the latest dropped, each by mean,
 * then by index (a total order: the same ranking on every run). */
struct place {
    int dropped, merged;
    double mean;
    size_t index;
};

static int by_place(const void *a, const void *b)
{
    const struct place *x = a, *y = b;
    if (x->merged != y->merged)
        return x->merged ? 1 : -1;
    int dx = x->dropped ? x->dropped : INT_MAX, dy = y->dropped ? y->dropped : INT_MAX;
    if (dx != dy)
        return dx > dy ? -1 : 1;
    if (x->mean != y->mean)
        return x->mean > y->mean ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The candidates in rank order, into order[]. */
static void rank_order(const struct cand *cands, size_t nc, size_t *order)
{
    struct place *pl = xmalloc(nc * sizeof *pl);
    for (size_t k = 0; k < nc; k++)
        pl[k] = (struct place){cands[k].dropped, cands[k].merged, cands[k].mean, k};
    qsort(pl, nc, sizeof *pl, by_place);
    for (size_t k = 0; k < nc; k++)
        order[k] = pl[k].index;
    free(pl);
}

/* After a stage: drops the clearly worse, then halves while more than keep remain. Returns
 * the number still in; order[] holds the rank order. */
static size_t prune(struct cand *cands, size_t nc, const struct rank_options *opt, int stage,
                    size_t *order, double *xa, double *xb)
{
    for (size_t c = 0; c < nc; c++)
        if (!cands[c].dropped) {
            column(&cands[c], cands[c].n, opt, W_GOAL, xa);
            cands[c].mean = estimate_mean(xa, cands[c].n).mean;
        }
    rank_order(cands, nc, order);
    size_t in = 0;
    while (in < nc && !cands[order[in]].dropped)
        in++;
    if (!opt->halving || in <= 1)
        return in;
    const struct cand *lead = &cands[order[0]];
    column(lead, lead->n, opt, W_GOAL, xa);
    size_t kept = 1;
    for (size_t k = 1; k < in; k++) {
        struct cand *c = &cands[order[k]];
        column(c, c->n, opt, W_GOAL, xb);
        struct estimate d = estimate_paired(xb, xa, c->n);
        if (d.mean + CLEARLY_WORSE_SE * d.se < 0 && (long)order[k] != opt->protect)
            c->dropped = stage;
        else
            kept++;
    }
    size_t keep = opt->keep < 1 ? 1 : opt->keep, half = (kept + 1) / 2;
    size_t limit = half > keep ? half : keep;
    size_t seen = 0;
    for (size_t k = 0; k < in; k++) {
        struct cand *c = &cands[order[k]];
        if (c->dropped)
            continue;
        if (++seen > limit && (long)order[k] != opt->protect)
            c->dropped = stage;
    }
    rank_order(cands, nc, order);
    in = 0;
    while (in < nc && !cands[order[in]].dropped)
        in++;
    return in;
}

/* Whether the leader and the runner-up (order[0], order[1]) settle the ranking. */
static int settled(const struct cand *cands, const size_t *order, size_t in,
                   const struct rank_options *opt, double *xa, double *xb, enum rank_stop *why)
{
    if (in <= 1) {
        *why = RANK_SEPARATED;
        return 1;
    }
    const struct cand *a = &cands[order[0]], *b = &cands[order[1]];
    column(a, a->n, opt, W_GOAL, xa);
    column(b, b->n, opt, W_GOAL, xb);
    struct estimate d = estimate_paired(xa, xb, b->n < a->n ? b->n : a->n);
    if (d.low > 0) {
        *why = RANK_SEPARATED;
        return 1;
    }
    if (opt->precision > 0 && (d.high - d.low) / 2 <= opt->precision) {
        *why = RANK_CLOSE;
        return 1;
    }
    return 0;
}

/* The number of candidates still in (neither dropped nor merged), first in order[]. */
static size_t still_in(const struct cand *cands, size_t nc, size_t *order)
{
    rank_order(cands, nc, order);
    size_t in = 0;
    while (in < nc && !cands[order[in]].dropped && !cands[order[in]].merged)
        in++;
    return in;
}

/* Whether every rollout of a and b (n each) gave the player the same. */
static int same_results(const struct cand *a, const struct cand *b, size_t n, int player)
{
    for (size_t i = 0; i < n; i++)
        if (a->out[i].score[player] != b->out[i].score[player] ||
            share(&a->out[i], player) != share(&b->out[i], player) ||
            a->out[i].objective != b->out[i].objective)
            return 0;
    return 1;
}

/* The race's verdict after a stage (rank.h): merges, drops, and whether it stops. `looks`:
 * the stages that may take a verdict, among which the error rate is shared. */
static int race(struct cand *cands, size_t nc, const struct rank_options *opt, int stage, size_t looks,
                size_t *order, double *xa, double *xb, enum rank_stop *why)
{
    for (size_t c = 0; c < nc; c++)
        if (!cands[c].dropped && !cands[c].merged) {
            column(&cands[c], cands[c].n, opt, W_GOAL, xa);
            cands[c].mean = estimate_mean(xa, cands[c].n).mean;
        }
    size_t in = still_in(cands, nc, order);
    if (cands[order[0]].n < opt->race_min)
        return 0;
    for (size_t k = 1; k < in; k++)
        for (size_t j = 0; j < k; j++) {
            struct cand *a = &cands[order[j]], *b = &cands[order[k]];
            if (!a->merged && same_results(a, b, b->n, opt->player)) {
                b->merged = 1;
                b->same_as = order[j];
                a->same += 1 + b->same;
                break;
            }
        }
    in = still_in(cands, nc, order);
    if (in <= 1) {
        *why = RANK_SEPARATED;
        return 1;
    }
    const struct cand *lead = &cands[order[0]];
    column(lead, lead->n, opt, W_GOAL, xa);
    double q = estimate_t_quantile(0.05 / (double)((in - 1) * looks), lead->n - 1), widest = 0;
    for (size_t k = 1; k < in; k++) {
        struct cand *c = &cands[order[k]];
        column(c, c->n, opt, W_GOAL, xb);
        struct estimate d = estimate_paired(xa, xb, c->n);
        if (d.mean - q * d.se > 0)
            c->dropped = stage;
        else if (q * d.se > widest)
            widest = q * d.se;
    }
    in = still_in(cands, nc, order);
    if (in <= 1) {
        *why = RANK_SEPARATED;
        return 1;
    }
    double precision = opt->goal == RANK_GOAL_SCORE ? opt->precision : opt->precision / 100;
    if (precision > 0 && widest <= precision) {
        *why = RANK_CLOSE;
        return 1;
    }
    return 0;
}

static void result(const struct cand *cands, size_t c, const struct cand *best,
                   const struct rank_options *opt, double *xa, double *xb, struct rank_result *r)
{
    const struct cand *x = &cands[c];
    memset(r, 0, sizeof *r);
    r->candidate = c;
    r->rollouts = x->n;
    r->dropped = x->dropped;
    r->merged = x->merged;
    r->same_as = x->same_as;
    r->same = x->same;
    column(x, x->n, opt, W_GOAL, xa);
    r->goal = estimate_mean(xa, x->n);
    column(best, best->n, opt, W_SCORE, xb);
    struct estimate whole = estimate_mean(xb, best->n);
    column(x, x->n, opt, W_SCORE, xa);
    r->score = estimate_mean(xa, x->n);
    r->vs_best = estimate_paired(xa, xb, x->n < best->n ? x->n : best->n);
    if (x->n < best->n && r->vs_best.n >= 2) {
        /* Dropped early: the best's mean plus the paired difference is the sharper estimate
         * (common random numbers), and it ranks consistently with the difference shown. */
        double se = sqrt(whole.se * whole.se + r->vs_best.se * r->vs_best.se);
        double h = estimate_t95(r->vs_best.n - 1) * se;
        r->score.mean = whole.mean + r->vs_best.mean;
        r->score.se = se;
        r->score.low = r->score.mean - h;
        r->score.high = r->score.mean + h;
    }
    column(x, x->n, opt, W_WIN, xa);
    r->win = estimate_proportion(xa, x->n);
    column(x, x->n, opt, W_OBJECTIVE, xa);
    r->objective = estimate_proportion(xa, x->n);
    for (int p = 0; p < opt->nplayers && p < XII_MAX_PLAYERS; p++) {
        for (size_t i = 0; i < x->n; i++)
            xa[i] = x->out[i].score[p];
        r->seat[p] = estimate_mean(xa, x->n);
    }
}

int rank_run(size_t nc, rank_rollout_fn fn, void *ctx, const struct rank_options *opt,
             struct rank_result *out, struct rank_summary *sum)
{
    size_t maxn = opt->max_rollouts < 2 ? 2 : opt->max_rollouts;
    size_t n = opt->first_rollouts < 2 ? 2 : opt->first_rollouts;
    if (opt->race && n < opt->race_min)
        n = opt->race_min;
    if (n > maxn)
        n = maxn;
    size_t looks = 1;
    for (size_t m = n; m < maxn; m *= 2)
        looks++;
    struct cand *cands = xcalloc(nc, sizeof *cands);
    size_t *order = xmalloc(nc * sizeof *order), *who = xmalloc(nc * sizeof *who);
    double *xa = xmalloc(maxn * sizeof *xa), *xb = xmalloc(maxn * sizeof *xb);
    struct rank_summary s = {0, 0, RANK_BUDGET};
    double start = now();
    int rc = 0;
    size_t in = nc, done = 0;
    for (;;) {
        size_t nwho = 0;
        for (size_t c = 0; c < nc; c++) {
            if (cands[c].dropped || cands[c].merged)
                continue;
            who[nwho++] = c;
            xgrow((void **)&cands[c].out, &cands[c].cap, n, sizeof *cands[c].out);
        }
        struct stage st;
        memset(&st, 0, sizeof st);
        st.fn = fn;
        st.ctx = ctx;
        st.seed = opt->seed;
        st.cands = cands;
        st.who = who;
        st.nwho = nwho;
        st.from = done;
        st.to = n;
        st.opt = opt;
        st.before = s.rollouts;
        st.bound = s.rollouts + nwho * (maxn - done);
        if (run_stage(&st, opt->threads) != 0) {
            rc = -1;
            break;
        }
        for (size_t k = 0; k < nwho; k++)
            cands[who[k]].n = n;
        s.rollouts += nwho * (n - done);
        s.stages++;
        if (opt->race) {
            if (race(cands, nc, opt, s.stages, looks, order, xa, xb, &s.stop))
                break;
            in = still_in(cands, nc, order);
        } else {
            in = prune(cands, nc, opt, s.stages, order, xa, xb);
            if (settled(cands, order, in, opt, xa, xb, &s.stop))
                break;
        }
        if (n >= maxn) {
            s.stop = RANK_BUDGET;
            break;
        }
        size_t next = 2 * n > maxn ? maxn : 2 * n;
        if (opt->seconds > 0) {
            double spent = now() - start, per = spent / (double)s.rollouts;
            if (spent + per * (double)(in * (next - n)) > opt->seconds) {
                s.stop = RANK_TIME;
                break;
            }
        }
        done = n;
        n = next;
    }
    if (rc == 0 && !opt->race && !opt->halving && opt->sort_first > 0 && opt->sort_first < nc) {
        rank_order(cands, opt->sort_first, order);
        for (size_t k = opt->sort_first; k < nc; k++)
            order[k] = k;
    }
    if (rc == 0) {
        const struct cand *best = &cands[order[0]];
        for (size_t k = 0; k < nc; k++)
            result(cands, order[k], best, opt, xa, xb, &out[k]);
    }
    if (sum)
        *sum = s;
    for (size_t c = 0; c < nc; c++)
        free(cands[c].out);
    free(cands);
    free(order);
    free(who);
    free(xa);
    free(xb);
    return rc;
}

/* rank_fresh's rollouts: candidate k of the fresh run is candidate at[k] of the race. */
struct fresh {
    rank_rollout_fn fn;
    void *ctx;
    const size_t *at;
};

static int fresh_rollout(void *ctx, size_t k, uint64_t seed, struct rank_outcome *out)
{
    const struct fresh *f = ctx;
    return f->fn(f->ctx, f->at[k], seed, out);
}

int rank_fresh(rank_rollout_fn fn, void *ctx, const struct rank_options *opt, const struct rank_result *race,
               size_t nrace, size_t want, struct rank_result *out, size_t *nout, struct rank_summary *sum)
{
    size_t *at = xmalloc((nrace ? nrace : 1) * sizeof *at), m = 0;
    for (size_t k = 0; k < nrace && m < want; k++)
        if (!race[k].merged)
            at[m++] = race[k].candidate;
    size_t n = opt->max_rollouts;
    struct rank_options ro = *opt;
    ro.race = 0;
    ro.halving = 0;
    ro.precision = 0;
    ro.seconds = 0;
    ro.protect = -1;
    ro.first_rollouts = ro.max_rollouts = n < 2 ? 2 : n;
    ro.seed = play_seed_derive(opt->seed, RANK_FRESH_STREAM);
    struct fresh f = {fn, ctx, at};
    int rc = m ? rank_run(m, fresh_rollout, &f, &ro, out, sum) : -1;
    for (size_t k = 0; rc == 0 && k < m; k++) {
        size_t c = at[out[k].candidate], i = 0;
        while (race[i].candidate != c)
            i++;
        out[k].candidate = c;
        out[k].dropped = race[i].dropped;
        out[k].same = race[i].same;
    }
    *nout = rc == 0 ? m : 0;
    free(at);
    return rc;
}

void rank_fresh_reorder(void *ranked, size_t size, const struct rank_result *race, size_t nrace,
                        const struct rank_result *fresh, size_t nfresh)
{
    char *taken = xcalloc(nrace ? nrace : 1, 1), *now = xcalloc(nrace ? nrace : 1, size), *was = ranked;
    for (size_t k = 0; k < nfresh; k++) {
        size_t i = 0;
        while (race[i].candidate != fresh[k].candidate)
            i++;
        taken[i] = 1;
        memcpy(now + k * size, was + i * size, size);
    }
    for (size_t k = 0, i = nfresh; k < nrace; k++)
        if (!taken[k])
            memcpy(now + i++ * size, was + k * size, size);
    memcpy(ranked, now, nrace * size);
    free(now);
    free(taken);
}
