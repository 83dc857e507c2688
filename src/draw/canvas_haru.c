/* The libharu backend: PDF with the bundled TrueType fonts embedded, UTF-8 text, and in grey
 * mode only DeviceGray colour operators.
 *
 * Coordinates: each page starts with a transform that flips the y axis, so everything is
 * drawn in the canvas's top-left, y-down points; text gets a matching flipped text matrix so
 * glyphs stand upright. Numbers become libharu's float in one helper, real().
 *
 * Text whose characters all have a byte in WinAnsiEncoding (Windows-1252) is shown with a
 * single-byte font; only other text takes a UTF-8 font (a Type0 font, whose creation looks up
 * every character of the Basic Multilingual Plane: 45 M instructions per font). Both come
 * from the same embedded font file.
 *
 * PDF forbids setting colours inside a path, and the canvas gives the colour only when the path
 * is painted, so paths are collected here and written when painted. libharu takes whole-point
 * dash lengths only, so a dashed stroke is drawn in a coordinate system scaled up until the
 * lengths are whole numbers. */
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "draw/canvas_impl.h"
#include <hpdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

enum seg_kind { SEG_MOVE, SEG_LINE, SEG_CURVE, SEG_CLOSE };

struct seg {
    enum seg_kind kind;
    double p[6];
};

/* The part of the graphics state libharu cannot hold for us (see the dashes above). */
struct dash_state {
    double pattern[8];
    int n;
};

#define HARU_MAX_SAVES 64

struct haru_impl {
    HPDF_Doc pdf;
    HPDF_Page page;
    const char *font_names[FONT_COUNT];  /* libharu's names of the font files loaded */
    HPDF_Font fonts[FONT_COUNT][2];      /* [0]: WinAnsiEncoding, [1]: UTF-8; on first use */
    struct seg *path;
    size_t npath, cappath;
    struct dash_state dash[HARU_MAX_SAVES + 1];
    int depth;                      /* index of the current dash state */
    const char *doing;              /* what is being done, for error messages, or NULL */
};

static struct haru_impl *impl(struct canvas *c)
{
    return c->impl;
}

/* The one conversion to libharu's float. */
static HPDF_REAL real(double v)
{
    return (HPDF_REAL)v;
}

static void HPDF_STDCALL on_error(HPDF_STATUS error, HPDF_STATUS detail, void *data)
{
    struct canvas *c = data;
    const char *doing = c->impl ? impl(c)->doing : NULL;
    canvas_fail(c, "libharu error 0x%04X (detail %u)%s%s", (unsigned)error, (unsigned)detail,
                doing ? " while " : "", doing ? doing : "");
}

static int haru_open(struct canvas *c, struct strbuf *err)
{
    struct haru_impl *hi = xcalloc(1, sizeof *hi);
    c->impl = hi;
    hi->pdf = HPDF_New(on_error, c);
    if (!hi->pdf) {
        strbuf_puts(err, "libharu: cannot start a PDF");
        return -1;
    }
    const struct tm *t = &c->date;
    HPDF_Date date = {t->tm_year + 1900, t->tm_mon + 1, t->tm_mday, t->tm_hour, t->tm_min,
                      t->tm_sec, 'Z', 0, 0};
    HPDF_SetCompressionMode(hi->pdf, HPDF_COMP_ALL);
    HPDF_UseUTFEncodings(hi->pdf);
    HPDF_SetCurrentEncoder(hi->pdf, "UTF-8");
    HPDF_SetInfoDateAttr(hi->pdf, HPDF_INFO_CREATION_DATE, date);
    HPDF_SetInfoDateAttr(hi->pdf, HPDF_INFO_MOD_DATE, date);
    if (c->opt.title)
        HPDF_SetInfoAttr(hi->pdf, HPDF_INFO_TITLE, c->opt.title);
    if (c->opt.creator)
        HPDF_SetInfoAttr(hi->pdf, HPDF_INFO_CREATOR, c->opt.creator);
    if (c->status) {
        strbuf_puts(err, strbuf_cstr(&c->error));
        return -1;
    }
    return 0;
}

static void haru_finish(struct canvas *c)
{
    struct haru_impl *hi = impl(c);
    if (HPDF_SaveToStream(hi->pdf) != HPDF_OK)
        return;
    HPDF_ResetStream(hi->pdf);
    errno = 0;
    for (;;) {
        HPDF_BYTE buf[65536];
        HPDF_UINT32 n = sizeof buf;
        HPDF_STATUS st = HPDF_ReadFromStream(hi->pdf, buf, &n);
        if (n && fwrite(buf, 1, n, c->out.fp) != n) {
            canvas_fail(c, "cannot write %s: %s", c->out.path, strerror(errno ? errno : EIO));
            return;
        }
        if (st != HPDF_OK)
            break;
    }
}

