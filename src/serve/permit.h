/* Which link may enter a line: each statement belongs to a seat (its turn and the moves that
 * follow it, its location choices, its war entry, its check line) or to the table (the
 * header, rounds, shared dice, the outlaws' rolls, a whole war line). The table's link may
 * enter every line; a seat's link only its own. */
#ifndef SERVE_PERMIT_H
#define SERVE_PERMIT_H
#include <stddef.h>
#include "core/strbuf.h"
#include "log/ast.h"
#include "record/session.h"

/* The seat of the session's last statement (what undo would take back), SERVE_TABLE, or
 * SERVE_NOBODY when the file has no statement. */
int serve_last_owner(const struct record_session *s);

/* Whether role (serve/tokens.h) may enter the line read (record_session_read): decided on
 * the statement parsed there, which is the one the recorder writes. 1 yes; 0 no, with why in
 * msg. A seat's link enters only its own statements: not a comment alone, nor a line that
 * does not read (the recorder's reason then). */
int serve_may_enter(const struct record_session *s, int role, const struct record_line *l, struct strbuf *msg);

/* Whether role may enter decision d (a button's value), on the same rules: decided on the
 * seat the value is (record_decision_seat). 1 yes; 0 no, with why in msg. */
int serve_may_decide(const struct record_session *s, int role, const struct log_decision *d, struct strbuf *msg);

#endif
