/* The kingdom's history: every change of a resource or of the buildings, with its cause and
 * year, in the order they happened (the trace and the narration read it). */
#ifndef KINGDOM_HISTORY_H
#define KINGDOM_HISTORY_H
#include <stddef.h>

/* What changed: a resource (enum kres), then the counts. */
enum kwhat { KH_FOOD, KH_ORE, KH_WORK, KH_FARMS, KH_MINES, KH_VILLAGES, KH_STAGE, KH_GRAVEYARDS,
             KH_WHAT_COUNT };

enum kcause {
    KC_SETUP,       /* a free building */
    KC_PRODUCE,     /* the buildings' yields */
    KC_BUILD,       /* a building or a stage bought, or its price */
    KC_TRADE,       /* work traded */
    KC_FEED,        /* the buildings eat */
    KC_STARVE,      /* a building lost to hunger */
    KC_DISASTER,    /* a building erased by a disaster */
    KC_YEAR_END,    /* unspent work lost */
    KC_CAPITAL,     /* the capital's pick */
    KC_BONUS,       /* a fate bonus (big harvest, strike ore, efficiency) */
    KC_HARD_TIMES,  /* hard times take off the year's production */
    KC_CAUSE_COUNT
};

struct kchange {
    unsigned char what;     /* enum kwhat */
    unsigned char cause;    /* enum kcause */
    signed char hex;        /* the hex concerned, or -1 */
    signed char kind;       /* KC_BUILD, KC_STARVE, KC_DISASTER, KC_SETUP: enum kbuilding, else -1 */
    int year;
    int old, now;
};

struct khistory {
    struct kchange *items;
    size_t count, cap;
};

#define KHISTORY_INIT {0, 0, 0}

/* Appends a change (nothing when h is NULL or old == now). */
void khistory_add(struct khistory *h, struct kchange c);
void khistory_free(struct khistory *h);
/* "food", ..., "graveyards"; "setup", "production", ... */
const char *kwhat_name(int what);
const char *kcause_name(int cause);

#endif
