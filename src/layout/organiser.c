/* The dice organiser sheet: a place for every die of a round. */
#include "layout/organiser.h"
#include "core/text.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "rules/state.h"

void organiser_players_free(struct organiser_players *p)
{
    for (int i = 0; i < ORGANISER_MAX_PLAYERS; i++) {
        free(p->names[i]);
        p->names[i] = NULL;
    }
    p->n = 0;
}

int organiser_players_parse(const char *count, const char *names, int def,
                            struct organiser_players *out, struct strbuf *err)
{
    memset(out, 0, sizeof *out);
    out->n = def;
    if (count) {
        char *end;
        long v = strtol(count, &end, 10);
        if (!*count || *end || v < 1 || v > ORGANISER_MAX_PLAYERS) {
            strbuf_printf(err, "the number of players must be 1 to %d, not '",
                          ORGANISER_MAX_PLAYERS);
            text_escape(err, count, strlen(count));
            strbuf_putc(err, '\'');
            return -1;
        }
        out->n = (int)v;
        return 0;
    }
    if (!names)
        return 0;
    out->n = 0;
    size_t at;
    struct strbuf why = STRBUF_INIT;
    if (text_check_name(names, strlen(names), &at, &why)) {
        strbuf_printf(err, "--names holds %s at byte %zu", strbuf_cstr(&why), at + 1);
        strbuf_free(&why);
        return -1;
    }
    for (const char *p = names;;) {
        const char *e = strchr(p, ',');
        if (!e)
            e = p + strlen(p);
        const char *b = p, *f = e;
        while (b < f && isspace((unsigned char)*b))
            b++;
        while (f > b && isspace((unsigned char)f[-1]))
            f--;
        if (b == f) {
            strbuf_printf(err, "--names has an empty name: give the names separated by commas, "
                               "e.g. \"Jack,Tom\"");
            organiser_players_free(out);
            return -1;
        }
        if (out->n == ORGANISER_MAX_PLAYERS) {
            strbuf_printf(err, "--names has more than %d names", ORGANISER_MAX_PLAYERS);
            organiser_players_free(out);
            return -1;
        }
        if ((size_t)(f - b) >= XII_NAME_SIZE) {
            int shown = 20;     /* cut on a character boundary */
            while (shown > 0 && ((unsigned char)b[shown] & 0xC0) == 0x80)
                shown--;
            strbuf_printf(err, "--names: the name '%.*s...' is %zu bytes long: a move log takes at "
                               "most %d", shown, b, (size_t)(f - b), XII_NAME_SIZE - 1);
            organiser_players_free(out);
            return -1;
        }
        char *nm = xstrndup(b, (size_t)(f - b));
        for (int i = 0; i < out->n; i++)
            if (strcmp(out->names[i], nm) == 0) {
                strbuf_printf(err, "--names has '%s' twice", nm);
                free(nm);
                organiser_players_free(out);
                return -1;
            }
        out->names[out->n++] = nm;
        if (!*e)
            break;
        p = e + 1;
    }
    return 0;
}

/* ---- drawing ---- */

#define HEAD_H 16.0
#define GAP 10.0

struct ctx {
    struct canvas *c;
    const struct organiser_options *o;
    const struct gamedata *gd;
    struct palette pal;
    struct box area;
};

/* A place for one real die: a rounded square with a light fill and a dashed inner outline,
 * its label centred under it. */
static void die_place(struct ctx *x, double px, double py, double s, const char *label,
                      const char *hint)
{
    struct canvas *c = x->c;
    canvas_round_rect(c, px, py, s, s, s * 0.14);
    canvas_fill_stroke(c, x->pal.accent_fill, x->pal.accent, 1.0);
    static const double dash[2] = {2.5, 2.5};
    canvas_dash(c, dash, 2);
    canvas_round_rect(c, px + 5, py + 5, s - 10, s - 10, s * 0.1);
    canvas_stroke(c, x->pal.line, 0.5);
    canvas_dash(c, NULL, 0);
    if (hint)
        layout_text_box(c, FONT_SANS, 6.5, LAYOUT_MIN_TEXT, 1.2, x->pal.muted,
                        (struct box){px + 8, py + s / 2 - 8, s - 16, 18}, ALIGN_CENTER, hint, 1);
    layout_text_fit(c, FONT_SANS_BOLD, 7.5, LAYOUT_MIN_TEXT, x->pal.soft, px + s / 2, py + s + 10,
                    s + 14, ALIGN_CENTER, label);
}

