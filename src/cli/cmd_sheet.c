/* xii sheet: blank town-sheets, two pages per player, with names, town names and the global
 * events optionally pre-filled; with --game kingdom, the kingdom's one-page sheet. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/game_xii.h"
#include "cli/games.h"
#include "kingdom/game.h"
#include "cli/audit_kingdom.h"
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_args.h"
#include "cli/render_options.h"
#include "cli/usage.h"
#include "core/text.h"
#include "core/xalloc.h"
#include "layout/icons.h"
#include "layout/kingdom_sheet.h"
#include "layout/summary.h"
#include "layout/townsheet.h"
#include "log/write.h"
#include "rules/event_setup.h"

#define MAX_PLAYERS 5
#define DEFAULT_OUTPUT "town-sheet.pdf"
#define KINGDOM_OUTPUT "kingdom-sheet.pdf"

static const char usage_head[] =
    "usage: xii sheet [OPTIONS]\n"
    "Writes blank town-sheets (two pages per player) as one PDF (default " DEFAULT_OUTPUT " in\n"
    "the current folder; -o - writes it to standard output); with --game kingdom, the\n"
    "kingdom's one-page sheet.\n"
    "  --players N         N copies (1-5; default 1, or one per name)\n"
    "  --names \"Jack,Tom\"  player names, one sheet each (at most 5)\n"
    "  --towns \"Oakham,Ely\"\n"
    "                      town names, in the same order\n"
    "  --difficulty D      mark the rounds that get a global event (very-easy, easy, normal,\n"
    "                      hard, very-hard, forget-about-it)\n"
    "  --events \"7 fire, 8 plague, ...\"\n"
    "                      with --difficulty: write these events on the track\n"
    "  --seed S            with --difficulty: roll the events (method 1) from this seed\n"
    "                      (with --seed or --events, the 'events' line for the move log is\n"
    "                      printed on standard output)\n"
    "  --back-summary      put the rules summary after each page, as its back when printed\n"
    "                      on both sides\n"
    "  --rules FILE        read this game-data file instead of the built-in one (with --game\n"
    "                      kingdom, a file like kingdom.rules: the sheet prints its numbers)\n"
    "  --game G            the game: xii (XII Century, the default) or kingdom (its one-page\n"
    "                      sheet, " KINGDOM_OUTPUT " by default; --names is the ruler's name)\n"
    "  --realm NAME        with --game kingdom: the realm's name\n"
    "  --capital NAME      with --game kingdom: the capital's name\n";

static const char *const help_text[] = {usage_head, render_options_help, cli_help_render_tail,
                                        NULL};

struct sheet_args {
    struct render_options ro;
    const char *names, *towns, *difficulty, *events, *seed, *rules, *players_text;
    const char *game, *realm, *capital;
    int kingdom;                    /* --game kingdom */
    int players;
    int back_summary;
};

/* Splits "a, b,c" at commas into trimmed copies; returns the count (items beyond max are
 * counted but not stored). */
static int split_list(const char *s, char **out, int max)
{
    int n = 0;
    for (;;) {
        const char *e = strchr(s, ',');
        if (!e)
            e = s + strlen(s);
        const char *a = s, *b = e;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        if (n < max)
            out[n] = xstrndup(a, (size_t)(b - a));
        n++;
        if (!*e)
            break;
        s = e + 1;
    }
    return n;
}

/* The options that belong to the other game are refused; returns -1 after saying which. */
static int check_game_options(const struct sheet_args *sa)
{
    const char *other = NULL;
    if (sa->kingdom) {
        other = sa->towns ? "--towns" : sa->players_text ? "--players" : sa->difficulty ? "--difficulty"
              : sa->events ? "--events" : sa->seed ? "--seed" : sa->back_summary ? "--back-summary"
              : NULL;
        if (other)
            fprintf(stderr, "xii sheet: %s is an option of XII Century's town-sheets, not of "
                            "--game kingdom\n", other);
    } else {
        other = sa->realm ? "--realm" : sa->capital ? "--capital" : NULL;
        if (other)
            fprintf(stderr, "xii sheet: %s needs --game kingdom\n", other);
    }
    return other ? -1 : 0;
}

