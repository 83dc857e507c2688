/* The cairo backend: PDF (or SVG) into the output file, and optionally each page again as a
 * PNG. Every call is applied to each target of the current page: the document page and, when
 * PNGs are wanted, an image surface of the same page at the chosen resolution.
 *
 * Text is laid out with the FreeType advances of the bundled fonts (canvas_font.c) and drawn
 * glyph by glyph, so what canvas_text_width says is exactly what is drawn; the clusters keep
 * the text copyable from the PDF.
 *
 * Forms are recording surfaces: painted as a source, each becomes one form XObject of the PDF
 * however often it is painted. They are made for PDF output without PNG pages only (an image
 * target would rasterise them at their own resolution); elsewhere forms are drawn in place.
 * The PDF is kept in memory until it is finished, for rewrite_pdf_xobjects. */
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "draw/canvas_impl.h"
#include "rewrite/pdf_xobjects.h"
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

enum { TARGET_DOC, TARGET_PNG, TARGETS };

struct cairo_impl {
    cairo_surface_t *pdf;             /* the PDF document (NULL in SVG mode) */
    cairo_t *pdf_cr;
    cairo_surface_t *page[TARGETS];   /* this page's SVG surface and PNG image */
    cairo_t *cr[TARGETS];             /* this page's targets; NULL when not drawn */
    struct strbuf page_bytes;         /* the SVG page being written */
    struct strbuf first_svg;          /* page 1 of an SVG document (or the PNG image), for the
                                         output file */
    struct canvas_memory kept;        /* the pages for opt.memory, handed over when finished */
    cairo_font_face_t *faces[FONT_COUNT];
    struct canvas_metrics *metrics[FONT_COUNT];   /* the process's (canvas_font_open) */
    cairo_font_options_t *font_options;
    struct strbuf pdf_bytes;          /* the PDF as cairo writes it */
    cairo_surface_t **forms;          /* every form made, by number */
    size_t nforms, capforms;
    cairo_t **outer;                  /* for each form being recorded: the target it hides */
    size_t nouter, capouter;
};

static struct cairo_impl *impl(struct canvas *c)
{
    return c->impl;
}

/* Runs the statement that follows once for each target of the current page, as cr. */
#define EACH_TARGET(c, cr)                  \
    for (int t_ = 0; t_ < TARGETS; t_++)    \
        for (cairo_t *cr = impl(c)->cr[t_]; cr; cr = NULL)

static cairo_status_t write_memory(void *closure, const unsigned char *data, unsigned int len)
{
    strbuf_append(closure, (const char *)data, len);
    return CAIRO_STATUS_SUCCESS;
}

/* Fails the canvas when cairo reports an error on cr. */
static int check(struct canvas *c, cairo_status_t st, const char *what)
{
    if (st == CAIRO_STATUS_SUCCESS)
        return 0;
    canvas_fail(c, "cairo: %s: %s", what, cairo_status_to_string(st));
    return -1;
}

static void set_metadata(struct canvas *c, cairo_surface_t *pdf)
{
    char date[96];
    const struct tm *t = &c->date;
    snprintf(date, sizeof date, "%04d-%02d-%02dT%02d:%02d:%02dZ", t->tm_year + 1900, t->tm_mon + 1,
             t->tm_mday, t->tm_hour, t->tm_min, t->tm_sec);
    cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE, date);
    if (c->opt.title)
        cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE, c->opt.title);
    if (c->opt.creator)
        cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, c->opt.creator);
}

