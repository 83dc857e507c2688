/* The kingdom's page: the title line with the names, the map (every hex's code, the regions'
 * thick borders and numbers, ring 1 outlined, the capital) with the setup dice, graveyards,
 * result and marks in its four empty corners, the side column (monument, buildings, fate,
 * setup), the six steps of a year and the ledger. Sizes stretch between a minimum and a
 * maximum so the same code fills A4 and Letter; a filled sheet is written over it by
 * kingdom_pen.c. */
#include "layout/kingdom_sheet.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "layout/kingdom_pen.h"

#define MM (72.0 / 25.4)
#define SQ3 1.7320508075688772
#define GAP 6.0
#define BAND_H 14.0
#define TITLE_H 24.0
#define SIDE_MIN 140.0          /* the side column's least width */
#define SIDE_GAP 8.0
#define LEDGER_HEAD_H 12.0
#define LEDGER_ROW_MIN 13.0
#define LEDGER_ROW_MAX 24.0
#define HALF_GAP 8.0
/* The map's box is 14 x 9 sqrt(3) sides; the region numbers stand a quarter side outside it. */
#define MAP_W 14.0
#define MAP_H (9 * SQ3)
#define MAP_PAD 0.25
/* The corner boxes, in sides, clear of the hexes and of the region numbers. */
#define CORNER_W 3.25
#define CORNER_H 1.85

/* The sheet's words; every number in them comes from the game data (struct kdata). */
struct kbuild {
    const char *name, *icon, *where;
    const char *yield;          /* a format: the better yield, then the plain one */
};
static const struct kbuild builds[KB_BUILDINGS] = {
    {"FARM", "farm", "Empty hex", "%d food next to the river, else %d"},
    {"MINE", "mine", "Empty hex or free mountain", "%d ore on a mountain, else %d"},
    {"VILLAGE", "village", "Empty hex, no village next to it",
     "%d work next to a farm or mine, else %d"},
};

static const char *const stage_where[KSTAGES] = {"empty hex by the capital", "empty hex by a stage",
                                                 "empty hex by a stage"};

static const char *const fate_name[6] = {"Disaster", "Hard times", "Big harvest", "Strike ore",
                                         "Efficiency", "Your choice"};

static const char *const step_name[7] = {"Setup.", "Fate.", "Produce.", "Build.", "Trade.",
                                         "Feed.", "End of the year."};

#define TEXT_MAX 512
/* The texts with the data's numbers written in. */
struct ktexts {
    char yield[KB_BUILDINGS][96];
    char effect[KSTAGES][64];
    char fate[6][64];
    char feed[32];
    char steps[7][TEXT_MAX];
    char lost[48];
    char subtitle[48];
};

/* "first" to "tenth", then "11th", "21st", "22nd"... */
static void ordinal(char *out, size_t n, int k)
{
    static const char *const word[] = {"first", "second", "third", "fourth", "fifth", "sixth",
                                       "seventh", "eighth", "ninth", "tenth"};
    static const char *const suffix[] = {"th", "st", "nd", "rd"};
    int last = k % 100 >= 11 && k % 100 <= 13 ? 0 : k % 10;
    if (k >= 1 && k <= 10)
        snprintf(out, n, "%s", word[k - 1]);
    else
        snprintf(out, n, "%d%s", k, suffix[last <= 3 ? last : 0]);
}

