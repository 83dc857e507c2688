/* The games xii plays, each registered by one line in games.c: a command's --game NAME and a
 * log's game (its first statement's keyword) are looked up here, nowhere else. */
#ifndef CLI_GAMES_H
#define CLI_GAMES_H
#include <stddef.h>
#include "core/game.h"

/* The game called name (its --game name, case ignored), or NULL. */
const struct game *cli_game_named(const char *name);
/* The names to offer in a message: "xii or kingdom". */
const char *cli_game_names(void);
/* The game whose log buf (len bytes) is: the one whose name is its first statement's keyword
 * (comments and blank lines before it aside); XII Century when no game's is. */
const struct game *cli_game_of_log(const char *buf, size_t len);
/* The game FILE records (for command cmd's messages): the one its first line names when it
 * has lines, else game_opt's (--game NAME, or NULL), else XII Century. NULL after a message
 * on standard error when game_opt names no game, or another game than FILE's. */
const struct game *cli_game_of_file(const char *cmd, const char *game_opt, const char *file);

#endif
