/* Statements built from values: a decision taken on a page (xii serve's buttons) becomes the
 * tree a parse of its line would give (log/ast.h) together with that line, in one pass and
 * with nothing parsed. The text is the one src/log's writer gives the same value (log/write.h:
 * log_write_turn, log_write_move_text, log_write_check with everything...), and every span of
 * the tree points where that text puts its token, so the live replay's diagnostics show the
 * line as written. */
#ifndef LOG_BUILD_H
#define LOG_BUILD_H
#include "core/strbuf.h"
#include "log/ast.h"
#include "rules/engine.h"

/* A statement as a value. Only the fields of its kind are read. */
struct log_decision {
    enum log_kind kind;     /* LOG_ROUND, LOG_SHARED, LOG_OUTLAWS, LOG_TURN, LOG_WAR, LOG_COLLECT,
                               LOG_CHECK; any turn-body kind (log_kind_is_turn_body): the move,
                               whose kind says the statement's */
    int player;             /* TURN, COLLECT, CHECK; WAR: the one seat whose entry it is, or -1
                               for every seat's */
    int round;              /* ROUND */
    int dice[2];            /* SHARED, TURN */
    struct move move;       /* a move */
    struct bonus_rolls rolls[XII_MAX_PLAYERS];  /* OUTLAWS: each seat's (none: not listed) */
    struct war_entry war[XII_MAX_PLAYERS];      /* WAR */
    int choice[LOCATION_COUNT];                 /* COLLECT: the bonus taken at each location
                                                   (gd->locations[l].bonus_asset[choice[l]]),
                                                   -1 where none */
};

/* The kind of the statement d is written as (a move's: spend, sheriff, court, split...). */
enum log_kind log_decision_kind(const struct log_decision *d);

/* The statement of d on s (the players' names, a check line's values are s's) as a tree of
 * one statement, its text appended to out (no line feed), starting at column col of line
 * `line` of file `file`. A check line lists every value (log_write_check with everything).
 * Returns the tree (free it with log_free), or NULL with why in why when d makes no
 * statement (outlaws' rolls of nobody, bonus rolls after avoid, a collect of no location):
 * nothing is then appended. */
struct log_ast *log_build(const struct game_state *s, const struct log_decision *d, const char *file, int line,
                          int col, struct strbuf *out, struct strbuf *why);

#endif
