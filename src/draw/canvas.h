/* The canvas: the small drawing interface every layout uses, with one implementation per
 * backend (cairo: PDF/PNG/SVG; libharu: PDF; trace: one text line per call, for golden tests).
 *
 * Units are PostScript points (1/72 inch), origin at the top-left of the page, y downwards.
 * The status is sticky: after the first failure every call does nothing, and the caller checks
 * canvas_status() once, at the end. A canvas in grey mode maps every colour to grey
 * (luminance), so nothing colourful reaches the output. */
#ifndef DRAW_CANVAS_H
#define DRAW_CANVAS_H
#include <stddef.h>
#include "core/strbuf.h"

struct canvas;

enum canvas_backend { CANVAS_CAIRO, CANVAS_HARU, CANVAS_TRACE };

enum canvas_font {
    FONT_SERIF,         /* body text (EB Garamond regular) */
    FONT_SERIF_BOLD,    /* headings */
    FONT_SERIF_ITALIC,  /* perk wording, notes */
    FONT_SANS,          /* small labels and numbers (DejaVu Sans) */
    FONT_SANS_BOLD,
    FONT_HAND,          /* handwriting, for filled sheets */
    FONT_COUNT
};

enum canvas_align { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT };

struct rgb { double r, g, b; };   /* each 0..1 */

/* A document kept in memory instead of a file: each SVG page in order, or the whole PDF or PNG
 * image as pages[0]. canvas_memory_free releases it. */
struct canvas_memory {
    struct strbuf *pages;
    size_t npages;
};

struct canvas_options {
    enum canvas_backend backend;
    int grey;                 /* map every colour to grey */
    const char *path;         /* output file (core/atomicfile.h: written atomically, or in
                                 place for a device; "-" standard output); NULL for trace to
                                 memory */
    struct canvas_memory *memory;   /* cairo only, with path NULL: canvas_finish fills it (it
                                       must be empty) instead of writing a file */
    const char *png_dir;      /* cairo only: also write one PNG per page here (made when
                                 missing), or NULL */
    double png_dpi;           /* resolution of those PNGs (0: 100) */
    int svg;                  /* cairo only: write SVG instead of PDF */
    int png;                  /* cairo only: write the document, one page, as a PNG image at
                                 png_dpi instead of PDF */
    const char *font_dir;     /* where the bundled fonts are; NULL: found automatically */
    const char *title;        /* PDF metadata */
    const char *creator;      /* PDF metadata, e.g. "xii 0.1.0" */
    /* Told of every file written (what "wrote") and of every page of an earlier run removed
     * (what "removed"), or NULL. */
    void (*notice)(void *ctx, const char *what, const char *path);
    void *notice_ctx;
};

/* The file of page n (from 1) of the PNG previews: DIR/page-NN.png. Caller frees. */
char *canvas_png_page_path(const char *dir, int n);
/* The file of page n (from 2) of a multi-page SVG: "x.svg" gives "x-2.svg". Caller frees. */
char *canvas_svg_page_path(const char *path, int n);

/* Frees the pages of a document kept in memory and empties it; NULL is a no-op. */
void canvas_memory_free(struct canvas_memory *m);

/* Creates a canvas. Returns NULL with the reason in err (unknown font dir, unwritable path). */
struct canvas *canvas_new(const struct canvas_options *opt, struct strbuf *err);
/* Finishes the document, commits the output file and its pages and frees the canvas. Returns
 * 0, or -1 with the reason in err (the first failure of any call, or the write); on failure no
 * output file is left behind and an existing one is untouched (only a page file that cannot
 * be replaced after the document was is named in err instead). canvas_finish(NULL, err)
 * returns -1. */
int canvas_finish(struct canvas *c, struct strbuf *err);
/* Frees the canvas without writing anything (no output file). NULL is a no-op. */
void canvas_discard(struct canvas *c);
/* 0 while every call succeeded; otherwise nonzero, and canvas_error() says why. */
int canvas_status(const struct canvas *c);
const char *canvas_error(const struct canvas *c);
/* The trace text so far (trace backend only; "" for the others). */
const char *canvas_trace(const struct canvas *c);

