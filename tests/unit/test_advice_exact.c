/* The advisor is exact on the game's last turn: whole last turns (every die unspent, cut right
 * after the last turn line of round 10) of greedy games, solo with and without objectives and
 * the last seat of games of 2 to 5 players, one of them with more than the 400,000 partial plans
 * where the old listing was cut. The reference is test_advice_exact.h's enumeration, written
 * apart from the advisor's solve; the hint's top plan must be worth exactly its best, and the
 * value the hint gives must be that value.
 *
 * Sweep (opt-in, not part of `make unit`): with ADVICE_EXACT_SWEEP="CLASS... SEED_FIRST
 * SEED_LAST" set, the program checks instead every seed of the range for each CLASS (solo:
 * solo arcade; objective: solo with the objective (seed / 6) % the objectives; 2 to 5: the last
 * seat of that many players; the difficulty is seed % the difficulties in every class) and prints one line
 * per position: class, seed, difficulty, the reference's distinct partial plans, the hint's
 * top value and the reference's best, equal or not, the hint's wall and processor time on 2
 * threads; then per class and in all the positions, mismatches, the largest plan count and
 * the median and max of the hint's times. It fails when any position mismatches. Games of
 * one seed with other player counts can reach the same last turn (the dice come from the
 * seed): give each class its own range for distinct positions (bench/NOTES.md). Example:
 *   ADVICE_EXACT_SWEEP="objective 9000 9011" out/tests/test_advice_exact */
#include "test.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "advisor/advice.h"
#include "advisor/advice_exact.h"
#include "advisor/advice_hint.h"
#include "bots/game.h"
#include "advisor/advice_report.h"
#include "bots/plan.h"
#include "test_rules_fixture.h"
#include "test_advice.h"
#include "test_advice_exact.h"

/* The hint's options (advice_hint_options), on two threads. */
static void hint_options(struct advice_options *o)
{
    struct advice_hint_settings h;
    advice_hint_settings_init(&h, 1024);
    h.threads = 2;
    advice_hint_options(&h, o);
    o->shown = ADVICE_FRESH_ORDERED;
}

struct reach {
    int player;
    struct game_state target;   /* the position after the best plan's turn */
    int found;
};

static void reach_one(struct reach *r, const struct game_state *after)
{
    struct game_state t = *after;
    if (engine_end_turn_complete(&t) == 0 && memcmp(&t.p[r->player], &r->target.p[r->player], sizeof t.p[0]) == 0 &&
        memcmp(t.shared, r->target.shared, sizeof t.shared) == 0)
        r->found = 1;
}

/* The old listing's visit: each plan with no market conversion and with each one. */
static int reach_plan(void *ctx, const struct play_plan *plan, const struct game_state *after)
{
    struct reach *r = ctx;
    (void)plan;
    reach_one(r, after);
    struct move m[64];
    size_t n = play_market_choices(after, m, 64);
    for (size_t k = 0; k < n && k < 64; k++) {
        struct game_state t = *after;
        if (engine_apply(&t, &m[k], NULL, NULL) == 0)
            reach_one(r, &t);
    }
    return r->found;
}

/* The whole last turn of a greedy game (every die unspent) opened in c, and the hint's options
 * for it in o; returns the log, which the caller frees after cut_close. */
static char *whole_last_turn(int nplayers, int difficulty, int objective, uint64_t seed, struct cut_log *c,
                             struct advice_options *o)
{
    char *text = last_turn_log(nplayers, difficulty, objective, seed);
    cut_open(c, text);
    assert_int_equal(c->pos.kind, ADVICE_TURN);
    assert_int_equal(play_turn_dice_left(c->pos.s), XII_TURN_DICE);
    hint_options(o);
    return text;
}

/* Checks one whole last turn; returns the reference's count of distinct partial plans. With
 * `old_cut`, also that the listing cut at 400,000 partial plans (the old hint's) never reaches
 * the position of the exact best. */
