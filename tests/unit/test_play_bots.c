/* Bots (src/bots): every game a bot plays replays through the audit's own replay with no
 * diagnostic to the same final sheets; plans enumerate distinct complete uses of the dice that
 * re-apply to the state they promise; rollouts are deterministic and leave their state alone;
 * greedy beats random by more than three standard errors on fixed seeds. */
#include "test.h"
#include <string.h>
#include <math.h>
#include <stdlib.h>
#include "test_rules_fixture.h"
#include "test_audit_clean.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "bots/eval.h"
#include "bots/game.h"

static struct play_bot RANDOM = {PLAY_BOT_RANDOM, 0}, GREEDY = {PLAY_BOT_GREEDY, 0};

static void same_sheets(const struct game_state *a, const struct game_state *b)
{
    assert_int_equal(a->cfg.nplayers, b->cfg.nplayers);
    for (int p = 0; p < a->cfg.nplayers; p++) {
        assert_memory_equal(a->p[p].asset, b->p[p].asset, sizeof a->p[p].asset);
        assert_memory_equal(a->p[p].influence, b->p[p].influence, sizeof a->p[p].influence);
        assert_int_equal(a->p[p].reputation, b->p[p].reputation);
        assert_int_equal(a->p[p].owned, b->p[p].owned);
        assert_int_equal(engine_score(a, p, NULL), engine_score(b, p, NULL));
    }
}

/* Plays one game, replays its log: no diagnostic (the final check lines agree), same sheets. */
static void play_and_replay(const struct play_setup *st, const struct play_bot *bot)
{
    const struct play_bot *bots[XII_MAX_PLAYERS] = {bot, bot, bot, bot, bot};
    struct strbuf text = STRBUF_INIT;
    struct game_state final;
    assert_int_equal(play_game_run(&GD, st, bots, &text, "bots", &final), 0);
    assert_int_equal(final.phase, PHASE_GAME_OVER);
    struct log_ast *ast;
    struct log_replay *r = audit_clean(text.data, text.len, "bots.xii", &ast);
    assert_int_equal(r->state.phase, PHASE_GAME_OVER);
    same_sheets(&r->state, &final);
    log_replay_free(r);
    log_free(ast);
    strbuf_free(&text);
}

/* Every difficulty, 1 to 5 players, every solo objective and arcade. */
static void many_games(const struct play_bot *bot, int per_case)
{
    uint64_t seed = 1;
    for (int d = 0; d < GD.ndifficulties; d++)
        for (int n = 1; n <= XII_MAX_PLAYERS; n++)
            for (int o = n == 1 ? -1 : -1; o < (n == 1 ? GD.nobjectives : 0); o++)
                for (int k = 0; k < per_case; k++) {
                    struct play_setup st = {n, d, o, seed++};
                    play_and_replay(&st, bot);
                }
}

static void test_random_games_replay(void **state)
{
    (void)state;
    many_games(&RANDOM, 40);
}

static void test_greedy_games_replay(void **state)
{
    (void)state;
    many_games(&GREEDY, 4);
}

static void test_search_games_replay(void **state)
{
    (void)state;
    struct play_bot search = {PLAY_BOT_SEARCH, 24};
    for (int n = 1; n <= 3; n++) {
        struct play_setup st = {n, n, n == 1 ? 2 : -1, 77 + (uint64_t)n};
        play_and_replay(&st, &search);
    }
}

/* A game's seed gives the same game: events, dice, choices. */
static void test_same_seed_same_game(void **state)
{
    (void)state;
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&GREEDY, &RANDOM, &GREEDY};
    struct play_setup st = {3, 2, -1, 4242};
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    struct game_state fa, fb;
    assert_int_equal(play_game_run(&GD, &st, bots, &a, NULL, &fa), 0);
    assert_int_equal(play_game_run(&GD, &st, bots, &b, NULL, &fb), 0);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    st.seed++;
    strbuf_free(&b);
    assert_int_equal(play_game_run(&GD, &st, bots, &b, NULL, &fb), 0);
    assert_true(a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
    strbuf_free(&a);
    strbuf_free(&b);
}

