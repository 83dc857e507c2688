/* The blank town-sheet. Page 1: town name, rounds and events, dice reserve, the twelve town
 * assets and the locations. Page 2: prominent people and infrastructures, their special
 * versions with two abilities each, reputation, POW and a short turn reminder.
 *
 * Every row, name and number comes from the game data; the layout only decides where things
 * go. Heights stretch between a minimum and a maximum so the same code fills A4 and Letter. */
#include "layout/townsheet.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/xalloc.h"

#define GAP_MIN 5.0
#define BAND_H 16.0

struct ts {
    struct canvas *c;
    const struct townsheet_options *o;
    const struct gamedata *gd;
    struct palette pal;
    struct box area;
    struct townsheet_geom *g;
    struct tag_style tag;
    struct box town;            /* page 1: the town and player box */
    double note_x, note_y, note_w;  /* the title line's note: right edge, baseline, room */
};

void townsheet_options_init(struct townsheet_options *o, const struct gamedata *gd,
                            const struct paper *paper, int grey)
{
    memset(o, 0, sizeof *o);
    o->gd = gd;
    o->paper = paper;
    o->grey = grey;
    o->difficulty = -1;
    for (int r = 0; r <= GD_ROUNDS; r++)
        o->events[r] = -1;
    o->footer = "";
}

/* ---- small helpers ---- */

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static struct box mkbox(double x, double y, double w, double h)
{
    struct box b = {x, y, w, h};
    return b;
}

/* "MEN-AT-ARMS" -> "men-at-arms" into out. */
static void lower(const char *s, struct strbuf *out)
{
    strbuf_reset(out);
    for (; *s; s++)
        strbuf_putc(out, (*s >= 'A' && *s <= 'Z') ? (char)(*s - 'A' + 'a') : *s);
}

static void hline(struct ts *t, double x1, double x2, double y, struct rgb col, double w)
{
    canvas_move_to(t->c, x1, y);
    canvas_line_to(t->c, x2, y);
    canvas_stroke(t->c, col, w);
}

static void vline(struct ts *t, double x, double y1, double y2, struct rgb col, double w)
{
    canvas_move_to(t->c, x, y1);
    canvas_line_to(t->c, x, y2);
    canvas_stroke(t->c, col, w);
}

/* A label rotated a quarter turn, centred in the box (reading upwards). */
static void vertical_label(struct ts *t, struct box b, const char *text)
{
    struct strbuf sb = STRBUF_INIT;
    double size = layout_fit(t->c, FONT_SERIF_BOLD, 9.0, LAYOUT_MIN_TEXT, b.h - 6, text, &sb);
    canvas_save(t->c);
    canvas_translate(t->c, b.x + b.w / 2 + size * 0.33, b.y + b.h / 2);
    canvas_rotate(t->c, -1.5707963267948966);
    layout_small_caps(t->c, FONT_SERIF_BOLD, size, t->pal.band_ink, 0, 0, ALIGN_CENTER,
                      strbuf_cstr(&sb), 1);
    canvas_restore(t->c);
    strbuf_free(&sb);
}

/* A small upper-case label (sans bold, soft ink). */
static void label(struct ts *t, double x, double y, enum canvas_align align, const char *text)
{
    canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.soft, x, y, align, text);
}

/* A VP badge centred in the box: the number over "VP" and an optional word ("each"). */
static void vp_badge(struct ts *t, struct box b, int vp, const char *word)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%d", vp);
    double cx = b.x + b.w / 2;
    double size = fmin(11.0, b.h * 0.45);
    double top = b.y + b.h / 2 - (word ? 6.5 : 3.5);
    canvas_text(t->c, FONT_SANS_BOLD, size, t->pal.accent, cx, top + size * 0.3, ALIGN_CENTER,
                strbuf_cstr(&sb));
    strbuf_reset(&sb);
    strbuf_puts(&sb, word ? "VP " : "VP");
    if (word)
        strbuf_puts(&sb, word);
    canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.soft, cx, top + size * 0.3 + 8.5,
                ALIGN_CENTER, strbuf_cstr(&sb));
    strbuf_free(&sb);
}

/* A square check box (a form: the same box is drawn dozens of times). */
static void check_box(struct ts *t, struct box b)
{
    char key[160];
    snprintf(key, sizeof key, "check-box %.17g %.17g %.17g %.17g %.17g", b.w, b.h, t->pal.ink.r,
             t->pal.ink.g, t->pal.ink.b);
    canvas_save(t->c);
    canvas_translate(t->c, b.x, b.y);
    if (!canvas_form_begin(t->c, key, 0, -1, -1, b.w + 2, b.h + 2)) {
        canvas_round_rect(t->c, 0, 0, b.w, b.h, 1.2);
        canvas_fill_stroke(t->c, t->pal.paper, t->pal.ink, 0.8);
    }
    canvas_form_end(t->c);
    canvas_restore(t->c);
}

/* The requirement tag then the cost tag, from x; returns the width used. With right, they
 * end at x instead of starting there. */
static double tags(struct ts *t, const struct gd_req *req, int nreq, const struct gd_cost *cost,
                   int ncost, const struct tag_style *st, double x, double y, int right)
{
    double wr = layout_req_tag_width(t->c, t->gd, req, nreq, st);
    double wc = layout_cost_tag_width(t->c, t->gd, cost, ncost, st);
    double total = wr + wc + (wr > 0 && wc > 0 ? 3 : 0);
    double pen = right ? x - total : x;
    if (wr > 0)
        pen += layout_req_tag(t->c, &t->pal, t->gd, req, nreq, st, pen, y) + 3;
    if (wc > 0)
        layout_cost_tag(t->c, &t->pal, t->gd, cost, ncost, st, pen, y);
    return total;
}

/* A tag style whose tags for these requirements and costs fit in width. */
static struct tag_style fitting_tags(struct ts *t, const struct gd_req *req, int nreq,
                                     const struct gd_cost *cost, int ncost, double width)
{
    struct tag_style st = t->tag;
    for (;;) {
        double wr = layout_req_tag_width(t->c, t->gd, req, nreq, &st);
        double wc = layout_cost_tag_width(t->c, t->gd, cost, ncost, &st);
        if (wr + wc + 3 <= width || st.size <= LAYOUT_MIN_TEXT)
            return st;
        st.size = fmax(LAYOUT_MIN_TEXT, st.size - 0.1);
    }
}

/* ---- page 1: header ---- */

/* The title line: the game's name, and at the right a note (where it goes is kept in t) and
 * (score) the final-score box. */
static void title_row(struct ts *t, double y, double h, const char *right, int score)
{
    struct box a = t->area;
    double right_x = a.x + a.w;
    if (score) {
        struct box sb = mkbox(a.x + a.w - 46, y, 46, h - 4);
        canvas_round_rect(t->c, sb.x, sb.y, sb.w, sb.h, 2);
        canvas_fill_stroke(t->c, t->pal.paper, t->pal.accent, 1.0);
        canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, sb.x + sb.w - 3, sb.y + sb.h - 3,
                    ALIGN_RIGHT, "VP");
        canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.accent, sb.x - 5, y + h - 5,
                    ALIGN_RIGHT, "FINAL SCORE");
        t->g->score_box = sb;
        right_x = sb.x - 18 - canvas_text_width(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, "FINAL SCORE");
    }
    layout_small_caps(t->c, FONT_SERIF_BOLD, 15, t->pal.band_ink, a.x, y + h - 5, ALIGN_LEFT,
                      "XII CENTURY", 1);
    double tw = layout_small_caps(t->c, FONT_SERIF_BOLD, 15, t->pal.band_ink, 0, 0, ALIGN_LEFT,
                                  "XII CENTURY", 0);
    canvas_text(t->c, FONT_SERIF_ITALIC, 10, t->pal.soft, a.x + tw + 8, y + h - 5, ALIGN_LEFT,
                "town sheet");
    t->note_x = right_x;
    t->note_y = y + h - 5;
    t->note_w = right_x - a.x - tw - 90;
    if (right && *right)
        layout_text_fit(t->c, FONT_SERIF_ITALIC, 10, 8, t->pal.soft, t->note_x, t->note_y,
                        t->note_w, ALIGN_RIGHT, right);
    hline(t, a.x, a.x + a.w, y + h - 1, t->pal.rule, 0.6);
}

