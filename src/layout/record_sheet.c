/* The game record sheet, filled in at the table in the move log's order. */
#include "layout/record_sheet.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/strbuf.h"
#include "rules/engine.h"

#define TITLE_H 24.0        /* the title line of every page */
#define INFO_H 30.0         /* page 1: the game, date, difficulty and players lines */
#define COLS_H 11.0         /* the column headings above the rounds */
#define LEGEND_H 42.0       /* the legend at the bottom of every page */
#define GAP 4.0             /* between two rounds */
#define MAX_ROW 30.0        /* rows never grow beyond this, however few rounds */
#define BAND_UNITS 0.8      /* a round's heading band, in rows */
#define WAR_UNITS 0.8       /* the king-war line, in rows */

/* Column widths of a player row, in points. */
#define NAME_W 62.0
#define OWN_W 40.0
#define OTHER_W 80.0
#define RESERVE_PART 0.82   /* the reserve cell is this fraction of a spent cell */

struct ctx {
    struct canvas *c;
    const struct record_options *o;
    struct palette pal;
    struct box area;
    double row;             /* a player row's height */
    double spent_w;         /* a spent cell's width */
};

/* Rows of one round, in units of a player row. */
static double round_units(int nplayers)
{
    return BAND_UNITS + nplayers + (nplayers > 1 ? WAR_UNITS : 0);
}

/* Height left for rounds on page `page` (0-based) of paper p. */
static double rounds_room(const struct paper *p, int page)
{
    struct box a = layout_page_area(p);
    return a.h - TITLE_H - COLS_H - LEGEND_H - (page == 0 ? INFO_H : 0);
}

/* The number of rounds on page `page` when the record takes `pages` pages: as even as can be,
 * the first pages taking the extra ones. */
static int rounds_on_page(int rounds, int pages, int page)
{
    return rounds / pages + (page < rounds % pages);
}

/* The row height that lets every page of a `pages`-page record hold its rounds. */
static double row_height(const struct record_options *o, int pages)
{
    double row = MAX_ROW;
    for (int p = 0; p < pages; p++) {
        int k = rounds_on_page(o->rounds, pages, p);
        if (k > 0)
            row = fmin(row, (rounds_room(o->paper, p) - GAP * (k - 1)) / (k * round_units(o->players->n)));
    }
    return row;
}

int record_sheet_pages(const struct record_options *o)
{
    int pages = 1;
    while (pages < o->rounds && row_height(o, pages) < RECORD_MIN_ROW)
        pages++;
    return pages;
}

/* The player in seat order at position k of round r's turns. */
static int seat_in_turn(const struct record_options *o, int round, int k)
{
    int n = o->players->n;
    return (engine_round_first_seat(n, round) + k) % n;
}

/* A player's name, or "seat N" when only a count was given. */
static void seat_name(const struct record_options *o, int seat, char *buf, size_t len)
{
    if (o->players->names[seat])
        snprintf(buf, len, "%s", o->players->names[seat]);
    else
        snprintf(buf, len, "seat %d", seat + 1);
}

/* A write-in line from x to x + w at baseline y. */
static void write_line(struct ctx *x, double lx, double y, double w)
{
    canvas_move_to(x->c, lx, y);
    canvas_line_to(x->c, lx + w, y);
    canvas_stroke(x->c, x->pal.line, 0.5);
}

/* A small box for a die value, side s, top-left (bx, by). */
static void die_box(struct ctx *x, double bx, double by, double s)
{
    canvas_round_rect(x->c, bx, by, s, s, s * 0.18);
    canvas_fill_stroke(x->c, x->pal.accent_fill, x->pal.accent, 0.6);
}

/* A label (sans, muted) followed by a write-in line up to x + w; returns the right end. */
static double labelled_line(struct ctx *x, const char *label, double lx, double y, double w)
{
    double tw = canvas_text_width(x->c, FONT_SANS, 7, label);
    canvas_text(x->c, FONT_SANS, 7, x->pal.soft, lx, y, ALIGN_LEFT, label);
    write_line(x, lx + tw + 3, y + 1, w - tw - 3);
    return lx + w;
}

