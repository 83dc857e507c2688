/* The engine's bounds on the last round (rules/engine_bound.c) hold: from whole last turns of
 * greedy games (solo with an objective, 2 to 5 players' last seat), random legal plans played
 * to the end and the round finished by the bot never score above any ceiling asked on the
 * way, never achieve an objective said closed, and leave no other seat below its floor. At
 * the last seat's turn end, the ceiling holds against every war: each support choice of
 * every seat, each distinct outcome of the rolls (a player left at base POW 0 gains nothing
 * from it). */
#include "test.h"
#include <limits.h>
#include <string.h>
#include "advisor/advice_outcome.h"
#include "bots/bot.h"
#include "bots/drive.h"
#include "bots/game.h"
#include "bots/rng.h"
#include "test_rules_fixture.h"
#include "test_advice.h"

#define WALKS 200
#define STEPS 16

/* Random plans from the position of one last turn, each checked against the bounds. */
static void check_walks(int nplayers, int difficulty, int objective, uint64_t seed)
{
    char *text = last_turn_log(nplayers, difficulty, objective, seed);
    struct cut_log c;
    cut_open(&c, text);
    const struct game_state *root = c.pos.s;
    int p = root->turn.player, n = root->cfg.nplayers;
    struct engine_bounds b;
    engine_bounds_init(&GD, &b);
    int floor[XII_MAX_PLAYERS];
    for (int q = 0; q < n; q++)
        floor[q] = engine_score_floor(root, q);
    struct play_bot bot;
    assert_int_equal(play_bot_from_name("greedy", &bot), 0);
    struct play_rng rng;
    play_rng_init(&rng, seed);
    struct move mv[512];
    int ended = 0;
    for (int w = 0; w < WALKS; w++) {
        struct game_state s = *root;
        int ceil[STEPS + 2], open[STEPS + 2], nc = 0;
        for (int step = 0; step <= STEPS; step++) {
            ceil[nc] = engine_score_ceiling(&b, &s, p, engine_turn_spends_left(&s));
            open[nc++] = engine_objective_open(&b, &s, engine_turn_spends_left(&s));
            size_t k = engine_legal_moves(&s, 0, mv, 512);
            size_t m = 0;
            for (size_t i = 0; i < k && i < 512; i++)
                if (mv[i].kind != MOVE_MARKET && mv[i].kind != MOVE_COURT_REROLL &&
                    (play_turn_dice_left(&s) > 0 || mv[i].from_reserve))
                    mv[m++] = mv[i];
            /* With the turn dice spent, the turn may end here (no reserve die). */
            if (m == 0 || (play_turn_dice_left(&s) == 0 && play_rng_below(&rng, 2) == 0))
                break;
            assert_int_equal(engine_apply(&s, &mv[play_rng_below(&rng, (int)m)], NULL, NULL), 0);
        }
        /* The end of the turn (no spend left): its own ceiling too. */
        ceil[nc] = engine_score_ceiling(&b, &s, p, 0);
        open[nc++] = engine_objective_open(&b, &s, 0);
        if (engine_end_turn_complete(&s) != 0)
            continue;
        ended++;
        struct play_seat seat = play_bot_seat(&bot);
        struct play_drive d;
        play_drive_init(&d, n, &seat, seed + (uint64_t)w);
        assert_int_equal(play_drive(&s, &d), 0);
        struct rank_outcome o;
        advice_outcome(&s, &o);
        for (int i = 0; i < nc; i++) {
            if (o.score[p] > ceil[i])
                fail_msg("seed %llu walk %d: scored %d above the ceiling %d asked at step %d",
                         (unsigned long long)seed, w, o.score[p], ceil[i], i);
            if (o.objective > 0 && !open[i])
                fail_msg("seed %llu walk %d: the objective said closed at step %d was achieved",
                         (unsigned long long)seed, w, i);
        }
        for (int q = 0; q < n; q++)
            if (q != p && o.score[q] < floor[q])
                fail_msg("seed %llu: seat %d scored %d below its floor %d", (unsigned long long)seed, q,
                         o.score[q], floor[q]);
    }
    assert_true(ended > WALKS / 4);
    cut_close(&c);
    free(text);
}

/* The rest of the round after the war entries e on t (a copy), the bot choosing the rest:
 * the player's final score. */
static int score_after_war(const struct game_state *t, const struct war_entry *e, int p, uint64_t seed)
{
    struct game_state s = *t;
    assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
    struct play_bot bot;
    assert_int_equal(play_bot_from_name("greedy", &bot), 0);
    struct play_seat seat = play_bot_seat(&bot);
    struct play_drive d;
    play_drive_init(&d, s.cfg.nplayers, &seat, seed);
    assert_int_equal(play_drive(&s, &d), 0);
    struct rank_outcome o;
    advice_outcome(&s, &o);
    return o.score[p];
}

/* The most player p can score after the turn of s ends (the last seat's: the war is next)
 * over every support pattern the seats can choose and every outcome of the rolls. Counts the
 * ends where p could not support (*pow0). */
static int best_after_end(const struct game_state *t, int p, uint64_t seed, int *pow0)
{
    struct game_state s = *t;
    if (engine_end_turn_complete(&s) != 0)
        return INT_MIN;
    assert_int_equal(engine_next_player(&s), -1);
    *pow0 += !engine_war_can_support(&s, p);
    int n = s.cfg.nplayers, best = INT_MIN;
    for (unsigned mask = 0; mask < 1u << n; mask++) {
        int sup[XII_MAX_PLAYERS] = {0}, ok = 1;
        for (int q = 0; q < n; q++) {
            sup[q] = mask >> q & 1u;
            ok &= !sup[q] || engine_war_can_support(&s, q);
        }
        if (!ok)
            continue;
        struct war_outcome o[ENGINE_WAR_OUTCOMES];
        int no = engine_war_outcomes(&s, sup, o);
        assert_true(no >= 1);
        for (int i = 0; i < no; i++) {
            int score = score_after_war(&s, o[i].e, p, seed);
            if (score > best)
                best = score;
        }
    }
    return best;
}

