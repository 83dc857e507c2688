/* A random legal game of Kingdom written as a move log: every decision drawn among
 * kingdom_legal's, the dice fair, a check line after each production and the result at the
 * end. The tests, the fuzz corpus and the audit's bench play through it. */
#ifndef KINGDOM_RANDOM_GAME_H
#define KINGDOM_RANDOM_GAME_H
#include <stdint.h>
#include "core/strbuf.h"
#include "kingdom/kingdom.h"

/* Plays a game from seed with data d, appends its log to out and leaves its end in *s. */
void kingdom_random_game(const struct kdata *d, uint64_t seed, struct kstate *s, struct strbuf *out);

#endif