/* Parses argv; returns -1 after printing an error, 1 after printing the help, 0 to go on. */
static int parse_args(int argc, char **argv, struct sheet_args *sa)
{
    memset(sa, 0, sizeof *sa);
    render_options_init(&sa->ro);
    const struct render_arg own[] = {
        {"--back-summary", NULL, &sa->back_summary}, {"--names", &sa->names, NULL},
        {"--towns", &sa->towns, NULL}, {"--difficulty", &sa->difficulty, NULL},
        {"--events", &sa->events, NULL}, {"--seed", &sa->seed, NULL}, {"--rules", &sa->rules, NULL},
        {"--players", &sa->players_text, NULL}, {"--game", &sa->game, NULL},
        {"--realm", &sa->realm, NULL}, {"--capital", &sa->capital, NULL}, {NULL, NULL, NULL}};
    int rc = render_args_parse("sheet", help_text, own, &sa->ro, argc, argv);
    if (rc != 0)
        return rc;
    const struct game *g = sa->game ? cli_game_named(sa->game) : &xii_game;
    if (!g) {
        fprintf(stderr, "xii sheet: unknown game '%s' (expected %s)\n", sa->game, cli_game_names());
        return -1;
    }
    sa->kingdom = g == &kingdom_game;
    if (check_game_options(sa) != 0)
        return -1;
    struct strbuf err = STRBUF_INIT;
    if (sa->players_text) {
        char *end;
        errno = 0;
        long n = strtol(sa->players_text, &end, 10);
        if (errno || *end || end == sa->players_text || n < 1 || n > MAX_PLAYERS) {
            fprintf(stderr, "xii sheet: --players needs a number from 1 to %d, not '%s'\n",
                    MAX_PLAYERS, sa->players_text);
            return -1;
        }
        sa->players = (int)n;
    }
    const char *inputs[] = {sa->rules};
    if (render_options_check(&sa->ro, sa->kingdom ? "kingdom-sheet" : "town-sheet", inputs, 1,
                             &err) != 0) {
        fprintf(stderr, "xii sheet: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return -1;
    }
    strbuf_free(&err);
    if ((sa->events || sa->seed) && !sa->difficulty) {
        fprintf(stderr, "xii sheet: %s needs --difficulty\n", sa->events ? "--events" : "--seed");
        return -1;
    }
    if (sa->events && sa->seed) {
        fputs("xii sheet: give either --events or --seed, not both\n", stderr);
        return -1;
    }
    return 0;
}

/* Prints the diagnostics of an option's text with a caret under the error. */
static void print_diags(const struct diag_list *dl, const char *src)
{
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < dl->count; i++)
        diag_format(&out, &dl->items[i], src, src ? strlen(src) : 0);
    fputs(strbuf_cstr(&out), stderr);
    strbuf_free(&out);
}