static double draw_title(struct ctx *x, double y, int page, int pages)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    layout_small_caps(c, FONT_SERIF_BOLD, 18, x->pal.ink, a.x, y + 16, ALIGN_LEFT, "XII CENTURY", 1);
    char title[64];
    if (pages > 1)
        snprintf(title, sizeof title, "Game record, page %d of %d", page + 1, pages);
    else
        snprintf(title, sizeof title, "Game record");
    canvas_text(c, FONT_SERIF_ITALIC, 12, x->pal.soft, a.x + a.w, y + 16, ALIGN_RIGHT, title);
    canvas_move_to(c, a.x, y + 21);
    canvas_line_to(c, a.x + a.w, y + 21);
    canvas_stroke(c, x->pal.rule, 1.0);
    return TITLE_H;
}

/* Page 1: the header of the log (game, date, difficulty, events) and the players in seat order. */
static double draw_info(struct ctx *x, double y)
{
    const struct box a = x->area;
    double b1 = y + 10;
    double w = a.w;
    double lx = a.x;
    lx = labelled_line(x, "game", lx, b1, w * 0.34) + 10;
    lx = labelled_line(x, "date", lx, b1, w * 0.16) + 10;
    lx = labelled_line(x, "difficulty", lx, b1, w * 0.18) + 10;
    labelled_line(x, "solo objective", lx, b1, a.x + w - lx);
    double b2 = y + 24;
    lx = a.x;
    canvas_text(x->c, FONT_SANS, 7, x->pal.soft, lx, b2, ALIGN_LEFT, "players in seat order");
    lx += canvas_text_width(x->c, FONT_SANS, 7, "players in seat order") + 6;
    int n = x->o->players->n;
    double each = (a.x + w - lx) / n;
    for (int s = 0; s < n; s++) {
        double px = lx + s * each;
        char num[16];
        snprintf(num, sizeof num, "%d", s + 1);
        canvas_text(x->c, FONT_SANS_BOLD, 7, x->pal.muted, px, b2, ALIGN_LEFT, num);
        if (x->o->players->names[s])
            layout_text_fit(x->c, FONT_SERIF_BOLD, 10, LAYOUT_MIN_TEXT, x->pal.ink, px + 7, b2,
                            each - 12, ALIGN_LEFT, x->o->players->names[s]);
        else
            write_line(x, px + 7, b2 + 1, each - 12);
    }
    return INFO_H;
}

/* The x of each column of a player row: name, own dice, the four spent dice, reserve, other. */
struct columns {
    double name, own, spent[4], reserve, other, end;
};

static struct columns columns(const struct ctx *x)
{
    struct columns k;
    k.name = x->area.x;
    k.own = k.name + NAME_W;
    for (int i = 0; i < 4; i++)
        k.spent[i] = k.own + OWN_W + i * x->spent_w;
    k.reserve = k.spent[3] + x->spent_w;
    k.other = k.reserve + x->spent_w * RESERVE_PART;
    k.end = x->area.x + x->area.w;
    return k;
}

static double draw_column_heads(struct ctx *x, double y)
{
    struct columns k = columns(x);
    double base = y + 8;
    struct canvas *c = x->c;
    struct rgb ink = x->pal.muted;
    canvas_text(c, FONT_SANS_BOLD, 6.5, ink, k.name + 2, base, ALIGN_LEFT, "TURN");
    canvas_text(c, FONT_SANS_BOLD, 6.5, ink, k.own + OWN_W / 2, base, ALIGN_CENTER, "OWN DICE");
    static const char *const spent[4] = {"1ST DIE", "2ND DIE", "3RD DIE", "4TH DIE"};
    for (int i = 0; i < 4; i++)
        layout_text_fit(c, FONT_SANS_BOLD, 6.5, LAYOUT_MIN_TEXT, ink, k.spent[i] + 3, base,
                        x->spent_w - 4, ALIGN_LEFT, spent[i]);
    layout_text_fit(c, FONT_SANS_BOLD, 6.5, LAYOUT_MIN_TEXT, ink, k.reserve + 3, base,
                    k.other - k.reserve - 4, ALIGN_LEFT, "RESERVE DIE");
    layout_text_fit(c, FONT_SANS_BOLD, 6.5, LAYOUT_MIN_TEXT, ink, k.other + 3, base,
                    k.end - k.other - 4, ALIGN_LEFT, "COLLECT, MARKET");
    return COLS_H;
}

