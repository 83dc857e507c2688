/* Rules engine: POW, the score, winners and tie-break, solo objectives, legal-move listing. */
#include "test.h"
#include "test_rules_fixture.h"

/* Ends the game as it stands (the phase the winners need). */
static void game_over(struct game_state *s)
{
    s->round = GD_ROUNDS;
    s->phase = PHASE_GAME_OVER;
}

/* T18: 1 VP per population, 2 per strong ale. */
static void test_T18_vp_examples(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 7);
    assert_int_equal(engine_score(&s, 0, NULL), 7);
    fx_set(&s, 0, "strong-ale", 3);
    assert_int_equal(engine_score(&s, 0, NULL), 13);
    fx_set(&s, 0, "food", 30);
    fx_set(&s, 0, "supply", 30);
    fx_set(&s, 0, "farms", 7);
    fx_set(&s, 0, "men-at-arms", 7);
    s.p[0].influence[L_FOREST] = 20;
    assert_int_equal(engine_score(&s, 0, NULL), 13);
}

/* The score formula of rules.md, A49 (castle perk b). */
static void test_score_breakdown(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "strong-ale", 3);
    fx_set(&s, 0, "stone-houses", 5);
    fx_set(&s, 0, "monks", 2);
    fx_set(&s, 0, "mercenaries", 1);
    fx_set(&s, 0, "masons", 2);
    fx_set(&s, 0, "bread", 3);
    s.p[0].reputation = 5;
    fx_give(&s, 0, "master-builder", 0);
    fx_give(&s, 0, "blacksmith", 0);
    fx_give(&s, 0, "sheriff", 'a');
    fx_give(&s, 0, "stables", 0);
    fx_give(&s, 0, "castle", 'b');
    struct score_breakdown b;
    assert_int_equal(engine_score(&s, 0, &b), 93);
    assert_int_equal(b.assets, 10 + 6 + 5 + 4 + 2 + 2 + 15);
    assert_int_equal(b.reputation, 8);
    assert_int_equal(b.people, 3);
    assert_int_equal(b.infrastructures, 33);
    assert_int_equal(b.castle, 5);
    assert_int_equal(b.total, b.assets + b.reputation + b.people + b.infrastructures + b.castle);
}

/* POW: base (assets and people) and full (plus infrastructures and the castle's perk a). */
static void test_pow(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "men-at-arms", 4);
    fx_set(&s, 0, "knights", 3);
    fx_set(&s, 0, "mercenaries", 2);
    fx_give(&s, 0, "army-chief", 0);
    fx_give(&s, 0, "war-hero", 0);
    assert_int_equal(engine_pow_base(&s, 0), 4 + 6 + 6 + 3 + 6);
    fx_give(&s, 0, "town-walls", 0);
    fx_give(&s, 0, "barbican", 0);
    assert_int_equal(engine_pow_full(&s, 0), 25 + 20);
    fx_give(&s, 0, "castle", 'a');
    assert_int_equal(engine_pow_full(&s, 0), 65);
    assert_int_equal(engine_pow_base(&s, 0), 25);
    fx_game(&s, 1);
    fx_give(&s, 0, "castle", 'b');
    assert_int_equal(engine_pow_full(&s, 0), 0);
}

/* A43 and rules.md: ties go to the higher POW without bonus dice (infrastructures count); still
 * tied, all share. */
static void test_A43_tie_break(void **state)
{
    (void)state;
    struct game_state s;
    int w[XII_MAX_PLAYERS];
    fx_game(&s, 3);
    for (int p = 0; p < 3; p++)
        fx_set(&s, p, "population", 10);
    fx_set(&s, 2, "population", 9);
    game_over(&s);
    assert_int_equal(engine_winners(&s, w), 2);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[1], 1);
    fx_set(&s, 0, "men-at-arms", 5);        /* no VP, 5 POW */
    fx_give(&s, 1, "town-walls", 0);        /* 6 VP, 10 POW */
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 1, "population", 4);
    assert_int_equal(engine_score(&s, 0, NULL), engine_score(&s, 1, NULL));
    assert_int_equal(engine_winners(&s, w), 1);
    assert_int_equal(w[0], 1);
}

