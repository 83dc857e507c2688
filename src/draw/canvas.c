/* The canvas dispatcher: checks every call, keeps the sticky status, maps colours to grey,
 * and hands the call to the backend's table of functions. */
#include "draw/canvas.h"
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "draw/canvas_impl.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Without SOURCE_DATE_EPOCH every document is dated 2000-01-01 00:00:00 UTC, so that the same
 * input gives the same bytes. */
#define CANVAS_FIXED_DATE 946684800L

/* PDF viewers and libharu refuse pages larger than 200 inches. */
#define CANVAS_MAX_PAGE 14400.0
/* Dash patterns longer than this are refused (libharu's limit as well). */
#define CANVAS_MAX_DASH 8

/* The document date: SOURCE_DATE_EPOCH when set (reproducible-builds.org), else the fixed one. */
static int document_date(struct tm *date, struct strbuf *err)
{
    time_t t = (time_t)CANVAS_FIXED_DATE;
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    if (epoch && *epoch) {
        char *end;
        errno = 0;
        long long v = strtoll(epoch, &end, 10);
        if (errno || *end || v < 0 || v > 253402300799LL) {
            strbuf_printf(err, "SOURCE_DATE_EPOCH is not a number of seconds: %s", epoch);
            return -1;
        }
        t = (time_t)v;
    }
    if (!gmtime_r(&t, date)) {
        strbuf_printf(err, "cannot convert SOURCE_DATE_EPOCH %s to a date", epoch ? epoch : "");
        return -1;
    }
    return 0;
}

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

static void free_canvas(struct canvas *c)
{
    free((char *)c->opt.path);
    free((char *)c->opt.png_dir);
    free((char *)c->opt.font_dir);
    free((char *)c->opt.title);
    free((char *)c->opt.creator);
    free(c->font_dir);
    for (size_t i = 0; i < c->nfiles; i++) {
        free(c->files[i].path);
        free(c->files[i].data);
    }
    free(c->files);
    for (size_t i = 0; i < c->nmade_dirs; i++)
        free(c->made_dirs[i]);
    free(c->made_dirs);
    for (size_t i = 0; i < c->nform_keys; i++)
        free(c->form_keys[i].key);
    free(c->form_keys);
    free(c->frames);
    strbuf_free(&c->error);
    free(c);
}

struct canvas *canvas_new(const struct canvas_options *opt, struct strbuf *err)
{
    static const struct canvas_ops *const backends[] = {
        [CANVAS_CAIRO] = &canvas_cairo_ops,
        [CANVAS_HARU] = &canvas_haru_ops,
        [CANVAS_TRACE] = &canvas_trace_ops,
    };
    if ((unsigned)opt->backend >= sizeof backends / sizeof backends[0] || !backends[opt->backend]) {
        strbuf_printf(err, "unknown drawing backend %d", (int)opt->backend);
        return NULL;
    }
    if (opt->backend != CANVAS_CAIRO && (opt->svg || opt->png || opt->png_dir)) {
        strbuf_printf(err, "%s output needs the cairo backend", opt->svg ? "SVG" : "PNG");
        return NULL;
    }
    if (opt->memory && (opt->backend != CANVAS_CAIRO || opt->path || opt->png_dir
                        || opt->memory->npages)) {
        strbuf_printf(err, "a document in memory needs the cairo backend, no file and an empty memory");
        return NULL;
    }
    if (opt->backend != CANVAS_TRACE && !opt->path && !opt->memory) {
        strbuf_printf(err, "no output file given");
        return NULL;
    }
    if (opt->png_dir && !(opt->png_dpi == 0 || (opt->png_dpi >= 10 && opt->png_dpi <= 2400))) {
        strbuf_printf(err, "PNG resolution %g dpi is out of range (10 to 2400)", opt->png_dpi);
        return NULL;
    }
    struct tm date;
    if (document_date(&date, err) != 0)
        return NULL;
    struct strbuf dir = STRBUF_INIT;
    if (canvas_font_dir(opt->font_dir, &dir, err) != 0) {
        strbuf_free(&dir);
        return NULL;
    }