/* A round's band: the round number, the event, the outlaws' bonus rolls, the shared dice. */
static void draw_band(struct ctx *x, int round, double y, double h)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    canvas_rect(c, a.x, y, a.w, h);
    canvas_fill(c, x->pal.band);
    double base = y + h / 2 + 3;
    char label[16];
    snprintf(label, sizeof label, "ROUND %d", round);
    layout_small_caps(c, FONT_SERIF_BOLD, fmin(11, h * 0.62), x->pal.band_ink, a.x + 4, base,
                      ALIGN_LEFT, label, 1);
    double s = fmin(h - 4, 16);
    /* The shared dice at the right, where the eye goes after the event. */
    double sx = a.x + a.w - 2 * s - 6;
    die_box(x, sx, y + (h - s) / 2, s);
    die_box(x, sx + s + 3, y + (h - s) / 2, s);
    canvas_text(c, FONT_SANS, 7, x->pal.soft, sx - 4, base - 0.5, ALIGN_RIGHT, "shared dice");
    double right = sx - 4 - canvas_text_width(c, FONT_SANS, 7, "shared dice") - 14;
    double lx = a.x + NAME_W + OWN_W;
    double w = right - lx;
    lx = labelled_line(x, "event", lx, base - 0.5, w * 0.45) + 12;
    labelled_line(x, "outlaws' bonus rolls", lx, base - 0.5, right - lx);
}

/* One player's row of a round. */
static void draw_turn(struct ctx *x, int seat, double y, double h)
{
    struct canvas *c = x->c;
    struct columns k = columns(x);
    canvas_rect(c, k.name, y, k.end - k.name, h);
    canvas_stroke(c, x->pal.line, 0.5);
    const double xs[] = {k.own, k.spent[0], k.spent[1], k.spent[2], k.spent[3], k.reserve, k.other};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        canvas_move_to(c, xs[i], y);
        canvas_line_to(c, xs[i], y + h);
    }
    canvas_stroke(c, x->pal.line, 0.5);
    char name[64];
    seat_name(x->o, seat, name, sizeof name);
    if (x->o->players->names[seat])
        layout_text_fit(c, FONT_SERIF_BOLD, fmin(10, h * 0.55), LAYOUT_MIN_TEXT, x->pal.ink, k.name + 3,
                        y + h / 2 + 3.2, NAME_W - 6, ALIGN_LEFT, name);
    else
        canvas_text(c, FONT_SANS, 7, x->pal.muted, k.name + 3, y + h / 2 + 2.5, ALIGN_LEFT, name);
    double s = fmin(h - 5, 16);
    double top = y + (h - s) / 2;
    die_box(x, k.own + (OWN_W - 2 * s - 3) / 2, top, s);
    die_box(x, k.own + (OWN_W - 2 * s - 3) / 2 + s + 3, top, s);
    for (int i = 0; i < 4; i++)
        die_box(x, k.spent[i] + 2.5, top, s);
    die_box(x, k.reserve + 2.5, top, s);
}

/* The king-war line: per player in turn order, S (support) or A (avoid) to circle and the bonus
 * rolls. */
static void draw_war(struct ctx *x, int round, double y, double h)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    canvas_rect(c, a.x, y, a.w, h);
    canvas_fill_stroke(c, x->pal.shade, x->pal.line, 0.5);
    double base = y + h / 2 + 2.5;
    canvas_text(c, FONT_SANS_BOLD, 7, x->pal.soft, a.x + 3, base, ALIGN_LEFT, "KING WAR");
    int n = x->o->players->n;
    double lx = a.x + NAME_W, each = (a.x + a.w - lx) / n;
    for (int k = 0; k < n; k++) {
        int seat = seat_in_turn(x->o, round, k);
        double px = lx + k * each;
        char name[64];
        seat_name(x->o, seat, name, sizeof name);
        double nw = layout_text_fit(c, x->o->players->names[seat] ? FONT_SERIF_BOLD : FONT_SANS, 8,
                                    LAYOUT_MIN_TEXT, x->pal.ink, px, base, each * 0.34, ALIGN_LEFT, name);
        double ox = px + fmax(nw, each * 0.2) + 4;
        double ow = canvas_text_width(c, FONT_SANS_BOLD, 7, "S / A");
        canvas_text(c, FONT_SANS_BOLD, 7, x->pal.soft, ox, base, ALIGN_LEFT, "S / A");
        double wx = ox + ow + 3, ww = px + each - 6 - wx;
        if (ww > 8)
            write_line(x, wx, base + 1, ww);
    }
}

