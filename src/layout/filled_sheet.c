/* The filled town-sheets: the blank sheet of townsheet.c, kept open, then the game written on
 * it with a pen in the handwriting font. Values come from the engine's state and history only.
 *
 * How a run of value cells is filled (assets, reputation): the printed 0 is struck as soon as a
 * value follows; each value of the history goes in the next cell, the old ones struck, the
 * current one clear. A history longer than its cells first writes two values per cell (the
 * current one keeps a cell of its own), then folds the oldest values into "...". Influence is
 * written in the cell of the round it changed in, under the round numbers and above the MIN. */
#include "layout/filled_sheet.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "layout/common.h"
#include "layout/icons.h"
#include "layout/pen.h"
#include "layout/townsheet.h"

#define HAND_SIZE 11.5      /* a value in a full cell */
#define PEN_W 0.75          /* strokes of the pen */
#define MAX_TOKENS 512      /* values shown in one row; older ones are folded */

/* Where a mismatch is drawn. */
enum mark_place { MARK_ASSET, MARK_INFLUENCE, MARK_REPUTATION, MARK_SCORE, MARK_OTHER };

/* The writing context of one player's sheet. */
struct pen {
    struct canvas *c;
    const struct filled_sheet_input *in;
    const struct gamedata *gd;
    const struct game_state *s;
    int player;
    struct palette pal;
    struct rgb ink, red;
    struct layout_pen hand; /* the wobble: reproducible, seeded by place (pen_at) */
    const struct townsheet_geom *g;
};

/* One value written in a run. */
struct token {
    int value;
    int round;
    size_t hist;                /* index of its history record */
    unsigned char struck;       /* an old value, crossed out */
    unsigned char claim;        /* a value the player's sheet claims: circled */
    unsigned char correction;   /* the rules' value where a claim differs: in red */
};

static struct box mkbox(double x, double y, double w, double h)
{
    struct box b = {x, y, w, h};
    return b;
}

/* Restarts the pen's wobble from a place on the page: each stroke's wobble depends on where
 * it is, not on everything drawn before it, so one changed value changes only its own cell. */
static void pen_at(struct pen *w, double x, double y)
{
    layout_pen_at(&w->hand, x, y);
}

/* A number in [-1, 1] from the pen's sequence. */
static double wobble(struct pen *w)
{
    return layout_pen_wobble(&w->hand);
}

/* ---- pen strokes ---- */

/* Pen strokes have round ends (the line style is set once per page, see write_page*). */
static void stroke(struct pen *w, struct rgb col, double width)
{
    canvas_stroke(w->c, col, width);
}

/* A slightly bowed line from (x1, y1) to (x2, y2), as a hand draws it. */
static void pen_line(struct pen *w, double x1, double y1, double x2, double y2)
{
    layout_pen_line(&w->hand, x1, y1, x2, y2);
}

/* Text in the pen's hand, with a little wobble of position and slant. */
static void hand_text(struct pen *w, double size, struct rgb col, double x, double y,
                      enum canvas_align align, const char *text)
{
    layout_pen_text(&w->hand, size, col, x, y, align, text);
}

/* The largest size up to size at which text fits in width (never below 5: handwriting in a
 * cell stays readable at that size). */
static double hand_fit(struct pen *w, double size, double width, const char *text)
{
    return layout_pen_fit(w->c, size, width, text);
}

/* Crosses out a word whose ink spans x1..x2 on baseline y at size: a rising stroke. */
static void strike(struct pen *w, double x1, double x2, double y, double size)
{
    double h = size * 0.62;
    /* (One wobble per statement: the order of evaluation of arguments is unspecified.) */
    double j1 = 0.4 * wobble(w);
    double j2 = 0.4 * wobble(w);
    pen_line(w, x1 - 1.2, y - h * 0.22 + j1, x2 + 1.2, y - h * 0.78 + j2);
    stroke(w, w->ink, PEN_W);
}

/* An X across a box, a little larger than its inside. */
static void cross_box(struct pen *w, struct box b, double inset)
{
    pen_at(w, b.x, b.y);
    pen_line(w, b.x + inset, b.y + inset, b.x + b.w - inset + 0.6 * wobble(w), b.y + b.h - inset);
    pen_line(w, b.x + b.w - inset, b.y + inset + 0.5 * wobble(w), b.x + inset, b.y + b.h - inset);
    stroke(w, w->ink, PEN_W * 1.3);
}

/* A tick in a box, its long arm running out of it. */
static void tick_box(struct pen *w, struct box b)
{
    pen_at(w, b.x, b.y);
    canvas_move_to(w->c, b.x + b.w * 0.15, b.y + b.h * 0.5);
    canvas_curve_to(w->c, b.x + b.w * 0.3, b.y + b.h * 0.65, b.x + b.w * 0.35, b.y + b.h * 0.8,
                    b.x + b.w * 0.42, b.y + b.h * 0.9);
    canvas_curve_to(w->c, b.x + b.w * 0.7, b.y + b.h * 0.3, b.x + b.w * 1.0, b.y - b.h * 0.1,
                    b.x + b.w * 1.35, b.y - b.h * 0.35 + wobble(w));
    stroke(w, w->ink, PEN_W * 1.4);
}

/* A ring around a value (the mark of a claim that differs from the rules): red in colour, a
 * heavy dashed ring in grey; drawn as a hand does, its end overrunning its start. */
