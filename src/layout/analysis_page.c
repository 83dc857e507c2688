/* The analysis page: chart, cost table, costliest moves. */
#include "layout/analysis_page.h"
#include <math.h>
#include <stdio.h>
#include "core/strbuf.h"

#define HEAD_H 17.0
#define GAP 10.0

/* Player series: a hue, and for grey a dash pattern and a marker shape of their own. */
static const unsigned series_hex[XII_MAX_PLAYERS] = {0x1F5FA8, 0xB3261E, 0x2E7D32, 0xC77800, 0x6A3D9A};
static const double dashes[XII_MAX_PLAYERS][4] = {
    {0, 0, 0, 0}, {5, 2.5, 0, 0}, {1.2, 2, 0, 0}, {6, 2, 1.2, 2}, {3, 1.5, 3, 4}};
static const int ndash[XII_MAX_PLAYERS] = {0, 2, 2, 4, 4};

static void marker(struct canvas *c, int k, double x, double y, struct rgb ink)
{
    const double r = 2.6;
    switch (k) {
    case 0: canvas_circle(c, x, y, r); break;
    case 1: canvas_rect(c, x - r, y - r, 2 * r, 2 * r); break;
    case 2:
        canvas_move_to(c, x, y - r * 1.2);
        canvas_line_to(c, x + r * 1.1, y + r * 0.8);
        canvas_line_to(c, x - r * 1.1, y + r * 0.8);
        canvas_close_path(c);
        break;
    case 3:
        canvas_move_to(c, x, y - r * 1.3);
        canvas_line_to(c, x + r * 1.3, y);
        canvas_line_to(c, x, y + r * 1.3);
        canvas_line_to(c, x - r * 1.3, y);
        canvas_close_path(c);
        break;
    default:
        canvas_move_to(c, x - r, y - r);
        canvas_line_to(c, x + r, y + r);
        canvas_move_to(c, x - r, y + r);
        canvas_line_to(c, x + r, y - r);
        canvas_stroke(c, ink, 1.2);
        return;
    }
    canvas_fill_stroke(c, rgb_hex(0xFFFFFF), ink, 1.0);
}

/* A round step for the score axis: 1, 2, 5, 10, 20... giving at most about 8 ticks. */
static double nice_step(double span)
{
    double step = 1;
    while (span / step > 8) {
        if (span / (step * 2) <= 8)
            return step * 2;
        if (span / (step * 5) <= 8)
            return step * 5;
        step *= 10;
    }
    return step;
}

static double chart(struct canvas *c, const struct palette *pal, const struct analysis_page_input *in,
                    struct box b)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int p = 0; p < in->nplayers; p++)
        for (int r = 0; r <= in->last_round; r++) {
            lo = fmin(lo, in->players[p].low[r]);
            hi = fmax(hi, in->players[p].high[r]);
        }
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 10;
    }
    double step = nice_step(fmax(hi - lo, 1));
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    if (hi <= lo)
        hi = lo + step;
    const double left = 34, bottom = 26, right = 8, top = 6;
    double x0 = b.x + left, x1 = b.x + b.w - right, y0 = b.y + b.h - bottom, y1 = b.y + top;
    /* Grid and score axis. */
    for (double v = lo; v <= hi + step / 2; v += step) {
        double y = y0 - (v - lo) / (hi - lo) * (y0 - y1);
        canvas_move_to(c, x0, y);
        canvas_line_to(c, x1, y);
        canvas_stroke(c, pal->line, v == lo ? 0.8 : 0.25);
        char num[32];
        snprintf(num, sizeof num, "%.0f", v);
        canvas_text(c, FONT_SANS, 7, pal->soft, x0 - 4, y + 2.4, ALIGN_RIGHT, num);
    }
    /* Round axis: 0 is the start, 10 the final score. */
    for (int r = 0; r <= GD_ROUNDS; r++) {
        double x = x0 + (x1 - x0) * r / GD_ROUNDS;
        canvas_move_to(c, x, y0);
        canvas_line_to(c, x, y0 + 3);
        canvas_stroke(c, pal->line, 0.6);
        char num[16];
        snprintf(num, sizeof num, "%d", r);
        canvas_text(c, FONT_SANS, 7, pal->soft, x, y0 + 11, ALIGN_CENTER, num);
    }
    canvas_text(c, FONT_SANS, 7, pal->muted, (x0 + x1) / 2, y0 + 21, ALIGN_CENTER,
                "after round (0: the start; 10: the final score)");
    canvas_save(c);
    canvas_translate(c, b.x + 8, (y0 + y1) / 2);
    canvas_rotate(c, -1.5707963267948966);   /* a quarter turn */
    canvas_text(c, FONT_SANS, 7, pal->muted, 0, 0, ALIGN_CENTER, "expected final score");
    canvas_restore(c);
    /* The series: the 95 % interval as a thin band, the line, a marker per round. */
    for (int p = 0; p < in->nplayers; p++) {
        const struct analysis_page_player *pl = &in->players[p];
        struct rgb ink = rgb_hex(series_hex[p]);
        for (int r = 0; r <= in->last_round; r++) {
            double x = x0 + (x1 - x0) * r / GD_ROUNDS;
            double ya = y0 - (pl->low[r] - lo) / (hi - lo) * (y0 - y1);
            double yb = y0 - (pl->high[r] - lo) / (hi - lo) * (y0 - y1);
            canvas_move_to(c, x, ya);
            canvas_line_to(c, x, yb);
            canvas_stroke(c, ink, 0.5);
        }
        canvas_dash(c, dashes[p], ndash[p]);
        for (int r = 0; r <= in->last_round; r++) {
            double x = x0 + (x1 - x0) * r / GD_ROUNDS;
            double y = y0 - (pl->expected[r] - lo) / (hi - lo) * (y0 - y1);
            if (r == 0)
                canvas_move_to(c, x, y);
            else
                canvas_line_to(c, x, y);
        }
        canvas_stroke(c, ink, 1.4);
        canvas_dash(c, NULL, 0);
        for (int r = 0; r <= in->last_round; r++) {
            double x = x0 + (x1 - x0) * r / GD_ROUNDS;
            marker(c, p, x, y0 - (pl->expected[r] - lo) / (hi - lo) * (y0 - y1), ink);
        }
    }
    return b.h;
}

