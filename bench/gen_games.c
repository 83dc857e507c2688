/* Writes random complete legal games as move logs (the corpus of bench_audit, to look at or to
 * feed to `xii audit`), or one long log: a complete game followed by check lines.
 *
 * usage: gen_games DIR COUNT [PLAYERS [SEED]]    writes DIR/game-0001.xii ... (default 5
 *                                                players, seed 1; the games have check lines)
 *        gen_games --lines N FILE                one 5-player game padded to N lines */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/atomicfile.h"
#include "bots/gen.h"

static int write_file(const char *path, const struct strbuf *text)
{
    struct strbuf err = STRBUF_INIT;
    int rc = atomicfile_write_all(path, text->data, text->len, &err);
    if (rc != 0)
        fprintf(stderr, "gen_games: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return rc;
}

static int long_log(const struct gamedata *gd, long lines, const char *path)
{
    struct strbuf text = STRBUF_INIT;
    struct game_state final;
    struct log_gen_options o = {5, 77, 1};
    if (log_gen_game(gd, &o, &text, &final) != 0)
        return 1;
    long have = 0;
    for (size_t i = 0; i < text.len; i++)
        have += text.data[i] == '\n';
    for (; have < lines; have++)
        strbuf_printf(&text, "check Jack food %d score %d\n", final.p[0].asset[A_FOOD],
                      engine_score(&final, 0, NULL));
    int rc = write_file(path, &text);
    strbuf_free(&text);
    return rc != 0;
}

int main(int argc, char **argv)
{
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0)
        return 1;
    diag_list_free(&dl);
    int rc = 0;
    if (argc == 4 && strcmp(argv[1], "--lines") == 0) {
        rc = long_log(&gd, atol(argv[2]), argv[3]);
    } else if (argc >= 3 && argc <= 5) {
        int count = atoi(argv[2]), players = argc > 3 ? atoi(argv[3]) : 5;
        unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
        if (count < 1 || players < 1 || players > 5) {
            fputs("gen_games: COUNT at least 1, PLAYERS 1 to 5\n", stderr);
            rc = 2;
        }
        for (int g = 0; rc == 0 && g < count; g++) {
            struct strbuf text = STRBUF_INIT;
            struct log_gen_options o = {players, seed + (unsigned long long)g, 1};
            char path[4096];
            snprintf(path, sizeof path, "%s/game-%04d.xii", argv[1], g + 1);
            if (log_gen_game(&gd, &o, &text, NULL) != 0 || write_file(path, &text) != 0)
                rc = 1;
            strbuf_free(&text);
        }
    } else {
        fputs("usage: gen_games DIR COUNT [PLAYERS [SEED]]\n       gen_games --lines N FILE\n", stderr);
        rc = 2;
    }
    gamedata_free(&gd);
    return rc;
}
