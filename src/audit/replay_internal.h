/* Shared by the replay's files (replay.c: the statements; replay_header.c: the header and the
 * start of the game; replay_diag.c: errors, skipped lines, players by name; replay_text.c: the
 * texts). Calls go one way: replay.c -> replay_header.c -> replay_diag.c. Not part of the
 * public API. */
#ifndef LOG_REPLAY_INTERNAL_H
#define LOG_REPLAY_INTERNAL_H
#include "log/ids.h"
#include "audit/replay.h"

enum skip_mode {
    SKIP_NONE,
    SKIP_TURN_BODY,     /* a rejected turn line: its spend, ability and market lines */
    SKIP_ROUND          /* a rejected round line: everything up to the next round line */
};

/* Statements of one kind seen in the header. */
struct stmt_list {
    const struct log_stmt **items;
    size_t n, cap;
};

struct rp {
    struct log_replay *out;
    const struct gamedata *gd;
    const struct log_ast *ast;
    struct diag_list *dl;
    struct game_state *s;
    struct history *h;
    /* The header: each line at most once, except town and variant lines. */
    const struct log_stmt *players, *difficulty, *events, *solo, *game;
    const struct log_stmt *bad_players;     /* a players line with a syntax error */
    struct stmt_list towns, variants;
    int start_tried;
    /* The turn in progress and its queued market lines. */
    const struct log_stmt *turn;
    const struct log_stmt *market[XII_MAX_MARKET];
    int nmarket;
    /* For each die value, the spend or split lines of the turn in progress that were refused:
     * how many, and the first one (0 when none). A die left unspent by one of them is that
     * line's problem, not the turn's. */
    int refused_spends[7], refused_spend_line[7];
    int war_line;                           /* line of this round's war, 0 before it */
    int round_shift;                        /* a round line numbered wrongly: the round replayed
                                               less the number written (0 when none) */
    enum skip_mode skip;
    /* A refused shared, turn, war or collect line: the errors that follow from it (no shared dice, turns out
     * of order, a war or collect line before every turn, what the round lacks at its end) up
     * to the next round line are counted into one note at that line instead of listed, so the
     * first error stays the one to fix. It ends early when the shared dice or that player's
     * turn are accepted after all. */
    struct {
        int line, col;                      /* the refused line; 0 when none */
        int player;                         /* the refused turn's seat; -1 for shared dice */
        int count, first, last;             /* problems folded, their first and last lines */
        int checks;                         /* among them, checked values that differ */
        size_t note;                        /* index of the note in the diagnostics */
        int kept;                           /* the note was kept (not beyond --max-messages) */
    } cascade;
    int done;                               /* nothing more is replayed */
    size_t nstmts;                          /* statements fed so far */
    size_t lines_done;                      /* history records given their line */
    size_t mismatch_cap, skipped_cap, turns_cap, lines_cap;
    size_t max_mismatches;          /* log_replay_options.max_mismatches */
};

/* Starts a replay into out (every field set here) with the game data gd, diagnostics into dl. */
void replay_init(struct rp *rp, struct log_replay *out, const struct gamedata *gd, struct diag_list *dl,
                 const struct log_replay_options *opt);
/* Replays statement i of ast (nothing once the replay is done). Statements stay pointed to:
 * ast must outlive the replay. */
void replay_feed(struct rp *rp, const struct log_ast *ast, size_t i);
/* What the end of the log does: starts a game whose header had no game statement after it,
 * ends a turn whose four dice are spent (or notes the turn left open). last_line: the log's
 * last statement's line, 0 when none. */
void replay_finish(struct rp *rp, int last_line);
/* Frees what rp owns (the replay's result stays). */
void replay_release(struct rp *rp);

/* Appends an error with the round and the player (seat, or -1), unless the replay stopped;
 * at LOG_MAX_ERRORS errors in the list it adds "too many errors" and stops the replay. */
struct diag *replay_error(struct rp *rp, struct log_span at, enum rule_id rule, int player,
                          const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Appends the error of an engine refusal: its rule and its sentence, then `more` (may be NULL). */
struct diag *replay_refused(struct rp *rp, struct log_span at, int player,
                            const struct refusal *why, const char *more);
/* Starts folding the errors that follow from st, a refused shared line (player -1) or a
 * refused turn of player (nothing when a fold is already running). */
void replay_cascade_start(struct rp *rp, const struct log_stmt *st, int player);
/* Ends the fold. */
void replay_cascade_end(struct rp *rp);
/* For an error that follows from a refused line: when a fold is running, counts it in the
 * note and returns 1 (the caller reports nothing); else returns 0. */
int replay_follows(struct rp *rp, struct log_span at);
/* The same for a checked value of player that differs: it follows from a refused shared
 * line, or from the refused turn of that player. */
int replay_check_follows(struct rp *rp, struct log_span at, int player);
/* Lists a statement that was not applied (nothing once the replay stopped). */
void replay_skip(struct rp *rp, const struct log_stmt *st);
/* The span of a statement's first word, its keyword kw. */
struct log_span replay_keyword_span(const struct log_stmt *st, const char *kw);
/* A player by name: exactly first, then ignoring case; reports an unknown or ambiguous name
 * (naming the closest player) and returns -1. */
int replay_find_player(struct rp *rp, const struct log_word *w);

/* The units a die spent by move m (on an asset or an influence; m applied from history
 * record `from` on) added for player, as the engine wrote them; flags (may be NULL): the
 * records' HIST_REF_* flags (replay_text.c). */
int replay_die_added(const struct history *h, size_t from, int player, const struct move *m, int *flags);

/* After st applied move m to rp->s (its records from hist_from on; `undo` saved just before):
 * a warning when the die added nothing, or less than it shows, for a MAX or the costs
 * (replay_waste.c). The state before the move is rebuilt from `undo` only for a warning. */
void replay_waste(struct rp *rp, const struct log_stmt *st, const struct engine_undo *undo,
                  const struct move *m, size_t hist_from);

/* Whether a statement kind belongs to the header. */
int replay_is_header(enum log_kind k);
/* Records a header line (or reports one that is repeated or comes after round 1). */
void replay_header_line(struct rp *rp, const struct log_stmt *st);
/* Builds the configuration from the header and starts the game; at: where the game starts,
 * for errors about missing lines. Returns 0, or -1 (after reporting why) when it cannot. */
int replay_start(struct rp *rp, struct log_span at);

/* "outlaws Jack ROLL, Tom ROLL ROLL": the line a pending outlaws' attack needs. */
void replay_outlaws_line(const struct game_state *s, struct strbuf *out);

#endif