static void ring(struct pen *w, double cx, double cy, double rx, double ry)
{
    layout_pen_ring(&w->hand, cx, cy, rx, ry);
    if (w->pal.grey) {
        canvas_dash(w->c, (const double[]){2.2, 1.2}, 2);
        stroke(w, w->red, 1.6);
        canvas_dash(w->c, NULL, 0);
    } else {
        stroke(w, w->red, 1.0);
    }
}

/* ---- values in cells ---- */

static char *number(int v, char buf[16])
{
    snprintf(buf, 16, "%d", v);
    return buf;
}

/* Writes one token centred at cx on baseline y at size. */
static void write_token(struct pen *w, const struct token *t, double cx, double y, double size)
{
    char buf[16];
    number(t->value, buf);
    double tw = canvas_text_width(w->c, FONT_HAND, size, buf);
    hand_text(w, size, t->correction ? w->red : w->ink, cx, y, ALIGN_CENTER, buf);
    if (t->struck)
        strike(w, cx - tw / 2, cx + tw / 2, y, size);
    if (t->correction) {
        /* Underlined as a correction: in grey, the only thing that tells it from the rest. */
        pen_line(w, cx - tw / 2 - 0.5, y + 1.3, cx + tw / 2 + 0.8, y + 1.0);
        stroke(w, w->red, w->pal.grey ? 1.1 : PEN_W);
    }
    if (t->claim)
        ring(w, cx, y - size * 0.33, tw / 2 + 2.6, size * 0.55 + 1.2);
}

/* Writes up to two tokens in a cell (two: stacked on two lines), or "..." when folded. */
static void write_cell(struct pen *w, struct box b, const struct token *t, int n, int folded)
{
    if (folded) {
        hand_text(w, hand_fit(w, HAND_SIZE, b.w - 3, "..."), w->ink, b.x + b.w / 2,
                  b.y + b.h * 0.7, ALIGN_CENTER, "...");
        return;
    }
    char buf[16];
    if (n == 1) {
        double size = fmin(HAND_SIZE, b.h * 0.78);
        size = hand_fit(w, size, b.w - (t[0].claim ? 6 : 3), number(t[0].value, buf));
        write_token(w, &t[0], b.x + b.w / 2, b.y + b.h / 2 + size * 0.33, size);
        return;
    }
    /* Two values side by side where the cell is wide enough (the influence cells), else on
     * two lines. */
    char buf2[16];
    double side = fmin(HAND_SIZE, b.h * 0.7);
    double w0 = canvas_text_width(w->c, FONT_HAND, side, number(t[0].value, buf));
    double w1 = canvas_text_width(w->c, FONT_HAND, side, number(t[1].value, buf2));
    double gap = t[0].claim || t[1].claim ? 7 : 5;
    if (w0 + w1 + gap + 3 <= b.w) {
        double x0 = b.x + (b.w - w0 - w1 - gap) / 2;
        double y = b.y + b.h / 2 + side * 0.33;
        write_token(w, &t[0], x0 + w0 / 2, y, side);
        write_token(w, &t[1], x0 + w0 + gap + w1 / 2, y, side);
        return;
    }
    for (int k = 0; k < n && k < 2; k++) {
        double size = fmin(HAND_SIZE, b.h * 0.47);
        size = hand_fit(w, size, b.w - (t[k].claim ? 5 : 2.5), number(t[k].value, buf));
        double y = k == 0 ? b.y + b.h * 0.46 : b.y + b.h * 0.94;
        write_token(w, &t[k], b.x + b.w / 2, y, size);
    }
}

/* Strikes the printed start value ("0" in sans at size, centred in b on baseline y). */
static void strike_printed(struct pen *w, struct box b, double y, double size)
{
    double tw = canvas_text_width(w->c, FONT_SANS, size, "0");
    strike(w, b.x + b.w / 2 - tw / 2, b.x + b.w / 2 + tw / 2, y, size);
}

/* Whether the tokens hold a value of the history (the printed 0 is then old), not only claims. */
static int has_history(const struct token *t, int n)
{
    for (int i = 0; i < n; i++)
        if (!t[i].claim)
            return 1;
    return 0;
}

/* Fills a run: cells[0] holds the printed 0 (baseline zero_y, size zero_size), the tokens go
 * into cells[1..n-1] left to right (see the top of the file for long histories). */
static void write_run(struct pen *w, const struct box *cells, int ncells, double zero_y,
                      double zero_size, const struct token *t, int n)
{
    if (n == 0 || ncells < 2)
        return;
    if (has_history(t, n))
        strike_printed(w, cells[0], zero_y, zero_size);
    int slots = ncells - 1;
    if (n <= slots) {
        for (int i = 0; i < n; i++)
            write_cell(w, cells[1 + i], &t[i], 1, 0);
        return;
    }
    /* The current value keeps a cell of its own. The oldest values share cells two by two,
     * just enough of them for the rest to fit one per cell; when even that is too little, the
     * oldest of all are folded into "..." in the first cell. */
    int rest = n - 1, cells_left = slots - 1, first = 0, cell = 1;
    if (rest > 2 * cells_left) {
        write_cell(w, cells[cell++], NULL, 0, 1);
        cells_left--;
        first = rest - 2 * cells_left;
    }
    int doubles = (rest - first) - cells_left;
    int i = first;
    for (int k = 0; k < doubles; k++, i += 2)
        write_cell(w, cells[cell++], &t[i], 2, 0);
    for (; i < rest; i++)
        write_cell(w, cells[cell++], &t[i], 1, 0);
    write_cell(w, cells[cell], &t[rest], 1, 0);
}

