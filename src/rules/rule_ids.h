/* The ids every error and note of the program carries: one enum and one table (the id, the
 * rulebook section it comes from, a one-line meaning). The engine, the replay, the parser,
 * the game-data loader, `xii setup` and docs/audit.md all use these ids; `xii rules --ids`
 * prints the table. */
#ifndef RULES_RULE_IDS_H
#define RULES_RULE_IDS_H
#include <stddef.h>

enum rule_id {
    RULE_NONE,                  /* nothing refused or noted */
    /* Rules of the game, checked by the engine. */
    RULE_SETUP,
    RULE_EVENTS,
    RULE_ROUND_ORDER,
    RULE_TURN_ORDER,
    RULE_DICE,
    RULE_DIE_RANGE,
    RULE_DIE_UNAVAILABLE,
    RULE_RESTRICTION_HIGHEST_DIE,
    RULE_ONE_DIE_PER_ASSET,
    RULE_EXACT_DIE,
    RULE_ONE_DIE_PER_LOCATION,
    RULE_RESERVE_LIMIT,
    RULE_RESERVE_EMPTY,
    RULE_RESERVE_NEW,
    RULE_RESERVE_FULL,
    RULE_REQUIREMENT,
    RULE_COST,
    RULE_ALREADY_OWNED,
    RULE_FIRE_BAN,
    RULE_PERK_LETTER,
    RULE_PERK_NOT_OWNED,
    RULE_ONCE_PER_TURN,
    RULE_SPLIT,
    RULE_MARKET,
    RULE_MAX,
    RULE_WASTE,
    RULE_WAR,
    RULE_BONUS_ROLLS,
    RULE_COLLECT,
    RULE_UNSPENT_DICE,
    RULE_BAD_MOVE,
    /* The move log and the game data as text. */
    RULE_SYNTAX,
    RULE_ENCODING,
    RULE_HEADER,
    RULE_UNKNOWN_ID,
    RULE_UNKNOWN_PLAYER,
    RULE_TOO_MANY_ERRORS,
    RULE_DATA,
    RULE_COUNT
};

struct rule_info {
    const char *id;             /* stable id, e.g. "one-die-per-asset" */
    const char *section;        /* where the rule comes from, e.g. "Player Turn, restriction 2" */
    const char *summary;        /* what it forbids or says, in one line */
};

/* The table row of a rule id; NULL for RULE_NONE or a value out of range. */
const struct rule_info *rule_info(enum rule_id id);
/* The id's text ("requirement"), or NULL for RULE_NONE or a value out of range. */
const char *rule_id_text(enum rule_id id);
/* The rule id spelled `text` (exactly), or RULE_NONE. */
enum rule_id rule_id_find(const char *text);

#endif
