/* The exact solve over the game interface: expectimax with a transposition table. */
#include "advisor/gexact.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

struct solver {
    const struct game *g;
    int seat;
    enum rank_goal goal;
    size_t max_nodes;
    /* The table: slot -> entry + 1 (0 empty); entry e's state at keys + e * state_size. */
    size_t *slot, nslots;
    unsigned char *keys;
    struct gexact_value *vals;
    size_t n, cap;
    int over;                   /* 1 past max_nodes, -1 a refusal */
    struct strbuf *err;
};

/* FNV-1a over the state's bytes. */
static uint64_t hash(const void *p, size_t len)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* The slot of state: its entry's, or the empty one where it would go. */
static size_t find(const struct solver *sv, const void *state, uint64_t h)
{
    size_t size = sv->g->state_size, i = (size_t)h & (sv->nslots - 1);
    while (sv->slot[i] && memcmp(sv->keys + (sv->slot[i] - 1) * size, state, size) != 0)
        i = (i + 1) & (sv->nslots - 1);
    return i;
}

/* Doubles the slots (the table stays at most half full). */
static void grow_slots(struct solver *sv)
{
    size_t old = sv->nslots, *was = sv->slot, size = sv->g->state_size;
    sv->nslots = old ? 2 * old : 1024;
    sv->slot = xcalloc(sv->nslots, sizeof *sv->slot);
    for (size_t i = 0; i < old; i++)
        if (was[i]) {
            const unsigned char *k = sv->keys + (was[i] - 1) * size;
            sv->slot[find(sv, k, hash(k, size))] = was[i];
        }
    free(was);
}

/* Remembers state's value. */
static void remember(struct solver *sv, const void *state, const struct gexact_value *v)
{
    size_t size = sv->g->state_size;
    if (2 * (sv->n + 1) > sv->nslots)
        grow_slots(sv);
    if (sv->n == sv->cap) {
        sv->cap = sv->cap ? 2 * sv->cap : 1024;
        sv->keys = xrealloc(sv->keys, sv->cap * size);
        sv->vals = xrealloc(sv->vals, sv->cap * sizeof *sv->vals);
    }
    memcpy(sv->keys + sv->n * size, state, size);
    sv->vals[sv->n] = *v;
    sv->slot[find(sv, state, hash(state, size))] = ++sv->n;
}

void gexact_outcome(const struct game *g, const void *state, int seat, struct rank_outcome *out)
{
    double ret[GAME_MAX_SEATS] = {0};
    memset(out, 0, sizeof *out);
    g->returns(state, ret);
    for (int p = 0; p < GAME_MAX_SEATS && p < XII_MAX_PLAYERS; p++) {
        out->score[p] = (int)lround(ret[p]);
        if (g->win && p == seat && g->win(state, p) > 0)
            out->winners |= 1u << p;
    }
}

/* The value of the ended game in state. */
static struct gexact_value ended(const struct solver *sv, const void *state)
{
    struct rank_outcome o;
    gexact_outcome(sv->g, state, sv->seat, &o);
    double ret[GAME_MAX_SEATS] = {0};
    sv->g->returns(state, ret);
    struct gexact_value v = {rank_goal_value(&o, sv->seat, sv->goal), sv->g->win ? sv->g->win(state, sv->seat) : 0,
                             ret[sv->seat]};
    return v;
}

static struct gexact_value solve(struct solver *sv, const void *state);

/* The most the goal may be worth from state on (g->bound), or +inf when the game has none. */
static double goal_bound(const struct solver *sv, const void *state)
{
    if (!sv->g->bound)
        return INFINITY;
    double win = 0, ret = 0;
    sv->g->bound(state, sv->seat, &win, &ret);
    return sv->goal == RANK_GOAL_SCORE ? ret : win + RANK_TIEBREAK * ret;
}

/* The value after decision d at state (the child is solved unless the solve stopped); with
 * `beat`, a child whose bound is not above *beat is left unsolved (*pruned set). */
static struct gexact_value child(struct solver *sv, const void *state, const void *d, void *copy, const double *beat,
                                 int *pruned)
{
    struct gexact_value v = {0, 0, 0};
    memcpy(copy, state, sv->g->state_size);
    struct strbuf why = STRBUF_INIT;
    if (sv->g->apply(copy, d, &why) != 0) {
        if (sv->over == 0)
            strbuf_printf(sv->err, "%s refused a decision it listed as legal (a bug): %s", sv->g->title,
                          strbuf_cstr(&why));
        sv->over = -1;
    } else if (beat && goal_bound(sv, copy) <= *beat) {
        *pruned = 1;
    } else {
        v = solve(sv, copy);
    }
    strbuf_free(&why);
    return v;
}

static struct gexact_value solve(struct solver *sv, const void *state)
{
    const struct game *g = sv->g;
    struct gexact_value v = {0, 0, 0};
    if (sv->over)
        return v;
    if (sv->nslots) {
        size_t i = find(sv, state, hash(state, g->state_size));
        if (sv->slot[i])
            return sv->vals[sv->slot[i] - 1];
    }
    int who = g->current(state);
    if (who == GAME_OVER) {
        v = ended(sv, state);
    } else {
        if (sv->n >= sv->max_nodes) {
            sv->over = 1;
            return v;
        }
        size_t n = g->legal(state, NULL, NULL, 0);
        void *list = xmalloc((n ? n : 1) * g->decision_size), *copy = xmalloc(g->state_size);
        double *p = xmalloc((n ? n : 1) * sizeof *p);
        g->legal(state, list, p, n);
        /* The seat's decisions: the best, leaving out what cannot beat it, and stopping once
         * nothing can (its value reaches the position's bound). Chance: every outcome. */
        double most = who == GAME_CHANCE ? INFINITY : goal_bound(sv, state);
        for (size_t i = 0; i < n && !sv->over; i++) {
            int pruned = 0;
            struct gexact_value c = child(sv, state, (const char *)list + i * g->decision_size, copy,
                                          who != GAME_CHANCE && i > 0 ? &v.goal : NULL, &pruned);
            if (who == GAME_CHANCE) {
                v.goal += p[i] * c.goal;
                v.win += p[i] * c.win;
                v.ret += p[i] * c.ret;
            } else if (!pruned && (i == 0 || c.goal > v.goal)) {
                v = c;
                if (v.goal >= most)
                    break;
            }
        }
        free(list);
        free(copy);
        free(p);
        if (n == 0 && sv->over == 0) {
            strbuf_printf(sv->err, "%s: nothing is legal in a game that is not over (a bug)", g->title);
            sv->over = -1;
        }
    }
    if (!sv->over)
        remember(sv, state, &v);
    return v;
}

int gexact_decisions(const struct game *g, const void *state, int seat, enum rank_goal goal,
                     const void *dec, size_t n, size_t max_nodes, struct gexact_value *vals, size_t *nodes,
                     struct strbuf *err)
{
    struct solver sv = {.g = g, .seat = seat, .goal = goal, .max_nodes = max_nodes, .err = err};
    if (g->max_seats > 1)
        sv.over = 1;
    void *copy = xmalloc(g->state_size);
    for (size_t i = 0; i < n && !sv.over; i++)
        vals[i] = child(&sv, state, (const char *)dec + i * g->decision_size, copy, NULL, NULL);
    if (nodes)
        *nodes = sv.n;
    free(copy);
    free(sv.slot);
    free(sv.keys);
    free(sv.vals);
    return sv.over;
}
