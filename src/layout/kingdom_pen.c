/* The kingdom's filled sheet: the game of a struct ksheet_fill written with a pen over the
 * blank page. On the map: F, M, V for the buildings standing, carets for mountains, a wavy line
 * through the river in its flow order and off the edge, a cross for a graveyard, the monument's
 * stage numbers ringed, every lost building struck out; in the boxes and the ledger, the texts
 * as they are given. Nothing is computed here. */
#include "layout/kingdom_pen.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "layout/pen.h"

#define PEN_W 0.8
#define SQ3 1.7320508075688772

struct kpen {
    struct canvas *c;
    const struct kingdom_sheet_geom *g;
    const struct ksheet_fill *f;
    int years, graves;          /* the ledger's rows and the graveyard boxes (the data's) */
    struct rgb ink;
    struct layout_pen hand;
};

static const char *const letter[4] = {"", "F", "M", "V"};

/* A slightly bowed line, as a hand draws it (added to the current path). */
static void pen_line(struct kpen *w, double x1, double y1, double x2, double y2)
{
    layout_pen_line(&w->hand, x1, y1, x2, y2);
}

/* Text in the pen's hand. */
static void hand_text(struct kpen *w, double size, double x, double y, enum canvas_align align,
                      const char *text)
{
    layout_pen_text(&w->hand, size, w->ink, x, y, align, text);
}

static double hand_fit(struct kpen *w, double size, double width, const char *text)
{
    return layout_pen_fit(w->c, size, width, text);
}

/* Text fitted into a box, on a baseline low in it. */
/* The longest start of text (cut at a character) that fits in width at size with "..." after
 * it, into out (the handwriting has no ellipsis character). */
static void hand_cut(struct kpen *w, double size, double width, const char *text,
                     struct strbuf *out)
{
    size_t lo = 0, hi = strlen(text);
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        while (mid > lo && ((unsigned char)text[mid] & 0xC0) == 0x80)
            mid--;
        if (mid == lo)
            break;
        strbuf_reset(out);
        strbuf_append(out, text, mid);
        strbuf_puts(out, "...");
        if (canvas_text_width(w->c, layout_pen_font(text), size, strbuf_cstr(out)) <= width)
            lo = mid;
        else
            hi = mid;
    }
    strbuf_reset(out);
    strbuf_append(out, text, lo);
    strbuf_puts(out, "...");
}

static void hand_in_box(struct kpen *w, struct box b, double size, enum canvas_align align,
                        const char *text)
{
    if (!text || !*text)
        return;
    double s = hand_fit(w, fmin(size, b.h * 0.8), b.w - 4, text);
    double x = align == ALIGN_LEFT ? b.x + 2 : b.x + b.w / 2;
    /* Still too wide at the least size: cut. The fitted size can measure a hair over the
     * room (the font's metrics are not exactly linear in the size), which is no reason to cut. */
    struct strbuf cut = STRBUF_INIT;
    if (canvas_text_width(w->c, layout_pen_font(text), s, text) > b.w - 4 + 0.25) {
        hand_cut(w, s, b.w - 4, text, &cut);
        text = strbuf_cstr(&cut);
    }
    hand_text(w, s, x, b.y + b.h / 2 + s * 0.32, align, text);
    strbuf_free(&cut);
}

/* A word struck out: a rising stroke across it (centre cx, baseline y, size). */
static void struck_word(struct kpen *w, double cx, double y, double size, const char *text)
{
    double tw = canvas_text_width(w->c, layout_pen_font(text), size, text);
    hand_text(w, size, cx, y, ALIGN_CENTER, text);
    pen_line(w, cx - tw / 2 - 2.5, y - size * 0.2, cx + tw / 2 + 2.5, y - size * 0.45);
    canvas_stroke(w->c, w->ink, PEN_W);
}