/* Fills the difficulty and events of the options; returns -1 after printing an error. */
static int setup_events(const struct sheet_args *sa, const struct gamedata *gd,
                        struct townsheet_options *o, struct strbuf *footer)
{
    if (!sa->difficulty)
        return 0;
    int d = gamedata_difficulty(gd, sa->difficulty, strlen(sa->difficulty));
    if (d < 0) {
        fprintf(stderr, "xii sheet: unknown difficulty '%s' (expected", sa->difficulty);
        for (int k = 0; k < gd->ndifficulties; k++)
            fprintf(stderr, "%s %s", k ? "," : "", gd->difficulties[k].id);
        fputs(")\n", stderr);
        return -1;
    }
    o->difficulty = d;
    strbuf_printf(footer, " \xc2\xb7 %s", gd->difficulties[d].id);
    struct event_setup es;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc;
    if (sa->seed) {
        uint64_t seed;
        if (event_setup_parse_seed(sa->seed, &seed) != 0) {
            fprintf(stderr, "xii sheet: --seed needs a number from 0 to 18446744073709551615, "
                            "not '%s'\n", sa->seed);
            return -1;
        }
        rc = event_setup_seed(gd, d, seed, &es, &dl);
        strbuf_printf(footer, " \xc2\xb7 seed %s", sa->seed);
    } else if (sa->events) {
        rc = event_setup_choose(gd, d, sa->events, "--events", &es, &dl);
        strbuf_puts(footer, " \xc2\xb7 chosen events");
    } else {
        rc = event_setup_init(gd, d, &es, &dl);
    }
    print_diags(&dl, sa->events);
    diag_list_free(&dl);
    if (rc != 0) {
        event_setup_free(&es);
        return -1;
    }
    for (int r = 1; r <= GD_ROUNDS; r++)
        o->events[r] = es.event[r];
    /* Rolled or chosen events go on the sheets and into the log: print the log's line. */
    struct strbuf line = STRBUF_INIT;
    if ((sa->seed || sa->events) && log_write_events(gd, es.event, &line))
        printf("%s\n", strbuf_cstr(&line));
    strbuf_free(&line);
    event_setup_free(&es);
    return 0;
}

/* What draw_sheets needs. */
struct sheet_job {
    const struct townsheet_options *sheet;
    const struct summary_options *summary;  /* NULL: no summary on the backs */
    int count;
    char *const *names, *const *towns;
    int nnames, ntowns;
};

/* Two pages per player, each followed by the summary when it goes on the back. */
static int draw_sheets(struct canvas *c, const void *ctx, struct strbuf *err)
{
    const struct sheet_job *job = ctx;
    for (int i = 0; i < job->count; i++) {
        struct townsheet_player p = {i < job->nnames ? job->names[i] : NULL,
                                     i < job->ntowns ? job->towns[i] : NULL};
        for (int page = 0; page < 2; page++)
            if (townsheet_draw_page(c, job->sheet, &p, page, NULL, err) != 0 ||
                (job->summary && summary_draw(c, job->summary, err) != 0))
                return -1;
    }
    return 0;
}

/* The players' names and towns from --names and --towns, and how many sheets to draw. */
struct seats {
    char *names[MAX_PLAYERS], *towns[MAX_PLAYERS];
    int nnames, ntowns;
    int count;
};

/* Reads the seats. Returns 0, or -1 after saying what is wrong; free with seats_free() either
 * way. */
static int read_seats(const struct sheet_args *sa, struct seats *st)
{
    memset(st, 0, sizeof *st);
    st->nnames = sa->names ? split_list(sa->names, st->names, MAX_PLAYERS) : 0;
    st->ntowns = sa->towns ? split_list(sa->towns, st->towns, MAX_PLAYERS) : 0;
    /* Names are printed: they must be text a PDF and a terminal show as they are. */
    size_t at;
    struct strbuf err = STRBUF_INIT;
    const char *option = sa->names && text_check_name(sa->names, strlen(sa->names), &at, &err)
                             ? "--names"
                         : sa->towns && text_check_name(sa->towns, strlen(sa->towns), &at, &err)
                             ? "--towns"
                             : NULL;
    if (option)
        fprintf(stderr, "xii sheet: %s holds %s at byte %zu\n", option, strbuf_cstr(&err), at + 1);
    strbuf_free(&err);
    if (option)
        return -1;
    if (st->nnames > MAX_PLAYERS || st->ntowns > MAX_PLAYERS) {
        fprintf(stderr, "xii sheet: at most %d %s (found %d)\n", MAX_PLAYERS,
                st->nnames > MAX_PLAYERS ? "names" : "towns",
                st->nnames > MAX_PLAYERS ? st->nnames : st->ntowns);
        return -1;
    }
    int count = st->nnames > st->ntowns ? st->nnames : st->ntowns;
    if (sa->players && count > sa->players) {
        fprintf(stderr, "xii sheet: %d %s but --players %d\n", count,
                st->nnames >= st->ntowns ? "names" : "towns", sa->players);
        return -1;
    }
    st->count = sa->players ? sa->players : count ? count : 1;
    return 0;
}