static void haru_close(struct canvas *c)
{
    struct haru_impl *hi = impl(c);
    if (hi->pdf)
        HPDF_Free(hi->pdf);
    free(hi->path);
    free(hi);
    c->impl = NULL;
}

static void haru_page_begin(struct canvas *c, double width, double height)
{
    struct haru_impl *hi = impl(c);
    hi->page = HPDF_AddPage(hi->pdf);
    if (!hi->page)
        return;
    HPDF_Page_SetWidth(hi->page, real(width));
    HPDF_Page_SetHeight(hi->page, real(height));
    HPDF_Page_Concat(hi->page, 1, 0, 0, -1, 0, real(height));
    hi->depth = 0;
    hi->dash[0].n = 0;
    hi->npath = 0;
}

static void haru_page_end(struct canvas *c)
{
    impl(c)->page = NULL;
}

static void add_seg(struct canvas *c, enum seg_kind kind, const double *p, int n)
{
    struct haru_impl *hi = impl(c);
    void *items = hi->path;
    xgrow(&items, &hi->cappath, hi->npath + 1, sizeof *hi->path);
    hi->path = items;
    struct seg *s = &hi->path[hi->npath++];
    s->kind = kind;
    if (n)
        memcpy(s->p, p, (size_t)n * sizeof *p);
}

static void haru_move_to(struct canvas *c, double x, double y)
{
    add_seg(c, SEG_MOVE, (double[]){x, y}, 2);
}

static void haru_line_to(struct canvas *c, double x, double y)
{
    add_seg(c, SEG_LINE, (double[]){x, y}, 2);
}

static void haru_curve_to(struct canvas *c, double x1, double y1, double x2, double y2,
                          double x3, double y3)
{
    add_seg(c, SEG_CURVE, (double[]){x1, y1, x2, y2, x3, y3}, 6);
}

static void haru_close_path(struct canvas *c)
{
    add_seg(c, SEG_CLOSE, NULL, 0);
}

/* Writes the collected path, every coordinate multiplied by k, and forgets it. */
static void emit_path(struct canvas *c, double k)
{
    struct haru_impl *hi = impl(c);
    for (size_t i = 0; i < hi->npath; i++) {
        const double *p = hi->path[i].p;
        switch (hi->path[i].kind) {
        case SEG_MOVE: HPDF_Page_MoveTo(hi->page, real(p[0] * k), real(p[1] * k)); break;
        case SEG_LINE: HPDF_Page_LineTo(hi->page, real(p[0] * k), real(p[1] * k)); break;
        case SEG_CURVE:
            HPDF_Page_CurveTo(hi->page, real(p[0] * k), real(p[1] * k), real(p[2] * k),
                              real(p[3] * k), real(p[4] * k), real(p[5] * k));
            break;
        case SEG_CLOSE: HPDF_Page_ClosePath(hi->page); break;
        }
    }
    hi->npath = 0;
}

static void set_fill(struct canvas *c, struct rgb col)
{
    if (c->opt.grey)
        HPDF_Page_SetGrayFill(impl(c)->page, real(col.r));
    else
        HPDF_Page_SetRGBFill(impl(c)->page, real(col.r), real(col.g), real(col.b));
}

static void set_stroke(struct canvas *c, struct rgb col)
{
    if (c->opt.grey)
        HPDF_Page_SetGrayStroke(impl(c)->page, real(col.r));
    else
        HPDF_Page_SetRGBStroke(impl(c)->page, real(col.r), real(col.g), real(col.b));
}

static void haru_fill(struct canvas *c, struct rgb colour, int even_odd)
{
    set_fill(c, colour);
    emit_path(c, 1);
    if (even_odd)
        HPDF_Page_Eofill(impl(c)->page);
    else
        HPDF_Page_Fill(impl(c)->page);
}

/* The factor that makes the dash lengths whole numbers within libharu's limits (lengths and
 * line widths up to 100): the smallest of 1, 10, 100 that makes them exact, else the largest
 * that fits, with the lengths rounded. */
