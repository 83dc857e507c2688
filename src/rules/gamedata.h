/* The game data: every number of XII Century, loaded from one text file (templates/
 * xii-century.rules, format in docs/game-data-format.md). The engine, the sheets and the
 * rules summary all read these tables; nothing prints a number the engine does not use.
 *
 * Assets, locations and events are the game's fixed vocabulary (their behaviour is code), so
 * they have enums; the file must define each exactly once. People and infrastructures are
 * open lists: their behaviour comes from requirements, costs, POW and perk ids. */
#ifndef RULES_GAMEDATA_H
#define RULES_GAMEDATA_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"

#define GD_ROUNDS 10
#define GD_MAX_ITEMS 32       /* people and infrastructures of all four kinds together */
#define GD_MAX_REQS 6
#define GD_MAX_COSTS 4
#define GD_MAX_PERK_PARAMS 6
#define GD_MAX_EFFECTS 6
#define GD_MAX_DIFFICULTIES 8
#define GD_MAX_OBJECTIVES 8
#define GD_MAX_ALIASES 64       /* written in the data file */
#define GD_MAX_RESERVE_SLOTS 16
#define GD_MAX_BONUS_ROLLS 2

enum asset {
    A_POPULATION, A_FOOD, A_SUPPLY,
    A_FARMS, A_MEN_AT_ARMS, A_KNIGHTS, A_STRONG_ALE, A_STONE_HOUSES,
    A_MONKS, A_MERCENARIES, A_MASONS, A_BREAD,
    ASSET_COUNT
};

enum location { L_GRASSLAND, L_FARMLAND, L_QUARRY, L_FOREST, LOCATION_COUNT };

enum event { E_FIRE, E_PLAGUE, E_FAMINE, E_CIVIL_WAR, E_OUTLAWS_ATTACK, E_WATER_STORM, EVENT_COUNT };

enum asset_class { CLASS_BASIC, CLASS_ADVANCED, CLASS_SPECIAL };

enum item_kind { KIND_PERSON, KIND_INFRA, KIND_SPECIAL_PERSON, KIND_SPECIAL_INFRA };

/* Confidence of a value: 'S' stated in the source, 'I' inferred, 'G' guessed, 'X' lost
 * (an invented placeholder). Values written without a mark are 'S'. */
typedef char conf_t;

struct gd_num {
    int value;
    conf_t conf;
};

enum req_kind {
    REQ_ASSET_GE,       /* asset >= value (population requirements use the effective population) */
    REQ_ASSET_EQ,       /* printed "asset = value"; evaluated as >= (ambiguity A29) */
    REQ_REPUTATION_GE,
    REQ_HAS,            /* owns the person or infrastructure `item` */
    REQ_SCORE_GE        /* solo objectives only */
};

struct gd_req {
    enum req_kind kind;
    int asset;          /* enum asset for REQ_ASSET_* */
    int item;           /* item index for REQ_HAS */
    int value;
    conf_t conf;
};

struct gd_cost {
    int asset;
    int amount;
    conf_t conf;
};

/* Perk behaviours the engine implements; the data picks one per perk and gives its wording. */
enum perk_id {
    PERK_NONE,
    PERK_EFFECTIVE_POPULATION,   /* asset perk (monks): each unit counts as param[0] population for MAX and requirements */
    PERK_INFRA_SUPPLY_DISCOUNT,  /* asset perk (masons): each unit takes param[0] supply off a normal infrastructure */
    PERK_NEVER_LOST,             /* asset perk (mercenaries): no event, war or clamp reduces it */
    PERK_MARKET,                 /* infrastructure: food <-> supply 1:1 after feeding */
    PERK_NO_FEEDING_FULL_BREAD,  /* skip feeding while bread >= param[0] */
    PERK_FOOD_DIE_BONUS,         /* own dice showing param[0] count as param[1] when spent on food */
    PERK_DIE_PLUS,               /* once per turn: a die +param[0] */
    PERK_DIE_MINUS,              /* once per turn: a die -1 .. -param[0] */
    PERK_TWO_DICE_SAME_ASSET,    /* a second die on the same asset in a turn */
    PERK_SPLIT_DIE,              /* once per turn: split a die in two parts for two assets */
    PERK_RESERVE_ADD,            /* write params into free reserve slots, once, when acquired */
    PERK_FOOD_PER_FARMS,         /* round end: +1 food per param[0] farms */
    PERK_BREAD_DISCOUNT,         /* bread costs param[0] food less per unit */
    PERK_FAMINE_KEEPS_POPULATION,/* the famine takes no population */
    PERK_ROUND_FOOD,             /* round end: +param[0] food */
    PERK_DIE_CHANGE,             /* once per turn: a die showing param[0] becomes param[1] */
    PERK_REROLL_LOW,             /* once per turn: re-roll a die showing param[0] or less */
    PERK_INFRA_POW,              /* +param[0] POW for the outlaws' attack and the tie-break */
    PERK_VP_PER_STONE_HOUSE,     /* +param[0] VP per stone house at the end */
    PERK_COUNT
};