/* The spends of s a plan may make (no market, no re-roll; only the reserve once the turn dice
 * are spent) into mv; returns how many. */
static size_t plan_moves(const struct game_state *s, struct move *mv, size_t cap)
{
    size_t k = engine_legal_moves(s, 0, mv, cap), m = 0;
    for (size_t i = 0; i < k && i < cap; i++)
        if (mv[i].kind != MOVE_MARKET && mv[i].kind != MOVE_COURT_REROLL &&
            (play_turn_dice_left(s) > 0 || mv[i].from_reserve))
            mv[m++] = mv[i];
    return m;
}

/* From the last seat's whole last turn, random plans until one spend is left: the ceiling
 * there against every way to make or skip that spend, then every support pattern and every
 * outcome of the war (a player at base POW 0 gains from it only after a spend that raises
 * POW; that spend adds at most engine_spend_gains' pow_gain). Counts the ends at base POW 0
 * (*pow0), the last spends that raised it from 0 (*pow_raised) and the positions checked. */
static void check_war_ends(int nplayers, int difficulty, uint64_t seed, int *pow0, int *pow_raised, int *checked)
{
    char *text = last_turn_log(nplayers, difficulty, -1, seed);
    struct cut_log c;
    cut_open(&c, text);
    const struct game_state *root = c.pos.s;
    int p = root->turn.player;
    struct engine_bounds b;
    engine_bounds_init(&GD, &b);
    struct play_rng rng;
    play_rng_init(&rng, seed);
    struct move mv[512], last[512];
    for (int w = 0; w < WALKS; w++) {
        struct game_state s = *root;
        for (int step = 0; step <= STEPS && engine_turn_spends_left(&s) > 1; step++) {
            size_t m = plan_moves(&s, mv, 512);
            if (m == 0)
                break;
            assert_int_equal(engine_apply(&s, &mv[play_rng_below(&rng, (int)m)], NULL, NULL), 0);
        }
        if (engine_turn_spends_left(&s) != 1)
            continue;
        (*checked)++;
        int ceiling = engine_score_ceiling(&b, &s, p, 1), best = best_after_end(&s, p, seed, pow0);
        /* At base POW 0, a spend that lets him support adds at most pow_gain, and the war its gain. */
        int gains[ENGINE_MOST_SPENDS], powg;
        engine_spend_gains(&b, &s, p, 1, gains, &powg);
        int raised = engine_score(&s, p, NULL) + engine_end_gain(&b, &s, p) + powg + engine_war_gain(&b, &s, p);
        /* ... and the ceiling leaves room for that (the spend's own gain checked below). */
        if (engine_pow_base(&s, p) == 0 && powg >= 0 && ceiling < raised)
            fail_msg("seed %llu walk %d: the ceiling %d leaves out a POW spend and the war (%d)",
                     (unsigned long long)seed, w, ceiling, raised);
        size_t m = plan_moves(&s, last, 512);
        for (size_t i = 0; i < m; i++) {
            struct game_state t = s;
            assert_int_equal(engine_apply(&t, &last[i], NULL, NULL), 0);
            /* abilities change a die without spending it: their spends are left out here */
            if (engine_turn_spends_left(&t) == 0) {
                int x = best_after_end(&t, p, seed, pow0);
                if (x > best)
                    best = x;
                int spend = engine_score(&t, p, NULL) - engine_score(&s, p, NULL);
                if (engine_pow_base(&s, p) == 0 && engine_pow_base(&t, p) > 0 && (spend > powg || x > raised))
                    fail_msg("seed %llu walk %d: raising POW from 0 added %d VP (the bound %d) and scored %d, "
                             "above %d", (unsigned long long)seed, w, spend, powg, x, raised);
                *pow_raised += engine_pow_base(&s, p) == 0 && engine_pow_base(&t, p) > 0;
            }
        }
        if (best > ceiling)
            fail_msg("seed %llu walk %d: scored %d above the ceiling %d with one spend left (base POW %d)",
                     (unsigned long long)seed, w, best, ceiling, engine_pow_base(&s, p));
    }
    cut_close(&c);
    free(text);
}

static void test_war_ceiling(void **state)
{
    (void)state;
    static const int cases[][3] = {{3, 4, 9106}, {2, 1, 25}, {3, 1, 23}, {4, 1, 24}, {2, 4, 9004}, {3, 4, 9100}};
    int pow0 = 0, raised = 0, checked = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        check_war_ends(cases[k][0], cases[k][1], (uint64_t)cases[k][2], &pow0, &raised, &checked);
    /* Ends at base POW 0 and spends raising it were among them. */
    assert_true(pow0 > 0);
    assert_true(raised > 0);
    assert_true(checked > 0);
}

static void test_bounds_hold(void **state)
{
    (void)state;
    static const int cases[][4] = {
        {1, 2, 1, 409}, {1, 2, 1, 411}, {1, 2, 0, 404}, {1, 3, -1, 412},
        {2, 1, -1, 25}, {2, 1, -1, 22}, {3, 1, -1, 23}, {4, 1, -1, 24}, {5, 1, -1, 28},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        check_walks(cases[k][0], cases[k][1], cases[k][2], (uint64_t)cases[k][3]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bounds_hold),
        cmocka_unit_test(test_war_ceiling),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
