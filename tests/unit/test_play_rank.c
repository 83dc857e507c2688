/* Rollout statistics and ranking: means and intervals, paired differences, Wilson intervals,
 * common random numbers, successive halving, stopping rules, determinism across thread counts.
 * The rollouts here are synthetic (a known mean per candidate plus noise drawn from the seed),
 * so the right answer is known exactly. */
#include "test.h"
#include <math.h>
#include <string.h>
#include "bots/estimate.h"
#include "bots/rank.h"
#include "bots/rng.h"

/* cmocka's assert_float_equal works in float: doubles are compared here. */
#define assert_near(a, b, eps) assert_true(fabs((double)(a) - (double)(b)) <= (eps))

static void test_estimate_mean(void **state)
{
    (void)state;
    const double x[] = {2, 4, 4, 4, 5, 5, 7, 9};
    struct estimate e = estimate_mean(x, 8);
    assert_int_equal(e.n, 8);
    assert_near(e.mean, 5.0, 1e-12);
    assert_near(e.sd, sqrt(32.0 / 7.0), 1e-12);
    assert_near(e.se, sqrt(32.0 / 7.0) / sqrt(8.0), 1e-12);
    assert_near(e.high - e.mean, 2.365 * e.se, 1e-12);    /* t with 7 df */
    assert_near(e.mean - e.low, e.high - e.mean, 1e-12);
    struct estimate one = estimate_mean(x, 1);
    assert_near(one.low, 2.0, 0);
    assert_near(one.high, 2.0, 0);
    assert_near(estimate_t95(1000), 1.96, 0);
    assert_true(estimate_t95(40) < estimate_t95(30) && estimate_t95(40) > estimate_t95(100));
}

/* Large equal values: Welford keeps the variance exact where sum of squares would not. */
static void test_estimate_stable(void **state)
{
    (void)state;
    double x[4] = {1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4};
    struct estimate e = estimate_mean(x, 4);
    assert_near(e.sd, sqrt(5.0 / 3.0), 1e-9);
}

static void test_estimate_paired(void **state)
{
    (void)state;
    /* b moves with a, one point lower: the difference is exact even though each varies. */
    const double a[] = {10, 30, 20, 50, 40}, b[] = {9, 29, 19, 49, 39};
    struct estimate d = estimate_paired(a, b, 5);
    assert_near(d.mean, 1.0, 1e-12);
    assert_near(d.sd, 0.0, 1e-12);
    assert_near(d.low, 1.0, 1e-12);
    assert_true(estimate_mean(a, 5).high - estimate_mean(a, 5).low > 10);
}

static void test_estimate_proportion(void **state)
{
    (void)state;
    double ones[20], half[100];
    for (int i = 0; i < 20; i++)
        ones[i] = 1;
    struct estimate e = estimate_proportion(ones, 20);
    assert_near(e.mean, 1.0, 0);
    assert_near(e.high, 1.0, 0);
    assert_true(e.low > 0.80 && e.low < 0.85);      /* Wilson: 0.839 */
    for (int i = 0; i < 100; i++)
        half[i] = i % 2;
    e = estimate_proportion(half, 100);
    assert_near(e.low, 0.404, 0.001);
    assert_near(e.high, 0.596, 0.001);
    /* n of n and 0 of n hold 1 and 0 exactly, whatever n (the rounding once left 24 of 24 at
     * 0.99999999..., and a sure win's truth outside its interval). */
    for (size_t n = 1; n <= 2000; n++) {
        assert_true(estimate_share(n, n).high == 1.0);
        assert_true(estimate_share(0, n).low == 0.0);
    }
}

/* Synthetic rollouts: candidate c scores mean[c] + a noise common to every candidate (the
 * dice of the seed) + a small noise of its own; candidate 0's seat 1 is the opponent. */
struct synth {
    const double *mean;
    double common, own;
};

static double unit(uint64_t x)
{
    return (double)(play_seed_derive(x, 7) >> 11) / 9007199254740992.0 - 0.5;
}

