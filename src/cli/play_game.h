/* xii play for a game the shared recorder takes (record/gsession.h; Kingdom): the table's lines
 * read, recorded and answered, the audit report at the end. */
#ifndef CLI_PLAY_GAME_H
#define CLI_PLAY_GAME_H
#include "core/game.h"

struct play_game_args {
    const char *file;       /* the game file */
    const char *rules;      /* --rules FILE, or NULL */
    const char *pdf;        /* --pdf PDF: the filled sheet at the end, or NULL */
    int quiet;              /* not what the rules did by themselves */
};

/* Records a game of g into a->file from standard input; returns the exit status. */
int play_game(const struct game *g, const struct play_game_args *a);

#endif