/* The numbers up to twenty in words, digits beyond. */
static void cardinal(char *out, size_t n, int k)
{
    static const char *const word[] = {"zero", "one", "two", "three", "four", "five", "six",
                                       "seven", "eight", "nine", "ten", "eleven", "twelve",
                                       "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                       "eighteen", "nineteen", "twenty"};
    if (k >= 0 && k <= 20)
        snprintf(out, n, "%s", word[k]);
    else
        snprintf(out, n, "%d", k);
}

/* Writes the data's numbers into the sheet's texts. */
static void texts_init(struct ktexts *x, const struct kdata *d)
{
    for (int b = 0; b < KB_BUILDINGS; b++)
        snprintf(x->yield[b], sizeof x->yield[b], builds[b].yield, d->yield_best[b], d->yield[b]);
    for (int k = 0; k < KSTAGES; k++) {
        if (d->stage_effect[k] == KEFF_REROLL)
            snprintf(x->effect[k], sizeof x->effect[k], "then: one fate die may be rolled again");
        else if (d->stage_effect[k] == KEFF_CAPITAL)
            snprintf(x->effect[k], sizeof x->effect[k], "then: the capital gives %d",
                     d->capital_picks_more);
        else
            snprintf(x->effect[k], sizeof x->effect[k], "then: the game can be won");
    }
    snprintf(x->fate[0], sizeof x->fate[0], "erase a building of your choice");
    snprintf(x->fate[1], sizeof x->fate[1], "each total %d lower this year", d->hard_times);
    snprintf(x->fate[2], sizeof x->fate[2], "+1 food per farm (at least %d)", d->bonus_min);
    snprintf(x->fate[3], sizeof x->fate[3], "+1 ore per mine (at least %d)", d->bonus_min);
    snprintf(x->fate[4], sizeof x->fate[4], "+1 work per village (at least %d)", d->bonus_min);
    snprintf(x->fate[5], sizeof x->fate[5], "two different results of 1-5");
    snprintf(x->feed, sizeof x->feed, "each eats %d food", d->feed);
    snprintf(x->steps[0], TEXT_MAX, "%s",
             "Roll a region die and a size die: that many connected mountains in the region; "
             "again for a second range (same region: the next one). River: from next to the "
             "larger range, each hex next to the last, 1 nearer the capital down to 1, then away, "
             "off the edge. Free: a farm by the river, a mine on a mountain, a village next to "
             "either.");
    snprintf(x->steps[1], TEXT_MAX,
             "Roll two dice; every result applies (fate table). From monument stage %d you may "
             "roll one of them again, once; the new value stands.", d->effect_stage[KEFF_REROLL]);
    snprintf(x->steps[2], TEXT_MAX,
             "Farm %d food, %d by the river. Mine %d ore, %d on a mountain. Village %d work, %d "
             "next to a farm or mine. Next to a graveyard: %d less. Capital: %d of any kind, %d "
             "from stage %d. Add the fate bonuses.",
             d->yield[KB_FARM], d->yield_best[KB_FARM], d->yield[KB_MINE], d->yield_best[KB_MINE],
             d->yield[KB_VILLAGE], d->yield_best[KB_VILLAGE], d->graveyard_penalty,
             d->capital_picks, d->capital_picks_more, d->effect_stage[KEFF_CAPITAL]);
    snprintf(x->steps[3], TEXT_MAX, "%s",
             "Build what you can pay, in any order (tables at the right), the monument's stages "
             "1, 2, 3 in turn. Draw it on the map; write it under Built.");
    snprintf(x->steps[4], TEXT_MAX, "%d work buy 1 food or 1 ore, as often as you like; only now.",
             d->trade_work);
    snprintf(x->steps[5], TEXT_MAX,
             "Each farm, mine and village eats %d food. For each food short, erase a building of "
             "your choice and draw a graveyard there.", d->feed);
    snprintf(x->steps[6], TEXT_MAX,
             "Unused work is lost; write food and ore in the ledger. Stage %d standing and nothing "
             "starved this year: won. Not by the end of year %d: lost.", d->effect_stage[KEFF_WIN],
             d->year_limit);
    char word[24];
    ordinal(word, sizeof word, d->graveyard_limit);
    snprintf(x->lost, sizeof x->lost, "the %s: lost", word);
    cardinal(word, sizeof word, d->year_limit);
    snprintf(x->subtitle, sizeof x->subtitle, "a realm in %s years", word);
}

static const char *const ledger_note =
    "Picks: a 6's two results, the capital's. Built: F H4 M G6; 1 E4 = stage 1. Lost: D hex "
    "(disaster), G hex (graveyard). Food, ore: at year end.";

static const char *const column_label[KSHEET_COLUMNS] = {"YEAR", "DICE", "PICKS", "BUILT",
                                                         "TRADED", "LOST", "FOOD", "ORE"};
/* How the room left after the labels goes to the columns. */
static const double column_weight[KSHEET_COLUMNS] = {0, 1.0, 1.3, 3.4, 0.3, 1.4, 0, 0};

struct ks {
    struct canvas *c;
    const struct kingdom_sheet_options *o;
    struct palette pal;
    struct box area;
    struct kingdom_sheet_geom *g;
    double s;           /* hex side */
    double mx, my;      /* the map box's top-left */
    struct ktexts x;    /* the texts with the data's numbers */
};

static struct box mkbox(double x, double y, double w, double h)
{
    struct box b = {x, y, w, h};
    return b;
}

static void hline(struct ks *t, double x1, double x2, double y, struct rgb col, double w)
{
    canvas_move_to(t->c, x1, y);
    canvas_line_to(t->c, x2, y);
    canvas_stroke(t->c, col, w);
}

static void vline(struct ks *t, double x, double y1, double y2, struct rgb col, double w)
{
    canvas_move_to(t->c, x, y1);
    canvas_line_to(t->c, x, y2);
    canvas_stroke(t->c, col, w);
}

/* A small upper-case label (sans bold, soft ink). */
static void label(struct ks *t, double x, double y, enum canvas_align align, const char *text)
{
    canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.soft, x, y, align, text);
}

/* An icon of the set, or nothing when it is missing (the words next to it still say it). */
static void icon(struct ks *t, const char *id, double x, double y, double size, struct rgb col)
{
    layout_icon(t->c, t->o->icons, id, x, y, size, col);
}

/* A framed panel with a title band; returns the content box. */
static struct box panel(struct ks *t, struct box b, const char *title, const char *note)
{
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill(t->c, t->pal.paper);
    canvas_save(t->c);
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_clip(t->c);
    layout_heading(t->c, &t->pal, mkbox(b.x, b.y, b.w, BAND_H), title, note);
    canvas_restore(t->c);
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    return mkbox(b.x + 5, b.y + BAND_H + 3, b.w - 10, b.h - BAND_H - 5);
}

static const char *const resource_icon[3] = {"hammer", "loaf", "ingot"};
static const char *const resource_word[3] = {"work", "food", "ore"};
static const char *const resource_initial[3] = {"w", "f", "o"};

/* "2 [work] 2 [food] 4 [ore]" (or "m [work] ..." when m, "2m" for twice m) in the cost colour
 * from x at baseline y, the resources' words (or initials: short) where an icon is missing;
 * returns the width. With draw 0, only measures. */
static double cost_parts(struct ks *t, int work, int food, int ore, int m, double x, double y,
                         double size, int draw, int shrt)
{
    const char *const *icons = resource_icon;
    const char *const *words = shrt ? resource_initial : resource_word;
    int amount[3] = {work, food, ore};
    double pen = x, is = size * 1.35;
    for (int k = 0; k < 3; k++) {
        if (amount[k] == 0)
            continue;
        char num[16];
        if (m && amount[k] == 1)
            snprintf(num, sizeof num, "%sm", pen > x ? "+ " : "");
        else if (m)
            snprintf(num, sizeof num, "%s%dm", pen > x ? "+ " : "", amount[k]);
        else
            snprintf(num, sizeof num, "%s%d", pen > x ? "+ " : "", amount[k]);
        double nw = canvas_text_width(t->c, FONT_SANS_BOLD, size, num);
        if (draw)
            canvas_text(t->c, FONT_SANS_BOLD, size, t->pal.cost, pen, y, ALIGN_LEFT, num);
        pen += nw + 1;
        if (t->o->icons && icons_has(t->o->icons, icons[k])) {
            if (draw)
                icon(t, icons[k], pen, y - is * 0.78, is, t->pal.cost);
            pen += is + 3;
        } else {
            double ww = canvas_text_width(t->c, FONT_SANS, size, words[k]);
            if (draw)
                canvas_text(t->c, FONT_SANS, size, t->pal.cost, pen + 1, y, ALIGN_LEFT, words[k]);
            pen += ww + 4;
        }
    }
    return pen - x;
}

