/* xii simulate --game kingdom: the games on the shared players and driver, and the report of
 * their results (text or JSON), with a plot of the winning years and the move logs. */
#include "cli/simulate_kingdom.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/simulate_common.h"
#include "cli/usage.h"
#include "core/atomicfile.h"
#include "core/json.h"
#include "core/xalloc.h"
#include "bots/estimate.h"
#include "bots/gsim.h"
#include "layout/score_plot.h"
#include "kingdom/game.h"
#include "kingdom/kingdom.h"

/* What one game left. */
struct kgame {
    unsigned char end;          /* enum kend */
    unsigned char year;         /* the year it ended */
    unsigned char graveyards;
    unsigned char disasters;    /* disaster lines (a fate result 1 each, `none` included) */
};

struct run {
    struct kgame *game;         /* by game index */
    struct progress bar;
    const char *logs;
    int digits;
};

static void seen(void *ctx, int k, const void *state, const void *decision)
{
    (void)state;
    struct run *run = ctx;
    const struct kdecision *d = decision;
    if (d->kind == KD_DISASTER && run->game[k].disasters < UCHAR_MAX)
        run->game[k].disasters++;
}

/* A game ended: its end, year and graveyards kept for the report, and its log written when asked. */
static int tally_game(void *ctx, int k, const void *state, const char *log, size_t len, struct strbuf *err)
{
    struct run *run = ctx;
    const struct kstate *s = state;
    struct kingdom_end e = kingdom_end(s);
    run->game[k].end = (unsigned char)e.end;
    run->game[k].year = (unsigned char)e.year;
    run->game[k].graveyards = (unsigned char)(s->graveyards < UCHAR_MAX ? s->graveyards : UCHAR_MAX);
    if (!log)
        return 0;
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/kingdom-%0*d.kingdom", run->logs, run->digits, k + 1);
    if (n < 0 || (size_t)n >= sizeof path) {
        strbuf_printf(err, "the log folder's name is too long: %s", run->logs);
        return -1;
    }
    return atomicfile_write_all(path, log, len, err);
}

static void show_progress(void *ctx, int done, int total)
{
    struct run *run = ctx;
    progress_update(&run->bar, (size_t)done, (size_t)total);
}

/* ---- the statistics ----------------------------------------------------------------------- */

#define KMAX_YEARS 64

struct kstats {
    int games, limit;
    int wins, loss_graveyards, loss_years;
    struct estimate win, lost_graveyards, lost_years, with_graveyard;
    int by_year[KMAX_YEARS + 1];        /* wins in each year */
    double median, median_low, median_high, p10, p90, mean_year;
    struct estimate year_mean;          /* the winning year's mean with its interval */
    int fastest, slowest;
    double graveyards, disasters;       /* a game's mean */
};

/* The winning year of rank r (from 0) in increasing order. */
static int year_rank(const struct kstats *st, int r)
{
    int below = 0;
    for (int y = 0; y <= KMAX_YEARS; y++) {
        below += st->by_year[y];
        if (r < below)
            return y;
    }
    return 0;
}

/* The q-quantile of the winning years, interpolated between ranks. */
static double year_quantile(const struct kstats *st, double q)
{
    if (st->wins == 0)
        return 0;
    double at = q * (st->wins - 1);
    int i = (int)at;
    double x = year_rank(st, i);
    return i + 1 >= st->wins ? x : x + (at - i) * (year_rank(st, i + 1) - x);
}

