/* The search bot: the turn's best WIDTH plans by play_eval after the turn's end
 * (play_plans_best), then the rollout ranking of play/rank.h on one thread (the simulation
 * runs games in parallel): greedy plays every seat to the end; rollout i starts from the same
 * seed for every candidate (common random numbers); the clearly worse and the lower half are
 * dropped after each stage. */
#include "bots/bot.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "bots/drive.h"
#include "bots/rank.h"

#define WIDTH 12            /* candidates kept for the rollouts */

struct search {
    struct game_state after[WIDTH];     /* each candidate's state after its turn's end */
};

static int rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    const struct search *k = ctx;
    static const struct play_bot greedy = {PLAY_BOT_GREEDY, 0};
    const struct play_seat seat = {&play_greedy_policy, &greedy};
    double o[XII_MAX_PLAYERS];
    if (play_drive_rollout(&k->after[c], &seat, seed, o) != 0)
        return -1;
    for (int p = 0; p < k->after[c].cfg.nplayers; p++)
        out->score[p] = (int)o[p];      /* play_outcome: whole VP */
    return 0;
}

/* The search bot's plan for the open turn of s. */
static void search_plan(const struct game_state *s, int budget, struct play_rng *rng, struct play_plan *out)
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
    struct search *k = xmalloc(sizeof *k);
    for (int i = 0; i < n; i++) {
        k->after[i] = *s;
        play_plan_apply(&k->after[i], &best[i].plan, NULL);
        engine_end_turn(&k->after[i], NULL, NULL, NULL);
    }
    /* Stages of doubling size from budget / (2 n) rollouts each: with the halving, about
     * `budget` rollouts in all when the candidates stay close. */
    struct rank_options opt = {
        .first_rollouts = (size_t)(budget / (2 * n) > 2 ? budget / (2 * n) : 2),
        .max_rollouts = (size_t)(budget / 4 > 2 ? budget / 4 : 2),
        .keep = 1, .halving = 1, .precision = 0.25, .seconds = 0,
        .seed = play_rng_next(rng), .threads = 1,
        .player = s->turn.player, .nplayers = s->cfg.nplayers,
    };
    struct rank_result res[WIDTH];
    if (rank_run((size_t)n, rollout, k, &opt, res, NULL) == 0)
        *out = best[res[0].candidate].plan;
    else
        *out = best[0].plan;
    free(k);
}

static int search_turn(const struct play_bot *b, struct game_state *s, struct play_rng *rng,
                       struct play_plan *out)
{
    search_plan(s, b->budget, rng, out);
    return play_plan_apply(s, out, NULL);
}

/* The war and the collect choices are greedy's. */
const struct play_policy play_search_policy = {search_turn, play_greedy_war, play_greedy_collect};
