/* The advisor: at a decision (the rest of a turn's dice, a king-war choice, a location bonus
 * choice), lists the candidate moves through the engine and the bots' plan enumeration, plays
 * each out to the game's end many times with a rollout bot, and ranks them (rank.h: common
 * random numbers, successive halving, threads). `xii hint` prints the best ones; the game
 * analysis (analyse.h) compares them with the move played.
 *
 * A turn's candidates are complete plans (play/plan.h: every die's use, reserve die, abilities
 * and the market): the max_candidates best of the bots' beam search (play_plans_best, ranked
 * by the bots' evaluation after the turn's end) that reach different positions, and with every
 * die spent the plan that ends the turn without a reserve die. Plans that use the town
 * court's re-roll are left out: the re-roll's result is chance, not a choice. */
#ifndef PLAY_ADVICE_H
#define PLAY_ADVICE_H
#include <stddef.h>
#include "play/bot.h"
#include "play/plan.h"
#include "play/rank.h"
#include "rules/engine.h"

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
    size_t max_candidates;          /* turn plans ranked by rollouts at most (1..64) */
    struct rank_options rank;       /* player and nplayers are filled in by advice_rank */
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
    size_t plans_found;             /* turn plans the beam search gave */
    struct advice_ranked *ranked;   /* every candidate ranked, best first (owned) */
    size_t n;
    struct rank_summary summary;
};

/* The move a log played at a decision (the analysis of a game). */
struct advice_played {
    const struct game_state *after; /* TURN: the state after its lines (turn ended or not) */
    struct advice_choice choice;    /* TURN: its moves for the words and lines (nmoves -1: not
                                       known); WAR, COLLECT: the choice written (-1: a bonus
                                       not taken) */
};

/* Lists the candidates at pos, adds the played move when played is not NULL (never dropped by
 * the halving: it gets as many rollouts as the leaders), and ranks them by rollouts. A
 * candidate that reaches the same sheet as the played move is the played one. Returns 0, or
 * -1 with why in err (no candidate, an engine refusal in a rollout). */
int advice_rank(const struct advice_position *pos, const struct advice_played *played,
                const struct advice_options *o, struct advice *out, struct strbuf *err);
/* Frees what advice_rank allocated; out may be zeroed or NULL. */
void advice_free(struct advice *out);

/* The log lines that play a choice from pos, one per line (indented for a turn's moves):
 * "  6 population", "collect Jack grassland food, forest supply", the war line
 * "war Jack avoid, Tom support" when the other entries are known (played, or players without
 * POW), else the player's entry "Tom support" (the bonus rolls are written after "support"
 * when they are rolled). */
void advice_lines(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out);
/* The choice in words (advice_words.h for a turn). */
void advice_describe(const struct advice_position *pos, const struct advice_choice *c,
                     struct strbuf *out);

/* A rollout outcome for the ranking: every seat's score and the winners of the finished game s. */
void advice_outcome(const struct game_state *s, struct rank_outcome *out);
/* Plays a copy of s to the end with `bot` in every seat (an open turn too), the dice and the
 * bot's choices drawn from seed, as the rankings' rollouts do. Returns 0, or -1 (an engine
 * refusal). */
int advice_play_out(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                    struct rank_outcome *out);

#endif