static int synth_rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    const struct synth *sy = ctx;
    double v = 50 + sy->mean[c] + sy->common * unit(seed) + sy->own * unit(seed ^ (c + 1) * 0x5851f42d4c957f2dull);
    out->score[0] = (int)lround(v * 10);    /* tenths of a point: integers like real scores */
    out->score[1] = 500;
    out->winners = out->score[0] > 500 ? 1u : out->score[0] < 500 ? 2u : 3u;
    return 0;
}

static struct rank_options options(void)
{
    struct rank_options o;
    memset(&o, 0, sizeof o);
    o.first_rollouts = 8;
    o.max_rollouts = 512;
    o.keep = 2;
    o.halving = 1;
    o.protect = -1;
    o.precision = 5;        /* tenths: 0.5 of a point */
    o.seed = 42;
    o.threads = 1;
    o.player = 0;
    o.nplayers = 2;
    return o;
}

/* The best candidate comes first; the clearly worse are dropped early and get fewer rollouts. */
/* A bounded mean: every sample 0 of 32 still leaves room up to Wilson's share of the range;
 * Student's interval is kept where wider, and the whole cut to the range. */
static void test_estimate_bounded(void **state)
{
    (void)state;
    double zeros[32] = {0}, mixed[3] = {0, 9, 0};
    struct estimate e = estimate_bounded(estimate_mean(zeros, 32), 0, 9);
    assert_near(e.low, 0, 0);
    assert_near(e.high, 9 * 3.8415 / (32 + 3.8415), 0.001);
    struct estimate m = estimate_mean(mixed, 3);
    e = estimate_bounded(m, 0, 9);
    assert_true(m.low < 0 && m.high > 9);   /* Student's, wider than the range */
    assert_near(e.low, 0, 0);
    assert_near(e.high, 9, 0);
}

static void test_rank_finds_best(void **state)
{
    (void)state;
    const double mean[] = {-3, 0, -40, 2, -60, -1, -80, -2.5};
    struct synth sy = {mean, 100, 20};
    struct rank_options o = options();
    struct rank_result r[8];
    struct rank_summary sum;
    assert_int_equal(rank_run(8, synth_rollout, &sy, &o, r, &sum), 0);
    assert_int_equal(r[0].candidate, 3);
    assert_true(sum.stop == RANK_SEPARATED);
    for (int k = 0; k < 8; k++)
        if (mean[r[k].candidate] <= -40) {
            assert_int_equal(r[k].dropped, 1);
            assert_int_equal(r[k].rollouts, 8);
        }
    assert_true(r[0].rollouts > 8);
    assert_int_equal(r[0].dropped, 0);
    /* Common random numbers: the difference is far sharper than the score itself. */
    assert_true(r[1].vs_best.high - r[1].vs_best.low < (r[1].score.high - r[1].score.low) / 2);
    assert_true(r[1].vs_best.high < 0);
    assert_near(r[0].vs_best.mean, 0, 0);
    assert_true(sum.rollouts < 8 * 512 / 4);
    assert_near(r[0].seat[1].mean, 500, 0);
    assert_near(r[0].seat[1].sd, 0, 0);
}

/* A protected candidate (the move played) is never dropped: it gets the leaders' rollouts. */
static void test_rank_protect(void **state)
{
    (void)state;
    const double mean[] = {-3, 0, -40, 2, -60, -1, -80, -2.5};
    struct synth sy = {mean, 100, 20};
    struct rank_options o = options();
    o.protect = 6;
    struct rank_result r[8];
    assert_int_equal(rank_run(8, synth_rollout, &sy, &o, r, NULL), 0);
    assert_int_equal(r[0].candidate, 3);
    for (int k = 0; k < 8; k++)
        if (r[k].candidate == 6) {
            assert_int_equal(r[k].dropped, 0);
            assert_int_equal(r[k].rollouts, r[0].rollouts);
            assert_true(r[k].vs_best.high < -70);
        }
}

