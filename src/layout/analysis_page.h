/* The analysis page of `xii audit --analyse --pdf`: each player's expected final score over
 * the rounds as a line chart (colour and a dash pattern and marker shape per player, so it
 * reads in grey too), a table of each player's cost and luck, and the costliest moves with
 * the move played and the better one in words. The numbers come from the advisor (src/advisor);
 * this layout only draws them. */
#ifndef LAYOUT_ANALYSIS_PAGE_H
#define LAYOUT_ANALYSIS_PAGE_H
#include <stddef.h>
#include "draw/canvas.h"
#include "layout/common.h"
#include "rules/state.h"

struct analysis_page_player {
    const char *name;
    /* expected[r]: the expected final score after round r (0: before round 1), with its 95 %
     * interval; known for rounds 0..last_round. After round 10 it is the final score. */
    double expected[GD_ROUNDS + 1], low[GD_ROUNDS + 1], high[GD_ROUNDS + 1];
    double total_cost, average_cost, luck;
    double total_cost_half, luck_half;  /* the half-widths of their 95 % intervals */
    int turns;
    int inaccuracies, mistakes, blunders;
};

struct analysis_page_move {
    const char *player;
    int line, round;
    double cost, cost_low, cost_high;   /* with its 95 % interval */
    const char *label;          /* "blunder", "mistake", "inaccuracy" or "" */
    const char *played, *best;  /* in words */
};

struct analysis_page_input {
    const struct paper *paper;
    int grey;
    const char *title;          /* the game's title or the log's name */
    const char *method;         /* how the figures were made, one line */
    const char *cost_unit;      /* the costs' unit: "VP", or "points" (of percentage) */
    const char *cost_words;     /* what a cost is, for the heading of the costliest moves */
    const char *footer;         /* the options part of the footer */
    int nplayers;
    struct analysis_page_player players[XII_MAX_PLAYERS];
    int last_round;             /* the chart's last point */
    const struct analysis_page_move *moves;     /* the costliest moves, in the order to list */
    size_t nmoves;
};

/* Draws the page (one page; moves that do not fit are left out with a line saying how many).
 * Drawing failures are the canvas's sticky status. */
void analysis_page_draw(struct canvas *c, const struct analysis_page_input *in);

#endif
