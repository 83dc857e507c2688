/* Simulations of any game (core/game.h): many whole games played by the shared players on
 * the worker pool (bots/pool.h). Game k is played from play_seed_derive(seed, k) alone and
 * handed to the caller with its index, so that what the caller keeps of it does not depend on
 * the thread count. No I/O: the games' ends, logs and progress go to the caller's callbacks. */
#ifndef BOTS_GSIM_H
#define BOTS_GSIM_H
#include <stddef.h>
#include <stdint.h>
#include "core/game.h"
#include "core/strbuf.h"
#include "bots/gplayer.h"

struct gsim_options {
    const struct game *g;
    const void *data;               /* the game's data */
    int nseats;
    enum gplayer seat[GAME_MAX_SEATS];
    int games;                      /* >= 1 */
    uint64_t seed;
    int threads;                    /* >= 1 */
    int want_logs;                  /* write each game's move log (the game must have writers) */
    const char *run_name;           /* names the run in each log's comment ("xii simulate") */
    /* Called from a worker before each decision of game k is applied; may be NULL. Game k's
     * calls come from one thread, in order. */
    void (*seen)(void *ctx, int game, const void *state, const void *decision);
    /* Called from a worker when game k has ended, with its final state and its log when
     * want_logs (else NULL, 0). Returns 0, or -1 to stop the run with the reason in err.
     * Must be thread-safe. */
    int (*game_done)(void *ctx, int game, const void *state, const char *log, size_t len,
                     struct strbuf *err);
    /* Called from the calling thread a few times a second and once at the end; may be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *ctx;
};

/* Plays every game. Returns 0, or -1 with the reason in err (a bug of the game, a callback's
 * failure, a thread that cannot start, logs asked of a game that cannot write them). */
int gsim_run(const struct gsim_options *o, struct strbuf *err);

#endif
