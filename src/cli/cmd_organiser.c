/* xii organiser: writes the dice organiser sheet (default organiser.pdf). */
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_args.h"
#include "cli/render_options.h"
#include "cli/usage.h"
#include "layout/organiser.h"

static const char usage_head[] =
    "usage: xii organiser [--players N | --names \"Jack,Tom\"] [options]\n"
    "Writes the dice organiser sheet (default organiser.pdf): a place for every die of a\n"
    "round, each big enough for a real die.\n"
    "  --players N         number of players, 1 to 5 (default 4)\n"
    "  --names \"Jack,Tom\"  the players' names in seat order, instead of --players\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

static const char *const help_text[] = {usage_head, render_options_help, cli_help_render_tail,
                                        NULL};

static int draw_organiser(struct canvas *c, const void *ctx, struct strbuf *err)
{
    (void)err;
    organiser_draw(c, ctx);
    return 0;
}

int cmd_organiser(int argc, char **argv)
{
    struct render_options ro;
    render_options_init(&ro);
    const char *players = NULL, *names = NULL, *rules = NULL;
    const struct render_arg own[] = {{"--players", &players, NULL}, {"--names", &names, NULL},
                                     {"--rules", &rules, NULL}, {NULL, NULL, NULL}};
    int rc = render_args_parse("organiser", help_text, own, &ro, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    struct strbuf err = STRBUF_INIT;
    struct organiser_players pl;
    if (players && names) {
        fprintf(stderr, "xii organiser: give --players or --names, not both\n");
        return EXIT_USAGE;
    }
    const char *inputs[] = {rules};
    if (render_options_check(&ro, "organiser", inputs, 1, &err) != 0 ||
        organiser_players_parse(players, names, 4, &pl, &err) != 0) {
        fprintf(stderr, "xii organiser: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, rules) != 0) {
        organiser_players_free(&pl);
        return EXIT_USAGE;
    }
    struct strbuf footer = STRBUF_INIT;
    strbuf_printf(&footer, "organiser \xc2\xb7 %d player%s \xc2\xb7 ", pl.n, pl.n == 1 ? "" : "s");
    render_options_describe(&ro, &footer);
    struct organiser_options oo = {&gd, ro.paper, ro.grey, &pl, strbuf_cstr(&footer)};
    int status = render_document(&ro, "organiser", "organiser", "XII Century: dice organiser", draw_organiser, &oo);
    strbuf_free(&footer);
    strbuf_free(&err);
    gamedata_free(&gd);
    organiser_players_free(&pl);
    return status;
}
