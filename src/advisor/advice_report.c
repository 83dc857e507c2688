/* The hint report, as text and as JSON. */
#include "advisor/advice_report.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

const char *advice_kind_name(enum advice_kind kind)
{
    static const char *const names[] = {"turn", "war", "collect"};
    return names[kind];
}

const char *advice_stop_name(enum rank_stop stop)
{
    static const char *const names[] = {"separated", "close", "budget", "time"};
    return names[stop];
}

/* x without the minus sign of a value that prints as zero with `half` half the last digit. */
static double nz(double x, double half)
{
    return fabs(x) < half ? 0.0 : x;
}

/* What the ranking's stop means, for the text report. */
static const char *stop_words(const struct advice *a)
{
    if (a->n == 1)
        return "there is only one choice";
    switch (a->summary.stop) {
    case RANK_SEPARATED: return "the best is ahead of every other at 95 % (corrected for the comparisons)";
    case RANK_CLOSE: return "the best and the ones still in the race are too close to tell apart: each difference is known to 0.5 VP (0.5 points of probability) at 95 %";
    case RANK_BUDGET: return "the rollout budget ran out before the best was told apart from the ones still in the race";
    case RANK_TIME: return "the time limit came before the best was told apart from the ones still in the race";
    }
    return "";
}

const char *advice_goal_name(enum rank_goal goal)
{
    static const char *const names[] = {"score", "win", "objective"};
    return names[goal];
}

/* What the candidates are ranked by, in words. */
static const char *goal_words(enum rank_goal goal)
{
    switch (goal) {
    case RANK_GOAL_WIN: return "the chance to win (then the expected score)";
    case RANK_GOAL_OBJECTIVE: return "the chance to achieve the objective (then the expected score)";
    default: return "the expected final score";
    }
}

/* The candidates shown: the first `top` not merged into another. */
static size_t shown(const struct advice *a, size_t top, size_t *idx)
{
    size_t n = 0;
    for (size_t k = 0; k < a->n && n < top; k++)
        if (!a->ranked[k].r.merged)
            idx[n++] = k;
    return n;
}

/* The next line of text at *p without its indentation, into line; 0 at the end. */
static int next_line(const char **p, struct strbuf *line)
{
    if (!**p)
        return 0;
    const char *e = strchr(*p, '\n');
    size_t len = e ? (size_t)(e - *p) : strlen(*p);
    const char *q = *p;
    while (len > 0 && *q == ' ') {
        q++;
        len--;
    }
    strbuf_reset(line);
    strbuf_append(line, q, len);
    *p = e ? e + 1 : q + len;
    return 1;
}

static void what_is_decided(const struct advice_report_input *in, struct strbuf *out)
{
    const struct game_state *s = in->pos->s;
    const char *name = s->cfg.names[in->pos->player];
    strbuf_printf(out, "%s, round %d: ", name, s->round);
    switch (in->pos->kind) {
    case ADVICE_TURN: {
        int n = 0;
        for (int i = 0; i < XII_TURN_DICE; i++)
            if (!s->turn.dice[i].spent)
                strbuf_printf(out, "%s%d", n++ ? " " : "the dice ", s->turn.dice[i].value);
        if (n == 0)
            strbuf_puts(out, "every die is spent");
        else
            strbuf_puts(out, " to spend");
        /* One reserve die a turn: once it is spent, the others wait for a later turn. */
        int r = 0;
        if (s->turn.reserve_used)
            strbuf_puts(out, n ? ", this turn's reserve die spent" : "; this turn's reserve die spent");
        for (int k = 0; k < s->gd->reserve_slots && !s->turn.reserve_used; k++)
            if (s->p[in->pos->player].reserve[k].state == SLOT_AVAILABLE)
                strbuf_printf(out, "%s%d", r++ ? " " : n ? ", the reserve " : "; the reserve ",
                              s->p[in->pos->player].reserve[k].value);
        break;
    }
    case ADVICE_WAR:
        strbuf_puts(out, "support or avoid the king war");
        break;
    case ADVICE_COLLECT:
        strbuf_puts(out, "the bonus of ");
        for (int l = 0, n = 0; l < LOCATION_COUNT; l++)
            if (in->pos->collect >> l & 1u)
                strbuf_printf(out, "%sthe %s", n++ ? " and " : "", s->gd->locations[l].id);
        break;
    }
    strbuf_putc(out, '\n');
}

