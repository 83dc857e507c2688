/* Owners of statements, as the recorder's session says whose move a statement is: the rules
 * are not consulted here, only who speaks for whom. */
#include "serve/permit.h"
#include <string.h>
#include "log/parse.h"
#include "record/shortform.h"
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
    return &s->replay->state;
}

int serve_last_owner(const struct record_session *s)
{
    size_t n = record_session_statements(s);
    if (n == 0)
        return SERVE_NOBODY;
    return owner_of(s, log_live_stmt(s->live, n - 1));
}

int serve_may_enter(const struct record_session *s, int role, const char *typed, struct log_ast **one,
                    struct strbuf *msg)
{
    *one = NULL;
    if (!typed[strspn(typed, " \t")])
        return 1;                   /* nothing typed: the recorder says so */
    struct strbuf line = STRBUF_INIT, comment = STRBUF_INIT, err = STRBUF_INIT;
    int ok = 1;
    if (record_shortform_expand(s, typed, &line, &comment, &err) == 0) {
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(line.data ? line.data : "", line.len, "line", &dl);
        if (ast->count == 1 && ast->stmts[0].kind != LOG_INVALID) {
            int owner = owner_of(s, &ast->stmts[0]);
            if (role != SERVE_TABLE && owner != role) {
                ok = 0;
                if (owner == SERVE_TABLE)
                    strbuf_puts(msg, "this line is the table's to enter (use the table's link)\n");
                else
                    strbuf_printf(msg, "this line is %s's to enter, from their own link\n",
                                  names_state(s)->cfg.names[owner]);
            }
        } else if (role != SERVE_TABLE && ast->count != 1) {
            ok = 0;
            strbuf_puts(msg, "one statement at a time\n");
        }
        if (ok && ast->count == 1 && ast->stmts[0].kind != LOG_INVALID)
            *one = ast;
        else
            log_free(ast);
        diag_list_free(&dl);
    }
    strbuf_free(&line);
    strbuf_free(&comment);
    strbuf_free(&err);
    return ok;
}