/* Draws rounds first..last (inclusive) from y down. */
static void draw_rounds(struct ctx *x, int first, int last, double y)
{
    int n = x->o->players->n;
    double band = BAND_UNITS * x->row, war = WAR_UNITS * x->row;
    for (int r = first; r <= last; r++) {
        draw_band(x, r, y, band);
        y += band;
        for (int k = 0; k < n; k++) {
            draw_turn(x, seat_in_turn(x->o, r, k), y, x->row);
            y += x->row;
        }
        if (n > 1) {
            draw_war(x, r, y, war);
            y += war;
        }
        y += GAP;
    }
}

/* The short words of the game data's file that the log accepts for the ids a record names
 * (assets, people, infrastructures, locations); ambiguous words and the singular or plural
 * forms are left out. */
static void alias_list(const struct gamedata *gd, struct strbuf *out)
{
    int first = 1;
    for (int i = 0; i < gd->naliases; i++) {
        const char *id = gd->aliases[i].id;
        size_t len = strlen(id);
        if (gd->aliases[i].id2 || gd->aliases[i].derived ||
            (gamedata_asset(gd, id, len) < 0 && gamedata_item(gd, id, len) < 0 &&
             gamedata_location(gd, id, len) < 0))
            continue;
        strbuf_printf(out, "%s%s = %s", first ? "" : ", ", gd->aliases[i].word, id);
        first = 0;
    }
}

static void draw_legend(struct ctx *x)
{
    const struct box a = x->area;
    double y = a.y + a.h - LEGEND_H + 3;
    canvas_move_to(x->c, a.x, y);
    canvas_line_to(x->c, a.x + a.w, y);
    canvas_stroke(x->c, x->pal.rule, 0.6);
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "Each die: its value in the box, then what it went to, in the log's words "
                       "(population, food, attract master-builder, build stables, influence quarry, "
                       "store). Turns are printed in playing order. Ids take a singular or a plural, and these "
                       "short words: ");
    alias_list(x->o->gd, &sb);
    strbuf_printf(&sb, ". The last cell: the grassland or forest choice (grassland food), market "
                       "conversions (market 3 supply), sheriff and court changes (sheriff 3 4). King war: "
                       "circle S (support) or A (avoid), then write the bonus rolls.");
    layout_text_box(x->c, FONT_SANS, 7, LAYOUT_MIN_TEXT, 1.22, x->pal.soft,
                    (struct box){a.x, y + 3, a.w, LEGEND_H - 6}, ALIGN_LEFT, strbuf_cstr(&sb), 1);
    strbuf_free(&sb);
}

void record_sheet_draw(struct canvas *c, const struct record_options *o)
{
    struct ctx x = {c, o, {0}, {0, 0, 0, 0}, 0, 0};
    layout_palette(&x.pal, o->grey);
    x.area = layout_page_area(o->paper);
    x.spent_w = (x.area.w - NAME_W - OWN_W - OTHER_W) / (4 + RESERVE_PART);
    int pages = record_sheet_pages(o);
    x.row = row_height(o, pages);
    int round = 1;
    for (int p = 0; p < pages; p++) {
        canvas_page_begin(c, o->paper->width, o->paper->height);
        double y = x.area.y;
        y += draw_title(&x, y, p, pages);
        if (p == 0)
            y += draw_info(&x, y);
        y += draw_column_heads(&x, y);
        int k = rounds_on_page(o->rounds, pages, p);
        draw_rounds(&x, round, round + k - 1, y);
        round += k;
        draw_legend(&x);
        struct strbuf footer = STRBUF_INIT;
        strbuf_printf(&footer, "%s", o->footer);
        if (pages > 1)
            strbuf_printf(&footer, " \xc2\xb7 page %d of %d", p + 1, pages);
        layout_footer(c, &x.pal, o->paper, strbuf_cstr(&footer));
        strbuf_free(&footer);
        canvas_page_end(c);
    }
}