/* One step of a game with the greedy bot in every seat and fixed dice (no play_game). */
static void greedy_step(struct game_state *s, int k)
{
    struct play_rng rng = {(uint64_t)k};
    if (s->turn.player >= 0) {
        struct play_plan gp = {0};
        play_bot_turn(&GREEDY, s, &rng, &gp);
        assert_int_equal(play_plan_apply(s, &gp, NULL), 0);
        assert_int_equal(engine_end_turn(s, NULL, NULL, NULL), 0);
    } else if (s->phase != PHASE_ROUND) {
        assert_int_equal(engine_begin_round(s, s->round + 1, NULL, NULL), 0);
    } else if (s->outlaws_pending) {
        assert_int_equal(engine_outlaws_resolve_unrolled(s, NULL, NULL), 0);
    } else if (!s->shared_set) {
        assert_int_equal(engine_set_shared(s, 1 + s->round % 6, 1 + (s->round + 2) % 6, NULL), 0);
    } else if (engine_next_player(s) >= 0) {
        assert_int_equal(engine_begin_turn(s, engine_next_player(s), 1 + k % 6, 6 - k % 5, NULL), 0);
    } else {
        struct war_entry e[XII_MAX_PLAYERS];
        memset(e, 0, sizeof e);
        if (s->cfg.nplayers > 1 && !s->war_done)
            assert_int_equal(engine_war(s, e, NULL, NULL), 0);
        assert_int_equal(engine_end_round(s, NULL, NULL), 0);
    }
}

/* ---- plans ------------------------------------------------------------------------------- */

#define MAX_SEEN 65536

struct seen_plans {
    const struct game_state *start;
    struct player_state *sheets;    /* MAX_SEEN */
    int n;
    int greedy_found;
    const struct player_state *greedy_sheet;
};

static int check_plan(void *ctx, const struct play_plan *plan, const struct game_state *after)
{
    struct seen_plans *sp = ctx;
    int p = sp->start->turn.player;
    assert_int_equal(play_turn_dice_left(after), 0);
    struct game_state t = *sp->start;
    assert_int_equal(play_plan_apply(&t, plan, NULL), 0);
    assert_memory_equal(&t.p[p], &after->p[p], sizeof t.p[p]);
    assert_memory_equal(&t.turn, &after->turn, sizeof t.turn);
    assert_true(sp->n < MAX_SEEN);
    sp->sheets[sp->n++] = after->p[p];
    if (memcmp(&after->p[p], sp->greedy_sheet, sizeof after->p[p]) == 0)
        sp->greedy_found = 1;
    return 0;
}

static int sheet_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(struct player_state));
}

/* One turn start: every plan re-applies to its state, the sheets (and turns) differ, greedy's
 * own plan is one of them, a bound stops the walk; the beam's best plans are legal, complete
 * and ranked. */
static void check_turn_plans(const struct game_state *s, struct seen_plans *sp)
{
    int p = s->turn.player;
    struct play_plan gp = {0};
    play_greedy_turn(s, &gp);
    while (gp.nmoves && gp.move[gp.nmoves - 1].kind == MOVE_MARKET)
        gp.nmoves--;    /* plans stop before the market */
    struct game_state t = *s;
    assert_int_equal(play_plan_apply(&t, &gp, NULL), 0);
    sp->n = 0;
    sp->greedy_found = 0;
    sp->start = s;
    sp->greedy_sheet = &t.p[p];
    struct play_plans_stats pst;
    size_t n = play_plans_visit(s, 0, check_plan, sp, &pst);
    assert_int_equal(n, pst.plans);
    assert_false(pst.truncated);
    assert_true(n >= 1 && pst.nodes >= n);
    assert_true(sp->greedy_found);
    /* Distinct plans may reach one sheet only with different dice spent (the turn differs). */
    qsort(sp->sheets, (size_t)sp->n, sizeof sp->sheets[0], sheet_cmp);
    int same = 0;
    for (int i = 1; i < sp->n; i++)
        same += memcmp(&sp->sheets[i], &sp->sheets[i - 1], sizeof sp->sheets[i]) == 0;
    assert_true(same < sp->n / 2 + 1);
    size_t cut = play_plans_visit(s, 5, check_plan, sp, &pst);
    assert_true(cut <= n);
    assert_true(pst.truncated && pst.nodes == 5);
    struct play_plan_value best[8];
    int nb = play_plans_best(s, 8, best);
    assert_true(nb >= 1 && nb <= 8);
    for (int i = 0; i < nb; i++) {
        struct game_state u = *s;
        assert_int_equal(play_plan_apply(&u, &best[i].plan, NULL), 0);
        assert_int_equal(play_turn_dice_left(&u), 0);
        struct turn_end te;
        assert_int_equal(engine_end_turn(&u, NULL, &te, NULL), 0);
        assert_null(te.unspent.rule);
        assert_true(fabs(play_eval(&u, p) - best[i].value) < 1e-9);
        if (i)
            assert_true(best[i].value <= best[i - 1].value);
    }
}