static int cairo_open(struct canvas *c, struct strbuf *err)
{
    struct cairo_impl *ci = xcalloc(1, sizeof *ci);
    c->impl = ci;
    ci->font_options = cairo_font_options_create();
    /* Positions come from our own layout; grey antialiasing keeps PNG text free of colour. */
    cairo_font_options_set_hint_metrics(ci->font_options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(ci->font_options, CAIRO_HINT_STYLE_SLIGHT);
    cairo_font_options_set_antialias(ci->font_options, CAIRO_ANTIALIAS_GRAY);
    if (!c->opt.svg && !c->opt.png) {
        /* A4 until the first page says its size. */
        ci->pdf = cairo_pdf_surface_create_for_stream(write_memory, &ci->pdf_bytes, 595.28, 841.89);
        if (cairo_surface_status(ci->pdf) != CAIRO_STATUS_SUCCESS) {
            strbuf_printf(err, "cairo: cannot start a PDF: %s",
                          cairo_status_to_string(cairo_surface_status(ci->pdf)));
            return -1;
        }
        set_metadata(c, ci->pdf);
        ci->pdf_cr = cairo_create(ci->pdf);
    }
    return 0;
}

/* Starts one target page: the state every page starts from, saved so page_end can drop it. */
static cairo_t *start_target(struct canvas *c, cairo_surface_t *s, double scale)
{
    cairo_t *cr = cairo_create(s);
    cairo_set_font_options(cr, impl(c)->font_options);
    cairo_scale(cr, scale, scale);
    cairo_save(cr);
    return cr;
}

static void cairo_page_begin(struct canvas *c, double width, double height)
{
    struct cairo_impl *ci = impl(c);
    if (ci->pdf) {
        cairo_pdf_surface_set_size(ci->pdf, width, height);
        cairo_save(ci->pdf_cr);
        ci->cr[TARGET_DOC] = ci->pdf_cr;
    } else if (c->opt.png) {
        double scale = (c->opt.png_dpi > 0 ? c->opt.png_dpi : 100) / 72;
        int w = (int)ceil(width * scale), h = (int)ceil(height * scale);
        ci->page[TARGET_DOC] = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
        ci->cr[TARGET_DOC] = start_target(c, ci->page[TARGET_DOC], scale);
        cairo_set_source_rgb(ci->cr[TARGET_DOC], 1, 1, 1);
        cairo_paint(ci->cr[TARGET_DOC]);
    } else {
        strbuf_reset(&ci->page_bytes);
        ci->page[TARGET_DOC] = cairo_svg_surface_create_for_stream(write_memory, &ci->page_bytes,
                                                                   width, height);
        cairo_svg_surface_set_document_unit(ci->page[TARGET_DOC], CAIRO_SVG_UNIT_PT);
        ci->cr[TARGET_DOC] = start_target(c, ci->page[TARGET_DOC], 1);
    }
    if (c->opt.png_dir) {
        double scale = c->opt.png_dpi / 72;
        int w = (int)ceil(width * scale), h = (int)ceil(height * scale);
        ci->page[TARGET_PNG] = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
        ci->cr[TARGET_PNG] = start_target(c, ci->page[TARGET_PNG], scale);
        cairo_set_source_rgb(ci->cr[TARGET_PNG], 1, 1, 1);
        cairo_paint(ci->cr[TARGET_PNG]);
    }
}

/* Moves a page's bytes to the end of a document kept in memory; page is left empty. */
static void keep_page(struct canvas_memory *m, struct strbuf *page)
{
    m->pages = xrealloc(m->pages, (m->npages + 1) * sizeof *m->pages);
    m->pages[m->npages++] = *page;
    *page = (struct strbuf)STRBUF_INIT;
}

static void end_svg_page(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    cairo_destroy(ci->cr[TARGET_DOC]);
    ci->cr[TARGET_DOC] = NULL;
    cairo_surface_finish(ci->page[TARGET_DOC]);
    cairo_status_t st = cairo_surface_status(ci->page[TARGET_DOC]);
    cairo_surface_destroy(ci->page[TARGET_DOC]);
    ci->page[TARGET_DOC] = NULL;
    if (check(c, st, "SVG page") != 0)
        return;
    if (c->opt.memory) {
        keep_page(&ci->kept, &ci->page_bytes);
    } else if (c->pages == 1) {
        strbuf_free(&ci->first_svg);
        ci->first_svg = ci->page_bytes;
    } else {
        char *path = canvas_svg_page_path(c->opt.path, c->pages);
        size_t len = ci->page_bytes.len;
        canvas_add_file(c, path, strbuf_detach(&ci->page_bytes), len);
        free(path);
    }
    ci->page_bytes = (struct strbuf)STRBUF_INIT;
}

/* The page of a PNG document: the image is the output file (one page only). */
static void end_png_document_page(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    cairo_destroy(ci->cr[TARGET_DOC]);
    ci->cr[TARGET_DOC] = NULL;
    if (c->pages > 1) {
        canvas_fail(c, "a PNG image holds one page (page %d drawn)", c->pages);
        return;
    }
    strbuf_reset(&ci->first_svg);
    cairo_status_t st = cairo_surface_write_to_png_stream(ci->page[TARGET_DOC], write_memory, &ci->first_svg);
    cairo_surface_destroy(ci->page[TARGET_DOC]);
    ci->page[TARGET_DOC] = NULL;
    check(c, st, "PNG image");
}

static void end_png_page(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    cairo_destroy(ci->cr[TARGET_PNG]);
    ci->cr[TARGET_PNG] = NULL;
    struct strbuf png = STRBUF_INIT;
    cairo_status_t st = cairo_surface_write_to_png_stream(ci->page[TARGET_PNG], write_memory, &png);
    cairo_surface_destroy(ci->page[TARGET_PNG]);
    ci->page[TARGET_PNG] = NULL;
    if (check(c, st, "PNG page") != 0) {
        strbuf_free(&png);
        return;
    }
    char *path = canvas_png_page_path(c->opt.png_dir, c->pages);
    size_t len = png.len;
    canvas_add_file(c, path, strbuf_detach(&png), len);
    free(path);
}

static void cairo_page_end(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    EACH_TARGET(c, cr) {
        cairo_restore(cr);
        if (check(c, cairo_status(cr), "page") != 0)
            return;
    }
    if (ci->pdf) {
        cairo_show_page(ci->pdf_cr);
        ci->cr[TARGET_DOC] = NULL;
        if (check(c, cairo_status(ci->pdf_cr), "PDF page") != 0)
            return;
    } else if (c->opt.png) {
        end_png_document_page(c);
    } else {
        end_svg_page(c);
    }
    if (ci->cr[TARGET_PNG])
        end_png_page(c);
}

static void cairo_finish(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    errno = 0;
    if (ci->pdf) {
        cairo_destroy(ci->pdf_cr);
        ci->pdf_cr = NULL;
        cairo_surface_finish(ci->pdf);
        if (check(c, cairo_surface_status(ci->pdf), "PDF") != 0)
            return;
        if (ci->nforms > 0 && rewrite_pdf_xobjects(&ci->pdf_bytes) < 0)
            canvas_fail(c, "cairo wrote a PDF without the expected cross-reference table");
        else if (c->opt.memory)
            keep_page(&ci->kept, &ci->pdf_bytes);
        else if (!c->out.fp
                 || fwrite(ci->pdf_bytes.data, 1, ci->pdf_bytes.len, c->out.fp) != ci->pdf_bytes.len)
            canvas_fail(c, "cannot write %s: %s", c->out.path, strerror(errno ? errno : EIO));
    } else if (c->opt.memory) {
        if (c->opt.png)
            keep_page(&ci->kept, &ci->first_svg);
    } else if (fwrite(ci->first_svg.data, 1, ci->first_svg.len, c->out.fp) != ci->first_svg.len) {
        canvas_fail(c, "cannot write %s: %s", c->out.path, strerror(errno ? errno : EIO));
    }
    if (c->opt.memory && !c->status) {
        *c->opt.memory = ci->kept;
        ci->kept = (struct canvas_memory){NULL, 0};
    }
}

static void cairo_close(struct canvas *c)
{
    struct cairo_impl *ci = impl(c);
    /* Forms still being recorded (a failed document): their targets go first. */
    for (size_t i = 0; i < ci->nouter; i++) {
        cairo_destroy(ci->cr[TARGET_DOC]);
        ci->cr[TARGET_DOC] = ci->outer[ci->nouter - 1 - i];
    }
    for (size_t i = 0; i < ci->nforms; i++)
        cairo_surface_destroy(ci->forms[i]);
    free(ci->forms);
    free(ci->outer);
    for (int t = 0; t < TARGETS; t++) {
        if (ci->cr[t] && ci->cr[t] != ci->pdf_cr)
            cairo_destroy(ci->cr[t]);
        if (ci->page[t])
            cairo_surface_destroy(ci->page[t]);
    }
    if (ci->pdf_cr)
        cairo_destroy(ci->pdf_cr);
    if (ci->pdf)
        cairo_surface_destroy(ci->pdf);
    /* After the surface: destroying an unfinished PDF surface still writes into it. */
    strbuf_free(&ci->pdf_bytes);
    for (int f = 0; f < FONT_COUNT; f++)
        if (ci->faces[f])
            cairo_font_face_destroy(ci->faces[f]);
    if (ci->font_options)
        cairo_font_options_destroy(ci->font_options);
    strbuf_free(&ci->page_bytes);
    strbuf_free(&ci->first_svg);
    canvas_memory_free(&ci->kept);
    free(ci);
    c->impl = NULL;
}

static void cairo_move_to_(struct canvas *c, double x, double y)
{
    EACH_TARGET(c, cr)
        cairo_move_to(cr, x, y);
}

static void cairo_line_to_(struct canvas *c, double x, double y)
{
    EACH_TARGET(c, cr)
        cairo_line_to(cr, x, y);
}

static void cairo_curve_to_(struct canvas *c, double x1, double y1, double x2, double y2,
                            double x3, double y3)
{
    EACH_TARGET(c, cr)
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3);
}