static size_t check_position(int nplayers, int difficulty, int objective, uint64_t seed, int old_cut)
{
    struct cut_log c;
    struct advice_options o;
    char *text = whole_last_turn(nplayers, difficulty, objective, seed, &c, &o);
    const struct advice_position *pos = &c.pos;
    struct advice a;
    struct strbuf why = STRBUF_INIT;
    assert_int_equal(advice_rank(pos, NULL, &o, &a, &why), 0);
    assert_true(a.exact);
    assert_false(a.plans_cut);
    assert_int_equal(a.summary.rollouts, 0);

    size_t nodes;
    double best = ref_best(pos->s, a.goal, &o.bot, &nodes);
    const struct play_plan *top = &a.ranked[0].choice.plan;
    double v = ref_plan_value(pos->s, a.goal, &o.bot, top->move, top->nmoves);
    if (fabs(v - best) > 1e-9 || fabs(a.ranked[0].r.goal.mean - best) > 1e-9)
        print_error("players %d, difficulty %d, objective %d, seed %llu: the top plan is worth %.4f (the hint "
                    "says %.4f), the best %.4f\n", nplayers, difficulty, objective, (unsigned long long)seed, v,
                    a.ranked[0].r.goal.mean, best);
    assert_true(fabs(v - best) <= 1e-9);
    assert_true(fabs(a.ranked[0].r.goal.mean - best) <= 1e-9);
    /* The candidates are in the order of their values. */
    for (size_t k = 1; k < a.n; k++)
        assert_true(a.ranked[k].r.goal.mean <= a.ranked[k - 1].r.goal.mean);
    if (old_cut) {
        struct reach r = {pos->player, *pos->s, 0};
        assert_int_equal(play_plan_apply(&r.target, top, NULL), 0);
        assert_int_equal(engine_end_turn_complete(&r.target), 0);
        struct play_plans_stats ps;
        play_plans_visit(pos->s, 400000, reach_plan, &r, &ps);
        assert_true(ps.truncated);
        assert_false(r.found);
    }
    advice_free(&a);
    strbuf_free(&why);
    cut_close(&c);
    free(text);
    return nodes;
}

static void test_last_turn_exact(void **state)
{
    (void)state;
    /* Solo with an objective and arcade; the last seat of games of 2 and 5 players (the war's
     * choices and bonus rolls weighed); the larger turn below has another objective. Few and
     * small: the reference is slow by design (bench/bench_advisor.c measures more). */
    static const int cases[][4] = {
        {1, 2, 0, 404}, {1, 1, -1, 12}, {2, 1, -1, 22}, {5, 1, -1, 28},
    };
    size_t most = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        size_t n = check_position(cases[k][0], cases[k][1], cases[k][2], (uint64_t)cases[k][3], 0);
        if (n > most)
            most = n;
    }
    print_message("the largest of these turns: %zu partial plans\n", most);
}

/* A turn of more than 400,000 partial plans whose best position the old listing, cut there,
 * never reached (a solo game at hard with the objective 1, 513,152 partial plans: the best of
 * the plans the old listing reached achieves the objective with 1 VP less). */
#define BIG_PLAYERS 1
#define BIG_DIFFICULTY 2
#define BIG_OBJECTIVE 1
#define BIG_SEED 437
static void test_last_turn_beyond_old_cut(void **state)
{
    (void)state;
    size_t n = check_position(BIG_PLAYERS, BIG_DIFFICULTY, BIG_OBJECTIVE, BIG_SEED, 1);
    print_message("%zu partial plans\n", n);
    assert_true(n > 400000);
}

/* The solve gives the same plans and values on one thread and on three (which thread reaches a
 * position first does not matter; how many partial plans the bound drops does: the count is
 * not compared). */
static void test_threads_same(void **state)
{
    (void)state;
    char *text = last_turn_log(2, 1, -1, 22);
    struct cut_log c;
    cut_open(&c, text);
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    struct advice_exact *x = calloc(2, sizeof *x);
    assert_int_equal(advice_exact_solve(c.pos.s, RANK_GOAL_WIN, &b, 1, 1, 16, &x[0]), 0);
    assert_int_equal(advice_exact_solve(c.pos.s, RANK_GOAL_WIN, &b, 1, 3, 16, &x[1]), 0);
    assert_int_equal(x[0].nbest, x[1].nbest);
    for (int k = 0; k < x[0].nbest; k++) {
        assert_int_equal(x[0].best[k].key, x[1].best[k].key);
        assert_true(x[0].best[k].v.goal == x[1].best[k].v.goal);
        assert_int_equal(x[0].best[k].plan.nmoves, x[1].best[k].plan.nmoves);
        assert_memory_equal(x[0].best[k].plan.move, x[1].best[k].plan.move,
                            (size_t)x[0].best[k].plan.nmoves * sizeof x[0].best[k].plan.move[0]);
    }
    free(x);
    cut_close(&c);
    free(text);
}