struct gd_perk {
    enum perk_id id;
    int params[GD_MAX_PERK_PARAMS];
    int nparams;
    char *text;         /* wording printed on the sheet (our own words) */
    conf_t conf;
};

struct gd_asset {
    char *id;           /* canonical id, e.g. "men-at-arms" */
    char *name;         /* as printed, e.g. "MEN-AT-ARMS" */
    enum asset_class cls;
    struct gd_num max;  /* fixed MAX, used when max_ref < 0 */
    int max_ref;        /* MAX equals this asset's current amount, or -1 */
    conf_t max_ref_conf;
    struct gd_num die;  /* exact die value needed (special assets), 0 = any */
    struct gd_num vp;   /* VP per unit at the end */
    struct gd_num pow;  /* POW per unit */
    struct gd_num produce;  /* farms: +1 food per `produce` units at round end; 0 = none */
    struct gd_req req[GD_MAX_REQS];
    int nreq;
    struct gd_cost cost[GD_MAX_COSTS];  /* per unit added */
    int ncost;
    struct gd_perk perk;    /* id PERK_NONE when it has none */
    char *note;         /* reminder printed beside the name, or NULL */
    struct srcpos pos;
};

struct gd_item {
    char *id;
    char *name;
    enum item_kind kind;
    conf_t name_conf;
    struct gd_num die;      /* exact die value (special ones), 0 = any */
    struct gd_num vp;
    struct gd_num pow;      /* POW counted everywhere (king war, outlaws, tie-break) */
    struct gd_num infra_pow;/* POW counted for the outlaws' attack and the tie-break only */
    struct gd_req req[GD_MAX_REQS];
    int nreq;
    struct gd_cost cost[GD_MAX_COSTS];  /* paid in full */
    int ncost;
    struct gd_perk perks[2];/* special items: a and b (a choice); normal ones: perks[0] always on */
    int nperks;
    char *note;
    struct srcpos pos;
};

struct gd_location {
    char *id, *name;
    int min[GD_ROUNDS];     /* MIN influence for rounds 1..10 (index 0 = round 1) */
    conf_t min_conf;
    int bonus_asset[2];     /* one entry: fixed bonus; two entries: the player chooses */
    int bonus_amount[2];
    int nbonus;
    conf_t bonus_conf;
    struct srcpos pos;
};

enum effect_kind {
    EFF_HALVE,              /* asset = floor(asset / 2) */
    EFF_LOSE,               /* asset -= amount (not below 0) */
    EFF_ZERO,               /* asset = 0 */
    EFF_NO_FARM_PRODUCTION, /* farms produce nothing at this round's end */
    EFF_BAN_PEOPLE          /* no (normal) prominent person can be attracted this round */
};

struct gd_effect {
    enum effect_kind kind;
    int asset;
    int amount;
    conf_t conf;
};

struct gd_event {
    char *id, *name;
    char *letters;          /* written on the global-events track, e.g. "Fi" */
    int die;                /* 1..6 */
    int pow_below_per_round;/* > 0: only players whose POW < this * round are hit */
    struct gd_effect eff[GD_MAX_EFFECTS];
    int neff;
    char *text;             /* effect in our own words, for the sheets */
    struct srcpos pos;
};

struct gd_difficulty {
    char *id, *name;
    unsigned char has_event[GD_ROUNDS + 1];   /* [r] != 0: round r gets an event (1-based) */
    int fixed_event[GD_ROUNDS + 1];           /* [r] = enum event fixed on round r, or -1 */
    int good_low, good_high;                  /* good-score range; good_high -1 = "and above" */
    struct srcpos pos;
};

struct gd_objective {
    char *id, *name;
    struct gd_req req[GD_MAX_REQS];   /* REQ_HAS, REQ_ASSET_GE, REQ_SCORE_GE; checked at the end */
    int nreq;
    conf_t conf;
    char *text;
    struct srcpos pos;
};

struct gd_alias {
    char *word;             /* normalized (lower case, hyphens) */
    char *id;               /* the id it stands for */
    char *id2;              /* non-NULL: the word could as well mean this id; a log that uses it
                             * is refused with both readings named (lookups ignore it) */
    int derived;            /* a singular or plural form the loader added, not in the file */
};
/* Room for the file's aliases and the singular or plural forms the loader adds: one per id of
 * an asset, an item or a location and one per alias of those. */
#define GD_ALIAS_SLOTS (2 * GD_MAX_ALIASES + ASSET_COUNT + GD_MAX_ITEMS + LOCATION_COUNT)

/* The ids of assets, people and infrastructures, and locations, with the aliases that lead to
 * them, hashed by the normalized word (lower case, hyphens): the replay looks up the words of
 * every move here (log/ids.h). Derived by the loader, like perk_assets. */
