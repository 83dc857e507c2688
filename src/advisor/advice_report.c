/* The hint report, as text and as JSON. */
#include "advisor/advice_report.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/json.h"
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

/* One row of the side-by-side table when the plans' values differ. */
static void row(struct strbuf *out, const char *name, const int *v, size_t n, int yes_no)
{
    size_t k = 1;
    while (k < n && v[k] == v[0])
        k++;
    if (k == n)
        return;
    strbuf_printf(out, "  %-18.18s", name);
    for (k = 0; k < n; k++)
        if (yes_no)
            strbuf_printf(out, "%8s", v[k] ? "yes" : "-");
        else
            strbuf_printf(out, "%8d", v[k]);
    strbuf_putc(out, '\n');
}

/* Why one plan beats another: the player's sheet after each shown plan's turn (feeding and
 * the market done), side by side, the values where they differ. */
static void side_by_side(const struct advice_report_input *in, const size_t *idx, size_t n, struct strbuf *out)
{
    const struct game_state *s = in->pos->s;
    const struct gamedata *gd = s->gd;
    int p = in->pos->player;
    struct game_state *after = xcalloc(n, sizeof *after);
    for (size_t k = 0; k < n; k++) {
        after[k] = *s;
        if (play_plan_apply(&after[k], &in->advice->ranked[idx[k]].choice.plan, NULL) != 0 ||
            (after[k].turn.player >= 0 && engine_end_turn(&after[k], NULL, NULL, NULL) != 0)) {
            free(after);
            return;
        }
    }
    strbuf_puts(out, "\nAfter the turn (feeding and the market done), where the plans differ:\n                    ");
    for (size_t k = 0; k < n; k++)
        strbuf_printf(out, "%7zu.", k + 1);
    strbuf_putc(out, '\n');
    int v[64];
    for (size_t k = 0; k < n; k++)
        v[k] = engine_score(&after[k], p, NULL);
    row(out, "score now", v, n, 0);
    for (int a = 0; a < ASSET_COUNT; a++) {
        for (size_t k = 0; k < n; k++)
            v[k] = after[k].p[p].asset[a];
        row(out, gd->assets[a].id, v, n, 0);
    }
    for (int l = 0; l < LOCATION_COUNT; l++) {
        for (size_t k = 0; k < n; k++)
            v[k] = after[k].p[p].influence[l];
        row(out, gd->locations[l].id, v, n, 0);
    }
    for (size_t k = 0; k < n; k++)
        v[k] = after[k].p[p].reputation;
    row(out, "reputation", v, n, 0);
    for (int i = 0; i < gd->nitems; i++) {
        for (size_t k = 0; k < n; k++)
            v[k] = (int)(after[k].p[p].owned >> i & 1u);
        row(out, gd->items[i].id, v, n, 1);
    }
    free(after);
}

