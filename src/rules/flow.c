/* The game's flow: what a state awaits, and decisions applied with the round's automatic end. */
#include "rules/flow.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

static const char *const kind_names[FLOW_KIND_COUNT] = {
    "round", "outlaws", "shared", "turn", "die", "reserve", "war", "collect", "game-over",
};

const char *flow_kind_name(enum flow_kind kind)
{
    return kind < FLOW_KIND_COUNT ? kind_names[kind] : "?";
}

int flow_reserve_spendable(const struct game_state *s, int out[GD_MAX_RESERVE_SLOTS])
{
    if (s->turn.player < 0)
        return 0;
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

/* The turn in progress: its unspent dice, own first as on the turn line. */
static void turn_dice(const struct game_state *s, struct awaited *a)
{
    for (int shared = 0; shared <= 1; shared++)
        for (int i = 0; i < XII_TURN_DICE; i++) {
            const struct turn_die *d = &s->turn.dice[i];
            if (!d->spent && d->shared == shared)
                a->dice[a->ndice++] = (struct flow_die){d->value, d->shared, d->restricted};
        }
}

/* The round in progress: every decision it may take now, `kind` the first in the rules'
 * order. Returns 0, or -1 when nothing is missing (the round awaits its end). */
static int round_awaited(const struct game_state *s, struct awaited *a)
{
    struct round_missing m;
    if (engine_round_missing(s, &m) == 0)
        return -1;
    int np = s->cfg.nplayers;
    if (m.outlaws)
        a->pending |= 1u << FLOW_OUTLAWS;
    if (m.shared)
        a->pending |= 1u << FLOW_SHARED;
    if (m.turn_active)
        turn_dice(s, a);
    if (m.turn_active)
        a->pending |= 1u << (a->ndice > 0 ? FLOW_DIE : FLOW_RESERVE);
    else if (m.turns_left > 0 && !m.outlaws && !m.shared)
        a->pending |= 1u << FLOW_TURN;
    if (!m.turn_active && m.turns_left == 0) {
        if (m.war)
            a->pending |= 1u << FLOW_WAR;
        for (int p = 0; p < np; p++)
            if (m.collect[p])
                a->pending |= 1u << FLOW_COLLECT;
    }
    a->kind = (enum flow_kind)__builtin_ctz(a->pending);
    if (m.outlaws)
        for (int p = 0; p < np; p++)
            a->rolls_due[p] = engine_outlaws_needs_rolls(s, p);
    if (a->pending >> FLOW_WAR & 1u)
        for (int p = 0; p < np; p++) {
            a->must_avoid[p] = !engine_war_can_support(s, p);
            a->rolls_due[p] = a->must_avoid[p] ? 0 : engine_bonus_rolls_due(s, p);
        }
    if (a->pending >> FLOW_COLLECT & 1u) {
        memcpy(a->collect, m.collect, sizeof a->collect);
        /* In seat order from the round's first player, like the turns. */
        for (int k = 0; k < np && a->collect_player < 0; k++)
            if (m.collect[(s->first_player + k) % np])
                a->collect_player = (s->first_player + k) % np;
    }
    switch (a->kind) {
    case FLOW_OUTLAWS:
    case FLOW_SHARED:
        a->chance = 1;
        a->player = FLOW_CHANCE;
        break;
    case FLOW_TURN:
        a->chance = 1;
        a->player = engine_next_player(s);
        break;
    case FLOW_DIE:
    case FLOW_RESERVE:
        a->player = s->turn.player;
        break;
    case FLOW_COLLECT:
        a->player = a->collect_player;
        break;
    default:
        break;
    }
    return 0;
}

void flow_awaited(const struct game_state *s, struct awaited *a)
{
    memset(a, 0, sizeof *a);
    a->player = FLOW_TABLE;
    a->event = -1;
    a->collect_player = -1;
    a->round = s->round;
    if (s->phase == PHASE_ROUND && s->shared_set && !s->outlaws_pending &&
        (s->turn.player >= 0 || s->turns_done < s->cfg.nplayers)) {
        /* The turns (most of a game's steps): nothing else can be pending before they are
         * over, so the round's other needs are not asked. */
        if (s->turn.player >= 0) {
            turn_dice(s, a);
            a->kind = a->ndice > 0 ? FLOW_DIE : FLOW_RESERVE;
            a->player = s->turn.player;
        } else {
            a->kind = FLOW_TURN;
            a->chance = 1;
            a->player = engine_next_player(s);
        }
        a->pending = 1u << a->kind;
        return;
    }
    if (s->phase == PHASE_ROUND && round_awaited(s, a) == 0)
        return;
    if (s->phase == PHASE_GAME_OVER || (s->phase == PHASE_ROUND && s->round >= GD_ROUNDS)) {
        a->kind = FLOW_GAME_OVER;
    } else {
        a->kind = FLOW_ROUND;
        a->round = s->round + 1;
        a->event = s->cfg.events[a->round];
    }
    a->pending = 1u << a->kind;
}

/* The picks of a collect decision, each tried after those before it; all or none stay. */
static int collect(struct game_state *s, const struct decision *d, struct flow_outcome *out)
{
    int before[LOCATION_COUNT] = {0}, bad = 0, seat = d->player >= 0 && d->player < s->cfg.nplayers;
    if (seat)
        memcpy(before, s->p[d->player].collect, sizeof before);
    for (size_t k = 0; k < d->npicks; k++) {
        struct refusal local, *why = !out ? NULL : out->pick_why ? &out->pick_why[k] : &local;
        if (engine_collect(s, d->player, d->picks[k].location, d->picks[k].choice, why) == 0)
            continue;
        if (!bad && out)
            out->why = *why;
        bad = 1;
        if (!out || !out->pick_why)
            break;
    }
    if (bad && seat)
        memcpy(s->p[d->player].collect, before, sizeof before);
    return bad ? -1 : 0;
}

/* The decision itself, without the automatic steps. */
static int apply(struct game_state *s, const struct decision *d, struct history *h, struct flow_outcome *out)
{
    struct refusal *why = out ? &out->why : NULL;
    switch (d->kind) {
    case FLOW_DEC_ROUND:
        return engine_begin_round(s, d->round, h, why);
    case FLOW_DEC_OUTLAWS:
        return d->unrolled ? engine_outlaws_resolve_unrolled(s, h, why) : engine_outlaws_resolve(s, d->rolls, h, why);
    case FLOW_DEC_SHARED:
        return engine_set_shared(s, d->dice[0], d->dice[1], why);
    case FLOW_DEC_TURN:
        return engine_begin_turn(s, d->player, d->dice[0], d->dice[1], why);
    case FLOW_DEC_MOVE:
        return engine_apply(s, &d->move, h, why);
    case FLOW_DEC_END_TURN:
        return engine_end_turn(s, h, out ? &out->turn_end : NULL, why);
    case FLOW_DEC_WAR:
        return engine_war(s, d->war, h, why);
    case FLOW_DEC_COLLECT:
        return collect(s, d, out);
    case FLOW_DEC_END_ROUND:
        return engine_end_round(s, h, why);
    }
    return -1;
}

int flow_apply(struct game_state *s, const struct decision *d, struct history *h, struct flow_outcome *out)
{
    if (d->kind == FLOW_DEC_MOVE && !out)
        return engine_apply(s, &d->move, h, NULL);  /* every die of a game: the short way */
    if (out) {
        out->why = (struct refusal){.rule = RULE_NONE};
        out->round_ended = 0;
    }
    if (apply(s, d, h, out) != 0)
        return -1;
    if (out)
        out->settled_from = h ? h->count : 0;
    /* A move leaves its turn open: nothing to ask. */
    int ended = d->kind != FLOW_DEC_MOVE && flow_settle(s, h);
    if (out)
        out->round_ended = ended;
    return 0;
}

int flow_end_turn_complete(struct game_state *s, struct flow_outcome *out)
{
    if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_END_TURN}, NULL, out) != 0)
        return -1;
    return engine_turn_end_whole(&out->turn_end) ? 0 : -1;
}

int flow_settle(struct game_state *s, struct history *h)
{
    if (s->phase != PHASE_ROUND || s->turn.player >= 0 || s->turns_done < s->cfg.nplayers ||
        engine_round_missing(s, NULL) != 0)
        return 0;
    engine_end_round(s, h, NULL);
    return 1;
}
