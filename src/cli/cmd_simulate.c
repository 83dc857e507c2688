/* xii simulate: complete games played by bots, for every difficulty or one, and their score
 * statistics (text or JSON), a plot of the score histograms, and optionally every game's
 * move log. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/simulate_common.h"
#include "cli/simulate_kingdom.h"
#include "cli/usage.h"
#include "core/atomicfile.h"
#include "core/xalloc.h"
#include "layout/score_plot.h"
#include "bots/rank.h"
#include "bots/simulate.h"
#include "bots/simulate_report.h"
#include "rules/event_setup.h"

static const char usage_head[] =
    "usage: xii simulate [options]\n"
    "Plays complete games with bots and prints the score statistics per difficulty: mean,\n"
    "standard deviation, percentiles, the share of scores below, inside and above the\n"
    "rulebook's good band; the winner's score and ties with several players; the share of\n"
    "games achieving the solo objective; every estimate with its 95% interval. Game k uses a\n"
    "seed derived from the seed and k alone: the results do not depend on --threads.\n"
    "  --game NAME         xii (XII Century, the default) or kingdom (see below)\n"
    "  --players N         players per game, 1 to 5 (default 1)\n"
    "  --difficulty D      very-easy, easy, normal, hard, very-hard, forget-about-it, or all\n"
    "                      (default all)\n"
    "  --solo OBJECTIVE    one player with this objective: merchant, miller, cathedral, castle\n"
    "                      or arcade (default arcade)\n"
    "  --games G           games per difficulty (default 1000)\n"
    "  --bot NAME          random, greedy or search, in every seat (default greedy)\n"
    "  --bots A,B,...      one bot per seat, in seat order, instead of --bot\n"
    "  --budget N          the search bot's rollouts per decision (default 400)\n"
    "  --seed S            the simulation's seed, 0 to 2^64-1 (default 1)\n"
    "  --threads T         threads (default: every processor)\n"
    "  --logs DIR          write every game as a move log DIR/DIFFICULTY-NNNN.xii; DIR is\n"
    "                      made, or must be empty: logs of another run are never mixed in\n"
    "                      nor removed\n"
    "  --json              one JSON object instead of the text report\n"
    "  --plot FILE         draw the score histograms into FILE (.pdf, .png or .svg)\n"
    "  --grey, --gray      the plot in greyscale\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n"
    "  -h, --help          this help\n"
    "A mean's or median's 95% interval needs two games or more; a mean's (Student's t) is\n"
    "cut at 0, the lowest score, which it passes with few games.\n"
    "With --game kingdom the random or greedy bot plays Kingdom's solo game (the options\n"
    "of the bot, games, seed, threads, logs, JSON, plot, grey and rules as above; the logs are\n"
    "DIR/kingdom-NNNN.kingdom), and the report gives the share of games won by the year limit,\n"
    "the winning year's median, 10th and 90th percentiles and histogram (the plot draws it),\n"
    "the losses by cause (graveyards, the year limit) and a game's mean graveyards and\n"
    "disasters, every share with its 95% interval.\n"
    "Exit status: 0 done, 2 bad options or game data, 3 an output could not be written.\n";

static const char *const help_text[] = {usage_head, NULL};

struct args {
    int players, games, threads, budget, budget_given, json, grey;
    uint64_t seed;
    const char *difficulty, *solo, *bot, *bots, *logs, *plot, *rules, *game;
    const char *xii_only;           /* the first option given that only XII Century has */
};

/* Says what is wrong with the options; returns -1. */
static int usage_error(const char *fmt, const char *what)
{
    fputs("xii simulate: ", stderr);
    fprintf(stderr, fmt, what);
    fputc('\n', stderr);
    cli_see_help("simulate");
    return -1;
}