static void stats_of(const struct kgame *g, int games, int limit, struct kstats *st)
{
    memset(st, 0, sizeof *st);
    st->games = games;
    st->limit = limit;
    long graves = 0, disasters = 0, sum_year = 0;
    int with_graveyard = 0;
    for (int k = 0; k < games; k++) {
        graves += g[k].graveyards;
        disasters += g[k].disasters;
        with_graveyard += g[k].graveyards > 0;
        if (g[k].end == KEND_WIN) {
            st->wins++;
            st->by_year[g[k].year <= KMAX_YEARS ? g[k].year : KMAX_YEARS]++;
            sum_year += g[k].year;
        } else if (g[k].end == KEND_LOSS_GRAVEYARDS) {
            st->loss_graveyards++;
        } else {
            st->loss_years++;
        }
    }
    st->win = estimate_share((size_t)st->wins, (size_t)games);
    st->lost_graveyards = estimate_share((size_t)st->loss_graveyards, (size_t)games);
    st->lost_years = estimate_share((size_t)st->loss_years, (size_t)games);
    st->with_graveyard = estimate_share((size_t)with_graveyard, (size_t)games);
    st->graveyards = (double)graves / games;
    st->disasters = (double)disasters / games;
    if (st->wins > 0) {
        st->median = year_quantile(st, 0.5);
        st->p10 = year_quantile(st, 0.1);
        st->p90 = year_quantile(st, 0.9);
        st->mean_year = (double)sum_year / st->wins;
        double m2 = 0;
        for (int y = 0; y <= KMAX_YEARS; y++)
            m2 += st->by_year[y] * (y - st->mean_year) * (y - st->mean_year);
        st->year_mean = estimate_moments((size_t)st->wins, st->mean_year, m2);
        st->fastest = year_rank(st, 0);
        st->slowest = year_rank(st, st->wins - 1);
        /* The median's distribution-free 95 % interval: ranks n/2 -+ 0.98 sqrt(n). */
        double half = 0.98 * sqrt((double)st->wins), n = st->wins;
        double lo = floor(n / 2 - half), hi = ceil(n / 2 + 1 + half);
        st->median_low = year_rank(st, lo < 1 ? 0 : (int)lo - 1);
        st->median_high = year_rank(st, hi > n ? st->wins - 1 : (int)hi - 1);
    }
}

/* ---- the report ---------------------------------------------------------------------------- */

static void share_text(struct strbuf *out, const char *what, int count, const struct estimate *e)
{
    strbuf_printf(out, "  %-26s %6d  %5.1f%%  (95%% interval %.1f%%-%.1f%%)\n", what, count, 100 * e->mean,
                  100 * e->low, 100 * e->high);
}

static void report_text(const struct simulate_kingdom_args *a, const struct kstats *st, struct strbuf *out)
{
    strbuf_printf(out, "Kingdom: %s bot, %d game%s, seed %llu%s%s\n", a->bot, st->games,
                  st->games == 1 ? "" : "s", (unsigned long long)a->seed, a->rules ? ", rules " : "",
                  a->rules ? a->rules : "");
    strbuf_printf(out, "Results\n");
    char won[64];
    snprintf(won, sizeof won, "won by year %d", st->limit);
    share_text(out, won, st->wins, &st->win);
    share_text(out, "lost to graveyards", st->loss_graveyards, &st->lost_graveyards);
    snprintf(won, sizeof won, "lost at the end of year %d", st->limit);
    share_text(out, won, st->loss_years, &st->lost_years);
    share_text(out, "with a graveyard or more", (int)lround(st->with_graveyard.mean * st->games),
               &st->with_graveyard);
    strbuf_printf(out, "  a game's graveyards %.2f, disasters %.2f (means)\n", st->graveyards, st->disasters);
    if (st->wins == 0) {
        strbuf_printf(out, "No game was won.\n");
        return;
    }
    strbuf_printf(out, "Winning year (%d win%s)\n", st->wins, st->wins == 1 ? "" : "s");
    strbuf_printf(out, "  median %.1f (95%% interval %.0f-%.0f), 10th percentile %.1f, 90th %.1f\n", st->median,
                  st->median_low, st->median_high, st->p10, st->p90);
    strbuf_printf(out, "  mean %.2f, fastest %d, slowest %d\n", st->mean_year, st->fastest, st->slowest);
    int most = 0;
    for (int y = 0; y <= KMAX_YEARS; y++)
        most = st->by_year[y] > most ? st->by_year[y] : most;
    for (int y = st->fastest; y <= st->slowest; y++) {
        int bar = (int)lround(40.0 * st->by_year[y] / most);
        strbuf_printf(out, "  year %2d %6d  %5.1f%%  ", y, st->by_year[y], 100.0 * st->by_year[y] / st->games);
        for (int i = 0; i < bar; i++)
            strbuf_puts(out, "#");
        strbuf_puts(out, "\n");
    }
}

