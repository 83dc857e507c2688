/* The search bot: the turn's best WIDTH plans by play_eval after the turn's end
 * (play_plans_best), then successive halving over greedy rollouts: each level
 * gives the survivors an equal share of the budget and keeps the better half. Rollout i starts
 * from the same seed for every candidate (common random numbers), so the comparison sees the
 * plans' difference and not the dice's. */
#include "play/bot.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "play/eval.h"
#include "play/game.h"

#define WIDTH 12            /* candidates kept for the rollouts */

struct cand {
    struct play_plan plan;
    struct game_state after;    /* the state after the plan and the turn's end */
    double prior;               /* play_eval there */
    double sum;                 /* rollout outcomes */
    int n;
};

static double mean(const struct cand *c)
{
    return c->n ? c->sum / c->n : c->prior;
}

static int by_mean(const void *a, const void *b)
{
    const struct cand *x = *(const struct cand *const *)a, *y = *(const struct cand *const *)b;
    double mx = mean(x), my = mean(y);
    return mx < my ? 1 : mx > my ? -1 : (x->prior < y->prior) - (x->prior > y->prior);
}

void play_search_turn(const struct game_state *s, int budget, struct play_rng *rng, struct play_plan *out)
{
    struct play_plan_value best[WIDTH];
    int n = play_plans_best(s, WIDTH, best);
    if (n <= 1) {
        if (n == 1)
            *out = best[0].plan;
        else
            play_greedy_turn(s, out);
        return;
    }
    int player = s->turn.player;
    struct cand *c = xmalloc((size_t)n * sizeof *c);
    struct cand *alive[WIDTH];
    for (int i = 0; i < n; i++) {
        c[i].plan = best[i].plan;
        c[i].prior = best[i].value;
        c[i].sum = 0;
        c[i].n = 0;
        c[i].after = *s;
        play_plan_apply(&c[i].after, &c[i].plan, NULL);
        engine_end_turn(&c[i].after, NULL, NULL, NULL);
        alive[i] = &c[i];
    }
    struct play_bot greedy = {PLAY_BOT_GREEDY, 0};
    uint64_t base = play_rng_next(rng);
    int levels = 0;
    for (int m = n; m > 1; m = (m + 1) / 2)
        levels++;
    int done = 0;   /* rollouts given to each survivor so far */
    while (n > 1) {
        int each = budget / (levels * n);
        if (each < 1)
            each = 1;
        for (int i = 0; i < n; i++)
            for (int r = done; r < done + each; r++) {
                double o[XII_MAX_PLAYERS];
                play_rollout(&alive[i]->after, &greedy, play_seed_derive(base, (uint64_t)r), o);
                alive[i]->sum += o[player];
                alive[i]->n++;
            }
        done += each;
        qsort(alive, (size_t)n, sizeof alive[0], by_mean);
        n = (n + 1) / 2;
    }
    *out = alive[0]->plan;
    free(c);
}
