/* The advisor: at a decision (the rest of a turn's dice, a king-war choice, a location bonus
 * choice), lists the candidate moves through the engine and the bots' plan enumeration, plays
 * each out to the game's end many times with a rollout bot, and ranks them (rank.h: common
 * random numbers, successive halving, threads). `xii hint` prints the best ones; the game
 * analysis (advice_analyse.h) compares them with the move played.
 *
 * A turn's candidates are complete plans (play/plan.h: every die's use, reserve die, abilities
 * and at most one market conversion). Before the last round they come from a screen of every
 * distinct plan the engine lists (play_plans_visit, cut after screen_nodes partial plans, which
 * the advice says), each with no market conversion and with each one: the 16 best by the bots'
 * evaluation after the turn's end, the 4 with the most VP after it, the 4 with the most VP of
 * those that have achieved the solo objective after it, at most one per position reached.
 * In the game's last round the exact solve (advice_exact.h) lists every plan with no cut: on
 * the last turn of the game (no other seat plays after it in the round) its 16 best are ranked
 * by their exact values and nothing is rolled out (advice.exact); with other seats still to
 * play, its 16 best by the value after one continuation of the round, the 4 with the most VP
 * and the 8 best by the evaluation after the turn race. Plans that use the town court's
 * re-roll are left out: the re-roll's result is chance, not a choice. *
 * The candidates race (rank.h, rank_options.race): every one still in gets at least 64
 * rollouts before any verdict, the leader is tested against every other with the Bonferroni
 * correction, candidates with identical results are merged; the plans shown then get fresh
 * rollouts (ADVICE_FRESH_ORDERED) from which every figure shown comes. The goal (rank_goal)
 * ranks them:
 * by default the solo objective when the game has one, the win in multiplayer, the score in
 * arcade (advice_default_goal). */
#ifndef ADVISOR_ADVICE_H
#define ADVISOR_ADVICE_H
#include <stddef.h>
#include "bots/bot.h"
#include "bots/plan.h"
#include "bots/rank.h"
#include "rules/engine.h"
#include "advisor/advice_exact.h"

enum advice_kind {
    ADVICE_TURN,        /* the dice still unspent in the open turn */
    ADVICE_WAR,         /* the king war: support or avoid */
    ADVICE_COLLECT      /* the bonus of each location with a choice the player earned */
};

/* One candidate move. */
struct advice_choice {
    enum advice_kind kind;
    struct play_plan plan;          /* TURN: the moves, market conversions last */
    int support;                    /* WAR: 1 support, 0 avoid */
    int collect[LOCATION_COUNT];    /* COLLECT: bonus index per location, -1 where none */
};

/* A decision to advise on. */
struct advice_position {
    const struct game_state *s;     /* the state where the decision is taken */
    enum advice_kind kind;
    int player;                     /* the seat deciding */
    /* WAR: the other seats' entries as they were played (the analysis of a game); NULL: the
     * rollout bot decides for them and their bonus rolls are drawn in each rollout. */
    const struct war_entry *war_played;
    /* COLLECT: which locations' choices are owed (bit l); the turn player otherwise. */
    unsigned collect;
};

struct advice_options {
    struct play_bot bot;            /* the rollout player, in every seat */
    int goal;                       /* a rank_goal, or -1: advice_default_goal */
    size_t screen_nodes;            /* partial plans the screen explores at most before the
                                       last round (0: ADVICE_SCREEN_NODES) */
    struct rank_options rank;       /* player, nplayers and goal are filled in by advice_rank */
    /* The plans shown (the hint's --top): they get fresh rollouts (ADVICE_FRESH_ORDERED at
     * least); 0: none (the analysis, whose costs have fresh rollouts of their own). */
    size_t shown;
};

/* A candidate with its estimates. `played` marks the move of the log (analysis). */
struct advice_ranked {
    struct advice_choice choice;
    int played;
    struct rank_result r;
};

struct advice {
    enum advice_kind kind;
    int player, round;
    enum rank_goal goal;            /* what ranked the candidates */
    size_t plans_legal;             /* TURN: the distinct plans of the dice listed */
    size_t plans_screened;          /* TURN: those with each market choice, keyed by the screen */
    int plans_cut;                  /* TURN: the listing was cut at screen_nodes */
    int plans_bounded;              /* TURN, round 10 with seats still to play: the candidates
                                       are the solve's best by its key (advice_exact.h), a branch
                                       that could not beat its 16th best dropped; plans_legal
                                       counts the plans it reached (thread-dependent) */
    int exact;                      /* TURN, the game's last turn: every plan valued exactly
                                       (advice_exact.h), no rollout, the intervals of no width */
    struct advice_ranked *ranked;   /* every candidate ranked, best first (owned) */
    size_t n;
    struct rank_summary summary;    /* the race's, its rollouts with the fresh ones */
    size_t fresh_plans;             /* the first ones of ranked[], whose estimates are fresh */
    size_t fresh_rollouts;          /* the fresh rollouts each of them got */
    int fresh_reordered;            /* the fresh means put first another plan than the race */
    int reroll_open;                /* TURN, exact: the town court's re-roll may be used */
    int reroll;                     /* ... and beats every plan (not a candidate: its result is
                                       not rolled yet) */
    struct advice_exact_plan reroll_best;   /* its best use: the moves before it, the re-roll
                                               (result unset) and its value over the results */
};

