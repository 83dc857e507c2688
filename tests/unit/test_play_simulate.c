/* The simulator's statistics on known scores: the median and its distribution-free 95 %
 * interval (order statistics), the band shares, the winner's score and the ties. */
#include "test.h"
#include <math.h>
#include <string.h>
#include "test_rules_fixture.h"
#include "bots/simulate.h"

/* 100 one-seat games scoring 1, 2, ... 100 (normal: good 70 to 90). */
static void test_median_interval(void **state)
{
    (void)state;
    struct sim_games g;
    sim_games_init(&g, 1);
    for (int k = 100; k >= 1; k--)
        sim_games_add(&g, &k, 0, 1);
    int normal = gamedata_difficulty(&GD, "normal", 6);
    assert_true(normal >= 0);
    struct sim_stats st;
    sim_stats_compute(&GD, normal, &g, -1, &st);
    assert_int_equal(st.n, 100);
    assert_true(st.median == 50.5);
    /* Ranks 50 - 0.98 * 10 = 40.2, down to 40, and 51 + 9.8 = 60.8, up to 61. */
    assert_true(st.median_low == 40);
    assert_true(st.median_high == 61);
    assert_true(fabs(st.in_band.mean - 0.21) < 1e-12 && fabs(st.below_band.mean - 0.69) < 1e-12 &&
                fabs(st.above_band.mean - 0.10) < 1e-12);
    assert_true(st.in_band.low < 0.21 && st.in_band.high > 0.21);
    assert_true(st.p5 == 5.95 && st.p95 == 95.05 && st.min == 1 && st.max == 100);
    assert_true(st.mean.mean == 50.5 && fabs(st.mean.sd - 29.011491975882016) < 1e-9);
    sim_games_free(&g);
}

/* Few scores: the interval reaches the extremes instead of leaving the sample. */
static void test_median_interval_small(void **state)
{
    (void)state;
    struct sim_games g;
    sim_games_init(&g, 1);
    int score[3] = {70, 10, 40};
    for (int k = 0; k < 3; k++)
        sim_games_add(&g, &score[k], 0, 1);
    struct sim_stats st;
    sim_stats_compute(&GD, 0, &g, -1, &st);
    assert_true(st.median == 40);
    assert_true(st.median_low == 10);
    assert_true(st.median_high == 70);
    sim_games_free(&g);
}

/* Scores are never negative: two games scoring 0 and 40 give Student's t interval
 * 20 +- 12.706 * 20, cut at 0; one game gives no interval (low = high = the mean). */
static void test_mean_interval_bounds(void **state)
{
    (void)state;
    struct sim_games g;
    sim_games_init(&g, 1);
    int score[2] = {0, 40};
    sim_games_add(&g, &score[0], 0, 1);
    struct sim_stats st;
    sim_stats_compute(&GD, 0, &g, -1, &st);
    assert_int_equal(st.mean.n, 1);
    assert_true(st.mean.low == 0 && st.mean.high == 0);
    sim_games_add(&g, &score[1], 0, 1);
    sim_stats_compute(&GD, 0, &g, -1, &st);
    assert_true(st.mean.mean == 20 && st.mean.low == 0);
    assert_true(fabs(st.mean.high - (20 + 12.706 * 20)) < 1e-9);
    assert_true(st.winner.low == 0);
    sim_games_free(&g);
}

/* Several seats: each seat's histogram, every seat's together, the winner's score and ties;
 * the order in which games are recorded does not matter. */
static void test_seats_and_order(void **state)
{
    (void)state;
    int games[4][2] = {{30, 50}, {60, 60}, {45, 20}, {90, 10}};
    struct sim_games a, b;
    sim_games_init(&a, 2);
    sim_games_init(&b, 2);
    for (int k = 0; k < 4; k++) {
        sim_games_add(&a, games[k], 0, games[k][0] == games[k][1] ? 2 : 1);
        sim_games_add(&b, games[3 - k], 0, games[3 - k][0] == games[3 - k][1] ? 2 : 1);
    }
    struct sim_stats sa, sb, seat;
    sim_stats_compute(&GD, 0, &a, -1, &sa);
    sim_stats_compute(&GD, 0, &b, -1, &sb);
    assert_memory_equal(&sa, &sb, sizeof sa);
    assert_int_equal(sa.n, 8);
    assert_true(sa.min == 10 && sa.max == 90 && sa.median == 47.5);
    assert_true(sa.winner.mean == (50 + 60 + 45 + 90) / 4.0);
    assert_true(sa.ties.mean == 0.25);
    sim_stats_compute(&GD, 0, &a, 1, &seat);
    assert_true(seat.mean.mean == 35 && seat.n == 4);
    int bins[3];
    sim_histogram(&a, 20, 20, bins, 3);     /* [20, 40), [40, 60), 60 and above; 10 in the first */
    assert_true(bins[0] == 3 && bins[1] == 2 && bins[2] == 3);
    sim_games_free(&a);
    sim_games_free(&b);
}

/* The memory holds one count per score value, however many games: a million games with
 * scores 0 to 199 keep 200 counts per seat. */
static void test_constant_memory(void **state)
{
    (void)state;
    struct sim_games g;
    sim_games_init(&g, 2);
    for (int k = 0; k < 1000000; k++) {
        int score[2] = {k % 200, (k * 7) % 113};
        sim_games_add(&g, score, 0, 1);
    }
    assert_int_equal(g.seat[0].len, 200);
    assert_int_equal(g.seat[1].len, 113);
    assert_int_equal(g.winner.len, 200 - 0);
    assert_int_equal(g.games, 1000000);
    struct sim_stats st;
    sim_stats_compute(&GD, 0, &g, 0, &st);
    assert_true(st.median == 99.5 && st.min == 0 && st.max == 199);
    sim_games_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median_interval),
        cmocka_unit_test(test_median_interval_small),
        cmocka_unit_test(test_mean_interval_bounds),
        cmocka_unit_test(test_seats_and_order),
        cmocka_unit_test(test_constant_memory),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
