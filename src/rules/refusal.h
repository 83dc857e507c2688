/* A refusal (or a note) of the rules engine as a value: the rule, which case of it, and the
 * facts (seats, indices into the game data, numbers). The engine formats nothing; the one
 * function refusal_text() makes the sentence, where it is shown.
 *
 * The facts each case fills are listed beside it: p = player (seat), o = other (a second
 * seat), t = thing, t2 = thing2 (an index into the game data: asset, item, location, event,
 * difficulty, or a perk id), n0..n3 = n[0..3], v = values[0..nvalues-1]. */
#ifndef RULES_REFUSAL_H
#define RULES_REFUSAL_H
#include "core/strbuf.h"
#include "rules/rule_ids.h"
#include "rules/state.h"

enum refusal_case {
    REF_NONE,
    /* setup */
    REF_PLAYER_COUNT,           /* n0 players given */
    REF_NAME_TOO_LONG,          /* p */
    REF_NAME_EMPTY,             /* p */
    REF_NAME_TWICE,             /* p: the second seat with the name */
    REF_NO_DIFFICULTY,          /* n0 difficulty index */
    REF_SOLO_OBJECTIVE,         /* n0 players */
    REF_NO_OBJECTIVE,           /* n0 objective index */
    /* events (event_check.h) */
    REF_EVENT_INVALID,          /* n0 round, n1 the value given: no round or no event */
    REF_EVENT_TWICE,            /* n0 round, t the round's first event, t2 the second one */
    REF_EVENT_FIXED,            /* n0 round, t fixed event, t2 event given, n1 difficulty */
    REF_EVENT_NO_ROUND,         /* n0 round, t event given, n1 difficulty */
    REF_EVENT_TOO_MANY,         /* n0 round, t event, n1 the limit, v the rounds it has */
    REF_EVENT_MISSING,          /* n1 difficulty, v the rounds without their event */
    /* round order */
    REF_NO_ROUND,               /* - */
    REF_ROUND_NOT_ENDED,        /* n0 round */
    REF_GAME_OVER,              /* - */
    REF_ROUND_EXPECTED,         /* n0 round expected, n1 round given */
    REF_NO_OUTLAWS,             /* - */
    REF_SHARED_SET,             /* n0 round, n1 n2 the shared dice */
    REF_SHARED_LATE,            /* - */
    REF_TURN_OPEN,              /* p the player whose turn is open */
    REF_SHARED_UNSET,           /* n0 round */
    REF_NO_TURN,                /* - */
    REF_TURN_NOT_ENDED,         /* p */
    REF_COLLECT_EARLY,          /* n0 round */
    REF_WAR_EARLY,              /* n0 round, n1 turns played, n2 players */
    /* turn order */
    REF_NO_SUCH_PLAYER,         /* n0 seat + 1 */
    REF_TURNS_DONE,             /* n0 round, p the player named */
    REF_TURN_EXPECTED,          /* n0 round, o the player expected, p the one named, n1 1 when o
                                   is the round's first player */
    /* dice and die range */
    REF_SHARED_RANGE,           /* n0 n1 the values */
    REF_SHARED_EQUAL,           /* n0 the value */
    REF_ABILITY_WHICH_DIE,      /* n0 the value, t item */
    REF_TURN_DICE_RANGE,        /* p, n0 n1 the values */
    REF_DIE_RANGE,              /* n0 the value */
    REF_BONUS_ROLL_RANGE,       /* p, n0 the roll */
    REF_ABILITY_TO_RANGE,       /* t item, n0 the new value */
    REF_ABILITY_UNCHANGED,      /* t item, n0 die, n1 new value */
    REF_ABILITY_PLUS,           /* t item, n0 step, n1 die, n2 new value */
    REF_ABILITY_MINUS,          /* t item, n0 most, n1 die, n2 new value */
    REF_ABILITY_CHANGE,         /* t item, n0 n1 the change it makes, n2 die, n3 new value */
    REF_ABILITY_REROLL,         /* t item, n0 highest value it re-rolls, n1 die */
    /* the die a move uses */
    REF_DIE_UNAVAILABLE,        /* n0 value, n1 enum die_source, v the unspent dice */
    REF_ABILITY_RESERVE,        /* t item */
    REF_RESERVE_LIMIT,          /* p, n0 reserve dice spent */
    REF_RESERVE_EMPTY,          /* p, n0 value, v the values available */
    REF_RESERVE_NEW,            /* p, n0 value */
    REF_RESERVE_FULL,           /* p, n0 slots */
    /* spending */
    REF_HIGHEST_DIE,            /* a note: t asset, n0 the highest die, n1 the penalty */
    REF_ASSET_SECOND_DIE,       /* p, t asset */
    REF_ASSET_THIRD_DIE,        /* p, t asset */
    REF_ASSET_WITCH_RESERVE,    /* p, t asset */
    REF_ASSET_EXACT_DIE,        /* t asset, n0 1 for a split part, n1 value needed, n2 given */
    REF_ITEM_EXACT_DIE,         /* t item, n0 value needed, n1 given */
    REF_LOCATION_SECOND_DIE,    /* p, t location */
    REF_ASSET_REQUIREMENT,      /* p, t asset, n0 its requirement's index, n1 what the player
                                   has, t2 the asset also counted (-1 none) */
    REF_ITEM_REQUIREMENT,       /* p, t item, n0 n1 t2 as REF_ASSET_REQUIREMENT */
    REF_COST,                   /* p, t item, t2 asset paid, n0 cost, n1 what the player has */
    REF_ALREADY_OWNED,          /* p, t item */
    REF_FIRE_BAN,               /* p, t item, n0 round */
    REF_PERK_LETTER_NEEDED,     /* t item */
    REF_PERK_LETTER_NONE,       /* t item, n0 the letter given */
    REF_PERK_MISSING,           /* t perk id: no item of the data has it */
    REF_PERK_OTHER,             /* p, t perk id, t2 the item owned, n0 its perk letter */
    REF_PERK_NEEDS_ITEM,        /* p, t perk id, t2 the item that has it */
    REF_ABILITY_USED,           /* p, t item */
    REF_SPLIT_USED,             /* p */
    REF_SPLIT_RESERVE,          /* - */
    REF_SPLIT_PARTS,            /* n0 die, n1 n2 the parts */
    REF_SPLIT_SAME_ASSET,       /* t asset */
    /* market */
    REF_MARKET_AMOUNT,          /* n0 amount */
    REF_MARKET_TARGET,          /* - */
    REF_MARKET_COUNT,           /* - */
    REF_MARKET_NONE,            /* p, n0 amount, t asset converted, t2 asset made */
    REF_MARKET_SHORT,           /* p, n0 amount, t t2 as REF_MARKET_NONE, n1 what p has */
    REF_MARKET_MAX,             /* p, n0 amount, t t2, n1 the result, n2 the cap */
    /* king war and bonus rolls */
    REF_WAR_SOLO,               /* - */
    REF_WAR_TWICE,              /* n0 round */
    REF_WAR_CHOICE,             /* p */
    REF_WAR_NO_POW,             /* p */
    REF_WAR_AVOID_ROLLS,        /* p, n0 rolls given */
    REF_WAR_ROLLS,              /* p, n0 rolls due, n1 given */
    REF_OUTLAWS_FIRST,          /* n0 round */
    REF_OUTLAWS_ROLLS,          /* p, n0 rolls due, n1 given */
    /* location bonuses */
    REF_COLLECT_NO_PLAYER,      /* n0 seat + 1 */
    REF_COLLECT_NO_CHOICE,      /* t location */
    REF_COLLECT_NOT_EARNED,     /* p, t location, n0 round, n1 influence, n2 MIN */
    REF_COLLECT_TWICE,          /* p, t location, n0 round */
    REF_COLLECT_CHOICE,         /* t location, n0 choices, n1 the choice given (from 1) */
    /* the end of a turn */
    REF_UNSPENT_DICE,           /* p, n0 dice left, v their values */
    /* moves naming nothing of the data */
    REF_NO_ASSET,               /* n0 */
    REF_NO_ITEM,                /* n0 */
    REF_NO_LOCATION,            /* n0 */
    REF_SPLIT_ASSETS,           /* - */
    REF_MOVE_KIND,              /* n0 */
    REF_CASE_COUNT
};

struct refusal {
    enum rule_id rule;          /* RULE_NONE when nothing was refused or noted */
    enum refusal_case what;     /* the case: picks the sentence and says which facts are set */
    signed char player, other;  /* seats (p, o) */
    short thing, thing2;        /* indices (t, t2) */
    int n[4];                   /* numbers (n0..n3) */
    unsigned char nvalues;      /* dice values listed (v) */
    unsigned char values[16];
};

/* The rule a case belongs to. */
enum rule_id refusal_rule(enum refusal_case what);

/* Appends the sentence of a refusal, e.g. "Jack cannot increase men-at-arms: requires the
 * blacksmith". gd gives the ids, cfg the players' names (NULL: "player N"). Appends nothing
 * for REF_NONE. */
void refusal_text(const struct gamedata *gd, const struct game_config *cfg,
                  const struct refusal *r, struct strbuf *out);

#endif
