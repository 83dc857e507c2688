/* Layout helpers every sheet shares: paper, palette, fitted and wrapped text, headings. */
#include "layout/common.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/xalloc.h"

static const struct paper papers[] = {
    {"a4", "A4", 595.28, 841.89},
    {"letter", "Letter", 612.0, 792.0},
};

const struct paper *layout_paper_find(const char *name)
{
    for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++)
        if (strcasecmp(name, papers[i].name) == 0)
            return &papers[i];
    return NULL;
}

struct box layout_page_area(const struct paper *p)
{
    struct box b = {LAYOUT_MARGIN, LAYOUT_MARGIN, p->width - 2 * LAYOUT_MARGIN,
                    p->height - 2 * LAYOUT_MARGIN - LAYOUT_FOOTER_H};
    return b;
}

void layout_palette(struct palette *pal, int grey)
{
    memset(pal, 0, sizeof *pal);
    pal->grey = grey;
    pal->paper = rgb_hex(0xFFFFFF);
    if (!grey) {
        pal->ink = rgb_hex(0x1E1A16);
        pal->soft = rgb_hex(0x463D33);
        pal->muted = rgb_hex(0x6A5F52);
        pal->line = rgb_hex(0x8F8372);
        pal->rule = rgb_hex(0x8A6A43);
        pal->band = rgb_hex(0xF2E8D2);
        pal->band_ink = rgb_hex(0x3A2816);
        pal->shade = rgb_hex(0xF5F0E6);
        pal->req = rgb_hex(0xB3261E);
        pal->req_fill = rgb_hex(0xFCECEA);
        pal->cost = rgb_hex(0x1E4E8C);
        pal->cost_fill = rgb_hex(0xE7EFF9);
        pal->accent = rgb_hex(0x5C4630);
        pal->accent_fill = rgb_hex(0xFBF7EE);
    } else {
        /* Greys picked for a home laser printer: fills stay light enough to write on, and
         * requirements (black, solid tab) differ from costs (mid grey, light tab) by style. */
        pal->ink = rgb_hex(0x1A1A1A);
        pal->soft = rgb_hex(0x3C3C3C);
        pal->muted = rgb_hex(0x5E5E5E);
        pal->line = rgb_hex(0x808080);
        pal->rule = rgb_hex(0x707070);
        pal->band = rgb_hex(0xE9E9E9);
        pal->band_ink = rgb_hex(0x1A1A1A);
        pal->shade = rgb_hex(0xF1F1F1);
        pal->req = rgb_hex(0x000000);
        pal->req_fill = rgb_hex(0xFFFFFF);
        pal->cost = rgb_hex(0x404040);
        pal->cost_fill = rgb_hex(0xE8E8E8);
        pal->accent = rgb_hex(0x333333);
        pal->accent_fill = rgb_hex(0xFAFAFA);
    }
}

/* ---- text fitting ---- */

/* The bold serif only covers ASCII: cut text there with three dots. */
static const char *ellipsis(enum canvas_font font)
{
    return font == FONT_SERIF_BOLD ? "..." : "\xe2\x80\xa6";
}

/* Puts text[0..len), trailing spaces dropped, and an ellipsis into sb; 1 when it fits in width. */
static int prefix_fits(struct canvas *c, enum canvas_font font, double size, double width,
                       const char *text, size_t len, struct strbuf *sb)
{
    while (len > 0 && text[len - 1] == ' ')
        len--;
    strbuf_reset(sb);
    strbuf_append(sb, text, len);
    strbuf_puts(sb, ellipsis(font));
    return canvas_text_width(c, font, size, strbuf_cstr(sb)) <= width;
}

/* Length of the longest prefix of text (cut at a UTF-8 character boundary, trailing spaces
 * dropped) that, followed by an ellipsis, fits in width; the text is put in out. */