static double dash_scale(const struct dash_state *d, double width)
{
    static const double factors[] = {1, 10, 100};
    double longest = width;
    for (int i = 0; i < d->n; i++)
        longest = fmax(longest, d->pattern[i]);
    double fits = 1;
    for (int f = 0; f < 3; f++) {
        double k = factors[f];
        if (longest * k > HPDF_MAX_DASH_PATTERN)
            break;
        fits = k;
        int exact = 1;
        for (int i = 0; i < d->n; i++)
            exact &= fabs(d->pattern[i] * k - round(d->pattern[i] * k)) < 1e-6;
        if (exact)
            return k;
    }
    return fits;
}

/* Paints the path: stroked, and filled first when fill is not NULL. */
static void paint(struct canvas *c, const struct rgb *fill, struct rgb stroke, double width)
{
    struct haru_impl *hi = impl(c);
    const struct dash_state *d = &hi->dash[hi->depth];
    if (fill)
        set_fill(c, *fill);
    set_stroke(c, stroke);
    double k = 1;
    if (d->n) {
        k = dash_scale(d, width);
        HPDF_UINT16 pattern[8];
        for (int i = 0; i < d->n; i++)
            pattern[i] = (HPDF_UINT16)fmax(1, round(d->pattern[i] * k));
        HPDF_Page_GSave(hi->page);
        HPDF_Page_Concat(hi->page, real(1 / k), 0, 0, real(1 / k), 0, 0);
        HPDF_Page_SetDash(hi->page, pattern, (HPDF_UINT)d->n, 0);
    }
    HPDF_Page_SetLineWidth(hi->page, real(width * k));
    emit_path(c, k);
    if (fill)
        HPDF_Page_FillStroke(hi->page);
    else
        HPDF_Page_Stroke(hi->page);
    if (d->n)
        HPDF_Page_GRestore(hi->page);
}

static void haru_stroke(struct canvas *c, struct rgb colour, double width)
{
    paint(c, NULL, colour, width);
}

static void haru_fill_stroke(struct canvas *c, struct rgb fill, struct rgb stroke, double width)
{
    paint(c, &fill, stroke, width);
}

static void haru_dash(struct canvas *c, const double *pattern, int n)
{
    struct dash_state *d = &impl(c)->dash[impl(c)->depth];
    d->n = n;
    if (n)
        memcpy(d->pattern, pattern, (size_t)n * sizeof *pattern);
}

static void haru_line_style(struct canvas *c, enum canvas_cap cap, enum canvas_join join)
{
    static const HPDF_LineCap caps[] = {HPDF_BUTT_END, HPDF_ROUND_END, HPDF_PROJECTING_SCUARE_END};
    static const HPDF_LineJoin joins[] = {HPDF_MITER_JOIN, HPDF_ROUND_JOIN, HPDF_BEVEL_JOIN};
    HPDF_Page_SetLineCap(impl(c)->page, caps[cap]);
    HPDF_Page_SetLineJoin(impl(c)->page, joins[join]);
}

static void haru_save(struct canvas *c)
{
    struct haru_impl *hi = impl(c);
    if (hi->depth == HARU_MAX_SAVES) {
        canvas_fail(c, "canvas_save nested more than %d deep", HARU_MAX_SAVES);
        return;
    }
    hi->dash[hi->depth + 1] = hi->dash[hi->depth];
    hi->depth++;
    HPDF_Page_GSave(hi->page);
}

static void haru_clip(struct canvas *c)
{
    emit_path(c, 1);
    HPDF_Page_Clip(impl(c)->page);
    HPDF_Page_EndPath(impl(c)->page);
}

static void haru_restore(struct canvas *c)
{
    impl(c)->depth--;
    HPDF_Page_GRestore(impl(c)->page);
}

static void haru_translate(struct canvas *c, double dx, double dy)
{
    HPDF_Page_Concat(impl(c)->page, 1, 0, 0, 1, real(dx), real(dy));
}

static void haru_scale(struct canvas *c, double sx, double sy)
{
    HPDF_Page_Concat(impl(c)->page, real(sx), 0, 0, real(sy), 0, 0);
}

static void haru_rotate(struct canvas *c, double radians)
{
    double s = sin(radians), co = cos(radians);
    HPDF_Page_Concat(impl(c)->page, real(co), real(s), real(-s), real(co), 0, 0);
}

/* The libharu font (utf: the UTF-8 one), its file loaded and embedded on first use; NULL
 * after canvas_fail(). */