/* The costs as cost_parts draws them, fitted into maxw: smaller down to the least text size,
 * then with initials for the words; from x, or ending at x when right. */
static void cost_fit(struct ks *t, int work, int food, int ore, int m, double x, double y,
                     double maxw, int right)
{
    double size = 7.2;
    int shrt = 0;
    double w = cost_parts(t, work, food, ore, m, 0, 0, size, 0, 0);
    if (w > maxw) {
        size = fmax(LAYOUT_MIN_TEXT, size * maxw / w);
        w = cost_parts(t, work, food, ore, m, 0, 0, size, 0, 0);
    }
    if (w > maxw) {
        shrt = 1;
        w = cost_parts(t, work, food, ore, m, 0, 0, size, 0, 1);
    }
    cost_parts(t, work, food, ore, m, right ? x - w : x, y, size, 1, shrt);
}

/* The key of the resource icons, "[hammer] work [loaf] food [ingot] ore", ending at x on the
 * baseline y (the words alone when the icons are missing). */
static void resource_key(struct ks *t, double x, double y)
{
    double is = 7.5, pen = x;
    for (int k = 2; k >= 0; k--) {
        int has = t->o->icons && icons_has(t->o->icons, resource_icon[k]);
        char word[16];
        /* Without the icons, the costs may use initials: say which. */
        if (has)
            snprintf(word, sizeof word, "%s", resource_word[k]);
        else
            snprintf(word, sizeof word, "%s=%s", resource_initial[k], resource_word[k]);
        pen -= canvas_text_width(t->c, FONT_SANS, LAYOUT_MIN_TEXT, word);
        canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.cost, pen, y, ALIGN_LEFT, word);
        if (has) {
            pen -= is + 0.8;
            icon(t, resource_icon[k], pen, y - is * 0.82, is, t->pal.cost);
        }
        pen -= 3.5;
    }
}

/* ---- the title line ---- */

static void name_field(struct ks *t, struct box b, const char *what, const char *name,
                       struct box *place)
{
    label(t, b.x, b.y + 8, ALIGN_LEFT, what);
    canvas_dash(t->c, (const double[]){1.5, 1.5}, 2);
    hline(t, b.x, b.x + b.w, b.y + b.h - 2, t->pal.line, 0.6);
    canvas_dash(t->c, NULL, 0);
    double lw = canvas_text_width(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, what) + 5;
    *place = mkbox(b.x + lw, b.y + 2, b.w - lw, b.h - 4);
    if (name && *name && !t->o->fill)
        layout_text_fit(t->c, FONT_SERIF, 12, 8, t->pal.ink, place->x, b.y + b.h - 5, place->w,
                        ALIGN_LEFT, name);
}

static void title_row(struct ks *t)
{
    struct box a = t->area;
    double base = a.y + TITLE_H - 7;
    double tw = layout_small_caps(t->c, FONT_SERIF_BOLD, 17, t->pal.band_ink, a.x, base,
                                  ALIGN_LEFT, "KINGDOM", 1);
    canvas_text(t->c, FONT_SERIF_ITALIC, 10, t->pal.soft, a.x + tw + 7, base, ALIGN_LEFT,
                t->x.subtitle);
    double x0 = a.x + tw + 7 + canvas_text_width(t->c, FONT_SERIF_ITALIC, 10, t->x.subtitle) + 16;
    double fw = (a.x + a.w - x0 - 2 * 10) / 3;
    const char *what[3] = {"RULER", "REALM", "CAPITAL"};
    const char *name[3] = {t->o->ruler, t->o->realm, t->o->capital};
    struct box *place[3] = {&t->g->ruler, &t->g->realm, &t->g->capital};
    for (int k = 0; k < 3; k++)
        name_field(t, mkbox(x0 + k * (fw + 10), a.y + 2, fw, TITLE_H - 4), what[k], name[k],
                   place[k]);
    hline(t, a.x, a.x + a.w, a.y + TITLE_H, t->pal.rule, 0.6);
}

/* ---- the map ---- */

/* The six directions of a flat-topped hex: axial step and the angle (degrees, y down) of the
 * edge's middle; the edge runs between the corners at angle - 30 and angle + 30. */
static const int dir_q[6] = {0, 1, 1, 0, -1, -1}, dir_r[6] = {-1, -1, 0, 1, 1, 0};
static const double dir_angle[6] = {270, 330, 30, 90, 150, 210};

static void corner(const struct ks *t, int h, double degrees, double *x, double *y)
{
    double a = degrees * 3.14159265358979323846 / 180;
    *x = t->g->hx[h] + t->s * cos(a);
    *y = t->g->hy[h] + t->s * sin(a);
}

static void hex_path(struct ks *t, int h)
{
    for (int k = 0; k < 6; k++) {
        double x, y;
        corner(t, h, 60.0 * k, &x, &y);
        if (k == 0)
            canvas_move_to(t->c, x, y);
        else
            canvas_line_to(t->c, x, y);
    }
    canvas_close_path(t->c);
}

/* The edge of hex h toward direction k, scaled by f toward the point (fx, fy). */
static void edge(struct ks *t, int h, int k, double f, double fx, double fy)
{
    double x1, y1, x2, y2;
    corner(t, h, dir_angle[k] - 30, &x1, &y1);
    corner(t, h, dir_angle[k] + 30, &x2, &y2);
    canvas_move_to(t->c, fx + (x1 - fx) * f, fy + (y1 - fy) * f);
    canvas_line_to(t->c, fx + (x2 - fx) * f, fy + (y2 - fy) * f);
}