static void cairo_close_path_(struct canvas *c)
{
    EACH_TARGET(c, cr)
        cairo_close_path(cr);
}

static void cairo_fill_(struct canvas *c, struct rgb colour, int even_odd)
{
    EACH_TARGET(c, cr) {
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b);
        cairo_set_fill_rule(cr, even_odd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
        cairo_fill(cr);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    }
}

static void cairo_stroke_(struct canvas *c, struct rgb colour, double width)
{
    EACH_TARGET(c, cr) {
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b);
        cairo_set_line_width(cr, width);
        cairo_stroke(cr);
    }
}

static void cairo_fill_stroke_(struct canvas *c, struct rgb fill, struct rgb stroke, double width)
{
    EACH_TARGET(c, cr) {
        cairo_set_source_rgb(cr, fill.r, fill.g, fill.b);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, stroke.r, stroke.g, stroke.b);
        cairo_set_line_width(cr, width);
        cairo_stroke(cr);
    }
}

static void cairo_dash_(struct canvas *c, const double *pattern, int n)
{
    EACH_TARGET(c, cr)
        cairo_set_dash(cr, pattern, n, 0);
}

static void cairo_line_style_(struct canvas *c, enum canvas_cap cap, enum canvas_join join)
{
    static const cairo_line_cap_t caps[] = {CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND,
                                            CAIRO_LINE_CAP_SQUARE};
    static const cairo_line_join_t joins[] = {CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND,
                                              CAIRO_LINE_JOIN_BEVEL};
    EACH_TARGET(c, cr) {
        cairo_set_line_cap(cr, caps[cap]);
        cairo_set_line_join(cr, joins[join]);
    }
}

