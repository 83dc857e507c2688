/* The analysis as text and as JSON. */
#include "advisor/advice_analyse_report.h"
#include <math.h>
#include "core/json.h"
#include "advisor/advice_report.h"

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

void analyse_report_text(const struct analyse_report_input *in, struct strbuf *out)
{
    const struct analysis *a = in->a;
    strbuf_printf(out, "\nAnalysis: every decision ranked by rollouts (the %s bot plays every seat to "
                  "the end; at most %zu rollouts per move; seed %llu; %zu rollouts in all).\n",
                  in->bot, in->max_rollouts, (unsigned long long)in->seed, a->rollouts);
    const char *unit = a->goal == RANK_GOAL_SCORE ? "VP" : "points";
    if (a->goal == RANK_GOAL_SCORE)
        strbuf_puts(out, "The moves are ranked by the expected final score, and a move's cost is the expected final "
                    "score lost against the best move found (VP), measured afresh by paired rollouts");
    else
        strbuf_printf(out, "The moves are ranked by the chance %s, and a move's cost is that chance lost against the "
                      "best move found, in points of percentage, measured afresh by rollouts",
                      a->goal == RANK_GOAL_WIN ? "to win" : "to achieve the objective");
    strbuf_printf(out, " (below zero when the move played did better; \"better than the plans found\" when its "
                  "whole 95 %% interval is); inaccuracy, mistake, blunder when the cost's 95 %% interval lies above "
                  "%.0f, %.0f, %.0f %s. The sum of the costs is not the gap to a perfect score: each is measured "
                  "against the rollout bot's play of the rest of the game. \"screen cut\": the turn had more plans "
                  "than the screen lists; its best is the best of those listed (the move played is always among "
                  "the candidates).\n", ANALYSE_INACCURACY, ANALYSE_MISTAKE, ANALYSE_BLUNDER, unit);
    for (int p = 0; p < a->nplayers; p++) {
        const struct analyse_player *pl = &a->players[p];
        strbuf_printf(out, "\n%s: cost %.1f %s (95 %%: %.1f to %.1f) over %d turn%s (%.2f per turn), luck "
                      "%+.1f VP (%+.1f to %+.1f); %d %s, %d %s, %d %s\n", a->names[p], pl->total_cost, unit,
                      pl->total_cost_low, pl->total_cost_high, pl->turns, plural(pl->turns, "", "s"),
                      pl->average_cost, pl->luck, pl->luck_low, pl->luck_high,
                      pl->marks[MARK_INACCURACY], plural(pl->marks[MARK_INACCURACY], "inaccuracy", "inaccuracies"),
                      pl->marks[MARK_MISTAKE], plural(pl->marks[MARK_MISTAKE], "mistake", "mistakes"),
                      pl->marks[MARK_BLUNDER], plural(pl->marks[MARK_BLUNDER], "blunder", "blunders"));
        strbuf_printf(out, "  %d of %d decision%s marked (error rate %.0f %%); rating: %s\n", pl->errors,
                      pl->decisions, plural(pl->decisions, "", "s"), 100 * pl->error_rate, pl->rating);
        size_t idx[3];
        size_t n = analyse_costliest(a, p, idx, 3);
        for (size_t k = 0; k < n; k++) {
            const struct analyse_move *m = &a->moves[idx[k]];
            strbuf_printf(out, "  line %d, round %d, %s: costs %.1f %s (95 %%: %.1f to %.1f)%s%s%s\n",
                          m->line, m->round, m->kind == ADVICE_TURN ? "turn" : m->kind == ADVICE_WAR ? "king war"
                                                                                                     : "bonus",
                          m->cost.mean, unit, m->cost.low, m->cost.high, m->mark ? ", " : "",
                          analyse_mark_name(m->mark), m->screen_cut ? ", screen cut" : "");
            strbuf_printf(out, "    played: %s\n      %s\n", m->played_words, m->played_lines);
            strbuf_printf(out, "    better: %s\n      %s\n", m->best_words, m->best_lines);
        }
        if (n == 0)
            strbuf_puts(out, "  no move cost anything\n");
    }
    if (a->unfinished_line)
        strbuf_printf(out, "\nline %d: %s's turn is not finished (%d di%s unspent): not rated (xii hint ranks "
                      "what is left).\n", a->unfinished_line, a->names[a->unfinished_player], a->unfinished_dice,
                      plural(a->unfinished_dice, "e", "ce"));
    strbuf_puts(out, "\nExpected final score after each round (95 % intervals in the JSON):\n  round     ");
    for (int r = 0; r <= a->last_round; r++)
        strbuf_printf(out, "%7d", r);
    strbuf_putc(out, '\n');
    for (int p = 0; p < a->nplayers; p++) {
        strbuf_printf(out, "  %-10.10s", a->names[p]);
        for (int r = 0; r <= a->last_round; r++)
            strbuf_printf(out, "%7.1f", a->players[p].expected[r]);
        strbuf_putc(out, '\n');
    }
    strbuf_puts(out, "\nEvery decision (the cost's 95 % interval in brackets):\n");
    for (size_t k = 0; k < a->nmoves; k++) {
        const struct analyse_move *m = &a->moves[k];
        strbuf_printf(out, "  line %4d  round %2d  %-10.10s %-8s played %6.1f  best %6.1f  cost %5.1f (%5.1f to %5.1f)%s%s%s%s\n",
                      m->line, m->round, a->names[m->player],
                      m->kind == ADVICE_TURN ? "turn" : m->kind == ADVICE_WAR ? "war" : "collect", m->played,
                      m->best, m->cost.mean, m->cost.low, m->cost.high, m->mark ? "  " : "", analyse_mark_name(m->mark),
                      m->better ? "  better than the plans found" : "", m->screen_cut ? "  screen cut" : "");
    }
}

