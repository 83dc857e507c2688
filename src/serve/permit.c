/* Owners of statements, as the recorder's session says whose move a statement is: the rules
 * are not consulted here, only who speaks for whom. */
#include "serve/permit.h"
#include <string.h>
#include "serve/tokens.h"

/* The seat a statement belongs to as the recorder says (record_statement_seat: the turn's
 * player for its moves), SERVE_TABLE for the table's. */
static int owner_of(const struct record_session *s, const struct log_stmt *st)
{
    int seat = record_statement_seat(s, st);
    return seat >= 0 ? seat : SERVE_TABLE;
}

static const struct game_state *names_state(const struct record_session *s)
{
    return &record_session_replay(s)->state;
}

int serve_last_owner(const struct record_session *s)
{
    size_t n = record_session_statements(s);
    if (n == 0)
        return SERVE_NOBODY;
    return owner_of(s, log_live_stmt(record_session_live(s), n - 1));
}

/* Whether role may enter a statement of owner's; if not, why in msg. */
static int may(const struct record_session *s, int role, int owner, struct strbuf *msg)
{
    if (owner == role)
        return 1;
    if (owner == SERVE_TABLE)
        strbuf_puts(msg, "this line is the table's to enter (use the table's link)\n");
    else
        strbuf_printf(msg, "this line is %s's to enter, from their own link\n", names_state(s)->cfg.names[owner]);
    return 0;
}

int serve_may_enter(const struct record_session *s, int role, const struct record_line *l, struct strbuf *msg)
{
    if (role == SERVE_TABLE || l->kind == RECORD_LINE_EMPTY)
        return 1;                   /* nothing typed: the recorder says so */
    if (l->kind == RECORD_LINE_BAD) {
        strbuf_append(msg, strbuf_cstr(&l->message), l->message.len);
        return 0;
    }
    const struct log_stmt *st = record_line_statement(l);
    if (!st) {
        strbuf_puts(msg, "a note alone is the table's to enter (use the table's link)\n");
        return 0;
    }
    return may(s, role, owner_of(s, st), msg);
}

int serve_may_decide(const struct record_session *s, int role, const struct log_decision *d, struct strbuf *msg)
{
    int seat = record_decision_seat(s, d);
    return role == SERVE_TABLE || may(s, role, seat >= 0 ? seat : SERVE_TABLE, msg);
}
