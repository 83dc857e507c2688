/* Ranking candidate moves by rollouts, the way GNU Backgammon ranks moves: every candidate is
 * played out to the end of the game many times by a rollout player, and the candidates are
 * compared on the final scores.
 *
 * Common random numbers: rollout i of every candidate uses the same seed (play_seed_derive of
 * the ranking's seed and i), so two candidates meet the same dice and their difference is
 * measured far more sharply than either score. Successive halving: the candidates are rolled
 * out in stages of doubling size; after each stage the ones clearly worse than the leader
 * (paired difference more than three standard errors below zero) are dropped, then the lower
 * half of the rest while more than `keep` remain, so the budget goes to the close ones. The
 * ranking stops when the leader is separated from the runner-up at 95 % (the interval of their
 * difference excludes 0), when that difference is known to +-precision at 95 % (the two are
 * then within about twice the precision of each other: which one is first no longer matters),
 * when the leaders have max_rollouts each, or at the time limit. Rollouts run on `threads` threads; the results do not depend on the thread count
 * (each rollout's seed and slot are fixed before any thread runs), only on the options, except
 * with a time limit. The candidates themselves are the caller's: a rollout callback plays
 * candidate c then the rest of the game. */
#ifndef PLAY_RANK_H
#define PLAY_RANK_H
#include <stddef.h>
#include <stdint.h>
#include "play/estimate.h"
#include "rules/state.h"

/* What one rollout leaves: every seat's final score and the seats that won. */
struct rank_outcome {
    int score[XII_MAX_PLAYERS];
    unsigned winners;           /* bit p: seat p is among the winners (a tie shares the win) */
};

/* Plays candidate c from the position, then the rest of the game, with every random draw
 * from `seed`; fills *out. Called from several threads at once: must touch no shared state.
 * Returns 0, or -1 when the candidate cannot be played (the ranking then fails). */
typedef int (*rank_rollout_fn)(void *ctx, size_t candidate, uint64_t seed, struct rank_outcome *out);

struct rank_options {
    size_t first_rollouts;      /* rollouts per candidate in the first stage (>= 2) */
    size_t max_rollouts;        /* the most rollouts one candidate gets */
    size_t keep;                /* halving never leaves fewer candidates than this (>= 1) */
    int halving;                /* 0: no candidate is dropped, all get max_rollouts */
    long protect;               /* a candidate never dropped (the move played), or -1 */
    double precision;           /* stop when the leader-runner-up difference is known to +-this */
    double seconds;             /* > 0: no stage starts that would end after this wall time */
    uint64_t seed;
    int threads;                /* >= 1 */
    int player;                 /* the seat whose final score ranks the candidates */
    int nplayers;
};

/* One candidate's estimates. */
struct rank_result {
    size_t candidate;
    size_t rollouts;            /* rollouts it got */
    struct estimate score;      /* the player's final score; for a candidate dropped before the
                                   end, the best's mean plus the paired difference (sharper than
                                   its own few rollouts, thanks to common random numbers) */
    struct estimate win;        /* the player's chance to win (share of ties), Wilson interval */
    struct estimate vs_best;    /* paired difference from the first result (0 for itself) */
    struct estimate seat[XII_MAX_PLAYERS];  /* every seat's final score (its own rollouts) */
    int dropped;                /* stage after which it was dropped, 0 if it stayed to the end */
};

enum rank_stop {
    RANK_SEPARATED,             /* the leader is better than every other at 95 % */
    RANK_CLOSE,                 /* their difference known to +-precision at 95 %, not separated */
    RANK_BUDGET,                /* the leaders got max_rollouts */
    RANK_TIME                   /* the time limit came first */
};

struct rank_summary {
    int stages;
    size_t rollouts;            /* all rollouts run */
    enum rank_stop stop;
};

/* Ranks candidates 0..ncandidates-1 (at least 1). Writes one result per candidate into
 * out[0..ncandidates-1], best first: the candidates still in at the end by mean score, then
 * the dropped ones, the latest dropped first, each group by mean. Returns 0, or -1 when a
 * rollout failed (out is then unspecified). sum may be NULL. */
int rank_run(size_t ncandidates, rank_rollout_fn fn, void *ctx, const struct rank_options *opt,
             struct rank_result *out, struct rank_summary *sum);
/* The most threads a run may use (xii hint, audit --analyse and simulate: --threads). */
#define RANK_MAX_THREADS 64

/* Number of processors online (at least 1, at most RANK_MAX_THREADS): the default thread count. */
int rank_default_threads(void);

#endif
