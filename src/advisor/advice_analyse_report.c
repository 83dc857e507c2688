/* The analysis as text and as JSON. */
#include "advisor/advice_analyse_report.h"
#include <math.h>

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
    strbuf_printf(out, "A move's cost is the expected final score lost against the best move found, measured "
                  "afresh by paired rollouts (below zero when the move played did better); inaccuracy, "
                  "mistake, blunder when the cost's 95 %% interval lies above %.0f, %.0f, %.0f VP. The sum "
                  "of the costs is not the gap to a perfect score: each is measured against the rollout "
                  "bot's play of the rest of the game.\n", ANALYSE_INACCURACY, ANALYSE_MISTAKE, ANALYSE_BLUNDER);
    for (int p = 0; p < a->nplayers; p++) {
        const struct analyse_player *pl = &a->players[p];
        strbuf_printf(out, "\n%s: cost %.1f VP (95 %%: %.1f to %.1f) over %d turn%s (%.2f per turn), luck "
                      "%+.1f VP (%+.1f to %+.1f); %d %s, %d %s, %d %s\n", a->names[p], pl->total_cost,
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
            strbuf_printf(out, "  line %d, round %d, %s: costs %.1f VP (95 %%: %.1f to %.1f)%s%s\n",
                          m->line, m->round, m->kind == ADVICE_TURN ? "turn" : m->kind == ADVICE_WAR ? "king war"
                                                                                                     : "bonus",
                          m->cost.mean, m->cost.low, m->cost.high, m->mark ? ", " : "", analyse_mark_name(m->mark));
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
        strbuf_printf(out, "  line %4d  round %2d  %-10.10s %-8s played %6.1f  best %6.1f  cost %5.1f (%5.1f to %5.1f)%s%s\n",
                      m->line, m->round, a->names[m->player],
                      m->kind == ADVICE_TURN ? "turn" : m->kind == ADVICE_WAR ? "war" : "collect", m->played,
                      m->best, m->cost.mean, m->cost.low, m->cost.high, m->mark ? "  " : "", analyse_mark_name(m->mark));
    }
}

static void num(struct strbuf *out, double v)
{
    strbuf_printf(out, "%.3f", isfinite(v) ? v : 0.0);
}

void analyse_report_json(const struct analyse_report_input *in, struct strbuf *out)
{
    const struct analysis *a = in->a;
    strbuf_puts(out, "{\"bot\": ");
    strbuf_json_string(out, in->bot);
    strbuf_printf(out, ", \"seed\": %llu, \"max_rollouts\": %zu, \"rollouts\": %zu, \"thresholds\": "
                  "{\"inaccuracy\": %.1f, \"mistake\": %.1f, \"blunder\": %.1f}, \"last_round\": %d, ",
                  (unsigned long long)in->seed, in->max_rollouts, a->rollouts, ANALYSE_INACCURACY,
                  ANALYSE_MISTAKE, ANALYSE_BLUNDER, a->last_round);
    if (a->unfinished_line) {
        strbuf_printf(out, "\"unfinished_turn\": {\"line\": %d, \"player\": ", a->unfinished_line);
        strbuf_json_string(out, a->names[a->unfinished_player]);
        strbuf_printf(out, ", \"dice_unspent\": %d}, ", a->unfinished_dice);
    }
    strbuf_puts(out, "\"players\": [");
    for (int p = 0; p < a->nplayers; p++) {
        const struct analyse_player *pl = &a->players[p];
        strbuf_puts(out, p ? ", {\"name\": " : "{\"name\": ");
        strbuf_json_string(out, a->names[p]);
        strbuf_printf(out, ", \"turns\": %d, \"total_cost\": ", pl->turns);
        num(out, pl->total_cost);
        strbuf_puts(out, ", \"average_cost\": ");
        num(out, pl->average_cost);
        strbuf_puts(out, ", \"total_cost_ci95\": [");
        num(out, pl->total_cost_low);
        strbuf_puts(out, ", ");
        num(out, pl->total_cost_high);
        strbuf_puts(out, "], \"luck\": ");
        num(out, pl->luck);
        strbuf_puts(out, ", \"luck_ci95\": [");
        num(out, pl->luck_low);
        strbuf_puts(out, ", ");
        num(out, pl->luck_high);
        strbuf_printf(out, "], \"marks\": {\"inaccuracy\": %d, \"mistake\": %d, \"blunder\": %d}, \"expected\": [",
                      pl->marks[MARK_INACCURACY], pl->marks[MARK_MISTAKE], pl->marks[MARK_BLUNDER]);
        for (int r = 0; r <= a->last_round; r++) {
            strbuf_puts(out, r ? ", {\"mean\": " : "{\"mean\": ");
            num(out, pl->expected[r]);
            strbuf_puts(out, ", \"ci95\": [");
            num(out, pl->low[r]);
            strbuf_puts(out, ", ");
            num(out, pl->high[r]);
            strbuf_puts(out, "]}");
        }
        strbuf_puts(out, "], \"moves\": [");
        int n = 0;
        for (size_t k = 0; k < a->nmoves; k++) {
            const struct analyse_move *m = &a->moves[k];
            if (m->player != p)
                continue;
            strbuf_printf(out, "%s{\"line\": %d, \"round\": %d, \"decision\": \"%s\", \"cost\": ", n++ ? ", " : "",
                          m->line, m->round, advice_kind_name(m->kind));
            num(out, m->cost.mean);
            strbuf_puts(out, ", \"cost_ci95\": [");
            num(out, m->cost.low);
            strbuf_puts(out, ", ");
            num(out, m->cost.high);
            strbuf_printf(out, "], \"mark\": \"%s\", \"played\": ", analyse_mark_name(m->mark));
            strbuf_json_string(out, m->played_words);
            strbuf_puts(out, ", \"best\": ");
            strbuf_json_string(out, m->best_words);
            strbuf_puts(out, ", \"played_lines\": ");
            strbuf_json_string(out, m->played_lines);
            strbuf_puts(out, ", \"best_lines\": ");
            strbuf_json_string(out, m->best_lines);
            strbuf_puts(out, ", \"played_score\": ");
            num(out, m->played);
            strbuf_puts(out, ", \"best_score\": ");
            num(out, m->best);
            strbuf_printf(out, ", \"candidates\": %zu, \"luck\": ", m->candidates);
            num(out, m->luck);
            strbuf_puts(out, ", \"luck_ci95\": [");
            num(out, m->luck - 1.96 * m->luck_se);
            strbuf_puts(out, ", ");
            num(out, m->luck + 1.96 * m->luck_se);
            strbuf_putc(out, ']');
            strbuf_putc(out, '}');
        }
        strbuf_puts(out, "]}");
    }
    strbuf_puts(out, "]}");
}