/* The place of the sheet a mismatch is drawn at. */
static enum mark_place mark_place(const struct mismatch *m)
{
    switch (m->claim.kind) {
    case CLAIM_ASSET: return MARK_ASSET;
    case CLAIM_INFLUENCE: return MARK_INFLUENCE;
    case CLAIM_REPUTATION: return MARK_REPUTATION;
    case CLAIM_SCORE: return MARK_SCORE;
    default: return MARK_OTHER;
    }
}

/* The history of one value of the player as tokens (the changes that change something), with
 * the claims that differ from it inserted before the rules' value they contradict. Returns
 * the count; the oldest values are dropped beyond cap. */
static int collect_tokens(struct pen *w, enum hist_what what, int index, enum mark_place place,
                          struct token *t, int cap)
{
    const struct history *h = w->in->history;
    int n = 0;
    for (size_t i = 0; h && i < h->count; i++) {
        const struct hist_rec *r = &h->items[i];
        if (r->player != w->player || r->what != what || (what != HIST_REPUTATION && r->index != index) ||
            r->new_value == r->old_value)
            continue;
        if (n == cap) {
            memmove(t, t + 1, (size_t)(cap - 1) * sizeof *t);
            n--;
        }
        memset(&t[n], 0, sizeof t[n]);
        t[n].value = r->new_value;
        t[n].round = r->round;
        t[n].hist = i;
        n++;
    }
    for (int i = 0; i + 1 < n; i++)
        t[i].struck = 1;
    if (!w->in->mark)
        return n;
    for (size_t k = 0; k < w->in->nmismatches; k++) {
        const struct mismatch *m = &w->in->mismatches[k];
        if (m->player != w->player || mark_place(m) != place ||
            (place != MARK_REPUTATION && m->claim.index != index) || !mismatch_is_value(m) ||
            n >= cap)
            continue;
        int claimed = m->sheet[0], right = m->rules[0];
        /* The value the rules had at the check: the last one written before it. */
        int at = -1, after = 0;
        for (int i = 0; i < n; i++) {
            if (t[i].claim || t[i].hist >= m->history_count)
                continue;
            at = t[i].value == right ? i : -1;
            after = i + 1;
        }
        /* Not found (the printed start value): the claim goes where the check is in time. */
        int pos = at >= 0 ? at : after;
        memmove(t + pos + 1, t + pos, (size_t)(n - pos) * sizeof *t);
        memset(&t[pos], 0, sizeof t[pos]);
        t[pos].value = claimed;
        t[pos].round = m->round;
        t[pos].claim = 1;
        n++;
        if (at >= 0)
            t[pos + 1].correction = 1;
    }
    return n;
}

/* ---- page 1 ---- */

static void write_names(struct pen *w)
{
    const struct game_config *cfg = &w->s->cfg;
    const char *town = cfg->towns[w->player], *name = cfg->names[w->player];
    struct box b = w->g->town_name;
    if (*town) {
        double size = hand_fit(w, 22, b.w - 6, town);
        hand_text(w, size, w->ink, b.x + 3, b.y + b.h - 4, ALIGN_LEFT, town);
    }
    b = w->g->player_name;
    hand_text(w, hand_fit(w, 12, b.w - 4, name), w->ink, b.x + 2, b.y + b.h - 2, ALIGN_LEFT, name);
}

static void write_rounds(struct pen *w)
{
    const struct game_config *cfg = &w->s->cfg;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        struct box b = w->g->round_cell[r - 1];
        pen_at(w, b.x, b.y);
        if (r <= w->s->round) {
            /* A round is crossed when it begins. */
            double j1 = wobble(w);
            double j2 = wobble(w);
            pen_line(w, b.x + b.w * 0.22 + j1, b.y + b.h * 0.82, b.x + b.w * 0.78, b.y + b.h * 0.18 + j2);
            stroke(w, w->ink, PEN_W * 1.3);
        }
        int e = cfg->events[r];
        if (e >= 0 && e < EVENT_COUNT) {
            struct box eb = w->g->event_cell[r - 1];
            const char *letters = w->gd->events[e].letters;
            hand_text(w, hand_fit(w, 13, eb.w - 4, letters), w->ink, eb.x + eb.w / 2,
                      eb.y + eb.h * 0.68, ALIGN_CENTER, letters);
        }
    }
}

static void write_reserve(struct pen *w)
{
    const struct history *h = w->in->history;
    const struct gamedata *gd = w->gd;
    for (size_t i = 0; h && i < h->count; i++) {
        const struct hist_rec *r = &h->items[i];
        if (r->player != w->player || r->what != HIST_RESERVE || r->index < 0 ||
            r->index >= w->g->nreserve)
            continue;
        struct box b = w->g->reserve_slot[r->index];
        pen_at(w, b.x, b.y);
        if (r->new_value == SLOT_SPENT) {
            /* Crossed with one stroke, so the value stays readable under it. */
            pen_line(w, b.x + 1.5, b.y + b.h - 1.5, b.x + b.w - 1.5 + 0.5 * wobble(w), b.y + 1.5);
            stroke(w, w->ink, PEN_W * 1.5);
        } else if (r->old_value == SLOT_EMPTY && r->new_value != SLOT_EMPTY) {
            /* The starting values are printed already. */
            if (r->round == 0 && r->index < gd->nreserve_start && gd->reserve_start[r->index] == r->die)
                continue;
            char buf[16];
            hand_text(w, hand_fit(w, 12, b.w - 3, number(r->die, buf)), w->ink, b.x + b.w / 2,
                      b.y + b.h * 0.74, ALIGN_CENTER, buf);
        }
    }
}

