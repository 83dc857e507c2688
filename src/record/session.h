/* The recorder's session (xii play): the move log being written, its replay, and what it
 * awaits next. No terminal here: cmd_play.c reads the lines and prints.
 *
 * A typed line is expanded from its short form (record_shortform.h) into a statement of the
 * move log, then the whole log with that line at its end goes through the audit's parser and
 * replay: any error refuses the line (the audit's diagnostics say why) and nothing is
 * written; otherwise the line is appended to FILE and flushed to disk (fsync) before the
 * call returns (record_gamefile.h: locked, checked against outside changes, never half a
 * line). A comment typed alone is checked by the log's parser (control characters, UTF-8)
 * and written as it is. Before round 1 the header may
 * be incomplete (a difficulty whose events line has not come yet): a header line is accepted
 * when the header replays with no error once stand-ins are given for what it still lacks
 * (the players, the solo objective, the events).
 * Undo takes back the last statement by cutting the end of FILE off. */
#ifndef RECORD_SESSION_H
#define RECORD_SESSION_H
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "log/await.h"
#include "record/gamefile.h"
#include "log/replay.h"

struct record_session {
    const struct gamedata *gd;
    char *path;                 /* FILE (owned) */
    struct record_gamefile file;    /* FILE, open and locked while the session lasts */
    struct strbuf text;         /* FILE's content: every accepted line */
    int has_seed;               /* --seed: a difficulty's events are drawn from seed */
    uint64_t seed;
    /* The replay of text, and what it awaits. */
    struct diag_list dl;
    struct log_ast *ast;
    struct log_replay *replay;
    struct log_await await;
};

enum record_outcome {
    RECORD_EMPTY,         /* nothing but blanks was typed: nothing happens */
    RECORD_ACCEPTED,      /* written to FILE */
    RECORD_REFUSED,       /* not written: message says why, in the audit's words */
    RECORD_WRITE_FAILED   /* accepted but FILE could not be written: message says why */
};

struct record_result {
    enum record_outcome outcome;
    struct strbuf written;      /* the lines written, as in FILE */
    struct strbuf message;      /* refusal: the diagnostics; accepted: a check line's mismatches */
};

/* Opens FILE (created empty when missing), locks it and replays it. Returns 0; -1 with the
 * reason in err when it cannot be read or created (or is not a regular file), -2 when it cannot
 * be written (or another recorder holds it); 1 when it has errors (err holds the audit's
 * diagnostics): a log is continued only when the rules accept it (a header on its way
 * included). */
int record_session_open(struct record_session *s, const struct gamedata *gd, const char *path,
                      struct strbuf *err);
/* Frees everything the session owns (FILE stays). */
void record_session_free(struct record_session *s);

/* Checks a typed line and, if the rules accept it, writes it. res is initialized here; free
 * it with record_result_free(). */
void record_session_submit(struct record_session *s, const char *line, struct record_result *res);
void record_result_free(struct record_result *res);

/* Takes back the last statement, with the comment lines after it (the comment lines alone
 * when FILE has no statement). Writes what was taken back into undone
 * (empty when there was nothing). Returns 0, or -1 with the reason in err when FILE could not
 * be cut back (changed from outside...; the session is then unchanged). */
int record_session_undo(struct record_session *s, struct strbuf *undone, struct strbuf *err);

/* The state where the awaited decision is taken. */
const struct game_state *record_session_state(const struct record_session *s);
/* Whether a game statement (round, turn...) has been written: the header is over. */
static inline int record_session_started(const struct record_session *s)
{
    return log_game_started(s->ast);
}

#endif
