/* The pen of the filled sheets (the town-sheets' and the kingdom's): handwriting and strokes
 * with a small wobble that depends only on where they are on the page, so one changed value
 * changes only its own marks. */
#ifndef LAYOUT_PEN_H
#define LAYOUT_PEN_H
#include "draw/canvas.h"

struct layout_pen {
    struct canvas *c;
    unsigned seed;      /* mixed into every place (a player's sheets wobble their own way) */
    unsigned rnd;       /* the wobble's sequence */
};

/* Restarts the wobble from a place on the page. */
void layout_pen_at(struct layout_pen *p, double x, double y);
/* A number in [-1, 1] from the wobble's sequence. */
double layout_pen_wobble(struct layout_pen *p);
/* Adds a slightly bowed line from (x1, y1) to (x2, y2) to the current path. */
void layout_pen_line(struct layout_pen *p, double x1, double y1, double x2, double y2);
/* The handwriting font, or the italic serif for a text with letters beyond Latin-1 (the
 * handwriting has none). */
enum canvas_font layout_pen_font(const char *text);
/* The largest size up to size at which text fits in width, never below 5. */
double layout_pen_fit(struct canvas *c, double size, double width, const char *text);
/* Writes text by hand at (x, y), with a little wobble of position and slant. */
void layout_pen_text(struct layout_pen *p, double size, struct rgb colour, double x, double y,
                     enum canvas_align align, const char *text);
/* Adds a hand-drawn ring around (cx, cy) to the current path, its end running past its start. */
void layout_pen_ring(struct layout_pen *p, double cx, double cy, double rx, double ry);

#endif