void advice_report_text(const struct advice_report_input *in, struct strbuf *out)
{
    const struct advice *a = in->advice;
    int multi = in->pos->s->cfg.nplayers > 1;
    int objective = !multi && in->pos->s->cfg.objective >= 0;
    what_is_decided(in, out);
    if (a->exact) {
        /* No count of the plans: how many the bound drops depends on the thread count. */
        strbuf_puts(out, "Exact: every legal plan, each position after the turn's end (each market conversion "
                         "apart; the town court's re-roll weighed over its results, not listed) valued or bounded "
                         "below the best found by the engine, no rollout.\n");
        strbuf_printf(out, "The last turn of the game: the %zu best ranked by %s, the war's bonus rolls weighed "
                      "(every combination, by the war's distinct outcomes), the player's war choice the better one, the other choices the %s "
                      "bot's.\n", a->n, goal_words(a->goal), in->bot);
        if (a->reroll) {
            const struct advice_exact_plan *r = &a->reroll_best;
            const struct move *m = &r->plan.move[r->plan.nmoves - 1];
            strbuf_printf(out, "The town court's re-roll of the %s die showing %d, weighed over its six results "
                          "(the best plan after each): final score %.2f", m->source == DIE_SHARED ? "shared" : "own",
                          m->die, r->v.score);
            if (multi)
                strbuf_printf(out, ", wins %.1f %%", 100 * r->v.win);
            if (objective)
                strbuf_printf(out, ", achieves the objective %.1f %%", 100 * r->v.objective);
            /* The moves the re-roll comes after (another perk's die change, the court bought), as
             * they are typed. */
            struct advice_choice before = {.kind = ADVICE_TURN, .plan = r->plan};
            before.plan.nmoves--;
            struct strbuf lines = STRBUF_INIT, line = STRBUF_INIT;
            advice_lines(in->pos, &before, &lines);
            const char *p = strbuf_cstr(&lines);
            strbuf_puts(out, *p ? "; better than every plan below: write these lines, re-roll the die, then ask "
                                  "again.\n"
                                : "; better than every plan below: re-roll it now, then ask again.\n");
            while (next_line(&p, &line))
                strbuf_printf(out, "     %s\n", strbuf_cstr(&line));
            strbuf_free(&lines);
            strbuf_free(&line);
        } else if (a->reroll_open) {
            strbuf_puts(out, "The town court's re-roll, weighed over its six results (the best plan after each), is "
                             "worth no more than the first plan below.\n");
        }
    } else {
        if (in->pos->kind == ADVICE_TURN && a->plans_bounded)
            strbuf_printf(out, "Best of %zu plans rolled out: the best of every legal plan by the expected final score "
                          "after one continuation of the round (the later seats' turns with dice from the seed; a "
                          "branch the engine bounds below the 16th best dropped; each market conversion apart, the "
                          "town court's re-roll left out).\n", a->n);
        else if (in->pos->kind == ADVICE_TURN)
            strbuf_printf(out, "Best of %zu plans rolled out, of %zu legal%s; %zu screened after the turn's end "
                          "(each market conversion apart, the town court's re-roll left out).\n", a->n,
                          a->plans_legal, a->plans_cut ? " found before the listing was cut" : "", a->plans_screened);
        strbuf_printf(out, "%zu choice%s ranked by %s, %zu rollouts (the %s bot plays every seat to the end; seed %llu): %s.\n",
                      a->n, a->n == 1 ? "" : "s", goal_words(a->goal), a->summary.rollouts, in->bot,
                      (unsigned long long)in->seed, stop_words(a));
    }
    if (a->fresh_plans)
        strbuf_printf(out, "The first %zu %s then rolled out again, %zu times each, with dice of their own (the same "
                      "for each): the figures below come from these fresh rollouts (the race chose the plans for "
                      "their high means, so its own lean high), the first %d ordered by them%s.\n", a->fresh_plans,
                      a->fresh_plans == 1 ? "plan was" : "plans were", a->fresh_rollouts, ADVICE_FRESH_ORDERED,
                      a->fresh_reordered ? "; they put first another plan than the race did: read the two as too "
                                           "close to tell apart" : "");
    size_t *idx = xmalloc((a->n ? a->n : 1) * sizeof *idx);
    size_t top = shown(a, in->top, idx);
    struct strbuf lines = STRBUF_INIT, line = STRBUF_INIT;
    for (size_t i = 0; i < top; i++) {
        size_t k = idx[i];
        const struct advice_ranked *c = &a->ranked[k];
        const struct rank_result *r = &c->r;
        if (a->exact) {
            /* Exact values: no interval. */
            strbuf_printf(out, "\n%zu. final score %.2f", i + 1, r->score.mean);
            if (k > 0)
                strbuf_printf(out, ", %.2f behind the best", nz(-r->vs_best.mean, 0.005));
            if (multi)
                strbuf_printf(out, ", wins %.1f %%", 100 * r->win.mean);
            if (objective)
                strbuf_printf(out, ", achieves the objective %.1f %%", 100 * r->objective.mean);
            strbuf_puts(out, "; exact");
        } else {
            strbuf_printf(out, "\n%zu. expected score %.1f (95 %%: %.1f to %.1f)", i + 1, r->score.mean,
                          r->score.low, r->score.high);
            if (k > 0)
                strbuf_printf(out, ", %.1f behind the best (%.1f to %.1f)", nz(-r->vs_best.mean, 0.05),
                              nz(-r->vs_best.high, 0.05), nz(-r->vs_best.low, 0.05));
            if (multi)
                strbuf_printf(out, ", wins %.0f %% (%.0f to %.0f %%)", 100 * r->win.mean, 100 * r->win.low,
                              100 * r->win.high);
            if (objective)
                strbuf_printf(out, ", achieves the objective %.0f %% (%.0f to %.0f %%)",
                              100 * r->objective.mean, 100 * r->objective.low, 100 * r->objective.high);
            strbuf_printf(out, "; %zu rollouts", r->rollouts);
        }
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
        if (!*p && c->choice.kind == ADVICE_WAR)
            strbuf_puts(out, "     (nothing to type before the bonus roll: see above)\n");
        else if (!*p)
            strbuf_puts(out, "     (no line to write: the log goes on with the next one)\n");
        while (next_line(&p, &line))
            strbuf_printf(out, "     %s\n", strbuf_cstr(&line));
        if (c->choice.kind == ADVICE_WAR && lines.len && !advice_war_line_whole(in->pos, &c->choice))
            strbuf_puts(out, "     (the player's entry of the war line, beside the other players' choices)\n");
    }
    if (in->pos->kind == ADVICE_TURN && top >= 2)
        side_by_side(in, idx, top < 64 ? top : 64, out);
    strbuf_free(&lines);
    strbuf_free(&line);
    free(idx);
}

static void set(json_t *object, const char *key, json_t *value)
{
    json_object_set_new(object, key, value);
}

