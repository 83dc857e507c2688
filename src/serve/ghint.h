/* The hint at a solo game's table (serve/gtable.h): GET /api/hint answers as `xii hint` at its
 * defaults on the file so far (advisor/grace_hint.h: the same race, budget and seed), worked out
 * off the table's lock on a copy of the state, so that the page and other requests go on
 * meanwhile; one hint at a time on a table (429 while one is worked out). */
#ifndef SERVE_GHINT_H
#define SERVE_GHINT_H
#include "serve/gtable.h"

/* Answers GET /api/hint: {"hint": the report's text or null, "why": why there is none or "" (where no seat
 * decides, "nothing to decide: " and the board's words for what is awaited: taps, not typing),
 * "version": the version it was worked out at}; 429 while another hint is worked out. */
void serve_gtable_hint(struct serve_gtable *t, struct serve_response *rs);

#endif