static void place_hexes(struct ks *t)
{
    for (int h = 0; h < KMAP_HEXES; h++) {
        const struct kmap_hex *x = kmap_hex(h);
        t->g->hx[h] = t->mx + t->s * (7 + 1.5 * x->q);
        t->g->hy[h] = t->my + t->s * (MAP_H / 2 + SQ3 * (x->r + x->q / 2.0));
    }
}

/* The centre of region g's number: outside the middle of its side of the map. */
static void region_mark(const struct ks *t, int g, double *x, double *y)
{
    int cap = kmap_capital();
    double sx = 0, sy = 0;
    int n = 0;
    for (int h = 0; h < KMAP_HEXES; h++)
        if (kmap_hex(h)->region == g && kmap_hex(h)->dist == KMAP_RADIUS) {
            sx += t->g->hx[h] - t->g->hx[cap];
            sy += t->g->hy[h] - t->g->hy[cap];
            n++;
        }
    sx /= n, sy /= n;
    double d = sqrt(sx * sx + sy * sy), f = (d + 0.95 * t->s) / d;
    *x = t->g->hx[cap] + sx * f;
    *y = t->g->hy[cap] + sy * f;
}

static void draw_map(struct ks *t)
{
    struct canvas *c = t->c;
    double s = t->s;
    int cap = kmap_capital();
    /* The hexes: ring 1 and the capital shaded, every hex's code at its top. */
    for (int h = 0; h < KMAP_HEXES; h++) {
        hex_path(t, h);
        int d = kmap_hex(h)->dist;
        canvas_fill_stroke(c, d == 0 ? t->pal.band : d == 1 ? t->pal.shade : t->pal.paper,
                           t->pal.line, 0.5);
    }
    for (int h = 0; h < KMAP_HEXES; h++)
        canvas_text(c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, t->g->hx[h],
                    t->g->hy[h] - s * SQ3 / 2 + 7.6, ALIGN_CENTER, kmap_hex(h)->code);
    /* Ring 1 outlined (a warning: the monument's first stage goes there) over its outer edges,
     * after the regions' borders below. */
    for (int h = 0; h < KMAP_HEXES; h++) {
        const struct kmap_hex *x = kmap_hex(h);
        if (x->dist != 1)
            continue;
        for (int k = 0; k < 6; k++) {
            int n = kmap_at(x->q + dir_q[k], x->r + dir_r[k]);
            if (n != KMAP_NO_HEX && kmap_hex(n)->dist == 2)
                edge(t, h, k, 1, 0, 0);
        }
    }
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    canvas_stroke(c, t->pal.req, 2.8);
    /* The regions' borders (the capital is a region of its own) and the map's edge. */
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    for (int h = 0; h < KMAP_HEXES; h++) {
        const struct kmap_hex *x = kmap_hex(h);
        for (int k = 0; k < 6; k++) {
            int n = kmap_at(x->q + dir_q[k], x->r + dir_r[k]);
            if (n == KMAP_NO_HEX || (n > h && kmap_hex(n)->region != x->region))
                edge(t, h, k, 1, 0, 0);
        }
    }
    canvas_stroke(c, t->pal.band_ink, 1.7);
    canvas_line_style(c, CAP_BUTT, JOIN_MITER);
    /* The capital. */
    double is = s * 0.95;
    icon(t, "capital", t->g->hx[cap] - is / 2, t->g->hy[cap] - is * 0.42, is, t->pal.band_ink);
    /* The capital's name printed, or the word; on a filled sheet the pen writes the name. */
    const struct ksheet_fill *f = t->o->fill;
    const char *name = !f && t->o->capital && *t->o->capital ? t->o->capital : "capital";
    if (!f || !f->capital || !*f->capital)
        layout_text_fit(c, FONT_SERIF_ITALIC, 8, LAYOUT_MIN_TEXT, t->pal.band_ink, t->g->hx[cap],
                    t->g->hy[cap] + s * 0.74, s * 1.45, ALIGN_CENTER, name);
    /* The region numbers. */
    for (int g = 1; g <= KMAP_REGIONS; g++) {
        double x, y;
        region_mark(t, g, &x, &y);
        canvas_circle(c, x, y, s * 0.3);
        canvas_fill_stroke(c, t->pal.band, t->pal.band_ink, 1.0);
        char num[4] = {(char)('0' + g), 0};
        canvas_text(c, FONT_SANS_BOLD, 9.5, t->pal.band_ink, x, y + 3.4, ALIGN_CENTER, num);
    }
}

/* ---- the map's corners ---- */

static struct box corner_box(const struct ks *t, int right, int bottom)
{
    double s = t->s, w = CORNER_W * s, h = CORNER_H * s;
    double x = right ? t->mx + (MAP_W + MAP_PAD) * s - w : t->mx - MAP_PAD * s;
    double y = bottom ? t->my + MAP_H * s - h : t->my;
    return mkbox(x, y, w, h);
}

/* A corner's frame and title; returns the content's top. */
static double corner_frame(struct ks *t, struct box b, const char *title)
{
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 2.5);
    canvas_fill_stroke(t->c, t->pal.accent_fill, t->pal.rule, 0.8);
    layout_small_caps(t->c, FONT_SERIF_BOLD, 9, t->pal.band_ink, b.x + 4, b.y + 10, ALIGN_LEFT,
                      title, 1);
    return b.y + 13;
}

static void setup_corner(struct ks *t, struct box b)
{
    double y = corner_frame(t, b, "SETUP DICE");
    icon(t, "mountain", b.x + b.w - 15, b.y + 2.5, 11, t->pal.soft);
    double lw = 15, cw = (b.w - lw - 8) / 2, ch = (b.y + b.h - y - 12) / 2;
    canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, b.x + 4 + lw + cw / 2, y + 6,
                ALIGN_CENTER, "region");
    canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, b.x + 4 + lw + cw * 1.5, y + 6,
                ALIGN_CENTER, "size");
    y += 8;
    for (int k = 0; k < KSHEET_RANGES; k++) {
        double ry = y + k * (ch + 2);
        label(t, b.x + 4, ry + ch / 2 + 2.4, ALIGN_LEFT, k == 0 ? "1st" : "2nd");
        struct box rb = mkbox(b.x + 4 + lw, ry, cw, ch), sb = mkbox(b.x + 4 + lw + cw, ry, cw, ch);
        canvas_rect(t->c, rb.x, rb.y, cw * 2, ch);
        canvas_fill(t->c, t->pal.paper);
        layout_cells(t->c, &t->pal, rb.x, rb.y, cw, ch, 2, 0);
        t->g->range_region[k] = rb;
        t->g->range_size[k] = sb;
    }
}

