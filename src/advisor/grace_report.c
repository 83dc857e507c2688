/* The report of the advisor's race over the game interface, as text and as JSON. */
#include "advisor/grace_report.h"
#include <math.h>
#include <string.h>
#include "core/json.h"
#include "core/xalloc.h"

/* The line(s) the log writes for the decision at state, without the last newline ("" when it
 * writes none; a line a later decision ends is given as far as it goes); into out. */
static void grace_decision_line(const struct game *g, const void *state, const void *decision, struct strbuf *out)
{
    struct strbuf t = STRBUF_INIT;
    g->write_decision(state, decision, &t);
    size_t len = t.len;
    while (len > 0 && t.data[len - 1] == '\n')
        len--;
    if (len)
        strbuf_append(out, t.data, len);
    strbuf_free(&t);
}

/* x without the minus sign of a value that prints as zero with two decimals. */
static double nz(double x)
{
    return fabs(x) < 0.005 ? 0.0 : x;
}

/* The decision's words when the line alone does not say it ("" else). */
static void words(const struct grace_report_input *in, const void *d, struct strbuf *out)
{
    if (in->g->describe)
        in->g->describe(in->state, d, out);
}

static const void *decision(const struct grace_report_input *in, size_t k)
{
    return (const char *)in->gr->decisions + in->gr->ranked[k].index * in->g->decision_size;
}

/* The decisions shown: the first `top` not merged into another. */
static size_t shown(const struct grace *gr, size_t top, size_t *idx)
{
    size_t n = 0;
    for (size_t k = 0; k < gr->n && n < top; k++)
        if (!gr->ranked[k].r.merged)
            idx[n++] = k;
    return n;
}

static const char *goal_words(enum rank_goal goal)
{
    return goal == RANK_GOAL_WIN ? "the chance to win (then the expected return: the sooner win first)"
                                 : "the expected return";
}

static const char *stop_name(const struct grace *gr)
{
    static const char *const names[] = {"separated", "close", "budget", "time"};
    return gr->exact ? "exact" : names[gr->summary.stop];
}

static const char *stop_words(const struct grace *gr)
{
    if (gr->n == 1)
        return "there is only one choice";
    switch (gr->summary.stop) {
    case RANK_SEPARATED: return "the best is ahead of every other at 95 % (corrected for the comparisons)";
    case RANK_CLOSE: return "the best and the ones still in the race are too close to tell apart (each difference known to 0.5 at 95 %)";
    case RANK_BUDGET: return "the rollout budget ran out before the best was told apart from the ones still in the race";
    case RANK_TIME: return "the time limit came before the best was told apart from the ones still in the race";
    }
    return "";
}

/* The ranked decision at: its log line (empty where the game has none) and its words. */
static void texts(const struct grace_report_input *in, size_t at, struct strbuf *line, struct strbuf *w)
{
    strbuf_reset(line);
    strbuf_reset(w);
    grace_decision_line(in->g, in->state, decision(in, at), line);
    words(in, decision(in, at), w);
}

void grace_report_text(const struct grace_report_input *in, struct strbuf *out)
{
    const struct grace *gr = in->gr;
    strbuf_printf(out, "%s: %s\n", in->g->title, in->awaits);
    if (gr->exact) {
        size_t ties = 1;
        while (ties < gr->n && gr->ranked[ties].exact.goal == gr->ranked[0].exact.goal)
            ties++;
        strbuf_printf(out, "Exact: %s %zu legal decision%s valued with the best play after it and every die "
                      "weighed (%zu positions solved), no rollout", gr->legal == 1 ? "the" : "every one of the",
                      gr->legal, gr->legal == 1 ? "" : "s", gr->nodes);
        if (ties > 1)
            strbuf_printf(out, "; %zu share the best value", ties);
        strbuf_puts(out, ".\n");
    }
    else
        strbuf_printf(out, "Estimated: %zu of %zu legal decisions raced%s, %zu rollouts by the %s player (seed %llu); "
                      "the rest of the game is too large to solve exactly (over %zu positions).\n",
                      gr->n, gr->legal, gr->n < gr->legal ? " (the best by the game's evaluation)" : "",
                      gr->summary.rollouts, in->player, (unsigned long long)in->seed, gr->node_bound);
    strbuf_printf(out, "Ranked by %s; the return is %s.\n", goal_words(gr->goal), in->return_words);
    if (!gr->exact)
        strbuf_printf(out, "Stop: %s.\n", stop_words(gr));
    size_t *idx = xmalloc((gr->n ? gr->n : 1) * sizeof *idx), n = shown(gr, in->top, idx);
    struct strbuf line = STRBUF_INIT, w = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        const struct grace_ranked *r = &gr->ranked[idx[i]];
        texts(in, idx[i], &line, &w);
        strbuf_printf(out, "\n%zu. %s\n", i + 1, line.len ? strbuf_cstr(&line) : strbuf_cstr(&w));
        if (line.len && w.len)
            strbuf_printf(out, "   (%s)\n", strbuf_cstr(&w));
        if (gr->exact) {
            strbuf_printf(out, "   win %.1f %%, return %.2f, exact", 100 * r->exact.win, r->exact.ret);

            strbuf_putc(out, '\n');
            continue;
        }
        if (gr->goal == RANK_GOAL_WIN || in->g->win)
            strbuf_printf(out, "   win %.1f %% (95 %%: %.1f to %.1f),", 100 * r->r.win.mean, 100 * r->r.win.low,
                          100 * r->r.win.high);
        strbuf_printf(out, " return %.2f (95 %%: %.2f to %.2f), %zu rollouts%s\n", nz(r->r.score.mean), nz(r->r.score.low),
                      nz(r->r.score.high), r->r.rollouts, idx[i] < gr->fresh ? " of its own" : "");
        if (i > 0 && r->r.vs_best.n >= 2)
            strbuf_printf(out, "   return behind the best by %.2f (95 %%: %.2f to %.2f), paired\n", nz(-r->r.vs_best.mean),
                          nz(-r->r.vs_best.high), nz(-r->r.vs_best.low));
        if (r->r.same)
            strbuf_printf(out, "   %zu other decision%s gave the same result in every rollout\n", r->r.same,
                          r->r.same == 1 ? "" : "s");
    }
    strbuf_free(&line);
    strbuf_free(&w);
    free(idx);
}

