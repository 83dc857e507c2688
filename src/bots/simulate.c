/* Simulations on worker threads, and their statistics. */
#include "bots/simulate.h"
#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/xalloc.h"
#include "bots/game.h"

struct run {
    const struct sim_options *o;
    struct sim_games *out;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int next, done, running, failed;
    struct strbuf err;              /* the first failure */
};

static void fail(struct run *r, const char *why)
{
    pthread_mutex_lock(&r->lock);
    if (!r->failed) {
        r->failed = 1;
        strbuf_puts(&r->err, why);
    }
    pthread_mutex_unlock(&r->lock);
}

static int play_one(struct run *r, int k, struct strbuf *log, struct strbuf *err)
{
    const struct sim_options *o = r->o;
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

static void *worker(void *arg)
{
    struct run *r = arg;
    struct strbuf log = STRBUF_INIT, err = STRBUF_INIT;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int k = r->failed ? r->o->games : r->next++;
        pthread_mutex_unlock(&r->lock);
        if (k >= r->o->games)
            break;
        strbuf_reset(&err);
        if (play_one(r, k, &log, &err) != 0) {
            fail(r, strbuf_cstr(&err));
            break;
        }
        pthread_mutex_lock(&r->lock);
        r->done++;
        pthread_cond_signal(&r->changed);
        pthread_mutex_unlock(&r->lock);
    }
    pthread_mutex_lock(&r->lock);
    r->running--;
    pthread_cond_signal(&r->changed);
    pthread_mutex_unlock(&r->lock);
    strbuf_free(&log);
    strbuf_free(&err);
    return NULL;
}

/* 0.2 s from now, on the clock pthread_cond_timedwait reads. */
static struct timespec report_deadline(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 200000000;
    if (t.tv_nsec >= 1000000000) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000;
    }
    return t;
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

int sim_run(const struct sim_options *o, struct sim_games *out, struct strbuf *err)
{
    sim_games_init(out, o->nplayers);
    struct run r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.out = out;
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.changed, NULL);
    int threads = o->threads < 1 ? 1 : o->threads > o->games ? o->games : o->threads;
    pthread_t tid[256];
    if (threads > 256)
        threads = 256;
    int started = 0;
    for (int t = 0; t < threads; t++) {
        pthread_mutex_lock(&r.lock);
        r.running++;
        pthread_mutex_unlock(&r.lock);
        int rc = pthread_create(&tid[started], NULL, worker, &r);
        if (rc != 0) {
            pthread_mutex_lock(&r.lock);
            r.running--;
            pthread_mutex_unlock(&r.lock);
            if (started == 0) {
                char msg[128];
                snprintf(msg, sizeof msg, "cannot start a thread: %s", strerror(rc));
                fail(&r, msg);
            }
            break;
        }
        started++;
    }
    /* The calling thread reports progress every 0.2 s until every worker has stopped. The
     * deadline stays put while games finish (each one wakes this thread): moved on every
     * wake-up, it would never pass while games take less than 0.2 s. */
    pthread_mutex_lock(&r.lock);
    struct timespec until = report_deadline();
    while (r.running > 0) {
        int rc = pthread_cond_timedwait(&r.changed, &r.lock, &until);
        if (rc == ETIMEDOUT && o->progress) {
            int done = r.done;
            pthread_mutex_unlock(&r.lock);
            o->progress(o->ctx, done, o->games);
            pthread_mutex_lock(&r.lock);
        }
        if (rc == ETIMEDOUT)
            until = report_deadline();
    }
    pthread_mutex_unlock(&r.lock);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (o->progress && !r.failed)
        o->progress(o->ctx, r.done, o->games);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.changed);
    int rc = r.failed ? -1 : 0;
    if (rc != 0) {
        strbuf_puts(err, strbuf_cstr(&r.err));
        sim_games_free(out);
    }
    strbuf_free(&r.err);
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