static void graveyard_corner(struct ks *t, struct box b)
{
    double y = corner_frame(t, b, "GRAVEYARDS");
    int n = t->o->data->graveyard_limit;
    double cw = (b.w - 8 - (n - 1) * 3) / n, ch = b.y + b.h - y - 11;
    for (int k = 0; k < n; k++) {
        struct box gb = mkbox(b.x + 4 + k * (cw + 3), y, cw, ch);
        canvas_round_rect(t->c, gb.x, gb.y, gb.w, gb.h, 1.5);
        int last = k == n - 1;
        canvas_fill_stroke(t->c, t->pal.paper, last ? t->pal.req : t->pal.line, last ? 0.9 : 0.6);
        double is = fmin(gb.w, gb.h) * 0.45;
        icon(t, "graveyard", gb.x + 1.5, gb.y + 1.5, is, t->pal.line);
        t->g->grave[k] = gb;
    }
    canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.req, b.x + b.w - 4, b.y + b.h - 3.5,
                ALIGN_RIGHT, t->x.lost);
}

static void result_corner(struct ks *t, struct box b)
{
    double y = corner_frame(t, b, "RESULT");
    struct box rb = mkbox(b.x + 4, y, b.w - 8, b.y + b.h - y - 11);
    canvas_rect(t->c, rb.x, rb.y, rb.w, rb.h);
    canvas_fill_stroke(t->c, t->pal.paper, t->pal.line, 0.6);
    t->g->result = rb;
    canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, b.x + 4, b.y + b.h - 3.5,
                ALIGN_LEFT, "won in year ...");
}

/* The marks a player draws on the map: two columns, then the monument across. */
static void marks_corner(struct ks *t, struct box b)
{
    double y = corner_frame(t, b, "ON THE MAP");
    static const char *const mark[7] = {"F", "M", "V", "~", "\xe2\x80\xa0", "^", "1 2 3"};
    static const char *const word[7] = {"farm", "mine", "village", "river", "graveyard",
                                        "mountain", "monument"};
    double lh = (b.y + b.h - y - 1) / 4;
    double col1 = 0;
    for (int k = 0; k < 3; k++)
        col1 = fmax(col1, canvas_text_width(t->c, FONT_SANS_BOLD, 7, mark[k]) + 2.5 +
                              canvas_text_width(t->c, FONT_SANS, LAYOUT_MIN_TEXT, word[k]) + 1);
    for (int k = 0; k < 7; k++) {
        double x = b.x + 4 + (k >= 3 && k < 6 ? col1 + 6 : 0);
        double base = y + (k < 3 ? k : k < 6 ? k - 3 : 3) * lh + lh * 0.72;
        double right = k < 3 ? b.x + 4 + col1 : b.x + b.w - 3;
        double mw = canvas_text_width(t->c, FONT_SANS_BOLD, 7, mark[k]);
        /* The river's mark is a wavy line: its icon shows it. */
        if (k == 3 && t->o->icons && icons_has(t->o->icons, "river"))
            icon(t, "river", x - 0.5, base - 6, mw + 1, t->pal.ink);
        else
            canvas_text(t->c, FONT_SANS_BOLD, 7, t->pal.ink, x, base, ALIGN_LEFT, mark[k]);
        layout_text_fit(t->c, FONT_SANS, LAYOUT_MIN_TEXT, LAYOUT_MIN_TEXT, t->pal.soft,
                        x + mw + 2.5, base, right - x - mw - 2.5, ALIGN_LEFT, word[k]);
    }
}

/* ---- the side column ---- */

/* Text wrapped in width w from the top y, its lines 1.1 size apart; returns the height used. */
static double stacked_text(struct ks *t, enum canvas_font font, double size, struct rgb col,
                           double x, double y, double w, const char *text)
{
    struct layout_lines lines = {0};
    size_t n = layout_wrap(t->c, font, size, w, text, &lines);
    for (size_t i = 0; i < n; i++)
        canvas_text(t->c, font, size, col, x, y + 0.8 * size + (double)i * 1.1 * size,
                    ALIGN_LEFT, lines.line[i]);
    layout_lines_free(&lines);
    return (double)n * 1.1 * size + 0.1 * size;
}

static double monument_panel(struct ks *t, struct box b, double extra, int draw)
{
    double bh = 31 + extra / KSHEET_STAGES, need = BAND_H + 3 + KSHEET_STAGES * bh + (KSHEET_STAGES - 1) * 3 + 4;
    if (!draw)
        return need;
    struct box in = panel(t, mkbox(b.x, b.y, b.w, need), "MONUMENT", NULL);
    resource_key(t, b.x + b.w - 5, b.y + BAND_H / 2 + 2.4);
    for (int k = 0; k < KSHEET_STAGES; k++) {
        const int *cost = t->o->data->stage_cost[k];
        double y = in.y + k * (bh + 3);
        if (k > 0) {
            canvas_dash(t->c, (const double[]){1.5, 1.5}, 2);
            hline(t, in.x, in.x + in.w, y - 1.5, t->pal.line, 0.4);
            canvas_dash(t->c, NULL, 0);
        }
        char num[4] = {(char)('1' + k), 0};
        canvas_circle(t->c, in.x + 7, y + 9, 7);
        canvas_fill_stroke(t->c, t->pal.accent_fill, t->pal.accent, 0.9);
        canvas_text(t->c, FONT_SANS_BOLD, 9, t->pal.accent, in.x + 7, y + 12.2, ALIGN_CENTER, num);
        icon(t, "monument", in.x + 1, y + 18, 12, t->pal.soft);
        double hw = 26;
        struct box hb = mkbox(in.x + in.w - hw, y + 1, hw, bh - 4);
        layout_cell(t->c, &t->pal, hb, 0);
        canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, hb.x + 2, hb.y + 6.5,
                    ALIGN_LEFT, "hex");
        t->g->stage_hex[k] = hb;
        double tx = in.x + 18, tw = hb.x - 3 - tx;
        cost_fit(t, cost[KRES_WORK], cost[KRES_FOOD], cost[KRES_ORE], 0, tx, y + 8.5, tw, 0);
        /* Where, then the effect, each on the lines it needs. */
        double ty = y + 10.5;
        ty += stacked_text(t, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.soft, tx, ty, tw, stage_where[k]);
        stacked_text(t, FONT_SERIF_ITALIC, 7.5, t->pal.ink, tx, ty, tw, t->x.effect[k]);
    }
    return need;
}

