/* The shared random and greedy players over the game interface. */
#include "bots/gplayer.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

static const char *const names[GPLAYER_COUNT] = {"random", "greedy"};

const char *gplayer_name(enum gplayer p)
{
    return p < GPLAYER_COUNT ? names[p] : "?";
}

int gplayer_from_name(const char *name, enum gplayer *out)
{
    for (int p = 0; p < GPLAYER_COUNT; p++)
        if (strcmp(name, names[p]) == 0) {
            *out = (enum gplayer)p;
            return 0;
        }
    return -1;
}

void gscratch_init(struct gscratch *sc, const struct game *g)
{
    memset(sc, 0, sizeof *sc);
    sc->g = g;
    sc->copy = xmalloc(g->state_size);
}

void gscratch_free(struct gscratch *sc)
{
    free(sc->legal);
    free(sc->p);
    free(sc->copy);
    memset(sc, 0, sizeof *sc);
}

size_t gscratch_legal(struct gscratch *sc, const void *state)
{
    for (;;) {
        size_t n = sc->g->legal(state, sc->legal, sc->p, sc->cap);
        if (n <= sc->cap)
            return n;
        free(sc->legal);
        free(sc->p);
        sc->cap = n + n / 2;
        sc->legal = xmalloc(sc->cap * sc->g->decision_size);
        sc->p = xmalloc(sc->cap * sizeof *sc->p);
    }
}

/* The decision i of the list. */
static const void *decision_at(const struct gscratch *sc, size_t i)
{
    return (const char *)sc->legal + i * sc->g->decision_size;
}

/* A chance outcome drawn by the probabilities p[0..n). */
static size_t sample(const double *p, size_t n, struct play_rng *r)
{
    double u = (double)(play_rng_next(r) >> 11) * 0x1.0p-53, sum = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        sum += p[i];
        if (u < sum)
            return i;
    }
    return n - 1;
}

/* The decision whose result evaluate values most for seat, ties drawn at random. */
static size_t greedy(struct gscratch *sc, const void *state, size_t n, int seat, struct play_rng *r)
{
    const struct game *g = sc->g;
    size_t best = 0, ties = 0;
    double best_value = 0;
    for (size_t i = 0; i < n; i++) {
        memcpy(sc->copy, state, g->state_size);
        if (g->apply(sc->copy, decision_at(sc, i), NULL) != 0)
            continue;
        double v = g->evaluate(sc->copy, seat);
        if (ties == 0 || v > best_value) {
            best = i;
            best_value = v;
            ties = 1;
        } else if (v == best_value && play_rng_below(r, (int)++ties) == 0) {
            best = i;   /* reservoir sampling: each of the tied decisions equally likely */
        }
    }
    return best;
}

int gplayer_choose(enum gplayer p, struct gscratch *sc, const void *state, struct play_rng *dice,
                   struct play_rng *choice, void *out)
{
    const struct game *g = sc->g;
    int who = g->current(state);
    size_t n = who == GAME_OVER ? 0 : gscratch_legal(sc, state);
    if (n == 0)
        return -1;
    size_t i;
    if (who == GAME_CHANCE)
        i = sample(sc->p, n, dice);
    else if (n == 1)
        i = 0;
    else if (p == GPLAYER_GREEDY && g->evaluate)
        i = greedy(sc, state, n, who >= 0 ? who : 0, choice);
    else
        i = (size_t)(((play_rng_next(choice) >> 32) * (uint64_t)n) >> 32);   /* n < 2^32 */
    memcpy(out, decision_at(sc, i), g->decision_size);
    return 0;
}