static void write_assets(struct pen *w)
{
    struct token *t = xmalloc(MAX_TOKENS * sizeof *t);
    for (int a = 0; a < ASSET_COUNT; a++) {
        int n = collect_tokens(w, HIST_ASSET, a, MARK_ASSET, t, MAX_TOKENS);
        const struct box *cells = w->g->asset_cell[a];
        /* The printed 0: sans 8.5 on the cell's middle line + 3 (townsheet.c). */
        write_run(w, cells, w->g->nasset_cells[a], cells[0].y + cells[0].h / 2 + 3, 8.5, t, n);
    }
    free(t);
}

static void write_influence(struct pen *w)
{
    struct token *t = xmalloc(MAX_TOKENS * sizeof *t);
    for (int l = 0; l < LOCATION_COUNT; l++) {
        int n = collect_tokens(w, HIST_INFLUENCE, l, MARK_INFLUENCE, t, MAX_TOKENS);
        if (n == 0)
            continue;
        struct box z = w->g->influence_start[l];
        if (has_history(t, n))
            strike_printed(w, z, z.y + z.h / 2 + 2.9, 8);
        for (int r = 1; r <= GD_ROUNDS; r++) {
            int first = -1, count = 0;
            for (int i = 0; i < n; i++)
                if (t[i].round == r) {
                    if (first < 0)
                        first = i;
                    count++;
                }
            if (count == 0)
                continue;
            struct box b = w->g->influence_cell[l][r - 1];
            if (count <= 2) {
                write_cell(w, b, &t[first], count, 0);
            } else {
                /* Three changes in one round: the last two, the earlier ones folded. */
                write_cell(w, mkbox(b.x, b.y, b.w * 0.3, b.h), NULL, 0, 1);
                write_cell(w, mkbox(b.x + b.w * 0.3, b.y, b.w * 0.7, b.h), &t[first + count - 2], 2, 0);
            }
        }
    }
    free(t);
}

/* ---- page 2 ---- */

static void write_items(struct pen *w)
{
    const struct player_state *ps = &w->s->p[w->player];
    for (int i = 0; i < w->gd->nitems; i++) {
        if (!engine_owns(w->s, w->player, i))
            continue;
        if (gamedata_is_special(&w->gd->items[i])) {
            int k = ps->perk[i] == 'b' ? 1 : ps->perk[i] == 'a' ? 0 : -1;
            if (k >= 0)
                tick_box(w, w->g->perk_box[i][k]);
        } else {
            cross_box(w, w->g->item_box[i], 1.0);
        }
    }
}

static void write_reputation(struct pen *w)
{
    struct token *t = xmalloc(MAX_TOKENS * sizeof *t);
    int n = collect_tokens(w, HIST_REPUTATION, -1, MARK_REPUTATION, t, MAX_TOKENS);
    const struct box *cells = w->g->reputation_cell;
    write_run(w, cells, TOWNSHEET_REPUTATION_CELLS, cells[0].y + cells[0].h / 2 + 3, 8.5, t, n);
    free(t);
}

static void write_in_box(struct pen *w, struct box b, int value, double size)
{
    char buf[16];
    number(value, buf);
    hand_text(w, hand_fit(w, size, b.w - 4, buf), w->ink, b.x + b.w / 2, b.y + b.h * 0.75,
              ALIGN_CENTER, buf);
}

static void write_pow(struct pen *w)
{
    int base = engine_pow_base(w->s, w->player);
    int full = engine_pow_full(w->s, w->player);
    write_in_box(w, w->g->pow_box[0], base, 13);
    /* The bonus rolls are made at the table when needed; the log has none for the end. */
    write_in_box(w, w->g->pow_box[2], full - base, 13);
}

/* The mismatch of this player at place, or NULL (the first one in file order). */
static const struct mismatch *find_mark(struct pen *w, enum mark_place place)
{
    for (size_t k = 0; w->in->mark && k < w->in->nmismatches; k++) {
        const struct mismatch *m = &w->in->mismatches[k];
        if (m->player == w->player && mark_place(m) == place)
            return m;
    }
    return NULL;
}

/* The score, once the game is over: the total in the score box, the sum in the notes. A
 * claimed score that differs is circled where the total goes, the rules' total in red beside
 * it. */
