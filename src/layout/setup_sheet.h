/* The setup sheet of `xii setup`: one page with the difficulty, the global event of every
 * round with its effect, the good-score range, how the events were drawn (seed or dice, or
 * the players' choices), the letters to copy onto every town-sheet's global-events track and
 * a short checklist for the start of the game. Every number comes from the game data. */
#ifndef LAYOUT_SETUP_SHEET_H
#define LAYOUT_SETUP_SHEET_H
#include "draw/canvas.h"
#include "layout/common.h"
#include "rules/event_setup.h"
#include "rules/gamedata.h"

struct setup_sheet_options {
    const struct gamedata *gd;
    const struct event_setup *setup;
    const struct paper *paper;
    int grey;
    int nplayers;               /* 0 when not given */
    const char *const *names;   /* nplayers names, or NULL ("Player 1" ...) */
    const char *footer;         /* the options part of the footer, e.g. "A4 · colour · seed 42" */
};

/* Draws the sheet as one page. Drawing failures are the canvas's sticky status. */
void setup_sheet_draw(struct canvas *c, const struct setup_sheet_options *o);

#endif
