/* The history of a game: one record per value change, in the order the changes happened.
 * It lives outside the game state so the state stays copyable; the engine appends to it
 * (every engine function takes a `struct history *` that may be NULL to record nothing).
 * The filled town-sheet, --until-round and the mismatch marks all read it. */
#ifndef RULES_HISTORY_H
#define RULES_HISTORY_H
#include <stddef.h>

enum hist_what {
    HIST_ASSET,         /* index = enum asset; old/new = amounts */
    HIST_INFLUENCE,     /* index = enum location; old/new = influence */
    HIST_REPUTATION,    /* index -1; old/new = reputation */
    HIST_RESERVE,       /* index = slot; die = the slot's value; old/new = enum slot_state:
                           EMPTY -> AVAILABLE a value written (stored, jongleur, or the initial
                           reserve in round 0), AVAILABLE -> SPENT a reserve die spent (crossed) */
    HIST_ITEM,          /* index = item; old 0, new 1 (a person attracted, an infrastructure built) */
    HIST_PERK           /* index = item; old 0, new 'a' or 'b' */
};

enum hist_cause {
    CAUSE_DIE,          /* a die was spent on it (die = the value the die showed) */
    CAUSE_COST,         /* paid as a cost */
    CAUSE_FEEDING,      /* end-of-turn feeding and starvation */
    CAUSE_EVENT,        /* the round's global event */
    CAUSE_WAR,          /* king war: reputation, halving */
    CAUSE_PRODUCTION,   /* round end: farms, mill, granary, locations */
    CAUSE_CLAMP,        /* fell to a lower MAX */
    CAUSE_MARKET,       /* market conversion */
    CAUSE_RESERVE,      /* a die written into or spent from the reserve */
    CAUSE_PERK          /* a perk's own effect (jongleur's dice, perk choice) */
};

struct hist_rec {
    unsigned char round;        /* 0 before round 1 */
    signed char player;         /* seat */
    unsigned char what;         /* enum hist_what */
    unsigned char cause;        /* enum hist_cause */
    signed char index;
    signed char die;            /* die value for CAUSE_DIE and reserve records, else 0 */
    short old_value, new_value;
};

struct history {
    struct hist_rec *items;
    size_t count, cap;
};

#define HISTORY_INIT {0, 0, 0}

/* Appends one record (grows the array; aborts on out of memory). h may be NULL: no-op. */
void history_push(struct history *h, struct hist_rec rec);
/* Drops every record after the first `count` (undoing a tentative step). */
void history_truncate(struct history *h, size_t count);
/* Frees the records; the history is empty and reusable afterwards. NULL is a no-op. */
void history_free(struct history *h);
/* Names for reports: "die", "cost", ... and "asset", "influence", ... */
const char *history_cause_name(enum hist_cause cause);
const char *history_what_name(enum hist_what what);

#endif