static void set(json_t *o, const char *key, json_t *v)
{
    json_object_set_new(o, key, v);
}

/* A count and its share of the games with the share's interval. */
static json_t *share_json(int count, const struct estimate *e)
{
    json_t *o = json_object(), *ci = json_array();
    set(o, "games", json_integer(count));
    set(o, "share", json_fixed(e->mean, 4));
    json_array_append_new(ci, json_fixed(e->low, 4));
    json_array_append_new(ci, json_fixed(e->high, 4));
    set(o, "share_ci95", ci);
    return o;
}

static const char *const json_broken[] = {"wins", "losses", "losses/*", "winning_year", "winning_year/histogram",
                                          NULL};

static void report_json(const struct simulate_kingdom_args *a, const struct kstats *st, struct strbuf *out)
{
    json_t *doc = json_object(), *losses = json_object();
    set(doc, "game", json_text("kingdom"));
    set(doc, "bot", json_text(a->bot));
    set(doc, "games", json_integer(st->games));
    set(doc, "seed", json_uint(a->seed));
    set(doc, "year_limit", json_integer(st->limit));
    set(doc, "wins", share_json(st->wins, &st->win));
    set(losses, "graveyards", share_json(st->loss_graveyards, &st->lost_graveyards));
    set(losses, "year_limit", share_json(st->loss_years, &st->lost_years));
    set(doc, "losses", losses);
    set(doc, "with_graveyard", share_json((int)lround(st->with_graveyard.mean * st->games), &st->with_graveyard));
    set(doc, "graveyards_mean", json_fixed(st->graveyards, 3));
    set(doc, "disasters_mean", json_fixed(st->disasters, 3));
    json_t *wy = json_object();
    if (st->wins > 0) {
        json_t *ci = json_array(), *hist = json_array();
        set(wy, "median", json_fixed(st->median, 1));
        json_array_append_new(ci, json_integer((json_int_t)st->median_low));
        json_array_append_new(ci, json_integer((json_int_t)st->median_high));
        set(wy, "median_ci95", ci);
        set(wy, "p10", json_fixed(st->p10, 1));
        set(wy, "p90", json_fixed(st->p90, 1));
        set(wy, "mean", json_fixed(st->mean_year, 3));
        set(wy, "fastest", json_integer(st->fastest));
        set(wy, "slowest", json_integer(st->slowest));
        for (int y = st->fastest; y <= st->slowest; y++) {
            json_t *bin = json_array();
            json_array_append_new(bin, json_integer(y));
            json_array_append_new(bin, json_integer(st->by_year[y]));
            json_array_append_new(hist, bin);
        }
        set(wy, "histogram", hist);
    }
    set(doc, "winning_year", wy);
    json_doc_write(doc, json_broken, out);
    json_decref(doc);
}

/* ---- the plot ------------------------------------------------------------------------------ */

/* Draws the winning years' histogram (the band: this run's 10th-90th percentiles) and
 * commits the file; returns the exit status. */
