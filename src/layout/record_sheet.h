/* The game record of `xii record-sheet`: the scoresheet a table fills in while playing, to type
 * the move log from later. Per round, in the log's order: the event and the outlaws' bonus
 * rolls, the shared dice, then one row per player in turn order (own dice, the four dice
 * spent, the reserve die, collect and market choices), then the king-war line. A legend gives
 * the words the log accepts. 1 to 5 players, up to 10 rounds, on as few pages as keep every
 * row at least RECORD_MIN_ROW high. */
#ifndef LAYOUT_RECORD_SHEET_H
#define LAYOUT_RECORD_SHEET_H
#include "draw/canvas.h"
#include "layout/common.h"
#include "layout/organiser.h"
#include "rules/gamedata.h"

/* No player row is lower than this (6 mm: room for handwriting). */
#define RECORD_MIN_ROW (6.0 * 72.0 / 25.4)

struct record_options {
    const struct gamedata *gd;
    const struct paper *paper;
    int grey;
    const struct organiser_players *players;
    int rounds;             /* rounds 1..rounds are printed, 1..GD_ROUNDS */
    const char *footer;     /* the options part of the footer, e.g. "5 players · A4 · colour" */
};

/* The number of pages the record takes. */
int record_sheet_pages(const struct record_options *o);

/* Draws the record, every page. Drawing failures are the canvas's sticky status. */
void record_sheet_draw(struct canvas *c, const struct record_options *o);

#endif
