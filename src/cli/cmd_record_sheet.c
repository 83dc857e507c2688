/* xii record-sheet: writes the game record to fill in at the table (default
 * record-sheet.pdf). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_args.h"
#include "cli/render_options.h"
#include "cli/usage.h"
#include "layout/record_sheet.h"

static const char usage_head[] =
    "usage: xii record-sheet [--players N | --names \"Jack,Tom\"] [--rounds N] [options]\n"
    "Writes the game record (default record-sheet.pdf): per round, in the order of the\n"
    "move log, the shared dice, each turn's dice and what they were spent on, the king war;\n"
    "filled in at the table, it is typed into a log by reading it top to bottom.\n"
    "  --players N         number of players, 1 to 5 (default 4)\n"
    "  --names \"Jack,Tom\"  the players' names in seat order, instead of --players\n"
    "  --rounds N          print rounds 1 to N (default 10)\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

static const char *const help_text[] = {usage_head, render_options_help, cli_help_render_tail,
                                        NULL};

static int draw_record(struct canvas *c, const void *ctx, struct strbuf *err)
{
    (void)err;
    record_sheet_draw(c, ctx);
    return 0;
}

/* Reads --rounds: 1..GD_ROUNDS. Returns 0, or -1 with the reason in err. */
static int parse_rounds(const char *text, int *out, struct strbuf *err)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < 1 || v > GD_ROUNDS) {
        strbuf_printf(err, "--rounds must be 1 to %d, not '%s'", GD_ROUNDS, text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int cmd_record_sheet(int argc, char **argv)
{
    struct render_options ro;
    render_options_init(&ro);
    const char *players = NULL, *names = NULL, *rules = NULL, *rounds_text = NULL;
    const struct render_arg own[] = {{"--players", &players, NULL}, {"--names", &names, NULL},
                                     {"--rounds", &rounds_text, NULL}, {"--rules", &rules, NULL},
                                     {NULL, NULL, NULL}};
    int rc = render_args_parse("record-sheet", help_text, own, &ro, argc, argv);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    struct strbuf err = STRBUF_INIT;
    if (players && names) {
        fprintf(stderr, "xii record-sheet: give --players or --names, not both\n");
        return EXIT_USAGE;
    }
    struct organiser_players pl;
    int rounds = GD_ROUNDS;
    const char *inputs[] = {rules};
    if (render_options_check(&ro, "record-sheet", inputs, 1, &err) != 0 ||
        (rounds_text && parse_rounds(rounds_text, &rounds, &err) != 0) ||
        organiser_players_parse(players, names, 4, &pl, &err) != 0) {
        fprintf(stderr, "xii record-sheet: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, rules) != 0) {
        organiser_players_free(&pl);
        return EXIT_USAGE;
    }
    struct strbuf footer = STRBUF_INIT;
    strbuf_printf(&footer, "game record \xc2\xb7 %d player%s \xc2\xb7 %d round%s \xc2\xb7 ", pl.n,
                  pl.n == 1 ? "" : "s", rounds, rounds == 1 ? "" : "s");
    render_options_describe(&ro, &footer);
    struct record_options o = {&gd, ro.paper, ro.grey, &pl, rounds, strbuf_cstr(&footer)};
    int status = render_document(&ro, "record-sheet", "record-sheet", "XII Century: game record",
                                 draw_record, &o);
    strbuf_free(&footer);
    strbuf_free(&err);
    gamedata_free(&gd);
    organiser_players_free(&pl);
    return status;
}