static void cut_with_ellipsis(struct canvas *c, enum canvas_font font, double size, double width,
                              const char *text, struct strbuf *out)
{
    struct strbuf sb = STRBUF_INIT;
    /* A longer prefix is never narrower, so a binary search over the character boundaries
     * finds the longest one that fits: a footer made of a 100 kB --roll value must not take
     * one measurement per character (that took minutes). lo fits (0: nothing kept), hi does
     * not (the whole text did not fit). */
    size_t lo = 0, hi = strlen(text);
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        while (mid > lo && ((unsigned char)text[mid] & 0xC0) == 0x80)
            mid--;
        if (mid == lo) {
            mid = lo + (hi - lo) / 2;
            while (mid < hi && ((unsigned char)text[mid] & 0xC0) == 0x80)
                mid++;
            if (mid == hi)
                break;
        }
        if (prefix_fits(c, font, size, width, text, mid, &sb))
            lo = mid;
        else
            hi = mid;
    }
    strbuf_reset(&sb);
    if (lo > 0)
        prefix_fits(c, font, size, width, text, lo, &sb);
    else if (canvas_text_width(c, font, size, ellipsis(font)) <= width)
        strbuf_puts(&sb, ellipsis(font));
    strbuf_reset(out);
    strbuf_append(out, sb.data ? sb.data : "", sb.len);
    strbuf_free(&sb);
}

double layout_fit(struct canvas *c, enum canvas_font font, double size, double min_size,
                  double width, const char *text, struct strbuf *out)
{
    strbuf_reset(out);
    if (min_size > size)
        min_size = size;
    double w = canvas_text_width(c, font, size, text);
    if (w <= width) {
        strbuf_puts(out, text);
        return size;
    }
    /* Width is proportional to size: one division finds the size, then a small step down
     * absorbs rounding. */
    double s = floor(size * width / w * 100) / 100;
    if (s >= min_size) {
        while (s > min_size && canvas_text_width(c, font, s, text) > width)
            s -= 0.05;
        if (s >= min_size && canvas_text_width(c, font, s, text) <= width) {
            strbuf_puts(out, text);
            return s;
        }
    }
    cut_with_ellipsis(c, font, min_size, width, text, out);
    return min_size;
}

double layout_text_fit(struct canvas *c, enum canvas_font font, double size, double min_size,
                       struct rgb colour, double x, double y, double width,
                       enum canvas_align align, const char *text)
{
    struct strbuf sb = STRBUF_INIT;
    double s = layout_fit(c, font, size, min_size, width, text, &sb);
    double w = 0;
    if (sb.len > 0) {
        w = canvas_text_width(c, font, s, strbuf_cstr(&sb));
        canvas_text(c, font, s, colour, x, y, align, strbuf_cstr(&sb));
    }
    strbuf_free(&sb);
    return w;
}

/* ---- wrapping ---- */

void layout_lines_free(struct layout_lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->line[i]);
    free(l->line);
    memset(l, 0, sizeof *l);
}

static void lines_push(struct layout_lines *l, const char *s, size_t n)
{
    void *p = l->line;
    xgrow(&p, &l->cap, l->n + 1, sizeof *l->line);
    l->line = p;
    l->line[l->n++] = xstrndup(s, n);
}

static void lines_clear(struct layout_lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->line[i]);
    l->n = 0;
}

size_t layout_wrap(struct canvas *c, enum canvas_font font, double size, double width,
                   const char *text, struct layout_lines *out)
{
    lines_clear(out);
    struct strbuf line = STRBUF_INIT, trial = STRBUF_INIT;
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (*p == '\n') {
            lines_push(out, line.data ? line.data : "", line.len);
            strbuf_reset(&line);
            p++;
            continue;
        }
        /* The next word, with a hyphen kept at its end as a break point. */
        const char *e = p;
        while (*e && *e != ' ' && *e != '\n' && !(e > p && e[-1] == '-'))
            e++;
        strbuf_reset(&trial);
        strbuf_append(&trial, line.data ? line.data : "", line.len);
        if (line.len > 0 && line.data[line.len - 1] != '-')
            strbuf_putc(&trial, ' ');
        strbuf_append(&trial, p, (size_t)(e - p));
        if (canvas_text_width(c, font, size, strbuf_cstr(&trial)) <= width) {
            strbuf_reset(&line);
            strbuf_append(&line, trial.data, trial.len);
            p = e;
            continue;
        }
        if (line.len > 0) {
            lines_push(out, line.data, line.len);
            strbuf_reset(&line);
            continue;
        }
        /* A single word wider than the line: cut it. */
        char *word = xstrndup(p, (size_t)(e - p));
        cut_with_ellipsis(c, font, size, width, word, &line);
        free(word);
        lines_push(out, line.data ? line.data : "", line.len);
        strbuf_reset(&line);
        p = e;
    }
    if (line.len > 0)
        lines_push(out, line.data, line.len);
    strbuf_free(&line);
    strbuf_free(&trial);
    return out->n;
}

