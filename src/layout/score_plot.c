/* The score histograms of a simulation. */
#include "layout/score_plot.h"
#include <stdio.h>
#include "layout/common.h"

static const double LEFT = 150, RIGHT = 28, TOP = 104, BOTTOM = 70;

struct frame {
    double x0, x1;      /* the score axis's ends on the page */
    int lo, hi;         /* the scores at those ends */
};

static double at(const struct frame *f, double score)
{
    return f->x0 + (score - f->lo) / (f->hi - f->lo) * (f->x1 - f->x0);
}

static const struct score_plot_words xii_words = {"scores", "point", "good band (rulebook)", "good",
                                                   "final score (victory points)", 0, 0};

/* The plot's words: each given one, else XII Century's. */
static struct score_plot_words words_of(const struct score_plot *p)
{
    struct score_plot_words w = xii_words;
    if (p->words) {
        const struct score_plot_words *g = p->words;
        w.counted = g->counted ? g->counted : w.counted;
        w.bin_unit = g->bin_unit ? g->bin_unit : w.bin_unit;
        w.band = g->band ? g->band : w.band;
        w.band_short = g->band_short ? g->band_short : w.band_short;
        w.axis = g->axis ? g->axis : w.axis;
        w.tick = g->tick;
        w.centred = g->centred;
    }
    return w;
}

static void legend(struct canvas *c, const struct palette *pal, double x, double y, int width,
                   const struct score_plot_words *w)
{
    const struct rgb bar = rgb_hex(0x3b6ea5), band = rgb_hex(0xd4ead0), median = rgb_hex(0x9c2f2f);
    char label[64];
    snprintf(label, sizeof label, "share of %s, %d-%s bins", w->counted, width, w->bin_unit);
    const char *labels[3] = {label, w->band, "median"};
    for (int k = 0; k < 3; k++) {
        double lx = x + k * 170;
        if (k == 0) {
            canvas_rect(c, lx, y - 8, 14, 9);
            canvas_fill(c, bar);
        } else if (k == 1) {
            canvas_rect(c, lx, y - 8, 14, 9);
            canvas_fill_stroke(c, band, pal->line, 0.5);
        } else {
            static const double dash[] = {3, 2};
            canvas_dash(c, dash, 2);
            canvas_move_to(c, lx + 7, y - 10);
            canvas_line_to(c, lx + 7, y + 2);
            canvas_stroke(c, median, 1.5);
            canvas_dash(c, NULL, 0);
        }
        canvas_text(c, FONT_SANS, 8, pal->ink, lx + 19, y, ALIGN_LEFT, labels[k]);
    }
}

static void panel(struct canvas *c, const struct palette *pal, const struct score_plot *p,
                  const struct score_plot_panel *pn, const struct frame *f, double top, double h,
                  const struct score_plot_words *w)
{
    const struct rgb bar = rgb_hex(0x3b6ea5), band = rgb_hex(0xd4ead0), median = rgb_hex(0x9c2f2f);
    double bottom = top + h, mid = w->centred ? 0.5 * p->width : 0;
    /* The good band behind the bars (centred: the whole bins of its ends). */
    double b0 = at(f, pn->good_low < f->lo ? f->lo : pn->good_low);
    double b1 = pn->good_high < 0 || pn->good_high + 2 * mid >= f->hi ? f->x1 : at(f, pn->good_high + 2 * mid);
    if (b1 > b0) {
        canvas_rect(c, b0, top, b1 - b0, h);
        canvas_fill(c, band);
    }
    int most = 1;
    for (int i = 0; i < p->nbins; i++)
        if (pn->bins[i] > most)
            most = pn->bins[i];
    double share_max = pn->n ? (double)most / (double)pn->n : 1;
    for (int i = 0; i < p->nbins; i++) {
        if (!pn->bins[i])
            continue;
        double x0 = at(f, p->first + i * p->width), x1 = at(f, p->first + (i + 1) * p->width);
        double bh = (h - 4) * pn->bins[i] / most;
        canvas_rect(c, x0 + 0.4, bottom - bh, x1 - x0 - 0.8, bh);
        canvas_fill(c, bar);
    }
    if (pn->n) {
        /* A white edge keeps the dashed median visible over the bars, in grey too. */
        canvas_move_to(c, at(f, pn->median + mid), top);
        canvas_line_to(c, at(f, pn->median + mid), bottom);
        canvas_stroke(c, pal->paper, 3.5);
        static const double dash[] = {3, 2};
        canvas_dash(c, dash, 2);
        canvas_move_to(c, at(f, pn->median + mid), top);
        canvas_line_to(c, at(f, pn->median + mid), bottom);
        canvas_stroke(c, median, 1.5);
        canvas_dash(c, NULL, 0);
    }
    canvas_move_to(c, f->x0, bottom);
    canvas_line_to(c, f->x1, bottom);
    canvas_stroke(c, pal->rule, 0.8);
    /* The share axis: 0 and the tallest bar's share. */
    canvas_move_to(c, f->x0, top);
    canvas_line_to(c, f->x0, bottom);
    canvas_stroke(c, pal->rule, 0.6);
    char text[96];
    snprintf(text, sizeof text, "%.0f%%", 100 * share_max);
    canvas_text(c, FONT_SANS, 6.5, pal->soft, f->x0 - 3, top + 6, ALIGN_RIGHT, text);
    canvas_text(c, FONT_SANS, 6.5, pal->soft, f->x0 - 3, bottom, ALIGN_RIGHT, "0");
    /* The difficulty and its figures on the left. */
    double lx = LAYOUT_MARGIN;
    layout_text_fit(c, FONT_SERIF_BOLD, 11, LAYOUT_MIN_TEXT, pal->ink, lx, top + 12, LEFT - lx - 38,
                    ALIGN_LEFT, pn->name);
    if (pn->good_high >= 0)
        snprintf(text, sizeof text, "%s %d-%d", w->band_short, pn->good_low, pn->good_high);
    else
        snprintf(text, sizeof text, "%s above %d", w->band_short, pn->good_low);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, lx, top + 23, ALIGN_LEFT, text);
    snprintf(text, sizeof text, "median %.1f", pn->median);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, lx, top + 33, ALIGN_LEFT, text);
    snprintf(text, sizeof text, "mean %.1f \xc2\xb1 %.1f", pn->mean, pn->mean_half);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, lx, top + 43, ALIGN_LEFT, text);
    snprintf(text, sizeof text, "%zu %s", pn->n, w->counted);
    canvas_text(c, FONT_SANS, 7.5, pal->soft, lx, top + 53, ALIGN_LEFT, text);
}