static void cairo_save_(struct canvas *c)
{
    EACH_TARGET(c, cr)
        cairo_save(cr);
}

static void cairo_clip_(struct canvas *c)
{
    EACH_TARGET(c, cr)
        cairo_clip(cr);
}

static void cairo_restore_(struct canvas *c)
{
    EACH_TARGET(c, cr)
        cairo_restore(cr);
}

static void cairo_translate_(struct canvas *c, double dx, double dy)
{
    EACH_TARGET(c, cr)
        cairo_translate(cr, dx, dy);
}

static void cairo_scale_(struct canvas *c, double sx, double sy)
{
    EACH_TARGET(c, cr)
        cairo_scale(cr, sx, sy);
}

static void cairo_rotate_(struct canvas *c, double radians)
{
    EACH_TARGET(c, cr)
        cairo_rotate(cr, radians);
}

/* The cairo face of a font, loaded on first use; NULL after canvas_fail(). The FreeType face
 * is the process's: cairo finds its own face for it again, with the scaled fonts and glyphs
 * of earlier documents. */
static cairo_font_face_t *face(struct canvas *c, enum canvas_font font)
{
    struct cairo_impl *ci = impl(c);
    if (ci->faces[font])
        return ci->faces[font];
    char *path = canvas_font_path(c, font);
    struct strbuf err = STRBUF_INIT;
    FT_Face ft;
    int rc = canvas_font_open(path, &ft, &ci->metrics[font], &err);
    free(path);
    if (rc != 0) {
        canvas_fail(c, "%s", strbuf_cstr(&err));
        strbuf_free(&err);
        return NULL;
    }
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(ft, 0);
    if (check(c, cairo_font_face_status(cf), "font") != 0) {
        cairo_font_face_destroy(cf);
        return NULL;
    }
    ci->faces[font] = cf;
    return cf;
}

