/* xii summary: writes the one-page rules summary (default summary.pdf). */
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_args.h"
#include "cli/render_options.h"
#include "cli/usage.h"
#include "layout/duplex_test.h"
#include "layout/summary.h"

static const char usage_head[] =
    "usage: xii summary [options]\n"
    "Writes the rules summary (default summary.pdf): one page, readable at 100 % on A4\n"
    "and on Letter, every number taken from the game data.\n"
    "  --duplex-test       write instead a two-sided alignment test (default\n"
    "                      duplex-test.pdf) to print before using --back-summary\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

static const char *const help_text[] = {usage_head, render_options_help, cli_help_render_tail,
                                        NULL};

static int draw_summary(struct canvas *c, const void *ctx, struct strbuf *err)
{
    return summary_draw(c, ctx, err);
}

static int draw_duplex_test(struct canvas *c, const void *ctx, struct strbuf *err)
{
    (void)err;
    duplex_test_draw(c, ctx);
    return 0;
}

int cmd_summary(int argc, char **argv)
{
    struct render_options ro;
    render_options_init(&ro);
    const char *rules = NULL;
    int duplex_test = 0;
    const struct render_arg own[] = {{"--duplex-test", NULL, &duplex_test}, {"--rules", &rules, NULL},
                                     {NULL, NULL, NULL}};
    int rc = render_args_parse("summary", help_text, own, &ro, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    struct strbuf err = STRBUF_INIT;
    const char *inputs[] = {rules};
    if (render_options_check(&ro, duplex_test ? "duplex-test" : "summary", inputs, 1, &err) != 0) {
        fprintf(stderr, "xii summary: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    if (duplex_test) {
        struct strbuf footer = STRBUF_INIT;
        strbuf_puts(&footer, "duplex test \xc2\xb7 ");
        render_options_describe(&ro, &footer);
        struct duplex_test_options dto = {ro.paper, ro.grey, strbuf_cstr(&footer)};
        int status = render_document(&ro, "summary", "duplex-test", "XII Century: duplex test",
                                     draw_duplex_test, &dto);
        strbuf_free(&footer);
        strbuf_free(&err);
        return status;
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
    int status = render_document(&ro, "summary", "summary", "XII Century: rules summary", draw_summary, &so);
    strbuf_free(&footer);
    strbuf_free(&err);
    icons_free(icons);
    gamedata_free(&gd);
    return status;
}
