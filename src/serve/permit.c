/* Owners of statements, from the parsed statement and the session's log: the rules are not
 * consulted here, only who speaks for whom. */
#include "serve/permit.h"
#include <string.h>
#include "log/parse.h"
#include "record/shortform.h"
#include "serve/tokens.h"

static int seat_of(const struct game_state *state, const struct log_word *w)
{
    if (!w->text)
        return SERVE_TABLE;
    int p = record_find_player(state, w->text);
    return p >= 0 ? p : SERVE_TABLE;
}

int serve_stmt_owner(const struct log_stmt *st, const struct log_stmt *before, size_t n,
                     const struct game_state *state)
{
    switch (st->kind) {
    case LOG_TURN:
        return seat_of(state, &st->turn.player);
    case LOG_COLLECT:
        return seat_of(state, &st->collect.player);
    case LOG_CHECK:
        return seat_of(state, &st->check.player);
    case LOG_WAR: {
        /* A war line with one player's entries only (a solo game) is that player's. */
        int owner = st->war.count ? seat_of(state, &st->war.items[0].player) : SERVE_TABLE;
        for (size_t k = 1; k < st->war.count; k++)
            if (seat_of(state, &st->war.items[k].player) != owner)
                return SERVE_TABLE;
        return owner;
    }
    case LOG_SPEND: case LOG_SHERIFF: case LOG_COURT: case LOG_COURT_REROLL: case LOG_SPLIT:
    case LOG_MARKET:
        if (!before)    /* a line to come: the turn in progress */
            return state->turn.player >= 0 ? state->turn.player : SERVE_TABLE;
        for (size_t k = n; k-- > 0;)
            if (before[k].kind == LOG_TURN)
                return seat_of(state, &before[k].turn.player);
            else if (before[k].kind == LOG_ROUND)
                break;
        return SERVE_TABLE;
    default:
        return SERVE_TABLE;
    }
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
    int seat = record_statement_seat(s, log_live_stmt(s->live, n - 1));
    return seat >= 0 ? seat : SERVE_TABLE;
}

int serve_may_enter(const struct record_session *s, int role, const char *typed, struct log_ast **one,
                    struct strbuf *msg)
{
    *one = NULL;
    struct strbuf line = STRBUF_INIT, comment = STRBUF_INIT, err = STRBUF_INIT;
    int ok = 1;
    if (record_shortform_expand(s, typed, &line, &comment, &err) == 0) {
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(line.data ? line.data : "", line.len, "line", &dl);
        if (ast->count == 1 && ast->stmts[0].kind != LOG_INVALID) {
            int owner = serve_stmt_owner(&ast->stmts[0], NULL, 0, record_session_state(s));
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
