/* Plan enumeration: a depth-first walk over engine_legal_moves with undo, pruned by a set of
 * the sheets already reached. */
#include "bots/plan.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

void play_plan_push(struct play_plan *plan, const struct move *m)
{
    if (plan->nmoves < PLAY_PLAN_MAX_MOVES)
        plan->move[plan->nmoves++] = *m;
}

int play_plan_apply(struct game_state *s, const struct play_plan *plan, struct history *h)
{
    for (int k = 0; k < plan->nmoves; k++)
        if (engine_apply(s, &plan->move[k], h, NULL) != 0)
            return -1;
    return 0;
}

int play_turn_dice_left(const struct game_state *s)
{
    if (s->turn.player < 0)
        return 0;
    int n = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

/* A set of 64-bit hashes (open addressing, 0 means empty). */
struct seen {
    uint64_t *slot;
    size_t cap, count;
};

static int seen_add(struct seen *set, uint64_t h)
{
    if (h == 0)
        h = 1;
    if (2 * (set->count + 1) > set->cap) {
        struct seen bigger = {xcalloc(set->cap ? 2 * set->cap : 1024, sizeof(uint64_t)), set->cap ? 2 * set->cap : 1024, 0};
        for (size_t i = 0; i < set->cap; i++)
            if (set->slot[i])
                seen_add(&bigger, set->slot[i]);
        free(set->slot);
        *set = bigger;
    }
    size_t i = (size_t)(h ^ (h >> 29)) & (set->cap - 1);
    while (set->slot[i]) {
        if (set->slot[i] == h)
            return 0;
        i = (i + 1) & (set->cap - 1);
    }
    set->slot[i] = h;
    set->count++;
    return 1;
}

/* Eight bytes at a time (multiply and fold), then the tail byte by byte: the walk hashes a
 * sheet at every node, so this is most of the enumeration's time. */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* What a turn's moves can change: the turn, the player's sheet and the shared dice. */
static uint64_t hash_turn(const struct game_state *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = hash_bytes(h, &s->turn, sizeof s->turn);
    h = hash_bytes(h, &s->p[s->turn.player], sizeof s->p[0]);
    return hash_bytes(h, s->shared, sizeof s->shared);
}

struct walk {
    struct game_state s;
    struct play_plan plan;
    struct seen seen;
    size_t max_nodes;
    play_plan_fn fn;
    void *ctx;
    struct play_plans_stats st;
    int stop;
};

#define LEGAL_CAP 1024

static void walk(struct walk *w)
{
    if (w->stop)
        return;
    int left = play_turn_dice_left(&w->s);
    if (left == 0) {
        w->st.plans++;
        if (w->fn(w->ctx, &w->plan, &w->s))
            w->stop = 1;
    }
    if (w->plan.nmoves >= PLAY_PLAN_MAX_MOVES)
        return;
    struct move *moves = xmalloc(LEGAL_CAP * sizeof *moves);
    size_t n = engine_legal_moves(&w->s, 0, moves, LEGAL_CAP);
    if (n > LEGAL_CAP)
        n = LEGAL_CAP;
    struct engine_undo u;
    engine_undo_save(&w->s, &u);
    for (size_t k = 0; k < n && !w->stop; k++) {
        /* Once the turn dice are spent only a reserve die may still be spent. */
        if (left == 0 && !moves[k].from_reserve)
            continue;
        if (engine_apply_listed(&w->s, &moves[k]) != 0)
            continue;   /* cannot happen: the move was listed as legal */
        if (seen_add(&w->seen, hash_turn(&w->s))) {
            if (w->max_nodes && w->st.nodes >= w->max_nodes) {
                w->st.truncated = 1;
                w->stop = 1;
            } else {
                w->st.nodes++;
                w->plan.move[w->plan.nmoves++] = moves[k];
                walk(w);
                w->plan.nmoves--;
            }
        }
        engine_undo_restore(&w->s, &u);
    }
    free(moves);
}

size_t play_plans_visit(const struct game_state *s, size_t max_nodes, play_plan_fn fn, void *ctx,
                        struct play_plans_stats *st)
{
    if (s->turn.player < 0) {
        if (st)
            memset(st, 0, sizeof *st);
        return 0;
    }
    struct walk *w = xcalloc(1, sizeof *w);
    w->s = *s;
    w->max_nodes = max_nodes;
    w->fn = fn;
    w->ctx = ctx;
    seen_add(&w->seen, hash_turn(&w->s));
    walk(w);
    size_t plans = w->st.plans;
    if (st)
        *st = w->st;
    free(w->seen.slot);
    free(w);
    return plans;
}

/* Whether queuing `m` now leaves the turn's end with every conversion applied. */
static int market_works(const struct game_state *s, const struct move *m)
{
    struct game_state t = *s;
    struct turn_end te;
    if (engine_apply(&t, m, NULL, NULL) != 0 || engine_end_turn(&t, NULL, &te, NULL) != 0)
        return 0;
    for (int k = 0; k < te.nmarket; k++)
        if (!te.market_applied[k])
            return 0;
    return 1;
}

size_t play_market_choices(const struct game_state *s, struct move *out, size_t cap)
{
    static const int to[2] = {A_SUPPLY, A_FOOD};
    size_t n = 0;
    if (s->turn.player < 0)
        return 0;
    for (int d = 0; d < 2; d++) {
        struct move m;
        memset(&m, 0, sizeof m);
        m.kind = MOVE_MARKET;
        m.target = to[d];
        /* Legality grows no larger with the amount: stop at the first refused one. */
        for (m.amount = 1; m.amount <= s->gd->asset_cap && market_works(s, &m); m.amount++) {
            if (n < cap)
                out[n] = m;
            n++;
        }
    }
    return n;
}
