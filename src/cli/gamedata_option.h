/* Loading the game data for a command: the built-in file, or --rules FILE. */
#ifndef CLI_GAMEDATA_OPTION_H
#define CLI_GAMEDATA_OPTION_H
#include "rules/gamedata.h"

/* Loads path (or the built-in data when path is NULL); on failure prints every diagnostic to
 * stderr and returns -1 (the caller exits with status 2). */
int cli_load_gamedata(struct gamedata *gd, const char *path);

#endif
