/* The report of a simulation: its title and the plot's subtitle, the text report and the JSON
 * document of `xii simulate --json` (docs/schema/simulate.json). Library code: it appends to
 * strbufs, and src/cli prints them.
 *
 * Intervals: a mean's or a median's 95 % interval needs two values; from one game the text
 * says it cannot be computed and the JSON gives null. A mean's interval is Student's t, cut at
 * 0 since a score is never negative (sim_stats_compute); a share's is Wilson's, inside 0..1. */
#ifndef PLAY_SIMULATE_REPORT_H
#define PLAY_SIMULATE_REPORT_H
#include <stdint.h>
#include "core/strbuf.h"
#include "bots/simulate.h"

struct sim_report {
    const struct gamedata *gd;
    const struct play_bot *bots;        /* seat p's bot */
    const char *botname;                /* "greedy", or the seats' list "search,greedy" */
    int per_seat;                       /* the bots were given per seat: each seat's figures */
    int players, games, objective;      /* objective: the solo objective's index, or -1 */
    uint64_t seed;
    const char *rules;                  /* the game-data file, NULL for the built-in data */
    int nd;                             /* difficulties played */
    const int *diffs;                   /* [i]: index into gd->difficulties */
    const struct sim_games *results;    /* [i]: the games of diffs[i] */
    const struct sim_stats *stats;      /* [i]: their statistics over every seat */
};

/* Whether one of the n seats is played by the search bot. */
int sim_bots_have_search(const struct play_bot *bots, int n);
/* One line: bots, players, games per difficulty, seed. */
void sim_report_title(const struct sim_report *r, struct strbuf *out);
/* One line for the plot: what is drawn, the search budget, the game data. */
void sim_report_subtitle(const struct sim_report *r, struct strbuf *out);
/* The title, then each difficulty's figures (and each seat's when per_seat). */
void sim_report_text(const struct sim_report *r, struct strbuf *out);
/* The JSON document, ending with a line feed. */
void sim_report_json(const struct sim_report *r, struct strbuf *out);

#endif