static int draw_plot(struct canvas *c, const struct simulate_kingdom_args *a, const struct kstats *st)
{
    int first = 1, nbins = st->limit;
    int *bins = xcalloc((size_t)nbins, sizeof *bins);
    for (int y = first; y < first + nbins && y <= KMAX_YEARS; y++)
        bins[y - first] = st->by_year[y];
    char name[64], title[160], subtitle[160], footer[160];
    snprintf(name, sizeof name, "%s bot", a->bot);
    snprintf(title, sizeof title, "Kingdom: %s bot, %d games, seed %llu", a->bot, st->games,
             (unsigned long long)a->seed);
    snprintf(subtitle, sizeof subtitle, "won by year %d: %.1f%% (95%% interval %.1f%%-%.1f%%); lost to graveyards %.1f%%",
             st->limit, 100 * st->win.mean, 100 * st->win.low, 100 * st->win.high, 100 * st->lost_graveyards.mean);
    snprintf(footer, sizeof footer, "xii %s \xc2\xb7 simulate --game kingdom \xc2\xb7 %s", XII_VERSION,
             a->grey ? "grey" : "colour");
    struct score_plot_panel panel = {name, (int)floor(st->p10), (int)ceil(st->p90), bins, (size_t)st->wins,
                                     st->median, st->mean_year,
                                     (st->year_mean.high - st->year_mean.low) / 2};
    static const struct score_plot_words words = {"wins", "year", "10th-90th percentile", "10th-90th",
                                                  "winning year", 1, 1};
    struct score_plot plot = {title, subtitle, footer, first, 1, nbins, &panel, 1, &words};
    int status = simulate_finish_plot(c, &plot, a->plot);
    free(bins);
    return status;
}

/* ---- the command ---------------------------------------------------------------------------- */

int simulate_kingdom(const struct simulate_kingdom_args *a)
{
    const struct game *g = &kingdom_game;
    enum gplayer bot;
    if (gplayer_from_name(a->bot, &bot) != 0) {
        static const char *const names[] = {"random", "greedy"};
        const char *near = cli_nearest(a->bot, names, 2);
        fprintf(stderr, "xii simulate: unknown bot '%s' for Kingdom (%s%s%s)\n", a->bot,
                near ? "did you mean " : "expected random or greedy", near ? near : "", near ? "?" : "");
        cli_see_help("simulate");
        return EXIT_USAGE;
    }
    struct strbuf err = STRBUF_INIT;
    const void *data = g->data_load(a->rules, &err);
    if (!data) {
        fputs(strbuf_cstr(&err), stderr);
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    int status = EXIT_OK;
    struct canvas *plot = NULL;
    if (a->logs && !(g->write_start && g->write_decision && g->write_end)) {
        fprintf(stderr, "xii simulate: --logs: %s cannot write its move logs yet\n", g->title);
        status = EXIT_USAGE;
    } else if (a->logs && simulate_make_folder(a->logs) != 0) {
        status = EXIT_OUTPUT;
    } else if (a->plot && !(plot = simulate_open_plot(a->plot, a->grey, "Kingdom: simulation"))) {
        status = EXIT_OUTPUT;
    }
    struct run run = {xcalloc((size_t)a->games, sizeof *run.game), {0}, a->logs, 4};
    for (int n = a->games; n >= 10000; n /= 10)
        run.digits++;
    if (status == EXIT_OK) {
        struct gsim_options o = {g, data, 1, {bot}, a->games, a->seed, a->threads, a->logs != NULL,
                                 "xii simulate --game kingdom", seen, tally_game, show_progress, &run};
        progress_begin(&run.bar, "xii simulate", "games");
        int rc = gsim_run(&o, &err);
        progress_end(&run.bar);
        if (rc != 0) {
            fprintf(stderr, "xii simulate: %s\n", strbuf_cstr(&err));
            status = a->logs ? EXIT_OUTPUT : EXIT_USAGE;
        }
    }
    if (status == EXIT_OK) {
        struct kstats st;
        stats_of(run.game, a->games, ((const struct kdata *)data)->year_limit, &st);
        struct strbuf out = STRBUF_INIT;
        if (a->json)
            report_json(a, &st, &out);
        else
            report_text(a, &st, &out);
        fwrite(strbuf_cstr(&out), 1, out.len, stdout);
        strbuf_free(&out);
        if (plot) {
            status = draw_plot(plot, a, &st);
            plot = NULL;
        }
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "xii simulate: cannot write to standard output\n");
            status = EXIT_OUTPUT;
        }
    }
    canvas_discard(plot);
    free(run.game);
    g->data_free(data);
    strbuf_free(&err);
    return status;
}