static void write_score(struct pen *w, struct box notes)
{
    if (w->s->phase != PHASE_GAME_OVER)
        return;
    struct score_breakdown sc;
    engine_score(w->s, w->player, &sc);
    const struct mismatch *m = find_mark(w, MARK_SCORE);
    if (m && !mismatch_is_value(m))
        m = NULL;
    int claimed = m ? m->sheet[0] : 0;
    struct box sb = w->g->score_box;
    char buf[16], buf2[16];
    if (m) {
        /* The claim first, circled, the rules' total beside it, left of the printed "VP":
         * the largest size up to 10 at which both and the ring fit. */
        number(claimed, buf);
        number(sc.total, buf2);
        double unit = canvas_text_width(w->c, FONT_HAND, 1, buf) + canvas_text_width(w->c, FONT_HAND, 1, buf2);
        double size = fmax(5, fmin(10, (sb.w - 16 - 9) / unit));
        double w0 = canvas_text_width(w->c, FONT_HAND, size, buf);
        double w1 = canvas_text_width(w->c, FONT_HAND, size, buf2);
        double y = sb.y + sb.h / 2 + size * 0.33;
        struct token claim = {.value = claimed, .claim = 1}, right = {.value = sc.total, .correction = 1};
        write_token(w, &claim, sb.x + 4 + w0 / 2, y, size);
        write_token(w, &right, sb.x + 4 + w0 + 5 + w1 / 2, y, size);
    } else {
        hand_text(w, hand_fit(w, 14, sb.w - 14, number(sc.total, buf)), w->ink,
                  sb.x + (sb.w - 10) / 2, sb.y + sb.h * 0.82, ALIGN_CENTER, buf);
    }
    static const char *const what[5] = {"assets", "reputation", "people", "buildings", "castle"};
    int part[5] = {sc.assets, sc.reputation, sc.people, sc.infrastructures, sc.castle};
    double x = notes.x, y = notes.y + 12, lh = 12.5, col = notes.x + 70;
    for (int k = 0; k < 5; k++) {
        if (k == 4 && part[k] == 0)
            continue;
        hand_text(w, 11, w->ink, x, y, ALIGN_LEFT, what[k]);
        hand_text(w, 11, w->ink, col, y, ALIGN_RIGHT, number(part[k], buf));
        y += lh;
    }
    pen_line(w, x, y - lh + 3.5, col + 2, y - lh + 3.5 + 0.5 * wobble(w));
    stroke(w, w->ink, PEN_W);
    hand_text(w, 12, w->ink, x, y + 1, ALIGN_LEFT, "total");
    /* The total the sheet claims stays in the column, circled, the rules' one beside it. */
    struct token total = {.value = m ? claimed : sc.total, .claim = m != NULL};
    write_token(w, &total, col - canvas_text_width(w->c, FONT_HAND, 12, number(total.value, buf)) / 2,
                y + 1, 12);
    if (m) {
        struct token right = {.value = sc.total, .correction = 1};
        write_token(w, &right, col + 20, y + 1, 12);
    }
    /* Solo: whether the objective was met (the engine says). */
    int objective = w->s->cfg.objective;
    int achieved = engine_objective_achieved(w->s);
    if (w->s->cfg.nplayers == 1 && objective >= 0 && objective < w->gd->nobjectives && achieved >= 0) {
        struct strbuf line = STRBUF_INIT;
        strbuf_printf(&line, "%s: %s", w->gd->objectives[objective].name,
                      achieved ? "achieved" : "not achieved");
        hand_text(w, hand_fit(w, 11, notes.w + 10, strbuf_cstr(&line)), w->ink, x, y + lh + 4,
                  ALIGN_LEFT, strbuf_cstr(&line));
        strbuf_free(&line);
    }
}

/* Rings the boxes of the people or infrastructures where the sheet and the rules differ. */
static void mark_items(struct pen *w)
{
    for (size_t k = 0; w->in->mark && k < w->in->nmismatches; k++) {
        const struct mismatch *m = &w->in->mismatches[k];
        if (m->player != w->player || !mismatch_is_set(m))
            continue;
        uint32_t diff = mismatch_items(m, 0) ^ mismatch_items(m, 1);
        for (int i = 0; i < w->gd->nitems; i++) {
            if (!(diff >> i & 1))
                continue;
            struct box b = w->g->item_box[i];
            if (gamedata_is_special(&w->gd->items[i]))
                b = w->g->perk_box[i][w->s->p[w->player].perk[i] == 'b' ? 1 : 0];
            ring(w, b.x + b.w / 2, b.y + b.h / 2, b.w * 0.85, b.h * 0.85);
        }
    }
}

/* ---- notes: the error notice and the legend of the mismatches ---- */

/* A pasted note over a printed reminder: a white card with a frame; returns its inside. */
static struct box note_card(struct pen *w, struct box b, const char *title)
{
    canvas_round_rect(w->c, b.x, b.y, b.w, b.h, 3);
    canvas_fill_stroke(w->c, w->pal.paper, w->pal.rule, 0.9);
    if (title) {
        canvas_save(w->c);
        canvas_round_rect(w->c, b.x, b.y, b.w, b.h, 3);
        canvas_clip(w->c);
        layout_heading(w->c, &w->pal, mkbox(b.x, b.y, b.w, 14), title, NULL);
        canvas_restore(w->c);
        return mkbox(b.x + 6, b.y + 17, b.w - 12, b.h - 20);
    }
    return mkbox(b.x + 5, b.y + 2, b.w - 10, b.h - 3);
}

static int mark_page(enum mark_place p)
{
    return p == MARK_ASSET || p == MARK_INFLUENCE ? 0 : 1;
}

/* "line 88: food 12 on the sheet, 9 by the rules" */
static void mismatch_text(const struct gamedata *gd, const struct mismatch *m, struct strbuf *out)
{
    strbuf_printf(out, "line %d: %s ", m->line, claim_name(gd, &m->claim));
    mismatch_side_text(gd, m, 0, out);
    strbuf_puts(out, " on the sheet, ");
    mismatch_side_text(gd, m, 1, out);
    strbuf_puts(out, " by the rules");
}

/* A run of consecutive refused lines. */
struct line_range {
    int first, last;
};

/* The refused lines as runs of consecutive lines (*out owned, NULL when none); returns how
 * many runs, and the count of distinct lines in *nlines. */
