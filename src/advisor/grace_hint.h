/* The advisor's hint over the game interface at a position, as `xii hint` gives it at its
 * defaults: the race (advisor/grace.h) at the default budget, its report in the game's words.
 * The recorder's and the table's `hint` ask it, so that they answer as `xii hint` on the file
 * so far does. */
#ifndef ADVISOR_GRACE_HINT_H
#define ADVISOR_GRACE_HINT_H
#include <stddef.h>
#include "core/game.h"
#include "core/strbuf.h"
#include "advisor/grace.h"

#define GRACE_HINT_TOP 3        /* decisions shown by default (xii hint --top) */
#define GRACE_HINT_SEED 1       /* the default seed (xii hint --seed) */

/* xii hint's defaults at state into o: the goal win (score for a game without one), the greedy
 * player, seed GRACE_HINT_SEED, every processor, GRACE_HINT_TOP shown, grace_budget's budget. */
void grace_hint_defaults(const struct game *g, const void *state, struct grace_options *o);

/* Ranks the decisions at state with o and appends the report (text, or JSON when json) to out,
 * top decisions shown at most: 0, or -1 with why in err ("nothing to decide: " and what state
 * awaits, a game without advice_words, a rollout the game refused). */
int grace_hint(const struct game *g, const void *state, const struct grace_options *o, size_t top, int json,
               struct strbuf *out, struct strbuf *err);

#endif
