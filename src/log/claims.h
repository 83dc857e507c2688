/* Claims: what a `check` line says a player's sheet shows, compared with the rules' state.
 *
 * A check item names a value (an asset, a location's influence, reputation, pow, score), a set
 * (people, infrastructures: compared as sets) or the reserve (the values of the unspent
 * reserve dice: compared as a multiset). A difference is a mismatch, not an error. */
#ifndef LOG_CLAIMS_H
#define LOG_CLAIMS_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"
#include "log/ast.h"
#include "rules/state.h"

enum log_claim_kind {
    LOG_CLAIM_ASSET,        /* index: enum asset */
    LOG_CLAIM_INFLUENCE,    /* index: enum location */
    LOG_CLAIM_REPUTATION,
    LOG_CLAIM_POW,          /* engine_pow_full: everything but bonus dice */
    LOG_CLAIM_SCORE,
    LOG_CLAIM_PEOPLE,       /* items: the set named */
    LOG_CLAIM_INFRAS,
    LOG_CLAIM_RESERVE
};

struct log_claim {
    enum log_claim_kind kind;
    int index;
    uint32_t items;         /* bit i: item i named (people, infrastructures) */
};

/* Resolves one check item against the game data. Returns 0, or -1 with the message in err
 * (an unknown id names the closest known one) and the offending word's span in *at. */
int log_claims_resolve(const struct gamedata *gd, const struct log_check_item *it,
                       struct log_claim *out, struct strbuf *err, struct log_span *at);

/* A claim that differs from the rules. Both sides are lists of numbers: one value, the item
 * indexes of a set in data order, or the reserve values in ascending order. */
struct log_mismatch {
    int line, col, len;     /* the checked item's word */
    int round;              /* round in progress at the check (0 before round 1) */
    size_t history_count;   /* history records written before the check: the state it saw */
    int player;             /* seat */
    struct log_claim claim;
    const char *what;       /* canonical name: "food", "grassland", "score", "people", "reserve" */
    int *sheet, *rules;     /* owned */
    size_t nsheet, nrules;
};

/* Compares a resolved claim with player's values in s. Returns 1 and fills *m (line, round and
 * player set by the caller; free it with log_mismatch_free) when they differ, else 0. */
int log_claims_compare(const struct game_state *s, int player, const struct log_check_item *it,
                       const struct log_claim *c, struct log_mismatch *m);

/* Appends one side (0 the sheet, 1 the rules) as text: "12", "master-builder blacksmith",
 * "2 4 5", or "none" for an empty set. */
void log_claims_side_text(const struct gamedata *gd, const struct log_mismatch *m, int side,
                          struct strbuf *out);

/* Appends "Jack's sheet says food 12, the rules give 9"; for a set or the reserve, also what
 * the sheet lacks and what it has too many of: "... (missing on the sheet: blacksmith; on the
 * sheet but not in the rules: prior)". */
void log_claims_message(const struct gamedata *gd, const struct log_mismatch *m,
                        const char *player_name, struct strbuf *out);

/* Whether the mismatch's sides are item ids (people, infrastructures) rather than numbers. */
int log_claims_is_set(const struct log_mismatch *m);

void log_mismatch_free(struct log_mismatch *m);

#endif