/* A simple crown, for the first-player marker: a zigzag band on a base, in a box w x h. */
static void crown(struct ctx *x, double px, double py, double w, double h, struct rgb colour)
{
    struct canvas *c = x->c;
    canvas_move_to(c, px, py + h);
    canvas_line_to(c, px, py + h * 0.3);
    canvas_line_to(c, px + w * 0.25, py + h * 0.62);
    canvas_line_to(c, px + w * 0.5, py);
    canvas_line_to(c, px + w * 0.75, py + h * 0.62);
    canvas_line_to(c, px + w, py + h * 0.3);
    canvas_line_to(c, px + w, py + h);
    canvas_close_path(c);
    canvas_fill(c, colour);
    canvas_circle(c, px, py + h * 0.3, w * 0.06);
    canvas_circle(c, px + w * 0.5, py, w * 0.06);
    canvas_circle(c, px + w, py + h * 0.3, w * 0.06);
    canvas_fill(c, colour);
}

static double draw_title(struct ctx *x, double y)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    layout_small_caps(c, FONT_SERIF_BOLD, 22, x->pal.ink, a.x, y + 20, ALIGN_LEFT, "XII CENTURY", 1);
    canvas_text(c, FONT_SERIF_ITALIC, 13, x->pal.soft, a.x + a.w, y + 20, ALIGN_RIGHT,
                "Dice organiser");
    canvas_move_to(c, a.x, y + 28);
    canvas_line_to(c, a.x + a.w, y + 28);
    canvas_stroke(c, x->pal.rule, 1.2);
    return 28;
}

/* The two shared dice and the doubles rule. */
static double draw_shared(struct ctx *x, double y, double s)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "SHARED DICE",
                   "rolled by the first player; every player uses them this round");
    y += HEAD_H + 8;
    double px = a.x + 6;
    die_place(x, px, y, s, "SHARED DIE", NULL);
    die_place(x, px + s + 12, y, s, "SHARED DIE", NULL);
    double tx = px + 2 * s + 30, tw = a.x + a.w - tx;
    canvas_text(c, FONT_SERIF_BOLD, 12, pal->ink, tx, y + 12, ALIGN_LEFT, "No doubles");
    layout_text_box(c, FONT_SERIF, 10.5, 8, 1.22, pal->ink, (struct box){tx, y + 17, tw, 40}, ALIGN_LEFT,
                    "While both dice show the same value, the first player turns one of them up "
                    "or down by one, or rolls both again.", 1);
    /* The example: a double, then the two ways out. */
    double ds = 14, ey = y + s - ds;
    layout_die(c, pal, tx, ey, ds, 3);
    layout_die(c, pal, tx + ds + 3, ey, ds, 3);
    canvas_text(c, FONT_SANS, 8, pal->soft, tx + 2 * ds + 14, ey + ds / 2 + 3, ALIGN_CENTER, "\xe2\x86\x92");
    layout_die(c, pal, tx + 2 * ds + 24, ey, ds, 4);
    layout_die(c, pal, tx + 3 * ds + 27, ey, ds, 3);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, tx + 4 * ds + 36, ey + ds / 2 + 3, ALIGN_LEFT, "or");
    layout_die(c, pal, tx + 4 * ds + 50, ey, ds, 2);
    layout_die(c, pal, tx + 5 * ds + 53, ey, ds, 3);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, tx + 6 * ds + 62, ey + ds / 2 + 3, ALIGN_LEFT,
                "or roll both again");
    return HEAD_H + 8 + s + 14;
}