/* The height of the player line at the foot of the town box. */
#define TOWN_PLAYER_H 14.0

/* The town box, empty (town_names writes in it). */
static void town_box(struct ts *t, struct box b)
{
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill_stroke(t->c, t->pal.paper, t->pal.rule, 0.9);
    label(t, b.x + 6, b.y + 9, ALIGN_LEFT, "TOWN NAME");
    double split = b.y + b.h - TOWN_PLAYER_H;
    canvas_dash(t->c, (const double[]){1.5, 1.5}, 2);
    hline(t, b.x + 6, b.x + b.w - 6, split, t->pal.line, 0.5);
    canvas_dash(t->c, NULL, 0);
    label(t, b.x + 6, b.y + b.h - 4.5, ALIGN_LEFT, "PLAYER");
    t->town = b;
    t->g->town_name = mkbox(b.x + 6, b.y + 11, b.w - 12, split - b.y - 11);
    t->g->player_name = mkbox(b.x + 36, split + 1, b.w - 42, b.y + b.h - split - 2);
}

/* The player's town and name: in the town box on page 1, in the title line on page 2. */
static void town_names(struct ts *t, const struct townsheet_player *p, int page)
{
    int town = p && p->town && *p->town, name = p && p->name && *p->name;
    if (page == 1) {
        struct strbuf sb = STRBUF_INIT;
        if (town)
            strbuf_puts(&sb, p->town);
        if (name)
            strbuf_printf(&sb, "%s%s", sb.len ? " \xc2\xb7 " : "", p->name);
        if (sb.len)
            layout_text_fit(t->c, FONT_SERIF_ITALIC, 10, 8, t->pal.soft, t->note_x, t->note_y,
                            t->note_w, ALIGN_RIGHT, strbuf_cstr(&sb));
        strbuf_free(&sb);
        return;
    }
    struct box b = t->town;
    double split = b.y + b.h - TOWN_PLAYER_H;
    if (town)
        layout_text_fit(t->c, FONT_SERIF, 18, 9, t->pal.ink, b.x + 8, split - 6, b.w - 16,
                        ALIGN_LEFT, p->town);
    if (name)
        layout_text_fit(t->c, FONT_SERIF, 10, 7, t->pal.ink, b.x + 38, b.y + b.h - 4, b.w - 44,
                        ALIGN_LEFT, p->name);
}

static void rounds_grid(struct ts *t, struct box b, double legend_y)
{
    const struct gamedata *gd = t->gd;
    double lab = 46, cw = (b.w - lab) / GD_ROUNDS;
    double rh = 19, eh = b.h - rh;
    int diff = t->o->difficulty;
    label(t, b.x + lab - 5, b.y + rh / 2 + 2.4, ALIGN_RIGHT, "ROUND");
    label(t, b.x + lab - 5, b.y + rh + eh / 2 + 2.4, ALIGN_RIGHT, "EVENT");
    layout_cells(t->c, &t->pal, b.x + lab, b.y, cw, rh, GD_ROUNDS, 0);
    layout_cells(t->c, &t->pal, b.x + lab, b.y + rh, cw, eh, GD_ROUNDS, 0);
    for (int r = 1; r <= GD_ROUNDS; r++) {
        double x = b.x + lab + (r - 1) * cw;
        struct box rc = mkbox(x, b.y, cw, rh), ec = mkbox(x, b.y + rh, cw, eh);
        int marked = diff >= 0 && gd->difficulties[diff].has_event[r];
        char num[16];
        snprintf(num, sizeof num, "%d", r);
        canvas_text(t->c, FONT_SANS, 9, t->pal.soft, x + cw / 2, b.y + rh / 2 + 3.2, ALIGN_CENTER,
                    num);
        if (diff >= 0 && !marked) {
            /* No event can strike this round: nothing to write. */
            canvas_rect(t->c, ec.x + 0.3, ec.y + 0.3, cw - 0.6, eh - 0.6);
            canvas_fill(t->c, t->pal.shade);
            hline(t, x + cw * 0.35, x + cw * 0.65, ec.y + eh / 2, t->pal.line, 0.6);
        }
        if (marked) {
            canvas_move_to(t->c, x, ec.y);
            canvas_line_to(t->c, x + 6, ec.y);
            canvas_line_to(t->c, x, ec.y + 6);
            canvas_close_path(t->c);
            canvas_fill(t->c, t->pal.accent);
        }
        int e = t->o->events[r];
        if (e >= 0)
            layout_text_fit(t->c, FONT_SERIF_ITALIC, 13, 8, t->pal.ink, x + cw / 2,
                            ec.y + eh / 2 + 4.2, cw - 3, ALIGN_CENTER, gd->events[e].letters);
        t->g->round_cell[r - 1] = rc;
        t->g->event_cell[r - 1] = ec;
    }
    canvas_rect(t->c, b.x + lab, b.y, b.w - lab, b.h);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    /* The legend of the letters, in die order. */
    struct strbuf sb = STRBUF_INIT;
    for (int d = 1; d <= 6; d++) {
        int e = gamedata_event_by_die(gd, d);
        if (e < 0)
            continue;
        strbuf_printf(&sb, "%s%s %s", sb.len ? " \xc2\xb7 " : "", gd->events[e].letters,
                      gd->events[e].name);
    }
    layout_text_fit(t->c, FONT_SANS, LAYOUT_MIN_TEXT, LAYOUT_MIN_TEXT, t->pal.muted, b.x + b.w,
                    legend_y, b.w, ALIGN_RIGHT, strbuf_cstr(&sb));
    strbuf_free(&sb);
}

static void reserve_strip(struct ts *t, struct box b)
{
    const struct gamedata *gd = t->gd;
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill_stroke(t->c, t->pal.accent_fill, t->pal.rule, 0.9);
    double lw = 84;
    layout_small_caps(t->c, FONT_SERIF_BOLD, 10.5, t->pal.band_ink, b.x + 7, b.y + b.h / 2 + 3.5,
                      ALIGN_LEFT, "DICE RESERVE", 1);
    double s = fmin(b.h - 6, 18), step = s + 4;
    int n = gd->reserve_slots > GD_MAX_RESERVE_SLOTS ? GD_MAX_RESERVE_SLOTS : gd->reserve_slots;
    double x0 = b.x + lw;
    for (int i = 0; i < n; i++) {
        struct box sl = mkbox(x0 + i * step, b.y + (b.h - s) / 2, s, s);
        canvas_round_rect(t->c, sl.x, sl.y, s, s, s * 0.2);
        canvas_fill_stroke(t->c, t->pal.paper, t->pal.accent, 0.9);
        if (i < gd->nreserve_start) {
            char num[16];
            snprintf(num, sizeof num, "%d", gd->reserve_start[i]);
            canvas_text(t->c, FONT_SANS_BOLD, 10, t->pal.soft, sl.x + s / 2, sl.y + s / 2 + 3.6,
                        ALIGN_CENTER, num);
        }
        t->g->reserve_slot[i] = sl;
    }
    t->g->nreserve = n;
    double nx = x0 + n * step + 6;
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "Spend at most %d reserve die per turn (never in the king war) and cross "
                  "it out. To store a die, write its value in a free slot.", gd->reserve_per_turn);
    layout_text_box(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, 1.2, t->pal.soft,
                    mkbox(nx, b.y + 3, b.x + b.w - nx - 6, b.h - 5), ALIGN_LEFT, strbuf_cstr(&sb), 1);
    strbuf_free(&sb);
}

/* ---- page 1: town assets ---- */

