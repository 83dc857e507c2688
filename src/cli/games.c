/* The games xii plays, registered by name: XII Century and Kingdom. */
#include "cli/games.h"
#include <string.h>
#include <strings.h>
#include "bots/game_xii.h"
#include "kingdom/game.h"
#include "log/words.h"

static const struct game *const games[] = {&xii_game, &kingdom_game};
#define NGAMES (sizeof games / sizeof games[0])

const struct game *cli_game_named(const char *name)
{
    for (size_t i = 0; name && i < NGAMES; i++)
        if (strcasecmp(name, games[i]->name) == 0)
            return games[i];
    return NULL;
}

const char *cli_game_names(void)
{
    _Static_assert(NGAMES == 2, "list the games' names here");
    return "xii or kingdom";
}

const struct game *cli_game_of_log(const char *buf, size_t len)
{
    const char *word;
    size_t n = log_first_keyword(buf, len, &word);
    for (size_t i = 0; n > 0 && i < NGAMES; i++)
        if (n == strlen(games[i]->name) && strncasecmp(word, games[i]->name, n) == 0)
            return games[i];
    return &xii_game;
}
