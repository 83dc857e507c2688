/* The games xii plays, registered by name: XII Century and Kingdom. */
#include "cli/games.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "bots/game_xii.h"
#include "cli/recorder_args.h"
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

const struct game *cli_game_of_file(const char *cmd, const char *game_opt, const char *file)
{
    const struct game *named = game_opt ? cli_game_named(game_opt) : NULL;
    struct strbuf x = STRBUF_INIT;
    if (game_opt && !named) {
        fprintf(stderr, "xii %s: --game %s is not a game: %s\n", cmd, recorder_shown(&x, game_opt), cli_game_names());
        strbuf_free(&x);
        return NULL;
    }
    /* Only a regular file is looked into (a FIFO would block: the recorder refuses it). */
    char head[4096];
    size_t n = 0;
    struct stat st;
    FILE *f = stat(file, &st) == 0 && S_ISREG(st.st_mode) ? fopen(file, "rb") : NULL;
    if (f) {
        n = fread(head, 1, sizeof head, f);
        fclose(f);
    }
    const struct game *g = n > 0 ? cli_game_of_log(head, n) : named ? named : cli_game_named("xii");
    if (named && g != named) {
        fprintf(stderr, "xii %s: %s is a %s game, not %s: nothing was written\n", cmd, recorder_shown(&x, file),
                g->title, named->title);
        g = NULL;
    }
    strbuf_free(&x);
    return g;
}