static void cairo_text_(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                        double x, double y, enum canvas_align align, const char *utf8)
{
    cairo_font_face_t *cf = face(c, font);
    if (!cf || !*utf8)
        return;
    struct canvas_glyph *g;
    double width;
    size_t n = canvas_font_layout(impl(c)->metrics[font], size, utf8, &g, &width);
    double left = canvas_align_left(align, x, width);
    cairo_glyph_t *glyphs = xmalloc(n * sizeof *glyphs);
    cairo_text_cluster_t *clusters = xmalloc(n * sizeof *clusters);
    for (size_t i = 0; i < n; i++) {
        glyphs[i] = (cairo_glyph_t){g[i].index, left + g[i].x, y};
        clusters[i] = (cairo_text_cluster_t){(int)g[i].nbytes, 1};
    }
    EACH_TARGET(c, cr) {
        cairo_set_font_face(cr, cf);
        cairo_set_font_size(cr, size);
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b);
        cairo_show_text_glyphs(cr, utf8, (int)strlen(utf8), glyphs, (int)n, clusters, (int)n, 0);
    }
    free(clusters);
    free(glyphs);
    free(g);
}

static double cairo_text_width_(struct canvas *c, enum canvas_font font, double size, const char *utf8)
{
    if (!face(c, font))
        return -1;
    double width;
    canvas_font_layout(impl(c)->metrics[font], size, utf8, NULL, &width);
    return width;
}

static int cairo_form_begin(struct canvas *c, double x, double y, double w, double h)
{
    struct cairo_impl *ci = impl(c);
    if (!ci->pdf || ci->cr[TARGET_PNG])
        return -1;
    cairo_rectangle_t box = {x, y, w, h};
    cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &box);
    cairo_t *cr = cairo_create(s);
    /* The PDF's own font options (no hinting): the glyphs come from the same scaled fonts
     * as the page's, and cairo runs no hinting program on them. */
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_surface_get_font_options(ci->pdf, fo);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
    void *items = ci->forms;
    xgrow(&items, &ci->capforms, ci->nforms + 1, sizeof *ci->forms);
    ci->forms = items;
    ci->forms[ci->nforms] = s;
    items = ci->outer;
    xgrow(&items, &ci->capouter, ci->nouter + 1, sizeof *ci->outer);
    ci->outer = items;
    ci->outer[ci->nouter++] = ci->cr[TARGET_DOC];
    ci->cr[TARGET_DOC] = cr;
    return (int)ci->nforms++;
}

static void cairo_form_paint(struct canvas *c, int form)
{
    EACH_TARGET(c, cr) {
        cairo_set_source_surface(cr, impl(c)->forms[form], 0, 0);
        cairo_paint(cr);
    }
}

static void cairo_form_end(struct canvas *c, int form)
{
    struct cairo_impl *ci = impl(c);
    cairo_t *cr = ci->cr[TARGET_DOC];
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    ci->cr[TARGET_DOC] = ci->outer[--ci->nouter];
    if (check(c, st, "form") == 0)
        cairo_form_paint(c, form);
}

const struct canvas_ops canvas_cairo_ops = {
    .open = cairo_open,
    .finish = cairo_finish,
    .close = cairo_close,
    .page_begin = cairo_page_begin,
    .page_end = cairo_page_end,
    .move_to = cairo_move_to_,
    .line_to = cairo_line_to_,
    .curve_to = cairo_curve_to_,
    .close_path = cairo_close_path_,
    .rect = canvas_generic_rect,
    .round_rect = canvas_generic_round_rect,
    .circle = canvas_generic_circle,
    .fill = cairo_fill_,
    .stroke = cairo_stroke_,
    .fill_stroke = cairo_fill_stroke_,
    .dash = cairo_dash_,
    .line_style = cairo_line_style_,
    .save = cairo_save_,
    .clip = cairo_clip_,
    .restore = cairo_restore_,
    .translate = cairo_translate_,
    .scale = cairo_scale_,
    .rotate = cairo_rotate_,
    .text = cairo_text_,
    .text_width = cairo_text_width_,
    .form_begin = cairo_form_begin,
    .form_end = cairo_form_end,
    .form_paint = cairo_form_paint,
};