/* A whole number in lo..hi, or -1 after saying why. */
static int number(const char *option, const char *text, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "xii simulate: %s takes a whole number from %ld to %ld, not '%s'\n", option,
                lo, hi, text);
        cli_see_help("simulate");
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int parse_args(int argc, char **argv, struct args *a)
{
    memset(a, 0, sizeof *a);
    a->players = 1;
    a->games = 1000;
    a->threads = rank_default_threads();
    a->budget = PLAY_SEARCH_BUDGET;
    a->seed = 1;
    const char *players = NULL, *games = NULL, *threads = NULL, *budget = NULL, *seed = NULL;
    for (int i = 1; i < argc;) {
        const char *arg = argv[i];
        int m;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_print_help(help_text);
            return 1;
        }
        if (strcmp(arg, "--json") == 0 || strcmp(arg, "--grey") == 0 || strcmp(arg, "--gray") == 0) {
            *(strcmp(arg, "--json") == 0 ? &a->json : &a->grey) = 1;
            i++;
            continue;
        }
        if ((m = cli_option(argc, argv, &i, "--players", NULL, &players)) ||
            (m = cli_option(argc, argv, &i, "--difficulty", NULL, &a->difficulty)) ||
            (m = cli_option(argc, argv, &i, "--solo", NULL, &a->solo)) ||
            (m = cli_option(argc, argv, &i, "--games", NULL, &games)) ||
            (m = cli_option(argc, argv, &i, "--bot", NULL, &a->bot)) ||
            (m = cli_option(argc, argv, &i, "--bots", NULL, &a->bots)) ||
            (m = cli_option(argc, argv, &i, "--budget", NULL, &budget)) ||
            (m = cli_option(argc, argv, &i, "--seed", NULL, &seed)) ||
            (m = cli_option(argc, argv, &i, "--threads", NULL, &threads)) ||
            (m = cli_option(argc, argv, &i, "--logs", NULL, &a->logs)) ||
            (m = cli_option(argc, argv, &i, "--plot", NULL, &a->plot)) ||
            (m = cli_option(argc, argv, &i, "--rules", NULL, &a->rules)) ||
            (m = cli_option(argc, argv, &i, "--game", NULL, &a->game))) {
            if (m < 0) {
                usage_error("%s needs a value", arg);
                return -1;
            }
            continue;
        }
        cli_unknown_option("simulate", arg, help_text);
        return -1;
    }
    if ((players && number("--players", players, 1, XII_MAX_PLAYERS, &a->players)) ||
        (games && number("--games", games, 1, 100000000, &a->games)) ||
        (threads && number("--threads", threads, 1, RANK_MAX_THREADS, &a->threads)) ||
        (budget && number("--budget", budget, 1, 10000000, &a->budget)))
        return -1;
    a->budget_given = budget != NULL;
    a->xii_only = players ? "--players" : a->difficulty ? "--difficulty" : a->solo ? "--solo"
                : a->bots ? "--bots" : budget ? "--budget" : NULL;
    if (seed && event_setup_parse_seed(seed, &a->seed) != 0)
        return usage_error("--seed takes a whole number from 0 to 18446744073709551615, not '%s'", seed);
    if (a->solo && a->players != 1)
        return usage_error("--solo is a one-player game (%s players given)", players);
    if (a->bot && a->bots)
        return usage_error("give --bot or --bots, not both%s", "");
    if (a->plot) {
        const char *dot = strrchr(a->plot, '.'), *slash = strrchr(a->plot, '/');
        if (!dot || (strcmp(dot, ".pdf") != 0 && strcmp(dot, ".svg") != 0 && strcmp(dot, ".png") != 0))
            return usage_error("--plot writes a .pdf, .png or .svg file, not '%s'", a->plot);
        if (dot == (slash ? slash + 1 : a->plot))
            return usage_error("--plot needs a name before the extension, not '%s' (a hidden file)", a->plot);
    }
    if (a->grey && !a->plot)
        return usage_error("%s is for the plot: give --plot FILE too", "--grey");
    return 0;
}