static size_t refused_ranges(const struct filled_sheet_input *in, struct line_range **out,
                             size_t *nlines)
{
    size_t n = 0;
    *nlines = 0;
    *out = in->nrefused ? xmalloc(in->nrefused * sizeof **out) : NULL;
    for (size_t i = 0; i < in->nrefused; i++) {
        int line = in->refused[i];
        if (n > 0 && line <= (*out)[n - 1].last + 1) {
            if (line > (*out)[n - 1].last) {
                (*out)[n - 1].last = line;
                ++*nlines;
            }
            continue;
        }
        (*out)[n++] = (struct line_range){line, line};
        ++*nlines;
    }
    return n;
}

/* Whether the first pages carry a notice: the log has errors. */
static int has_notice(const struct filled_sheet_input *in)
{
    return in->nerrors > 0 || in->nrefused > 0 || in->stopped;
}

/* The notice of the first page, naming the first k runs of refused lines ("Lines 41, 57-59 and
 * 80 were refused and are not drawn", "Lines 41, 57-59 and 12 other lines were ..."); an
 * empty string when the log has no errors. */
static void refusal_notice(const struct filled_sheet_input *in, const struct line_range *rg,
                           size_t nr, size_t nlines, size_t k, struct strbuf *out)
{
    strbuf_reset(out);
    if (!has_notice(in))
        return;
    if (nr == 0) {
        strbuf_printf(out, "The log has %zu error%s (see the audit report); none of its lines "
                           "was refused.", in->nerrors, in->nerrors == 1 ? "" : "s");
        if (in->stopped)
            strbuf_puts(out, " The audit stopped at too many errors.");
    } else {
        size_t shown = 0;
        if (k == 0)
            strbuf_printf(out, "%zu line%s", nlines, nlines == 1 ? "" : "s");
        else
            strbuf_puts(out, nlines == 1 ? "Line " : "Lines ");
        for (size_t i = 0; i < k; i++) {
            strbuf_puts(out, i == 0 ? "" : i + 1 == k && k == nr ? " and " : ", ");
            strbuf_printf(out, "%d", rg[i].first);
            if (rg[i].last != rg[i].first)
                strbuf_printf(out, "-%d", rg[i].last);
            shown += (size_t)(rg[i].last - rg[i].first) + 1;
        }
        if (k > 0 && k < nr)
            strbuf_printf(out, " and %zu other line%s", nlines - shown, nlines - shown == 1 ? "" : "s");
        strbuf_printf(out, " %s refused and %s not drawn", nlines == 1 ? "was" : "were",
                      nlines == 1 ? "is" : "are");
        strbuf_puts(out, in->stopped ? "; then the audit stopped at too many errors (see the "
                                       "report)." : " (see the audit report).");
    }
}

/* The mismatches marked on a page, in file order, into *out (owned, NULL when none); returns
 * how many. */
static size_t page_mismatches(struct pen *w, int page, const struct mismatch ***out)
{
    size_t n = 0;
    *out = NULL;
    for (size_t i = 0; w->in->mark && i < w->in->nmismatches; i++) {
        const struct mismatch *m = &w->in->mismatches[i];
        if (m->player != w->player || mark_page(mark_place(m)) != page)
            continue;
        if (!*out)
            *out = xmalloc((w->in->nmismatches - i) * sizeof **out);
        (*out)[n++] = m;
    }
    return n;
}

#define LEGEND_TITLE "Checks of this sheet that differ from the rules (circled): "
#define LEGEND_SIZE 7.5
#define LEGEND_LEAD 1.15

/* "and 3 more (see the report)": the end of a legend that its card cannot hold. */
static void legend_more(size_t more, struct strbuf *out)
{
    strbuf_printf(out, "and %zu more (see the report)", more);
}

/* The height of n lines at size as layout_text_box draws them (the first baseline at the
 * ascent, the next ones LEGEND_LEAD * size apart, room under the last for the descent). */
static double lines_height(size_t n, double size)
{
    return 0.8 * size + (double)(n > 0 ? n - 1 : 0) * LEGEND_LEAD * size + 0.25 * size;
}

/* Whether text in font, wrapped at min_size, fits the box as layout_text_box would draw it. */
static int text_fits(struct pen *w, enum canvas_font font, double min_size, struct box b,
                     const char *text)
{
    struct layout_lines lines = {0};
    size_t n = layout_wrap(w->c, font, min_size, b.w, text, &lines);
    layout_lines_free(&lines);
    return lines_height(n, min_size) <= b.h;
}

/* Page 1's legend as one paragraph: the title, then the first k mismatches of the page, and
 * "and N more" when k is not all of them. */
static void legend_paragraph(struct pen *w, const struct mismatch **mm, size_t k, size_t n,
                             struct strbuf *out)
{
    strbuf_reset(out);
    strbuf_puts(out, LEGEND_TITLE);
    for (size_t i = 0; i < k; i++) {
        if (i > 0)
            strbuf_puts(out, "; ");
        mismatch_text(w->gd, mm[i], out);
    }
    if (k < n) {
        strbuf_puts(out, k > 0 ? "; " : "");
        legend_more(n - k, out);
    }
}

/* The notice naming as many runs of refused lines as fit in nb at the smallest size (*named),
 * the others counted, into notice; returns whether that fits (naming none may still not fit). */