double layout_text_box(struct canvas *c, enum canvas_font font, double size, double min_size,
                       double leading, struct rgb colour, struct box b, enum canvas_align align,
                       const char *text, int draw)
{
    struct layout_lines lines = {0};
    if (min_size > size)
        min_size = size;
    double s = size;
    for (;;) {
        layout_wrap(c, font, s, b.w, text, &lines);
        /* First baseline at the ascent (about 0.8 size), the next ones leading * size apart. */
        double need = 0.8 * s + (double)(lines.n > 0 ? lines.n - 1 : 0) * leading * s + 0.25 * s;
        if (need <= b.h || s <= min_size)
            break;
        s = fmax(min_size, s - 0.25);
    }
    size_t fit = lines.n;
    double room = b.h - 0.8 * s - 0.25 * s;
    size_t max_lines = room < 0 ? 1 : (size_t)floor(room / (leading * s) + 1e-9) + 1;
    if (fit > max_lines) {
        fit = max_lines;
        /* The last line that fits says the text goes on. */
        struct strbuf sb = STRBUF_INIT, cut = STRBUF_INIT;
        strbuf_puts(&sb, lines.line[fit - 1]);
        strbuf_puts(&sb, " ");
        strbuf_puts(&sb, lines.line[fit]);
        cut_with_ellipsis(c, font, s, b.w, strbuf_cstr(&sb), &cut);
        free(lines.line[fit - 1]);
        lines.line[fit - 1] = strbuf_detach(&cut);
        strbuf_free(&sb);
    }
    if (draw) {
        double x = align == ALIGN_LEFT ? b.x : align == ALIGN_CENTER ? b.x + b.w / 2 : b.x + b.w;
        for (size_t i = 0; i < fit; i++)
            canvas_text(c, font, s, colour, x, b.y + 0.8 * s + (double)i * leading * s, align,
                        lines.line[i]);
    }
    layout_lines_free(&lines);
    return s;
}

/* ---- small capitals, headings, footer ---- */

/* The x of the left edge of a text of this width drawn at x with this alignment. */
static double left_edge(enum canvas_align align, double x, double width)
{
    return align == ALIGN_LEFT ? x : align == ALIGN_CENTER ? x - width / 2 : x - width;
}

static int breaks_word(char ch)
{
    return ch == ' ' || ch == '-' || ch == '/';
}

/* The end of the run starting at p: one capital at a word start, else up to the next start. */
static const char *caps_run(const char *text, const char *p, int *big)
{
    *big = *p != ' ' && (p == text || breaks_word(p[-1]));
    if (*big)
        return p + 1;
    const char *e = p + 1;
    while (*e && !(breaks_word(e[-1]) && *e != ' '))
        e++;
    return e;
}

double layout_small_caps(struct canvas *c, enum canvas_font font, double size, struct rgb colour,
                         double x, double y, enum canvas_align align, const char *text, int draw)
{
    double total = 0;
    int big;
    for (const char *p = text, *e; *p; p = e) {
        e = caps_run(text, p, &big);
        char *run = xstrndup(p, (size_t)(e - p));
        total += canvas_text_width(c, font, big ? size : 0.8 * size, run);
        free(run);
    }
    if (!draw)
        return total;
    double pen = left_edge(align, x, total);
    for (const char *p = text, *e; *p; p = e) {
        e = caps_run(text, p, &big);
        char *run = xstrndup(p, (size_t)(e - p));
        double s = big ? size : 0.8 * size;
        canvas_text(c, font, s, colour, pen, y, ALIGN_LEFT, run);
        pen += canvas_text_width(c, font, s, run);
        free(run);
    }
    return total;
}

