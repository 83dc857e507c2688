/* The kingdom engine: the one authority on the rules of Kingdom (docs/kingdom.md), shaped like
 * OpenSpiel's State. A game is a plain struct (copy = assignment); kingdom_awaited says which
 * decision the game asks for now (a value: CurrentPlayer, IsChanceNode, IsTerminal);
 * kingdom_legal lists the legal decisions (LegalActions, or the chance outcomes);
 * kingdom_apply applies one (ApplyAction) and answers with a refusal value when it is not
 * legal, changing nothing. Dice are decisions of chance: the range dice, the fate dice, the
 * new value of a rerolled die.
 *
 * One line of the move log is one decision, except `range R S HEX...` (the roll, then the
 * hexes), `reroll OLD NEW` (the choice, then the roll) and `starve HEX...` (one victim per
 * decision). The steps a log leaves implicit are decisions too: KD_DONE ends the building and
 * trading of a year (feeding follows at once); an optional reroll is skipped by applying a
 * decision of a later step.
 *
 * The numbers (costs, yields, monument stages, limits) are game data (kingdom/data.h,
 * templates/kingdom.rules); the map is kingdom/map.h. */
#ifndef KINGDOM_KINGDOM_H
#define KINGDOM_KINGDOM_H
#include <stdbool.h>
#include <stddef.h>
#include "kingdom/data.h"
#include "kingdom/history.h"
#include "kingdom/map.h"
#include "kingdom/refusal.h"
#include "kingdom/rule_ids.h"

/* What stands on a hex (besides its terrain). */
enum kthing { KX_NONE, KX_FARM, KX_MINE, KX_VILLAGE, KX_MONUMENT, KX_GRAVEYARD };
/* A hex's ground. */
enum kterrain { KT_PLAIN, KT_CAPITAL, KT_MOUNTAIN, KT_RIVER };

/* How a game ended. */
enum kend { KEND_NONE, KEND_WIN, KEND_LOSS_GRAVEYARDS, KEND_LOSS_YEARS };

#define KRIVER_MAX 7            /* s + 3 hexes for a start at distance s <= 4 */
#define KRANGE_MAX 6            /* a size die */
#define KFATE_RESULTS 5         /* results 1..5 (a 6 becomes two of them) */

/* A game of Kingdom. Only the engine writes it; everyone may read it. */
struct kstate {
    const struct kdata *data;
    unsigned char phase;                    /* internal: where the game stands */
    unsigned char terrain[KMAP_HEXES];      /* enum kterrain */
    unsigned char thing[KMAP_HEXES];        /* enum kthing */
    unsigned char stage_at[KMAP_HEXES];     /* KX_MONUMENT: its stage (1..3) */
    unsigned char range_of[KMAP_HEXES];     /* a mountain's range (1 or 2), else 0 */
    signed char range_region[2], range_size[2];  /* the ranges as placed (region after the shift) */
    signed char range_dice[2][2];           /* the dice as rolled: region, size */
    signed char river[KRIVER_MAX];
    int nriver;
    signed char setup_hex[KB_BUILDINGS];    /* the free buildings (KMAP_NO_HEX: not yet) */
    int year;                               /* 0 during setup, then 1, 2, ... */
    int stock[KRES_COUNT];
    int count[KB_BUILDINGS];                /* farms, mines, villages standing */
    int stage;                              /* monument stages built, 0..KSTAGES */
    signed char stage_hex[KSTAGES];
    int graveyards;
    /* The year in progress. */
    signed char dice[2];                    /* the fate dice as they show now */
    signed char reroll_die;                 /* the die being rerolled (0, 1), or -1 */
    bool rerolled;                          /* the year's reroll is used */
    bool fate_chosen;                       /* a six, disaster or capital line came: no reroll now */
    int sixes_left;                         /* six lines owed */
    int results[KFATE_RESULTS + 1];         /* how many of each result 1..5 the year has */
    int disasters_left;                     /* disaster lines owed */
    bool traded;                            /* a trade was made (no build after it) */
    int starve_left;                        /* victims owed */
    bool starved;                           /* something starved this year */
    /* The end. */
    unsigned char end;                      /* enum kend */
    int end_year;                           /* the year it ended */
};

/* The kinds of decision the game awaits, in the order of a game. */
enum kawait {
    KA_RANGE_ROLL,      /* chance: a range's region and size dice (range 0 then 1) */
    KA_RANGE,           /* the range's hexes */
    KA_RIVER,           /* the river's hexes in flow order */
    KA_SETUP,           /* a free building (setup_left says which are still owed) */
    KA_YEAR,            /* the next year begins */
    KA_FATE,            /* chance: the two fate dice */
    KA_REROLL,          /* optional: reroll one die (pending also holds the next step) */
    KA_REROLL_ROLL,     /* chance: the rerolled die's new value */
    KA_SIX,             /* the two results of a 6 */
    KA_DISASTER,        /* a disaster's victim */
    KA_CAPITAL,         /* the capital's pick(s); production follows */
    KA_BUILD,           /* build, trade, or done (feeding follows) */
    KA_STARVE,          /* a starvation victim */
    KA_END,             /* the game is over */
    KA_COUNT
};

/* What the game awaits now. */
struct kingdom_awaited {
    enum kawait kind;       /* the first decision awaited */
    unsigned pending;       /* bit (1u << k) for every kind that may come now: kind, and after
                               an optional reroll the step that follows it */
    bool chance;            /* kind is decided by dice */
    int year;               /* the year in progress (KA_YEAR: the year to begin) */
    int range;              /* KA_RANGE_ROLL, KA_RANGE: which range (0 or 1) */
    int region, size;       /* KA_RANGE: the range's region (after the shift) and size */
    int larger_range;       /* KA_RIVER: the range the river starts next to (0, 1; -1 either) */
    unsigned setup_left;    /* KA_SETUP: bit b for each free building b still owed */
    int owed;               /* KA_SIX, KA_DISASTER, KA_STARVE: how many lines still owed;
                               KA_CAPITAL: how many picks */
};

