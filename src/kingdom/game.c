/* Kingdom's value of the game interface: kingdom.h's functions behind struct game. */
#include "kingdom/game.h"
#include <stdlib.h>
#include <string.h>
#include "core/game_data.h"
#include "core/diag.h"
#include "kingdom/board.h"
#include "kingdom/eval.h"
#include "kingdom/kaudit.h"
#include "kingdom/kingdom.h"
#include "kingdom/klog_write.h"
#include "kingdom/table.h"

static int load(void *data, const char *path, struct diag_list *dl)
{
    return path ? kdata_load_file(data, path, dl) : kdata_load_default(data, dl);
}

/* The built-in data, or the file at path; NULL with the problems in err. */
static const void *data_load(const char *path, struct strbuf *err)
{
    return game_data_new(sizeof(struct kdata), load, path, err);
}

static void data_free(const void *data)
{
    struct kdata *d = (struct kdata *)data;
    if (d)
        kdata_free(d);
    free(d);
}

static void init(void *state, const void *data, int nseats)
{
    (void)nseats;
    kingdom_init(state, data);
}

/* The one seat decides, or the dice, or nobody once the game is over. */
static int current(const void *state)
{
    struct kingdom_awaited a = kingdom_awaited(state);
    return a.kind == KA_END ? GAME_OVER : a.chance ? GAME_CHANCE : 0;
}

/* The engine's list; a chance node's outcomes are equally likely. */
static size_t legal(const void *state, void *out, double *p, size_t cap)
{
    size_t n = kingdom_legal(state, out, cap);
    if (p && kingdom_awaited(state).chance)
        for (size_t i = 0; i < n && i < cap; i++)
            p[i] = 1.0 / (double)n;
    return n;
}

static int apply(void *state, const void *decision, struct strbuf *why)
{
    struct krefusal r = kingdom_apply(state, decision, NULL);
    if (r.rule == KR_NONE)
        return 0;
    if (why)
        kingdom_refusal_text(&r, why);
    return -1;
}

/* A win in year y is worth year_limit + 1 - y (1 for a win in the last year), a loss 0. */
static void returns(const void *state, double *out)
{
    const struct kstate *s = state;
    struct kingdom_end e = kingdom_end(s);
    out[0] = e.end == KEND_WIN ? (double)(s->data->year_limit + 1 - e.year) : 0;
}

/* 1 for a win, 0 for a loss. */
static double win(const void *state, int seat)
{
    (void)seat;
    return kingdom_end(state).end == KEND_WIN ? 1 : 0;
}

/* Whether the monument can still be finished by the end of the year in progress (the win is
 * the year's): nothing starved yet; while building, no trade made (a trade ends the building)
 * and the stock pays every stage still missing; once the building is done, it is finished. */
static bool may_win_this_year(const struct kstate *s)
{
    const struct kdata *d = s->data;
    int missing = d->effect_stage[KEFF_WIN] - s->stage;
    if (s->starved)
        return false;
    if (missing <= 0)
        return true;
    enum kawait k = kingdom_awaited(s).kind;
    if (k == KA_STARVE)
        return false;
    if (k != KA_BUILD)
        return true;
    if (s->traded)
        return false;
    for (int r = 0; r < KRES_COUNT; r++) {
        int need = 0;
        for (int st = s->stage; st < d->effect_stage[KEFF_WIN]; st++)
            need += d->stage_cost[st][r];
        if (s->stock[r] < need)
            return false;
    }
    return true;
}

/* The soonest win still possible: this year's, else the next one's. */
static void bound(const void *state, int seat, double *win_bound, double *ret_bound)
{
    const struct kstate *s = state;
    if (kingdom_end(s).end != KEND_NONE) {
        returns(s, ret_bound);
        *win_bound = win(s, seat);
        return;
    }
    struct kingdom_awaited a = kingdom_awaited(s);
    int year = a.kind == KA_YEAR ? a.year : s->year > 0 ? s->year : 1;
    if (a.kind != KA_YEAR && s->year > 0 && !may_win_this_year(s))
        year++;
    int ret = s->data->year_limit + 1 - year;
    *ret_bound = ret > 0 ? ret : 0;
    *win_bound = ret > 0 ? 1 : 0;
}

/* The decisions the log writes no whole line for: the reroll's choice (its line waits for the
 * die's new value), the year's building ended (no line: feeding follows), a starve line's
 * victim when more are owed (the line goes on). */