void layout_heading(struct canvas *c, const struct palette *pal, struct box b, const char *title,
                    const char *note)
{
    canvas_rect(c, b.x, b.y, b.w, b.h);
    canvas_fill(c, pal->band);
    canvas_move_to(c, b.x, b.y + b.h);
    canvas_line_to(c, b.x + b.w, b.y + b.h);
    canvas_stroke(c, pal->rule, 0.8);
    double size = fmin(12.0, b.h * 0.72);
    double base = b.y + b.h * 0.5 + size * 0.33;
    double tw = layout_small_caps(c, FONT_SERIF_BOLD, size, pal->band_ink, b.x + 5, base, ALIGN_LEFT,
                                  title, 1);
    if (note && *note) {
        double left = b.x + 5 + tw + 12;
        double w = b.x + b.w - 5 - left;
        if (w > 20)
            layout_text_fit(c, FONT_SANS, 7.0, LAYOUT_MIN_TEXT, pal->soft, b.x + b.w - 5,
                            b.y + b.h * 0.5 + 2.4, w, ALIGN_RIGHT, note);
    }
}

void layout_footer(struct canvas *c, const struct palette *pal, const struct paper *p,
                   const char *text)
{
    struct box a = layout_page_area(p);
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "xii %s \xc2\xb7 %s", XII_VERSION, text);
    double y = a.y + a.h + LAYOUT_FOOTER_H - 2;
    layout_text_fit(c, FONT_SANS, LAYOUT_MIN_TEXT, LAYOUT_MIN_TEXT, pal->muted, a.x + a.w, y, a.w,
                    ALIGN_RIGHT, strbuf_cstr(&sb));
    strbuf_free(&sb);
}

/* ---- cells and dice ---- */

void layout_cell(struct canvas *c, const struct palette *pal, struct box b, int shaded)
{
    canvas_rect(c, b.x, b.y, b.w, b.h);
    if (shaded)
        canvas_fill_stroke(c, pal->shade, pal->line, 0.5);
    else
        canvas_stroke(c, pal->line, 0.5);
}

void layout_cells(struct canvas *c, const struct palette *pal, double x, double y, double cw,
                  double h, int n, int shaded)
{
    if (n <= 0)
        return;
    if (shaded > n)
        shaded = n;
    if (shaded > 0) {
        canvas_rect(c, x, y, cw * shaded, h);
        canvas_fill(c, pal->shade);
    }
    for (int i = 1; i < n; i++) {
        canvas_move_to(c, x + cw * i, y);
        canvas_line_to(c, x + cw * i, y + h);
    }
    canvas_stroke(c, pal->line, 0.5);
    canvas_rect(c, x, y, cw * n, h);
    canvas_stroke(c, pal->line, 0.6);
}

void layout_die(struct canvas *c, const struct palette *pal, double x, double y, double s,
                int value)
{
    canvas_round_rect(c, x, y, s, s, s * 0.18);
    canvas_fill_stroke(c, pal->accent_fill, pal->accent, 0.8);
    /* Pip positions on a 3x3 grid, per face. */
    static const char *faces[6] = {"....x....", "x.......x", "x...x...x",
                                   "x.x...x.x", "x.x.x.x.x", "x.xx.xx.x"};
    if (value < 1 || value > 6)
        return;
    const char *f = faces[value - 1];
    for (int i = 0; i < 9; i++) {
        if (f[i] != 'x')
            continue;
        double cx = x + s * (0.25 + 0.25 * (i % 3));
        double cy = y + s * (0.25 + 0.25 * (i / 3));
        canvas_circle(c, cx, cy, s * 0.085);
        canvas_fill(c, pal->accent);
    }
}

/* ---- requirement and cost tags ---- */

/* One part of a tag: an optional icon and a text. */
struct tag_part {
    const char *icon;   /* icon id, or NULL */
    char text[64];
};

/* Lower-case copy of an item's printed name ("MASTER BUILDER" -> "master builder"). */
static void lower_name(const char *name, char *out, size_t n)
{
    size_t i = 0;
    for (; name[i] && i + 1 < n; i++)
        out[i] = (name[i] >= 'A' && name[i] <= 'Z') ? (char)(name[i] - 'A' + 'a') : name[i];
    out[i] = 0;
}

/* The part for an asset: its icon when the set has one, else its id, the short word the log
 * uses ("25 supply"; the printed name, "STONE, WOOD AND IRON SUPPLY", would not fit a tag). */
static void asset_part(const struct gamedata *gd, const struct icon_set *icons, int asset,
                       const char *num, int number_first, struct tag_part *p)
{
    const struct gd_asset *as = &gd->assets[asset];
    if (icons && icons_has(icons, as->id)) {
        p->icon = as->id;
        snprintf(p->text, sizeof p->text, "%s", num);
        return;
    }
    p->icon = NULL;
    if (number_first)
        snprintf(p->text, sizeof p->text, "%s %s", num, as->id);
    else
        snprintf(p->text, sizeof p->text, "%s %s", as->id, num);
}