/* Widths of a player's row: the name column, the gaps between dice, the support/avoid key. */
#define NAME_W 100.0
#define OWN_GAP 12.0
#define GROUP_GAP 18.0
#define KEY_W 72.0
#define MARKER_R 21.0   /* the first-player marker and its spot */

/* The largest die place that fits a row's width. */
static double row_die_width(const struct box *a)
{
    return (a->w - 10 - NAME_W - 10 - OWN_GAP - 2 * GROUP_GAP - KEY_W) / 4;
}

/* One player's row: name, first-player spot, own dice, reserve die, king-war die. */
static void draw_player(struct ctx *x, int i, double y, double h, double s)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    const struct organiser_players *pl = x->o->players;
    int solo = pl->n == 1;
    canvas_round_rect(c, a.x, y, a.w, h - 6, 6);
    canvas_fill_stroke(c, i % 2 ? pal->paper : pal->shade, pal->rule, 0.8);
    double top = y + (h - 6 - s - 12) / 2;
    /* Name and seat. */
    double nx = a.x + 10;
    char seat[32];
    snprintf(seat, sizeof seat, solo ? "THE PLAYER" : "SEAT %d", i + 1);
    canvas_text(c, FONT_SANS_BOLD, 7, pal->muted, nx, top + 7, ALIGN_LEFT, seat);
    if (pl->names[i]) {
        layout_text_fit(c, FONT_SERIF_BOLD, 14, 8, pal->ink, nx, top + 23, NAME_W, ALIGN_LEFT, pl->names[i]);
    } else {
        canvas_move_to(c, nx, top + 25);
        canvas_line_to(c, nx + NAME_W, top + 25);
        canvas_stroke(c, pal->line, 0.6);
    }
    /* The first-player spot: a dashed circle the marker sits on. */
    double cx = nx + MARKER_R, cy = top + s + 12 - MARKER_R;
    static const double dash[2] = {2, 2};
    canvas_dash(c, dash, 2);
    canvas_circle(c, cx, cy, MARKER_R);
    canvas_stroke(c, pal->line, 0.7);
    canvas_dash(c, NULL, 0);
    layout_text_fit(c, FONT_SANS, 6.5, LAYOUT_MIN_TEXT, pal->muted, cx, cy + 2.3, 2 * MARKER_R - 6,
                    ALIGN_CENTER, "marker");
    layout_text_box(c, FONT_SANS, 6.5, LAYOUT_MIN_TEXT, 1.2, pal->muted,
                    (struct box){cx + MARKER_R + 5, cy - 9, NAME_W - 2 * MARKER_R - 5, 24}, ALIGN_LEFT,
                    solo ? "always first" : "when first player", 1);
    /* The dice. */
    double dx = nx + NAME_W + 10;
    die_place(x, dx, top, s, "OWN DIE", NULL);
    die_place(x, dx + s + OWN_GAP, top, s, "OWN DIE", NULL);
    char hint[48];
    snprintf(hint, sizeof hint, "at most %d a turn", x->gd->reserve_per_turn);
    double rx = dx + 2 * s + OWN_GAP + GROUP_GAP;
    die_place(x, rx, top, s, "RESERVE DIE", hint);
    double wx = rx + s + GROUP_GAP;
    if (solo) {
        layout_text_box(c, FONT_SERIF_ITALIC, 10.5, 8, 1.2, pal->soft,
                        (struct box){wx, top + 8, a.x + a.w - wx - 8, s}, ALIGN_LEFT,
                        "Solo: no king war. Play for one solo objective, or for a good score.", 1);
        return;
    }
    die_place(x, wx, top, s, "KING WAR", NULL);
    /* Support and avoid, as the faces to set. */
    double lx = wx + s + 8, fs = 16;
    layout_die(c, pal, lx, top + 2, fs, 6);
    canvas_text(c, FONT_SANS_BOLD, 7.5, pal->ink, lx + fs + 4, top + 2 + fs / 2 + 2.7, ALIGN_LEFT, "support");
    layout_die(c, pal, lx, top + 8 + fs, fs, 1);
    canvas_text(c, FONT_SANS_BOLD, 7.5, pal->ink, lx + fs + 4, top + 8 + fs * 1.5 + 2.7, ALIGN_LEFT, "avoid");
    layout_text_box(c, FONT_SANS, 6.5, LAYOUT_MIN_TEXT, 1.2, pal->muted,
                    (struct box){lx, top + 14 + 2 * fs, a.x + a.w - lx - 4, s + 12 - 14 - 2 * fs},
                    ALIGN_LEFT, "set in secret, show all together", 1);
}

