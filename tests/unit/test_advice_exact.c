/* The advisor's top plan is the exact best on the game's last turn: positions cut from bot games
 * (solo games with each objective, multiplayer games) in round 10 after the last turn line and
 * the first two uses of its dice (the rest of the turn is the decision); the reference is computed here, apart from the advisor: every distinct plan the engine
 * lists (play_plans_visit), with no market conversion and with each one, the turn ended and the
 * game played to its end by the greedy bot, valued by the goal (rank_goal_value). A position
 * counts only when what follows the turn holds no chance (two seeds give the same outcome for
 * every plan) and the listing was not cut: there the reference is exact. */
#include "test.h"
#include <stdlib.h>
#include <string.h>
#include "advisor/advice.h"
#include "advisor/advice_position.h"
#include "bots/game.h"
#include "test_rules_fixture.h"
#include "test_advice.h"

/* The exact best of a position, by the enumeration. */
struct exact {
    int player;
    enum rank_goal goal;
    const struct play_bot *bot;
    double best;
    int chance;         /* two seeds disagreed: the outcome after the turn is not exact */
};

static void exact_one(struct exact *x, const struct game_state *after)
{
    struct game_state t = *after;
    if (engine_end_turn(&t, NULL, NULL, NULL) != 0)
        return;
    struct rank_outcome a, b;
    assert_int_equal(advice_play_out(&t, x->bot, 1, &a), 0);
    assert_int_equal(advice_play_out(&t, x->bot, 2, &b), 0);
    double v = rank_goal_value(&a, x->player, x->goal);
    if (v != rank_goal_value(&b, x->player, x->goal))
        x->chance = 1;
    if (v > x->best)
        x->best = v;
}

static int exact_plan(void *ctx, const struct play_plan *plan, const struct game_state *after)
{
    struct exact *x = ctx;
    for (int k = 0; k < plan->nmoves; k++)
        if (plan->move[k].kind == MOVE_COURT_REROLL)
            return 0;
    exact_one(x, after);
    struct move m[64];
    size_t n = play_market_choices(after, m, 64);
    for (size_t k = 0; k < n && k < 64; k++) {
        struct game_state t = *after;
        if (engine_apply(&t, &m[k], NULL, NULL) == 0)
            exact_one(x, &t);
    }
    return x->chance;
}

/* The value of a plan the advisor gave, played the same way as the reference. */
static double plan_value(const struct exact *x, const struct game_state *s, const struct play_plan *plan)
{
    struct game_state t = *s;
    assert_int_equal(play_plan_apply(&t, plan, NULL), 0);
    assert_int_equal(engine_end_turn(&t, NULL, NULL, NULL), 0);
    struct rank_outcome o;
    assert_int_equal(advice_play_out(&t, x->bot, 1, &o), 0);
    return rank_goal_value(&o, x->player, x->goal);
}

/* Checks the position at the end of a bot game's last turn line; returns 1 when it counted. */
static int check_game(int nplayers, int difficulty, int objective, uint64_t seed, int *wrong)
{
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct play_setup st = {nplayers, difficulty, objective, seed};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    assert_int_equal(play_game_run(&GD, &st, bots, &log, "exact", &fin), 0);
    char *text = strbuf_detach(&log);
    char *cut = strstr(text, "\nround 10\n");
    assert_non_null(cut);
    char *last = NULL;
    for (char *p = strstr(cut, "\nturn "); p; p = strstr(p + 1, "\nturn "))
        last = p;
    assert_non_null(last);
    /* After the turn line and the first two uses of its dice, as the bot played them. */
    char *eol = strchr(last + 1, '\n');
    for (int k = 0; k < 2 && eol && eol[1] == ' '; k++)
        eol = strchr(eol + 1, '\n');
    assert_non_null(eol);
    eol[1] = 0;
    struct cut_log c;
    cut_open(&c, text);
    const struct advice_position pos = c.pos;
    struct strbuf why = STRBUF_INIT;
    assert_int_equal(pos.kind, ADVICE_TURN);

    struct advice_options o;
    memset(&o, 0, sizeof o);
    o.bot = b;
    o.goal = -1;
    o.rank.first_rollouts = ADVICE_RACE_MIN;
    o.rank.max_rollouts = 256;
    o.rank.race = 1;
    o.rank.race_min = ADVICE_RACE_MIN;
    o.rank.precision = 0.5;
    o.rank.seed = 1;
    o.rank.threads = 2;
    struct advice a;
    assert_int_equal(advice_rank(&pos, NULL, &o, &a, &why), 0);

    struct exact x = {pos.player, a.goal, &b, -1e9, 0};
    struct play_plans_stats ps;
    play_plans_visit(pos.s, ADVICE_SCREEN_NODES_LAST, exact_plan, &x, &ps);
    int counted = !x.chance && !ps.truncated && !a.plans_cut;
    if (counted) {
        double top = plan_value(&x, pos.s, &a.ranked[0].choice.plan);
        if (top != x.best) {
            print_error("players %d, difficulty %d, objective %d, seed %llu: the top plan is worth %.3f, "
                        "the best %.3f\n", nplayers, difficulty, objective, (unsigned long long)seed, top, x.best);
            (*wrong)++;
        }
    }
    advice_free(&a);
    strbuf_free(&why);
    cut_close(&c);
    free(text);
    return counted;
}

static void test_last_turn_exact(void **state)
{
    (void)state;
    int counted = 0, tried = 0, wrong = 0, solo = 0, multi = 0;
    /* Solo games, each objective in turn over the difficulties; then 2- to 4-player games. */
    for (uint64_t seed = 1; seed <= 48; seed++, tried++) {
        int objective = (int)(seed % (uint64_t)GD.nobjectives);
        int c = check_game(1, (int)(seed % (uint64_t)GD.ndifficulties), objective, seed, &wrong);
        counted += c;
        solo += c;
    }
    for (uint64_t seed = 1; seed <= 24; seed++, tried++) {
        int c = check_game(2 + (int)(seed % 3), GD.default_difficulty, -1, 100 + seed, &wrong);
        counted += c;
        multi += c;
    }
    print_message("last turns: %d of %d positions exact (%d solo, %d multiplayer), %d not the best\n", counted,
                  tried, solo, multi, wrong);
    assert_int_equal(wrong, 0);
    assert_true(counted >= 50);
    assert_true(multi >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_last_turn_exact),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