static int notice_fitted(struct pen *w, const struct line_range *rg, size_t nr, size_t nlines,
                         struct box nb, struct strbuf *notice, size_t *named)
{
    size_t lo = 0, hi = nr;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        refusal_notice(w->in, rg, nr, nlines, mid, notice);
        if (text_fits(w, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, nb, strbuf_cstr(notice)))
            lo = mid;
        else
            hi = mid - 1;
    }
    refusal_notice(w->in, rg, nr, nlines, lo, notice);
    *named = lo;
    return text_fits(w, FONT_SANS_BOLD, LAYOUT_MIN_TEXT, nb, strbuf_cstr(notice));
}

/* The notice of page 1 at the top of b, in bold. Above a legend it takes the fewest lines
 * that can hold it and name a refused line (one, or two when one line only holds their
 * count); alone, the card. Returns the height it takes. */
static double notice_page1(struct pen *w, struct box b, int legend_follows)
{
    struct line_range *rg;
    size_t nlines, nr = refused_ranges(w->in, &rg, &nlines);
    struct strbuf notice = STRBUF_INIT;
    double h = b.h;
    for (size_t rows = 1;; rows++) {
        h = legend_follows ? fmin(b.h, lines_height(rows, LAYOUT_MIN_TEXT)) : b.h;
        size_t named;
        int fits = notice_fitted(w, rg, nr, nlines, mkbox(b.x, b.y, b.w, h), &notice, &named);
        if ((fits && (named > 0 || nr == 0 || rows >= 2)) || h >= b.h)
            break;
    }
    layout_text_box(w->c, FONT_SANS_BOLD, 7.5, LAYOUT_MIN_TEXT, LEGEND_LEAD, w->red,
                    mkbox(b.x, b.y, b.w, h), ALIGN_LEFT, strbuf_cstr(&notice), 1);
    free(rg);
    strbuf_free(&notice);
    return h;
}

/* Page 1: the notice in bold, then the legend as one paragraph, shrunk to fit the strip; when
 * even the smallest text cannot hold every mismatch, as many as fit and how many more. */
static void notes_page1(struct pen *w)
{
    struct strbuf legend = STRBUF_INIT;
    const struct mismatch **mm;
    size_t n = page_mismatches(w, 0, &mm);
    if (!has_notice(w->in) && n == 0)
        return;
    struct box b = note_card(w, w->g->note_area[0], NULL);
    double y = has_notice(w->in) ? b.y + notice_page1(w, b, n > 0) : b.y;
    if (n > 0) {
        struct box lb = mkbox(b.x, y, b.w, b.y + b.h - y);
        legend_paragraph(w, mm, n, n, &legend);
        if (!text_fits(w, FONT_SANS, LAYOUT_MIN_TEXT, lb, strbuf_cstr(&legend))) {
            /* The most mismatches that fit with the count of the others. */
            size_t lo = 0, hi = n - 1;
            while (lo < hi) {
                size_t mid = (lo + hi + 1) / 2;
                legend_paragraph(w, mm, mid, n, &legend);
                if (text_fits(w, FONT_SANS, LAYOUT_MIN_TEXT, lb, strbuf_cstr(&legend)))
                    lo = mid;
                else
                    hi = mid - 1;
            }
            legend_paragraph(w, mm, lo, n, &legend);
        }
        layout_text_box(w->c, FONT_SANS, LEGEND_SIZE, LAYOUT_MIN_TEXT, LEGEND_LEAD, w->red, lb,
                        ALIGN_LEFT, strbuf_cstr(&legend), 1);
    }
    free(mm);
    strbuf_free(&legend);
}

/* Page 2's list at size in b: each entry wrapped whole, one after the other; when they do not
 * all fit, the entries that leave room for a last line saying how many more the report lists.
 * Returns how many entries it holds; draws when draw. */
static size_t list_page2(struct pen *w, struct box b, const struct mismatch **mm, size_t n,
                         double size, int draw)
{
    double y = b.y, bottom = b.y + b.h, lead = LEGEND_LEAD * size;
    struct strbuf sb = STRBUF_INIT;
    struct layout_lines lines = {0};
    size_t k = 0;
    for (; k < n; k++) {
        strbuf_reset(&sb);
        mismatch_text(w->gd, mm[k], &sb);
        size_t nl = layout_wrap(w->c, FONT_SANS, size, b.w, strbuf_cstr(&sb), &lines);
        double h = lines_height(nl, size);
        /* Room for this entry, and for the "more" line when others follow. */
        if (y + h + (k + 1 < n ? lead + 2 : 0) > bottom)
            break;
        if (draw)
            for (size_t i = 0; i < nl; i++)
                canvas_text(w->c, FONT_SANS, size, w->red, b.x, y + 0.8 * size + (double)i * lead,
                            ALIGN_LEFT, lines.line[i]);
        y += (double)nl * lead + 2;
    }
    if (k < n && draw) {
        strbuf_reset(&sb);
        legend_more(n - k, &sb);
        layout_text_fit(w->c, FONT_SANS, size, LAYOUT_MIN_TEXT, w->red, b.x, y + 0.8 * size, b.w,
                        ALIGN_LEFT, strbuf_cstr(&sb));
    }
    layout_lines_free(&lines);
    strbuf_free(&sb);
    return k;
}

/* Page 2: the legend as a list in the notes card, at the largest size that holds every entry;
 * when even the smallest cannot, the last line says how many more the report lists. */
