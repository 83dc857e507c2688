/* The filled town-sheets: an audited game drawn as the paper would look. For each player, in
 * seat order, the two pages of the blank town-sheet with the game written in by hand: every
 * value's history left to right with the old values struck through, X boxes, ticked perks,
 * reserve slots written and crossed, the rounds and events tracks, reputation, POW and score.
 * Everything comes from the engine's state and history: nothing is recomputed here. */
#ifndef LAYOUT_FILLED_SHEET_H
#define LAYOUT_FILLED_SHEET_H
#include <stddef.h>
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "rules/engine.h"
#include "rules/history.h"
#include "rules/mismatch.h"

struct filled_sheet_input {
    const struct gamedata *gd;
    const struct game_state *state;     /* the state shown (the end of the log, or after round N) */
    const struct history *history;      /* the records that led to it (none beyond `state`) */
    const struct mismatch *mismatches;  /* the replay's, in file order */
    size_t nmismatches;
    int mark;                           /* draw the mismatches (circled claim + right value + legend) */
    size_t nerrors;                     /* > 0: a notice on each player's first page */
    const int *refused;                 /* the lines of the statements not applied (the log's
                                           skipped lines), ascending, repeats allowed: the
                                           notice names them */
    size_t nrefused;
    int stopped;                        /* the replay stopped after too many errors */
    const char *log_name;               /* for the notice and the footer */
    const char *paper;                  /* "a4" or "letter" */
    int grey;
    const char *footer_options;         /* the options, for the footer */
    int only_seat;                      /* > 0: draw that seat's pages only (from 1) */
};

/* Draws 2 pages per player (or only_seat's) onto c (which the caller created and finishes). Returns 0, or -1
 * with the reason in err (unknown paper; the canvas status is checked by the caller). */
int filled_sheet_draw(struct canvas *c, const struct filled_sheet_input *in, struct strbuf *err);

#endif
