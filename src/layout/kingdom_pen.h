/* The kingdom's filled sheet: a game (struct ksheet_fill) written by hand over the blank page
 * of kingdom_sheet.c, in the hand-filled style of the town-sheets: marks on the map, the
 * river's wavy line, lost buildings struck out, the boxes and the ledger in handwriting. */
#ifndef LAYOUT_KINGDOM_PEN_H
#define LAYOUT_KINGDOM_PEN_H
#include "draw/canvas.h"
#include "layout/kingdom_sheet.h"

/* Writes o->fill at the places of geom, on the open page (in grey when o->grey). */
void kingdom_pen_write(struct canvas *c, const struct kingdom_sheet_geom *geom,
                       const struct kingdom_sheet_options *o);

#endif
