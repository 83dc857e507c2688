/* What a replayed log awaits next: the flow's answer, with the header and a reserve die after the log's end. */
#include <stdlib.h>
#include <string.h>
#include "rules/flow.h"
#include "audit/await.h"

const char *log_await_kind_name(enum log_await_kind kind)
{
    return kind == LOG_AWAIT_HEADER ? "header" : flow_kind_name((enum flow_kind)(kind - 1));
}

/* The audit's kinds are the flow's, after the header. */
_Static_assert(LOG_AWAIT_ROUND == 1 + FLOW_ROUND && LOG_AWAIT_OUTLAWS == 1 + FLOW_OUTLAWS &&
               LOG_AWAIT_SHARED == 1 + FLOW_SHARED && LOG_AWAIT_TURN == 1 + FLOW_TURN &&
               LOG_AWAIT_DIE == 1 + FLOW_DIE && LOG_AWAIT_RESERVE == 1 + FLOW_RESERVE &&
               LOG_AWAIT_WAR == 1 + FLOW_WAR && LOG_AWAIT_COLLECT == 1 + FLOW_COLLECT &&
               LOG_AWAIT_GAME_OVER == 1 + FLOW_GAME_OVER, "log_await_kind follows flow_kind");

/* What the state s awaits (the flow says), with no reserve die pending from a turn the log's
 * end closed. */
static void await_state(const struct log_replay *r, const struct game_state *s, struct log_await *a)
{
    memset(a, 0, sizeof *a);
    a->player = -1;
    a->event = -1;
    a->then_player = -1;
    a->collect_player = -1;
    a->round = s->round;
    if (!r->started) {
        a->kind = LOG_AWAIT_HEADER;
        a->pending = 1u << a->kind;
        return;
    }
    struct awaited f;
    flow_awaited(s, &f);
    a->kind = (enum log_await_kind)(1 + f.kind);
    a->pending = f.pending << 1;
    if (f.kind == FLOW_RESERVE) {
        /* A turn left open with its four dice spent: dice are still awaited (none left). */
        a->kind = LOG_AWAIT_DIE;
        a->pending = (a->pending & ~(1u << LOG_AWAIT_RESERVE)) | 1u << LOG_AWAIT_DIE;
    }
    a->round = f.round;
    a->event = f.event;
    a->player = f.player >= 0 ? f.player : -1;
    for (int i = 0; i < f.ndice; i++)
        a->dice[i] = (struct log_await_die){f.dice[i].value, f.dice[i].shared, f.dice[i].restricted};
    a->ndice = f.ndice;
    if (a->kind == LOG_AWAIT_DIE)
        a->nreserve = flow_reserve_spendable(s, a->reserve);
    memcpy(a->rolls_due, f.rolls_due, sizeof a->rolls_due);
    memcpy(a->must_avoid, f.must_avoid, sizeof a->must_avoid);
    a->collect_player = f.collect_player;
    a->collect = f.collect_player >= 0 ? f.collect[f.collect_player] : 0;
}

void log_await(const struct log_replay *r, struct log_await *out)
{
    await_state(r, &r->state, out);
    if (!r->eof_turn_line)
        return;
    int reserve[GD_MAX_RESERVE_SLOTS] = {0};
    int n = flow_reserve_spendable(&r->eof_turn_state, reserve);
    if (n == 0)
        return;
    /* The fields of what comes next stay (war rolls, location choices): only the turn's own
     * are replaced. */
    out->then = out->kind;
    out->then_player = out->player;
    out->then_round = out->round;
    out->kind = LOG_AWAIT_RESERVE;
    out->pending |= 1u << LOG_AWAIT_RESERVE;
    out->round = r->eof_turn_state.round;
    out->player = r->eof_turn_state.turn.player;
    out->ndice = 0;
    memcpy(out->reserve, reserve, sizeof reserve);
    out->nreserve = n;
}

const struct game_state *log_await_state(const struct log_replay *r, const struct log_await *a)
{
    return a->kind == LOG_AWAIT_RESERVE ? &r->eof_turn_state : &r->state;
}