    struct canvas *c = xcalloc(1, sizeof *c);
    c->ops = backends[opt->backend];
    c->opt = *opt;
    c->opt.path = dup_or_null(opt->path);
    c->opt.png_dir = dup_or_null(opt->png_dir);
    c->opt.font_dir = dup_or_null(opt->font_dir);
    c->opt.title = dup_or_null(opt->title);
    c->opt.creator = dup_or_null(opt->creator);
    if (c->opt.png_dpi == 0)
        c->opt.png_dpi = 100;
    c->font_dir = strbuf_detach(&dir);
    c->date = date;
    if (canvas_output_open(c, err) != 0) {
        free_canvas(c);
        return NULL;
    }
    if (c->ops->open(c, err) != 0) {
        canvas_output_discard(c);
        free_canvas(c);
        return NULL;
    }
    return c;
}

void canvas_discard(struct canvas *c)
{
    if (!c)
        return;
    c->ops->close(c);
    canvas_output_discard(c);
    free_canvas(c);
}

int canvas_finish(struct canvas *c, struct strbuf *err)
{
    if (!c) {
        strbuf_puts(err, "no canvas to finish");
        return -1;
    }
    if (!c->status && c->in_page)
        canvas_fail(c, "the document ends inside a page (canvas_page_end missing)");
    if (!c->status && c->pages == 0)
        canvas_fail(c, "the document has no pages");
    if (!c->status)
        c->ops->finish(c);
    if (c->status) {
        strbuf_puts(err, strbuf_cstr(&c->error));
        canvas_discard(c);
        return -1;
    }
    c->ops->close(c);
    int rc = canvas_output_commit(c, err);
    free_canvas(c);
    return rc;
}

int canvas_status(const struct canvas *c)
{
    return c ? c->status : 1;
}

const char *canvas_error(const struct canvas *c)
{
    if (!c)
        return "no canvas";
    return c->status ? strbuf_cstr(&c->error) : "";
}

/* ---- checks shared by the drawing calls ---- */

/* True when the call may draw: no earlier failure, and inside a page. */
static int drawable(struct canvas *c, const char *what)
{
    if (!c || c->status)
        return 0;
    if (!c->in_page) {
        canvas_fail(c, "%s outside a page (canvas_page_begin first)", what);
        return 0;
    }
    return 1;
}

/* True when the call may change the state: drawable and no path under construction. */
static int state_change(struct canvas *c, const char *what)
{
    if (!drawable(c, what))
        return 0;
    if (c->path_open) {
        canvas_fail(c, "%s while a path is being built (fill, stroke or clip it first)", what);
        return 0;
    }
    return 1;
}

static int numbers_ok(struct canvas *c, const char *what, const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) {
            canvas_fail(c, "%s: coordinate %d is not a finite number", what, i + 1);
            return 0;
        }
    return 1;
}

static struct rgb colour_in(struct canvas *c, struct rgb in, int *ok, const char *what)
{
    double v[3] = {in.r, in.g, in.b};
    for (int i = 0; i < 3; i++) {
        if (!(v[i] >= 0 && v[i] <= 1)) {
            canvas_fail(c, "%s: colour component %g is outside 0..1", what, v[i]);
            *ok = 0;
            return in;
        }
    }
    if (c->opt.grey) {
        /* ITU-R BT.601 luma: the grey a colour photocopier would print. */
        double y = 0.299 * in.r + 0.587 * in.g + 0.114 * in.b;
        in.r = in.g = in.b = y > 1 ? 1 : y;
    }
    return in;
}

static int width_ok(struct canvas *c, const char *what, double width)
{
    if (!(width > 0 && width <= 100)) {
        canvas_fail(c, "%s: line width %g is not between 0 and 100", what, width);
        return 0;
    }
    return 1;
}

