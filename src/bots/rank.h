/* Ranking candidate moves by rollouts, the way GNU Backgammon ranks moves: every candidate is
 * played out to the end of the game many times by a rollout player, and the candidates are
 * compared on the final scores.
 *
 * Common random numbers: rollout i of every candidate uses the same seed (play_seed_derive of
 * the ranking's seed and i), so two candidates meet the same dice and their difference is
 * measured far more sharply than either score. The candidates are rolled out in stages of
 * doubling size. The advisor races them (rank_options.race: no candidate dropped without a
 * corrected test). The search bot halves them: after each stage the ones clearly worse than
 * the leader (paired difference more than three standard errors below zero) are dropped, then
 * the lower half of the rest while more than `keep` remain, so the budget goes to the close
 * ones; it stops when the leader is separated from the runner-up at 95 % (the interval of their
 * difference excludes 0), when that difference is known to +-precision at 95 % (the two are
 * then within about twice the precision of each other: which one is first no longer matters),
 * when the leaders have max_rollouts each, or at the time limit. Rollouts run on `threads`
 * threads of the worker pool (bots/pool.h); the results do not depend on the thread count (each rollout's seed and slot are
 * fixed before any thread runs), only on the options, except with a time limit. The
 * candidates themselves are the caller's: a rollout callback plays candidate c then the rest
 * of the game. rank_fresh re-estimates the head of a ranking with rollouts of its own. */
#ifndef PLAY_RANK_H
#define PLAY_RANK_H
#include <stddef.h>
#include <stdint.h>
#include "bots/estimate.h"
#include "rules/state.h"

/* What one rollout leaves: every seat's final score, the seats that won and the solo
 * objective. */
struct rank_outcome {
    int score[XII_MAX_PLAYERS];
    unsigned winners;           /* bit p: seat p is among the winners (a tie shares the win) */
    int objective;              /* solo: 1 the objective achieved, else 0 */
};

/* What ranks the candidates: the player's final score, the player's win (a tie's share) or
 * the solo objective achieved. The last two are probabilities; RANK_TIEBREAK of probability
 * per VP of final score is added to them so that of two candidates equally likely to win the
 * one that scores more ranks first. */
enum rank_goal { RANK_GOAL_SCORE, RANK_GOAL_WIN, RANK_GOAL_OBJECTIVE };
#define RANK_TIEBREAK 0.001
/* The value a rollout's outcome gives the player under the goal. */
double rank_goal_value(const struct rank_outcome *o, int player, enum rank_goal goal);

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
    enum rank_goal goal;        /* RANK_GOAL_SCORE unless set */
    /* The race (race 1, instead of the halving): no verdict before every candidate still in
     * has race_min rollouts (first_rollouts is raised to it); then after each stage the
     * leader is compared with every other candidate still in, paired, with the Bonferroni
     * correction (5 % shared among the comparisons and the stages that may take a verdict):
     * the ones found worse are dropped, a candidate whose every rollout equals one still in
     * is merged into it. It stops when no other is left (RANK_SEPARATED), when every
     * difference left is known to +-precision at the corrected level (RANK_CLOSE), at
     * max_rollouts or at the time limit. keep and halving are not used. */
    int race;
    size_t race_min;
    /* Without the race and the halving: 0 ranks every candidate by mean; k > 0 ranks only
     * candidates 0..k-1 by mean, the others follow in their own order (the advisor's fresh
     * rollouts of the plans shown: the head is re-ordered, the rest keeps the race's order). */
    size_t sort_first;
    /* Called from the calling thread a few times a second while the rollouts run, with the
     * rollouts run and the most the ranking may still run in all (the budget of the candidates
     * still in: it shrinks as they are dropped); may be NULL. */
    void (*progress)(void *ctx, size_t done, size_t total);
    void *progress_ctx;
};

/* One candidate's estimates. */
struct rank_result {
    size_t candidate;
    size_t rollouts;            /* rollouts it got */
    struct estimate score;      /* the player's final score; for a candidate dropped before the
                                   end, the best's mean plus the paired difference (sharper than
                                   its own few rollouts, thanks to common random numbers) */
    struct estimate win;        /* the player's chance to win (share of ties), Wilson interval */
    struct estimate objective;  /* solo: the chance to achieve the objective, Wilson interval */
    struct estimate goal;       /* the value that ranks (rank_goal), the mean of its rollouts */
    struct estimate vs_best;    /* paired difference from the first result (0 for itself) */
    struct estimate seat[XII_MAX_PLAYERS];  /* every seat's final score (its own rollouts) */
    int dropped;                /* stage after which it was dropped, 0 if it stayed to the end */
    int merged;                 /* the race: every rollout equal to the candidate `same_as` */
    size_t same_as;
    size_t same;                /* the race: candidates merged into this one */
};

enum rank_stop {
    RANK_SEPARATED,             /* the leader is better than every other at 95 % */
    RANK_CLOSE,                 /* their difference known to +-precision at 95 %, not separated
                                   (the race: every difference left) */
    RANK_BUDGET,                /* the leaders got max_rollouts */
    RANK_TIME                   /* the time limit came first */
};

struct rank_summary {
    int stages;
    size_t rollouts;            /* all rollouts run */
    enum rank_stop stop;
};

/* Ranks candidates 0..ncandidates-1 (at least 1). Writes one result per candidate into
 * out[0..ncandidates-1], best first: the candidates still in at the end by mean goal value,
 * then the dropped ones, the latest dropped first, each group by mean, then the merged ones
 * (sort_first: only the first ones by mean). Returns 0, or -1 when a rollout failed (out is
 * then unspecified). sum may be NULL. */
int rank_run(size_t ncandidates, rank_rollout_fn fn, void *ctx, const struct rank_options *opt,
             struct rank_result *out, struct rank_summary *sum);
/* Fresh estimates of the head of a ranking, free of the winner's curse: the candidates a
 * ranking put first were chosen because their means came out high, so their own rollouts lean
 * high. The first `want` candidates of race[0..nrace-1] (a rank_run's results) not merged are
 * rolled out again, each opt->max_rollouts times (at least 2; the caller's share of race[0]'s), with a
 * seed of their own (opt->seed derived with RANK_FRESH_STREAM: dice independent of the
 * ranking's), every one with the same dice (paired), no stop. The first opt->sort_first of
 * them (0: all) are then ordered by their fresh mean goal value, the others keep the race's
 * order; vs_best is measured from the first. Writes their results into out[0..*nout-1]: the
 * estimates and rollouts fresh, candidate, dropped and same the race's. Returns 0, or -1 when a
 * rollout failed. sum (may be NULL): the fresh rollouts. */
#define RANK_FRESH_STREAM 0xf7e5u
int rank_fresh(rank_rollout_fn fn, void *ctx, const struct rank_options *opt, const struct rank_result *race,
               size_t nrace, size_t want, struct rank_result *out, size_t *nout, struct rank_summary *sum);
/* The ranking after rank_fresh, in place: the nrace records of ranked[] (each size bytes, the
 * k-th that of race[k]) put in their new order, first those of fresh[0..nfresh-1] (rank_fresh's
 * out) in their fresh order, then the others in the race's order. */
void rank_fresh_reorder(void *ranked, size_t size, const struct rank_result *race, size_t nrace,
                        const struct rank_result *fresh, size_t nfresh);

/* The most threads a run may use (xii hint, audit --analyse and simulate: --threads). */
#define RANK_MAX_THREADS 64

/* Number of processors online (at least 1, at most RANK_MAX_THREADS): the default thread count. */
int rank_default_threads(void);

#endif
