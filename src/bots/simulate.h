/* Simulations: many complete games with bots, on several threads, and their statistics.
 *
 * Game k of a simulation with seed S is set up and played from play_seed_derive(S, k) alone
 * (its events by the setup's method 1, its dice, the bots' choices), and its results are
 * stored at index k: the results do not depend on the thread count or on the order in which
 * the threads finish. No I/O: logs and progress go to the caller's callbacks. */
#ifndef PLAY_SIMULATE_H
#define PLAY_SIMULATE_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"
#include "bots/bot.h"
#include "bots/estimate.h"

struct sim_options {
    const struct gamedata *gd;
    int nplayers;                   /* 1..5 */
    int difficulty;                 /* index into gd->difficulties */
    int objective;                  /* solo: index into gd->objectives, -1 arcade */
    const struct play_bot *bots[XII_MAX_PLAYERS];  /* seat p's bot */
    int games;                      /* >= 1 */
    uint64_t seed;
    int threads;                    /* >= 1 */
    /* Called from the worker threads after game k, with its move log when want_logs (else
     * NULL, 0); returns 0, or -1 to stop the simulation (with the reason in err, which the
     * simulation then returns). Must be thread-safe. May be NULL. */
    int want_logs;
    int (*game_done)(void *ctx, int game, const char *log, size_t len, struct strbuf *err);
    /* Called from the calling thread a few times a second and once at the end. May be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *ctx;
};

/* A histogram of whole numbers: count[i] values equal to lo + i, n in all. */
struct sim_tally {
    int lo;
    size_t len;
    uint64_t *count;
    uint64_t n;
};

/* Every game's results, kept as histograms of the scores (small whole numbers): the
 * statistics are exact, and the memory does not grow with the number of games. The counts do
 * not depend on the order in which the games are recorded. */
struct sim_games {
    int games, nplayers;                        /* games recorded */
    struct sim_tally seat[XII_MAX_PLAYERS];     /* each seat's final scores */
    struct sim_tally winner;                    /* each game's best score */
    uint64_t achieved;                          /* games achieving the solo objective */
    uint64_t ties;                              /* games won by several seats */
};

void sim_games_init(struct sim_games *g, int nplayers);
/* Records one game: each seat's score, whether the solo objective was achieved, and its
 * number of winners (engine_winners). */
void sim_games_add(struct sim_games *g, const int *score, int achieved, int nwinners);
void sim_games_free(struct sim_games *g);

/* Runs the games into out (initialised here). Returns 0, or -1 with the reason in err (an
 * engine refusal, a callback's failure, a thread that cannot start); out is then freed. */
int sim_run(const struct sim_options *o, struct sim_games *out, struct strbuf *err);
void sim_games_free(struct sim_games *g);

/* The statistics of one difficulty's games, over one seat or all of them. */
struct sim_stats {
    size_t n;                       /* scores counted */
    struct estimate mean;           /* mean score with its 95 % interval; .sd the deviation.
                                       A score is never negative (the game data's VPs are whole
                                       numbers from 0), so the interval is cut at 0, which
                                       Student's t passes with few scores; with one score
                                       (.n < 2) there is no interval: low = high = the mean */
    double p5, p25, median, p75, p95, min, max;     /* percentiles: linear interpolation */
    double median_low, median_high; /* the median's 95 % interval, distribution-free: the
                                       scores of ranks n/2 -+ 0.98 sqrt(n) */
    struct estimate in_band, below_band, above_band;/* shares of scores, Wilson intervals */
    struct estimate achieved;       /* solo objectives: share of games achieved */
    struct estimate winner;         /* multiplayer: the winner's score (cut at 0 as the mean) */
    struct estimate ties;           /* multiplayer: share of games won by several seats */
};
/* Statistics of g for the good band of `difficulty`; seat -1 counts every seat. */
void sim_stats_compute(const struct gamedata *gd, int difficulty, const struct sim_games *g,
                       int seat, struct sim_stats *st);

/* Counts the scores of every seat in bins of `width` points from `first`: bin i holds
 * [first + i * width, first + (i + 1) * width); scores outside go to the end bins. */
void sim_histogram(const struct sim_games *g, int first, int width, int *bins, int nbins);

#endif
