/* xii summary: writes the one-page rules summary (default out/summary.pdf). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_options.h"
#include "layout/summary.h"

static const char usage_head[] =
    "usage: xii summary [options]\n"
    "Writes the rules summary (default out/summary.pdf): one page, readable at 100 % on A4\n"
    "and on Letter, every number taken from the game data.\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

int cmd_summary(int argc, char **argv)
{
    struct render_options ro;
    render_options_init(&ro);
    const char *rules = NULL;
    struct strbuf err = STRBUF_INIT;
    for (int i = 1; i < argc;) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            printf("%s%s", usage_head, render_options_help);
            return EXIT_OK;
        }
        if (strcmp(a, "--rules") == 0 && i + 1 < argc) {
            rules = argv[i + 1];
            i += 2;
            continue;
        }
        if (strncmp(a, "--rules=", 8) == 0) {
            rules = a + 8;
            i++;
            continue;
        }
        int m = render_options_parse(&ro, argc, argv, &i, &err);
        if (m <= 0) {
            if (m < 0)
                fprintf(stderr, "xii summary: %s\n", strbuf_cstr(&err));
            else
                fprintf(stderr, "xii summary: unexpected argument '%s'\n%s%s", a, usage_head,
                        render_options_help);
            strbuf_free(&err);
            return EXIT_USAGE;
        }
    }
    int to_stdout = ro.output && strcmp(ro.output, "-") == 0;
    if (render_options_check(&ro, &err) != 0 || (to_stdout && ro.backend != CANVAS_TRACE)) {
        fprintf(stderr, "xii summary: %s\n",
                err.len ? strbuf_cstr(&err) : "-o - (standard output) works with --backend trace only");
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, rules) != 0)
        return EXIT_USAGE;
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_default(&dl);
    /* Without its icons the summary still reads well: the words stay. */
    for (size_t i = 0; i < dl.count; i++)
        fprintf(stderr, "xii summary: warning: %s\n", dl.items[i].message);
    diag_list_free(&dl);
    struct strbuf footer = STRBUF_INIT;
    strbuf_puts(&footer, "rules summary \xc2\xb7 ");
    render_options_describe(&ro, &footer);
    struct summary_options so = {&gd, icons, ro.paper, ro.grey, strbuf_cstr(&footer)};
    struct canvas_options co;
    render_options_canvas(&ro, ro.svg ? "out/summary.svg" : ro.backend == CANVAS_TRACE
                          ? "out/summary.trace" : "out/summary.pdf", "XII Century: rules summary", &co);
    if (to_stdout)
        co.path = NULL;
    int status = EXIT_OK;
    if (!ro.output && mkdir("out", 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "xii summary: cannot create the folder out: %s\n", strerror(errno));
        status = EXIT_OUTPUT;
    } else {
        struct canvas *c = canvas_new(&co, &err);
        if (!c) {
            fprintf(stderr, "xii summary: %s\n", strbuf_cstr(&err));
            status = EXIT_OUTPUT;
        } else if (summary_draw(c, &so, &err) != 0) {
            fprintf(stderr, "xii summary: %s\n", strbuf_cstr(&err));
            canvas_discard(c);
            status = EXIT_USAGE;
        } else {
            if (to_stdout)
                fputs(canvas_trace(c), stdout);
            if (canvas_finish(c, &err) != 0) {
                fprintf(stderr, "xii summary: %s: %s\n", co.path ? co.path : "-", strbuf_cstr(&err));
                status = EXIT_OUTPUT;
            } else if (!to_stdout) {
                fprintf(stderr, "xii summary: wrote %s\n", co.path);
            } else if (fflush(stdout) != 0) {
                status = EXIT_OUTPUT;
            }
        }
    }
    strbuf_free(&footer);
    strbuf_free(&err);
    icons_free(icons);
    gamedata_free(&gd);
    return status;
}