void advice_report_text(const struct advice_report_input *in, struct strbuf *out)
{
    const struct advice *a = in->advice;
    int multi = in->pos->s->cfg.nplayers > 1;
    int objective = !multi && in->pos->s->cfg.objective >= 0;
    what_is_decided(in, out);
    if (in->pos->kind == ADVICE_TURN)
        strbuf_printf(out, "Best of %zu plans rolled out, of %zu legal%s; %zu screened after the turn's end "
                      "(each market conversion apart, the town court's re-roll left out).\n", a->n, a->plans_legal,
                      a->plans_cut ? " found before the listing was cut" : "", a->plans_screened);
    strbuf_printf(out, "%zu choice%s ranked by %s, %zu rollouts (the %s bot plays every seat to the end; seed %llu): %s.\n",
                  a->n, a->n == 1 ? "" : "s", goal_words(a->goal), a->summary.rollouts, in->bot,
                  (unsigned long long)in->seed, stop_words(a));
    size_t *idx = xmalloc((a->n ? a->n : 1) * sizeof *idx);
    size_t top = shown(a, in->top, idx);
    struct strbuf lines = STRBUF_INIT, line = STRBUF_INIT;
    for (size_t i = 0; i < top; i++) {
        size_t k = idx[i];
        const struct advice_ranked *c = &a->ranked[k];
        const struct rank_result *r = &c->r;
        strbuf_printf(out, "\n%zu. expected score %.1f (95 %%: %.1f to %.1f)", i + 1, r->score.mean,
                      r->score.low, r->score.high);
        if (k > 0)
            strbuf_printf(out, ", %.1f behind the best (%.1f to %.1f)", nz(-r->vs_best.mean, 0.05),
                          nz(-r->vs_best.high, 0.05), nz(-r->vs_best.low, 0.05));
        if (multi)
            strbuf_printf(out, ", wins %.0f %% (%.0f to %.0f %%)", 100 * r->win.mean, 100 * r->win.low,
                          100 * r->win.high);
        if (objective)
            strbuf_printf(out, ", achieves the objective %.0f %% (%.0f to %.0f %%)", 100 * r->objective.mean,
                          100 * r->objective.low, 100 * r->objective.high);
        strbuf_printf(out, "; %zu rollouts", r->rollouts);
        if (r->same)
            strbuf_printf(out, "; %zu other plan%s gave the same result in every rollout", r->same,
                          r->same == 1 ? "" : "s");
        strbuf_puts(out, "\n   ");
        advice_describe(in->pos, &c->choice, out);
        strbuf_putc(out, '\n');
        strbuf_reset(&lines);
        advice_lines(in->pos, &c->choice, &lines);
        /* Each line as it is typed, indented under the words. */
        const char *p = strbuf_cstr(&lines);
        if (!*p)
            strbuf_puts(out, "     (no line to write: the log goes on with the next one)\n");
        while (next_line(&p, &line))
            strbuf_printf(out, "     %s\n", strbuf_cstr(&line));
        if (c->choice.kind == ADVICE_WAR && strncmp(strbuf_cstr(&lines), "war ", 4) != 0)
            strbuf_puts(out, "     (the player's entry of the war line, beside the other players' choices)\n");
    }
    strbuf_free(&lines);
    strbuf_free(&line);
    free(idx);
}

static void json_interval(struct strbuf *out, double low, double high)
{
    strbuf_printf(out, "[%.3f, %.3f]", nz(low, 0.0005), nz(high, 0.0005));
}

void advice_report_json(const struct advice_report_input *in, struct strbuf *out)
{
    const struct advice *a = in->advice;
    const struct game_state *s = in->pos->s;
    int multi = s->cfg.nplayers > 1;
    strbuf_puts(out, "{\"player\": ");
    strbuf_json_string(out, s->cfg.names[in->pos->player]);
    strbuf_printf(out, ", \"round\": %d, \"decision\": \"%s\", \"bot\": ", s->round, advice_kind_name(in->pos->kind));
    strbuf_json_string(out, in->bot);
    strbuf_printf(out, ", \"seed\": %llu, \"rollouts\": %zu, \"candidates\": %zu, \"stop\": \"%s\", \"plans\": [",
                  (unsigned long long)in->seed, a->summary.rollouts, a->n, advice_stop_name(a->summary.stop));
    size_t top = in->top < a->n ? in->top : a->n;
    struct strbuf tmp = STRBUF_INIT, line = STRBUF_INIT;
    for (size_t k = 0; k < top; k++) {
        const struct advice_ranked *c = &a->ranked[k];
        const struct rank_result *r = &c->r;
        strbuf_puts(out, k ? ", {\"lines\": [" : "{\"lines\": [");
        strbuf_reset(&tmp);
        advice_lines(in->pos, &c->choice, &tmp);
        const char *p = strbuf_cstr(&tmp);
        for (int n = 0; next_line(&p, &line); n++) {
            if (n)
                strbuf_puts(out, ", ");
            strbuf_json_string(out, strbuf_cstr(&line));
        }
        strbuf_puts(out, "], \"description\": ");
        strbuf_reset(&tmp);
        advice_describe(in->pos, &c->choice, &tmp);
        strbuf_json_string(out, strbuf_cstr(&tmp));
        strbuf_printf(out, ", \"expected_score\": %.3f, \"ci95\": ", r->score.mean);
        json_interval(out, r->score.low, r->score.high);
        strbuf_printf(out, ", \"behind_best\": %.3f, \"behind_ci95\": ", nz(-r->vs_best.mean, 0.0005));
        json_interval(out, -r->vs_best.high, -r->vs_best.low);
        if (multi) {
            strbuf_printf(out, ", \"win_probability\": %.4f, \"win_ci95\": [%.4f, %.4f]", r->win.mean,
                          r->win.low, r->win.high);
        } else {
            strbuf_puts(out, ", \"win_probability\": null, \"win_ci95\": null");
        }
        strbuf_printf(out, ", \"rollouts\": %zu}", r->rollouts);
    }
    strbuf_free(&tmp);
    strbuf_free(&line);
    strbuf_puts(out, "]}\n");
}
