/* The report of the advisor's race over the game interface (advisor/grace.h), as text and as
 * JSON: each decision shown in the log's own words (the game's write_decision, and its
 * describe where the log writes no whole line for it), with its chance to win and its return,
 * exact or with their 95 % intervals and the rollouts behind them. */
#ifndef ADVISOR_GRACE_REPORT_H
#define ADVISOR_GRACE_REPORT_H
#include <stddef.h>
#include <stdint.h>
#include "core/game.h"
#include "core/strbuf.h"
#include "advisor/grace.h"

struct grace_report_input {
    const struct game *g;
    const void *state;              /* the position ranked */
    const struct grace *gr;
    const char *awaits;             /* what the position awaits, in words */
    const char *return_words;       /* what the game's return is ("21 minus the year of the win...") */
    const char *player;             /* the rollout player's name */
    uint64_t seed;
    size_t top;                     /* decisions shown at most (merged ones aside) */
};

void grace_report_text(const struct grace_report_input *in, struct strbuf *out);
void grace_report_json(const struct grace_report_input *in, struct strbuf *out);

#endif
