/* The score plot of `xii simulate --plot`: one page, one histogram of final scores per
 * difficulty on a shared score axis, the rulebook's good band shaded behind each, the median
 * marked, with axis labels, a legend and a title; with other words, another game's values
 * (Kingdom's winning years). It draws numbers computed elsewhere
 * (src/bots/simulate.h) and computes nothing of its own. */
#ifndef LAYOUT_SCORE_PLOT_H
#define LAYOUT_SCORE_PLOT_H
#include <stddef.h>
#include "draw/canvas.h"

#define SCORE_PLOT_MAX_PANELS 8

struct score_plot_panel {
    const char *name;           /* "Very easy" */
    int good_low, good_high;    /* the good band; good_high -1: no upper bound */
    const int *bins;            /* nbins counts (see struct score_plot) */
    size_t n;                   /* scores counted */
    double median, mean;
    double mean_half;           /* the half-width of the mean's 95 % interval */
};

/* The words of a plot of something other than XII Century's final scores (NULL members and a
 * NULL words: XII Century's). */
struct score_plot_words {
    const char *counted;        /* what a bar counts: "scores" */
    const char *bin_unit;       /* a bin's unit: "point" */
    const char *band;           /* the band's legend: "good band (rulebook)" */
    const char *band_short;     /* before its ends in a panel: "good" */
    const char *axis;           /* the value axis: "final score (victory points)" */
    int tick;                   /* a tick every this many (0: 10, or 20 on a wide axis) */
    int centred;                /* whole values, one a bin: each tick, the median and the
                                   band's ends at the middle of their bins */
};

struct score_plot {
    const char *title;          /* first line: bot, players, games, seed */
    const char *subtitle;       /* second line, or NULL */
    const char *footer;         /* bottom line, or NULL */
    int first, width, nbins;    /* bin i counts scores in [first + i*width, first + (i+1)*width) */
    const struct score_plot_panel *panel;
    int npanels;                /* 1..SCORE_PLOT_MAX_PANELS */
    const struct score_plot_words *words;   /* NULL: XII Century's */
};

/* The page size of the plot (A4 landscape), in points. */
#define SCORE_PLOT_WIDTH 841.89
#define SCORE_PLOT_HEIGHT 595.28

/* Draws the plot as one page. */
void score_plot_draw(struct canvas *c, const struct score_plot *p);

#endif
