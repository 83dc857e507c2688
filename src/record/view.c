/* What a recorder's session holds, read without changing it: the state where the awaited
 * decision is taken, whether the game has started, the header's lines, whose move a statement
 * is. Apart from session.c so that the short forms and the texts, which session.c calls, can
 * read the session without calling back into it. */
#include "record/session_fields.h"
#include <string.h>
#include "record/session.h"
#include "audit/report.h"

const struct gamedata *record_session_gd(const struct record_session *s)
{
    return s->gd;
}

const char *record_session_path(const struct record_session *s)
{
    return s->path;
}

const struct strbuf *record_session_text(const struct record_session *s)
{
    return &s->text;
}

const struct log_live *record_session_live(const struct record_session *s)
{
    return s->live;
}

const struct log_replay *record_session_replay(const struct record_session *s)
{
    return s->replay;
}

const struct log_await *record_session_awaited(const struct record_session *s)
{
    return &s->await;
}

void record_session_set_seed(struct record_session *s, int has_seed, uint64_t seed)
{
    s->has_seed = has_seed;
    s->seed = seed;
}

const struct game_state *record_session_state(const struct record_session *s)
{
    return log_await_state(s->replay, &s->await);
}

int record_session_started(const struct record_session *s)
{
    return log_live_started(s->live);
}

size_t record_session_statements(const struct record_session *s)
{
    return log_live_count(s->live);
}

const struct log_stmt *record_session_header(const struct record_session *s, enum log_kind kind)
{
    for (size_t k = 0; k < log_live_count(s->live); k++) {
        const struct log_stmt *st = log_live_stmt(s->live, k);
        if (st->kind == kind)
            return st;
        if (st->kind != LOG_INVALID && !log_is_header_kind(st->kind))
            break;      /* the header is over */
    }
    return NULL;
}

static int seat_named(const struct record_session *s, const struct log_word *w)
{
    if (!w->text)
        return -1;
    return engine_seat_named(&s->replay->state.cfg, w->text, strlen(w->text));
}

int record_statement_seat(const struct record_session *s, const struct log_stmt *st)
{
    const struct log_replay *r = s->replay;
    if (!r->started)
        return -1;
    switch (st->kind) {
    case LOG_TURN:
        return seat_named(s, &st->turn.player);
    case LOG_COLLECT:
        return seat_named(s, &st->collect.player);
    case LOG_CHECK:
        return seat_named(s, &st->check.player);
    case LOG_WAR:
        return st->war.count == 1 ? seat_named(s, &st->war.items[0].player) : -1;
    default:
        if (log_kind_is_turn_body(st->kind))
            return r->nturns ? r->turns[r->nturns - 1].player : -1;
        return -1;
    }
}

int record_decision_seat(const struct record_session *s, const struct log_decision *d)
{
    const struct log_replay *r = s->replay;
    if (!r->started)
        return -1;
    switch (d->kind) {
    case LOG_TURN:
    case LOG_COLLECT:
    case LOG_CHECK:
        return d->player;
    case LOG_WAR:
        /* One entry: one seat's war line (a whole war line of one player included). */
        return d->player >= 0 ? d->player : r->state.cfg.nplayers == 1 ? 0 : -1;
    default:
        if (log_kind_is_turn_body(d->kind))
            return r->nturns ? r->turns[r->nturns - 1].player : -1;
        return -1;
    }
}

int record_session_report(const struct record_session *s, struct strbuf *out)
{
    struct log_report_input in = {s->path, strbuf_cstr(&s->text), s->text.len, s->replay,
                                  log_live_diags(s->live)};
    log_report_text(&in, out);
    return log_report_ok(&in);
}
