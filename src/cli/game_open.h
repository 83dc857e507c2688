/* A game file opened in the shared recorder (record/gsession.h) for xii play and xii serve. */
#ifndef CLI_GAME_OPEN_H
#define CLI_GAME_OPEN_H
#include "core/game.h"
#include "record/gsession.h"

/* Loads g's data (rules: --rules FILE, or NULL for the built-in) and opens file in the shared
 * recorder, for `xii CMD`. Returns EXIT_OK with *data and *s set (the caller frees both), else
 * the exit status after saying why on stderr (nothing left to free). */
int cli_game_open(const char *cmd, const struct game *g, const char *rules, const char *file, const void **data,
                  struct gsession **s);

#endif