/* Says what s awaits. */
struct kingdom_awaited kingdom_awaited(const struct kstate *s);

/* The kinds of decision. */
enum kdecision_kind {
    KD_RANGE_ROLL,      /* a = region die, b = size die */
    KD_RANGE,           /* hex[0..nhex) the range's hexes */
    KD_RIVER,           /* hex[0..nhex) in flow order */
    KD_SETUP,           /* what = enum kbuilding (farm, mine, village), hex[0] */
    KD_YEAR,            /* a = the year */
    KD_FATE,            /* a, b = the dice */
    KD_REROLL,          /* a = the value of the die to reroll */
    KD_REROLL_ROLL,     /* a = its new value */
    KD_SIX,             /* a, b = the two results (1..5, different) */
    KD_DISASTER,        /* hex[0] the victim, or nhex = 0: `disaster none` */
    KD_CAPITAL,         /* res[0..nres) enum kres */
    KD_BUILD,           /* what = enum kbuilding, hex[0] */
    KD_TRADE,           /* a = N, what = KRES_FOOD or KRES_ORE: 2N work for N of it */
    KD_DONE,            /* no more building or trading this year: feeding */
    KD_STARVE,          /* hex[0] a victim */
    KD_COUNT
};

struct kdecision {
    enum kdecision_kind kind;
    int a, b;
    int what;
    int nres;
    int res[2];
    int nhex;
    signed char hex[KRIVER_MAX];
    signed char zero;       /* always 0: fills what would be padding, so the bytes of a decision
                               are its value (core/game.h compares decisions with memcmp) */
};
_Static_assert(sizeof(struct kdecision) == 5 * sizeof(int) + 2 * sizeof(int) + sizeof(int) + KRIVER_MAX + 1,
               "struct kdecision has no padding");

/* The game's start: nothing placed, year 0, stocks from the data. */
void kingdom_init(struct kstate *s, const struct kdata *data);

/* The legal decisions (for a chance node, every outcome, equally likely): up to cap of them
 * are written to out; returns how many there are. A trade lists every N affordable. */
size_t kingdom_legal(const struct kstate *s, struct kdecision *out, size_t cap);

/* Applies d to s, recording the changes into h (may be NULL). Returns the refusal (rule
 * KR_NONE when applied); a refused decision changes nothing. */
struct krefusal kingdom_apply(struct kstate *s, const struct kdecision *d, struct khistory *h);

/* The end as a value. */
struct kingdom_end {
    enum kend end;          /* KEND_NONE while the game goes on */
    int year;               /* the year it ended (a win's score: lower is better) */
};
struct kingdom_end kingdom_end(const struct kstate *s);

/* Questions the rules ask, for the engine, the legal moves and the reports. */
/* The building kind standing on hex h, or -1. */
int kingdom_building_at(const struct kstate *s, int h);
/* Whether h is empty (not capital, mountain or river; no building, monument or graveyard). */
bool kingdom_hex_empty(const struct kstate *s, int h);
/* What the building on h yields this year (before fate and capital), or 0. */
int kingdom_yield(const struct kstate *s, int h);
/* The price of one more building of kind b (monument: its next stage) in each resource. */
void kingdom_cost(const struct kstate *s, int b, int cost[KRES_COUNT]);
/* Whether b (monument: its next stage) may stand on h, costs aside. */
bool kingdom_may_place(const struct kstate *s, int b, int h);
/* What stands next to a hex, as bits, for the questions below asked of many kinds at once. */
enum knear_bit { KN_RIVER = 1, KN_FARM_OR_MINE = 2, KN_VILLAGE = 4, KN_GRAVEYARD = 8, KN_MONUMENT = 16 };
/* What stands next to h (enum knear_bit). */
unsigned kingdom_near(const struct kstate *s, int h);
/* kingdom_near of every hex at once (nr[h] for hex h). */
void kingdom_near_all(const struct kstate *s, unsigned char nr[KMAP_HEXES]);
/* What a building of kind b (farm, mine, village) would yield on h with nr next to it. */
int kingdom_yield_near(const struct kstate *s, int b, int h, unsigned nr);
/* kingdom_may_place with nr = kingdom_near(s, h) already known. */
bool kingdom_may_place_near(const struct kstate *s, int b, int h, unsigned nr);
/* The farms, mines and villages standing. */
int kingdom_buildings(const struct kstate *s);
/* The capital's picks due this year. */
int kingdom_picks_due(const struct kstate *s);
/* The food the buildings eat at the year's end. */
int kingdom_mouths(const struct kstate *s);
/* The total of each resource production would add now (after fate, with the capital's picks
 * res[0..nres)). */
void kingdom_production(const struct kstate *s, const int *res, int nres, int out[KRES_COUNT]);
/* The same in its parts: the buildings' yields, the capital's picks, the fate's bonuses, and
 * (zero or less) what hard times take off, never more than the three before it. */
enum kpart { KPART_YIELDS, KPART_CAPITAL, KPART_BONUS, KPART_HARD_TIMES, KPART_COUNT };
void kingdom_production_parts(const struct kstate *s, const int *res, int nres, int parts[KRES_COUNT][KPART_COUNT]);
/* A short name of an awaited kind ("range", "river", ..., "end"). */
const char *kingdom_await_name(enum kawait kind);

#endif
