/* The shared game driver: one whole game of any game (core/game.h) played by the shared
 * players, from a seed alone. Its dice and its players' choices come from two generators
 * derived from the game's seed (play_seed_derive(seed, 0) and (seed, 1)), so a game is the
 * same on any thread, and two players given one seed meet the same stream of dice. */
#ifndef BOTS_GDRIVE_H
#define BOTS_GDRIVE_H
#include <stddef.h>
#include <stdint.h>
#include "core/game.h"
#include "core/strbuf.h"
#include "bots/gplayer.h"

#define GDRIVE_MAX_DECISIONS 1000000    /* a game still going after this many is a bug */

struct gdrive {
    const struct game *g;
    const void *data;               /* the game's data (g->data_load) */
    int nseats;
    enum gplayer seat[GAME_MAX_SEATS];  /* who plays each seat; seat 0's player takes the
                                           table's decisions */
    uint64_t seed;                  /* the game's seed */
    struct strbuf *log;             /* the move log is appended here when not NULL (through
                                       the game's writers, which must be there) */
    const char *comment;            /* the log's comment line (e.g. the run and game number) */
    /* Called before each decision is applied, with the state it applies to; may be NULL. */
    void (*seen)(void *ctx, const void *state, const void *decision);
    void *ctx;
};

/* Plays one game from the start to its end into state (g->state_size bytes), with sc's room
 * (gscratch_init for d->g). Returns 0, or -1 with the reason in err: the game refused a
 * decision its own list called legal, or did not end (both bugs of the game). */
int gdrive_play(const struct gdrive *d, void *state, struct gscratch *sc, struct strbuf *err);

#endif
