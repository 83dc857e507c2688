/* The game's last round solved over every legal plan, with no cut.
 *
 * A depth-first search over the engine's legal moves (engine_legal_moves, engine_apply_listed,
 * engine_undo) from the open turn, on several threads: each distinct partial plan (the turn,
 * the player's sheet and the shared dice after it, hashed) is explored once whoever reaches it
 * first; each distinct sheet a complete plan reaches is ended (engine_end_turn) with no market
 * conversion and with each one the market takes (as play_market_choices lists them), and each
 * position so reached is valued (two sheets that the market brings to the same position are
 * valued twice: cheaper than a set of millions of positions; the lists keep it once). Dice
 * showing equal values are taken once (the engine lists one move per value). The town court's
 * re-roll is chance: where the values are exact it is weighed where nothing was spent yet this
 * turn, or only the court bought (a later re-roll is worth no more: every plan after it can
 * follow the earlier one), as
 * the mean over its six results of the best plan after each (each result solved by this same
 * solve, keeping the best one), only as far as it may beat every plan found; when it does it
 * enters the list (first) as a plan that ends with the re-roll.
 *
 * The value of a position after the turn: the rest of the round, then the final scores.
 * - No turn is left in the round (the last turn of a solo game, the last seat's turn): the rest
 *   is the king war (multiplayer) and the production. The player's war choice is the better
 *   of support and avoid, the other seats choose as the rollout bot does, and each distinct
 *   outcome of the war (engine_war_outcomes: which supporters end on top) is weighed by its
 *   share of the combinations of bonus rolls; the location
 *   bonus choices are the rollout bot's. The value is exact: the final score's expectation, the
 *   chance to win (a tie's share) and the objective, over the war's rolls.
 * - Other seats still play this round: their turns are one continuation (their dice drawn
 *   from the seed, their plans the rollout bot's on the position with this turn ended as it
 *   stands, replayed on each position: the engine checks every move, and the bot plays a turn
 *   the engine refuses, as where the plan changed a shared die), then the war and the
 *   production weighed as above. The value is the player's expected final score given that
 *   continuation (whatever the goal: the engine bounds the player's own score, not the others'
 *   after turns still to play, so the chance to win has no bound to cut with). It depends on
 *   the dice drawn: it picks the candidates, which the rollouts then rank by the goal.
 *
 * Bounds (branch and bound): the engine bounds what the rest can
 * give (engine_spend_gains, engine_end_gain, engine_war_gain and engine_war_ceiling: at base
 * POW 0 the war adds only after a spend that raises POW; engine_score_floor,
 * engine_objective_open_below): a partial plan, a complete plan or a position whose ceiling
 * in the goal's unit is below the k-th best found so far is dropped, and the moves are tried
 * highest ceiling first. The threshold only rises, so nothing that could enter the list is
 * dropped.
 *
 * The results do not depend on the thread count: the positions kept are the best k by value,
 * then by their hash; the plan given for a position is the one reached through the least
 * (parent's hash, move index) at each step of every way the search found to it. */
#ifndef ADVISOR_ADVICE_EXACT_H
#define ADVISOR_ADVICE_EXACT_H
#include <stddef.h>
#include <stdint.h>
#include "bots/bot.h"
#include "bots/plan.h"
#include "bots/rank.h"

#define ADVICE_EXACT_MAX 32

/* A position's value after the turn: expectations over what the rest holds of chance. */
struct advice_exact_value {
    double goal;                /* rank_goal_value's expectation: what ranks */
    double score;               /* the player's final score */
    double win;                 /* the chance to win (a tie's share); 0 in solo */
    double objective;           /* the chance to achieve the objective (solo) */
    double seat[XII_MAX_PLAYERS];   /* every seat's final score */
};

struct advice_exact_plan {
    struct play_plan plan;      /* the dice's uses, then the market conversion if any */
    struct advice_exact_value v;
    uint64_t key;               /* the position's hash (ties: the smaller first) */
    int reroll;                 /* the plan ends with the town court's re-roll, its result (to)
                                   unset: the value is the mean, over the six results, of the
                                   best plan after each */
};

struct advice_exact {
    int exact;                  /* no turn is left after this one in the round: values exact */
    size_t nodes;               /* distinct partial plans explored */
    size_t plans;               /* distinct complete plans (the dice's uses, in any order) */
    size_t ends;                /* positions after the turn's end valued, market included */
    size_t valued;              /* positions whose rolls were weighed (not dropped by the bound) */
    size_t rerolls;             /* town court re-rolls weighed (each result solved) */
    size_t rerolls_open;        /* town court re-rolls met before any spend, weighed or not (a
                                   re-roll is weighed only as far as it may beat every plan) */
    struct advice_exact_plan best[ADVICE_EXACT_MAX];   /* best first */
    int nbest;
};

/* Solves the open turn of s (round GD_ROUNDS) for its player under `goal` (the expected final
 * score instead when later seats still play: see above), the rest of the round's decisions
 * by `bot`, the continuation's dice from `seed`, keeping the best k (at most
 * ADVICE_EXACT_MAX) on `threads` threads. Returns 0, or -1 when no turn is open, the
 * round is not the last or the engine refused a step of the rest (a bug). */
int advice_exact_solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                       uint64_t seed, int threads, int k, struct advice_exact *out);

#endif
