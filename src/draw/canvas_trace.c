/* The trace backend: one line of text per drawing call, numbers with two decimals, so layout
 * tests compare readable traces instead of PDF bytes. Text widths are the FreeType advances
 * of the bundled fonts, the same the cairo backend draws with. */
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "draw/canvas_impl.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct trace {
    struct strbuf text;
    struct canvas_metrics *metrics[FONT_COUNT];   /* the process's, found on first use */
};

static struct trace *impl(struct canvas *c)
{
    return c->impl;
}

/* Appends " v" with two decimals, built from integers so no locale can turn the dot into a
 * comma, and with no "-0.00". */
static void num(struct canvas *c, double v)
{
    if (v > 1e15)
        v = 1e15;
    if (v < -1e15)
        v = -1e15;
    long long h = llround(v * 100);
    struct strbuf *sb = &impl(c)->text;
    strbuf_putc(sb, ' ');
    if (h < 0) {
        strbuf_putc(sb, '-');
        h = -h;
    }
    strbuf_printf(sb, "%lld.%02lld", h / 100, h % 100);
}

static void nums(struct canvas *c, const double *v, int n)
{
    for (int i = 0; i < n; i++)
        num(c, v[i]);
}

static void colour(struct canvas *c, struct rgb col)
{
    strbuf_printf(&impl(c)->text, " #%02x%02x%02x", (unsigned)lround(col.r * 255),
                  (unsigned)lround(col.g * 255), (unsigned)lround(col.b * 255));
}

static void word(struct canvas *c, const char *w)
{
    strbuf_puts(&impl(c)->text, w);
}

static void eol(struct canvas *c)
{
    strbuf_putc(&impl(c)->text, '\n');
}

static int trace_open(struct canvas *c, struct strbuf *err)
{
    (void)err;
    c->impl = xcalloc(1, sizeof(struct trace));
    return 0;
}

static void trace_finish(struct canvas *c)
{
    const struct strbuf *t = &impl(c)->text;
    errno = 0;
    if (c->out.fp && t->len && fwrite(t->data, 1, t->len, c->out.fp) != t->len)
        canvas_fail(c, "cannot write %s: %s", c->out.path, strerror(errno ? errno : EIO));
}

static void trace_close(struct canvas *c)
{
    struct trace *t = impl(c);
    strbuf_free(&t->text);
    free(t);
    c->impl = NULL;
}

static void trace_page_begin(struct canvas *c, double width, double height)
{
    word(c, "page");
    nums(c, (double[]){width, height}, 2);
    eol(c);
}

static void trace_page_end(struct canvas *c)
{
    word(c, "page-end\n");
}

static void trace_move_to(struct canvas *c, double x, double y)
{
    word(c, "move");
    nums(c, (double[]){x, y}, 2);
    eol(c);
}

static void trace_line_to(struct canvas *c, double x, double y)
{
    word(c, "line");
    nums(c, (double[]){x, y}, 2);
    eol(c);
}

static void trace_curve_to(struct canvas *c, double x1, double y1, double x2, double y2,
                           double x3, double y3)
{
    word(c, "curve");
    nums(c, (double[]){x1, y1, x2, y2, x3, y3}, 6);
    eol(c);
}

static void trace_close_path(struct canvas *c)
{
    word(c, "close\n");
}

static void trace_rect(struct canvas *c, double x, double y, double w, double h)
{
    word(c, "rect");
    nums(c, (double[]){x, y, w, h}, 4);
    eol(c);
}

static void trace_round_rect(struct canvas *c, double x, double y, double w, double h, double r)
{
    word(c, "round-rect");
    nums(c, (double[]){x, y, w, h, r}, 5);
    eol(c);
}

static void trace_circle(struct canvas *c, double cx, double cy, double r)
{
    word(c, "circle");
    nums(c, (double[]){cx, cy, r}, 3);
    eol(c);
}

static void trace_fill(struct canvas *c, struct rgb col, int even_odd)
{
    word(c, even_odd ? "fill-even-odd" : "fill");
    colour(c, col);
    eol(c);
}

