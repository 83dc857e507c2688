/* The advisor's race over the game interface (core/game.h): at a position where a seat
 * decides, every legal decision is valued, exactly when the rest of the game is small enough
 * (advisor/gexact.h: best play after it, chance weighed), else by rollouts: each candidate
 * applied, then the game played to its end by a shared player (bots/gplayer.h: greedy) with
 * chance drawn by its probabilities, and the candidates raced as XII Century's hint races its
 * plans (bots/rank.h: common random numbers, a first stage of up to 64 rollouts each (the
 * budget's) before any verdict, the leader
 * against every other with the Bonferroni correction, the survivors' rollouts doubled up to
 * the budget; the ones shown then rolled out afresh, free of the winner's curse, their return's
 * intervals widened to a bounded value's, the return being between 0 and the game's bound, and
 * so their paired differences from the first's, between minus its bound and their own). When more
 * decisions are legal than GRACE_SCREEN, the race takes the GRACE_SCREEN the game's evaluate
 * values most after them (the greedy player's key). With more rounds left than
 * GRACE_EXACT_HORIZON (g->horizon) the exact solve only takes a quick look (GRACE_EXACT_PROBE
 * positions): so far from the end the whole solve never finished within its bound in Kingdom
 * (it gave up after half a second), while a position whose rest is short (a game decided at
 * once) is still solved. Rollouts run on the worker pool; the
 * answer depends on the seed and the options, not on the thread count (but with a time
 * limit). No I/O. */
#ifndef ADVISOR_GRACE_H
#define ADVISOR_GRACE_H
#include <stddef.h>
#include <stdint.h>
#include "core/game.h"
#include "core/strbuf.h"
#include "bots/gplayer.h"
#include "bots/rank.h"
#include "advisor/gexact.h"

#define GRACE_SCREEN 16             /* candidates raced at most */
#define GRACE_EXACT_NODES 100000    /* positions the exact solve may go through */
#define GRACE_EXACT_HORIZON 2       /* rounds left (the game's horizon) the whole solve is tried at */
#define GRACE_EXACT_PROBE 10000     /* past them, the positions it may go through (a quick look) */
#define GRACE_RACE_MIN 64           /* rollouts of each candidate before any verdict (at most) */
#define GRACE_FIRST_MIN 8           /* the least first stage a budget may ask for */
#define GRACE_FRESH_ORDERED 3       /* the race's first ones rolled out afresh and reordered */
#define GRACE_FRESH_MIN 16          /* the default budget's fresh rollouts of each at least */
#define GRACE_FRESH_MAX 256         /* fresh rollouts of each at most */
#define GRACE_BUDGET_ROUNDS 1536    /* the default race: rounds of play-out over all its candidates */
#define GRACE_BUDGET_MAX 1024       /* the default race: a candidate's rollouts at most */

struct grace_options {
    enum rank_goal goal;            /* RANK_GOAL_WIN (needs g->win) or RANK_GOAL_SCORE: the return */
    enum gplayer player;            /* the rollout player (GPLAYER_GREEDY unless set) */
    size_t max_rollouts;            /* a candidate's rollouts at most (>= 2) */
    size_t first_rollouts;          /* the first stage's rollouts of each before any verdict
                                       (0: GRACE_RACE_MIN; never more than max_rollouts) */
    size_t screen;                  /* candidates raced at most (0: GRACE_SCREEN; at least 2) */
    size_t fresh_rollouts;          /* fresh rollouts of each shown (0: half the race leader's, at
                                       most GRACE_FRESH_MAX) */
    double seconds;                 /* > 0: no stage of the race starts that would end later */
    uint64_t seed;
    int threads;
    size_t exact_nodes;             /* the exact solve's bound (0: GRACE_EXACT_NODES; at most
                                       GRACE_EXACT_PROBE where the horizon is past
                                       GRACE_EXACT_HORIZON) */
    size_t shown;                   /* the candidates shown: they get fresh rollouts */
    void (*progress)(void *ctx, size_t done, size_t total);    /* may be NULL */
    void *progress_ctx;
};

/* A decision with its values. */
struct grace_ranked {
    size_t index;                   /* its place in the game's legal list */
    struct rank_result r;           /* the estimates (exact: no rollout, r.goal.mean the value) */
    struct gexact_value exact;      /* exact: its value */
};

struct grace {
    int seat;
    enum rank_goal goal;
    int exact;                      /* every legal decision valued exactly (no rollout) */
    size_t nodes;                   /* the positions the exact solve went through (or tried) */
    size_t node_bound;              /* the most it might (GRACE_EXACT_PROBE at most early on) */
    size_t legal;                   /* the decisions legal */
    void *decisions;                /* their list (decision_size bytes each; owned) */
    struct grace_ranked *ranked;    /* the candidates, best first (owned) */
    size_t n;
    struct rank_summary summary;    /* the race's, its rollouts with the fresh ones */
    size_t fresh;                   /* the first ones of ranked[] whose estimates are fresh */
    size_t fresh_rollouts;          /* the fresh rollouts each of them got */
};

/* Ranks the decisions of the seat deciding at state (g->current a seat). Returns 0 (free out
 * with grace_free), or -1 with why in err (no seat decides, the goal win in a game without
 * one, the game refused a decision it listed). */
/* The default budget at state into o (max_rollouts, first_rollouts, screen): GRACE_BUDGET_ROUNDS
 * rounds of play-out (g->horizon's; a game without one counts 1 a rollout) shared by the
 * candidates the race takes, at most GRACE_BUDGET_MAX rollouts each, the first stage all of it
 * up to GRACE_RACE_MIN; where that leaves fewer than GRACE_FIRST_MIN each, fewer candidates
 * (at least 2) get GRACE_FIRST_MIN each; the ones shown at least GRACE_FRESH_MIN fresh rollouts.
 * The same whatever the machine. */
void grace_budget(const struct game *g, const void *state, struct grace_options *o);

int grace_rank(const struct game *g, const void *state, const struct grace_options *o, struct grace *out,
               struct strbuf *err);
void grace_free(struct grace *out);

/* Plays a copy of state to the end with player p, chance and the player's choices drawn from
 * seed (as the race's rollouts do), and gives the seat's outcome. Returns 0, or -1 with why in
 * err (the game refused a decision it listed, or did not end). */
int grace_play_out(const struct game *g, const void *state, enum gplayer p, int seat, uint64_t seed,
                   struct rank_outcome *out, struct strbuf *err);

#endif
