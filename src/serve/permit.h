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

/* Whether role (serve/tokens.h) may enter the typed line now: 1 yes; 0 no, with why in
 * msg. *one gets the line's statement, expanded and parsed (free it with log_free), or NULL
 * when it does not expand or parse (the recorder then refuses it with the audit's message). */
int serve_may_enter(const struct record_session *s, int role, const char *typed, struct log_ast **one,
                    struct strbuf *msg);

#endif
