/* The simulator's statistics on known scores: the median and its distribution-free 95 %
 * interval (order statistics), the band shares, the winner's score and the ties. */
#include "test.h"
#include <math.h>
#include <string.h>
#include "test_rules_fixture.h"
#include "play/simulate.h"

/* 100 one-seat games scoring 1, 2, ... 100 (normal: good 70 to 90). */
static void test_median_interval(void **state)
{
    (void)state;
    int score[100], winner[100];
    unsigned char achieved[100] = {0}, nwinners[100];
    for (int k = 0; k < 100; k++) {
        score[k] = winner[k] = k + 1;
        nwinners[k] = 1;
    }
    struct sim_games g = {100, 1, score, achieved, nwinners, winner};
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
}

/* Few scores: the interval reaches the extremes instead of leaving the sample. */
static void test_median_interval_small(void **state)
{
    (void)state;
    int score[3] = {70, 10, 40}, winner[3] = {70, 10, 40};
    unsigned char achieved[3] = {0}, nwinners[3] = {1, 1, 1};
    struct sim_games g = {3, 1, score, achieved, nwinners, winner};
    struct sim_stats st;
    sim_stats_compute(&GD, 0, &g, -1, &st);
    assert_true(st.median == 40);
    assert_true(st.median_low == 10);
    assert_true(st.median_high == 70);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median_interval),
        cmocka_unit_test(test_median_interval_small),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
