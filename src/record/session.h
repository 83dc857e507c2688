/* The recorder's session (xii play, xii serve): the move log being written, its live replay,
 * and what it awaits next. No terminal here: the callers read the lines and print.
 *
 * A typed line is expanded from its short form (shortform.h) into a statement of the move
 * log, written out in full, then fed to the live replay (log/live.h: the audit's own replay,
 * one statement at a time): any error refuses the line (the audit's diagnostics say why) and
 * takes it back, nothing is written; otherwise the line is appended to FILE and flushed to
 * disk (fsync) before the call returns. Before round 1 the header may be incomplete (a
 * difficulty whose events line has not come yet): a header line is accepted when the header
 * replays with no error once stand-ins are given for what it still lacks (the players, the
 * solo objective, the events).
 * An accepted line comes with what the rules did by themselves (narrate.h), the warnings the
 * audit gives it (a wasted die) and, for a check line, each mismatch with the changes that
 * explain the rules' value. FILE is locked, checked against outside changes and never left
 * with half a line (gamefile.h); a comment typed alone is checked by the log's parser
 * (control characters, UTF-8) and written as it is. Undo takes back the last statement by
 * cutting the end of FILE off. */
#ifndef RECORD_SESSION_H
#define RECORD_SESSION_H
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "audit/await.h"
#include "audit/live.h"
#include "log/build.h"
#include "record/gamefile.h"
#include "audit/replay.h"

/* A recorder's session: opened by record_session_open, read and changed through the functions
 * below (its fields are src/record's own, record/session_fields.h). */
struct record_session;


enum record_outcome {
    RECORD_EMPTY,         /* nothing but blanks was typed: nothing happens */
    RECORD_ACCEPTED,      /* written to FILE */
    RECORD_REFUSED,       /* not written: message says why, in the audit's words */
    RECORD_WRITE_FAILED   /* accepted but FILE could not be written: message says why */
};

struct record_result {
    enum record_outcome outcome;
    struct strbuf written;      /* the lines written, as in FILE */
    struct strbuf message;      /* refusal: the diagnostics; accepted: a check line's mismatches,
                                   each with the changes that explain it (mismatch is then set) */
    struct strbuf narration;    /* accepted: what the rules did by themselves (may be empty) */
    struct strbuf warnings;     /* accepted: the audit's warnings on the line (a wasted die) */
    int seat;                   /* the seat whose move the statement is, -1 for the table's */
    int mismatch;               /* accepted: a check line whose values the rules' differ from */
};

/* Opens FILE (created empty when missing), locks it and replays it, in a session *s allocated
 * whatever the outcome (free it with record_session_free). Returns 0; -1 with the
 * reason in err when it cannot be read or created (or is not a regular file), -2 when it cannot
 * be written (or another recorder holds it); 1 when it has errors (err holds the audit's
 * diagnostics): a log is continued only when the rules accept it (a header on its way
 * included). */
int record_session_open(struct record_session **s, const struct gamedata *gd, const char *path,
                      struct strbuf *err);
/* Frees the session and everything it owns (FILE stays); NULL is nothing. */
void record_session_free(struct record_session *s);

/* A typed line read once (record_session_read): its comment taken off, its short form
 * expanded, laid out as FILE would get it, and parsed. The statement parsed here is the one
 * record_session_enter writes: whoever decides who may enter a line (xii serve) decides on
 * it, and nothing is parsed again in between. */
enum record_line_kind {
    RECORD_LINE_EMPTY,      /* nothing but blanks */
    RECORD_LINE_COMMENT,    /* a comment alone (the table's note) */
    RECORD_LINE_STATEMENT,  /* one statement, parsed: ast */
    RECORD_LINE_BAD         /* a short form that cannot expand, or a line that does not parse:
                               message says why, in the audit's words */
};

struct record_line {
    enum record_line_kind kind;
    struct strbuf text;         /* the line as FILE would get it (layout and comment included) */
    char *stmt;                 /* RECORD_LINE_STATEMENT: the statement as expanded (owned) */
    char *comment;              /* and the comment written after it, or "" (owned) */
    struct strbuf message;      /* RECORD_LINE_BAD: why */
    struct log_ast *ast;        /* RECORD_LINE_STATEMENT: text parsed, one statement (owned) */
};

/* Reads the typed line (no line feed) against the session as it stands. Free l with
 * record_line_free(). */
