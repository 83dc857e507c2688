/* The history of a game: one record per value change, in the order the changes happened (and
 * one, with old == new, for a cost the masons took off entirely or a production the event
 * stopped: readers that draw values skip those).
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

/* What a record's `ref` says, per cause (for reports that explain a change in words):
 *   CAUSE_DIE         HIST_REF_* flags: why the die added what it added
 *   CAUSE_COST        the item paid for (>= 0), or HIST_REF_ASSET(a) for units of asset a;
 *                     ref2: the supply the masons took off
 *   CAUSE_FEEDING     0 feeding, 1 starvation (the population the food could not feed)
 *   CAUSE_EVENT       the enum event; ref2 HIST_REF_ASSET(a) on a food record with old == new:
 *                     the event stopped what asset a produces at the round's end (the famine)
 *   CAUSE_WAR         on reputation: 1 highest POW, 2 another supporter, 3 sole supporter;
 *                     on an asset: 0, the supporters' halving
 *   CAUSE_PRODUCTION  a location (0 .. LOCATION_COUNT-1), HIST_REF_ASSET(a) for an asset that
 *                     produces (farms), or HIST_REF_ITEM(i) for a perk of item i; ref2:
 *                     HIST_REF_MAX when the gain was cut at the MAX
 *   others            0 */
#define HIST_REF_RESTRICTED 1   /* the turn's highest die, on an advanced asset: one less */
#define HIST_REF_DIE_BONUS 2    /* a perk counted the die as more (the miller's 2 as 4) */
#define HIST_REF_MAX 4          /* cut at the MAX */
#define HIST_REF_AFFORD 8       /* cut to what the costs allowed */
#define HIST_REF_ASSET(a) (-1 - (a))
#define HIST_REF_ITEM(i) (16 + (i))

struct hist_rec {
    unsigned char round;        /* 0 before round 1 */
    signed char player;         /* seat */
    unsigned char what;         /* enum hist_what */
    unsigned char cause;        /* enum hist_cause */
    signed char index;
    signed char die;            /* die value for CAUSE_DIE and reserve records, else 0 */
    signed char ref, ref2;      /* what caused it (see HIST_REF_*) */
    short old_value, new_value;
};

struct history {
    struct hist_rec *items;
    size_t count, cap;
    signed char note_ref, note_ref2;    /* history_note: for the next record only */
};

#define HISTORY_INIT {0, 0, 0, 0, 0}

/* Sets the ref and ref2 of the next record the engine writes (or skips because nothing
 * changed). h may be NULL: no-op. */
static inline void history_note(struct history *h, int ref, int ref2)
{
    if (!h)
        return;
    h->note_ref = (signed char)ref;
    h->note_ref2 = (signed char)ref2;
}
/* history_push's slow path, for a full array: grows it (aborts on out of memory), appends. */
void history_push_grow(struct history *h, struct hist_rec rec);
/* Appends one record (grows the array; aborts on out of memory). h may be NULL: no-op.
 * Inline: the engine appends one for every value it changes. */
static inline void history_push(struct history *h, struct hist_rec rec)
{
    if (!h)
        return;
    if (h->count == h->cap) {
        history_push_grow(h, rec);
        return;
    }
    h->items[h->count++] = rec;
}
/* Drops every record after the first `count` (undoing a tentative step). */
void history_truncate(struct history *h, size_t count);
/* Frees the records; the history is empty and reusable afterwards. NULL is a no-op. */
void history_free(struct history *h);

#endif