/* The legend and cost table: one row per player. */
static double table(struct canvas *c, const struct palette *pal, const struct analysis_page_input *in,
                    double x, double y, double w)
{
    /* Before the game's end the last column of the chart is an expected score, not a final one. */
    const char *head[] = {"player", in->last_round == GD_ROUNDS ? "final" : "expected", "turns",
                          "total cost (95 %)", "per turn", "inaccuracies / mistakes / blunders", "luck (95 %)"};
    static const double frac[] = {0.17, 0.08, 0.06, 0.15, 0.08, 0.30, 0.16};
    const double row = 15;
    double cx = x;
    for (int k = 0; k < 7; k++) {
        canvas_text(c, FONT_SANS_BOLD, 7, pal->soft, k ? cx + w * frac[k] - 4 : cx + 30, y + 9,
                    k ? ALIGN_RIGHT : ALIGN_LEFT, head[k]);
        cx += w * frac[k];
    }
    y += row;
    for (int p = 0; p < in->nplayers; p++) {
        const struct analysis_page_player *pl = &in->players[p];
        struct rgb ink = rgb_hex(series_hex[p]);
        double base = y + p * row + 10;
        canvas_move_to(c, x + 2, base - 3);
        canvas_line_to(c, x + 24, base - 3);
        canvas_dash(c, dashes[p], ndash[p]);
        canvas_stroke(c, ink, 1.4);
        canvas_dash(c, NULL, 0);
        marker(c, p, x + 13, base - 3, ink);
        char cell[7][64];
        snprintf(cell[0], sizeof cell[0], "%s", pl->name);
        snprintf(cell[1], sizeof cell[1], "%.1f", pl->expected[in->last_round]);
        snprintf(cell[2], sizeof cell[2], "%d", pl->turns);
        snprintf(cell[3], sizeof cell[3], "%.1f \xc2\xb1 %.1f", pl->total_cost, pl->total_cost_half);
        snprintf(cell[4], sizeof cell[4], "%.2f", pl->average_cost);
        snprintf(cell[5], sizeof cell[5], "%d / %d / %d", pl->inaccuracies, pl->mistakes, pl->blunders);
        snprintf(cell[6], sizeof cell[6], "%+.1f \xc2\xb1 %.1f", pl->luck, pl->luck_half);
        cx = x;
        for (int k = 0; k < 7; k++) {
            if (k == 0)
                layout_text_fit(c, FONT_SERIF, 10, LAYOUT_MIN_TEXT, pal->ink, cx + 30, base,
                                w * frac[0] - 34, ALIGN_LEFT, cell[0]);
            else
                canvas_text(c, FONT_SANS, 8, pal->ink, cx + w * frac[k] - 4, base, ALIGN_RIGHT, cell[k]);
            cx += w * frac[k];
        }
        canvas_move_to(c, x, y + p * row + row);
        canvas_line_to(c, x + w, y + p * row + row);
        canvas_stroke(c, pal->line, 0.3);
    }
    return row * (in->nplayers + 1);
}