static void set(json_t *object, const char *key, json_t *value)
{
    json_object_set_new(object, key, value);
}

static json_t *num(double v)
{
    return json_fixed(isfinite(v) ? v : 0.0, 3);
}

static json_t *interval(double low, double high)
{
    json_t *a = json_array();
    json_array_append_new(a, num(low));
    json_array_append_new(a, num(high));
    return a;
}

static json_t *move_value(const struct analyse_move *m)
{
    json_t *o = json_object();
    set(o, "line", json_integer(m->line));
    set(o, "round", json_integer(m->round));
    set(o, "decision", json_text(advice_kind_name(m->kind)));
    set(o, "cost", num(m->cost.mean));
    set(o, "cost_ci95", interval(m->cost.low, m->cost.high));
    set(o, "mark", json_text(analyse_mark_name(m->mark)));
    set(o, "better_than_found", json_boolean(m->better));
    set(o, "screen_cut", json_boolean(m->screen_cut));
    set(o, "played", json_text(m->played_words));
    set(o, "best", json_text(m->best_words));
    set(o, "played_lines", json_text(m->played_lines));
    set(o, "best_lines", json_text(m->best_lines));
    set(o, "played_score", num(m->played));
    set(o, "best_score", num(m->best));
    set(o, "candidates", json_integer((json_int_t)m->candidates));
    set(o, "luck", num(m->luck));
    set(o, "luck_ci95", interval(m->luck - 1.96 * m->luck_se, m->luck + 1.96 * m->luck_se));
    return o;
}

static json_t *player_value(const struct analysis *a, int p)
{
    const struct analyse_player *pl = &a->players[p];
    json_t *o = json_object();
    set(o, "name", json_text(a->names[p]));
    set(o, "turns", json_integer(pl->turns));
    set(o, "total_cost", num(pl->total_cost));
    set(o, "average_cost", num(pl->average_cost));
    set(o, "total_cost_ci95", interval(pl->total_cost_low, pl->total_cost_high));
    set(o, "luck", num(pl->luck));
    set(o, "luck_ci95", interval(pl->luck_low, pl->luck_high));
    json_t *marks = json_object();
    set(marks, "inaccuracy", json_integer(pl->marks[MARK_INACCURACY]));
    set(marks, "mistake", json_integer(pl->marks[MARK_MISTAKE]));
    set(marks, "blunder", json_integer(pl->marks[MARK_BLUNDER]));
    set(o, "marks", marks);
    set(o, "decisions", json_integer(pl->decisions));
    set(o, "error_rate", json_fixed(pl->error_rate, 4));
    set(o, "rating", json_text(pl->rating));
    json_t *expected = json_array();
    for (int r = 0; r <= a->last_round; r++) {
        json_t *e = json_object();
        set(e, "mean", num(pl->expected[r]));
        set(e, "ci95", interval(pl->low[r], pl->high[r]));
        json_array_append_new(expected, e);
    }
    set(o, "expected", expected);
    json_t *moves = json_array();
    for (size_t k = 0; k < a->nmoves; k++)
        if (a->moves[k].player == p)
            json_array_append_new(moves, move_value(&a->moves[k]));
    set(o, "moves", moves);
    return o;
}

json_t *analyse_report_json_value(const struct analyse_report_input *in)
{
    const struct analysis *a = in->a;
    json_t *o = json_object();
    set(o, "bot", json_text(in->bot));
    set(o, "seed", json_uint(in->seed));
    set(o, "goal", json_text(advice_goal_name(a->goal)));
    set(o, "max_rollouts", json_integer((json_int_t)in->max_rollouts));
    set(o, "rollouts", json_integer((json_int_t)a->rollouts));
    json_t *t = json_object();
    set(t, "inaccuracy", json_fixed(ANALYSE_INACCURACY, 1));
    set(t, "mistake", json_fixed(ANALYSE_MISTAKE, 1));
    set(t, "blunder", json_fixed(ANALYSE_BLUNDER, 1));
    set(o, "thresholds", t);
    set(o, "last_round", json_integer(a->last_round));
    if (a->unfinished_line) {
        json_t *u = json_object();
        set(u, "line", json_integer(a->unfinished_line));
        set(u, "player", json_text(a->names[a->unfinished_player]));
        set(u, "dice_unspent", json_integer(a->unfinished_dice));
        set(o, "unfinished_turn", u);
    }
    json_t *players = json_array();
    for (int p = 0; p < a->nplayers; p++)
        json_array_append_new(players, player_value(a, p));
    set(o, "players", players);
    return o;
}