/* The log of a greedy game cut after the first turn line of round 10 (other seats still to
 * play); the caller owns it. */
static char *first_seat_log(int nplayers, uint64_t seed)
{
    char *text = last_turn_log(nplayers, 1, -1, seed);
    char *first = strstr(strstr(text, "\nround 10\n"), "\nturn ");
    char *eol = strchr(first + 1, '\n');
    eol[1] = 0;
    return text;
}

/* Whether two solves give the same first n plans, keys and values. */
static void same_best(const struct advice_exact *x, const struct advice_exact *y, int n)
{
    for (int k = 0; k < n; k++) {
        assert_int_equal(x->best[k].key, y->best[k].key);
        assert_true(x->best[k].v.goal == y->best[k].v.goal);
        assert_int_equal(x->best[k].plan.nmoves, y->best[k].plan.nmoves);
        assert_memory_equal(x->best[k].plan.move, y->best[k].plan.move,
                            (size_t)x->best[k].plan.nmoves * sizeof x->best[k].plan.move[0]);
    }
}

/* With other seats still to play in round 10, the candidates are the best by the player's
 * expected final score after one continuation, the branches that cannot beat the 16th best
 * dropped: the same on one thread and on three, the first 16 of the best 32 those of the best
 * 16 (a lower threshold drops less and keeps the same best), far fewer plans reached than the
 * listing with no bound had (12,900 of 71,800 here); then the candidates race. */
static void test_last_round_not_last_seat(void **state)
{
    (void)state;
    char *text = first_seat_log(4, 503);
    struct cut_log c;
    cut_open(&c, text);
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    struct advice_exact *x = calloc(3, sizeof *x);
    assert_int_equal(advice_exact_solve(c.pos.s, RANK_GOAL_WIN, &b, 1, 1, 16, &x[0]), 0);
    assert_int_equal(advice_exact_solve(c.pos.s, RANK_GOAL_WIN, &b, 1, 3, 16, &x[1]), 0);
    assert_int_equal(advice_exact_solve(c.pos.s, RANK_GOAL_WIN, &b, 1, 2, 32, &x[2]), 0);
    assert_false(x[0].exact);
    assert_int_equal(x[0].nbest, 16);
    assert_int_equal(x[1].nbest, 16);
    assert_int_equal(x[2].nbest, 32);
    same_best(&x[0], &x[1], 16);
    same_best(&x[0], &x[2], 16);
    /* The key is the expected final score: a whole number of VP or a share of the war's rolls. */
    assert_true(x[0].best[0].v.goal == x[0].best[0].v.score);
    assert_true(x[0].plans < 36000);
    free(x);
    /* The hint, its text and JSON the same on one thread as on three (no count of the plans
     * reached, which depends on the thread count). */
    struct strbuf out[2] = {STRBUF_INIT, STRBUF_INIT};
    for (int t = 0; t < 2; t++) {
        struct advice_options o;
        hint_options(&o);
        o.rank.max_rollouts = 128;
        o.rank.threads = t ? 3 : 1;
        struct advice a;
        struct strbuf why = STRBUF_INIT;
        assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &why), 0);
        assert_false(a.exact);
        assert_false(a.plans_cut);
        assert_true(a.plans_bounded);
        assert_true(a.summary.rollouts > 0);
        assert_true(a.n >= 2);
        struct advice_report_input in = {&c.pos, &a, 3, "greedy", 1};
        advice_report_text(&in, &out[t]);
        advice_report_json(&in, &out[t]);
        advice_free(&a);
        strbuf_free(&why);
    }
    assert_string_equal(strbuf_cstr(&out[0]), strbuf_cstr(&out[1]));
    assert_null(strstr(strbuf_cstr(&out[0]), "plans_legal"));
    strbuf_free(&out[0]);
    strbuf_free(&out[1]);
    cut_close(&c);
    free(text);
}