/* The first-player marker to cut out, and the turn-order reminder. */
static void draw_marker(struct ctx *x, double y, double h)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    double s = 2 * MARKER_R;
    double mx = a.x + a.w - s - 4, my = y + (h - s) / 2;
    static const double dash[2] = {4, 3};
    canvas_dash(c, dash, 2);
    canvas_circle(c, mx + s / 2, my + s / 2, s / 2);
    canvas_stroke(c, pal->ink, 0.7);
    canvas_dash(c, NULL, 0);
    canvas_circle(c, mx + s / 2, my + s / 2, s / 2 - 5);
    canvas_fill(c, pal->band);
    crown(x, mx + s * 0.27, my + s * 0.2, s * 0.46, s * 0.32, pal->accent);
    layout_text_fit(c, FONT_SANS_BOLD, 7, LAYOUT_MIN_TEXT, pal->band_ink, mx + s / 2, my + s * 0.75,
                    s * 0.72, ALIGN_CENTER, "FIRST");
    canvas_text(c, FONT_SANS, 6.5, pal->muted, mx + s / 2, my + s + 8, ALIGN_CENTER, "cut out");
    double tw = mx - a.x - 16;
    const char *order = x->o->players->n == 1
        ? "Playing alone, you are the first player in every round and there is no king war."
        : "Turns go round the table from the first player. When a round ends, its last player "
          "takes the marker and starts the next round. In the king war, everybody sets the "
          "war die at the same time, then all are shown.";
    canvas_text(c, FONT_SERIF_BOLD, 12, pal->ink, a.x, y + 16, ALIGN_LEFT, "Turn order");
    layout_text_box(c, FONT_SERIF, 10.5, 8, 1.22, pal->ink, (struct box){a.x, y + 22, tw, h - 22},
                    ALIGN_LEFT, order, 1);
}

void organiser_draw(struct canvas *c, const struct organiser_options *o)
{
    struct ctx x = {c, o, o->gd, {0}, {0, 0, 0, 0}};
    layout_palette(&x.pal, o->grey);
    x.area = layout_page_area(o->paper);
    canvas_page_begin(c, o->paper->width, o->paper->height);
    double y = x.area.y, bottom = x.area.y + x.area.h;
    int n = o->players->n;
    y += draw_title(&x, y) + GAP;
    double shared = fmax(ORGANISER_MIN_DIE, 25.0 * 72.0 / 25.4);
    y += draw_shared(&x, y, shared) + GAP;
    double marker_h = 78;
    layout_heading(c, &x.pal, (struct box){x.area.x, y, x.area.w, HEAD_H},
                   n == 1 ? "YOUR DICE" : "EACH PLAYER'S DICE",
                   n == 1 ? "two own dice and one from the reserve"
                          : "own dice pass to the next player after each turn");
    y += HEAD_H + 6;
    double row_h = fmin(130, (bottom - y - GAP - marker_h) / n);
    double s = fmax(ORGANISER_MIN_DIE, fmin(fmin(26.0 * 72.0 / 25.4, row_die_width(&x.area)), row_h - 30));
    for (int i = 0; i < n; i++)
        draw_player(&x, i, y + i * row_h, row_h, s);
    draw_marker(&x, y + n * row_h + GAP, marker_h);
    layout_footer(c, &x.pal, o->paper, o->footer);
    canvas_page_end(c);
}