/* The bots of the seats from --bot or --bots; -1 after saying why. */
static int parse_bots(const struct args *a, struct play_bot bots[XII_MAX_PLAYERS], struct strbuf *name)
{
    static const char *const names[] = {"random", "greedy", "search"};
    const char *list = a->bots ? a->bots : a->bot ? a->bot : "greedy";
    int n = 0;
    for (const char *p = list;; ) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char word[32];
        if (len >= sizeof word)
            len = sizeof word - 1;
        memcpy(word, p, len);
        word[len] = '\0';
        if (n >= XII_MAX_PLAYERS || (!a->bots && n >= 1)) {
            fprintf(stderr, "xii simulate: %s names more bots than %s\n", a->bots ? "--bots" : "--bot",
                    a->bots ? "seats" : "one (--bots names one per seat)");
            cli_see_help("simulate");
            return -1;
        }
        if (play_bot_from_name(word, &bots[n]) != 0) {
            const char *near = cli_nearest(word, names, 3);
            fprintf(stderr, "xii simulate: unknown bot '%s' (%s%s%s)\n", word,
                    near ? "did you mean " : "expected random, greedy or search", near ? near : "",
                    near ? "?" : "");
            cli_see_help("simulate");
            return -1;
        }
        bots[n].budget = a->budget;
        strbuf_printf(name, "%s%s", n ? "," : "", word);
        n++;
        if (!end)
            break;
        p = end + 1;
    }
    if (a->bots && n != a->players) {
        fprintf(stderr, "xii simulate: --bots names %d bot%s for %d seat%s (one per seat)\n", n,
                n == 1 ? "" : "s", a->players, a->players == 1 ? "" : "s");
        cli_see_help("simulate");
        return -1;
    }
    for (int p = n; p < a->players; p++)
        bots[p] = bots[0];
    if (a->budget_given && !sim_bots_have_search(bots, a->players)) {
        fprintf(stderr, "xii simulate: --budget is the search bot's rollouts, and no seat has the search bot\n");
        cli_see_help("simulate");
        return -1;
    }
    return 0;
}

/* ---- progress and logs ------------------------------------------------------------------- */

/* What the library's callbacks need: the bar over every difficulty's games, and the logs. */
struct run {
    struct progress bar;
    int before, total;          /* games of the earlier difficulties; all games */
    const char *logs;           /* --logs DIR, or NULL */
    const char *difficulty;     /* the id of the difficulty being played */
    int digits;
};

static void show_progress(void *ctx, int done, int total)
{
    (void)total;
    struct run *run = ctx;
    progress_update(&run->bar, (size_t)(run->before + done), (size_t)run->total);
}

static int write_log(void *ctx, int game, const char *log, size_t len, struct strbuf *err)
{
    const struct run *run = ctx;
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s-%0*d.xii", run->logs, run->difficulty, run->digits, game + 1);
    if (n < 0 || (size_t)n >= sizeof path) {
        strbuf_printf(err, "the log folder's name is too long: %s", run->logs);
        return -1;
    }
    return atomicfile_write_all(path, log, len, err);
}

/* ---- the plot ------------------------------------------------------------------------------ */

/* What the games left: per difficulty played, its games and their statistics. */
struct results {
    int diffs[GD_MAX_DIFFICULTIES], nd;
    int objective;                  /* the solo objective, or -1 */
    struct sim_games games[GD_MAX_DIFFICULTIES];
    struct sim_stats stats[GD_MAX_DIFFICULTIES];
};

#define PLOT_WIDTH 5

