/* xii hint for a kingdom log (the log's first statement is `kingdom 1`): the log replayed by
 * the kingdom's audit, and the decisions the year awaits at its end ranked by the advisor's
 * race over the game interface (advisor/grace.h), exact where the rest of the game is small. */
#ifndef CLI_HINT_KINGDOM_H
#define CLI_HINT_KINGDOM_H
#include <stddef.h>
#include "advisor/advice_hint.h"

struct kingdom_hint_args {
    const char *name;       /* the log's name as shown */
    const char *rules;      /* --rules FILE, or NULL */
    int json;
    size_t top;
    const struct advice_hint_settings *set;     /* --rollouts, --time, --seed, --threads, --bot, --goal */
};

/* Ranks the decisions awaited at the end of the log src[0..len) and prints them; returns the
 * exit status. */
int hint_kingdom(const struct kingdom_hint_args *ka, const char *src, size_t len);

#endif