/* Two candidates equal within the precision: the ranking stops as "close". */
static void test_rank_close(void **state)
{
    (void)state;
    const double mean[] = {0, 0.1, -30};
    struct synth sy = {mean, 40, 0.4};
    struct rank_options o = options();
    struct rank_result r[3];
    struct rank_summary sum;
    assert_int_equal(rank_run(3, synth_rollout, &sy, &o, r, &sum), 0);
    assert_true(sum.stop == RANK_CLOSE);
    assert_true(r[1].vs_best.high - r[1].vs_best.low <= 2 * 5);
    assert_true(r[1].vs_best.low < 0 && r[1].vs_best.high > 0);
    assert_int_equal(r[2].candidate, 2);
}

/* Without halving every candidate gets the whole budget; the budget stop is said. */
static void test_rank_budget(void **state)
{
    (void)state;
    const double mean[] = {0, 0.02, 0.01};
    struct synth sy = {mean, 40, 20};
    struct rank_options o = options();
    o.halving = 0;
    o.max_rollouts = 64;
    o.precision = 0;
    struct rank_result r[3];
    struct rank_summary sum;
    assert_int_equal(rank_run(3, synth_rollout, &sy, &o, r, &sum), 0);
    assert_true(sum.stop == RANK_BUDGET);
    for (int k = 0; k < 3; k++)
        assert_int_equal(r[k].rollouts, 64);
    assert_int_equal(sum.rollouts, 3 * 64);
    assert_int_equal(sum.stages, 4);    /* 8, 16, 32, 64 */
}

/* The same seed gives the same ranking whatever the thread count; another seed differs. */
static void test_rank_deterministic(void **state)
{
    (void)state;
    const double mean[] = {-3, 0, -4, 0.5, -6, -1, -8, -2.5, 0.2, -0.1};
    struct synth sy = {mean, 40, 6};
    struct rank_options o = options();
    struct rank_result a[10], b[10], c[10];
    assert_int_equal(rank_run(10, synth_rollout, &sy, &o, a, NULL), 0);
    o.threads = 3;
    assert_int_equal(rank_run(10, synth_rollout, &sy, &o, b, NULL), 0);
    assert_memory_equal(a, b, sizeof a);
    o.seed = 43;
    assert_int_equal(rank_run(10, synth_rollout, &sy, &o, c, NULL), 0);
    assert_true(memcmp(a, c, sizeof a) != 0);
}

/* Win shares: a tie counts half a win. */
static int tie_rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    (void)ctx;
    (void)c;
    out->score[0] = out->score[1] = 40;
    out->winners = seed % 2 ? 3u : 1u;
    return 0;
}

static void test_rank_win_share(void **state)
{
    (void)state;
    struct rank_options o = options();
    o.halving = 0;
    o.max_rollouts = 200;
    o.first_rollouts = 200;
    struct rank_result r[1];
    assert_int_equal(rank_run(1, tie_rollout, NULL, &o, r, NULL), 0);
    assert_true(r[0].win.mean > 0.65 && r[0].win.mean < 0.85);
    assert_true(r[0].win.low < r[0].win.mean && r[0].win.high > r[0].win.mean);
    assert_near(r[0].score.mean, 40, 0);
}

static int failing_rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    (void)ctx;
    (void)seed;
    out->score[0] = 1;
    return c == 1 ? -1 : 0;
}

static struct rank_options race_options(uint64_t seed)
{
    struct rank_options o = options();
    o.halving = 0;
    o.race = 1;
    o.race_min = 64;
    o.seed = seed;
    return o;
}

/* The race: no verdict before 64 rollouts each; a candidate whose every rollout equals another's
 * is merged into it (the two identical ones here), the others are dropped only when the
 * corrected test says they are worse, and the answer does not depend on how many are shown. */
