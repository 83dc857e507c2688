/* A claim of a player's sheet (a `check` line of the move log) that differs from the rules: a
 * value, a set of people or infrastructures, or the reserve, with both sides as numbers. The
 * replay makes them; the text report, the JSON report and the filled town-sheet read them as
 * they are (no text in between). */
#ifndef RULES_MISMATCH_H
#define RULES_MISMATCH_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"
#include "rules/gamedata.h"

enum claim_kind {
    CLAIM_ASSET,            /* index: enum asset */
    CLAIM_INFLUENCE,        /* index: enum location */
    CLAIM_REPUTATION,
    CLAIM_POW,              /* engine_pow_full: everything but bonus dice */
    CLAIM_SCORE,
    CLAIM_PEOPLE,           /* items: the set named */
    CLAIM_INFRAS,
    CLAIM_RESERVE
};

/* What a check item names. */
struct claim {
    enum claim_kind kind;
    int index;
    uint32_t items;         /* bit i: item i named (people, infrastructures) */
};

/* A claim that differs from the rules. Both sides are lists of numbers: one value, the item
 * indexes of a set in data order, or the reserve values in ascending order. */
struct mismatch {
    int line, col, len;     /* the checked item's word in the log */
    int round;              /* round in progress at the check (0 before round 1) */
    size_t history_count;   /* history records written before the check: the state it saw */
    int player;             /* seat */
    struct claim claim;
    int *sheet, *rules;     /* owned */
    size_t nsheet, nrules;
};

/* The claim's name as the log writes it: "food", "grassland", "score", "people", "reserve". */
const char *claim_name(const struct gamedata *gd, const struct claim *c);
/* Whether the mismatch's sides are item indexes (people, infrastructures). */
int mismatch_is_set(const struct mismatch *m);
/* Whether the mismatch's sides are one number each (assets, influence, reputation, POW,
 * score). */
int mismatch_is_value(const struct mismatch *m);
/* A side (0 the sheet, 1 the rules) of a set mismatch as a bit set of items. */
uint32_t mismatch_items(const struct mismatch *m, int side);
/* Appends one side (0 the sheet, 1 the rules) as text: "12", "master-builder blacksmith",
 * "2 4 5", or "none" when empty. */
void mismatch_side_text(const struct gamedata *gd, const struct mismatch *m, int side,
                        struct strbuf *out);
/* Frees the sides; m is empty afterwards. */
void mismatch_free(struct mismatch *m);

#endif
