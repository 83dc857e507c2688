/* The kingdom's rule ids: one enum and one table (the id, the part of the rules it comes
 * from, a one-line meaning). Every refusal of the engine and every error of the kingdom's log
 * carries one; `xii rules --game kingdom --ids` prints the table. */
#ifndef KINGDOM_RULE_IDS_H
#define KINGDOM_RULE_IDS_H

enum krule {
    KR_NONE,
    /* The rules, checked by the engine. */
    KR_ORDER,           /* a decision in its place */
    KR_DICE,            /* a die shows 1 to 6 */
    KR_RANGE,           /* a range's hexes */
    KR_RIVER,           /* the river's path */
    KR_SETUP,           /* the free buildings */
    KR_YEAR,            /* years in order, up to the limit */
    KR_REROLL,
    KR_SIX,
    KR_DISASTER,
    KR_CAPITAL,
    KR_PLACEMENT,       /* where a building may stand */
    KR_COST,
    KR_MONUMENT,        /* stages in order, each next to the capital or the monument */
    KR_TRADE,
    KR_STARVE,
    KR_GAME_OVER,
    /* The log as text. */
    KR_SYNTAX,
    KR_ENCODING,
    KR_HEADER,
    KR_UNKNOWN_WORD,
    KR_RESULT,          /* the result line against the rules */
    KR_CHECK,           /* a check line against the stock */
    KR_TOO_MANY_ERRORS,
    KR_DATA,
    KR_COUNT
};

struct krule_info {
    const char *id;         /* stable id, e.g. "placement" */
    const char *section;    /* where it comes from, e.g. "Construction" */
    const char *summary;    /* what it says, in one line */
};

/* The table row of a rule id; NULL for KR_NONE or a value out of range. */
const struct krule_info *krule_info(enum krule id);
/* The id's text, or NULL for KR_NONE or a value out of range. */
const char *krule_text(enum krule id);
/* The rule id spelled text (exactly), or KR_NONE. */
enum krule krule_find(const char *text);

#endif