void canvas_page_begin(struct canvas *c, double width, double height);
void canvas_page_end(struct canvas *c);

/* Paths. */
void canvas_move_to(struct canvas *c, double x, double y);
void canvas_line_to(struct canvas *c, double x, double y);
void canvas_curve_to(struct canvas *c, double x1, double y1, double x2, double y2, double x3, double y3);
void canvas_close_path(struct canvas *c);
void canvas_rect(struct canvas *c, double x, double y, double w, double h);
/* A rectangle with rounded corners of radius r. */
void canvas_round_rect(struct canvas *c, double x, double y, double w, double h, double r);
void canvas_circle(struct canvas *c, double cx, double cy, double r);

/* Paint the current path (and clear it). */
void canvas_fill(struct canvas *c, struct rgb colour);
void canvas_stroke(struct canvas *c, struct rgb colour, double width);
void canvas_fill_stroke(struct canvas *c, struct rgb fill, struct rgb stroke, double width);
/* Dash pattern for later strokes: on/off lengths; n = 0 for solid lines. */
void canvas_dash(struct canvas *c, const double *pattern, int n);

/* Clipping: save, intersect the clip with the current path, restore. */
void canvas_save(struct canvas *c);
void canvas_clip(struct canvas *c);
void canvas_restore(struct canvas *c);
/* Coordinate transforms inside a save/restore pair (for icons). */
void canvas_translate(struct canvas *c, double dx, double dy);
void canvas_scale(struct canvas *c, double sx, double sy);
void canvas_rotate(struct canvas *c, double radians);

/* Text, UTF-8, with its baseline at y; x is the left edge, centre or right edge by align. */
void canvas_text(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                 double x, double y, enum canvas_align align, const char *utf8);
/* Width of the text in points, as canvas_text would draw it. */
double canvas_text_width(struct canvas *c, enum canvas_font font, double size, const char *utf8);

/* Colour helpers. */
struct rgb rgb_hex(unsigned hex);    /* 0xRRGGBB */

/* Line ends and corners for later strokes (default: butt ends, mitred corners). Like the dash
 * pattern, this is part of the state that canvas_save/canvas_restore keep. */
enum canvas_cap { CAP_BUTT, CAP_ROUND, CAP_SQUARE };
enum canvas_join { JOIN_MITER, JOIN_ROUND, JOIN_BEVEL };
void canvas_line_style(struct canvas *c, enum canvas_cap cap, enum canvas_join join);
/* Like canvas_fill, with the even-odd rule: a subpath inside another one cuts a hole. */
void canvas_fill_even_odd(struct canvas *c, struct rgb colour);

/* Forms: a drawing made once and painted again wherever it is needed (an icon, a blank page);
 * the cairo PDF holds it once, as a form XObject, however often it is painted.
 *
 * canvas_form_begin starts the form named key (a key names one drawing for the life of the
 * canvas); the calls up to the matching canvas_form_end draw it, in the current user space,
 * and only what falls inside the box x, y, w, h shows. canvas_form_end paints it. When the
 * form was drawn before, canvas_form_begin returns 1: the calls up to canvas_form_end are
 * checked but draw nothing (the caller may skip them, or make them for their side effects,
 * such as measuring), and canvas_form_end paints the form again with the current transform.
 * It returns 0 when the calls draw. A form has a cost of its own (an object of the PDF), so
 * by default its first use is drawn in place and the form is made when the key comes again;
 * at_once makes it at the first use (a large drawing that will be painted again: drawing it
 * in place first would draw it twice).
 *
 * A backend without forms (trace, libharu) draws the calls in place each time, so what is
 * drawn must not depend on the state around it: inside a form, set the dash pattern and line
 * style it needs and undo every transform with canvas_restore. Forms nest; pages do not begin
 * or end inside one, and canvas_save/canvas_restore pair up inside it. */
int canvas_form_begin(struct canvas *c, const char *key, int at_once, double x, double y,
                      double w, double h);
void canvas_form_end(struct canvas *c);

#endif
