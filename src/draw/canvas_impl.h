/* Inside src/draw only: the canvas object that the dispatcher (canvas.c) shares with the
 * backends, and the table of functions each backend fills in.
 *
 * canvas.c checks every call (sticky status, page and path state, finite numbers, valid UTF-8)
 * and maps colours to grey before a backend sees them, so backends only draw. A backend
 * reports a failure with canvas_fail(); from then on no backend function is called again. */
#ifndef DRAW_CANVAS_IMPL_H
#define DRAW_CANVAS_IMPL_H
#include <stddef.h>
#include <time.h>
#include "core/atomicfile.h"
#include "core/strbuf.h"
#include "draw/canvas.h"

struct canvas_ops {
    /* Sets up c->impl; returns 0, or -1 with the reason in err. */
    int (*open)(struct canvas *c, struct strbuf *err);
    /* Writes the finished document into c->out.fp (when c->opt.path is set) and queues any
     * further files with canvas_add_file(); reports failures with canvas_fail(). */
    void (*finish)(struct canvas *c);
    /* Frees c->impl; called once, after finish or instead of it. */
    void (*close)(struct canvas *c);

    void (*page_begin)(struct canvas *c, double width, double height);
    void (*page_end)(struct canvas *c);
    void (*move_to)(struct canvas *c, double x, double y);
    void (*line_to)(struct canvas *c, double x, double y);
    void (*curve_to)(struct canvas *c, double x1, double y1, double x2, double y2,
                     double x3, double y3);
    void (*close_path)(struct canvas *c);
    void (*rect)(struct canvas *c, double x, double y, double w, double h);
    void (*round_rect)(struct canvas *c, double x, double y, double w, double h, double r);
    void (*circle)(struct canvas *c, double cx, double cy, double r);
    void (*fill)(struct canvas *c, struct rgb colour, int even_odd);
    void (*stroke)(struct canvas *c, struct rgb colour, double width);
    void (*fill_stroke)(struct canvas *c, struct rgb fill, struct rgb stroke, double width);
    void (*dash)(struct canvas *c, const double *pattern, int n);
    void (*line_style)(struct canvas *c, enum canvas_cap cap, enum canvas_join join);
    void (*save)(struct canvas *c);
    void (*clip)(struct canvas *c);
    void (*restore)(struct canvas *c);
    void (*translate)(struct canvas *c, double dx, double dy);
    void (*scale)(struct canvas *c, double sx, double sy);
    void (*rotate)(struct canvas *c, double radians);
    void (*text)(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                 double x, double y, enum canvas_align align, const char *utf8);
    /* Returns the width, or a negative number after calling canvas_fail(). */
    double (*text_width)(struct canvas *c, enum canvas_font font, double size, const char *utf8);

    /* Forms (canvas_form_begin); NULL in a backend that draws them in place. form_begin
     * starts recording a new form that shows the box x, y, w, h of the user space and returns
     * its number (0, 1, 2...), or -1 to have the calls drawn in place this time; until
     * form_end, the calls draw into the form. form_end ends the recording of form and paints
     * it; form_paint paints a finished form with the current transform. */
    int (*form_begin)(struct canvas *c, double x, double y, double w, double h);
    void (*form_end)(struct canvas *c, int form);
    void (*form_paint)(struct canvas *c, int form);
};

extern const struct canvas_ops canvas_cairo_ops;
extern const struct canvas_ops canvas_haru_ops;
extern const struct canvas_ops canvas_trace_ops;

/* A further output file (a PNG page, an SVG page), written when the document is finished. */
struct canvas_file {
    char *path;
    char *data;
    size_t len;
};

/* A form drawn on this canvas: its key and the backend's number for it (-1: drawn in place
 * so far), and how often it was drawn in place (counted up to 2). */
struct canvas_form_key {
    char *key;
    int form;
    int uses;
};

/* An open form: what canvas_form_end has to do. */
struct canvas_form_frame {
    int saves;          /* c->saves at canvas_form_begin: the pairs must close inside */
    int form;           /* the backend's form to record or paint, or -1 (drawn in place) */
    int recording;      /* the calls record form (else they are muted, or drawn in place) */
    int muted;          /* this form raised c->muted */
};

struct canvas {
    const struct canvas_ops *ops;
    struct canvas_options opt;      /* the strings are copies owned by the canvas */
    char *font_dir;                 /* the folder holding the bundled fonts */
    struct tm date;                 /* document date (UTC): SOURCE_DATE_EPOCH or a fixed one */
    struct atomicfile out;          /* the output file while it is written (fp NULL: none) */
    struct canvas_file *files;
    size_t nfiles, capfiles;
    char **made_dirs;               /* the folders canvas_output_open made, outermost first */
    size_t nmade_dirs, capmade_dirs;

    int status;                     /* sticky: nonzero after the first failure */
    struct strbuf error;            /* why */

    int in_page, pages;
    double page_width, page_height;
    int has_point;                  /* the path has a current point */
    int path_open;                  /* a path is being built and not yet painted */
    int saves;                      /* canvas_save depth on this page */

    struct canvas_form_key *form_keys;   /* the forms made so far, by key */
    size_t nform_keys, capform_keys;
    struct canvas_form_frame *frames;    /* the forms open now, innermost last */
    size_t nframes, capframes;
    int muted;                      /* inside a form drawn before: calls are checked only */

    void *impl;                     /* the backend's state */
};

/* canvas_backend.c: what the backends share. */

/* Records the first failure (printf-style reason); later calls keep the first one. */
void canvas_fail(struct canvas *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Queues a further output file; takes ownership of data (malloc'd). */
void canvas_add_file(struct canvas *c, const char *path, char *data, size_t len);
/* The full path of a bundled font file (caller frees). */
char *canvas_font_path(const struct canvas *c, enum canvas_font font);
/* The x of the text's left edge for text of this width drawn at x with this alignment. */
double canvas_align_left(enum canvas_align align, double x, double width);

/* Shapes as move/line/curve/close calls through c->ops, for backends without their own. */
void canvas_generic_rect(struct canvas *c, double x, double y, double w, double h);
void canvas_generic_round_rect(struct canvas *c, double x, double y, double w, double h, double r);
void canvas_generic_circle(struct canvas *c, double cx, double cy, double r);

/* canvas_output.c: the output files. */

/* Makes the PNG folder (with the folders above it) and opens the main output. Returns 0, or
 * -1 with the reason in err and nothing left behind. */
int canvas_output_open(struct canvas *c, struct strbuf *err);
/* Writes the main output and the queued files, all or nothing, reports each one to
 * opt.notice, and removes the pages an earlier, longer run left. Returns 0, or -1 with the
 * reason in err (which names the page files it could not replace once the document was). */
int canvas_output_commit(struct canvas *c, struct strbuf *err);
/* Removes the temporary output and the folders canvas_output_open made. */
void canvas_output_discard(struct canvas *c);

#endif