/* A text of up to three wrapped lines at (x, y) top-left; returns the height used. */
static double para(struct canvas *c, struct rgb ink, double x, double y, double w, const char *text,
                   int draw)
{
    const double size = 7.5, lead = 1.25;
    struct layout_lines l = {0};
    size_t n = layout_wrap(c, FONT_SANS, size, w, text, &l);
    layout_lines_free(&l);
    if (n > 3)
        n = 3;      /* layout_text_box shrinks the text into three lines */
    double h = (double)n * size * lead;
    if (draw)
        layout_text_box(c, FONT_SANS, size, LAYOUT_MIN_TEXT, lead, ink, (struct box){x, y, w, h + 1},
                        ALIGN_LEFT, text, 1);
    return h;
}

/* The costliest moves, as many as fit in the box. */
static void moves(struct canvas *c, const struct palette *pal, const struct analysis_page_input *in,
                  struct box b)
{
    double y = b.y;
    struct strbuf played = STRBUF_INIT, best = STRBUF_INIT;
    size_t shown = 0;
    for (size_t k = 0; k < in->nmoves; k++) {
        const struct analysis_page_move *m = &in->moves[k];
        strbuf_reset(&played);
        strbuf_printf(&played, "played: %s", m->played);
        strbuf_reset(&best);
        strbuf_printf(&best, "better: %s", m->best);
        double w = b.w - 12;
        double hp = para(c, pal->soft, 0, 0, w, strbuf_cstr(&played), 0);
        double hb = para(c, pal->ink, 0, 0, w, strbuf_cstr(&best), 0);
        double need = 13 + hp + 2 + hb + 7;
        if (y + need + 12 > b.y + b.h && k + 1 < in->nmoves)
            break;      /* keep room for the "and N more" line */
        if (y + need > b.y + b.h)
            break;
        char head[160];
        snprintf(head, sizeof head, "line %d, round %d, %s", m->line, m->round, m->player);
        canvas_text(c, FONT_SERIF_BOLD, 9.5, pal->ink, b.x, y + 9, ALIGN_LEFT, head);
        char cost[96];
        snprintf(cost, sizeof cost, "costs %.1f %s (95 %%: %.1f to %.1f)%s%s", m->cost, in->cost_unit, m->cost_low,
                 m->cost_high, *m->label ? " \xc2\xb7 " : "", m->label);
        canvas_text(c, FONT_SANS_BOLD, 8, pal->req, b.x + b.w, y + 9, ALIGN_RIGHT, cost);
        para(c, pal->soft, b.x + 12, y + 13, w, strbuf_cstr(&played), 1);
        para(c, pal->ink, b.x + 12, y + 13 + hp + 2, w, strbuf_cstr(&best), 1);
        y += need;
        shown++;
    }
    struct strbuf sb = STRBUF_INIT;
    if (shown < in->nmoves) {
        strbuf_printf(&sb, "and %zu more in the text report", in->nmoves - shown);
        canvas_text(c, FONT_SANS, 7.5, pal->muted, b.x, y + 8, ALIGN_LEFT, strbuf_cstr(&sb));
    } else if (in->nmoves == 0) {
        canvas_text(c, FONT_SANS, 8, pal->muted, b.x, y + 9, ALIGN_LEFT, "no move cost anything");
    }
    strbuf_free(&sb);
    strbuf_free(&played);
    strbuf_free(&best);
}

void analysis_page_draw(struct canvas *c, const struct analysis_page_input *in)
{
    struct palette pal;
    layout_palette(&pal, in->grey);
    struct box a = layout_page_area(in->paper);
    canvas_page_begin(c, in->paper->width, in->paper->height);
    double y = a.y;
    canvas_text(c, FONT_SERIF_BOLD, 16, pal.ink, a.x, y + 14, ALIGN_LEFT, "Game analysis");
    layout_text_fit(c, FONT_SERIF_ITALIC, 11, LAYOUT_MIN_TEXT, pal.soft, a.x + a.w, y + 14,
                    a.w - 130, ALIGN_RIGHT, in->title);
    y += 20;
    layout_text_box(c, FONT_SANS, 7.5, LAYOUT_MIN_TEXT, 1.25, pal.muted, (struct box){a.x, y, a.w, 20},
                    ALIGN_LEFT, in->method, 1);
    y += 22;
    layout_heading(c, &pal, (struct box){a.x, y, a.w, HEAD_H}, "EXPECTED FINAL SCORE",
                   "a bar: the 95 % interval");
    y += HEAD_H + 4;
    double ch = a.h * 0.36;
    chart(c, &pal, in, (struct box){a.x, y, a.w, ch});
    y += ch + 6;
    y += table(c, &pal, in, a.x, y, a.w) + GAP;
    layout_heading(c, &pal, (struct box){a.x, y, a.w, HEAD_H}, "COSTLIEST MOVES", in->cost_words);
    y += HEAD_H + 6;
    moves(c, &pal, in, (struct box){a.x, y, a.w, a.y + a.h - y});
    layout_footer(c, &pal, in->paper, in->footer);
    canvas_page_end(c);
}
