/* Icons: small vector drawings (assets, people, buildings, dice...) read from a text file of
 * SVG-like path data (the format is described at the top of templates/xii.icons) and drawn
 * on a canvas at any size. */
#ifndef LAYOUT_ICONS_H
#define LAYOUT_ICONS_H
#include <stddef.h>
#include "core/diag.h"
#include "draw/canvas.h"

struct icon_set;

/* Reads icons from text (len bytes; file names it in diagnostics). Returns the set, or NULL
 * with every error (file:line:col) appended to dl. Free with icons_free. */
struct icon_set *icons_parse(const char *file, const char *text, size_t len, struct diag_list *dl);
/* Reads the icon file compiled into the program under name (a file of templates/, such as
 * "kingdom.icons"). Returns the set, or NULL with the reason in dl. */
struct icon_set *icons_load_embedded(const char *name, struct diag_list *dl);
/* Reads the icons compiled into the program (templates/xii.icons). */
struct icon_set *icons_load_default(struct diag_list *dl);
/* Frees the set; NULL is a no-op. */
void icons_free(struct icon_set *set);

/* The number of icons and the name of the i-th one, in file order. */
size_t icons_count(const struct icon_set *set);
const char *icons_name(const struct icon_set *set, size_t i);
/* 1 when the set has an icon of that name, else 0. */
int icons_has(const struct icon_set *set, const char *name);

/* Draws the icon into the size x size box whose top-left corner is x,y, in colour (details
 * marked "clear" in paper white). Returns 0, or -1 (drawing nothing) for an unknown name.
 * Canvas failures stay in the canvas's sticky status. */
int icons_draw(struct canvas *c, const struct icon_set *set, const char *name, double x, double y,
               double size, struct rgb colour);

#endif
