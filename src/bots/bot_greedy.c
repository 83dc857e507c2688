/* The greedy bot: one ply. Each step tries every legal move of the turn (apply, evaluate,
 * undo) and keeps the best; a move that only changes a die (sheriff, town court) is worth the
 * best spend it makes possible. Market, war and collect: each option tried on a copy. */
#include "bots/bot.h"
#include <string.h>
#include "bots/eval.h"

#define CAP 512

static int changes_a_die(const struct move *m)
{
    return m->kind == MOVE_SHERIFF || m->kind == MOVE_COURT || m->kind == MOVE_COURT_REROLL;
}

/* The best value reachable by one spend (no die change) from t. */
static double best_spend(struct game_state *t, const struct play_eval_cache *cache)
{
    struct move moves[CAP];
    size_t n = engine_legal_moves(t, 0, moves, CAP);
    if (n > CAP)
        n = CAP;
    double best = play_eval_cached(cache, t);
    struct engine_undo u;
    engine_undo_save(t, &u);
    for (size_t k = 0; k < n; k++) {
        if (changes_a_die(&moves[k]))
            continue;
        engine_apply_listed(t, &moves[k]);
        double v = play_eval_cached(cache, t);
        engine_undo_restore(t, &u);
        if (v > best)
            best = v;
    }
    return best;
}

/* Spends that may leave the same sheet with different dice: the increase of an asset, the
 * purchase of an item with either perk. */
#define SAME_SPENDS (ASSET_COUNT + 2 * GD_MAX_ITEMS)

/* The index of m among SAME_SPENDS, or -1 for another kind of move. */
static int same_spend(const struct move *m)
{
    if (m->kind == MOVE_ASSET)
        return m->target;
    if (m->kind == MOVE_ACQUIRE)
        return ASSET_COUNT + 2 * m->target + (m->perk == 'b');
    return -1;
}

/* Greedy's turn played on t itself. */
static void greedy_play(struct game_state *t, struct play_plan *out)
{
    int p = t->turn.player;
    struct move moves[CAP];
    /* The sheet the last candidate of each spend left: a candidate that leaves the same sheet
     * is worth the same, so it cannot be better (the first of equal values wins). */
    struct player_state sheet[SAME_SPENDS];
    while (play_turn_dice_left(t) > 0 && out->nmoves < PLAY_PLAN_MAX_MOVES) {
        size_t n = engine_legal_moves(t, 0, moves, CAP);
        if (n == 0)
            break;
        if (n > CAP)
            n = CAP;
        struct engine_undo u;
        engine_undo_save(t, &u);
        struct play_eval_cache cache;
        play_eval_cache_init(&cache, t, p);
        size_t best = 0;
        double best_v = -1e300;
        unsigned char seen[SAME_SPENDS] = {0};
        for (size_t k = 0; k < n; k++) {
            engine_apply_listed(t, &moves[k]);
            int same = same_spend(&moves[k]);
            if (same >= 0) {
                if (seen[same] && memcmp(&sheet[same], &t->p[p], sizeof sheet[same]) == 0) {
                    engine_undo_restore(t, &u);
                    continue;
                }
                seen[same] = 1;
                sheet[same] = t->p[p];
            }
            /* A die change is only worth what the changed die then buys. */
            double v = changes_a_die(&moves[k]) ? best_spend(t, &cache) - 0.01
                                                : play_eval_cached(&cache, t);
            engine_undo_restore(t, &u);
            if (v > best_v) {
                best_v = v;
                best = k;
            }
        }
        engine_apply_listed(t, &moves[best]);
        play_plan_push(out, &moves[best]);
    }
    int queued = out->nmoves;
    play_greedy_market(t, out);
    for (int k = queued; k < out->nmoves; k++)
        engine_apply(t, &out->move[k], NULL, NULL);
}

/* The worth of ending the turn of t after queuing m (NULL: no conversion). */
static double after_turn(const struct game_state *t, int p, const struct move *m)
{
    struct game_state e = *t;
    if (m)
        engine_apply(&e, m, NULL, NULL);
    engine_end_turn(&e, NULL, NULL, NULL);
    return play_eval(&e, p);
}

void play_greedy_market(const struct game_state *s, struct play_plan *out)
{
    struct move moves[64];
    size_t n = play_market_choices(s, moves, 64);
    if (n == 0)
        return;
    if (n > 64)
        n = 64;
    int p = s->turn.player;
    double best_v = after_turn(s, p, NULL);
    int best = -1;
    for (size_t k = 0; k < n; k++) {
        double v = after_turn(s, p, &moves[k]);
        if (v > best_v) {
            best_v = v;
            best = (int)k;
        }
    }
    if (best >= 0)
        play_plan_push(out, &moves[best]);
}

/* Greedy assumes every other player who may support does, with average bonus rolls, and
 * compares its own worth after the war supporting and avoiding. */
int play_greedy_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng)
{
    (void)b;
    (void)rng;
    if (!engine_war_can_support(s, player))
        return 0;
    double v[2];
    for (int choice = 0; choice < 2; choice++) {
        struct war_entry e[XII_MAX_PLAYERS];
        memset(e, 0, sizeof e);
        for (int q = 0; q < s->cfg.nplayers; q++) {
            e[q].support = q == player ? choice : engine_war_can_support(s, q);
            e[q].nrolls = e[q].support ? engine_bonus_rolls_due(s, q) : 0;
            for (int i = 0; i < e[q].nrolls; i++)
                e[q].rolls[i] = 3 + (i + q) % 2;
        }
        struct game_state t = *s;
        if (engine_war(&t, e, NULL, NULL) != 0)
            return 0;
        v[choice] = play_eval(&t, player);
    }
    return v[1] > v[0];
}

int play_greedy_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                        struct play_rng *rng)
{
    (void)b;
    (void)rng;
    int best = 0;
    double best_v = -1e300;
    for (int c = 0; c < s->gd->locations[location].nbonus; c++) {
        struct game_state t = *s;
        if (engine_collect(&t, player, location, c, NULL) != 0)
            continue;
        engine_end_round(&t, NULL, NULL);
        double v = play_eval(&t, player);
        if (v > best_v) {
            best_v = v;
            best = c;
        }
    }
    return best;
}

void play_greedy_turn(const struct game_state *s, struct play_plan *out)
{
    struct game_state t = *s;
    greedy_play(&t, out);
}

static int greedy_turn(const struct play_bot *b, struct game_state *s, struct play_rng *rng,
                       struct play_plan *out)
{
    (void)b;
    (void)rng;
    greedy_play(s, out);
    return 0;
}

const struct play_policy play_greedy_policy = {greedy_turn, play_greedy_war, play_greedy_collect};