/* ---- pages ---- */

void canvas_page_begin(struct canvas *c, double width, double height)
{
    if (!c || c->status)
        return;
    if (c->in_page) {
        canvas_fail(c, "canvas_page_begin inside a page (canvas_page_end missing)");
        return;
    }
    if (!(width >= 1 && width <= CANVAS_MAX_PAGE && height >= 1 && height <= CANVAS_MAX_PAGE)) {
        canvas_fail(c, "page size %g x %g points is outside 1..%g", width, height, CANVAS_MAX_PAGE);
        return;
    }
    c->in_page = 1;
    c->pages++;
    c->page_width = width;
    c->page_height = height;
    c->has_point = c->path_open = 0;
    c->saves = 0;
    c->ops->page_begin(c, width, height);
}

void canvas_page_end(struct canvas *c)
{
    if (!state_change(c, "canvas_page_end"))
        return;
    if (c->nframes) {
        canvas_fail(c, "page %d ends inside a form (canvas_form_end missing)", c->pages);
        return;
    }
    if (c->saves) {
        canvas_fail(c, "page %d ends with %d canvas_save without canvas_restore", c->pages, c->saves);
        return;
    }
    c->ops->page_end(c);
    c->in_page = 0;
}

/* ---- paths ---- */

void canvas_move_to(struct canvas *c, double x, double y)
{
    if (!drawable(c, "canvas_move_to") || !numbers_ok(c, "canvas_move_to", (double[]){x, y}, 2))
        return;
    c->has_point = c->path_open = 1;
    if (!c->muted)
        c->ops->move_to(c, x, y);
}

void canvas_line_to(struct canvas *c, double x, double y)
{
    if (!drawable(c, "canvas_line_to") || !numbers_ok(c, "canvas_line_to", (double[]){x, y}, 2))
        return;
    if (!c->has_point) {
        canvas_fail(c, "canvas_line_to without a current point (canvas_move_to first)");
        return;
    }
    if (!c->muted)
        c->ops->line_to(c, x, y);
}

void canvas_curve_to(struct canvas *c, double x1, double y1, double x2, double y2, double x3, double y3)
{
    if (!drawable(c, "canvas_curve_to")
        || !numbers_ok(c, "canvas_curve_to", (double[]){x1, y1, x2, y2, x3, y3}, 6))
        return;
    if (!c->has_point) {
        canvas_fail(c, "canvas_curve_to without a current point (canvas_move_to first)");
        return;
    }
    if (!c->muted)
        c->ops->curve_to(c, x1, y1, x2, y2, x3, y3);
}

void canvas_close_path(struct canvas *c)
{
    if (!drawable(c, "canvas_close_path"))
        return;
    if (!c->has_point) {
        canvas_fail(c, "canvas_close_path without a current point");
        return;
    }
    if (!c->muted)
        c->ops->close_path(c);
}

/* Common checks of the shapes: finite numbers and a size that is not negative. */
static int shape_ok(struct canvas *c, const char *what, const double *v, int n, double w, double h)
{
    if (!drawable(c, what) || !numbers_ok(c, what, v, n))
        return 0;
    if (w < 0 || h < 0) {
        canvas_fail(c, "%s: negative size %g x %g", what, w, h);
        return 0;
    }
    c->has_point = c->path_open = 1;
    return 1;
}

void canvas_rect(struct canvas *c, double x, double y, double w, double h)
{
    if (shape_ok(c, "canvas_rect", (double[]){x, y, w, h}, 4, w, h) && !c->muted)
        c->ops->rect(c, x, y, w, h);
}