static double buildings_panel(struct ks *t, struct box b, double extra, int draw)
{
    double rh = 27 + extra / 3, need = BAND_H + 3 + 3 * rh + 11 + 3;
    if (!draw)
        return need;
    struct box in = panel(t, mkbox(b.x, b.y, b.w, need), "BUILDINGS", t->x.feed);
    for (int k = 0; k < 3; k++) {
        const struct kbuild *bd = &builds[k];
        double y = in.y + k * rh;
        if (k > 0)
            hline(t, in.x, in.x + in.w, y - 1.5, t->pal.line, 0.4);
        icon(t, bd->icon, in.x, y + 1, 13, t->pal.ink);
        double nw = layout_small_caps(t->c, FONT_SERIF_BOLD, 9, t->pal.ink, in.x + 16, y + 10,
                                      ALIGN_LEFT, bd->name, 1);
        const int *cost = t->o->data->cost[k];
        cost_fit(t, cost[KRES_WORK], cost[KRES_FOOD], cost[KRES_ORE], 1, in.x + in.w, y + 10,
                 in.w - 16 - nw - 5, 1);
        struct strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%s. %s.", bd->where, t->x.yield[k]);
        layout_text_box(t->c, FONT_SANS, LAYOUT_MIN_TEXT, LAYOUT_MIN_TEXT, 1.15, t->pal.soft,
                        mkbox(in.x + 16, y + 12.5, in.w - 16, rh - 13), ALIGN_LEFT,
                        strbuf_cstr(&sb), 1);
        strbuf_free(&sb);
    }
    layout_text_fit(t->c, FONT_SERIF_ITALIC, 7.5, LAYOUT_MIN_TEXT, t->pal.soft, in.x,
                    in.y + 3 * rh + 7, in.w, ALIGN_LEFT,
                    "m = how many of that kind you have, at least 1");
    return need;
}

static double fate_panel(struct ks *t, struct box b, double extra, int draw)
{
    double rh = 15 + extra / 6, need = BAND_H + 3 + 6 * rh + 3;
    if (!draw)
        return need;
    struct box in = panel(t, mkbox(b.x, b.y, b.w, need), "FATE", "two dice, all apply");
    for (int k = 0; k < 6; k++) {
        double y = in.y + k * rh;
        layout_die(t->c, &t->pal, in.x, y + 1.5, 11, k + 1);
        canvas_text(t->c, FONT_SANS_BOLD, 7, t->pal.ink, in.x + 15, y + 7, ALIGN_LEFT, fate_name[k]);
        layout_text_box(t->c, FONT_SANS, LAYOUT_MIN_TEXT, LAYOUT_MIN_TEXT, 1.1, t->pal.soft,
                        mkbox(in.x + 15, y + 8, in.w - 15, rh - 8), ALIGN_LEFT, t->x.fate[k], 1);
    }
    return need;
}

/* The side column: monument, buildings and fate, their rows sharing the height left (up to a
 * limit; then the gaps grow). Returns -1 when they do not fit. */
static int side_column(struct ks *t, struct box b)
{
    double need = monument_panel(t, b, 0, 0) + buildings_panel(t, b, 0, 0) + fate_panel(t, b, 0, 0);
    double rest = b.h - need - 2 * 5;
    if (rest < 0)
        return -1;
    double extra = fmin(rest, 45) / 3, gap = 5 + (rest - 3 * extra) / 2;
    double y = b.y;
    y += monument_panel(t, mkbox(b.x, y, b.w, 0), extra, 1) + gap;
    y += buildings_panel(t, mkbox(b.x, y, b.w, 0), extra, 1) + gap;
    fate_panel(t, mkbox(b.x, y, b.w, 0), extra, 1);
    return 0;
}

/* ---- the year ---- */

#define STEPS 7             /* the setup, then the six steps of a year */
#define STEP_INDENT 11.0    /* the number hangs in it */
#define STEP_GAP 2.8
#define STEP_COL_GAP 12.0

/* Step k as a paragraph with a run-in title, size sz, in width w from (x, y) (the top); draws
 * when draw is nonzero. Returns its height. */