/* Draws the plot and commits the file; returns the exit status. */
static int draw_plot(struct canvas *c, const struct args *a, const struct gamedata *gd,
                     const struct results *res, const char *title, const char *subtitle)
{
    const int *diffs = res->diffs, nd = res->nd;
    const struct sim_games *games = res->games;
    const struct sim_stats *stats = res->stats;
    /* The score axis: every score and every good band's low end, in whole tens. */
    int lo = 1000, hi = 0;
    for (int i = 0; i < nd; i++) {
        int low = gd->difficulties[diffs[i]].good_low < stats[i].min ? gd->difficulties[diffs[i]].good_low
                                                                     : (int)stats[i].min;
        if (low < lo)
            lo = low;
        if ((int)stats[i].max + 1 > hi)
            hi = (int)stats[i].max + 1;
    }
    lo = lo < 10 ? 0 : (lo - 5) / 10 * 10;
    hi = (hi + 9) / 10 * 10;
    if (hi < lo + 40)
        hi = lo + 40;
    int nbins = (hi - lo) / PLOT_WIDTH;
    int *bins = xcalloc((size_t)nd * (size_t)nbins, sizeof *bins);
    struct score_plot_panel panels[SCORE_PLOT_MAX_PANELS];
    for (int i = 0; i < nd && i < SCORE_PLOT_MAX_PANELS; i++) {
        const struct gd_difficulty *dd = &gd->difficulties[diffs[i]];
        sim_histogram(&games[i], lo, PLOT_WIDTH, bins + i * nbins, nbins);
        panels[i] = (struct score_plot_panel){dd->name, dd->good_low, dd->good_high, bins + i * nbins,
                                              stats[i].n, stats[i].median, stats[i].mean.mean,
                                              (stats[i].mean.high - stats[i].mean.low) / 2};
    }
    char footer[160];
    snprintf(footer, sizeof footer, "xii %s \xc2\xb7 simulate \xc2\xb7 %s", XII_VERSION,
             a->grey ? "grey" : "colour");
    struct score_plot plot = {title, subtitle, footer, lo, PLOT_WIDTH, nbins, panels,
                              nd < SCORE_PLOT_MAX_PANELS ? nd : SCORE_PLOT_MAX_PANELS, NULL};
    int status = simulate_finish_plot(c, &plot, a->plot);
    free(bins);
    return status;
}

/* ---- the command --------------------------------------------------------------------------- */

static int lookup(const struct gamedata *gd, const struct args *a, int *diffs, int *nd, int *objective)
{
    *objective = -1;
    if (a->solo && strcmp(a->solo, "arcade") != 0) {
        *objective = gamedata_objective(gd, a->solo, strlen(a->solo));
        if (*objective < 0) {
            fprintf(stderr, "xii simulate: unknown solo objective '%s' (expected", a->solo);
            for (int k = 0; k < gd->nobjectives; k++)
                fprintf(stderr, " %s,", gd->objectives[k].id);
            fprintf(stderr, " or arcade)\n");
            cli_see_help("simulate");
            return -1;
        }
    }
    *nd = 0;
    if (!a->difficulty || strcmp(a->difficulty, "all") == 0) {
        for (int d = 0; d < gd->ndifficulties; d++)
            diffs[(*nd)++] = d;
        return 0;
    }
    int d = gamedata_difficulty(gd, a->difficulty, strlen(a->difficulty));
    if (d < 0) {
        fprintf(stderr, "xii simulate: unknown difficulty '%s' (expected", a->difficulty);
        for (int k = 0; k < gd->ndifficulties; k++)
            fprintf(stderr, " %s,", gd->difficulties[k].id);
        fprintf(stderr, " or all)\n");
        cli_see_help("simulate");
        return -1;
    }
    diffs[(*nd)++] = d;
    return 0;
}

/* Plays a.games games of every difficulty of res, with a progress bar over all of them.
 * Returns the exit status. */
static int play_games(const struct args *a, const struct gamedata *gd, struct play_bot *bots,
                      struct results *res)
{
    struct run run = {.total = res->nd * a->games, .logs = a->logs, .digits = 4};
    for (int g = a->games; g >= 10000; g /= 10)
        run.digits++;
    progress_begin(&run.bar, "xii simulate", "games");
    int status = EXIT_OK;
    for (int i = 0; status == EXIT_OK && i < res->nd; i++) {
        struct sim_options o = {gd, a->players, res->diffs[i], res->objective, {NULL}, a->games, a->seed,
                                a->threads, a->logs != NULL, a->logs ? write_log : NULL, show_progress, &run};
        for (int p = 0; p < a->players; p++)
            o.bots[p] = &bots[p];
        run.difficulty = gd->difficulties[res->diffs[i]].id;
        struct strbuf err = STRBUF_INIT;
        if (sim_run(&o, &res->games[i], &err) != 0) {
            status = a->logs ? EXIT_OUTPUT : EXIT_USAGE;
            progress_end(&run.bar);
            fprintf(stderr, "xii simulate: %s\n", strbuf_cstr(&err));
        } else {
            sim_stats_compute(gd, res->diffs[i], &res->games[i], -1, &res->stats[i]);
        }
        strbuf_free(&err);
        run.before += a->games;
    }
    if (status == EXIT_OK)
        progress_end(&run.bar);
    return status;
}