/* Turn starts of a 2-player game, the reserve dice crossed out (fewer plans: the test stays
 * fast; the reserve is exercised by the bots' games). */
static void test_plans(void **state)
{
    (void)state;
    struct game_config cfg;
    struct play_setup st = {2, 0, -1, 9};
    assert_int_equal(play_setup_config(&GD, &st, &cfg), 0);
    struct game_state s;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    struct seen_plans sp = {0};
    sp.sheets = calloc(MAX_SEEN, sizeof *sp.sheets);
    int turns = 0;
    for (int k = 0; s.phase != PHASE_GAME_OVER && turns < 6; k++) {
        if (s.turn.player >= 0 && play_turn_dice_left(&s) == XII_TURN_DICE && k % 3 == 0) {
            struct game_state t = s;
            for (int i = 0; i < GD.reserve_slots; i++)
                if (t.p[t.turn.player].reserve[i].state == SLOT_AVAILABLE)
                    t.p[t.turn.player].reserve[i].state = SLOT_SPENT;
            check_turn_plans(&t, &sp);
            turns++;
        }
        greedy_step(&s, k);
    }
    assert_int_equal(turns, 6);
    free(sp.sheets);
}

static void test_plans_without_turn(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    assert_int_equal(play_plans_visit(&s, 0, check_plan, NULL, NULL), 0);
    struct move m[4];
    assert_int_equal(play_market_choices(&s, m, 4), 0);
}

/* The cached evaluation equals the full one for every move of every turn of a few games
 * (the base position, one move from it, two moves from it). */
static void test_eval_cache(void **state)
{
    (void)state;
    static struct move moves[512], more[512];
    size_t checked = 0;
    for (int n = 1; n <= 3; n++) {
        struct game_config cfg;
        struct play_setup st = {n, 2 + n, n == 1 ? 2 : -1, 60 + (uint64_t)n};
        assert_int_equal(play_setup_config(&GD, &st, &cfg), 0);
        struct game_state s;
        assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
        for (int k = 0; s.phase != PHASE_GAME_OVER; k++) {
            if (s.turn.player >= 0 && play_turn_dice_left(&s) > 0) {
                struct play_eval_cache c;
                play_eval_cache_init(&c, &s, s.turn.player);
                assert_true(fabs(play_eval_cached(&c, &s) - play_eval(&s, s.turn.player)) < 1e-9);
                size_t nm = engine_legal_moves(&s, 0, moves, 512);
                struct engine_undo u;
                engine_undo_save(&s, &u);
                for (size_t i = 0; i < nm && i < 512; i++) {
                    assert_int_equal(engine_apply(&s, &moves[i], NULL, NULL), 0);
                    assert_true(fabs(play_eval_cached(&c, &s) - play_eval(&s, s.turn.player)) < 1e-9);
                    size_t n2 = engine_legal_moves(&s, 0, more, 512);
                    struct engine_undo u2;
                    engine_undo_save(&s, &u2);
                    for (size_t j = 0; j < n2 && j < 512; j += 7) {
                        assert_int_equal(engine_apply(&s, &more[j], NULL, NULL), 0);
                        assert_true(fabs(play_eval_cached(&c, &s) - play_eval(&s, s.turn.player)) < 1e-9);
                        engine_undo_restore(&s, &u2);
                        checked++;
                    }
                    engine_undo_restore(&s, &u);
                    checked++;
                }
            }
            greedy_step(&s, k);
        }
    }
    assert_true(checked > 1000);
}

/* ---- rollouts ----------------------------------------------------------------------------- */

