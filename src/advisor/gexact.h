/* Exact values over the game interface (core/game.h) for a game of one seat: expectimax, the
 * seat's decisions the best for the goal and chance weighed by its outcomes' probabilities,
 * every position met solved once (a transposition table keyed by the state's bytes: two
 * states with the same bytes are the same position). Where the game bounds what a position
 * may still be worth (g->bound), a decision that cannot beat the best found is left out and
 * the search of a position stops once its best reaches its bound: the values stay exact, and
 * the first of equal decisions is still the one taken. Bounded: past max_nodes distinct
 * positions the solve gives up, having valued nothing, so that the caller estimates instead.
 * Single-threaded and deterministic: of equal values the first decision in the game's list
 * is taken. No I/O. */
#ifndef ADVISOR_GEXACT_H
#define ADVISOR_GEXACT_H
#include <stddef.h>
#include "core/game.h"
#include "bots/rank.h"

/* A position's value for the seat under best play: the goal's (rank_goal_value), the chance
 * to win (the share of a tie; 0 when the game has no win) and the expected return. */
struct gexact_value {
    double goal, win, ret;
};

/* The ranking's outcome of the ended game in state for seat: its return rounded (both games'
 * returns are whole) and whether the seat is among the winners (g->win above 0). */
void gexact_outcome(const struct game *g, const void *state, int seat, struct rank_outcome *out);

/* Values each of the n decisions dec[0..n) (decision_size bytes each, legal at state, where
 * the seat decides) under best play after it, into vals[0..n). Returns 0; or 1 when the game
 * has more than one seat or the positions to solve are more than max_nodes (vals then
 * unspecified); -1 with the game's refusal in err when it refused a decision it listed.
 * *nodes (may be NULL): the distinct positions solved. */
int gexact_decisions(const struct game *g, const void *state, int seat, enum rank_goal goal,
                     const void *dec, size_t n, size_t max_nodes, struct gexact_value *vals, size_t *nodes,
                     struct strbuf *err);

#endif
