/* Simulations of XII Century on the worker pool, and their statistics. */
#include "bots/simulate.h"
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "bots/game.h"
#include "bots/pool.h"

struct run {
    const struct sim_options *o;
    struct sim_games *out;
    pthread_mutex_t lock;           /* guards out */
    struct strbuf *log;             /* each worker's log */
};

static int play_one(void *ctx, int worker, int k, struct strbuf *err)
{
    struct run *r = ctx;
    const struct sim_options *o = r->o;
    struct strbuf *log = &r->log[worker];
    struct play_setup st = {o->nplayers, o->difficulty, o->nplayers == 1 ? o->objective : -1,
                            play_seed_derive(o->seed, (uint64_t)k)};
    /* The bots by seat when they differ ("search, greedy, random"), else the one bot. */
    int differ = 0;
    for (int p = 1; p < o->nplayers; p++)
        differ |= strcmp(play_bot_name(o->bots[p]), play_bot_name(o->bots[0])) != 0;
    char title[160], bots[96] = "";
    size_t used = 0;
    for (int p = 0; p < (differ ? o->nplayers : 1) && used < sizeof bots; p++)
        used += (size_t)snprintf(bots + used, sizeof bots - used, "%s%s", p ? ", " : "", play_bot_name(o->bots[p]));
    snprintf(title, sizeof title, "xii simulate: %s, game %d of seed %llu", bots, k + 1, (unsigned long long)o->seed);
    struct game_state s;
    strbuf_reset(log);
    if (play_game_run(o->gd, &st, o->bots, o->want_logs ? log : NULL, title, &s) != 0) {
        strbuf_printf(err, "game %d: the engine refused a bot's move (a bug)", k + 1);
        return -1;
    }
    int score[XII_MAX_PLAYERS], w[XII_MAX_PLAYERS];
    for (int p = 0; p < o->nplayers; p++)
        score[p] = engine_score(&s, p, NULL);
    int achieved = engine_objective_achieved(&s) == 1, nwinners = engine_winners(&s, w);
    pthread_mutex_lock(&r->lock);
    sim_games_add(r->out, score, achieved, nwinners);
    pthread_mutex_unlock(&r->lock);
    if (o->game_done && o->game_done(o->ctx, k, o->want_logs ? log->data : NULL,
                                     o->want_logs ? log->len : 0, err) != 0)
        return -1;
    return 0;
}

void sim_games_init(struct sim_games *g, int nplayers)
{
    memset(g, 0, sizeof *g);
    g->nplayers = nplayers;
}

/* Counts `count` more values v, growing the histogram to reach v. */
static void tally_add(struct sim_tally *t, int v, uint64_t count)
{
    if (t->len == 0) {
        t->lo = v;
    } else if (v < t->lo || v >= t->lo + (int)t->len) {
        int lo = v < t->lo ? v : t->lo, hi = v >= t->lo + (int)t->len ? v : t->lo + (int)t->len - 1;
        size_t len = (size_t)(hi - lo) + 1;
        uint64_t *count_of = xcalloc(len, sizeof *count_of);
        memcpy(count_of + (t->lo - lo), t->count, t->len * sizeof *count_of);
        free(t->count);
        t->count = count_of;
        t->lo = lo;
        t->len = len;
    }
    if (!t->count)
        t->count = xcalloc(t->len = 1, sizeof *t->count);
    t->count[v - t->lo] += count;
    t->n += count;
}

static void tally_free(struct sim_tally *t)
{
    free(t->count);
    memset(t, 0, sizeof *t);
}

void sim_games_add(struct sim_games *g, const int *score, int achieved, int nwinners)
{
    int best = 0;
    for (int p = 0; p < g->nplayers; p++) {
        tally_add(&g->seat[p], score[p], 1);
        if (score[p] > best)
            best = score[p];
    }
    tally_add(&g->winner, best, 1);
    g->achieved += achieved != 0;
    g->ties += nwinners > 1;
    g->games++;
}

void sim_games_free(struct sim_games *g)
{
    for (int p = 0; p < XII_MAX_PLAYERS; p++)
        tally_free(&g->seat[p]);
    tally_free(&g->winner);
    memset(g, 0, sizeof *g);
}

/* The pool's progress, handed on to the caller's callback. */
static void progress(void *ctx, int done, int total)
{
    const struct run *r = ctx;
    r->o->progress(r->o->ctx, done, total);
}

int sim_run(const struct sim_options *o, struct sim_games *out, struct strbuf *err)
{
    sim_games_init(out, o->nplayers);
    struct run r = {o, out, PTHREAD_MUTEX_INITIALIZER, NULL};
    struct pool_job job = {o->games, o->threads, play_one, o->progress ? progress : NULL, &r};
    int threads = pool_threads(&job);
    r.log = xcalloc((size_t)threads, sizeof *r.log);
    int rc = pool_run(&job, err);
    for (int t = 0; t < threads; t++)
        strbuf_free(&r.log[t]);
    free(r.log);
    pthread_mutex_destroy(&r.lock);
    if (rc != 0)
        sim_games_free(out);
    return rc;
}