/* The town court's re-roll is chance: its value is the mean, over its six results, of the best
 * plan after each. A 5-player game's last seat (tests/golden/filled/five.xii, round 10: Jack
 * owns the court with perk b, the shared die shows 1), cut in his turn with two dice spent:
 * the solve's best is the reference's and re-rolls the 1, above the best with no re-roll (the
 * old solve left it out) and below the best were the result a choice. */
static void test_court_reroll_weighed(void **state)
{
    (void)state;
    FILE *f = fopen("tests/golden/filled/five.xii", "rb");
    assert_non_null(f);
    char *text = calloc(1, 1 << 16);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    assert_true(n > 0 && n < (1 << 16) - 1);
    static const char turn[] = "\nturn Jack 4 4\n  4 population\n";
    char *line = strstr(strstr(text, "\nround 10\n"), turn);
    assert_non_null(line);
    strcpy(line + strlen(turn), "  6 men-at-arms\n");
    struct cut_log c;
    cut_open(&c, text);
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    enum rank_goal goal = advice_default_goal(c.pos.s);
    struct advice_exact *x = calloc(1, sizeof *x);
    assert_int_equal(advice_exact_solve(c.pos.s, goal, &b, 1, 2, 16, x), 0);
    assert_true(x->exact);
    struct ref_result r;
    ref_bests(c.pos.s, goal, &b, &r);
    print_message("best %.6f (solve %.6f, %zu re-rolls weighed), without the re-roll %.6f, as a choice %.6f; "
                  "%zu partial plans\n", r.best, x->best[0].v.goal, x->rerolls, r.without, r.choice, r.nodes);
    assert_true(fabs(x->best[0].v.goal - r.best) <= 1e-9);
    assert_true(x->best[0].reroll);
    assert_true(r.best > r.without + 1e-9);
    assert_true(r.choice > r.best + 1e-9);
    /* The candidates are in the order of their values. */
    for (int k = 1; k < x->nbest; k++)
        assert_true(x->best[k].v.goal <= x->best[k - 1].v.goal);
    /* The hint lists the plans with no re-roll and tells the re-roll apart, worth more. */
    struct advice_options o;
    hint_options(&o);
    struct advice a;
    struct strbuf why = STRBUF_INIT;
    assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &why), 0);
    assert_true(a.exact && a.reroll);
    assert_true(fabs(a.reroll_best.v.goal - r.best) <= 1e-9);
    assert_true(fabs(a.ranked[0].r.goal.mean - r.without) <= 1e-9);
    for (size_t k = 0; k < a.n; k++)
        for (int i = 0; i < a.ranked[k].choice.plan.nmoves; i++)
            assert_int_not_equal(a.ranked[k].choice.plan.move[i].kind, MOVE_COURT_REROLL);
    advice_free(&a);
    strbuf_free(&why);
    free(x);
    cut_close(&c);
    free(text);
}

struct sweep_row {
    size_t nodes;
    double top, best, wall, cpu;
    int equal;
};

static double clock_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One position of the sweep: the hint on 2 threads, timed, then the reference. */
static struct sweep_row sweep_position(int nplayers, int difficulty, int objective, uint64_t seed)
{
    struct sweep_row row;
    memset(&row, 0, sizeof row);
    struct cut_log c;
    struct advice_options o;
    char *text = whole_last_turn(nplayers, difficulty, objective, seed, &c, &o);
    const struct advice_position *pos = &c.pos;
    struct advice a;
    struct strbuf why = STRBUF_INIT;
    double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC);
    assert_int_equal(advice_rank(pos, NULL, &o, &a, &why), 0);
    row.cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
    row.wall = clock_of(CLOCK_MONOTONIC) - w0;
    const struct play_plan *top = &a.ranked[0].choice.plan;
    row.best = ref_best(pos->s, a.goal, &o.bot, &row.nodes);
    double v = ref_plan_value(pos->s, a.goal, &o.bot, top->move, top->nmoves);
    row.top = a.ranked[0].r.goal.mean;
    int plan_best = fabs(v - row.best) <= 1e-9 && fabs(row.top - row.best) <= 1e-9;
    /* A re-roll of the town court worth more than every plan is the best, told apart. */
    if (a.reroll && a.reroll_best.v.goal > row.top) {
        row.top = a.reroll_best.v.goal;
        plan_best = fabs(row.top - row.best) <= 1e-9;
    }
    row.equal = a.exact && !a.plans_cut && plan_best;
    advice_free(&a);
    strbuf_free(&why);
    cut_close(&c);
    free(text);
    return row;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The summary line of n rows: mismatches, the largest plan count, median and max times. */