/* Solo: the objective decides (checked at the end); arcade has no winner; A51: no reputation,
 * so the war hero cannot be attracted. */
static void test_A51_solo_objectives(void **state)
{
    (void)state;
    struct game_state s;
    int w[XII_MAX_PLAYERS];
    struct game_config cfg = fx_config(1);
    cfg.objective = gamedata_objective(&GD, "merchant", 8);
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    fx_give(&s, 0, "wealthy-merchant", 0);
    fx_set(&s, 0, "food", 20);
    fx_set(&s, 0, "supply", 20);
    fx_set(&s, 0, "bread", 3);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "stone-houses", 10);
    fx_give(&s, 0, "tavern", 0);
    fx_give(&s, 0, "cathedral", 0);
    fx_give(&s, 0, "master-builder", 0);
    assert_int_equal(engine_score(&s, 0, NULL), 8 + 15 + 10 + 10 + 10 + 20 + 1);
    assert_int_equal(engine_objective_achieved(&s), 0);     /* 74 < 80 */
    fx_set(&s, 0, "strong-ale", 3);
    assert_int_equal(engine_objective_achieved(&s), 1);
    assert_int_equal(engine_winners(&s, w), 0);             /* not over yet */
    game_over(&s);
    assert_int_equal(engine_winners(&s, w), 1);
    assert_int_equal(w[0], 0);
    fx_set(&s, 0, "supply", 19);
    assert_int_equal(engine_winners(&s, w), 0);

    cfg.objective = -1;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    assert_int_equal(engine_objective_achieved(&s), -1);
    game_over(&s);
    assert_int_equal(engine_winners(&s, w), 0);

    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 10);
    fx_turn(&s, 1, 2, 3, 4);
    fx_ok(&s, fx_acq(3, "army-chief", 0), NULL);
    const char *msg = fx_refused(&s, fx_acq(4, "war-hero", 0), "requirement");
    assert_string_equal(msg, "Jack cannot attract the war-hero: requires reputation 3 or more (has 0)");
}

/* The legal-move list: every listed move passes engine_check; a few expected ones are there. */
static void test_legal_moves(void **state)
{
    (void)state;
    struct game_state s;
    static struct move moves[4096];
    fx_game(&s, 1);
    assert_int_equal(engine_legal_moves(&s, 0, moves, 4096), 0);
    fx_set(&s, 0, "population", 4);
    fx_give(&s, 0, "witch", 'b');
    fx_turn(&s, 6, 2, 3, 1);
    size_t n = engine_legal_moves(&s, 0, moves, 4096);
    assert_true(n > 0 && n < 4096);
    int saw_blacksmith = 0, saw_split = 0, saw_reserve = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(engine_check(&s, &moves[i], NULL), 0);
        if (moves[i].kind == MOVE_ACQUIRE && moves[i].target == fx_item("blacksmith") && moves[i].die == 6)
            saw_blacksmith = 1;
        if (moves[i].kind == MOVE_SPLIT && moves[i].die == 3)
            saw_split = 1;
        if (moves[i].from_reserve && moves[i].die == 5)
            saw_reserve = 1;
        assert_false(moves[i].kind == MOVE_ASSET && moves[i].target == A_MEN_AT_ARMS);
    }
    assert_true(saw_blacksmith && saw_split && saw_reserve);
    size_t only3 = engine_legal_moves(&s, 3, moves, 4096);
    for (size_t i = 0; i < only3; i++)
        assert_int_equal(moves[i].die, 3);
    assert_true(only3 < n);
    assert_int_equal(engine_legal_moves(&s, 0, moves, 2), n);   /* counts beyond cap */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_T18_vp_examples),
        cmocka_unit_test(test_score_breakdown),
        cmocka_unit_test(test_pow),
        cmocka_unit_test(test_A43_tie_break),
        cmocka_unit_test(test_A51_solo_objectives),
        cmocka_unit_test(test_legal_moves),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