/* The value of rank r (from 0) of the histogram's values in increasing order. */
static double tally_rank(const struct sim_tally *t, uint64_t r)
{
    uint64_t below = 0;
    for (size_t i = 0; i < t->len; i++) {
        below += t->count[i];
        if (r < below)
            return t->lo + (int)i;
    }
    return t->len ? t->lo + (int)t->len - 1 : 0;
}

/* The q-quantile by linear interpolation between order statistics. */
static double quantile(const struct sim_tally *t, double q)
{
    if (t->n == 0)
        return 0;
    double at = q * (double)(t->n - 1);
    uint64_t i = (uint64_t)at;
    double x = tally_rank(t, i);
    if (i + 1 >= t->n)
        return x;
    return x + (at - (double)i) * (tally_rank(t, i + 1) - x);
}

/* The mean with its 95 % interval, cut at 0 (a score is never negative). */
static struct estimate tally_mean(const struct sim_tally *t)
{
    double sum = 0, m2 = 0;
    for (size_t i = 0; i < t->len; i++)
        sum += (double)t->count[i] * (t->lo + (int)i);
    double mean = t->n ? sum / (double)t->n : 0;
    for (size_t i = 0; i < t->len; i++) {
        double d = t->lo + (int)i - mean;
        m2 += (double)t->count[i] * d * d;
    }
    struct estimate e = estimate_moments((size_t)t->n, mean, m2);
    if (e.low < 0)
        e.low = 0;
    return e;
}

/* How many of the values are below lo, and how many above hi (none when hi < 0). */
static void tally_outside(const struct sim_tally *t, int lo, int hi, uint64_t *below, uint64_t *above)
{
    *below = *above = 0;
    for (size_t i = 0; i < t->len; i++) {
        int v = t->lo + (int)i;
        if (v < lo)
            *below += t->count[i];
        else if (hi >= 0 && v > hi)
            *above += t->count[i];
    }
}

void sim_stats_compute(const struct gamedata *gd, int difficulty, const struct sim_games *g,
                       int seat, struct sim_stats *st)
{
    memset(st, 0, sizeof *st);
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    struct sim_tally every = {0};
    for (int p = 0; p < g->nplayers; p++)
        if (seat < 0 || seat == p)
            for (size_t i = 0; i < g->seat[p].len; i++)
                if (g->seat[p].count[i])
                    tally_add(&every, g->seat[p].lo + (int)i, g->seat[p].count[i]);
    uint64_t n = every.n, below, above;
    st->n = (size_t)n;
    st->mean = tally_mean(&every);
    tally_outside(&every, d->good_low, d->good_high, &below, &above);
    st->in_band = estimate_share((size_t)(n - below - above), (size_t)n);
    st->below_band = estimate_share((size_t)below, (size_t)n);
    st->above_band = estimate_share((size_t)above, (size_t)n);
    st->p5 = quantile(&every, 0.05);
    st->p25 = quantile(&every, 0.25);
    st->median = quantile(&every, 0.5);
    st->p75 = quantile(&every, 0.75);
    st->p95 = quantile(&every, 0.95);
    if (n > 0) {
        /* Ranks (from 1) n/2 - 0.98 sqrt(n) and n/2 + 1 + 0.98 sqrt(n), inside 1..n. */
        double half = 0.98 * sqrt((double)n);
        double lo = floor((double)n / 2 - half), hi = ceil((double)n / 2 + 1 + half);
        st->median_low = tally_rank(&every, lo < 1 ? 0 : (uint64_t)lo - 1);
        st->median_high = tally_rank(&every, hi > (double)n ? n - 1 : (uint64_t)hi - 1);
    }
    st->min = tally_rank(&every, 0);
    st->max = n ? tally_rank(&every, n - 1) : 0;
    st->achieved = estimate_share((size_t)g->achieved, (size_t)g->games);
    st->winner = tally_mean(&g->winner);
    st->ties = estimate_share((size_t)g->ties, (size_t)g->games);
    tally_free(&every);
}

void sim_histogram(const struct sim_games *g, int first, int width, int *bins, int nbins)
{
    memset(bins, 0, (size_t)nbins * sizeof *bins);
    for (int p = 0; p < g->nplayers; p++)
        for (size_t i = 0; i < g->seat[p].len; i++) {
            int v = g->seat[p].lo + (int)i, b = (v - first) / width;
            if (v < first)
                b = 0;
            if (b >= nbins)
                b = nbins - 1;
            bins[b] += (int)g->seat[p].count[i];
        }
}
