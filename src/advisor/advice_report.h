/* The report of `xii hint`: the decision, how many plans were considered, then the best
 * candidates, best first, each with its expected final score and 95 % interval, the gap to the
 * best (paired, common random numbers), the chance of winning (multiplayer) or of the solo
 * objective, the move in words and the log lines to type. As text, or as one JSON object
 * (core/json.h):
 *   {"player", "round", "decision", "bot", "seed", "goal", "rollouts", "candidates",
 *    "plans_legal", "plans_screened" (turns before round 10), "plans_cut", "plans_bounded" (turns),
 *    "stop" ("exact": no rollout), "fresh_rollouts",
 *    "fresh_reordered", "plans": [{"lines",
 *    "description", "expected_score", "ci95", "behind_best", "behind_ci95", "win_probability",
 *    "win_ci95", "objective_probability", "objective_ci95", "rollouts", "same_results"}]}
 * win_* are null in a solo game, objective_* unless a solo game has an objective. The game's last
 * turn, when the town court's re-roll may be used: "reroll": {"better"}, and when it is worth
 * more than every plan (better true) also "source", "die", "expected_score",
 * "win_probability", "objective_probability" (weighed over its six results). */
#ifndef ADVISOR_ADVICE_REPORT_H
#define ADVISOR_ADVICE_REPORT_H
#include <stddef.h>
#include "core/strbuf.h"
#include "advisor/advice.h"

struct advice_report_input {
    const struct advice_position *pos;
    const struct advice *advice;
    size_t top;                 /* candidates to show (the first ones) */
    const char *bot;            /* the rollout player's name */
    uint64_t seed;
};

/* "turn", "war" or "collect". */
const char *advice_kind_name(enum advice_kind kind);
/* "score", "win" or "objective". */
const char *advice_goal_name(enum rank_goal goal);
/* "separated", "close", "budget" or "time" (an exact advice says "exact" instead). */
const char *advice_stop_name(enum rank_stop stop);
/* Appends the text report. */
void advice_report_text(const struct advice_report_input *in, struct strbuf *out);
/* Appends the JSON report and a line feed. */
void advice_report_json(const struct advice_report_input *in, struct strbuf *out);

#endif
