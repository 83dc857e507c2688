/* Layout helpers every sheet shares: paper sizes and the printable area, the palette, text
 * fitting and wrapping that never overflow, small caps, section headings, requirement and
 * cost tags, die faces, and the page footer. All sizes are points; y grows downwards. */
#ifndef LAYOUT_COMMON_H
#define LAYOUT_COMMON_H
#include <stddef.h>
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/icons.h"
#include "rules/gamedata.h"

/* No text on a sheet is smaller than this. */
#define LAYOUT_MIN_TEXT 6.5
/* The margin kept on every side: home printers cannot print the outer 5 mm or so. */
#define LAYOUT_MARGIN (13.0 * 72.0 / 25.4)
/* Height of the footer line at the bottom of the printable area. */
#define LAYOUT_FOOTER_H 11.0

struct paper {
    const char *name;   /* "a4", "letter" (as on the command line) */
    const char *label;  /* "A4", "Letter" (as in footers) */
    double width, height;
};

/* A4 or Letter by name (case-insensitive), or NULL. */
const struct paper *layout_paper_find(const char *name);

struct box {
    double x, y, w, h;  /* top-left corner and size */
};

/* The printable area of a page: inside the margins, above the footer line. */
struct box layout_page_area(const struct paper *p);

/* The sheet colours. In grey mode every entry is a grey chosen to print well; the two tag
 * kinds then differ by style (see layout_tag), not by tone alone. */
struct palette {
    int grey;
    struct rgb paper;       /* the page (white) */
    struct rgb ink;         /* names, numbers */
    struct rgb soft;        /* labels */
    struct rgb muted;       /* hints and reminders */
    struct rgb line;        /* cell borders */
    struct rgb rule;        /* heading rules, frames */
    struct rgb band;        /* heading bands (parchment) */
    struct rgb band_ink;    /* heading text */
    struct rgb shade;       /* printed rows (MIN influence), pre-printed cells */
    struct rgb req, req_fill;    /* requirements: red, a pale red */
    struct rgb cost, cost_fill;  /* costs: blue, a pale blue */
    struct rgb accent;      /* die faces, VP badges */
    struct rgb accent_fill;
};

/* The palette for colour or grey output. */
void layout_palette(struct palette *pal, int grey);

/* Text fitting. layout_fit() finds the largest size between min_size and size at which text
 * fits in width; if even min_size is too wide, it cuts the text and ends it with an ellipsis.
 * The text to draw goes to out; returns the size. */
double layout_fit(struct canvas *c, enum canvas_font font, double size, double min_size,
                  double width, const char *text, struct strbuf *out);
/* Draws text fitted into width (see layout_fit) at baseline y; returns the drawn width. */
double layout_text_fit(struct canvas *c, enum canvas_font font, double size, double min_size,
                       struct rgb colour, double x, double y, double width,
                       enum canvas_align align, const char *text);

/* Lines of wrapped text (owned strings). */
struct layout_lines {
    char **line;
    size_t n, cap;
};
void layout_lines_free(struct layout_lines *l);
/* Breaks text into lines at most width wide, at spaces and after hyphens; a word wider than
 * width is cut with an ellipsis. Replaces the content of out; returns the number of lines. */
size_t layout_wrap(struct canvas *c, enum canvas_font font, double size, double width,
                   const char *text, struct layout_lines *out);
/* Wraps text into the box (top-left x, y), shrinking from size down to min_size until the
 * lines fit its height; at min_size the last line that fits ends with an ellipsis. Lines are
 * leading * size apart. Draws when draw is nonzero; returns the size used. */
double layout_text_box(struct canvas *c, enum canvas_font font, double size, double min_size,
                       double leading, struct rgb colour, struct box b, enum canvas_align align,
                       const char *text, int draw);

/* Small capitals from an upper-case ASCII text: the first letter of each word at size, the
 * others at 0.8 * size. Draws when draw is nonzero; returns the width. */
double layout_small_caps(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                         double x, double y, enum canvas_align align, const char *text, int draw);

/* A section heading: a parchment band of the box's height with the title in small capitals
 * at the left, a rule under it, and an optional note (sans, muted) fitted at the right. */
void layout_heading(struct canvas *c, const struct palette *pal, struct box b, const char *title,
                    const char *note);

/* The footer "xii VERSION · <text>" in the footer line of the page. */
void layout_footer(struct canvas *c, const struct palette *pal, const struct paper *p,
                   const char *text);

/* A die face of side s at (x, y) showing value (1..6) as pips. */
void layout_die(struct canvas *c, const struct palette *pal, double x, double y, double s,
                int value);

/* A write-in cell: a rectangle with a thin border, optionally filled. */
void layout_cell(struct canvas *c, const struct palette *pal, struct box b, int shaded);
/* A run of n write-in cells of width cw side by side from (x, y), each edge drawn once; the
 * first `shaded` cells are filled with the shade (for printed values). */
void layout_cells(struct canvas *c, const struct palette *pal, double x, double y, double cw,
                  double h, int n, int shaded);

/* Requirement and cost tags. A tag is a rounded frame with a small label ("needs" on a solid
 * tab for requirements, "pay" on an outlined tab for costs) followed by its parts, each an
 * icon and a number or a short name. The two kinds differ in colour and, for greyscale, in
 * style: a dark solid tab against a light one. */
enum tag_kind { TAG_NEEDS, TAG_PAY };

struct tag_style {
    double size;        /* text size of the parts */
    double height;      /* frame height */
    const struct icon_set *icons;   /* icons of the assets; a missing one is spelled out */
};

/* The width of a tag for the requirements (or the costs) of a row; 0 when there are none. */
double layout_req_tag_width(struct canvas *c, const struct gamedata *gd, const struct gd_req *req,
                            int nreq, const struct tag_style *st);
double layout_cost_tag_width(struct canvas *c, const struct gamedata *gd, const struct gd_cost *cost,
                             int ncost, const struct tag_style *st);
/* Draws the tags with the frame's top-left at (x, y); return the width drawn. */
double layout_req_tag(struct canvas *c, const struct palette *pal, const struct gamedata *gd,
                      const struct gd_req *req, int nreq, const struct tag_style *st, double x,
                      double y);
double layout_cost_tag(struct canvas *c, const struct palette *pal, const struct gamedata *gd,
                       const struct gd_cost *cost, int ncost, const struct tag_style *st, double x,
                       double y);

/* The label of a tag kind alone ("needs" or "pay" in its tab style), for keys and legends,
 * with its top-left at (x, y) and the given height; returns its width. */
double layout_tag_label(struct canvas *c, const struct palette *pal, enum tag_kind kind, double x,
                        double y, double height);

/* The icon named id (an asset, item or location id) in the size x size square at (x, y)
 * (top-left). Returns 0, or -1 when icons is NULL or lacks it (nothing is drawn). */
int layout_icon(struct canvas *c, const struct icon_set *icons, const char *id, double x, double y,
                double size, struct rgb colour);

#endif
