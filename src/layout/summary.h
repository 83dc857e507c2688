/* The rules summary of `xii summary`: one page in three columns, written for this program
 * (never the rulebook's sentences), every number taken from the game data: the game and its
 * setup, the round, the player turn with its restrictions, reserve, feeding and market, the
 * king war, the global events, the difficulties, scoring and the solo objectives.
 *
 * The text is laid out in a box that fits inside the printable area of both A4 and Letter,
 * at the largest text size (never below LAYOUT_MIN_TEXT) at which everything fits, so the
 * page reads the same on either paper. */
#ifndef LAYOUT_SUMMARY_H
#define LAYOUT_SUMMARY_H
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/common.h"
#include "layout/icons.h"
#include "rules/gamedata.h"

struct summary_options {
    const struct gamedata *gd;
    const struct icon_set *icons;   /* may be NULL: the text then goes without icons */
    const struct paper *paper;
    int grey;
    const char *footer;             /* the options part of the footer, e.g. "A4 · colour" */
};

/* Draws the summary as one page. Returns 0, or -1 with the reason in err when the text does
 * not fit even at the smallest size (nothing is drawn then). Drawing failures are the
 * canvas's sticky status. */
int summary_draw(struct canvas *c, const struct summary_options *o, struct strbuf *err);

/* The body text size summary_draw would use for this data and these icons (for tests). */
double summary_text_size(struct canvas *c, const struct summary_options *o);

#endif
