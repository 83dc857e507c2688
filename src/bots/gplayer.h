/* The shared players of every game, written once over the game interface (core/game.h): they
 * reach a game only through the struct game they are handed.
 *
 *   random  uniform among the legal decisions
 *   greedy  one step of lookahead: each legal decision is applied to a copy of the state and
 *           the one whose copy the game's evaluate values most for the deciding seat is taken
 *           (ties drawn at random); the table's decisions are valued for seat 0
 *
 * Chance decisions are sampled by their probabilities whoever plays. A player keeps no state
 * between calls; the scratch space (legal lists, a state copy) is the caller's, one per
 * thread. Each call is deterministic given its generator. */
#ifndef BOTS_GPLAYER_H
#define BOTS_GPLAYER_H
#include <stddef.h>
#include "core/game.h"
#include "bots/rng.h"

enum gplayer { GPLAYER_RANDOM, GPLAYER_GREEDY, GPLAYER_COUNT };

/* "random" or "greedy". */
const char *gplayer_name(enum gplayer p);
/* The player named name. Returns 0, or -1 when the name is none of them. */
int gplayer_from_name(const char *name, enum gplayer *out);

/* Room for the players' work on one game's states: the legal decisions with their
 * probabilities, and a state copy. */
struct gscratch {
    const struct game *g;
    void *legal;                /* cap decisions */
    double *p;                  /* cap probabilities */
    size_t cap;
    void *copy;                 /* a state */
};
void gscratch_init(struct gscratch *sc, const struct game *g);
void gscratch_free(struct gscratch *sc);
/* Lists the legal decisions of state into sc (growing it as needed), with the chance
 * outcomes' probabilities; returns how many there are. */
size_t gscratch_legal(struct gscratch *sc, const void *state);

/* Chooses the decision to apply to state (whoever decides: a seat, the table or chance) and
 * copies it into out (decision_size bytes). Chance outcomes are drawn from dice by their
 * probabilities, the players' choices from choice. Returns 0, or -1 when the game is over
 * (nothing is legal). */
int gplayer_choose(enum gplayer p, struct gscratch *sc, const void *state, struct play_rng *dice,
                   struct play_rng *choice, void *out);

#endif