/* A mountain: a caret (^), width wd, its foot at y. */
static void caret(struct kpen *w, double cx, double y, double wd)
{
    double h = wd * 0.6;
    pen_line(w, cx - wd / 2, y, cx, y - h);
    pen_line(w, cx, y - h, cx + wd / 2, y);
    canvas_stroke(w->c, w->ink, PEN_W * 1.2);
}

/* A graveyard: a cross on a little mound, in the middle of the hex. */
static void grave_mark(struct kpen *w, double cx, double cy, double s)
{
    pen_line(w, cx, cy - 0.42 * s, cx, cy + 0.2 * s);
    pen_line(w, cx - 0.17 * s, cy - 0.22 * s, cx + 0.17 * s, cy - 0.22 * s);
    pen_line(w, cx - 0.3 * s, cy + 0.23 * s, cx + 0.3 * s, cy + 0.2 * s);
    canvas_stroke(w->c, w->ink, PEN_W * 1.4);
}

/* A ring drawn by hand around (cx, cy). */
static void ring(struct kpen *w, double cx, double cy, double r)
{
    layout_pen_ring(&w->hand, cx, cy, r, r);
    canvas_stroke(w->c, w->ink, PEN_W);
}

static int graveyard_at(const struct ksheet_fill *f, int h)
{
    for (int k = 0; k < KSHEET_MAX_GRAVES; k++)
        if (f->graveyard[k] == h)
            return 1;
    return 0;
}

static int stage_at(const struct ksheet_fill *f, int h)
{
    for (int k = 0; k < KSHEET_STAGES; k++)
        if (f->monument[k] == h)
            return k + 1;
    return 0;
}

static int valid_hex(int h)
{
    return h >= 0 && h < KMAP_HEXES;
}

/* One hex: its main mark in the middle (what stands there, or else what was lost there,
 * struck out, or else the mountain); below it, a mountain under something and the other lost
 * buildings, struck out. */
static void write_hex(struct kpen *w, int h)
{
    const struct ksheet_fill *f = w->f;
    double s = w->g->side, cx = w->g->hx[h], cy = w->g->hy[h];
    int b = f->building[h] <= KSHEET_VILLAGE ? f->building[h] : KSHEET_NONE;
    int grave = graveyard_at(f, h), stage = stage_at(f, h), mountain = f->mountain[h];
    const char *lost[KSHEET_MAX_ERASED];
    int nlost = 0;
    for (int k = 0; k < KSHEET_MAX_ERASED && f->erased[h][k] != KSHEET_NONE; k++)
        if (f->erased[h][k] <= KSHEET_VILLAGE)
            lost[nlost++] = letter[f->erased[h][k]];
    double size = s * 0.62, base = cy + size * 0.38;
    int first = 0, under = mountain;
    if (b != KSHEET_NONE)
        hand_text(w, size, cx, base, ALIGN_CENTER, letter[b]);
    else if (grave)
        grave_mark(w, cx, cy, s);
    else if (stage) {
        char num[4] = {(char)('0' + stage), 0};
        hand_text(w, size, cx, cy + size * 0.36, ALIGN_CENTER, num);
        ring(w, cx, cy + size * 0.02, s * 0.34);
    } else if (mountain) {
        caret(w, cx, cy + s * 0.3, s * 0.8);
        under = 0;
    } else if (nlost > 0) {
        struck_word(w, cx, base, size, lost[0]);
        first = 1;
    }
    /* The row below: what is under or gone. */
    double small = s * 0.5, step = small * 1.3, y = cy + s * 0.72;
    int items = nlost - first + under;
    double x = cx - (items - 1) * step / 2;
    if (under) {
        caret(w, x, y, small * 0.95);
        x += step;
    }
    for (int k = first; k < nlost; k++, x += step)
        struck_word(w, x, y, small, lost[k]);
}