static void test_race_rules(void **state)
{
    (void)state;
    const double mean[] = {-3, 0, -40, 2, -60, 2, -80, -2.5};
    /* Candidates 3 and 5 share their mean: with no noise of their own they are identical. */
    struct synth sy = {mean, 100, 0};
    struct rank_options o = race_options(42);
    struct rank_result r[8];
    struct rank_summary sum;
    assert_int_equal(rank_run(8, synth_rollout, &sy, &o, r, &sum), 0);
    assert_true(r[0].candidate == 3 || r[0].candidate == 5);
    assert_int_equal(r[0].same, 1);
    assert_int_equal(r[7].merged, 1);
    assert_int_equal(r[7].same_as, r[0].candidate);
    assert_int_equal(sum.stop, RANK_SEPARATED);
    for (int k = 0; k < 8; k++)
        assert_true(r[k].rollouts >= 64);
}

/* The stop is sound: over 200 races of candidates 1 to 10 points apart (a noise of 10 points of
 * their own, 100 common to all), a separated verdict names a candidate that is not the best in
 * at most 5 % of the races. */
static void test_race_stop(void **state)
{
    (void)state;
    const double mean[] = {0, -3, -6, -10, -1, -8};
    struct synth sy = {mean, 100, 10};
    size_t wrong = 0, separated = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        struct rank_options o = race_options(seed);
        struct rank_result r[6];
        struct rank_summary sum;
        assert_int_equal(rank_run(6, synth_rollout, &sy, &o, r, &sum), 0);
        if (sum.stop == RANK_SEPARATED) {
            separated++;
            wrong += r[0].candidate != 0;
        }
    }
    print_message("race: %zu of %zu separated verdicts wrong\n", wrong, separated);
    assert_true(separated > 20);
    assert_true(wrong <= separated / 20);
}

/* Whether an interval holds the truth. */
static size_t holds(const struct estimate *e, double truth)
{
    return e->low <= truth && truth <= e->high;
}

/* The intervals shown hold the truth 95 % of the time, the race's own do not: over 200 races
 * of twelve candidates of the same true mean (a noise of 40 points of their own, 20 common: the
 * race's leaders are merely the lucky ones, the worst case of the winner's curse), the three
 * shown get fresh rollouts (rank_fresh, as the hint's do). At least 93 % of their score
 * intervals hold the true value, and at least 92 % of their "behind the best" intervals (the
 * fresh means order the three, which leans a little on near ties: 93 % here, 96 % when the race's order is kept). The
 * race's own score intervals of the same three hold it less than 93 % of the time: this check
 * fails on them. The long measurement on real positions is bench/bench_coverage.c
 * (docs/advisor.md). */
static void test_race_coverage(void **state)
{
    (void)state;
    const double mean[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    enum { N = sizeof mean / sizeof mean[0], SHOW = 3 };
    struct synth sy = {mean, 20, 40};
    size_t held = 0, intervals = 0, bheld = 0, bintervals = 0, race_held = 0, race_bheld = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        struct rank_options o = race_options(seed);
        struct rank_result r[N], f[N];
        assert_int_equal(rank_run(N, synth_rollout, &sy, &o, r, NULL), 0);
        /* As the hint: half the leader's rollouts, at most 256. */
        o.max_rollouts = r[0].rollouts / 2 < 256 ? r[0].rollouts / 2 : 256;
        o.sort_first = SHOW;
        size_t m;
        assert_int_equal(rank_fresh(synth_rollout, &sy, &o, r, N, SHOW, f, &m, NULL), 0);
        assert_int_equal(m, SHOW);
        for (size_t k = 0; k < SHOW; k++) {
            assert_int_equal(f[k].rollouts, o.max_rollouts);
            intervals++;
            held += holds(&f[k].score, 10 * (50 + mean[f[k].candidate]));
            race_held += holds(&r[k].score, 10 * (50 + mean[r[k].candidate]));
            if (k > 0) {
                bintervals++;
                bheld += holds(&f[k].vs_best, 10 * (mean[f[k].candidate] - mean[f[0].candidate]));
                race_bheld += holds(&r[k].vs_best, 10 * (mean[r[k].candidate] - mean[r[0].candidate]));
            }
        }
    }
    print_message("fresh: %zu of %zu score intervals, %zu of %zu behind-the-best intervals hold the truth; "
                  "the race's own: %zu and %zu\n", held, intervals, bheld, bintervals, race_held, race_bheld);
    assert_true(held >= intervals * 93 / 100);
    assert_true(bheld >= bintervals * 92 / 100);
    assert_true(race_held < intervals * 93 / 100);
}

