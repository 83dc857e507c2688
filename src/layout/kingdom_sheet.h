/* The kingdom's sheet (the second game): the one page a player prints and plays on (the map
 * of 61 hexes, the setup dice, the monument, the graveyards, the cost and fate tables, the six
 * steps of a year, the ledger of the data's years), and the same page written in by hand from a plain
 * struct the audit fills (struct ksheet_fill). Its numbers (costs, yields, the monument's
 * stages, the limits) come from the game data given in its options. The layout reads only: it
 * computes nothing of the game. */
#ifndef LAYOUT_KINGDOM_SHEET_H
#define LAYOUT_KINGDOM_SHEET_H
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "kingdom/data.h"
#include "kingdom/map.h"
#include "layout/common.h"
#include "layout/icons.h"

/* The ledger has a row for each year of the data's year limit, and a graveyard box for each
 * graveyard up to the data's graveyard limit (the last one ends the game); at most these. */
#define KSHEET_MAX_YEARS 30
#define KSHEET_STAGES 3         /* monument stages */
#define KSHEET_MAX_GRAVES 5
#define KSHEET_RANGES 2         /* mountain ranges of the setup */
#define KSHEET_MAX_RIVER 8      /* river hexes (the rules allow 4 to 7) */
#define KSHEET_MAX_ERASED 4     /* buildings lost on one hex, shown struck out */

/* The ledger's columns, left to right. */
enum ksheet_column {
    KSHEET_COL_YEAR, KSHEET_COL_DICE, KSHEET_COL_PICKS, KSHEET_COL_BUILT, KSHEET_COL_TRADED,
    KSHEET_COL_LOST, KSHEET_COL_FOOD, KSHEET_COL_ORE, KSHEET_COLUMNS
};

/* What stands on a hex (the capital and the monument are landmarks, not buildings). */
enum ksheet_building { KSHEET_NONE, KSHEET_FARM, KSHEET_MINE, KSHEET_VILLAGE };

/* One year of the ledger, as short texts a player writes ("" for nothing). */
struct ksheet_row {
    char dice[24];      /* "6 4", with a reroll "2 4 r2>5" */
    char picks[40];     /* the sixes' results and the capital's picks: "3 5 food" */
    char built[96];     /* in order: "F H4 M G6", a monument stage by its number: "1 E4" */
    char traded[24];    /* "1 food", "2 ore" */
    char lost[48];      /* "D F6", "G H4" */
    char food[8], ore[8];   /* the stock at the end of the year */
};

/* A game written on the sheet. Fill it with ksheet_fill_init, then set what the paper shows. */
struct ksheet_fill {
    const char *ruler, *realm, *capital;    /* the names, written by hand (NULL: none) */
    int range_region[KSHEET_RANGES];    /* the setup dice as rolled; 0: not written */
    int range_size[KSHEET_RANGES];
    unsigned char mountain[KMAP_HEXES];     /* 1: a mountain (it stays under a mine) */
    int river[KSHEET_MAX_RIVER];            /* the river's hexes in flow order */
    int nriver;
    unsigned char building[KMAP_HEXES];     /* enum ksheet_building standing now */
    /* The buildings lost on a hex (a disaster, or starvation: then it also holds a graveyard),
     * oldest first, ended by KSHEET_NONE: drawn struck out. */
    unsigned char erased[KMAP_HEXES][KSHEET_MAX_ERASED];
    int monument[KSHEET_STAGES];    /* the hex of stage k + 1, or KMAP_NO_HEX */
    int graveyard[KSHEET_MAX_GRAVES];   /* the graveyards' hexes in the order drawn, or KMAP_NO_HEX */
    struct ksheet_row row[KSHEET_MAX_YEARS];    /* years 1.. */
    int nrows;                              /* years written */
    char result[40];                /* the result box: "won in year 13", "lost in year 6", "" */
};

/* An empty game: no mark on any hex, every hex list KMAP_NO_HEX, no ledger row. */
void ksheet_fill_init(struct ksheet_fill *f);

struct kingdom_sheet_options {
    const struct paper *paper;
    int grey;
    const struct icon_set *icons;   /* icons_load_embedded("kingdom.icons"); NULL: words instead */
    const char *ruler, *realm, *capital;    /* names printed on the blank sheet, or NULL (a
                                               filled sheet takes its fill's instead) */
    const char *footer;             /* the options part of the footer, e.g. "A4 · colour" */
    const struct ksheet_fill *fill; /* NULL: the blank sheet; else the game written in by hand */
    const struct kdata *data;       /* the game data: every number the sheet prints */
};

/* Where a player writes. */
struct kingdom_sheet_geom {
    double side;                            /* the hexes' side */
    double hx[KMAP_HEXES], hy[KMAP_HEXES];  /* the hexes' centres */
    struct box ruler, realm, capital;       /* the names' write-in places */
    struct box range_region[KSHEET_RANGES], range_size[KSHEET_RANGES];
    struct box stage_hex[KSHEET_STAGES];    /* the monument boxes' hex cells */
    struct box grave[KSHEET_MAX_GRAVES];        /* the graveyard boxes */
    struct box cell[KSHEET_MAX_YEARS][KSHEET_COLUMNS];  /* the ledger */
    struct box result;
};

/* Draws the page (blank, or with o->fill written in). geom (may be NULL) receives the
 * write-in places. Returns 0, or -1 when the page cannot hold the sheet (more years or
 * graveyards than the sheet has room for, or a paper too small: the reason in err);
 * drawing failures are the canvas's sticky status. */
int kingdom_sheet_draw(struct canvas *c, const struct kingdom_sheet_options *o,
                       struct kingdom_sheet_geom *geom, struct strbuf *err);

#endif
