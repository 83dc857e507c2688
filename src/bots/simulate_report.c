/* The report of a simulation, as text and as JSON. */
#include "bots/simulate_report.h"
#include "core/json.h"

int sim_bots_have_search(const struct play_bot *bots, int n)
{
    for (int p = 0; p < n; p++)
        if (bots[p].kind == PLAY_BOT_SEARCH)
            return 1;
    return 0;
}

void sim_report_title(const struct sim_report *r, struct strbuf *out)
{
    const char *obj = r->players > 1 ? "" : r->objective >= 0 ? r->gd->objectives[r->objective].id : "arcade";
    strbuf_printf(out, "XII Century: %s bot%s, %d player%s%s%s%s, %d game%s per difficulty, seed %llu",
                  r->botname, r->per_seat ? "s" : "", r->players, r->players == 1 ? "" : "s",
                  *obj ? " (" : "", obj, *obj ? ")" : "", r->games, r->games == 1 ? "" : "s",
                  (unsigned long long)r->seed);
}

void sim_report_subtitle(const struct sim_report *r, struct strbuf *out)
{
    strbuf_puts(out, "Final scores of every seat; mean \xc2\xb1 its 95 % interval; events drawn for each "
                     "game by the setup's method 1");
    for (int p = 0; p < r->players; p++)
        if (r->bots[p].kind == PLAY_BOT_SEARCH) {
            strbuf_printf(out, "; search budget %d rollouts", r->bots[p].budget);
            break;
        }
    strbuf_printf(out, "; game data: %s", r->rules ? r->rules : "built in");
}

/* ---- text ---------------------------------------------------------------------------------- */

static const char no_interval[] = "no interval from one game";

/* "81.2 (79.9 to 82.5)", or a share in per cent; a mean from one game has no interval. */
static void interval(struct strbuf *out, const struct estimate *e, int percent)
{
    double k = percent ? 100 : 1;
    if (!percent && e->n < 2)
        strbuf_printf(out, "%.1f (%s)", e->mean, no_interval);
    else
        strbuf_printf(out, "%.1f%s (%.1f to %.1f)", k * e->mean, percent ? "%" : "", k * e->low, k * e->high);
}

/* "median 69.0 (65 to 73)". */
static void median(struct strbuf *out, const struct sim_stats *st)
{
    if (st->n < 2)
        strbuf_printf(out, "median %.1f (%s)", st->median, no_interval);
    else
        strbuf_printf(out, "median %.1f (%.0f to %.0f)", st->median, st->median_low, st->median_high);
}

static void text_difficulty(const struct sim_report *r, int i, struct strbuf *out)
{
    const struct gd_difficulty *dd = &r->gd->difficulties[r->diffs[i]];
    const struct sim_stats *st = &r->stats[i];
    strbuf_printf(out, "\n%s (%s), good score ", dd->name, dd->id);
    if (dd->good_high >= 0)
        strbuf_printf(out, "%d to %d", dd->good_low, dd->good_high);
    else
        strbuf_printf(out, "above %d", dd->good_low);
    strbuf_printf(out, ": %zu score%s\n  mean       ", st->n, st->n == 1 ? "" : "s");
    interval(out, &st->mean, 0);
    strbuf_printf(out, ", standard deviation %.1f\n", st->mean.sd);
    strbuf_printf(out, "  scores     5%% %.0f, 25%% %.0f, ", st->p5, st->p25);
    median(out, st);
    strbuf_printf(out, ", 75%% %.0f, 95%% %.0f, min %.0f, max %.0f\n", st->p75, st->p95, st->min, st->max);
    strbuf_puts(out, "  good band  below ");
    interval(out, &st->below_band, 1);
    strbuf_puts(out, ", inside ");
    interval(out, &st->in_band, 1);
    strbuf_puts(out, ", above ");
    interval(out, &st->above_band, 1);
    strbuf_putc(out, '\n');
    if (r->players > 1) {
        strbuf_puts(out, "  winner     mean score ");
        interval(out, &st->winner, 0);
        strbuf_puts(out, "; ties ");
        interval(out, &st->ties, 1);
        strbuf_putc(out, '\n');
    }
    if (r->players == 1 && r->objective >= 0) {
        strbuf_printf(out, "  objective  %s achieved in ", r->gd->objectives[r->objective].id);
        interval(out, &st->achieved, 1);
        strbuf_puts(out, " of the games\n");
    }
}

void sim_report_text(const struct sim_report *r, struct strbuf *out)
{
    sim_report_title(r, out);
    strbuf_putc(out, '\n');
    for (int i = 0; i < r->nd; i++) {
        text_difficulty(r, i, out);
        for (int p = 0; r->per_seat && p < r->players; p++) {
            struct sim_stats seat;
            sim_stats_compute(r->gd, r->diffs[i], &r->results[i], p, &seat);
            strbuf_printf(out, "  seat %d    %s: mean ", p + 1, play_bot_name(&r->bots[p]));
            interval(out, &seat.mean, 0);
            strbuf_puts(out, ", ");
            median(out, &seat);
            strbuf_putc(out, '\n');
        }
    }
}

/* ---- JSON ---------------------------------------------------------------------------------- */