/* The river: a wavy line through its hexes in flow order, then off the map at the last one. */
static void write_river(struct kpen *w)
{
    const struct ksheet_fill *f = w->f;
    int n = 0, last = KMAP_NO_HEX;
    double px[KSHEET_MAX_RIVER + 1], py[KSHEET_MAX_RIVER + 1];
    for (int k = 0; k < f->nriver && k < KSHEET_MAX_RIVER; k++)
        if (valid_hex(f->river[k])) {
            last = f->river[k];
            px[n] = w->g->hx[last];
            py[n] = w->g->hy[last];
            n++;
        }
    if (n == 0)
        return;
    double s = w->g->side;
    /* Off the edge: through the side of the last hex that has no neighbour, the one most in
     * the flow's direction (away from the centre for a one-hex river). */
    const struct kmap_hex *lx = kmap_hex(last);
    static const int dq[6] = {0, 1, 1, 0, -1, -1}, dr[6] = {-1, -1, 0, 1, 1, 0};
    static const double angle[6] = {270, 330, 30, 90, 150, 210};
    int cap = kmap_capital();
    double fx = n > 1 ? px[n - 1] - px[n - 2] : px[n - 1] - w->g->hx[cap];
    double fy = n > 1 ? py[n - 1] - py[n - 2] : py[n - 1] - w->g->hy[cap];
    double best = -INFINITY, ex = px[n - 1], ey = py[n - 1];
    for (int k = 0; k < 6; k++) {
        if (kmap_at(lx->q + dq[k], lx->r + dr[k]) != KMAP_NO_HEX)
            continue;
        double a = angle[k] * 3.14159265358979323846 / 180;
        double dot = cos(a) * fx + sin(a) * fy;
        if (dot > best) {
            best = dot;
            ex = px[n - 1] + cos(a) * s * SQ3 / 2 * 1.15;
            ey = py[n - 1] + sin(a) * s * SQ3 / 2 * 1.15;
        }
    }
    px[n] = ex, py[n] = ey;
    canvas_move_to(w->c, px[0], py[0]);
    for (int k = 0; k < n; k++) {
        double dx = px[k + 1] - px[k], dy = py[k + 1] - py[k];
        double len = sqrt(dx * dx + dy * dy), a = s * 0.2;
        double nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 0;
        canvas_curve_to(w->c, px[k] + dx / 3 + nx * a, py[k] + dy / 3 + ny * a,
                        px[k] + 2 * dx / 3 - nx * a, py[k] + 2 * dy / 3 - ny * a, px[k + 1],
                        py[k + 1]);
    }
    canvas_stroke(w->c, w->ink, PEN_W * 1.5);
}

static void write_boxes(struct kpen *w)
{
    const struct kingdom_sheet_geom *g = w->g;
    const struct ksheet_fill *f = w->f;
    hand_in_box(w, g->ruler, 13, ALIGN_LEFT, f->ruler);
    hand_in_box(w, g->realm, 13, ALIGN_LEFT, f->realm);
    hand_in_box(w, g->capital, 13, ALIGN_LEFT, f->capital);
    if (f->capital && *f->capital) {
        int cap = kmap_capital();
        double s = g->side;
        struct box cb = {g->hx[cap] - s * 0.75, g->hy[cap] + s * 0.45, s * 1.5, s * 0.38};
        hand_in_box(w, cb, 10, ALIGN_CENTER, f->capital);
    }
    char num[16];
    for (int k = 0; k < KSHEET_RANGES; k++) {
        if (f->range_region[k] > 0) {
            snprintf(num, sizeof num, "%d", f->range_region[k]);
            hand_in_box(w, g->range_region[k], 12, ALIGN_CENTER, num);
        }
        if (f->range_size[k] > 0) {
            snprintf(num, sizeof num, "%d", f->range_size[k]);
            hand_in_box(w, g->range_size[k], 12, ALIGN_CENTER, num);
        }
    }
    for (int k = 0; k < KSHEET_STAGES; k++)
        if (valid_hex(f->monument[k]))
            hand_in_box(w, g->stage_hex[k], 12, ALIGN_CENTER, kmap_hex(f->monument[k])->code);
    for (int k = 0; k < w->graves; k++)
        if (valid_hex(f->graveyard[k])) {
            struct box b = g->grave[k];
            b.y += b.h * 0.3, b.h *= 0.7;
            hand_in_box(w, b, 11, ALIGN_CENTER, kmap_hex(f->graveyard[k])->code);
        }
    char result[sizeof f->result + 1];
    snprintf(result, sizeof result, "%.*s", (int)sizeof f->result, f->result);
    hand_in_box(w, g->result, 11, ALIGN_CENTER, result);
}