/* Prints the text report or the JSON. */
static void print_report(const struct args *a, const struct sim_report *report)
{
    struct strbuf out = STRBUF_INIT;
    if (a->json)
        sim_report_json(report, &out);
    else
        sim_report_text(report, &out);
    fwrite(strbuf_cstr(&out), 1, out.len, stdout);
    strbuf_free(&out);
}

/* The game --game names: 0 XII Century, 1 Kingdom; -1 after saying why. */
static int which_game(const struct args *a)
{
    static const char *const games[] = {"xii", "kingdom"};
    if (!a->game || strcmp(a->game, "xii") == 0)
        return 0;
    if (strcmp(a->game, "kingdom") == 0) {
        if (a->xii_only) {
            usage_error("%s is XII Century's: Kingdom is a solo game without difficulties", a->xii_only);
            return -1;
        }
        return 1;
    }
    char echo[CLI_ECHO_MAX];
    const char *near = cli_nearest(a->game, games, 2);
    fprintf(stderr, "xii simulate: unknown game '%s' (%s%s%s)\n", cli_echo(echo, sizeof echo, a->game),
            near ? "did you mean " : "expected xii or kingdom", near ? near : "", near ? "?" : "");
    cli_see_help("simulate");
    return -1;
}

int cmd_simulate(int argc, char **argv)
{
    struct args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    int game = which_game(&a);
    if (game < 0)
        return EXIT_USAGE;
    if (game == 1) {
        struct simulate_kingdom_args ka = {a.bot ? a.bot : "greedy", a.games, a.threads, a.json, a.grey,
                                           a.seed, a.logs, a.plot, a.rules};
        return simulate_kingdom(&ka);
    }
    struct play_bot bots[XII_MAX_PLAYERS];
    struct strbuf botname = STRBUF_INIT;
    if (parse_bots(&a, bots, &botname) != 0) {
        strbuf_free(&botname);
        return EXIT_USAGE;
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, a.rules) != 0) {
        strbuf_free(&botname);
        return EXIT_USAGE;
    }
    struct results res;
    memset(&res, 0, sizeof res);
    int status = EXIT_OK;
    if (lookup(&gd, &a, res.diffs, &res.nd, &res.objective) != 0)
        status = EXIT_USAGE;
    else if (a.logs && simulate_make_folder(a.logs) != 0)
        status = EXIT_OUTPUT;
    struct canvas *plot = NULL;
    if (status == EXIT_OK && a.plot && !(plot = simulate_open_plot(a.plot, a.grey, "XII Century: simulation")))
        status = EXIT_OUTPUT;
    if (status == EXIT_OK)
        status = play_games(&a, &gd, bots, &res);
    if (status == EXIT_OK) {
        struct sim_report report = {&gd, bots, strbuf_cstr(&botname), a.bots != NULL, a.players, a.games,
                                    res.objective, a.seed, a.rules, res.nd, res.diffs, res.games, res.stats};
        print_report(&a, &report);
        if (plot) {
            struct strbuf title = STRBUF_INIT, subtitle = STRBUF_INIT;
            sim_report_title(&report, &title);
            sim_report_subtitle(&report, &subtitle);
            status = draw_plot(plot, &a, &gd, &res, strbuf_cstr(&title), strbuf_cstr(&subtitle));
            plot = NULL;
            strbuf_free(&title);
            strbuf_free(&subtitle);
        }
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "xii simulate: cannot write to standard output\n");
            status = EXIT_OUTPUT;
        }
    }
    canvas_discard(plot);
    for (int i = 0; i < res.nd; i++)
        sim_games_free(&res.games[i]);
    gamedata_free(&gd);
    strbuf_free(&botname);
    return status;
}