static void notes_page2(struct pen *w, struct box b)
{
    const struct mismatch **mm;
    size_t n = page_mismatches(w, 1, &mm);
    if (n == 0)
        return;
    layout_text_box(w->c, FONT_SANS_BOLD, LEGEND_SIZE, LAYOUT_MIN_TEXT, LEGEND_LEAD, w->red,
                    mkbox(b.x, b.y, b.w, 20), ALIGN_LEFT,
                    "Checks of this page that differ from the rules (circled):", 1);
    struct box lb = mkbox(b.x, b.y + 20, b.w, b.h - 20);
    double size = LEGEND_SIZE;
    while (size > LAYOUT_MIN_TEXT && list_page2(w, lb, mm, n, size, 0) < n)
        size = fmax(LAYOUT_MIN_TEXT, size - 0.25);
    list_page2(w, lb, mm, n, size, 1);
    free(mm);
}

/* ---- the pages ---- */

static void write_page1(struct pen *w)
{
    canvas_line_style(w->c, CAP_ROUND, JOIN_ROUND);
    write_names(w);
    write_rounds(w);
    write_reserve(w);
    write_assets(w);
    write_influence(w);
    notes_page1(w);
}

static void write_page2(struct pen *w)
{
    canvas_line_style(w->c, CAP_ROUND, JOIN_ROUND);
    write_items(w);
    mark_items(w);
    write_reputation(w);
    write_pow(w);
    /* The round reminder gives way to the notes: the score, then the mismatches. */
    struct strbuf title = STRBUF_INIT, note = STRBUF_INIT;
    switch (w->s->phase) {
    case PHASE_GAME_OVER:
        strbuf_puts(&title, "FINAL SCORE");
        break;
    case PHASE_ROUND_OVER:
        strbuf_printf(&title, "AFTER ROUND %d", w->s->round);
        break;
    case PHASE_ROUND:
        strbuf_printf(&title, "DURING ROUND %d", w->s->round);
        break;
    case PHASE_SETUP:
        strbuf_puts(&title, "BEFORE ROUND 1");
        break;
    }
    struct box in = note_card(w, w->g->note_area[1], strbuf_cstr(&title));
    if (w->s->phase != PHASE_GAME_OVER) {
        strbuf_puts(&note, "The sheet as it stood then. The final score is written here once "
                           "round 10 is over.");
        layout_text_box(w->c, FONT_SERIF_ITALIC, 8.5, LAYOUT_MIN_TEXT, 1.15, w->pal.soft,
                        mkbox(in.x, in.y, 120, in.h), ALIGN_LEFT, strbuf_cstr(&note), 1);
    }
    strbuf_free(&title);
    strbuf_free(&note);
    write_score(w, mkbox(in.x, in.y, 110, in.h));
    double nx = in.x + 128;
    notes_page2(w, mkbox(nx, in.y, in.x + in.w - nx, in.h));
}

int filled_sheet_draw(struct canvas *c, const struct filled_sheet_input *in, struct strbuf *err)
{
    const char *paper_name = in->paper ? in->paper : "a4";
    const struct paper *paper = layout_paper_find(paper_name);
    if (!paper) {
        strbuf_printf(err, "unknown paper '%s' (expected a4 or letter)", paper_name);
        return -1;
    }
    if (!in->state || in->state->cfg.nplayers < 1 || in->state->cfg.nplayers > XII_MAX_PLAYERS) {
        strbuf_puts(err, "no game to draw: the log's header did not start one");
        return -1;
    }
    struct diag_list dl = DIAG_LIST_INIT;
    /* Without icons the sheet still works: the names are spelled out. */
    struct icon_set *icons = icons_load_default(&dl);
    diag_list_free(&dl);
    struct townsheet_geom *g = xmalloc(sizeof *g);
    struct strbuf footer = STRBUF_INIT;
    int rc = 0;
    const struct game_state *s = in->state;
    for (int p = 0; p < s->cfg.nplayers && rc == 0; p++) {
        if (in->only_seat > 0 && p != in->only_seat - 1)
            continue;
        struct townsheet_options o;
        townsheet_options_init(&o, in->gd, paper, in->grey);
        o.icons = icons;
        o.difficulty = s->cfg.difficulty;
        o.keep_page_open = 1;
        strbuf_reset(&footer);
        strbuf_puts(&footer, in->footer_options ? in->footer_options : "");
        if (in->log_name)
            strbuf_printf(&footer, "%s%s", footer.len ? " \xc2\xb7 " : "", in->log_name);
        strbuf_printf(&footer, "%s%s", footer.len ? " \xc2\xb7 " : "", s->cfg.names[p]);
        o.footer = strbuf_cstr(&footer);
        struct pen w;
        memset(&w, 0, sizeof w);
        w.c = c;
        w.in = in;
        w.gd = in->gd;
        w.s = s;
        w.player = p;
        w.hand.c = c;
        w.hand.seed = (unsigned)(p + 1);
        w.g = g;
        layout_palette(&w.pal, in->grey);
        w.ink = in->grey ? rgb_hex(0x000000) : rgb_hex(0x1B2440);
        w.red = in->grey ? rgb_hex(0x000000) : rgb_hex(0xD0201A);
        memset(g, 0, sizeof *g);
        struct townsheet_player blank = {NULL, NULL};
        struct townsheet_player named = {s->cfg.names[p], s->cfg.towns[p]};
        for (int page = 0; page < 2 && rc == 0; page++) {
            rc = townsheet_draw_page(c, &o, page == 0 ? &blank : &named, page, g, err);
            if (rc == 0)
                (page == 0 ? write_page1 : write_page2)(&w);
            canvas_page_end(c);
        }
    }
    strbuf_free(&footer);
    free(g);
    icons_free(icons);
    return rc;
}