/* Column positions of an asset row. */
struct asset_cols {
    double x0, strip, icon, content, content_end, max_x, max_w, vp_x, vp_w, right;
};

static struct asset_cols asset_cols(const struct ts *t)
{
    struct asset_cols k;
    k.x0 = t->area.x;
    k.right = t->area.x + t->area.w;
    k.strip = 17;
    k.icon = 28;
    k.content = k.x0 + k.strip + k.icon;
    k.vp_w = 38;
    k.max_w = 54;
    k.vp_x = k.right - k.vp_w;
    k.max_x = k.vp_x - k.max_w;
    k.content_end = k.max_x - 5;
    return k;
}

/* The reminder printed after an asset's name: its POW, feeding or production rule and perk. */
static void asset_note(const struct gamedata *gd, int a, struct strbuf *out)
{
    const struct gd_asset *as = &gd->assets[a];
    strbuf_reset(out);
    struct strbuf nm = STRBUF_INIT;
    if (a == A_FOOD && gd->feeding_per > 0) {
        lower(gd->assets[A_POPULATION].name, &nm);
        strbuf_printf(out, "at the end of your turn, pay 1 food per %d %s, rounded up",
                      gd->feeding_per, strbuf_cstr(&nm));
    }
    if (as->produce.value > 0) {
        lower(as->name, &nm);
        strbuf_printf(out, "%sat the end of each round, gain 1 food per %d %s, rounded down",
                      out->len ? "; " : "", as->produce.value, strbuf_cstr(&nm));
    }
    if (as->pow.value > 0)
        strbuf_printf(out, "%sworth %d POW each", out->len ? "; " : "", as->pow.value);
    if (as->perk.id != PERK_NONE && as->perk.text)
        strbuf_printf(out, "%s%s", out->len ? "; " : "", as->perk.text);
    if (as->note)
        strbuf_printf(out, "%s%s", out->len ? "; " : "", as->note);
    strbuf_free(&nm);
}

static void asset_row(struct ts *t, const struct asset_cols *k, int a, double y, double h)
{
    const struct gamedata *gd = t->gd;
    const struct gd_asset *as = &gd->assets[a];
    struct canvas *c = t->c;
    int special = as->cls == CLASS_SPECIAL;
    /* Line 1: name, reminder, tags; line 2: the value cells. */
    double ch = fmin(16.0, h - 15.5);
    double cells_y = y + h - ch - 3;
    double base1 = y + fmin(12.0, cells_y - y - 3.5);
    struct tag_style st = t->tag;
    st.height = fmin(st.height, base1 - y + 1.5);
    double icx = k->x0 + k->strip;
    if (special) {
        double s = fmin(17.0, h - 10);
        canvas_text(c, FONT_SANS_BOLD, 8, t->pal.accent, icx + 5, y + h / 2 + 2.9, ALIGN_CENTER, "=");
        layout_die(c, &t->pal, icx + 9, y + (h - s) / 2, s, as->die.value);
    } else {
        double s = fmin(20.0, h - 8);
        layout_icon(c, t->o->icons, as->id, icx + (k->icon - s) / 2, y + (h - s) / 2, s, t->pal.ink);
    }
    double x = k->content;
    if (special) {
        layout_icon(c, t->o->icons, as->id, x, base1 - 9.5, 11, t->pal.ink);
        x += 13;
    }
    x += layout_small_caps(c, FONT_SERIF_BOLD, 10.5, t->pal.ink, x, base1, ALIGN_LEFT, as->name, 1);
    double tw = tags(t, as->req, as->nreq, as->cost, as->ncost, &st, k->content_end,
                     base1 - st.height + 2.5, 1);
    struct strbuf note = STRBUF_INIT;
    asset_note(gd, a, &note);
    double nx = x + 6, nw = k->content_end - tw - 6 - nx;
    if (note.len > 0 && nw > 20)
        layout_text_fit(c, FONT_SERIF_ITALIC, 8.6, 7.0, t->pal.soft, nx, base1, nw, ALIGN_LEFT,
                        strbuf_cstr(&note));
    strbuf_free(&note);
    /* The run of cells: a printed 0, then room for the new values. */
    double run = k->content_end - k->content;
    int n = (int)floor(run / 15.5);
    if (n > TOWNSHEET_MAX_CELLS)
        n = TOWNSHEET_MAX_CELLS;
    double cw = run / n;
    layout_cells(c, &t->pal, k->content, cells_y, cw, ch, n, 1);
    for (int i = 0; i < n; i++)
        t->g->asset_cell[a][i] = mkbox(k->content + i * cw, cells_y, cw, ch);
    t->g->nasset_cells[a] = n;
    canvas_text(c, FONT_SANS, 8.5, t->pal.muted, k->content + cw / 2, cells_y + ch / 2 + 3,
                ALIGN_CENTER, "0");
    /* MAX, then VP. */
    double mx = k->max_x + k->max_w / 2;
    canvas_text(c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.soft, mx, base1 - 1, ALIGN_CENTER, "MAX =");
    struct strbuf sb = STRBUF_INIT;
    if (as->max_ref >= 0) {
        lower(gd->assets[as->max_ref].name, &sb);
        layout_text_fit(c, FONT_SANS_BOLD, 7, LAYOUT_MIN_TEXT, t->pal.ink, mx,
                        cells_y + ch / 2 + 2.6, k->max_w - 4, ALIGN_CENTER, strbuf_cstr(&sb));
    } else {
        strbuf_printf(&sb, "%d", as->max.value);
        canvas_text(c, FONT_SANS_BOLD, 10, t->pal.ink, mx, cells_y + ch / 2 + 3.6, ALIGN_CENTER,
                    strbuf_cstr(&sb));
    }
    strbuf_free(&sb);
    if (as->vp.value > 0)
        vp_badge(t, mkbox(k->vp_x, y, k->vp_w, h), as->vp.value, "each");
}

static int count_class(const struct gamedata *gd, enum asset_class cls)
{
    int n = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        n += gd->assets[a].cls == cls;
    return n;
}

