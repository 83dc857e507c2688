/* The analysis of a played game, move by move, the way GNU Backgammon analyses a match: every
 * decision of every player (each turn's plan, each king-war choice, each location bonus
 * choice) is ranked by the advisor (advice.h) with the move played among the candidates, by
 * the goal given (by default the expected final score, whatever the game); the cost of the
 * move is measured in that goal's unit: the expected final score of the best move found minus
 * the played one's (VP), or their chances to win or to achieve the objective (points of
 * percentage), measured afresh (advice_cost: rollouts with a seed of their own, so that the
 * choice of the best does not bias it; not clamped: it may be below zero, and a cost whose
 * interval lies wholly below zero says the move played was better than the plans found). Per player: total cost, average
 * cost per turn, the marks (inaccuracy, mistake, blunder: the cost's 95 % interval lies above
 * the threshold), the error rate per decision and a rating in words; luck: what their own two
 * dice of each turn were worth against dice rolled at random, both played by the rollout bot,
 * in expected final score. And each player's expected final score after every round, for the
 * chart.
 *
 * The log must replay without errors. The decisions' states come from replaying the log's
 * prefixes (the audit's own replay): nothing here reads a rule. */
#ifndef ADVISOR_ANALYSE_H
#define ADVISOR_ANALYSE_H
#include <stddef.h>
#include "log/ast.h"
#include "advisor/advice.h"

/* The marks, by cost in victory points (points of percentage when a chance ranks): a move is
 * marked when the lower end of its cost's 95 % interval reaches the threshold. */
#define ANALYSE_INACCURACY 1.0
#define ANALYSE_MISTAKE 3.0
#define ANALYSE_BLUNDER 6.0

enum analyse_mark { MARK_NONE, MARK_INACCURACY, MARK_MISTAKE, MARK_BLUNDER };

/* A cost whose interval holds a threshold is measured again with twice the rollouts, up to this
 * many times cost_rollouts, so that its mark does not hang on the seed. */
#define ANALYSE_COST_GROWTH 8
/* The costs' rollouts draw from this stream of the seed, apart from the rankings'. */
#define ANALYSE_COST_STREAM 0xc057u

struct analyse_options {
    struct advice_options advice;   /* each decision's ranking */
    size_t cost_rollouts;           /* fresh rollouts of each cost (at least 2) */
    size_t luck_rollouts;           /* rollouts of each turn's luck estimate */
    size_t chart_rollouts;          /* rollouts of each point of the expected-score chart */
    /* Called after each decision (and chart point) in the calling thread, may be NULL. */
    void (*progress)(void *arg, size_t done, size_t total);
    void *progress_arg;
};

struct analyse_move {
    enum advice_kind kind;
    int player, round, line;        /* line: the turn, war or collect line of the log */
    size_t candidates;              /* moves compared */
    double played, best;            /* expected final scores of the move played and the best */
    struct estimate cost;           /* best minus played, paired, fresh rollouts (all 0: the
                                       played move is the best or gave the same results) */
    enum analyse_mark mark;
    int better;                     /* the cost's interval lies wholly below zero: the move
                                       played did better than the plans found */
    int screen_cut;                 /* turns: the screen's listing was cut (advice.plans_cut):
                                       the best is the best of the plans listed */
    double luck, luck_se;           /* turns: the dice's worth against a random roll (paired
                                       rollouts) and its standard error, else 0 */
    char *played_words, *best_words;    /* owned */
    char *played_lines, *best_lines;    /* the log lines, "; " between them (owned) */
};

struct analyse_player {
    int turns;
    double total_cost, average_cost;    /* average: per turn */
    double luck;                        /* summed over the turns */
    /* The 95 % intervals of the total cost and of the luck: +-1.96 standard errors, the
     * decisions' variances added as if independent (their rollouts are). */
    double total_cost_low, total_cost_high, luck_low, luck_high;
    int marks[4];                       /* by enum analyse_mark (MARK_NONE unused) */
    int decisions, errors;              /* decisions rated, and those marked */
    double error_rate;                  /* errors / decisions */
    const char *rating;                 /* analyse_rating of the average cost per decision */
    /* expected[r]: expected final score after round r (0: before round 1), 95 % interval. */
    double expected[GD_ROUNDS + 1], low[GD_ROUNDS + 1], high[GD_ROUNDS + 1];
};

struct analysis {
    enum rank_goal goal;            /* what ranked the moves: the costs' unit */
    int nplayers;
    char names[XII_MAX_PLAYERS][XII_NAME_SIZE];
    int last_round;                 /* the chart's last point */
    struct analyse_move *moves;     /* in log order (owned) */
    size_t nmoves;
    struct analyse_player players[XII_MAX_PLAYERS];
    size_t rollouts;                /* every rollout run */
    /* The log's last turn when it ends with dice of it unspent: not rated (the player has not
     * decided yet; xii hint ranks what is left). unfinished_line 0: none. */
    int unfinished_line, unfinished_player, unfinished_dice;
};

/* Analyses the game of ast (src: its text, for the lines played). Returns 0, or -1 with why in
 * err (the log does not replay cleanly, a rollout failed). */
int analyse_run(const struct gamedata *gd, const struct log_ast *ast, const char *src, size_t len,
                const struct analyse_options *o, struct analysis *out, struct strbuf *err);
/* Frees what analyse_run allocated; NULL is a no-op. */
void analysis_free(struct analysis *a);
/* "inaccuracy", "mistake", "blunder", or "" for MARK_NONE. */
const char *analyse_mark_name(enum analyse_mark m);
/* A player's rating in words from the average cost per decision in VP: flawless below 0.25,
 * expert below 0.75, strong below 1.5, intermediate below 3, casual below 5, else beginner. */
const char *analyse_rating(double average_cost);
/* The mark of a cost (mean and 95 % interval). */
enum analyse_mark analyse_mark_of(const struct estimate *cost);
/* The indexes of the player's n costliest moves (cost > 0), costliest first, into out; returns
 * how many (at most n). */
size_t analyse_costliest(const struct analysis *a, int player, size_t *out, size_t n);

#endif