static void sweep_summary(const char *what, const struct sweep_row *row, size_t n)
{
    if (n == 0)
        return;
    double *w = calloc(n, sizeof *w), *c = calloc(n, sizeof *c);
    size_t most = 0, bad = 0;
    for (size_t k = 0; k < n; k++) {
        w[k] = row[k].wall;
        c[k] = row[k].cpu;
        most = row[k].nodes > most ? row[k].nodes : most;
        bad += !row[k].equal;
    }
    qsort(w, n, sizeof *w, by_double);
    qsort(c, n, sizeof *c, by_double);
    printf("%-9s %zu positions, %zu mismatches, largest %zu partial plans; hint wall median %.2f s max %.2f s, "
           "processor median %.2f s max %.2f s\n", what, n, bad, most, (w[(n - 1) / 2] + w[n / 2]) / 2, w[n - 1],
           (c[(n - 1) / 2] + c[n / 2]) / 2, c[n - 1]);
    free(w);
    free(c);
}

static void test_sweep(void **state)
{
    (void)state;
    char *spec = strdup(getenv("ADVICE_EXACT_SWEEP"));
    char *word[16];
    int nword = 0;
    for (char *t = strtok(spec, " "); t && nword < 16; t = strtok(NULL, " "))
        word[nword++] = t;
    if (nword < 3)
        fail_msg("ADVICE_EXACT_SWEEP: expected \"CLASS... SEED_FIRST SEED_LAST\"");
    uint64_t first = strtoull(word[nword - 2], NULL, 10), last = strtoull(word[nword - 1], NULL, 10);
    if (last < first)
        fail_msg("ADVICE_EXACT_SWEEP: SEED_LAST below SEED_FIRST");
    size_t per = (size_t)(last - first + 1), all_n = 0, bad = 0;
    struct sweep_row *all = calloc(per * (size_t)(nword - 2), sizeof *all);
    printf("%-9s %6s %4s %10s %10s %10s %5s %8s %8s\n", "class", "seed", "diff", "partial", "hint", "best",
           "equal", "wall s", "cpu s");
    for (int k = 0; k < nword - 2; k++) {
        int solo = strcmp(word[k], "solo") == 0, objective = strcmp(word[k], "objective") == 0;
        int nplayers = solo || objective ? 1 : atoi(word[k]);
        if (nplayers < 1 || nplayers > XII_MAX_PLAYERS)
            fail_msg("ADVICE_EXACT_SWEEP: unknown class '%s' (solo, objective, 2 to 5)", word[k]);
        struct sweep_row *row = all + all_n;
        for (uint64_t seed = first; seed <= last; seed++) {
            int difficulty = (int)(seed % (uint64_t)GD.ndifficulties);
            int obj = objective ? (int)((seed / 6) % (uint64_t)GD.nobjectives) : -1;
            struct sweep_row r = sweep_position(nplayers, difficulty, obj, seed);
            printf("%-9s %6llu %4d %10zu %10.4f %10.4f %5s %8.2f %8.2f\n", word[k], (unsigned long long)seed,
                   difficulty, r.nodes, r.top, r.best, r.equal ? "yes" : "NO", r.wall, r.cpu);
            fflush(stdout);
            bad += !r.equal;
            all[all_n++] = r;
        }
        sweep_summary(word[k], row, per);
    }
    sweep_summary("all", all, all_n);
    free(all);
    free(spec);
    assert_int_equal(bad, 0);
}

int main(void)
{
    if (getenv("ADVICE_EXACT_SWEEP")) {
        const struct CMUnitTest sweep[] = {cmocka_unit_test(test_sweep)};
        return cmocka_run_group_tests(sweep, fx_load, fx_unload);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_last_turn_exact),
        cmocka_unit_test(test_last_turn_beyond_old_cut),
        cmocka_unit_test(test_threads_same),
        cmocka_unit_test(test_last_round_not_last_seat),
        cmocka_unit_test(test_court_reroll_weighed),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
