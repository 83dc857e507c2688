/* Kingdom's value of the game interface: kingdom.h's functions behind struct game. */
#include "kingdom/game.h"
#include <stdlib.h>
#include "core/diag.h"
#include "core/xalloc.h"
#include "kingdom/eval.h"
#include "kingdom/kingdom.h"

/* The built-in data, or the file at path; NULL with the problems in err. */
static const void *data_load(const char *path, struct strbuf *err)
{
    struct kdata *d = xcalloc(1, sizeof *d);
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = path ? kdata_load_file(d, path, &dl) : kdata_load_default(d, &dl);
    for (size_t i = 0; i < dl.count; i++)
        diag_format(err, &dl.items[i], NULL, 0);
    diag_list_free(&dl);
    if (rc != 0) {
        free(d);
        return NULL;
    }
    return d;
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
    /* write_start, write_decision and write_end: the kingdom's log writer (src/log), wired
       when it lands. */
    .evaluate = kingdom_evaluate,
};
