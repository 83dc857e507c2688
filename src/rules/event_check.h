/* The one check of an event assignment (rulebook, Game Difficulty): events go exactly on the
 * rounds the difficulty names, its fixed events included, each event on at most
 * gd->max_same_event rounds (a fixed one counts too, A27). The engine's setup, the move log's
 * `events` line and `xii setup` (every method) use it: the same rule id (events) and the same
 * words (refusal_text) wherever the events come from. */
#ifndef RULES_EVENT_CHECK_H
#define RULES_EVENT_CHECK_H
#include <stddef.h>
#include "rules/refusal.h"

/* One entry as written: round `round` gets event `event` (enum event). */
struct event_entry {
    int round;
    int event;
};

/* The most problems reported: the entries' own problems stop at EVENT_CHECK_ENTRIES, leaving
 * room for the limit (one per round) and the missing rounds. */
#define EVENT_CHECK_ENTRIES (2 * GD_ROUNDS)
#define EVENT_CHECK_MAX (EVENT_CHECK_ENTRIES + GD_ROUNDS + 1)

struct event_check {
    int events[GD_ROUNDS + 1];  /* [r]: the event as written (the first one when a round is
                                   given twice), a fixed event where none is written, or -1 */
    int nproblems;
    struct refusal problem[EVENT_CHECK_MAX];   /* rule RULE_EVENTS, in the order found */
    int entry[EVENT_CHECK_MAX]; /* the entry each problem is about, -1 when none */
};

/* Checks n entries, in the order written, against difficulty `difficulty` of gd. Problems, in
 * this order: each entry that is no event or no round (REF_EVENT_INVALID), names a round
 * already given (REF_EVENT_TWICE), differs from a fixed event (REF_EVENT_FIXED) or names a
 * round without an event (REF_EVENT_NO_ROUND); then, fixed rounds first and the others in
 * round order, each round that puts an event over the limit (REF_EVENT_TOO_MANY: that round
 * is not counted); then the rounds left without an event (one REF_EVENT_MISSING). Fills *out
 * and returns the number of problems. */
int event_check(const struct gamedata *gd, int difficulty, const struct event_entry *entries,
                size_t n, struct event_check *out);

/* Whether event e may go on one more round of events[1..GD_ROUNDS] (enum event or -1). */
int event_check_room(const struct gamedata *gd, const int events[GD_ROUNDS + 1], int e);

#endif