void score_plot_draw(struct canvas *c, const struct score_plot *p)
{
    struct palette pal;
    struct score_plot_words w = words_of(p);
    layout_palette(&pal, 0);    /* the canvas itself turns colours grey with --grey */
    const double W = SCORE_PLOT_WIDTH, H = SCORE_PLOT_HEIGHT;
    canvas_page_begin(c, W, H);
    double x = LAYOUT_MARGIN;
    layout_text_fit(c, FONT_SERIF_BOLD, 16, 10, pal.ink, x, LAYOUT_MARGIN + 16, W - 2 * x, ALIGN_LEFT,
                    p->title);
    if (p->subtitle)
        layout_text_fit(c, FONT_SERIF, 10, LAYOUT_MIN_TEXT, pal.soft, x, LAYOUT_MARGIN + 32, W - 2 * x,
                        ALIGN_LEFT, p->subtitle);
    legend(c, &pal, LEFT, TOP - 14, p->width, &w);
    struct frame f = {LEFT, W - RIGHT, p->first, p->first + p->nbins * p->width};
    int n = p->npanels < 1 ? 1 : p->npanels > SCORE_PLOT_MAX_PANELS ? SCORE_PLOT_MAX_PANELS : p->npanels;
    double gap = 8, h = (H - TOP - BOTTOM - gap * (n - 1)) / n;
    for (int i = 0; i < p->npanels && i < SCORE_PLOT_MAX_PANELS; i++)
        panel(c, &pal, p, &p->panel[i], &f, TOP + i * (h + gap), h, &w);
    /* The score axis under the last panel: a tick every 10 points. */
    double base = H - BOTTOM;
    char text[64];
    int step = w.tick > 0 ? w.tick : f.hi - f.lo > 150 ? 20 : 10;
    for (int s = (f.lo + step - 1) / step * step; s <= f.hi - (w.centred ? p->width : 0); s += step) {
        double sx = at(&f, s + (w.centred ? 0.5 * p->width : 0));
        canvas_move_to(c, sx, base);
        canvas_line_to(c, sx, base + 4);
        canvas_stroke(c, pal.rule, 0.6);
        snprintf(text, sizeof text, "%d", s);
        canvas_text(c, FONT_SANS, 7.5, pal.ink, sx, base + 13, ALIGN_CENTER, text);
    }
    canvas_text(c, FONT_SANS_BOLD, 8.5, pal.ink, (f.x0 + f.x1) / 2, base + 27, ALIGN_CENTER,
                w.axis);
    canvas_save(c);
    canvas_translate(c, LEFT - 26, TOP + (H - TOP - BOTTOM) / 2);
    canvas_rotate(c, -1.5707963267948966);
    snprintf(text, sizeof text, "share of %s per bin", w.counted);
    canvas_text(c, FONT_SANS_BOLD, 8.5, pal.ink, 0, 0, ALIGN_CENTER, text);
    canvas_restore(c);
    if (p->footer)
        layout_text_fit(c, FONT_SANS, 7, LAYOUT_MIN_TEXT, pal.muted, x, H - LAYOUT_MARGIN, W - 2 * x,
                        ALIGN_LEFT, p->footer);
    canvas_page_end(c);
}