static double step_paragraph(struct ks *t, int k, double sz, double x, double y, double w, int draw)
{
    double lead = 1.2 * sz, tx = x + STEP_INDENT, tw = w - STEP_INDENT;
    double title_w = canvas_text_width(t->c, FONT_SANS_BOLD, sz, step_name[k]) + sz * 0.35;
    /* The first line holds the title and the words that fit after it. */
    const char *text = t->x.steps[k], *rest = text;
    struct strbuf first = STRBUF_INIT;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, ' ');
        if (!e)
            e = p + strlen(p);
        struct strbuf trial = STRBUF_INIT;
        strbuf_append(&trial, text, (size_t)(e - text));
        int fits = canvas_text_width(t->c, FONT_SANS, sz, strbuf_cstr(&trial)) <= tw - title_w;
        strbuf_free(&trial);
        if (!fits)
            break;
        strbuf_reset(&first);
        strbuf_append(&first, text, (size_t)(e - text));
        rest = *e ? e + 1 : e;
        p = rest;
    }
    struct layout_lines lines = {0};
    size_t n = layout_wrap(t->c, FONT_SANS, sz, tw, rest, &lines);
    if (draw) {
        double base = y + 0.8 * sz;
        if (k > 0) {
            char num[4] = {(char)('0' + k), 0};
            canvas_circle(t->c, x + 4.3, base - sz * 0.33, 4.3);
            canvas_fill(t->c, t->pal.accent);
            canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.paper, x + 4.3,
                        base - sz * 0.33 + 2.3, ALIGN_CENTER, num);
        }
        canvas_text(t->c, FONT_SANS_BOLD, sz, t->pal.band_ink, tx, base, ALIGN_LEFT, step_name[k]);
        canvas_text(t->c, FONT_SANS, sz, t->pal.ink, tx + title_w, base, ALIGN_LEFT,
                    strbuf_cstr(&first));
        for (size_t i = 0; i < n; i++)
            canvas_text(t->c, FONT_SANS, sz, t->pal.ink, tx, base + (double)(i + 1) * lead,
                        ALIGN_LEFT, lines.line[i]);
    }
    layout_lines_free(&lines);
    strbuf_free(&first);
    return 0.8 * sz + (double)n * lead + 0.25 * sz + STEP_GAP;
}

#define STEP_MAX_COLS 4

/* The steps in ncols columns of consecutive steps, split where the tallest is the lowest:
 * first[c] is the first step of column c (first[ncols] = STEPS); returns the tallest column's
 * height. */
static double step_columns(struct ks *t, double sz, int ncols, int first[STEP_MAX_COLS + 1])
{
    double cw = (t->area.w - (ncols - 1) * STEP_COL_GAP) / ncols;
    double h[STEPS], best = INFINITY;
    for (int k = 0; k < STEPS; k++)
        h[k] = step_paragraph(t, k, sz, 0, 0, cw, 0);
    /* A set bit k (1..STEPS-1) of the mask starts a column at step k. */
    for (unsigned mask = 0; mask < 1u << STEPS; mask += 2) {
        int n = 0;
        for (int k = 1; k < STEPS; k++)
            n += (int)(mask >> k & 1);
        if (n != ncols - 1)
            continue;
        double col = 0, tallest = 0;
        for (int k = 0; k < STEPS; k++) {
            if (mask >> k & 1)
                col = 0;
            col += h[k];
            tallest = fmax(tallest, col);
        }
        if (tallest < best - 1e-9) {
            best = tallest;
            int c = 0;
            first[c++] = 0;
            for (int k = 1; k < STEPS; k++)
                if (mask >> k & 1)
                    first[c++] = k;
            first[ncols] = STEPS;
        }
    }
    return best;
}

/* The band's height with the steps at size sz in ncols columns. */
static double year_need(struct ks *t, double sz, int ncols)
{
    int first[STEP_MAX_COLS + 1];
    return BAND_H + 4 + step_columns(t, sz, ncols, first);
}

static void year_band(struct ks *t, double y, double h, double sz, int ncols)
{
    struct box a = t->area;
    layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "SETUP, THEN EACH YEAR",
                   "the six steps, in this order");
    int first[STEP_MAX_COLS + 1];
    double cw = (a.w - (ncols - 1) * STEP_COL_GAP) / ncols;
    step_columns(t, sz, ncols, first);
    double top = y + BAND_H + 4;
    for (int col = 0; col < ncols; col++) {
        double x = a.x + col * (cw + STEP_COL_GAP), sy = top;
        if (col > 0)
            vline(t, x - STEP_COL_GAP / 2, top, y + h - 3, t->pal.line, 0.4);
        for (int k = first[col]; k < first[col + 1]; k++)
            sy += step_paragraph(t, k, sz, x, sy, cw, 1);
    }
}

/* ---- the ledger ---- */

static void ledger(struct ks *t, double y, double row)
{
    struct box a = t->area;
    layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "LEDGER", ledger_note);
    y += BAND_H + 3;
    double hw = (a.w - HALF_GAP) / 2;
    /* The columns: each label's width, the rest by weight. */
    double w[KSHEET_COLUMNS], used = 0, weights = 0;
    for (int k = 0; k < KSHEET_COLUMNS; k++) {
        w[k] = canvas_text_width(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, column_label[k]) + 3.5;
        used += w[k];
        weights += column_weight[k];
    }
    for (int k = 0; k < KSHEET_COLUMNS; k++)
        w[k] += (hw - used) * column_weight[k] / weights;
    /* The years in two halves, the left one a row longer when their number is odd. */
    int years = t->o->data->year_limit, half_rows = (years + 1) / 2;
    for (int half = 0; half < 2; half++) {
        double x0 = a.x + half * (hw + HALF_GAP), x = x0;
        int rows = half ? years - half_rows : half_rows;
        double th = LEDGER_HEAD_H + rows * row;
        canvas_rect(t->c, x0, y, hw, LEDGER_HEAD_H);
        canvas_fill(t->c, t->pal.band);
        for (int k = 0; k < KSHEET_COLUMNS; k++) {
            label(t, x + w[k] / 2, y + LEDGER_HEAD_H / 2 + 2.4, ALIGN_CENTER, column_label[k]);
            if (k > 0)
                vline(t, x, y, y + th, k == KSHEET_COL_FOOD ? t->pal.rule : t->pal.line,
                      k == KSHEET_COL_FOOD ? 0.8 : 0.4);
            for (int r = 0; r < rows; r++)
                t->g->cell[half * half_rows + r][k] =
                    mkbox(x, y + LEDGER_HEAD_H + r * row, w[k], row);
            x += w[k];
        }
        for (int r = 0; r < rows; r++) {
            double ry = y + LEDGER_HEAD_H + r * row;
            hline(t, x0, x0 + hw, ry, r == 0 ? t->pal.rule : t->pal.line, r == 0 ? 0.8 : 0.4);
            char num[12];
            snprintf(num, sizeof num, "%d", half * half_rows + r + 1);
            canvas_text(t->c, FONT_SANS_BOLD, 8, t->pal.soft, x0 + w[0] / 2, ry + row / 2 + 2.9,
                        ALIGN_CENTER, num);
        }
        canvas_rect(t->c, x0, y, hw, th);
        canvas_stroke(t->c, t->pal.rule, 0.9);
    }
}