static void describe(const void *state, const void *decision, struct strbuf *out)
{
    const struct kstate *s = state;
    const struct kdecision *d = decision;
    switch (d->kind) {
    case KD_REROLL:
        strbuf_printf(out, "reroll a die showing %d (its line once the new value is rolled)", d->a);
        break;
    case KD_DONE:
        strbuf_puts(out, "build and trade no more this year (nothing to write: the feeding follows)");
        break;
    case KD_STARVE:
        if (s->starve_left > 1)
            strbuf_printf(out, "the first of %d victims of the starve line (name the others after it)",
                          s->starve_left);
        break;
    default:
        break;
    }
}

/* "kingdom 1", then the comment. */
static void write_start(const void *state, const char *comment, struct strbuf *out)
{
    (void)state;
    klog_write_header(out);
    strbuf_puts(out, "\n");
    if (comment)
        strbuf_printf(out, "# %s\n", comment);
}

/* One line a decision, but for the lines that gather several: the range's roll waits for its
 * hexes, the reroll's choice for the new value, and a starve line takes its victims one by
 * one (the line ends with the last one owed). */
static void write_decision(const void *state, const void *decision, struct strbuf *out)
{
    const struct kstate *s = state;
    const struct kdecision *d = decision;
    switch (d->kind) {
    case KD_RANGE_ROLL: case KD_REROLL: case KD_DONE:
        return;
    case KD_RANGE: {
        int k = kingdom_awaited(s).range;
        struct kdecision roll = {.kind = KD_RANGE_ROLL, .a = s->range_dice[k][0], .b = s->range_dice[k][1]};
        klog_write_range(&roll, d, out);
        break;
    }
    case KD_REROLL_ROLL:
        klog_write_reroll(s->dice[s->reroll_die], d->a, out);
        break;
    case KD_STARVE: {
        struct strbuf line = STRBUF_INIT;
        klog_write_decision(d, &line);
        const char *text = strbuf_cstr(&line), *hexes = strchr(text, ' ');
        if (out->len > 0 && out->data[out->len - 1] != '\n' && hexes)
            strbuf_puts(out, hexes);        /* a later victim of the same line */
        else
            strbuf_puts(out, text);
        strbuf_free(&line);
        if (s->starve_left > 1)
            return;
        break;
    }
    default:
        klog_write_decision(d, out);
        break;
    }
    strbuf_puts(out, "\n");
}

/* The result, then the final stocks as a check line. */
static void write_end(const void *state, struct strbuf *out)
{
    const struct kstate *s = state;
    klog_write_result(kingdom_end(s).end == KEND_WIN, out);
    strbuf_puts(out, "\n");
    klog_write_check(s->stock, (1u << KRES_COUNT) - 1, out);
    strbuf_puts(out, "\n");
}

/* The text edges: kingdom/table.h behind the interface's types. */
static enum game_line read_line(const void *state, const char *line, const char *file, int lineno, void *out,
                                size_t cap, size_t *n, struct strbuf *note, struct strbuf *why)
{
    return ktable_read(state, line, file, lineno, out, cap, n, note, why);
}

static void prompt(const void *state, struct strbuf *out)
{
    ktable_prompt(state, out);
}

static void narrate(const void *state, const void *decision, struct strbuf *out)
{
    ktable_narrate(state, decision, out);
}

static void warn(const void *state, const void *decision, struct strbuf *out)
{
    ktable_warn(state, decision, out);
}

static int check_log(const void *data, const char *buf, size_t len, const char *file, struct strbuf *diags)
{
    return ktable_check_log(data, buf, len, file, diags);
}

static struct json_t *board(const void *state, const void *legal, size_t n)
{
    return kingdom_board(state, legal, n);
}

static int horizon(const void *state)
{
    const struct kstate *s = state;
    return s->data->year_limit + 1 - (s->year > 0 ? s->year : 1);
}

static void advice_words(const void *state, struct strbuf *awaits, struct strbuf *return_words)
{
    const struct kstate *s = state;
    kaudit_awaits_text(s, awaits);
    strbuf_printf(return_words, "%d minus the year of the win (a win in year %d is worth 1), 0 for a loss",
                  s->data->year_limit + 1, s->data->year_limit);
}

const struct game kingdom_game = {
    .name = "kingdom",
    .title = "Kingdom",
    .min_seats = 1,
    .max_seats = 1,
    .state_size = sizeof(struct kstate),
    .decision_size = sizeof(struct kdecision),
    .data_load = data_load,
    .data_free = data_free,
    .init = init,
    .current = current,
    .legal = legal,
    .apply = apply,
    .returns = returns,
    .write_start = write_start,
    .write_decision = write_decision,
    .write_end = write_end,
    .evaluate = kingdom_evaluate,
    .read = read_line,
    .prompt = prompt,
    .narrate = narrate,
    .warn = warn,
    .check_log = check_log,
    .win = win,
    .bound = bound,
    .describe = describe,
    .board = board,
    .horizon = horizon,
    .advice_words = advice_words,
};