static json_t *interval(const struct estimate *e, int exact, double scale, int decimals)
{
    double lo = exact ? e->mean : scale < 0 ? e->high : e->low, hi = exact ? e->mean : scale < 0 ? e->low : e->high;
    json_t *o = json_object();
    json_object_set_new(o, "mean", json_fixed(scale * e->mean, decimals));
    json_object_set_new(o, "low", json_fixed(scale * lo, decimals));
    json_object_set_new(o, "high", json_fixed(scale * hi, decimals));
    return o;
}

void grace_report_json(const struct grace_report_input *in, struct strbuf *out)
{
    const struct grace *gr = in->gr;
    json_t *doc = json_object();
    json_object_set_new(doc, "game", json_text(in->g->name));
    json_object_set_new(doc, "awaits", json_text(in->awaits));
    json_object_set_new(doc, "goal", json_text(gr->goal == RANK_GOAL_WIN ? "win" : "score"));
    json_object_set_new(doc, "exact", json_boolean(gr->exact));
    json_object_set_new(doc, "stop", json_text(stop_name(gr)));
    json_object_set_new(doc, "positions", json_integer((json_int_t)gr->nodes));
    json_object_set_new(doc, "legal", json_integer((json_int_t)gr->legal));
    json_object_set_new(doc, "raced", json_integer(gr->exact ? 0 : (json_int_t)gr->n));
    json_object_set_new(doc, "rollouts", json_integer((json_int_t)gr->summary.rollouts));
    json_object_set_new(doc, "player", json_text(in->player));
    json_object_set_new(doc, "seed", json_uint(in->seed));
    json_t *list = json_array();
    size_t *idx = xmalloc((gr->n ? gr->n : 1) * sizeof *idx), n = shown(gr, in->top, idx);
    struct strbuf line = STRBUF_INIT, w = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        const struct grace_ranked *r = &gr->ranked[idx[i]];
        texts(in, idx[i], &line, &w);
        json_t *o = json_object();
        json_object_set_new(o, "rank", json_integer((json_int_t)i + 1));
        json_object_set_new(o, "line", line.len ? json_text(strbuf_cstr(&line)) : json_null());
        json_object_set_new(o, "words", w.len ? json_text(strbuf_cstr(&w)) : json_null());
        json_object_set_new(o, "win", in->g->win ? interval(&r->r.win, gr->exact, 100, 2) : json_null());
        json_object_set_new(o, "return", interval(&r->r.score, gr->exact, 1, 4));
        json_object_set_new(o, "behind", interval(&r->r.vs_best, gr->exact || i == 0, -1, 4));
        json_object_set_new(o, "rollouts", json_integer((json_int_t)r->r.rollouts));
        json_object_set_new(o, "same", json_integer((json_int_t)r->r.same));
        json_array_append_new(list, o);
    }
    json_object_set_new(doc, "decisions", list);
    static const char *const broken[] = {"decisions", NULL};
    json_doc_write(doc, broken, out);
    json_decref(doc);
    strbuf_free(&line);
    strbuf_free(&w);
    free(idx);
}