/* The fresh rollouts: a seed of their own (not the race's dice), the same answer whatever the
 * thread count, the first sort_first ordered by their fresh means and the others in the race's
 * order, merged candidates left out. */
static void test_fresh_rules(void **state)
{
    (void)state;
    const double mean[] = {-3, 0, -40, 2, -60, 2, -80, -2.5};
    struct synth sy = {mean, 100, 0};
    struct rank_options o = race_options(42);
    struct rank_result r[8], a[8], b[8];
    assert_int_equal(rank_run(8, synth_rollout, &sy, &o, r, NULL), 0);
    o.max_rollouts = 100;
    o.sort_first = 2;
    size_t m;
    assert_int_equal(rank_fresh(synth_rollout, &sy, &o, r, 8, 4, a, &m, NULL), 0);
    assert_int_equal(m, 4);
    for (size_t k = 0; k < m; k++) {
        assert_int_equal(a[k].merged, 0);
        assert_int_equal(a[k].rollouts, 100);   /* the caller's count, more than the race leader's 64 */
    }
    assert_true(a[0].score.mean >= a[1].score.mean);
    size_t at[4];
    for (size_t k = 0; k < 4; k++)
        for (at[k] = 0; r[at[k]].candidate != a[k].candidate; at[k]++)
            ;
    assert_true(at[2] < at[3]);     /* beyond sort_first: the race's order */
    /* The ranking after them: the fresh ones in their order, then the rest in the race's. */
    size_t order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    rank_fresh_reorder(order, sizeof order[0], r, 8, a, m);
    assert_memory_equal(order, at, sizeof at);
    for (size_t k = 4, last = 0; k < 8; last = order[k], k++) {
        for (size_t i = 0; i < 4; i++)
            assert_int_not_equal(order[k], at[i]);
        if (k > 4)
            assert_true(order[k] > last);
    }
    /* Not the race's dice: the leader's fresh mean differs from its race mean. */
    assert_true(a[0].score.mean != r[0].score.mean);
    o.threads = 3;
    assert_int_equal(rank_fresh(synth_rollout, &sy, &o, r, 8, 4, b, &m, NULL), 0);
    assert_memory_equal(a, b, sizeof a[0] * 4);
}

/* estimate_t_quantile: 1.96 for 5 % and many degrees of freedom, the t table's at 30, larger
 * for a smaller error rate. */
static void test_t_quantile(void **state)
{
    (void)state;
    assert_near(estimate_t_quantile(0.05, 100000), 1.96, 0.001);
    assert_near(estimate_t_quantile(0.05, 30), 2.042, 0.01);
    assert_near(estimate_t_quantile(0.01, 100000), 2.576, 0.001);
    assert_true(estimate_t_quantile(0.05 / 40, 63) > 3.2);
}

static void test_rank_failure(void **state)
{
    (void)state;
    struct rank_options o = options();
    o.threads = 2;
    struct rank_result r[2];
    assert_int_equal(rank_run(2, failing_rollout, NULL, &o, r, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate_mean),
        cmocka_unit_test(test_estimate_stable),
        cmocka_unit_test(test_estimate_paired),
        cmocka_unit_test(test_estimate_proportion),
        cmocka_unit_test(test_estimate_bounded),
        cmocka_unit_test(test_rank_finds_best),
        cmocka_unit_test(test_rank_protect),
        cmocka_unit_test(test_rank_close),
        cmocka_unit_test(test_rank_budget),
        cmocka_unit_test(test_rank_deterministic),
        cmocka_unit_test(test_rank_win_share),
        cmocka_unit_test(test_race_rules),
        cmocka_unit_test(test_race_stop),
        cmocka_unit_test(test_race_coverage),
        cmocka_unit_test(test_fresh_rules),
        cmocka_unit_test(test_t_quantile),
        cmocka_unit_test(test_rank_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