static void trace_stroke(struct canvas *c, struct rgb col, double width)
{
    word(c, "stroke");
    colour(c, col);
    num(c, width);
    eol(c);
}

static void trace_fill_stroke(struct canvas *c, struct rgb fill, struct rgb stroke, double width)
{
    word(c, "fill-stroke");
    colour(c, fill);
    colour(c, stroke);
    num(c, width);
    eol(c);
}

static void trace_dash(struct canvas *c, const double *pattern, int n)
{
    word(c, n ? "dash" : "dash none");
    nums(c, pattern, n);
    eol(c);
}

static void trace_line_style(struct canvas *c, enum canvas_cap cap, enum canvas_join join)
{
    static const char *const caps[] = {"butt", "round", "square"};
    static const char *const joins[] = {"miter", "round", "bevel"};
    strbuf_printf(&impl(c)->text, "line-style %s %s\n", caps[cap], joins[join]);
}

static void trace_save(struct canvas *c)
{
    word(c, "save\n");
}

static void trace_clip(struct canvas *c)
{
    word(c, "clip\n");
}

static void trace_restore(struct canvas *c)
{
    word(c, "restore\n");
}

static void trace_translate(struct canvas *c, double dx, double dy)
{
    word(c, "translate");
    nums(c, (double[]){dx, dy}, 2);
    eol(c);
}

static void trace_scale(struct canvas *c, double sx, double sy)
{
    word(c, "scale");
    nums(c, (double[]){sx, sy}, 2);
    eol(c);
}

static void trace_rotate(struct canvas *c, double radians)
{
    word(c, "rotate");
    num(c, radians);
    eol(c);
}

static void trace_text(struct canvas *c, enum canvas_font font, double size, struct rgb col,
                       double x, double y, enum canvas_align align, const char *utf8)
{
    static const char *const aligns[] = {"left", "center", "right"};
    strbuf_printf(&impl(c)->text, "text %s", canvas_font_name(font));
    num(c, size);
    colour(c, col);
    nums(c, (double[]){x, y}, 2);
    strbuf_printf(&impl(c)->text, " %s ", aligns[align]);
    strbuf_json_string(&impl(c)->text, utf8);
    eol(c);
}

static double trace_text_width(struct canvas *c, enum canvas_font font, double size, const char *utf8)
{
    struct trace *t = impl(c);
    if (!t->metrics[font]) {
        char *path = canvas_font_path(c, font);
        struct strbuf err = STRBUF_INIT;
        FT_Face face;
        if (canvas_font_open(path, &face, &t->metrics[font], &err) != 0) {
            t->metrics[font] = NULL;
            canvas_fail(c, "%s", strbuf_cstr(&err));
        }
        strbuf_free(&err);
        free(path);
        if (!t->metrics[font])
            return -1;
    }
    double width;
    canvas_font_layout(t->metrics[font], size, utf8, NULL, &width);
    return width;
}

const char *canvas_trace(const struct canvas *c)
{
    if (!c || c->ops != &canvas_trace_ops)
        return "";
    return strbuf_cstr(&((const struct trace *)c->impl)->text);
}

const struct canvas_ops canvas_trace_ops = {
    .open = trace_open,
    .finish = trace_finish,
    .close = trace_close,
    .page_begin = trace_page_begin,
    .page_end = trace_page_end,
    .move_to = trace_move_to,
    .line_to = trace_line_to,
    .curve_to = trace_curve_to,
    .close_path = trace_close_path,
    .rect = trace_rect,
    .round_rect = trace_round_rect,
    .circle = trace_circle,
    .fill = trace_fill,
    .stroke = trace_stroke,
    .fill_stroke = trace_fill_stroke,
    .dash = trace_dash,
    .line_style = trace_line_style,
    .save = trace_save,
    .clip = trace_clip,
    .restore = trace_restore,
    .translate = trace_translate,
    .scale = trace_scale,
    .rotate = trace_rotate,
    .text = trace_text,
    .text_width = trace_text_width,
};
