/* What a replayed log awaits next, read from the state and the engine's queries. */
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "audit/await.h"

static const char *const kind_names[LOG_AWAIT_KIND_COUNT] = {
    "header", "round", "outlaws", "shared", "turn", "die", "reserve", "war", "collect", "game-over",
};

const char *log_await_kind_name(enum log_await_kind kind)
{
    return kind < LOG_AWAIT_KIND_COUNT ? kind_names[kind] : "?";
}

/* The reserve dice the engine lets the turn's player spend now: every available die whose
 * value a legal move spends, a value held twice listed twice, in ascending order. */
static int spendable_reserve(const struct game_state *s, int out[GD_MAX_RESERVE_SLOTS])
{
    struct move local[256], *moves = local;
    size_t n = engine_legal_moves(s, 0, moves, sizeof local / sizeof local[0]);
    if (n > sizeof local / sizeof local[0]) {
        moves = xmalloc(n * sizeof *moves);
        n = engine_legal_moves(s, 0, moves, n);
    }
    unsigned spendable = 0;
    for (size_t k = 0; k < n; k++)
        if (moves[k].from_reserve)
            spendable |= 1u << moves[k].die;
    if (moves != local)
        free(moves);
    int count = 0;
    if (!spendable)
        return 0;
    const struct player_state *ps = &s->p[s->turn.player];
    for (int v = 1; v <= 6; v++)
        for (int k = 0; k < s->gd->reserve_slots; k++)
            if (ps->reserve[k].state == SLOT_AVAILABLE && ps->reserve[k].value == v && (spendable >> v & 1u))
                out[count++] = v;
    return count;
}

static void await_turn_dice(const struct game_state *s, struct log_await *a)
{
    /* Own dice first, as on the turn line. */
    for (int shared = 0; shared <= 1; shared++)
        for (int i = 0; i < XII_TURN_DICE; i++) {
            const struct turn_die *d = &s->turn.dice[i];
            if (d->spent || d->shared != shared)
                continue;
            a->dice[a->ndice++] = (struct log_await_die){d->value, d->shared, d->restricted};
        }
    a->nreserve = spendable_reserve(s, a->reserve);
}

/* The round in progress: what it still needs, first in the rules' order. */
static void await_round(const struct game_state *s, struct log_await *a)
{
    struct round_missing m;
    engine_round_missing(s, &m);
    int np = s->cfg.nplayers;
    if (m.outlaws)
        a->pending |= 1u << LOG_AWAIT_OUTLAWS;
    if (m.shared)
        a->pending |= 1u << LOG_AWAIT_SHARED;
    if (m.turn_active)
        a->pending |= 1u << LOG_AWAIT_DIE;
    else if (m.turns_left > 0 && !m.outlaws && !m.shared)
        a->pending |= 1u << LOG_AWAIT_TURN;
    if (!m.turn_active && m.turns_left == 0) {
        if (m.war)
            a->pending |= 1u << LOG_AWAIT_WAR;
        for (int p = 0; p < np; p++)
            if (m.collect[p])
                a->pending |= 1u << LOG_AWAIT_COLLECT;
    }
    for (int k = 0; k < LOG_AWAIT_KIND_COUNT; k++)
        if (a->pending >> k & 1u) {
            a->kind = (enum log_await_kind)k;
            break;
        }
    /* The details of everything pending (war and location choices may come in either
     * order); `player` is the one of `kind`. */
    if (m.outlaws)
        for (int p = 0; p < np; p++)
            a->rolls_due[p] = engine_outlaws_needs_rolls(s, p);
    if (a->pending >> LOG_AWAIT_WAR & 1u)
        for (int p = 0; p < np; p++) {
            a->must_avoid[p] = !engine_war_can_support(s, p);
            a->rolls_due[p] = a->must_avoid[p] ? 0 : engine_bonus_rolls_due(s, p);
        }
    if (a->pending >> LOG_AWAIT_COLLECT & 1u)
        for (int k = 0; k < np; k++) {
            /* In seat order from the round's first player, like the turns. */
            int p = (s->first_player + k) % np;
            if (m.collect[p]) {
                a->collect_player = p;
                a->collect = m.collect[p];
                break;
            }
        }
    switch (a->kind) {
    case LOG_AWAIT_TURN:
        a->player = engine_next_player(s);
        break;
    case LOG_AWAIT_DIE:
        a->player = s->turn.player;
        await_turn_dice(s, a);
        break;
    case LOG_AWAIT_COLLECT:
        a->player = a->collect_player;
        break;
    default:
        break;
    }
}

/* What the state s awaits, with no reserve die pending from a turn the log's end closed. */
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
    } else if (s->phase == PHASE_GAME_OVER) {
        a->kind = LOG_AWAIT_GAME_OVER;
    } else if (s->phase == PHASE_ROUND) {
        await_round(s, a);
        return;
    } else {
        a->kind = LOG_AWAIT_ROUND;
        a->round = s->round + 1;
        a->event = s->cfg.events[a->round];
    }
    a->pending = 1u << a->kind;
}

void log_await(const struct log_replay *r, struct log_await *out)
{
    await_state(r, &r->state, out);
    if (!r->eof_turn_line)
        return;
    int reserve[GD_MAX_RESERVE_SLOTS] = {0};
    int n = spendable_reserve(&r->eof_turn_state, reserve);
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
