/* xii setup: assigns the global events of a difficulty to its rounds (method 1 from a seed or
 * from dice rolled at the table, method 2 from the players' choices), prints the result and
 * an `events` line for the move log, and writes the setup sheet. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/render_args.h"
#include "cli/render_options.h"
#include "cli/usage.h"
#include "layout/organiser.h"
#include "layout/setup_sheet.h"
#include "log/write.h"
#include "rules/event_setup.h"

static const char usage_head[] =
    "usage: xii setup --difficulty D (--seed S | --roll \"DICE\" | --choose \"EVENTS\") [options]\n"
    "Assigns the global events to the rounds of difficulty D, prints them with an 'events'\n"
    "line for the move log and writes the setup sheet (default setup.pdf).\n"
    "  --difficulty D      very-easy, easy, normal, hard, very-hard or forget-about-it\n"
    "  --seed S            method 1, the dice rolled by xii from seed S (0 to 2^64-1)\n"
    "  --roll \"3 5 1 ...\"  method 1, the dice rolled at the table, in round order; a die\n"
    "                      that would put an event on too many rounds is replaced by the next\n"
    "  --choose \"7 fire, 8 plague, ...\"\n"
    "                      method 2, the players' choice for each round (event name or die value)\n"
    "  --players N         number of players (1-5), for the tick boxes on the sheet\n"
    "  --names \"Jack,Tom\"  the players' names in seat order, instead of --players\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

static const char *const help_text[] = {usage_head, render_options_help, cli_help_render_tail,
                                        NULL};

/* Prints the diagnostics of a method's text (caret under the token). */
static void print_diags(const struct diag_list *dl, const char *src)
{
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < dl->count; i++) {
        strbuf_puts(&out, "xii setup: ");
        diag_format(&out, &dl->items[i], src, src ? strlen(src) : 0);
    }
    fputs(strbuf_cstr(&out), stderr);
    strbuf_free(&out);
}

static void print_assignment(const struct gamedata *gd, const struct event_setup *s, FILE *to)
{
    const struct gd_difficulty *d = &gd->difficulties[s->difficulty];
    struct strbuf sb = STRBUF_INIT;
    event_setup_format_rounds(gd, s->difficulty, &sb);
    if (strcmp(strbuf_cstr(&sb), "none") == 0)
        fprintf(to, "%s: no global events; a good score is ", d->name);
    else
        fprintf(to, "%s: global events on rounds %s; a good score is ", d->name, strbuf_cstr(&sb));
    if (d->good_high >= 0)
        fprintf(to, "%d to %d.\n", d->good_low, d->good_high);
    else
        fprintf(to, "above %d.\n", d->good_low);
    strbuf_reset(&sb);
    event_setup_format_rolls(gd, s, &sb);
    if (s->method == EVENT_METHOD_SEED && s->nrolls > 0)
        fprintf(to, "Dice from seed %llu: %s\n", (unsigned long long)s->seed, strbuf_cstr(&sb));
    else if (s->method == EVENT_METHOD_ROLL && s->nrolls > 0)
        fprintf(to, "Dice rolled at the table: %s\n", strbuf_cstr(&sb));
    else if (s->method == EVENT_METHOD_CHOOSE && event_setup_free_rounds(gd, s->difficulty) > 0)
        fprintf(to, "Chosen by the players.\n");
    int width = 0;
    for (int e = 0; e < EVENT_COUNT; e++)
        if ((int)strlen(gd->events[e].name) > width)
            width = (int)strlen(gd->events[e].name);
    for (int r = 1; r <= GD_ROUNDS; r++) {
        const int e = s->event[r];
        if (e < 0)
            continue;
        fprintf(to, "  round %2d  %-2s  %-*s  %s%s\n", r, gd->events[e].letters, width,
                gd->events[e].name, gd->events[e].text, s->fixed[r] ? " (fixed)" : "");
    }
    strbuf_reset(&sb);
    if (log_write_events(gd, s->event, &sb))
        fprintf(to, "%s\n", strbuf_cstr(&sb));
    else
        fprintf(to, "No global events: leave the global-events track empty.\n");
    strbuf_free(&sb);
}

static int draw_setup(struct canvas *c, const void *ctx, struct strbuf *err)
{
    (void)err;
    setup_sheet_draw(c, ctx);
    return 0;
}

struct setup_args {
    struct render_options ro;
    const char *difficulty, *seed, *roll, *choose, *players, *names, *rules;
};

/* Reads the options and checks those that go together. Returns 0 to go on, 1 after printing
 * the help, -1 after printing an error. */