void record_session_read(const struct record_session *s, const char *typed, struct record_line *l);
/* The statement of a RECORD_LINE_STATEMENT line, else NULL. */
const struct log_stmt *record_line_statement(const struct record_line *l);
void record_line_free(struct record_line *l);
/* Checks the line read (by record_session_read from this session, unchanged since) and, if
 * the rules accept its statement, writes it: the statement parsed there, in full. res is
 * initialized here; free it with record_result_free(). l's statement is used up. */
void record_session_enter(struct record_session *s, struct record_line *l, struct record_result *res);
/* Checks the statement of decision d (a button's, as a value: log/build.h) and, if the rules
 * accept it, writes it, as record_session_enter does a line read: its tree and its line are
 * built from the value by src/log, nothing is parsed, and FILE gets the line the same
 * statement typed would give (in full: canonical ids and names). res is initialized here;
 * free it with record_result_free(). */
void record_session_decide(struct record_session *s, const struct log_decision *d, struct record_result *res);
/* Reads a typed line and enters it. */
void record_session_submit(struct record_session *s, const char *line, struct record_result *res);
void record_result_free(struct record_result *res);

/* Takes back the last statement, with the comment lines after it (the comment lines alone
 * when FILE has no statement). Writes what was taken back into undone
 * (empty when there was nothing). Returns 0, or -1 with the reason in err when FILE could not
 * be cut back (changed from outside...; the session is then unchanged). */
int record_session_undo(struct record_session *s, struct strbuf *undone, struct strbuf *err);

/* Takes back the last statement alone: the comment lines after it (the table's notes) stay.
 * FILE is cut back to the statement's line, then the notes are appended again. Writes the
 * statement's line into undone. Returns 0 (nothing when FILE has no statement); 1 when the
 * statement was taken back but the notes could not be written again (err says so: they are
 * lost, FILE ends where the statement began); -1 with the reason in err when FILE could not
 * be cut back (the session is then unchanged). */
int record_session_undo_statement(struct record_session *s, struct strbuf *undone, struct strbuf *err);

/* What happened at FILE's last `last` lines (statements and notes), rebuilt from FILE (the
 * narration xii serve's pages show, after a restart as before it): each(ctx, seat, text) in
 * FILE's order, seat the statement's (-1 for the table's and a note), text its line as FILE
 * has it with what the rules did by themselves after it, the audit's warnings on it and a
 * check line's findings, as record_session_enter says them. */
void record_session_story(const struct record_session *s, size_t last,
                          void (*each)(void *ctx, int seat, const char *text), void *ctx);

/* The game data the session's log is read with. */
const struct gamedata *record_session_gd(const struct record_session *s);
/* FILE, as given to record_session_open. */
const char *record_session_path(const struct record_session *s);
/* FILE's content: every accepted line. */
const struct strbuf *record_session_text(const struct record_session *s);
/* The live replay of FILE (its statements and diagnostics). */
const struct log_live *record_session_live(const struct record_session *s);
/* The replay FILE's lines give, as far as they go. */
const struct log_replay *record_session_replay(const struct record_session *s);
/* What the game awaits next. */
const struct log_await *record_session_awaited(const struct record_session *s);
/* --seed: with has_seed, a difficulty's events are drawn from seed. */
void record_session_set_seed(struct record_session *s, int has_seed, uint64_t seed);
/* The state where the awaited decision is taken. */
const struct game_state *record_session_state(const struct record_session *s);
/* Whether a game statement (round, turn...) has been written: the header is over. */
int record_session_started(const struct record_session *s);
/* The statements written. */
size_t record_session_statements(const struct record_session *s);
/* The header line of that kind (players, difficulty, solo, events...), or NULL. */
const struct log_stmt *record_session_header(const struct record_session *s, enum log_kind kind);
/* The audit's report of FILE as it stands (`xii audit FILE` prints the same), appended to out.
 * Returns 1 when it has no error and no mismatch, else 0. */
int record_session_report(const struct record_session *s, struct strbuf *out);
/* The seat whose move statement st is (a turn, its dice, a collect, a check, a war entry of
 * one player), or -1 for the table's (the header, rounds, shared dice, outlaws' rolls, a war
 * line of several players). */
int record_statement_seat(const struct record_session *s, const struct log_stmt *st);
/* The same for the statement of decision d, decided on the value. */
int record_decision_seat(const struct record_session *s, const struct log_decision *d);

#endif