static int req_parts(const struct gamedata *gd, const struct icon_set *icons,
                     const struct gd_req *req, int nreq, struct tag_part *parts)
{
    int n = 0;
    char num[24];
    for (int i = 0; i < nreq; i++) {
        const struct gd_req *r = &req[i];
        struct tag_part *p = &parts[n];
        switch (r->kind) {
        case REQ_ASSET_GE:
        case REQ_ASSET_EQ:
            snprintf(num, sizeof num, "%s%d", r->kind == REQ_ASSET_GE ? "\xe2\x89\xa5" : "=",
                     r->value);
            asset_part(gd, icons, r->asset, num, 0, p);
            n++;
            break;
        case REQ_REPUTATION_GE:
            p->icon = icons && icons_has(icons, "reputation") ? "reputation" : NULL;
            snprintf(p->text, sizeof p->text, "%s\xe2\x89\xa5%d", p->icon ? "" : "reputation ",
                     r->value);
            n++;
            break;
        case REQ_HAS:
            p->icon = NULL;
            lower_name(gd->items[r->item].name, p->text, sizeof p->text);
            n++;
            break;
        case REQ_SCORE_GE:
            break;
        }
    }
    return n;
}

static int cost_parts(const struct gamedata *gd, const struct icon_set *icons,
                      const struct gd_cost *cost, int ncost, struct tag_part *parts)
{
    char num[16];
    for (int i = 0; i < ncost; i++) {
        snprintf(num, sizeof num, "%d", cost[i].amount);
        asset_part(gd, icons, cost[i].asset, num, 1, &parts[i]);
    }
    return ncost;
}

#define TAG_PAD 2.5
#define TAG_GAP 5.0

/* Lays out (and draws when pal is not NULL) a tag; returns its width. Costs put the number
 * before the icon ("15 food"), requirements after it ("population >= 8"). */
static double tag(struct canvas *c, const struct palette *pal, enum tag_kind kind,
                  const struct tag_part *parts, int n, const struct tag_style *st, double x,
                  double y)
{
    if (n == 0)
        return 0;
    const char *label = kind == TAG_NEEDS ? "needs" : "pay";
    double label_size = LAYOUT_MIN_TEXT;
    double tab = canvas_text_width(c, FONT_SANS_BOLD, label_size, label) + 2 * TAG_PAD;
    double icon = st->height - 3;
    double w = tab + TAG_PAD;
    for (int i = 0; i < n; i++) {
        if (i > 0)
            w += TAG_GAP;
        w += canvas_text_width(c, FONT_SANS, st->size, parts[i].text);
        if (parts[i].icon)
            w += icon + 1;
    }
    w += TAG_PAD;
    if (!pal)
        return w;
    struct rgb ink = kind == TAG_NEEDS ? pal->req : pal->cost;
    struct rgb body = kind == TAG_NEEDS ? pal->req_fill : pal->cost_fill;
    double r = 2.2, h = st->height;
    canvas_round_rect(c, x, y, w, h, r);
    canvas_fill_stroke(c, body, ink, 0.7);
    /* The tab: solid for requirements (white label), outlined for costs (ink label). The
     * same tab comes on every tag of its kind: a form. */
    char key[160];
    snprintf(key, sizeof key, "tag-tab %d %.17g %.17g %.17g %.17g", (int)kind, h, ink.r, ink.g,
             ink.b);
    canvas_save(c);
    canvas_translate(c, x, y);
    if (!canvas_form_begin(c, key, 0, -1, -1, tab + 2, h + 2)) {
        if (kind == TAG_NEEDS) {
            canvas_round_rect(c, 0, 0, tab, h, r);
            canvas_fill(c, ink);
            canvas_rect(c, tab - r, 0, r, h);
            canvas_fill(c, ink);
        } else {
            canvas_rect(c, r, 0.35, tab - r, h - 0.7);
            canvas_fill(c, pal->paper);
            canvas_round_rect(c, 0.35, 0.35, tab, h - 0.7, r);
            canvas_fill(c, pal->paper);
            canvas_move_to(c, tab, 0);
            canvas_line_to(c, tab, h);
            canvas_stroke(c, ink, 0.7);
        }
        canvas_text(c, FONT_SANS_BOLD, label_size, kind == TAG_NEEDS ? pal->paper : ink,
                    tab / 2, h / 2 + label_size * 0.36, ALIGN_CENTER, label);
    }
    canvas_form_end(c);
    canvas_restore(c);
    double base = y + h / 2 + st->size * 0.36;
    double pen = x + tab + TAG_PAD;
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            /* A hairline between two parts: "town walls | barbican" reads as two. */
            canvas_move_to(c, pen + TAG_GAP / 2, y + 2.5);
            canvas_line_to(c, pen + TAG_GAP / 2, y + st->height - 2.5);
            canvas_stroke(c, ink, 0.4);
            pen += TAG_GAP;
        }
        double tw = canvas_text_width(c, FONT_SANS, st->size, parts[i].text);
        if (kind == TAG_PAY) {
            canvas_text(c, FONT_SANS, st->size, ink, pen, base, ALIGN_LEFT, parts[i].text);
            pen += tw;
            if (parts[i].icon) {
                layout_icon(c, st->icons, parts[i].icon, pen + 1, y + 1.5, icon, ink);
                pen += icon + 1;
            }
        } else {
            if (parts[i].icon) {
                layout_icon(c, st->icons, parts[i].icon, pen, y + 1.5, icon, ink);
                pen += icon + 1;
            }
            canvas_text(c, FONT_SANS, st->size, ink, pen, base, ALIGN_LEFT, parts[i].text);
            pen += tw;
        }
    }
    return w;
}