static HPDF_Font font_of(struct canvas *c, enum canvas_font font, int utf)
{
    struct haru_impl *hi = impl(c);
    if (hi->fonts[font][utf])
        return hi->fonts[font][utf];
    if (!hi->font_names[font]) {
        char *path = canvas_font_path(c, font);
        struct strbuf doing = STRBUF_INIT;
        strbuf_printf(&doing, "loading font %s", path);
        hi->doing = strbuf_cstr(&doing);
        hi->font_names[font] = HPDF_LoadTTFontFromFile(hi->pdf, path, HPDF_TRUE);
        hi->doing = NULL;
        strbuf_free(&doing);
        free(path);
        if (!hi->font_names[font])
            return NULL;
    }
    hi->fonts[font][utf] = HPDF_GetFont(hi->pdf, hi->font_names[font], utf ? "UTF-8" : "WinAnsiEncoding");
    return hi->fonts[font][utf];
}

/* The byte of a character in WinAnsiEncoding (Windows-1252), or 0 when it has none. */
static unsigned char winansi(long cp)
{
    /* 0x80..0x9F: the characters Windows-1252 puts where Latin-1 has control codes. */
    static const unsigned short high[32] = {
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    };
    if ((cp >= 0x20 && cp < 0x7F) || (cp >= 0xA1 && cp <= 0xFF))
        return (unsigned char)cp;
    for (int i = 0; i < 32; i++)
        if (high[i] && high[i] == cp)
            return (unsigned char)(0x80 + i);
    return 0;
}

/* The text in WinAnsiEncoding into out; returns 0, or -1 when a character has no byte there. */
static int to_winansi(const char *utf8, struct strbuf *out)
{
    strbuf_reset(out);
    for (const char *p = utf8; *p;) {
        unsigned char b = winansi(canvas_font_utf8_next(&p));
        if (!b)
            return -1;
        strbuf_putc(out, (char)b);
    }
    return 0;
}

/* The font for utf8 and the bytes to show with it (in bytes when they are not utf8 itself);
 * NULL after canvas_fail(). */
static HPDF_Font font_for(struct canvas *c, enum canvas_font font, const char *utf8,
                          struct strbuf *bytes, const char **show)
{
    int utf = to_winansi(utf8, bytes) != 0;
    *show = utf ? utf8 : strbuf_cstr(bytes);
    return font_of(c, font, utf);
}

static double width_of(HPDF_Font f, double size, const char *text)
{
    HPDF_TextWidth tw = HPDF_Font_TextWidth(f, (const HPDF_BYTE *)text, (HPDF_UINT)strlen(text));
    return tw.width * size / 1000;
}

static void haru_text(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                      double x, double y, enum canvas_align align, const char *utf8)
{
    if (!*utf8)
        return;
    struct strbuf bytes = STRBUF_INIT;
    const char *show;
    HPDF_Font f = font_for(c, font, utf8, &bytes, &show);
    if (f) {
        HPDF_Page page = impl(c)->page;
        double left = canvas_align_left(align, x, width_of(f, size, show));
        set_fill(c, colour);
        HPDF_Page_BeginText(page);
        HPDF_Page_SetFontAndSize(page, f, real(size));
        HPDF_Page_SetTextMatrix(page, 1, 0, 0, -1, real(left), real(y));
        HPDF_Page_ShowText(page, show);
        HPDF_Page_EndText(page);
    }
    strbuf_free(&bytes);
}

static double haru_text_width(struct canvas *c, enum canvas_font font, double size, const char *utf8)
{
    struct strbuf bytes = STRBUF_INIT;
    const char *show;
    HPDF_Font f = font_for(c, font, utf8, &bytes, &show);
    double w = f ? width_of(f, size, show) : -1;
    strbuf_free(&bytes);
    return w;
}

const struct canvas_ops canvas_haru_ops = {
    .open = haru_open,
    .finish = haru_finish,
    .close = haru_close,
    .page_begin = haru_page_begin,
    .page_end = haru_page_end,
    .move_to = haru_move_to,
    .line_to = haru_line_to,
    .curve_to = haru_curve_to,
    .close_path = haru_close_path,
    .rect = canvas_generic_rect,
    .round_rect = canvas_generic_round_rect,
    .circle = canvas_generic_circle,
    .fill = haru_fill,
    .stroke = haru_stroke,
    .fill_stroke = haru_fill_stroke,
    .dash = haru_dash,
    .line_style = haru_line_style,
    .save = haru_save,
    .clip = haru_clip,
    .restore = haru_restore,
    .translate = haru_translate,
    .scale = haru_scale,
    .rotate = haru_rotate,
    .text = haru_text,
    .text_width = haru_text_width,
};
