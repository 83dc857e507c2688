/* The blank town-sheet: two pages per player, every row drawn from the game data. The
 * geometry of every write-in place is reported, so the filled sheet of an audit can write
 * values in the same cells. */
#ifndef LAYOUT_TOWNSHEET_H
#define LAYOUT_TOWNSHEET_H
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/common.h"
#include "rules/gamedata.h"

/* Cells in a value run: the printed start value and at least this many write-in cells. */
#define TOWNSHEET_MIN_WRITE_CELLS 16
#define TOWNSHEET_MAX_CELLS 32
#define TOWNSHEET_REPUTATION_CELLS 11

struct townsheet_options {
    const struct gamedata *gd;
    const struct icon_set *icons;   /* may be NULL: names are spelled out instead */
    const struct paper *paper;
    int grey;
    int difficulty;                 /* index into gd->difficulties, or -1 (no event rounds marked) */
    int events[GD_ROUNDS + 1];      /* [r]: enum event pre-filled on round r, or -1 */
    const char *footer;             /* the options part of the footer, e.g. "A4 · colour" */
    int keep_page_open;             /* townsheet_draw_page leaves the page open: the caller
                                       writes on it (filled sheets), then ends it */
};

/* Sets the defaults: no difficulty, no events. */
void townsheet_options_init(struct townsheet_options *o, const struct gamedata *gd,
                            const struct paper *paper, int grey);

struct townsheet_player {
    const char *name;   /* printed under the town name, or NULL */
    const char *town;   /* printed in the town-name box, or NULL */
};

/* Where a player writes, per page (0: town assets, 1: people and buildings). */
struct townsheet_geom {
    struct box town_name;                       /* page 0 */
    struct box player_name;                     /* page 0 */
    struct box round_cell[GD_ROUNDS];           /* page 0, rounds 1..10 at [0..9] */
    struct box event_cell[GD_ROUNDS];
    struct box reserve_slot[GD_MAX_RESERVE_SLOTS];
    int nreserve;
    struct box asset_cell[ASSET_COUNT][TOWNSHEET_MAX_CELLS];  /* [0] holds the printed 0 */
    int nasset_cells[ASSET_COUNT];
    struct box influence_cell[LOCATION_COUNT][GD_ROUNDS];
    struct box influence_start[LOCATION_COUNT]; /* the printed 0 before the round cells */
    struct box item_box[GD_MAX_ITEMS];          /* page 1: the X box (special ones: none) */
    struct box perk_box[GD_MAX_ITEMS][2];       /* page 1: tick boxes of perks a and b */
    struct box reputation_cell[TOWNSHEET_REPUTATION_CELLS];   /* page 1, [0] holds the 0 */
    struct box pow_box[3];                      /* page 1: sum, rolls, outlaws' extra */
    struct box score_box;                       /* page 1: the final score */
    struct box note_area[2];                    /* per page: printed reminders (spending rules,
                                                   the round in short) a filled sheet may cover */
};

/* Draws the two pages of one player's sheet. geom (may be NULL) receives the write-in places.
 * Returns 0, or -1 when the data cannot fit on the page (the reason in err); drawing failures
 * are the canvas's sticky status. */
int townsheet_draw(struct canvas *c, const struct townsheet_options *o,
                   const struct townsheet_player *p, struct townsheet_geom *geom,
                   struct strbuf *err);

/* Draws one page of the sheet (0: town assets, 1: people and buildings), filling its part of
 * geom (may be NULL; the rest of geom is left as it is). Returns like townsheet_draw. */
int townsheet_draw_page(struct canvas *c, const struct townsheet_options *o,
                        const struct townsheet_player *p, int page, struct townsheet_geom *geom,
                        struct strbuf *err);

#endif