void canvas_round_rect(struct canvas *c, double x, double y, double w, double h, double r)
{
    if (!shape_ok(c, "canvas_round_rect", (double[]){x, y, w, h, r}, 5, w, h))
        return;
    /* A radius larger than half a side would fold the outline over itself. */
    if (r < 0)
        r = 0;
    if (r > w / 2)
        r = w / 2;
    if (r > h / 2)
        r = h / 2;
    if (!c->muted)
        c->ops->round_rect(c, x, y, w, h, r);
}

void canvas_circle(struct canvas *c, double cx, double cy, double r)
{
    if (shape_ok(c, "canvas_circle", (double[]){cx, cy, r}, 3, r, r) && !c->muted)
        c->ops->circle(c, cx, cy, r);
}

/* ---- painting ---- */

/* True when there is a path to paint. */
static int paintable(struct canvas *c, const char *what)
{
    if (!drawable(c, what))
        return 0;
    if (!c->path_open) {
        canvas_fail(c, "%s without a path", what);
        return 0;
    }
    return 1;
}

static void path_done(struct canvas *c)
{
    c->path_open = c->has_point = 0;
}

static void fill(struct canvas *c, struct rgb colour, int even_odd, const char *what)
{
    int ok = 1;
    if (!paintable(c, what))
        return;
    colour = colour_in(c, colour, &ok, what);
    if (!ok)
        return;
    if (!c->muted)
        c->ops->fill(c, colour, even_odd);
    path_done(c);
}

void canvas_fill(struct canvas *c, struct rgb colour)
{
    fill(c, colour, 0, "canvas_fill");
}

void canvas_fill_even_odd(struct canvas *c, struct rgb colour)
{
    fill(c, colour, 1, "canvas_fill_even_odd");
}

void canvas_stroke(struct canvas *c, struct rgb colour, double width)
{
    int ok = 1;
    if (!paintable(c, "canvas_stroke") || !width_ok(c, "canvas_stroke", width))
        return;
    colour = colour_in(c, colour, &ok, "canvas_stroke");
    if (!ok)
        return;
    if (!c->muted)
        c->ops->stroke(c, colour, width);
    path_done(c);
}

void canvas_fill_stroke(struct canvas *c, struct rgb fill_colour, struct rgb stroke, double width)
{
    int ok = 1;
    if (!paintable(c, "canvas_fill_stroke") || !width_ok(c, "canvas_fill_stroke", width))
        return;
    fill_colour = colour_in(c, fill_colour, &ok, "canvas_fill_stroke");
    if (ok)
        stroke = colour_in(c, stroke, &ok, "canvas_fill_stroke");
    if (!ok)
        return;
    if (!c->muted)
        c->ops->fill_stroke(c, fill_colour, stroke, width);
    path_done(c);
}

void canvas_dash(struct canvas *c, const double *pattern, int n)
{
    if (!drawable(c, "canvas_dash"))
        return;
    if (n < 0 || n > CANVAS_MAX_DASH || (n > 0 && !pattern)) {
        canvas_fail(c, "canvas_dash: a pattern has 0 to %d lengths, not %d", CANVAS_MAX_DASH, n);
        return;
    }
    for (int i = 0; i < n; i++)
        if (!(pattern[i] > 0 && pattern[i] <= 100)) {
            canvas_fail(c, "canvas_dash: length %g is not between 0 and 100 points", pattern[i]);
            return;
        }
    if (!c->muted)
        c->ops->dash(c, pattern, n);
}

void canvas_line_style(struct canvas *c, enum canvas_cap cap, enum canvas_join join)
{
    if (!drawable(c, "canvas_line_style"))
        return;
    if ((unsigned)cap > CAP_SQUARE || (unsigned)join > JOIN_BEVEL) {
        canvas_fail(c, "canvas_line_style: unknown cap %d or join %d", (int)cap, (int)join);
        return;
    }
    if (!c->muted)
        c->ops->line_style(c, cap, join);
}

/* ---- state ---- */

/* The canvas_save depth that the innermost open form began at (0 outside forms): a form
 * cannot restore or clip what was saved outside it. */