static int parse_args(int argc, char **argv, struct setup_args *sa)
{
    memset(sa, 0, sizeof *sa);
    render_options_init(&sa->ro);
    const struct render_arg own[] = {
        {"--difficulty", &sa->difficulty, NULL}, {"--seed", &sa->seed, NULL},
        {"--roll", &sa->roll, NULL}, {"--choose", &sa->choose, NULL},
        {"--players", &sa->players, NULL}, {"--names", &sa->names, NULL},
        {"--rules", &sa->rules, NULL}, {NULL, NULL, NULL}};
    int rc = render_args_parse("setup", help_text, own, &sa->ro, argc, argv);
    if (rc != 0)
        return rc;
    const char *inputs[] = {sa->rules};
    struct strbuf err = STRBUF_INIT;
    if (render_options_check(&sa->ro, "setup", inputs, 1, &err) != 0) {
        fprintf(stderr, "xii setup: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return -1;
    }
    strbuf_free(&err);
    int methods = (sa->seed != NULL) + (sa->roll != NULL) + (sa->choose != NULL);
    if (!sa->difficulty || methods > 1 || (sa->players && sa->names)) {
        fprintf(stderr, "xii setup: %s\n", !sa->difficulty ? "--difficulty is required"
                : methods > 1 ? "give only one of --seed, --roll and --choose"
                : "give --players or --names, not both");
        cli_see_help("setup");
        return -1;
    }
    return 0;
}

/* The difficulty named by --difficulty, or -1 after listing the known ones. */
static int find_difficulty(const struct gamedata *gd, const char *name)
{
    int d = gamedata_difficulty(gd, name, strlen(name));
    if (d >= 0)
        return d;
    fprintf(stderr, "xii setup: unknown difficulty '%s' (expected", name);
    for (int k = 0; k < gd->ndifficulties; k++)
        fprintf(stderr, "%s%s", k == 0 ? " " : k + 1 == gd->ndifficulties ? " or " : ", ",
                gd->difficulties[k].id);
    fprintf(stderr, ")\n");
    return -1;
}

/* Assigns the events of difficulty d by the method given. Returns EXIT_OK, or EXIT_USAGE
 * after printing why. */
static int assign_events(const struct gamedata *gd, const struct setup_args *sa, int d,
                         struct event_setup *s)
{
    uint64_t seed = 0;
    if (sa->seed && event_setup_parse_seed(sa->seed, &seed) != 0) {
        fprintf(stderr, "xii setup: the seed must be a whole number from 0 to "
                        "18446744073709551615, not '%s'\n", sa->seed);
        return EXIT_USAGE;
    }
    if (!sa->seed && !sa->roll && !sa->choose && event_setup_free_rounds(gd, d) > 0) {
        fprintf(stderr, "xii setup: %s has events to assign: give --seed S, --roll \"DICE\" "
                        "or --choose \"EVENTS\"\n", gd->difficulties[d].name);
        return EXIT_USAGE;
    }
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = sa->seed ? event_setup_seed(gd, d, seed, s, &dl)
           : sa->roll ? event_setup_roll(gd, d, sa->roll, "--roll", s, &dl)
           : sa->choose ? event_setup_choose(gd, d, sa->choose, "--choose", s, &dl)
           : event_setup_init(gd, d, s, &dl);
    print_diags(&dl, sa->roll ? sa->roll : sa->choose);
    diag_list_free(&dl);
    return rc != 0 ? EXIT_USAGE : EXIT_OK;
}

/* Writes the setup sheet of assignment s. Returns the command's exit status. */
static int write_sheet(const struct gamedata *gd, const struct setup_args *sa,
                       const struct organiser_players *pl, const struct event_setup *s)
{
    struct strbuf footer = STRBUF_INIT;
    strbuf_printf(&footer, "setup \xc2\xb7 %s", gd->difficulties[s->difficulty].name);
    if (s->method == EVENT_METHOD_SEED)
        strbuf_printf(&footer, " \xc2\xb7 seed %llu", (unsigned long long)s->seed);
    else if (s->method == EVENT_METHOD_ROLL)
        strbuf_printf(&footer, " \xc2\xb7 dice %s", sa->roll);
    else if (s->method == EVENT_METHOD_CHOOSE)
        strbuf_puts(&footer, " \xc2\xb7 chosen");
    strbuf_puts(&footer, " \xc2\xb7 ");
    render_options_describe(&sa->ro, &footer);
    struct setup_sheet_options so = {gd, s, sa->ro.paper, sa->ro.grey, pl->n,
                                     (const char *const *)(pl->names[0] ? pl->names : NULL),
                                     strbuf_cstr(&footer)};
    int status = render_document(&sa->ro, "setup", "setup", "XII Century: setup", draw_setup, &so);
    strbuf_free(&footer);
    return status;
}

int cmd_setup(int argc, char **argv)
{
    struct setup_args sa;
    int rc = parse_args(argc, argv, &sa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    struct organiser_players pl;
    struct strbuf err = STRBUF_INIT;
    if (organiser_players_parse(sa.players, sa.names, 0, &pl, &err) != 0) {
        fprintf(stderr, "xii setup: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    strbuf_free(&err);
    struct gamedata gd;
    if (cli_load_gamedata(&gd, sa.rules) != 0) {
        organiser_players_free(&pl);
        return EXIT_USAGE;
    }
    struct event_setup s = {0};
    int d = find_difficulty(&gd, sa.difficulty);
    int status = d < 0 ? EXIT_USAGE : assign_events(&gd, &sa, d, &s);
    if (status == EXIT_OK) {
        print_assignment(&gd, &s, stdout);
        status = write_sheet(&gd, &sa, &pl, &s);
    }
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "xii setup: cannot write to standard output: %s\n", strerror(errno ? errno : EIO));
        status = EXIT_OUTPUT;
    }
    event_setup_free(&s);
    gamedata_free(&gd);
    organiser_players_free(&pl);
    return status;
}