static json_t *interval(double low, double high, int decimals)
{
    double half = decimals == 3 ? 0.0005 : 0.00005;
    json_t *a = json_array();
    json_array_append_new(a, json_fixed(nz(low, half), decimals));
    json_array_append_new(a, json_fixed(nz(high, half), decimals));
    return a;
}

/* A probability and its interval, or null twice when it does not apply. */
static void chance(json_t *o, const char *key, const char *ci, int applies, const struct estimate *e)
{
    set(o, key, applies ? json_fixed(e->mean, 4) : json_null());
    set(o, ci, applies ? interval(e->low, e->high, 4) : json_null());
}

static json_t *plan_value(const struct advice_report_input *in, const struct advice_ranked *c, int multi,
                          int objective)
{
    const struct rank_result *r = &c->r;
    json_t *o = json_object(), *lines = json_array();
    struct strbuf tmp = STRBUF_INIT, line = STRBUF_INIT;
    advice_lines(in->pos, &c->choice, &tmp);
    const char *p = strbuf_cstr(&tmp);
    while (next_line(&p, &line))
        json_array_append_new(lines, json_text(strbuf_cstr(&line)));
    set(o, "lines", lines);
    strbuf_reset(&tmp);
    advice_describe(in->pos, &c->choice, &tmp);
    set(o, "description", json_text(strbuf_cstr(&tmp)));
    set(o, "expected_score", json_fixed(r->score.mean, 3));
    set(o, "ci95", interval(r->score.low, r->score.high, 3));
    set(o, "behind_best", json_fixed(nz(-r->vs_best.mean, 0.0005), 3));
    set(o, "behind_ci95", interval(-r->vs_best.high, -r->vs_best.low, 3));
    chance(o, "win_probability", "win_ci95", multi, &r->win);
    chance(o, "objective_probability", "objective_ci95", objective, &r->objective);
    set(o, "rollouts", json_integer((json_int_t)r->rollouts));
    set(o, "same_results", json_integer((json_int_t)r->same));
    strbuf_free(&tmp);
    strbuf_free(&line);
    return o;
}

void advice_report_json(const struct advice_report_input *in, struct strbuf *out)
{
    static const char *const broken[] = {"plans", "plans/*", NULL};
    const struct advice *a = in->advice;
    const struct game_state *s = in->pos->s;
    int multi = s->cfg.nplayers > 1, objective = !multi && s->cfg.objective >= 0;
    json_t *o = json_object();
    set(o, "player", json_text(s->cfg.names[in->pos->player]));
    set(o, "round", json_integer(s->round));
    set(o, "decision", json_text(advice_kind_name(in->pos->kind)));
    set(o, "bot", json_text(in->bot));
    set(o, "seed", json_uint(in->seed));
    set(o, "goal", json_text(advice_goal_name(a->goal)));
    set(o, "rollouts", json_integer((json_int_t)a->summary.rollouts));
    set(o, "candidates", json_integer((json_int_t)a->n));
    if (in->pos->kind == ADVICE_TURN) {
        /* Round 10: the counts depend on the thread count (what the bound drops); left out. */
        if (!a->exact && !a->plans_bounded) {
            set(o, "plans_legal", json_integer((json_int_t)a->plans_legal));
            set(o, "plans_screened", json_integer((json_int_t)a->plans_screened));
        }
        set(o, "plans_cut", json_boolean(a->plans_cut));
        set(o, "plans_bounded", json_boolean(a->plans_bounded));
    }
    set(o, "stop", json_text(a->exact ? "exact" : advice_stop_name(a->summary.stop)));
    set(o, "fresh_rollouts", json_integer((json_int_t)a->fresh_rollouts));
    set(o, "fresh_reordered", json_boolean(a->fresh_reordered));
    size_t *idx = xmalloc((a->n ? a->n : 1) * sizeof *idx);
    size_t top = shown(a, in->top, idx);
    json_t *plans = json_array();
    for (size_t i = 0; i < top; i++)
        json_array_append_new(plans, plan_value(in, &a->ranked[idx[i]], multi, objective));
    set(o, "plans", plans);
    if (a->reroll) {
        const struct advice_exact_plan *r = &a->reroll_best;
        const struct move *m = &r->plan.move[r->plan.nmoves - 1];
        json_t *x = json_object();
        set(x, "source", json_text(m->source == DIE_SHARED ? "shared" : "own"));
        set(x, "die", json_integer(m->die));
        set(x, "expected_score", json_fixed(r->v.score, 4));
        set(x, "win_probability", multi ? json_fixed(r->v.win, 4) : json_null());
        set(x, "objective_probability", objective ? json_fixed(r->v.objective, 4) : json_null());
        set(x, "better", json_true());
        set(o, "reroll", x);
    } else if (a->reroll_open) {
        json_t *x = json_object();
        set(x, "better", json_false());
        set(o, "reroll", x);
    }
    json_doc_write(o, broken, out);
    json_decref(o);
    free(idx);
}