static void test_rollout(void **state)
{
    (void)state;
    struct game_config cfg;
    struct play_setup st = {3, 2, -1, 31};
    assert_int_equal(play_setup_config(&GD, &st, &cfg), 0);
    struct game_state s;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    /* Into round 3, in the middle of a turn. */
    for (int k = 0; !(s.round == 3 && s.turn.player >= 0); k++)
        greedy_step(&s, k);
    struct move m = {0};
    size_t n = engine_legal_moves(&s, 0, &m, 1);
    assert_true(n > 0);
    assert_int_equal(engine_apply(&s, &m, NULL, NULL), 0);
    struct game_state before = s;
    double a[XII_MAX_PLAYERS], b[XII_MAX_PLAYERS];
    int differ = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        assert_int_equal(play_rollout(&s, &GREEDY, seed, a), 0);
        assert_memory_equal(&before, &s, sizeof s);
        assert_int_equal(play_rollout(&s, &GREEDY, seed, b), 0);
        assert_memory_equal(a, b, 3 * sizeof a[0]);
        double c[XII_MAX_PLAYERS];
        assert_int_equal(play_rollout(&s, &RANDOM, seed + 100, c), 0);
        differ += memcmp(a, c, 3 * sizeof a[0]) != 0;
        for (int p = 0; p < 3; p++)
            assert_true(a[p] >= 0 && a[p] < 400);
    }
    assert_true(differ > 0);
    /* A finished game rolls out to itself. */
    struct game_state over;
    struct play_setup so = {1, 0, 0, 5};
    const struct play_bot *bots[1] = {&GREEDY};
    assert_int_equal(play_game_run(&GD, &so, bots, NULL, NULL, &over), 0);
    assert_int_equal(play_rollout(&over, &RANDOM, 3, a), 0);
    assert_true(a[0] == play_outcome(&over, 0));
    assert_true(play_eval(&over, 0) == play_outcome(&over, 0));
}

/* ---- strength ----------------------------------------------------------------------------- */

/* Mean and standard error of bot x's score minus bot y's, same seeds (same events and dice). */
static void paired(const struct play_bot *x, const struct play_bot *y, int players, int games,
                   double *mean, double *se)
{
    double sum = 0, sum2 = 0;
    for (int k = 0; k < games; k++) {
        struct play_setup st = {players, k % 3 * 2, -1, 5000 + (uint64_t)k};
        const struct play_bot *bx[XII_MAX_PLAYERS] = {x, x, x, x, x}, *by[XII_MAX_PLAYERS] = {y, y, y, y, y};
        struct game_state fx, fy;
        assert_int_equal(play_game_run(&GD, &st, bx, NULL, NULL, &fx), 0);
        assert_int_equal(play_game_run(&GD, &st, by, NULL, NULL, &fy), 0);
        for (int p = 0; p < players; p++) {
            double d = engine_score(&fx, p, NULL) - engine_score(&fy, p, NULL);
            sum += d;
            sum2 += d * d;
        }
    }
    int n = games * players;
    *mean = sum / n;
    *se = sqrt((sum2 / n - *mean * *mean) / (n - 1));
}

static void test_greedy_beats_random(void **state)
{
    (void)state;
    double mean, se;
    paired(&GREEDY, &RANDOM, 1, 60, &mean, &se);
    fprintf(stderr, "greedy - random, solo: %.1f (standard error %.2f)\n", mean, se);
    assert_true(mean > 3 * se);
    paired(&GREEDY, &RANDOM, 3, 20, &mean, &se);
    fprintf(stderr, "greedy - random, 3 players: %.1f (standard error %.2f)\n", mean, se);
    assert_true(mean > 3 * se);
}

/* A small budget keeps the test fast; the margin is large (bench/NOTES.md has the figures). */
static void test_search_beats_greedy(void **state)
{
    (void)state;
    struct play_bot search = {PLAY_BOT_SEARCH, 16};
    double mean, se;
    paired(&search, &GREEDY, 1, 10, &mean, &se);
    fprintf(stderr, "search (budget 16) - greedy, solo: %.1f (standard error %.2f)\n", mean, se);
    assert_true(mean > 3 * se);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_replay),
        cmocka_unit_test(test_greedy_games_replay),
        cmocka_unit_test(test_search_games_replay),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_plans),
        cmocka_unit_test(test_plans_without_turn),
        cmocka_unit_test(test_eval_cache),
        cmocka_unit_test(test_rollout),
        cmocka_unit_test(test_greedy_beats_random),
        cmocka_unit_test(test_search_beats_greedy),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