static int form_saves(const struct canvas *c)
{
    return c->nframes ? c->frames[c->nframes - 1].saves : 0;
}

void canvas_save(struct canvas *c)
{
    if (!state_change(c, "canvas_save"))
        return;
    c->saves++;
    if (!c->muted)
        c->ops->save(c);
}

void canvas_clip(struct canvas *c)
{
    if (!paintable(c, "canvas_clip"))
        return;
    if (c->saves == form_saves(c)) {
        canvas_fail(c, "canvas_clip outside canvas_save/canvas_restore%s",
                    c->nframes ? " (of its form)" : "");
        return;
    }
    if (!c->muted)
        c->ops->clip(c);
    path_done(c);
}

void canvas_restore(struct canvas *c)
{
    if (!state_change(c, "canvas_restore"))
        return;
    if (c->saves == form_saves(c)) {
        canvas_fail(c, "canvas_restore without canvas_save%s", c->nframes ? " (in its form)" : "");
        return;
    }
    c->saves--;
    if (!c->muted)
        c->ops->restore(c);
}

void canvas_translate(struct canvas *c, double dx, double dy)
{
    if (state_change(c, "canvas_translate")
        && numbers_ok(c, "canvas_translate", (double[]){dx, dy}, 2) && !c->muted)
        c->ops->translate(c, dx, dy);
}

void canvas_scale(struct canvas *c, double sx, double sy)
{
    if (!state_change(c, "canvas_scale") || !numbers_ok(c, "canvas_scale", (double[]){sx, sy}, 2))
        return;
    if (fabs(sx) < 1e-6 || fabs(sy) < 1e-6) {
        canvas_fail(c, "canvas_scale: factor %g x %g flattens the drawing", sx, sy);
        return;
    }
    if (!c->muted)
        c->ops->scale(c, sx, sy);
}

void canvas_rotate(struct canvas *c, double radians)
{
    if (state_change(c, "canvas_rotate") && numbers_ok(c, "canvas_rotate", &radians, 1)
        && !c->muted)
        c->ops->rotate(c, radians);
}

/* ---- forms ---- */

/* Forms open at once, at most: deeper nesting is a layout bug. */
#define CANVAS_MAX_FORM_DEPTH 16

/* The entry of the form named key, or NULL when it was never drawn. */
static struct canvas_form_key *form_find(const struct canvas *c, const char *key)
{
    for (size_t i = 0; i < c->nform_keys; i++)
        if (strcmp(c->form_keys[i].key, key) == 0)
            return &c->form_keys[i];
    return NULL;
}

int canvas_form_begin(struct canvas *c, const char *key, int at_once, double x, double y,
                      double w, double h)
{
    if (!state_change(c, "canvas_form_begin")
        || !numbers_ok(c, "canvas_form_begin", (double[]){x, y, w, h}, 4))
        return 0;
    if (!key || !*key) {
        canvas_fail(c, "canvas_form_begin: a form needs a key");
        return 0;
    }
    if (!(w > 0 && h > 0)) {
        canvas_fail(c, "canvas_form_begin: empty box %g x %g", w, h);
        return 0;
    }
    if (c->nframes == CANVAS_MAX_FORM_DEPTH) {
        canvas_fail(c, "canvas_form_begin: forms nested more than %d deep", CANVAS_MAX_FORM_DEPTH);
        return 0;
    }
    struct canvas_form_frame f = {c->saves, -1, 0, 0};
    int again = 0;
    struct canvas_form_key *k = c->muted ? NULL : form_find(c, key);
    if (c->muted) {
        /* Inside a form drawn before: this one was drawn with it. */
        again = 1;
    } else if (k && k->form >= 0) {
        again = 1;
        f.form = k->form;
        f.muted = 1;
        c->muted++;
    } else {
        if (!k) {
            void *items = c->form_keys;
            xgrow(&items, &c->capform_keys, c->nform_keys + 1, sizeof *c->form_keys);
            c->form_keys = items;
            k = &c->form_keys[c->nform_keys++];
            *k = (struct canvas_form_key){xstrdup(key), -1, 0};
        }
        /* Unless at_once, the first use draws in place; the form is made on the second. */
        if ((at_once || k->uses > 0) && c->ops->form_begin
            && (f.form = c->ops->form_begin(c, x, y, w, h)) >= 0) {
            f.recording = 1;
            k->form = f.form;
        }
        /* Counted up to 2: only "not yet" and "once" matter. */
        if (k->uses < 2)
            k->uses++;
    }
    void *items = c->frames;
    xgrow(&items, &c->capframes, c->nframes + 1, sizeof *c->frames);
    c->frames = items;
    c->frames[c->nframes++] = f;
    return again;
}