#define GD_INDEX_SLOTS 256
enum gd_index_kind { GD_INDEX_ASSET, GD_INDEX_ITEM, GD_INDEX_LOCATION };
struct gd_index {
    struct gd_index_slot {
        const char *word;       /* normalized; NULL: a free slot */
        uint64_t key;           /* its first and last 4 bytes (gamedata_index.c) */
        unsigned char len;
        unsigned char kind;     /* enum gd_index_kind */
        bool alias;             /* an alias, not an id */
        bool chained;           /* an alias of an alias (gamedata's lookups refuse it) */
        short index;
    } slot[GD_INDEX_SLOTS];
};

struct gamedata {
    char *source;           /* file name it was loaded from */
    struct gd_asset assets[ASSET_COUNT];
    struct gd_item items[GD_MAX_ITEMS];
    int nitems;
    struct gd_location locations[LOCATION_COUNT];
    struct gd_event events[EVENT_COUNT];
    struct gd_difficulty difficulties[GD_MAX_DIFFICULTIES];
    int ndifficulties;
    int default_difficulty;             /* index of the difficulty used when a log names none */
    struct gd_objective objectives[GD_MAX_OBJECTIVES];
    int nobjectives;
    struct gd_alias aliases[GD_ALIAS_SLOTS];
    int naliases;
    /* Rules with numbers. */
    int reserve_slots;
    int reserve_start[GD_MAX_RESERVE_SLOTS];
    int nreserve_start;
    int reserve_per_turn;
    int feeding_per;            /* 1 food per feeding_per population, rounded up */
    int reputation_per, reputation_vp;  /* reputation_vp VP per reputation_per reputation */
    int max_same_event;
    int war_highest, war_other, war_sole;   /* reputation gained in the king war */
    int bonus_roll_asset[GD_MAX_BONUS_ROLLS];   /* 1d6 of POW when asset >= bonus_roll_min */
    int bonus_roll_min[GD_MAX_BONUS_ROLLS];
    int nbonus_rolls;
    int advanced_die_penalty;   /* restriction 1: the highest rolled die adds this much less */
    int asset_cap;              /* market results above this are refused (30) */
    /* Derived by the loader: bit a of perk_assets[id] is set when assets[a].perk.id == id (the
     * engine asks which asset carries a perk on every candidate move). */
    unsigned perk_assets[PERK_COUNT];
    struct gd_index index;      /* derived by the loader (gamedata_index_build) */
};
_Static_assert(ASSET_COUNT <= 32, "assets with a perk are a 32-bit set");

/* Loads game data from buf (len bytes, no NUL needed); name is used in diagnostics.
 * Every problem is appended to dl with file:line:col; on any error returns -1 and gd is
 * left empty (freed): a bad file is never half used. */
int gamedata_load(struct gamedata *gd, const char *name, const char *buf, size_t len,
                  struct diag_list *dl);
/* Loads the data compiled into the program (templates/xii-century.rules). */
int gamedata_load_default(struct gamedata *gd, struct diag_list *dl);
/* Loads a file from disk ("-" is standard input). */
int gamedata_load_file(struct gamedata *gd, const char *path, struct diag_list *dl);
void gamedata_free(struct gamedata *gd);

/* Builds gd->index from the ids and the aliases: the loader does; again after they change. */
void gamedata_index_build(struct gamedata *gd);
/* The index of a normalized word of that kind in gd->index, or -1; strict: refusing an alias
 * of an alias, as the lookups below do (else following it). */
int gamedata_index_find(const struct gamedata *gd, enum gd_index_kind kind, const char *norm, int strict);

/* Lookups by id or alias: case-insensitive, '_' equals '-'. Return the index or -1. */
int gamedata_asset(const struct gamedata *gd, const char *word, size_t len);
int gamedata_item(const struct gamedata *gd, const char *word, size_t len);
int gamedata_location(const struct gamedata *gd, const char *word, size_t len);
/* Events also accept their die value written as a word ("3"). */
int gamedata_event(const struct gamedata *gd, const char *word, size_t len);
int gamedata_difficulty(const struct gamedata *gd, const char *word, size_t len);
int gamedata_objective(const struct gamedata *gd, const char *word, size_t len);
/* The event with this die value (1..6), or -1. */
int gamedata_event_by_die(const struct gamedata *gd, int die);

/* The alias spelled word (case-insensitive, '_' equals '-'), ambiguous ones included, or NULL. */
const struct gd_alias *gamedata_alias(const struct gamedata *gd, const char *word, size_t len);

const char *item_kind_name(enum item_kind kind);     /* "person", "infrastructure", ... */
const char *asset_class_name(enum asset_class cls);  /* "basic", "advanced", "special" */
const char *perk_id_name(enum perk_id id);           /* the id used in the data file */
/* Whether the item is a special person or infrastructure (perks a and b to choose from). */
static inline int gamedata_is_special(const struct gd_item *it)
{
    return it->kind == KIND_SPECIAL_PERSON || it->kind == KIND_SPECIAL_INFRA;
}

#endif
