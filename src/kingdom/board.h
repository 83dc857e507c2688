/* The kingdom as a table's page draws it (core/game.h's board edge). */
#ifndef KINGDOM_BOARD_H
#define KINGDOM_BOARD_H
#include <stddef.h>
#include "core/json.h"
#include "kingdom/kingdom.h"

/* A JSON object: "hexes" (each hex's code, axial q and r, region, ground, thing and a
 * monument's stage), "stock", "year", "stages", "graveyards", "awaits" (what s awaits),
 * "chance", "tap" (what s awaits in the page's words: what to roll, choose or tap, never what
 * to type), and "decisions": for each of legal[0..n) its words and the hexes it names. */
json_t *kingdom_board(const struct kstate *s, const struct kdecision *legal, size_t n);

#endif