void canvas_form_end(struct canvas *c)
{
    if (!state_change(c, "canvas_form_end"))
        return;
    if (c->nframes == 0) {
        canvas_fail(c, "canvas_form_end without canvas_form_begin");
        return;
    }
    struct canvas_form_frame f = c->frames[c->nframes - 1];
    if (c->saves != f.saves) {
        canvas_fail(c, "a form ends with %d canvas_save without canvas_restore", c->saves - f.saves);
        return;
    }
    c->nframes--;
    if (f.muted)
        c->muted--;
    if (c->muted)
        return;
    if (f.recording)
        c->ops->form_end(c, f.form);
    else if (f.form >= 0)
        c->ops->form_paint(c, f.form);
}

/* ---- text ---- */

/* Checks the font, size and text shared by canvas_text and canvas_text_width. */
static int text_ok(struct canvas *c, const char *what, enum canvas_font font, double size,
                   const char *utf8)
{
    if ((unsigned)font >= FONT_COUNT) {
        canvas_fail(c, "%s: unknown font %d", what, (int)font);
        return 0;
    }
    if (!(size > 0 && size <= 600)) {
        canvas_fail(c, "%s: font size %g is not between 0 and 600", what, size);
        return 0;
    }
    if (!utf8) {
        canvas_fail(c, "%s: no text", what);
        return 0;
    }
    for (const char *p = utf8; *p;) {
        const char *at = p;
        long cp = canvas_font_utf8_next(&p);
        if (cp < 0) {
            canvas_fail(c, "%s: the text is not valid UTF-8 (byte %zu)", what, (size_t)(at - utf8) + 1);
            return 0;
        }
        if (cp < 0x20 || cp == 0x7F) {
            canvas_fail(c, "%s: the text holds control character U+%04lX", what, (unsigned long)cp);
            return 0;
        }
    }
    return 1;
}

void canvas_text(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                 double x, double y, enum canvas_align align, const char *utf8)
{
    int ok = 1;
    if (!state_change(c, "canvas_text") || !numbers_ok(c, "canvas_text", (double[]){x, y}, 2)
        || !text_ok(c, "canvas_text", font, size, utf8))
        return;
    if ((unsigned)align > ALIGN_RIGHT) {
        canvas_fail(c, "canvas_text: unknown alignment %d", (int)align);
        return;
    }
    colour = colour_in(c, colour, &ok, "canvas_text");
    if (ok && !c->muted)
        c->ops->text(c, font, size, colour, x, y, align, utf8);
}

double canvas_text_width(struct canvas *c, enum canvas_font font, double size, const char *utf8)
{
    if (!c || c->status || !text_ok(c, "canvas_text_width", font, size, utf8))
        return 0;
    double w = c->ops->text_width(c, font, size, utf8);
    return w < 0 ? 0 : w;
}

struct rgb rgb_hex(unsigned hex)
{
    return (struct rgb){((hex >> 16) & 0xFF) / 255.0, ((hex >> 8) & 0xFF) / 255.0, (hex & 0xFF) / 255.0};
}