/* ---- the page ---- */

/* The page's proportions for a ledger of half_rows rows a half. */
struct fit {
    double sz, year_h, s, row;  /* the steps' text size and band height, the hexes' side, a row */
    int ncols;                  /* the steps' columns */
};

/* The hexes' side: as large as the spec's 9.5 mm allows, no smaller than 9 mm, leaving the side
 * column its width and the ledger rows of at least 17 pt; when they are shorter, the steps'
 * text gets smaller first. Returns whether the page holds the sheet. */
static int fit(struct ks *t, double s_width, int half_rows, struct fit *f)
{
    struct box a = t->area;
    static const double sizes[3] = {7.0, 6.8, LAYOUT_MIN_TEXT};
    f->sz = 0, f->year_h = 0, f->s = 0, f->row = -INFINITY, f->ncols = 3;
    /* The first of these that leaves rows of 15 pt, or else the one with the tallest rows. */
    for (int k = 0; k < 6 && f->row < 15; k++) {
        int nc = k < 3 ? 3 : 4;
        double yh = year_need(t, sizes[k % 3], nc);
        double below = GAP + yh + GAP + BAND_H + 3 + LEDGER_HEAD_H;
        double s_height = (a.h - TITLE_H - GAP - below - half_rows * 17.0) / MAP_H;
        double sk = fmax(9 * MM, fmin(9.5 * MM, fmin(s_width, s_height)));
        double rk = (a.h - TITLE_H - GAP - MAP_H * sk - below) / half_rows;
        if (rk > f->row)
            f->sz = sizes[k % 3], f->ncols = nc, f->year_h = yh, f->s = sk, f->row = rk;
    }
    return !(f->s > s_width + 1e-9 || f->row < LEDGER_ROW_MIN);
}

int kingdom_sheet_draw(struct canvas *c, const struct kingdom_sheet_options *o,
                       struct kingdom_sheet_geom *geom, struct strbuf *err)
{
    struct kingdom_sheet_geom local;
    struct ks t;
    memset(&t, 0, sizeof t);
    t.c = c;
    t.o = o;
    texts_init(&t.x, o->data);
    layout_palette(&t.pal, o->grey);
    t.area = layout_page_area(o->paper);
    t.g = geom ? geom : &local;
    memset(t.g, 0, sizeof *t.g);
    struct box a = t.area;
    int years = o->data->year_limit, graves = o->data->graveyard_limit;
    if (years > KSHEET_MAX_YEARS || graves > KSHEET_MAX_GRAVES) {
        strbuf_printf(err, "the kingdom's sheet has room for %d years and %d graveyards; the game data "
                      "gives %d and %d", KSHEET_MAX_YEARS, KSHEET_MAX_GRAVES, years, graves);
        return -1;
    }
    double s_width = (a.w - SIDE_MIN - SIDE_GAP) / (MAP_W + 2 * MAP_PAD);
    struct fit f;
    if (!fit(&t, s_width, (years + 1) / 2, &f)) {
        int most = years - 1;
        struct fit g;
        while (most > 0 && !fit(&t, s_width, (most + 1) / 2, &g))
            most--;
        strbuf_printf(err, "the kingdom's sheet does not fit on %s paper", o->paper->label);
        if (most > 0)
            strbuf_printf(err, " with a ledger of %d years (at most %d fit)", years, most);
        return -1;
    }
    double sz = f.sz, year_h = f.year_h, s = f.s, row = f.row;
    int ncols = f.ncols;
    row = fmin(row, LEDGER_ROW_MAX);
    t.s = s;
    t.g->side = s;
    t.mx = a.x + MAP_PAD * s;
    t.my = a.y + TITLE_H + GAP;
    place_hexes(&t);
    canvas_page_begin(c, o->paper->width, o->paper->height);
    title_row(&t);
    draw_map(&t);
    setup_corner(&t, corner_box(&t, 0, 0));
    graveyard_corner(&t, corner_box(&t, 1, 0));
    result_corner(&t, corner_box(&t, 0, 1));
    marks_corner(&t, corner_box(&t, 1, 1));
    double sx = t.mx + (MAP_W + MAP_PAD) * s + SIDE_GAP;
    int rc = side_column(&t, mkbox(sx, t.my, a.x + a.w - sx, MAP_H * s));
    if (rc != 0)
        strbuf_printf(err, "the kingdom's side column does not fit on %s paper", o->paper->label);
    double y = t.my + MAP_H * s + GAP;
    year_band(&t, y, year_h, sz, ncols);
    ledger(&t, y + year_h + GAP, row);
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "kingdom sheet%s%s", o->footer && *o->footer ? " \xc2\xb7 " : "",
                  o->footer ? o->footer : "");
    layout_footer(c, &t.pal, o->paper, strbuf_cstr(&sb));
    strbuf_free(&sb);
    if (rc == 0 && o->fill)
        kingdom_pen_write(c, t.g, o);
    canvas_page_end(c);
    return rc;
}

void ksheet_fill_init(struct ksheet_fill *f)
{
    memset(f, 0, sizeof *f);
    for (int k = 0; k < KSHEET_STAGES; k++)
        f->monument[k] = KMAP_NO_HEX;
    for (int k = 0; k < KSHEET_MAX_GRAVES; k++)
        f->graveyard[k] = KMAP_NO_HEX;
    for (int k = 0; k < KSHEET_MAX_RIVER; k++)
        f->river[k] = KMAP_NO_HEX;
}
