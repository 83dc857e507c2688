/* A game's data loaded into a block of its own, as the game interface's data_load hands it out
 * (core/game.h): the allocation, the problems written out and the failure, once for every game. */
#ifndef CORE_GAME_DATA_H
#define CORE_GAME_DATA_H
#include <stddef.h>
#include "core/diag.h"
#include "core/strbuf.h"

/* A game's loader: the built-in data when path is NULL, else the file at path, into data;
 * 0, or -1 with the problems in dl. */
typedef int (*game_data_loader)(void *data, const char *path, struct diag_list *dl);

/* A new block of size bytes (zeroed) filled by load; NULL when it fails. Every problem the
 * loader reported is appended to err, one a line, either way. */
void *game_data_new(size_t size, game_data_loader load, const char *path, struct strbuf *err);

#endif