/* A framed block of the assets of one class, with its vertical label; returns its height. */
static double asset_block(struct ts *t, enum asset_class cls, const char *name, double y, double h)
{
    struct asset_cols k = asset_cols(t);
    int n = count_class(t->gd, cls);
    if (n == 0)
        return 0;
    double bh = n * h;
    canvas_round_rect(t->c, k.x0, y, k.right - k.x0, bh, 3);
    canvas_fill(t->c, t->pal.paper);
    canvas_save(t->c);
    canvas_rect(t->c, k.x0, y, k.strip, bh);
    canvas_clip(t->c);
    canvas_round_rect(t->c, k.x0, y, k.strip + 4, bh, 3);
    canvas_fill(t->c, t->pal.band);
    canvas_restore(t->c);
    vertical_label(t, mkbox(k.x0, y, k.strip, bh), name);
    int i = 0;
    for (int a = 0; a < ASSET_COUNT; a++) {
        if (t->gd->assets[a].cls != cls)
            continue;
        double ry = y + i * h;
        if (i > 0)
            hline(t, k.x0 + k.strip, k.right, ry, t->pal.line, 0.4);
        asset_row(t, &k, a, ry, h);
        i++;
    }
    vline(t, k.max_x, y, y + bh, t->pal.line, 0.4);
    vline(t, k.vp_x, y, y + bh, t->pal.line, 0.4);
    vline(t, k.x0 + k.strip, y, y + bh, t->pal.rule, 0.6);
    canvas_round_rect(t->c, k.x0, y, k.right - k.x0, bh, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    return bh;
}

/* The spending rules of the town assets side by side, then the key of the two tags. */
static void asset_rules(struct ts *t, struct box b)
{
    const struct gamedata *gd = t->gd;
    struct strbuf r[3] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    strbuf_puts(&r[0], "A die adds its value to an asset; one die per asset each turn.");
    strbuf_printf(&r[1], "Advanced assets: the highest die you rolled adds %d less.",
                  gd->advanced_die_penalty);
    strbuf_puts(&r[2], "Special ones: only with a die showing their die-box value.");
    const double gap = 8, key_w = 126;
    t->g->note_area[0] = b;
    double cw = (b.w - key_w - 3 * gap) / 3;
    for (int i = 0; i < 3; i++) {
        double x = b.x + i * (cw + gap);
        canvas_circle(t->c, x + 2, b.y + 4.6, 1.4);
        canvas_fill(t->c, t->pal.rule);
        layout_text_box(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, 1.22, t->pal.soft,
                        mkbox(x + 7, b.y, cw - 7, b.h - 3), ALIGN_LEFT, strbuf_cstr(&r[i]), 1);
        strbuf_free(&r[i]);
    }
    /* The key: what the red and the blue tags mean. */
    double kx = b.x + b.w - key_w, lh = 10;
    double w1 = layout_tag_label(t->c, &t->pal, TAG_NEEDS, kx, b.y + 0.5, lh);
    layout_text_fit(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, t->pal.soft, kx + w1 + 4, b.y + 7.9,
                    key_w - w1 - 4, ALIGN_LEFT, "must hold when you spend");
    double w2 = layout_tag_label(t->c, &t->pal, TAG_PAY, kx, b.y + lh + 2, lh);
    layout_text_fit(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, t->pal.soft, kx + w2 + 4, b.y + lh + 9.4,
                    key_w - w2 - 4, ALIGN_LEFT, "for each unit you add");
}

/* ---- page 1: locations ---- */

static void bonus_text(struct ts *t, const struct gd_location *l, struct box b)
{
    const struct gamedata *gd = t->gd;
    double lh = l->nbonus > 1 ? b.h / 2 : b.h;
    struct strbuf sb = STRBUF_INIT, nm = STRBUF_INIT;
    for (int i = 0; i < l->nbonus; i++) {
        lower(gd->assets[l->bonus_asset[i]].name, &nm);
        /* "stone, wood and iron supply" is too long for the column: its last word says it. */
        const char *word = strrchr(strbuf_cstr(&nm), ' ');
        word = word ? word + 1 : strbuf_cstr(&nm);
        strbuf_reset(&sb);
        strbuf_printf(&sb, "%s%d", i > 0 ? "or " : "", l->bonus_amount[i]);
        double base = b.y + i * lh + lh / 2 + 2.8;
        double x = b.x + 6;
        x += canvas_text_width(t->c, FONT_SANS_BOLD, 8, strbuf_cstr(&sb));
        canvas_text(t->c, FONT_SANS_BOLD, 8, t->pal.ink, b.x + 6, base, ALIGN_LEFT, strbuf_cstr(&sb));
        layout_icon(t->c, t->o->icons, gd->assets[l->bonus_asset[i]].id, x + 2, base - 8.5, 10, t->pal.ink);
        layout_text_fit(t->c, FONT_SANS, 7, LAYOUT_MIN_TEXT, t->pal.soft, x + 14, base,
                        b.x + b.w - x - 16, ALIGN_LEFT, word);
    }
    strbuf_free(&sb);
    strbuf_free(&nm);
}

static double locations_table(struct ts *t, double y, double head_h, double in_h, double min_h)
{
    const struct gamedata *gd = t->gd;
    struct box a = t->area;
    double name_w = 104, lab_w = 62, bonus_w = 78;
    double cw = (a.w - name_w - lab_w - bonus_w) / GD_ROUNDS;
    double x_cells = a.x + name_w + lab_w;
    double x_bonus = x_cells + GD_ROUNDS * cw;
    double total = head_h + LOCATION_COUNT * (in_h + min_h);
    canvas_round_rect(t->c, a.x, y, a.w, total, 3);
    canvas_fill(t->c, t->pal.paper);
    /* Header: the round numbers. */
    canvas_save(t->c);
    canvas_round_rect(t->c, a.x, y, a.w, total, 3);
    canvas_clip(t->c);
    canvas_rect(t->c, a.x, y, a.w, head_h);
    canvas_fill(t->c, t->pal.band);
    canvas_restore(t->c);
    label(t, x_cells - 5, y + head_h / 2 + 2.4, ALIGN_RIGHT, "ROUND");
    for (int r = 1; r <= GD_ROUNDS; r++) {
        char num[16];
        snprintf(num, sizeof num, "%d", r);
        canvas_text(t->c, FONT_SANS_BOLD, 7.5, t->pal.band_ink, x_cells + (r - 0.5) * cw,
                    y + head_h / 2 + 2.7, ALIGN_CENTER, num);
    }
    label(t, x_bonus + bonus_w / 2, y + head_h / 2 + 2.4, ALIGN_CENTER, "BONUS");
    double ry = y + head_h;
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *loc = &gd->locations[l];
        double bh = in_h + min_h;
        hline(t, a.x, a.x + a.w, ry, t->pal.rule, l == 0 ? 0.8 : 0.6);
        double s = fmin(18.0, bh - 8);
        layout_icon(t->c, t->o->icons, loc->id, a.x + 5, ry + (bh - s) / 2, s, t->pal.ink);
        struct strbuf sb = STRBUF_INIT;
        double size = layout_fit(t->c, FONT_SERIF_BOLD, 10.5, 7, name_w - s - 12, loc->name, &sb);
        layout_small_caps(t->c, FONT_SERIF_BOLD, size, t->pal.ink, a.x + s + 9, ry + bh / 2 + 3.5,
                          ALIGN_LEFT, strbuf_cstr(&sb), 1);
        strbuf_free(&sb);
        /* Your influence: a printed 0, then one cell per round. */
        canvas_text(t->c, FONT_SANS, 6.8, t->pal.soft, a.x + name_w + 2, ry + in_h / 2 + 2.4,
                    ALIGN_LEFT, "influence");
        double zw = 14;
        struct box z = mkbox(x_cells - zw - 3, ry + 2.5, zw, in_h - 5);
        layout_cell(t->c, &t->pal, z, 1);
        t->g->influence_start[l] = z;
        canvas_text(t->c, FONT_SANS, 8, t->pal.muted, z.x + zw / 2, z.y + z.h / 2 + 2.9,
                    ALIGN_CENTER, "0");
        canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.soft, a.x + name_w + 2,
                    ry + in_h + min_h / 2 + 2.3, ALIGN_LEFT, "MIN");
        canvas_text(t->c, FONT_SANS, LAYOUT_MIN_TEXT, t->pal.muted, x_cells - 3,
                    ry + in_h + min_h / 2 + 2.3, ALIGN_RIGHT, "to collect");
        layout_cells(t->c, &t->pal, x_cells, ry, cw, in_h, GD_ROUNDS, 0);
        layout_cells(t->c, &t->pal, x_cells, ry + in_h, cw, min_h, GD_ROUNDS, GD_ROUNDS);
        for (int r = 0; r < GD_ROUNDS; r++) {
            t->g->influence_cell[l][r] = mkbox(x_cells + r * cw, ry, cw, in_h);
            struct box mc = mkbox(x_cells + r * cw, ry + in_h, cw, min_h);
            char num[16];
            snprintf(num, sizeof num, "%d", loc->min[r]);
            canvas_text(t->c, FONT_SANS_BOLD, 7.5, t->pal.soft, mc.x + cw / 2,
                        mc.y + min_h / 2 + 2.7, ALIGN_CENTER, num);
        }
        bonus_text(t, loc, mkbox(x_bonus, ry, bonus_w, bh));
        ry += bh;
    }
    vline(t, x_bonus, y, y + total, t->pal.rule, 0.6);
    vline(t, a.x + name_w, y + head_h, y + total, t->pal.line, 0.4);
    canvas_round_rect(t->c, a.x, y, a.w, total, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    return total;
}

/* ---- page 1 ---- */

static void footer(struct ts *t, int page)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s%spage %d of 2", t->o->footer, *t->o->footer ? " \xc2\xb7 " : "", page);
    layout_footer(t->c, &t->pal, t->o->paper, strbuf_cstr(&sb));
    strbuf_free(&sb);
}

