/* Simulations on worker threads, and their statistics. */
#include "play/simulate.h"
#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/xalloc.h"
#include "play/game.h"

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
    struct sim_games *g = r->out;
    for (int p = 0; p < o->nplayers; p++)
        g->score[k * o->nplayers + p] = engine_score(&s, p, NULL);
    g->achieved[k] = engine_objective_achieved(&s) == 1;
    int w[XII_MAX_PLAYERS];
    g->nwinners[k] = (unsigned char)engine_winners(&s, w);
    int best = 0;
    for (int p = 0; p < o->nplayers; p++)
        if (g->score[k * o->nplayers + p] > best)
            best = g->score[k * o->nplayers + p];
    g->winner_score[k] = best;
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

void sim_games_free(struct sim_games *g)
{
    free(g->score);
    free(g->achieved);
    free(g->nwinners);
    free(g->winner_score);
    memset(g, 0, sizeof *g);
}

int sim_run(const struct sim_options *o, struct sim_games *out, struct strbuf *err)
{
    size_t n = (size_t)o->games;
    out->games = o->games;
    out->nplayers = o->nplayers;
    out->score = xcalloc(n * (size_t)o->nplayers, sizeof *out->score);
    out->achieved = xcalloc(n, 1);
    out->nwinners = xcalloc(n, 1);
    out->winner_score = xcalloc(n, sizeof *out->winner_score);
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

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted x[0..n-1] by linear interpolation between order statistics. */
static double quantile(const double *x, size_t n, double q)
{
    if (n == 0)
        return 0;
    double at = q * (double)(n - 1);
    size_t i = (size_t)at;
    if (i + 1 >= n)
        return x[n - 1];
    return x[i] + (at - (double)i) * (x[i + 1] - x[i]);
}

void sim_stats_compute(const struct gamedata *gd, int difficulty, const struct sim_games *g,
                       int seat, struct sim_stats *st)
{
    memset(st, 0, sizeof *st);
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    size_t n = 0, games = (size_t)g->games;
    double *x = xmalloc((games * (size_t)g->nplayers + 1) * sizeof *x);
    for (size_t k = 0; k < games; k++)
        for (int p = 0; p < g->nplayers; p++)
            if (seat < 0 || seat == p)
                x[n++] = g->score[k * (size_t)g->nplayers + (size_t)p];
    st->n = n;
    st->mean = estimate_mean(x, n);
    double *in = xmalloc((n + 1) * sizeof *in), *below = xmalloc((n + 1) * sizeof *below),
           *above = xmalloc((n + 1) * sizeof *above);
    for (size_t i = 0; i < n; i++) {
        below[i] = x[i] < d->good_low;
        above[i] = d->good_high >= 0 && x[i] > d->good_high;
        in[i] = !below[i] && !above[i];
    }
    st->in_band = estimate_proportion(in, n);
    st->below_band = estimate_proportion(below, n);
    st->above_band = estimate_proportion(above, n);
    qsort(x, n, sizeof *x, by_value);
    st->p5 = quantile(x, n, 0.05);
    st->p25 = quantile(x, n, 0.25);
    st->median = quantile(x, n, 0.5);
    st->p75 = quantile(x, n, 0.75);
    st->p95 = quantile(x, n, 0.95);
    if (n > 0) {
        /* Ranks (from 1) n/2 - 0.98 sqrt(n) and n/2 + 1 + 0.98 sqrt(n), inside 1..n. */
        double half = 0.98 * sqrt((double)n);
        double lo = floor((double)n / 2 - half), hi = ceil((double)n / 2 + 1 + half);
        st->median_low = x[lo < 1 ? 0 : (size_t)lo - 1];
        st->median_high = x[hi > (double)n ? n - 1 : (size_t)hi - 1];
    }
    st->min = n ? x[0] : 0;
    st->max = n ? x[n - 1] : 0;
    for (size_t k = 0; k < games; k++) {
        x[k] = g->achieved[k];
        in[k] = g->winner_score[k];
        below[k] = g->nwinners[k] > 1;
    }
    st->achieved = estimate_proportion(x, games);
    st->winner = estimate_mean(in, games);
    st->ties = estimate_proportion(below, games);
    free(x);
    free(in);
    free(below);
    free(above);
}

void sim_histogram(const struct sim_games *g, int first, int width, int *bins, int nbins)
{
    memset(bins, 0, (size_t)nbins * sizeof *bins);
    for (size_t i = 0; i < (size_t)g->games * (size_t)g->nplayers; i++) {
        int b = (g->score[i] - first) / width;
        if (g->score[i] < first)
            b = 0;
        if (b >= nbins)
            b = nbins - 1;
        bins[b]++;
    }
}
