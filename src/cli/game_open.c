/* Opening a game file in the shared recorder for xii play and xii serve (cli/game_open.h). */
#include "cli/game_open.h"
#include <stdio.h>
#include "cli/commands.h"
#include "cli/recorder_args.h"

int cli_game_open(const char *cmd, const struct game *g, const char *rules, const char *file, const void **data,
                  struct gsession **s)
{
    struct strbuf err = STRBUF_INIT;
    *s = NULL;
    *data = g->data_load(rules, &err);
    if (!*data) {
        fprintf(stderr, "%s", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    int rc = gsession_open(s, g, *data, file, NULL, &err);
    if (rc != 0) {
        struct strbuf x = STRBUF_INIT;
        const char *shown = recorder_shown(&x, file);
        if (rc == 1)
            fprintf(stderr, "%sxii %s: %s has errors: the recorder continues only a log the rules accept (see xii "
                            "audit %s)\n", strbuf_cstr(&err), cmd, shown, shown);
        else
            fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
        strbuf_free(&x);
        gsession_free(*s);
        *s = NULL;
        g->data_free(*data);
        *data = NULL;
    }
    strbuf_free(&err);
    return rc == 0 ? EXIT_OK : rc == -2 ? EXIT_OUTPUT : EXIT_USAGE;
}
