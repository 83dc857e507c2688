/* The kingdom's game data: every number of the rules (start stocks, costs, yields, the
 * monument's stages and their effects, the limits), loaded from one text file
 * (templates/kingdom.rules, format in docs/kingdom.md). The engine and `xii rules --game
 * kingdom` read these tables; what the numbers do is code (kingdom.h). */
#ifndef KINGDOM_DATA_H
#define KINGDOM_DATA_H
#include <stddef.h>
#include "core/diag.h"
#include "core/strbuf.h"

enum kres { KRES_FOOD, KRES_ORE, KRES_WORK, KRES_COUNT };
/* The buildings (farm, mine, village), then the monument as a kind of build. */
enum kbuilding { KB_FARM, KB_MINE, KB_VILLAGE, KB_MONUMENT };
#define KB_BUILDINGS 3
#define KB_KINDS 4
#define KSTAGES 3
/* What a monument stage makes possible from the next time it matters. */
enum kstage_effect { KEFF_REROLL, KEFF_CAPITAL, KEFF_WIN, KEFF_COUNT };

struct kdata {
    char *source;               /* the file it was loaded from */
    char *title;                /* the game's name */
    int start[KRES_COUNT];      /* the stock at the start */
    int year_limit;             /* the last year a game may be won in */
    int graveyard_limit;        /* the graveyard that loses the game */
    int cost[KB_BUILDINGS][KRES_COUNT];   /* times the multiplier (how many of the kind stand, at least 1) */
    int yield[KB_BUILDINGS];    /* a building's yield */
    int yield_best[KB_BUILDINGS];         /* by a river (farm), on a mountain (mine), next to a farm or mine (village) */
    int graveyard_penalty;      /* less for a building next to a graveyard */
    int feed;                   /* food each building eats a year */
    int trade_work;             /* work for one food or one ore */
    int capital_picks;          /* resources the capital gives */
    int capital_picks_more;     /* with the stage whose effect is KEFF_CAPITAL */
    int hard_times;             /* less on each production total per hard-times result */
    int bonus_min;              /* a fate bonus gives at least this */
    int stage_cost[KSTAGES][KRES_COUNT];
    int stage_effect[KSTAGES];  /* enum kstage_effect */
    int effect_stage[KEFF_COUNT];   /* derived: the stage giving each effect (1..KSTAGES) */
};

/* Loads game data from buf (len bytes); name is used in diagnostics. Every problem goes to dl
 * with file:line:col; on any error returns -1 and d is left empty. */
int kdata_load(struct kdata *d, const char *name, const char *buf, size_t len, struct diag_list *dl);
/* Loads the data compiled into the program (templates/kingdom.rules). */
int kdata_load_default(struct kdata *d, struct diag_list *dl);
/* Loads a file from disk ("-" is standard input). */
int kdata_load_file(struct kdata *d, const char *path, struct diag_list *dl);
void kdata_free(struct kdata *d);

/* The words of the data and the log: "food", "ore", "work"; "farm", "mine", "village",
 * "monument"; "reroll", "capital", "win". */
const char *kres_name(int r);
const char *kbuilding_name(int b);
const char *keffect_name(int e);

#endif
