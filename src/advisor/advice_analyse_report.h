/* The analysis in the audit report: as text after the audit's text report, and as the
 * "analysis" object of the audit's JSON:
 *   {"bot", "seed", "goal" (the costs' unit: "score" VP, else points of percentage), "max_rollouts", "rollouts", "thresholds": {"inaccuracy", "mistake",
 *    "blunder"}, "last_round", "unfinished_turn" (when there is one), "players": [{"name",
 *    "turns", "total_cost", "total_cost_ci95", "average_cost", "luck", "luck_ci95", "marks":
 *    {"inaccuracy", "mistake", "blunder"}, "decisions", "error_rate", "rating", "expected":
 *    [after round 0..last], "moves": [{"line",
 *    "round", "decision", "cost", "cost_ci95", "mark", "better_than_found", "screen_cut", "played", "best", "played_lines",
 *    "best_lines", "played_score", "best_score", "candidates", "luck", "luck_ci95"}]}]} */
#ifndef ADVISOR_ANALYSE_REPORT_H
#define ADVISOR_ANALYSE_REPORT_H
#include <stdint.h>
#include "core/json.h"
#include "core/strbuf.h"
#include "advisor/advice_report.h"
#include "advisor/advice_analyse.h"

struct analyse_report_input {
    const struct analysis *a;
    const char *bot;            /* the rollout player */
    uint64_t seed;
    size_t max_rollouts;
};

/* Appends the text section. */
void analyse_report_text(const struct analyse_report_input *in, struct strbuf *out);
/* The JSON object (the caller owns it), built with core/json.h. */
json_t *analyse_report_json_value(const struct analyse_report_input *in);

#endif
