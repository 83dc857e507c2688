/* The dice organiser sheet of `xii organiser`: a mat with a place for every die of a round,
 * each at least 20 mm wide so real dice sit on it: the two shared dice (with the doubles rule),
 * and per player the two own dice, the reserve die and the king-war die (support or avoid),
 * and a spot for the first-player marker, plus a marker to cut out. 1 to 5 players. */
#ifndef LAYOUT_ORGANISER_H
#define LAYOUT_ORGANISER_H
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/common.h"
#include "rules/gamedata.h"

#define ORGANISER_MAX_PLAYERS 5
/* No die place is smaller than this (20 mm). */
#define ORGANISER_MIN_DIE (20.0 * 72.0 / 25.4)

/* The players of a game, from --players N or --names "Jack,Tom" (seat order). */
struct organiser_players {
    int n;                                  /* 1..ORGANISER_MAX_PLAYERS */
    char *names[ORGANISER_MAX_PLAYERS];     /* owned; NULL when only a count was given */
};

/* Reads the players: count ("3") or names ("Jack, Tom,Martha"; names are trimmed), at most one
 * of them non-NULL; both NULL gives def players. Returns 0, or -1 with the reason in err
 * (not a number, out of range, an empty or repeated name). */
int organiser_players_parse(const char *count, const char *names, int def,
                            struct organiser_players *out, struct strbuf *err);
void organiser_players_free(struct organiser_players *p);

struct organiser_options {
    const struct gamedata *gd;
    const struct paper *paper;
    int grey;
    const struct organiser_players *players;
    const char *footer;     /* the options part of the footer, e.g. "A4 · colour · 4 players" */
};

/* Draws the organiser as one page. Drawing failures are the canvas's sticky status. */
void organiser_draw(struct canvas *c, const struct organiser_options *o);

#endif