static void seats_free(struct seats *st)
{
    for (int i = 0; i < MAX_PLAYERS; i++) {
        free(st->names[i]);
        free(st->towns[i]);
    }
}

/* Draws the sheets of the seats with the game data and the icons. Returns the exit status. */
static int write_sheets(const struct sheet_args *sa, const struct seats *st)
{
    struct gamedata gd;
    if (cli_load_gamedata(&gd, sa->rules) != 0)
        return EXIT_USAGE;
    struct townsheet_options o;
    townsheet_options_init(&o, &gd, sa->ro.paper, sa->ro.grey);
    struct strbuf footer = STRBUF_INIT;
    render_options_describe(&sa->ro, &footer);
    int status = EXIT_USAGE;
    if (setup_events(sa, &gd, &o, &footer) == 0) {
        o.footer = strbuf_cstr(&footer);
        struct diag_list idl = DIAG_LIST_INIT;
        struct icon_set *icons = icons_load_default(&idl);
        /* Without icons the sheet still works: the tags spell the names out. */
        print_diags(&idl, NULL);
        diag_list_free(&idl);
        o.icons = icons;
        struct summary_options so = {&gd, icons, sa->ro.paper, sa->ro.grey, strbuf_cstr(&footer)};
        struct sheet_job job = {&o, sa->back_summary ? &so : NULL, st->count, st->names, st->towns,
                                st->nnames, st->ntowns};
        status = render_document(&sa->ro, "sheet", "town-sheet", "Town sheet", draw_sheets, &job);
        icons_free(icons);
    }
    strbuf_free(&footer);
    gamedata_free(&gd);
    return status;
}

/* Draws the kingdom's page. */
static int draw_kingdom(struct canvas *c, const void *ctx, struct strbuf *err)
{
    return kingdom_sheet_draw(c, ctx, NULL, err);
}

/* The kingdom's one-page sheet with its names and the numbers of its game data (the built-in
 * file, or --rules FILE). Returns the exit status. */
static int write_kingdom(const struct sheet_args *sa)
{
    const char *names[3] = {sa->names, sa->realm, sa->capital};
    const char *options[3] = {"--names", "--realm", "--capital"};
    struct strbuf err = STRBUF_INIT;
    for (int k = 0; k < 3; k++) {
        size_t at;
        if (names[k] && text_check_name(names[k], strlen(names[k]), &at, &err)) {
            fprintf(stderr, "xii sheet: %s holds %s at byte %zu\n", options[k], strbuf_cstr(&err),
                    at + 1);
            strbuf_free(&err);
            return EXIT_USAGE;
        }
    }
    strbuf_free(&err);
    struct kdata data;
    if (cli_load_kingdom_data(&data, sa->rules) != 0)
        return EXIT_USAGE;
    struct diag_list idl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_embedded("kingdom.icons", &idl);
    /* Without icons the sheet still works: the words say it. */
    print_diags(&idl, NULL);
    diag_list_free(&idl);
    struct strbuf footer = STRBUF_INIT;
    render_options_describe(&sa->ro, &footer);
    struct kingdom_sheet_options o = {sa->ro.paper, sa->ro.grey, icons, sa->names, sa->realm,
                                      sa->capital, strbuf_cstr(&footer), NULL, &data};
    int status = render_document(&sa->ro, "sheet", "kingdom-sheet", "Kingdom sheet", draw_kingdom,
                                 &o);
    strbuf_free(&footer);
    icons_free(icons);
    kdata_free(&data);
    return status;
}

int cmd_sheet(int argc, char **argv)
{
    struct sheet_args sa;
    int rc = parse_args(argc, argv, &sa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (sa.kingdom)
        return write_kingdom(&sa);
    struct seats st;
    int status = read_seats(&sa, &st) == 0 ? write_sheets(&sa, &st) : EXIT_USAGE;
    seats_free(&st);
    return status;
}