static void difficulty_line(struct ts *t, struct strbuf *out)
{
    int d = t->o->difficulty;
    if (d < 0)
        return;
    const struct gd_difficulty *df = &t->gd->difficulties[d];
    if (df->good_high >= 0)
        strbuf_printf(out, "%s difficulty: a good score is %d to %d", df->name, df->good_low,
                      df->good_high);
    else
        strbuf_printf(out, "%s difficulty: a good score is above %d", df->name, df->good_low);
}

static int page1(struct ts *t, struct strbuf *err)
{
    struct box a = t->area;
    /* The asset rows come first: when they would be shorter than 31 pt (Letter), the header,
     * the reserve, the locations and the gaps give up a little height. */
    double title_h = 22, reserve_h = 26, in_h = 17, min_h = 12, gap_min = GAP_MIN;
    const double head_h = 50, legend_h = 10, rules_h = 24, loc_note_h = 10, loc_head_h = 13;
    const int nrows = ASSET_COUNT, ngaps = 8;
    double fixed = 0, row = 0;
    for (int compact = 0; compact < 2; compact++) {
        if (compact) {
            title_h = 19, reserve_h = 23, in_h = 15.5, min_h = 11, gap_min = 3.5;
        }
        fixed = title_h + 4 + head_h + legend_h + reserve_h + BAND_H + rules_h + BAND_H + BAND_H +
                loc_note_h + loc_head_h + LOCATION_COUNT * (in_h + min_h);
        row = clampd((a.h - fixed - ngaps * gap_min) / nrows, 24, 33);
        if (row >= 31)
            break;
    }
    double gap = (a.h - fixed - nrows * row) / ngaps;
    if (gap < 2) {
        strbuf_printf(err, "the town assets do not fit on %s paper", t->o->paper->label);
        return -1;
    }
    struct strbuf sb = STRBUF_INIT;
    difficulty_line(t, &sb);
    double y = a.y;
    title_row(t, y, title_h, strbuf_cstr(&sb), 0);
    strbuf_free(&sb);
    y += title_h + 4;
    double grid_w = 46 + GD_ROUNDS * 23.0;
    town_box(t, mkbox(a.x, y, a.w - grid_w - 12, head_h + legend_h));
    rounds_grid(t, mkbox(a.x + a.w - grid_w, y, grid_w, head_h), y + head_h + legend_h - 1.5);
    y += head_h + legend_h + gap;
    reserve_strip(t, mkbox(a.x, y, a.w, reserve_h));
    y += reserve_h + gap;
    layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "TOWN ASSETS",
                   "cross out the old amount and write the new one in the next cell");
    y += BAND_H + 4;
    asset_rules(t, mkbox(a.x, y, a.w, rules_h));
    y += rules_h + gap - 4;
    y += asset_block(t, CLASS_BASIC, "BASIC", y, row) + gap;
    y += asset_block(t, CLASS_ADVANCED, "ADVANCED", y, row) + gap;
    struct strbuf note = STRBUF_INIT;
    strbuf_puts(&note, "only with a die showing exactly the value in the die box");
    layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "SPECIAL ASSETS", strbuf_cstr(&note));
    y += BAND_H + gap;
    y += asset_block(t, CLASS_SPECIAL, "SPECIAL", y, row) + gap;
    strbuf_reset(&note);
    strbuf_puts(&note, "one die per location each turn adds its value to your influence");
    layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "LOCATIONS", strbuf_cstr(&note));
    y += BAND_H + 3;
    layout_text_fit(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, t->pal.soft, a.x, y + 7, a.w, ALIGN_LEFT,
                    "At the end of each round, collect the bonus of every location where your "
                    "influence has reached the MIN of that round.");
    strbuf_free(&note);
    y += loc_note_h + 2;
    locations_table(t, y, loc_head_h, in_h, min_h);
    return 0;
}

/* ---- page 2: people and infrastructures ---- */

/* Name of the item, and "worth n POW" or the infrastructure POW, from x at baseline. */
static double item_name(struct ts *t, const struct gd_item *it, double x, double base, double w,
                        double size)
{
    double nw = layout_small_caps(t->c, FONT_SERIF_BOLD, size, t->pal.ink, x, base, ALIGN_LEFT,
                                  it->name, 1);
    struct strbuf sb = STRBUF_INIT;
    if (it->pow.value > 0)
        strbuf_printf(&sb, "worth %d POW", it->pow.value);
    else if (it->infra_pow.value > 0)
        strbuf_printf(&sb, "worth %d POW against outlaws", it->infra_pow.value);
    else if (it->note)
        strbuf_puts(&sb, it->note);
    double used = nw;
    if (sb.len > 0 && w - nw - 6 > 20)
        used += 6 + layout_text_fit(t->c, FONT_SERIF_ITALIC, 8.6, 7, t->pal.soft, x + nw + 6, base,
                                    w - nw - 6, ALIGN_LEFT, strbuf_cstr(&sb));
    strbuf_free(&sb);
    return used;
}

/* The market's reminder: food and supply icons joined by a two-way arrow. */
static void exchange_mark(struct ts *t, double x, double base)
{
    layout_icon(t->c, t->o->icons, t->gd->assets[A_FOOD].id, x, base - 9, 10, t->pal.soft);
    canvas_text(t->c, FONT_SANS, 8, t->pal.soft, x + 15.5, base - 0.5, ALIGN_CENTER, "\xe2\x87\x84");
    layout_icon(t->c, t->o->icons, t->gd->assets[A_SUPPLY].id, x + 21, base - 9, 10, t->pal.soft);
}

/* The tags of a person or infrastructure: on line 2 (top y2) from x, w wide. When both do
 * not fit there, the cost tag moves up to line 1 (top y1), right-aligned, if the name ends
 * before it; else the tags shrink, and as a last resort are clipped to their room. */
static void item_tags(struct ts *t, const struct gd_item *it, double x, double w, double y1,
                      double y2, double name_end)
{
    struct tag_style st = t->tag;
    double wr = layout_req_tag_width(t->c, t->gd, it->req, it->nreq, &st);
    double wc = layout_cost_tag_width(t->c, t->gd, it->cost, it->ncost, &st);
    if (wr + wc + 3 > w && wc > 0 && wr <= w && x + w - wc >= name_end + 6) {
        layout_req_tag(t->c, &t->pal, t->gd, it->req, it->nreq, &st, x, y2);
        layout_cost_tag(t->c, &t->pal, t->gd, it->cost, it->ncost, &st, x + w - wc, y1);
        return;
    }
    st = fitting_tags(t, it->req, it->nreq, it->cost, it->ncost, w);
    canvas_save(t->c);
    canvas_rect(t->c, x - 1, y2 - 1, w + 2, st.height + 2);
    canvas_clip(t->c);
    tags(t, it->req, it->nreq, it->cost, it->ncost, &st, x, y2, 0);
    canvas_restore(t->c);
}

static void item_row(struct ts *t, int i, struct box b)
{
    const struct gd_item *it = &t->gd->items[i];
    double bx = 12;
    struct box xb = mkbox(b.x + 5, b.y + (b.h - bx) / 2, bx, bx);
    check_box(t, xb);
    t->g->item_box[i] = xb;
    double s = fmin(18.0, b.h - 8);
    /* Without its icon, the name and the tags take its room. */
    int icon = layout_icon(t->c, t->o->icons, it->id, b.x + 21, b.y + (b.h - s) / 2, s, t->pal.ink) == 0;
    double vp_w = 32;
    double x = b.x + 21 + (icon ? s + 5 : 0);
    double w = b.x + b.w - vp_w - x - 3;
    double base1 = b.y + (b.h - 3 - t->tag.height - 8) / 2 + 8.5;
    double used = item_name(t, it, x, base1, w, 10);
    if (it->nperks > 0 && it->perks[0].id == PERK_MARKET && used + 34 < w) {
        exchange_mark(t, x + used + 6, base1);
        used += 34;
    }
    item_tags(t, it, x, w, base1 - t->tag.height + 2.5, base1 + 3, x + used);
    vline(t, b.x + b.w - vp_w, b.y + 3, b.y + b.h - 3, t->pal.line, 0.4);
    vp_badge(t, mkbox(b.x + b.w - vp_w, b.y, vp_w, b.h), it->vp.value, NULL);
}

