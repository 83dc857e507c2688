/* The replay: drives the rules engine through a parsed move log, statement by statement,
 * following move-log.md ("When the automatic steps happen", "Settled details").
 *
 * The header (players, towns, difficulty, events, solo objective, variants, title) is read up
 * to the first game statement, where the game starts. Then every statement is checked and
 * applied; one that is refused becomes an error and is skipped (it has no effect at all), and
 * the replay goes on. A rejected turn line skips the spend, ability and market lines under it;
 * a rejected round line skips the statements up to the next round line. A turn ends at the
 * next turn, war, collect or round line, at a check once its four dice are spent, or at the
 * end of the log when its four dice are spent (otherwise the log stops inside the turn). A
 * round ends as soon as nothing it needs is missing; a round line that comes earlier reports
 * each missing thing with the line to add, and ends the round there. Check lines are compared
 * with the state (claims.h): each difference is a DIAG_MISMATCH diagnostic and a mismatch.
 * After LOG_MAX_ERRORS errors in the list (the parser's included) the replay stops with
 * "too many errors".
 *
 * Error codes: the engine's rule ids (engine.h), "setup" and "events" also for the header
 * (no players line, two players with one name, a solo line that does not fit), and
 *   "header"          a header line that is repeated or misplaced, a town named twice
 *   "unknown-id"      an id that names nothing of the game data (the closest one is named)
 *   "unknown-player"  a name that is not one of the players
 *   "too-many-errors" the replay stopped there
 *   "syntax"/"encoding" come from the parser. */
#ifndef LOG_REPLAY_H
#define LOG_REPLAY_H
#include <stddef.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "log/ast.h"
#include "audit/claims.h"
#include "rules/engine.h"

struct log_replay_options {
    int until_round;        /* > 0: stop at the state after this round; 0: the whole log */
    size_t max_mismatches;  /* > 0: keep the first ones only, count the others (bounded memory
                               whatever the log holds); 0: keep them all */
};

/* One accepted turn: its line, and the history records it wrote, feeding and the market lines
 * included (hist_end is SIZE_MAX while the turn is still open when the log ends). */
struct log_turn_span {
    int line, round, player;
    size_t hist_begin, hist_end;
};

/* What a replay leaves: the state reached, its history, the mismatches and what was skipped. */
struct log_replay {
    const struct gamedata *gd;
    int started;                /* the header was valid: state and history are meaningful */
    struct game_state state;
    struct history history;
    int *history_lines;         /* per history record: the line of the statement that wrote it
                                   (0 for the start of the game); owned */
    char *title;                /* the game line's title, or NULL (owned) */
    int until_round;            /* the option given */
    int stopped;                /* stopped after too many errors */
    int open_turn_line;         /* line of a turn still in progress at the end, or 0 */
    int eof_turn_line;          /* line of a turn whose four dice were spent when the log ended,
                                   which the end of the log ended; 0 otherwise. A reserve die or
                                   a market line written after it would still belong to it. */
    struct game_state eof_turn_state;   /* when eof_turn_line: the state before that turn ended */
    struct mismatch *mismatches;    /* in file order (owned) */
    size_t nmismatches;
    size_t mismatches_omitted;  /* found after the first max_mismatches: counted, not kept */
    int *skipped;               /* lines of the statements not applied, in file order (owned) */
    size_t nskipped;
    struct log_turn_span *turns;    /* every accepted turn, in order (owned) */
    size_t nturns;
    struct move last_move;      /* the move of the last spend, ability or market line applied */
    int last_move_line;         /* that line, 0 when none */
};

/* Replays ast with the game data gd, appending errors and mismatches to dl (file names as in
 * the tree). Never returns NULL; free the result with log_replay_free(). */
struct log_replay *log_replay_run(const struct gamedata *gd, const struct log_ast *ast,
                                  const struct log_replay_options *opt, struct diag_list *dl);
/* Frees a replay; NULL is a no-op. */
void log_replay_free(struct log_replay *r);

/* One thing a round still needs before it can end, as a sentence with the line to add. */
struct log_missing {
    enum rule_id rule;          /* RULE_ROUND_ORDER, RULE_BONUS_ROLLS, RULE_TURN_ORDER, RULE_WAR,
                                   RULE_COLLECT */
    int player;                 /* seat concerned, or -1 */
    char text[320];
};
#define LOG_MISSING_MAX (4 + 2 * XII_MAX_PLAYERS)

/* Lists what the round in progress still needs (nothing when no round is in progress), into
 * out (room for LOG_MISSING_MAX); returns the count. An open turn is not listed. */
int log_replay_missing(const struct game_state *s, struct log_missing *out);

/* How well an example line uses its die, the better the higher. */
enum log_example_use {
    LOG_EXAMPLE_NONE,           /* no spend of that die is legal: nothing appended */
    LOG_EXAMPLE_ADDS_NOTHING,   /* legal, but the die adds nothing (a MAX, the costs) */
    LOG_EXAMPLE_STORES,         /* the die is stored in the reserve */
    LOG_EXAMPLE_ADDS_PART,      /* the die adds less than it shows */
    LOG_EXAMPLE_ADDS_FULL       /* the die adds all it shows, or attracts or builds an item */
};

/* An example of a line that spends a die showing `die` (0: a reserve die) in the turn in
 * progress: a legal spend (no ability or market move) written by log_write_move_text. When
 * store_first, storing (the plainest line) when it is legal; otherwise (and when it is not)
 * the first spend in the engine's order that adds its full die, else the one that uses it
 * best, as the engine's history says when it is tried on a copy of s. Returns how well the
 * line uses the die (LOG_EXAMPLE_NONE: no spend of that die is legal, nothing appended). */
int log_example_move(const struct game_state *s, int die, int store_first, struct strbuf *out);

/* Whether move m, legal on s, wastes its die by the audit's waste rule (a die spent on an
 * asset that adds nothing, or less than it shows, for a MAX or the costs): 1 or 0. The move
 * is tried on a copy of s. */
int log_move_wastes(const struct game_state *s, const struct move *m);

#endif
