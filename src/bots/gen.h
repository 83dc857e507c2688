/* Random complete games written as move logs: every move is picked among the engine's legal
 * moves with a seeded generator, and the automatic steps run exactly where the replay runs
 * them, so replaying the text must give the same game with no error and no mismatch. Used by
 * the benchmark (a large corpus of 5-player games) and by the end-to-end tests. */
#ifndef LOG_GEN_H
#define LOG_GEN_H
#include <stdint.h>
#include "core/strbuf.h"
#include "rules/engine.h"

struct log_gen_options {
    int nplayers;       /* 1..5 */
    uint64_t seed;      /* the same seed gives the same game */
    int checks;         /* write check lines: after some turns, at each round's end, at the end */
};

/* Plays one complete random game and appends its log to out; copies the final state into
 * *final when not NULL. Returns 0, or -1 when the engine refused a move it had listed as
 * legal (an engine bug; the log is then incomplete). */
int log_gen_game(const struct gamedata *gd, const struct log_gen_options *opt, struct strbuf *out,
                 struct game_state *final);
/* The same with the players' names (opt->nplayers of them, each under XII_NAME_SIZE bytes)
 * instead of Jack, Tom, Martha, Mary and "Ann Lee": any text the log can hold. */
int log_gen_game_named(const struct gamedata *gd, const struct log_gen_options *opt,
                       const char *const *names, struct strbuf *out, struct game_state *final);

#endif