/* A ledger cell: on one line, or on two (split at the space nearest the middle) when one line
 * would need a size below 6.5 and the cell is tall enough for two. */
static void hand_cell(struct kpen *w, struct box b, enum canvas_align align, const char *text)
{
    if (!*text)
        return;
    double one = hand_fit(w, fmin(10.5, b.h * 0.8), b.w - 4, text);
    const char *mid = NULL;
    double half = (double)strlen(text) / 2;
    for (const char *p = strchr(text, ' '); p; p = strchr(p + 1, ' '))
        if (!mid || fabs((double)(p - text) - half) < fabs((double)(mid - text) - half))
            mid = p;
    if (one >= 6.5 || !mid || b.h < 13) {
        hand_in_box(w, b, 10.5, align, text);
        return;
    }
    struct strbuf first = STRBUF_INIT;
    strbuf_append(&first, text, (size_t)(mid - text));
    struct box top = {b.x, b.y + 0.5, b.w, b.h / 2}, bottom = {b.x, b.y + b.h / 2 - 0.5, b.w, b.h / 2};
    hand_in_box(w, top, 10.5, align, strbuf_cstr(&first));
    hand_in_box(w, bottom, 10.5, align, mid + 1);
    strbuf_free(&first);
}

static void write_ledger(struct kpen *w)
{
    const struct ksheet_fill *f = w->f;
    for (int y = 0; y < f->nrows && y < w->years; y++) {
        const struct ksheet_row *r = &f->row[y];
        const char *text[KSHEET_COLUMNS] = {NULL, r->dice, r->picks, r->built, r->traded,
                                            r->lost, r->food, r->ore};
        const size_t room[KSHEET_COLUMNS] = {0, sizeof r->dice, sizeof r->picks, sizeof r->built,
                                             sizeof r->traded, sizeof r->lost, sizeof r->food,
                                             sizeof r->ore};
        for (int k = KSHEET_COL_DICE; k < KSHEET_COLUMNS; k++) {
            enum canvas_align al = k == KSHEET_COL_FOOD || k == KSHEET_COL_ORE ? ALIGN_CENTER
                                                                                : ALIGN_LEFT;
            /* A text that fills its array without its NUL is read no further. */
            char buf[sizeof r->built + 1];
            snprintf(buf, sizeof buf, "%.*s", (int)room[k], text[k]);
            hand_cell(w, w->g->cell[y][k], al, buf);
        }
    }
}

void kingdom_pen_write(struct canvas *c, const struct kingdom_sheet_geom *geom,
                       const struct kingdom_sheet_options *o)
{
    struct kpen w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.g = geom;
    w.f = o->fill;
    w.years = o->data->year_limit < KSHEET_MAX_YEARS ? o->data->year_limit : KSHEET_MAX_YEARS;
    w.graves = o->data->graveyard_limit < KSHEET_MAX_GRAVES ? o->data->graveyard_limit : KSHEET_MAX_GRAVES;
    w.ink = o->grey ? rgb_hex(0x000000) : rgb_hex(0x1B2440);
    w.hand.c = c;
    canvas_save(c);
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    canvas_dash(c, NULL, 0);
    write_river(&w);
    for (int h = 0; h < KMAP_HEXES; h++)
        write_hex(&w, h);
    write_boxes(&w);
    write_ledger(&w);
    canvas_restore(c);
}