/* One column of people or infrastructures. */
static void item_column(struct ts *t, enum item_kind kind, struct box b, double row, int rows)
{
    if (rows == 0)
        return;
    canvas_round_rect(t->c, b.x, b.y, b.w, rows * row, 3);
    canvas_fill(t->c, t->pal.paper);
    int n = 0;
    for (int i = 0; i < t->gd->nitems; i++) {
        if (t->gd->items[i].kind != kind)
            continue;
        double y = b.y + n * row;
        if (n > 0)
            hline(t, b.x + 3, b.x + b.w - 3, y, t->pal.line, 0.4);
        item_row(t, i, mkbox(b.x, y, b.w, row));
        n++;
    }
    canvas_round_rect(t->c, b.x, b.y, b.w, rows * row, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
}

static int count_kind(const struct gamedata *gd, enum item_kind kind)
{
    int n = 0;
    for (int i = 0; i < gd->nitems; i++)
        n += gd->items[i].kind == kind;
    return n;
}

/* A special person or infrastructure: die, icon, name and tags at the left, VP, then its two
 * abilities with tick boxes at the right. */
static void special_row(struct ts *t, int i, struct box b)
{
    const struct gd_item *it = &t->gd->items[i];
    struct canvas *c = t->c;
    double die = fmin(17.0, b.h - 10);
    canvas_text(c, FONT_SANS_BOLD, 8, t->pal.accent, b.x + 7, b.y + b.h / 2 + 2.9, ALIGN_CENTER, "=");
    layout_die(c, &t->pal, b.x + 11, b.y + (b.h - die) / 2, die, it->die.value);
    double s = fmin(18.0, b.h - 10);
    int icon = layout_icon(c, t->o->icons, it->id, b.x + 33, b.y + (b.h - s) / 2, s, t->pal.ink) == 0;
    double left_w = b.w * 0.47;
    double vp_w = 32;
    double x = b.x + 33 + (icon ? s + 5 : 0);     /* without its icon: its room for the name */
    double w = b.x + left_w - vp_w - x - 3;
    double base1 = b.y + (b.h - 3 - t->tag.height - 8) / 2 + 8.5;
    double used = item_name(t, it, x, base1, w, 10);
    item_tags(t, it, x, w, base1 - t->tag.height + 2.5, base1 + 3, x + used);
    vline(t, b.x + left_w - vp_w, b.y + 3, b.y + b.h - 3, t->pal.line, 0.4);
    vp_badge(t, mkbox(b.x + left_w - vp_w, b.y, vp_w, b.h), it->vp.value, NULL);
    /* The two abilities. */
    double px = b.x + left_w;
    vline(t, px, b.y, b.y + b.h, t->pal.rule, 0.6);
    double ph = b.h / 2;
    for (int k = 0; k < it->nperks && k < 2; k++) {
        double py = b.y + k * ph;
        struct box tb = mkbox(px + 6, py + (ph - 9) / 2, 9, 9);
        check_box(t, tb);
        t->g->perk_box[i][k] = tb;
        canvas_text(c, FONT_SANS_BOLD, 7, t->pal.soft, px + 21, py + ph / 2 + 2.5, ALIGN_CENTER,
                    k == 0 ? "a" : "b");
        /* One line when it fits, else wrapped in the half row. */
        const char *text = it->perks[k].text ? it->perks[k].text : "";
        double tx = px + 27, tw = b.x + b.w - px - 31;
        struct strbuf fit = STRBUF_INIT;
        double size = layout_fit(c, FONT_SANS, 7.5, LAYOUT_MIN_TEXT, tw, text, &fit);
        if (strcmp(strbuf_cstr(&fit), text) == 0)
            canvas_text(c, FONT_SANS, size, t->pal.ink, tx, py + ph / 2 + size * 0.36, ALIGN_LEFT,
                        text);
        else
            layout_text_box(c, FONT_SANS, 7, LAYOUT_MIN_TEXT, 1.1, t->pal.ink,
                            mkbox(tx, py + 0.5, tw, ph - 1), ALIGN_LEFT, text, 1);
        strbuf_free(&fit);
    }
    canvas_dash(c, (const double[]){2, 1.5}, 2);
    hline(t, px + 4, b.x + b.w - 4, b.y + ph, t->pal.line, 0.5);
    canvas_dash(c, NULL, 0);
}

static double special_block(struct ts *t, enum item_kind kind, double y, double row)
{
    struct box a = t->area;
    int n = count_kind(t->gd, kind);
    if (n == 0)
        return 0;
    double h = n * row;
    canvas_round_rect(t->c, a.x, y, a.w, h, 3);
    canvas_fill(t->c, t->pal.paper);
    int k = 0;
    for (int i = 0; i < t->gd->nitems; i++) {
        if (t->gd->items[i].kind != kind)
            continue;
        double ry = y + k * row;
        if (k > 0)
            hline(t, a.x, a.x + a.w, ry, t->pal.rule, 0.6);
        special_row(t, i, mkbox(a.x, ry, a.w, row));
        k++;
    }
    canvas_round_rect(t->c, a.x, y, a.w, h, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    return h;
}

/* ---- page 2: reputation, POW, turn reminder ---- */

static void reputation_strip(struct ts *t, struct box b)
{
    const struct gamedata *gd = t->gd;
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill_stroke(t->c, t->pal.accent_fill, t->pal.rule, 0.9);
    double ix = layout_icon(t->c, t->o->icons, "reputation", b.x + 6, b.y + (b.h - 14) / 2, 14,
                            t->pal.ink) == 0 ? 18 : 0;
    layout_small_caps(t->c, FONT_SERIF_BOLD, 10.5, t->pal.band_ink, b.x + 7 + ix, b.y + b.h / 2 + 3.5,
                      ALIGN_LEFT, "REPUTATION", 1);
    double x0 = b.x + 88 + ix, cw = 20, ch = b.h - 8;
    layout_cells(t->c, &t->pal, x0, b.y + 4, cw, ch, TOWNSHEET_REPUTATION_CELLS, 1);
    for (int i = 0; i < TOWNSHEET_REPUTATION_CELLS; i++)
        t->g->reputation_cell[i] = mkbox(x0 + i * cw, b.y + 4, cw, ch);
    canvas_text(t->c, FONT_SANS, 8.5, t->pal.muted, x0 + cw / 2, b.y + 4 + ch / 2 + 3, ALIGN_CENTER,
                "0");
    double nx = x0 + TOWNSHEET_REPUTATION_CELLS * cw + 8;
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%d VP per %d", gd->reputation_vp, gd->reputation_per);
    double tw = canvas_text_width(t->c, FONT_SANS_BOLD, 9.5, strbuf_cstr(&sb));
    canvas_text(t->c, FONT_SANS_BOLD, 9.5, t->pal.accent, b.x + b.w - 8, b.y + b.h / 2 + 3.4,
                ALIGN_RIGHT, strbuf_cstr(&sb));
    strbuf_reset(&sb);
    strbuf_puts(&sb, "Gained only in the king war; never lost. Scored at the end of the game.");
    layout_text_box(t->c, FONT_SANS, 6.8, LAYOUT_MIN_TEXT, 1.2, t->pal.soft,
                    mkbox(nx, b.y + 3, b.x + b.w - 14 - tw - nx, b.h - 5), ALIGN_LEFT,
                    strbuf_cstr(&sb), 1);
    strbuf_free(&sb);
}

#define PANEL_EXTRA 20.0    /* a panel's title band and padding around its content */

/* A small framed panel with a title band; returns the content box. */
static struct box panel(struct ts *t, struct box b, const char *title, const char *note)
{
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill(t->c, t->pal.paper);
    canvas_save(t->c);
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_clip(t->c);
    layout_heading(t->c, &t->pal, mkbox(b.x, b.y, b.w, 14), title, note);
    canvas_restore(t->c);
    canvas_round_rect(t->c, b.x, b.y, b.w, b.h, 3);
    canvas_stroke(t->c, t->pal.rule, 0.9);
    return mkbox(b.x + 6, b.y + 17, b.w - 12, b.h - 20);
}

/* "men-at-arms ×1 + knights ×2 + mercenaries ×3 + army chief 3 + war hero 6" */
static void pow_sources(const struct gamedata *gd, struct strbuf *out)
{
    struct strbuf nm = STRBUF_INIT;
    for (int a = 0; a < ASSET_COUNT; a++)
        if (gd->assets[a].pow.value > 0) {
            lower(gd->assets[a].name, &nm);
            strbuf_printf(out, "%s%s \xc3\x97%d", out->len ? " + " : "", strbuf_cstr(&nm),
                          gd->assets[a].pow.value);
        }
    for (int i = 0; i < gd->nitems; i++)
        if (gd->items[i].pow.value > 0) {
            lower(gd->items[i].name, &nm);
            strbuf_printf(out, "%s%s %d", out->len ? " + " : "", strbuf_cstr(&nm),
                          gd->items[i].pow.value);
        }
    strbuf_free(&nm);
}

/* "1d6 if men-at-arms ≥ 4 + 1d6 if knights ≥ 4" */
static void pow_rolls(const struct gamedata *gd, struct strbuf *out)
{
    struct strbuf nm = STRBUF_INIT;
    for (int i = 0; i < gd->nbonus_rolls; i++) {
        lower(gd->assets[gd->bonus_roll_asset[i]].name, &nm);
        strbuf_printf(out, "%s1d6 if %s \xe2\x89\xa5 %d", out->len ? " + " : "", strbuf_cstr(&nm),
                      gd->bonus_roll_min[i]);
    }
    strbuf_free(&nm);
}

/* "town walls 10 + barbican 10 + castle (a) 20": POW counted against the outlaws only. */
static void pow_buildings(const struct gamedata *gd, struct strbuf *out)
{
    struct strbuf nm = STRBUF_INIT;
    for (int i = 0; i < gd->nitems; i++) {
        const struct gd_item *it = &gd->items[i];
        lower(it->name, &nm);
        if (it->infra_pow.value > 0)
            strbuf_printf(out, "%s%s %d", out->len ? " + " : "", strbuf_cstr(&nm), it->infra_pow.value);
        for (int k = 0; k < it->nperks; k++)
            if (it->perks[k].id == PERK_INFRA_POW && it->perks[k].nparams > 0) {
                strbuf_printf(out, "%s%s", out->len ? " + " : "", strbuf_cstr(&nm));
                if (gamedata_is_special(it))
                    strbuf_printf(out, " (%c)", 'a' + k);
                strbuf_printf(out, " %d", it->perks[k].params[0]);
            }
    }
    strbuf_free(&nm);
}

/* Heights of wrapped paragraphs at size in width w, as layout_text_box needs them. */
static void paragraph_heights(struct ts *t, double size, double lead, double w,
                              const struct strbuf *text, int n, double *need)
{
    struct layout_lines lines = {0};
    for (int k = 0; k < n; k++) {
        size_t nl = layout_wrap(t->c, FONT_SANS, size, w, strbuf_cstr(&text[k]), &lines);
        need[k] = 0.8 * size + (double)(nl > 0 ? nl - 1 : 0) * lead * size + 0.25 * size;
    }
    layout_lines_free(&lines);
}

static void dotted_rule(struct ts *t, double x1, double x2, double y)
{
    canvas_dash(t->c, (const double[]){1.5, 1.5}, 2);
    hline(t, x1, x2, y, t->pal.line, 0.4);
    canvas_dash(t->c, NULL, 0);
}

#define POW_SIZE 7.0
#define POW_LEAD 1.2
#define POW_BOX_W 30.0
#define POW_HEAD 9.0
#define POW_NOTE 10.0

/* The height the POW panel needs when w wide. */
static double pow_panel_need(struct ts *t, double w)
{
    struct strbuf text[3] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    pow_sources(t->gd, &text[0]);
    pow_rolls(t->gd, &text[1]);
    pow_buildings(t->gd, &text[2]);
    double need[3];
    paragraph_heights(t, POW_SIZE, POW_LEAD, w - 12 - POW_BOX_W - 14, text, 3, need);
    for (int k = 0; k < 3; k++)
        strbuf_free(&text[k]);
    return need[0] + need[1] + need[2] + 3 * POW_HEAD + POW_NOTE + 2 * 4 + PANEL_EXTRA;
}

static void pow_panel(struct ts *t, struct box b)
{
    struct box in = panel(t, b, "POW", "king war and Outlaws' Attack");
    static const char *labels[3] = {"SUM", "ROLL", "WALLS"};
    static const char *hints[3] = {"assets and people", "bonus dice", "Outlaws' Attack only"};
    struct strbuf text[3] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    pow_sources(t->gd, &text[0]);
    pow_rolls(t->gd, &text[1]);
    pow_buildings(t->gd, &text[2]);
    const double size = POW_SIZE, lead = POW_LEAD, box_w = POW_BOX_W, head = POW_HEAD,
                 note_h = POW_NOTE;
    double tw = in.w - box_w - 14;
    double need[3];
    paragraph_heights(t, size, lead, tw, text, 3, need);
    double total = need[0] + need[1] + need[2] + 3 * head;
    double spare = fmax(0, (in.h - note_h - total) / 3);
    double y = in.y;
    for (int k = 0; k < 3; k++) {
        double h = head + need[k] + spare;
        if (k > 0)
            dotted_rule(t, in.x, in.x + in.w, y - spare / 2);
        double top = y + spare / 2 - 1;
        canvas_text(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, t->pal.accent, in.x, top + 6.5,
                    ALIGN_LEFT, labels[k]);
        double lw = canvas_text_width(t->c, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, labels[k]);
        canvas_text(t->c, FONT_SERIF_ITALIC, 8, t->pal.soft, in.x + lw + 5, top + 6.5, ALIGN_LEFT,
                    hints[k]);
        layout_text_box(t->c, FONT_SANS, size, LAYOUT_MIN_TEXT, lead, t->pal.ink,
                        mkbox(in.x, top + head, tw, need[k] + 1), ALIGN_LEFT,
                        strbuf_cstr(&text[k]), 1);
        double bh = fmin(18, h - 4), mid = y + h / 2 - spare / 4;
        struct box wb = mkbox(in.x + in.w - box_w, mid - bh / 2, box_w, bh);
        canvas_text(t->c, FONT_SANS, 8, t->pal.soft, wb.x - 4, mid + 2.8, ALIGN_RIGHT, "=");
        layout_cell(t->c, &t->pal, wb, 0);
        t->g->pow_box[k] = wb;
        strbuf_free(&text[k]);
        y += h;
    }
    layout_text_fit(t->c, FONT_SERIF_ITALIC, 8, 7, t->pal.soft, in.x, in.y + in.h - 1, in.w,
                    ALIGN_LEFT, "King war: sum and roll. Outlaws' Attack: all three.");
}

static const char *const turn_labels[3] = {"Round", "Your turn", "King war"};
#define TURN_SIZE 7.0
#define TURN_LEAD 1.2
#define TURN_LABEL_W 42.0

/* The three paragraphs of the round reminder, in our own words, numbers from the data. */
static void turn_texts(const struct gamedata *gd, struct strbuf text[3])
{
    strbuf_puts(&text[0], "Cross the round: its event strikes. The first player rolls the two "
                          "shared dice (a double: nudge one die or re-roll). Everyone plays a "
                          "turn, then the king war, then farms, mill, granary and locations "
                          "produce. The last player starts the next round.");
    strbuf_printf(&text[1], "Roll your two dice and spend all four, one by one, plus at most %d "
                            "from the reserve. Pay 1 food per %d population, rounded up (short of "
                            "food: lose population). Market: trade food and supply.",
                  gd->reserve_per_turn, gd->feeding_per);
    strbuf_printf(&text[2], "Each secretly supports or avoids it (no POW: avoid). Supporters "
                            "compare POW: the highest gain %d reputation, the others %d (%d if "
                            "alone); then they halve men-at-arms and knights.",
                  gd->war_highest, gd->war_other, gd->war_sole);
}

/* The height the round reminder needs in a panel w wide. */
static double turn_panel_need(struct ts *t, double w)
{
    struct strbuf text[3] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    turn_texts(t->gd, text);
    double need[3];
    paragraph_heights(t, TURN_SIZE, TURN_LEAD, w - 12 - TURN_LABEL_W, text, 3, need);
    for (int k = 0; k < 3; k++)
        strbuf_free(&text[k]);
    return need[0] + need[1] + need[2] + 3 * 6 + PANEL_EXTRA;
}

static void turn_panel(struct ts *t, struct box b)
{
    struct box in = panel(t, b, "A ROUND IN SHORT", "steps a1-a8, b1-b6, c1-c8");
    t->g->note_area[1] = b;
    struct strbuf text[3] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    turn_texts(t->gd, text);
    /* Each paragraph gets the height its lines need; what is left spreads between them. */
    double need[3];
    paragraph_heights(t, TURN_SIZE, TURN_LEAD, in.w - TURN_LABEL_W, text, 3, need);
    double spare = fmax(0, (in.h - need[0] - need[1] - need[2]) / 3);
    double y = in.y;
    for (int k = 0; k < 3; k++) {
        double h = need[k] + spare;
        if (k > 0)
            dotted_rule(t, in.x, in.x + in.w, y - spare / 2);
        canvas_text(t->c, FONT_SERIF_BOLD, 8.5, t->pal.band_ink, in.x, y + 6.5, ALIGN_LEFT,
                    turn_labels[k]);
        layout_text_box(t->c, FONT_SANS, TURN_SIZE, LAYOUT_MIN_TEXT, TURN_LEAD, t->pal.ink,
                        mkbox(in.x + TURN_LABEL_W, y, in.w - TURN_LABEL_W, fmin(h, in.y + in.h - y)),
                        ALIGN_LEFT, strbuf_cstr(&text[k]), 1);
        strbuf_free(&text[k]);
        y += h;
    }
}

static int page2(struct ts *t, struct strbuf *err)
{
    struct box a = t->area;
    const struct gamedata *gd = t->gd;
    int np = count_kind(gd, KIND_PERSON), ni = count_kind(gd, KIND_INFRA);
    int nsp = count_kind(gd, KIND_SPECIAL_PERSON), nsi = count_kind(gd, KIND_SPECIAL_INFRA);
    int rows = np > ni ? np : ni;
    double pw = a.w * 0.42, tw = a.w - pw - 10;
    double bottom = fmax(pow_panel_need(t, pw), turn_panel_need(t, tw));
    const double title_h = 20, rep_h = 26;
    int nbands = 1 + (nsp > 0) + (nsi > 0);
    double fixed = title_h + nbands * BAND_H + rep_h + bottom;
    const int ngaps = 2 + 2 * nbands;
    /* People rows and special rows keep their proportions (26 : 31) as they stretch. */
    double unit = (a.h - fixed - ngaps * GAP_MIN) / (rows * 26.0 + (nsp + nsi) * 31.0);
    unit = clampd(unit, 0.9, 1.15);
    double row = 26 * unit, srow = 31 * unit;
    double rest = a.h - fixed - rows * row - (nsp + nsi) * srow;
    if (rest < ngaps * 2) {
        strbuf_printf(err, "the people and infrastructures do not fit on %s paper",
                      t->o->paper->label);
        return -1;
    }
    double gap = clampd(rest / ngaps, 2, 8);
    double y = a.y;
    title_row(t, y, title_h, NULL, 1);
    y += title_h + gap;
    double cw = (a.w - 10) / 2;
    layout_heading(t->c, &t->pal, mkbox(a.x, y, cw, BAND_H), "PROMINENT PEOPLE",
                   "any die; mark an X");
    layout_heading(t->c, &t->pal, mkbox(a.x + cw + 10, y, cw, BAND_H), "INFRASTRUCTURES",
                   "any die; mark an X");
    y += BAND_H + gap;
    /* Both columns end together: the shorter one has taller rows. */
    item_column(t, KIND_PERSON, mkbox(a.x, y, cw, row), np ? rows * row / np : row, np);
    item_column(t, KIND_INFRA, mkbox(a.x + cw + 10, y, cw, row), ni ? rows * row / ni : row, ni);
    y += rows * row + gap;
    if (nsp > 0) {
        layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "SPECIAL PROMINENT PEOPLE",
                       "a die showing exactly the value in the box; tick one ability, for good");
        y += BAND_H + gap;
        y += special_block(t, KIND_SPECIAL_PERSON, y, srow) + gap;
    }
    if (nsi > 0) {
        layout_heading(t->c, &t->pal, mkbox(a.x, y, a.w, BAND_H), "SPECIAL INFRASTRUCTURES",
                       "a die showing exactly the value in the box; tick one ability, for good");
        y += BAND_H + gap;
        y += special_block(t, KIND_SPECIAL_INFRA, y, srow) + gap;
    }
    reputation_strip(t, mkbox(a.x, y, a.w, rep_h));
    y += rep_h + gap;
    /* The panels take what is left, at least what their text needs. */
    bottom = a.y + a.h - y;
    pow_panel(t, mkbox(a.x, y, pw, bottom));
    turn_panel(t, mkbox(a.x + pw + 10, y, tw, bottom));
    return 0;
}

int townsheet_draw_page(struct canvas *c, const struct townsheet_options *o,
                        const struct townsheet_player *p, int page, struct townsheet_geom *geom,
                        struct strbuf *err)
{
    struct townsheet_geom local;
    struct ts t;
    memset(&t, 0, sizeof t);
    t.c = c;
    t.o = o;
    t.gd = o->gd;
    layout_palette(&t.pal, o->grey);
    t.area = layout_page_area(o->paper);
    if (!geom)
        memset(&local, 0, sizeof local);
    t.g = geom ? geom : &local;
    t.tag.size = 7.2;
    t.tag.height = 11.5;
    t.tag.icons = o->icons;
    canvas_page_begin(c, o->paper->width, o->paper->height);
    /* The blank page is the same for every player: a form, drawn once per document (the body
     * still runs when it is painted again, for the geometry). The player's names and the
     * footer go over it. */
    struct strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "townsheet %d %p %p %s %d %d", page, (const void *)o->gd,
                  (const void *)o->icons, o->paper->name, o->grey, o->difficulty);
    for (int r = 1; r <= GD_ROUNDS; r++)
        strbuf_printf(&key, " %d", o->events[r]);
    canvas_form_begin(c, strbuf_cstr(&key), 1, 0, 0, o->paper->width, o->paper->height);
    strbuf_free(&key);
    int rc = page == 0 ? page1(&t, err) : page2(&t, err);
    canvas_form_end(c);
    if (rc == 0) {
        town_names(&t, p, page);
        footer(&t, page + 1);
    }
    if (!o->keep_page_open)
        canvas_page_end(c);
    return rc;
}

int townsheet_draw(struct canvas *c, const struct townsheet_options *o,
                   const struct townsheet_player *p, struct townsheet_geom *geom,
                   struct strbuf *err)
{
    if (geom)
        memset(geom, 0, sizeof *geom);
    if (townsheet_draw_page(c, o, p, 0, geom, err) != 0)
        return -1;
    return townsheet_draw_page(c, o, p, 1, geom, err);
}