/* Scores and their means: 4 decimals; shares: 6. */
enum { SCORE_DECIMALS = 4, SHARE_DECIMALS = 6 };

static void set(json_t *o, const char *key, json_t *value)
{
    json_object_set_new(o, key, value);
}

static json_t *pair(double low, double high, int decimals)
{
    json_t *a = json_array();
    json_array_append_new(a, json_fixed(low, decimals));
    json_array_append_new(a, json_fixed(high, decimals));
    return a;
}

/* A mean's interval, null from one value; a share's (Wilson) always. */
static json_t *mean_ci(const struct estimate *e)
{
    return e->n < 2 ? json_null() : pair(e->low, e->high, SCORE_DECIMALS);
}

static json_t *share_ci(const struct estimate *e)
{
    return pair(e->low, e->high, SHARE_DECIMALS);
}

static json_t *median_ci(const struct sim_stats *st)
{
    return st->n < 2 ? json_null() : pair(st->median_low, st->median_high, SCORE_DECIMALS);
}

static json_t *scores(const struct sim_stats *st)
{
    json_t *o = json_object();
    set(o, "mean", json_fixed(st->mean.mean, SCORE_DECIMALS));
    set(o, "mean_ci95", mean_ci(&st->mean));
    set(o, "sd", json_fixed(st->mean.sd, SCORE_DECIMALS));
    set(o, "p5", json_fixed(st->p5, SCORE_DECIMALS));
    set(o, "p25", json_fixed(st->p25, SCORE_DECIMALS));
    set(o, "median", json_fixed(st->median, SCORE_DECIMALS));
    set(o, "median_ci95", median_ci(st));
    set(o, "p75", json_fixed(st->p75, SCORE_DECIMALS));
    set(o, "p95", json_fixed(st->p95, SCORE_DECIMALS));
    set(o, "min", json_integer((json_int_t)st->min));
    set(o, "max", json_integer((json_int_t)st->max));
    set(o, "in_band", json_fixed(st->in_band.mean, SHARE_DECIMALS));
    set(o, "in_band_ci95", share_ci(&st->in_band));
    set(o, "below_band", json_fixed(st->below_band.mean, SHARE_DECIMALS));
    set(o, "below_band_ci95", share_ci(&st->below_band));
    set(o, "above_band", json_fixed(st->above_band.mean, SHARE_DECIMALS));
    set(o, "above_band_ci95", share_ci(&st->above_band));
    return o;
}

/* Each seat's bot and scores, as the text report's seat lines. */
static json_t *seats(const struct sim_report *r, int i)
{
    json_t *list = json_array();
    for (int p = 0; p < r->players; p++) {
        struct sim_stats seat;
        sim_stats_compute(r->gd, r->diffs[i], &r->results[i], p, &seat);
        json_t *o = json_object();
        set(o, "seat", json_integer(p + 1));
        set(o, "bot", json_text(play_bot_name(&r->bots[p])));
        set(o, "mean", json_fixed(seat.mean.mean, SCORE_DECIMALS));
        set(o, "mean_ci95", mean_ci(&seat.mean));
        set(o, "median", json_fixed(seat.median, SCORE_DECIMALS));
        set(o, "median_ci95", median_ci(&seat));
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *result(const struct sim_report *r, int i)
{
    const struct gd_difficulty *dd = &r->gd->difficulties[r->diffs[i]];
    const struct sim_stats *st = &r->stats[i];
    json_t *o = json_object(), *good = json_array();
    set(o, "difficulty", json_text(dd->id));
    json_array_append_new(good, json_integer(dd->good_low));
    json_array_append_new(good, dd->good_high >= 0 ? json_integer(dd->good_high) : json_null());
    set(o, "good", good);
    set(o, "scores", scores(st));
    if (r->players > 1) {
        json_t *winner = json_object(), *ties = json_object();
        set(winner, "mean", json_fixed(st->winner.mean, SCORE_DECIMALS));
        set(winner, "ci95", mean_ci(&st->winner));
        set(ties, "share", json_fixed(st->ties.mean, SHARE_DECIMALS));
        set(ties, "ci95", share_ci(&st->ties));
        set(o, "winner", winner);
        set(o, "ties", ties);
    }
    if (r->players == 1 && r->objective >= 0) {
        set(o, "achieved", json_fixed(st->achieved.mean, SHARE_DECIMALS));
        set(o, "achieved_ci95", share_ci(&st->achieved));
    }
    if (r->per_seat)
        set(o, "seats", seats(r, i));
    return o;
}

/* Each difficulty's result one member a line, its scores too; the seats one a line. */
static const char *const sim_json_broken[] = {"results", "results/*", "results/*/scores",
                                              "results/*/seats", NULL};

void sim_report_json(const struct sim_report *r, struct strbuf *out)
{
    json_t *doc = json_object(), *results = json_array();
    set(doc, "bot", json_text(r->botname));
    set(doc, "players", json_integer(r->players));
    set(doc, "games", json_integer(r->games));
    set(doc, "seed", json_uint(r->seed));
    for (int i = 0; i < r->nd; i++)
        json_array_append_new(results, result(r, i));
    set(doc, "results", results);
    json_doc_write(doc, sim_json_broken, out);
    json_decref(doc);
}