/* The move a log played at a decision (the analysis of a game). */
struct advice_played {
    const struct game_state *after; /* TURN: the state after its lines (turn ended or not) */
    struct advice_choice choice;    /* TURN: its moves for the words and lines (nmoves -1: not
                                       known); WAR, COLLECT: the choice written (-1: a bonus
                                       not taken) */
};

/* The rollouts every candidate still in the race gets before any verdict. */
#define ADVICE_RACE_MIN 64
/* The fresh rollouts of the plans shown (advice_options.shown; rank_fresh): the first
 * ADVICE_FRESH_ORDERED of the race that are not merged (more when more are shown) are rolled
 * out again, each half as many times as the race's leader was but at most ADVICE_FRESH_MAX
 * (1.5 times the leader's rollouts in all: 10 to 15 % of a race's), with
 * dice of their own, the same for each, and every figure shown comes from these rollouts: the
 * race chose these plans because their means came out high, so their own rollouts lean high
 * (the winner's curse); fresh ones do not. The first ADVICE_FRESH_ORDERED are then ordered by
 * their fresh means (the plan shown first may not be the race's leader: fresh_reordered), the
 * others keep the race's order; "behind the best" is measured from the first. A fixed number
 * of plans whatever is shown: the best plan does not depend on --top. */
#define ADVICE_FRESH_ORDERED 3
#define ADVICE_FRESH_MAX 256
/* Partial plans the hint's screen explores at most before the game's last round
 * (play_plans_visit's max_nodes; the last round has no cut): the screen only picks the
 * candidates for the rollouts, and its listing runs on one core while they wait (half a second
 * at 200,000 on a round-5 4-player turn). The analysis explores half of it. */
#define ADVICE_SCREEN_NODES 200000

/* The goal by default: the objective in a solo game with one, the win in multiplayer, the
 * score in arcade. */
enum rank_goal advice_default_goal(const struct game_state *s);

/* Lists the candidates at pos, adds the played move when played is not NULL, ranks them by
 * rollouts and gives the plans shown fresh rollouts (ADVICE_FRESH_ORDERED). A candidate that reaches the same sheet as the played move is the played one.
 * Returns 0, or -1 with why in err (no candidate, an engine refusal in a rollout, the goal
 * objective in a game without one). */
int advice_rank(const struct advice_position *pos, const struct advice_played *played,
                const struct advice_options *o, struct advice *out, struct strbuf *err);
/* The cost of the move played in the unit of the goal that ranks (o->goal, -1: the default):
 * for the score, the final score of `best` minus the played move's, paired; for the win or
 * the objective, the chance of `best` minus the played move's in points of percentage, its
 * interval from the two proportions' standard errors (as if independent: wider than paired).
 * From `rollouts` fresh rollouts of both with `seed` (not the ranking's: the estimate is
 * independent of the selection that found the best, so it is not biased upward by the
 * winner's curse), with its 95 % interval. Not clamped: a played move better than `best`
 * costs less than zero. Returns 0, or -1 with why in err. */
int advice_cost(const struct advice_position *pos, const struct advice_choice *best,
                const struct advice_played *played, const struct advice_options *o, uint64_t seed,
                size_t rollouts, struct estimate *cost, struct strbuf *err);
/* Frees what advice_rank allocated; out may be zeroed or NULL. */
void advice_free(struct advice *out);

/* The log lines that play a choice from pos, one per line (indented for a turn's moves):
 * "  6 population", "collect Jack grassland food, forest supply", the war line
 * "war Jack avoid, Tom support 4" when the other entries are known (played, or players
 * without POW), else the player's entry "Tom support 4". A support whose bonus dice are not
 * rolled yet has no line (nothing that would not parse): advice_describe says what to write
 * once they are. */
void advice_lines(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out);
/* Whether advice_lines writes a war choice as the whole war line (the other entries known),
 * not as the player's entry of it. */
int advice_war_line_whole(const struct advice_position *pos, const struct advice_choice *c);
/* The choice in words (advice_words.h for a turn). */
void advice_describe(const struct advice_position *pos, const struct advice_choice *c,
                     struct strbuf *out);

/* Plays a copy of s to the end with `bot` in every seat (an open turn too), the dice and the
 * bot's choices drawn from seed, as the rankings' rollouts do. Returns 0, or -1 (an engine
 * refusal). */
int advice_play_out(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                    struct rank_outcome *out);

#endif