double layout_tag_label(struct canvas *c, const struct palette *pal, enum tag_kind kind, double x,
                        double y, double height)
{
    const char *label = kind == TAG_NEEDS ? "needs" : "pay";
    double w = canvas_text_width(c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, label) + 2 * TAG_PAD;
    struct rgb ink = kind == TAG_NEEDS ? pal->req : pal->cost;
    canvas_round_rect(c, x, y, w, height, 2.2);
    if (kind == TAG_NEEDS)
        canvas_fill_stroke(c, ink, ink, 0.7);
    else
        canvas_fill_stroke(c, pal->paper, ink, 0.7);
    canvas_text(c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, kind == TAG_NEEDS ? pal->paper : ink, x + w / 2,
                y + height / 2 + LAYOUT_MIN_TEXT * 0.36, ALIGN_CENTER, label);
    return w;
}

double layout_req_tag_width(struct canvas *c, const struct gamedata *gd, const struct gd_req *req,
                            int nreq, const struct tag_style *st)
{
    struct tag_part parts[GD_MAX_REQS];
    return tag(c, NULL, TAG_NEEDS, parts, req_parts(gd, st->icons, req, nreq, parts), st, 0, 0);
}

double layout_cost_tag_width(struct canvas *c, const struct gamedata *gd, const struct gd_cost *cost,
                             int ncost, const struct tag_style *st)
{
    struct tag_part parts[GD_MAX_COSTS];
    return tag(c, NULL, TAG_PAY, parts, cost_parts(gd, st->icons, cost, ncost, parts), st, 0, 0);
}

double layout_req_tag(struct canvas *c, const struct palette *pal, const struct gamedata *gd,
                      const struct gd_req *req, int nreq, const struct tag_style *st, double x,
                      double y)
{
    struct tag_part parts[GD_MAX_REQS];
    return tag(c, pal, TAG_NEEDS, parts, req_parts(gd, st->icons, req, nreq, parts), st, x, y);
}

double layout_cost_tag(struct canvas *c, const struct palette *pal, const struct gamedata *gd,
                       const struct gd_cost *cost, int ncost, const struct tag_style *st, double x,
                       double y)
{
    struct tag_part parts[GD_MAX_COSTS];
    return tag(c, pal, TAG_PAY, parts, cost_parts(gd, st->icons, cost, ncost, parts), st, x, y);
}

int layout_icon(struct canvas *c, const struct icon_set *icons, const char *id, double x, double y,
                double size, struct rgb colour)
{
    if (!icons || !id || !icons_has(icons, id))
        return -1;
    return icons_draw(c, icons, id, x, y, size, colour);
}
