/* Rules engine, special abilities: sheriff, town court, witch (two dice, split), miller, mill,
 * jongleur. Tests named test_Tnn_* / test_Ann_* pin a worked example / an ambiguity. */
#include "test.h"
#include "test_rules_fixture.h"

static void test_sheriff_perk_a(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'a');
    fx_turn(&s, 6, 2, 3, 1);
    const char *msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 5, DIE_ANY), "die-range");
    assert_string_equal(msg, "the sheriff raises a die by 1: 3 can become 4, not 5");
    msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 2, DIE_ANY), "perk-not-owned");
    assert_string_equal(msg, "Jack's sheriff has perk a, which cannot lower a die");
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 6, 7, DIE_ANY), "die-range");
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 3, DIE_ANY), "die-range");
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), NULL);
    assert_int_equal(s.turn.dice[0].value, 4);
    msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 1, 2, DIE_ANY), "once-per-turn");
    assert_string_equal(msg, "Jack has already used the sheriff this turn");
    fx_ok(&s, fx_inf(4, "forest"), NULL);
}

/* A15: the sheriff's results stay within 1..6; perk b lowers by 1 or 2. */
static void test_A15_sheriff_perk_b_range(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'b');
    fx_turn(&s, 6, 2, 5, 1);
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 5, 2, DIE_ANY), "die-range");
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 1, 0, DIE_ANY), "die-range");
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 5, 6, DIE_ANY), "perk-not-owned");
    const char *msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 5, 5, DIE_ANY), "die-range");
    assert_string_equal(msg, "the sheriff must change the die (5 to 5 given)");
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 5, 3, DIE_ANY), NULL);
    assert_int_equal(s.turn.dice[0].value, 3);
}

/* A10, A14: abilities only on unspent dice of the turn, never on the reserve, only in a turn. */
static void test_A14_abilities_only_on_unspent_turn_dice(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'a');
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 2, 3, DIE_ANY), "round-order");
    fx_turn(&s, 6, 2, 3, 1);
    const char *msg = fx_refused(&s, fx_res(fx_ability(MOVE_SHERIFF, 4, 5, DIE_ANY)), "die-unavailable");
    assert_string_equal(msg, "the sheriff cannot change a reserve die");
    fx_ok(&s, fx_inf(3, "forest"), NULL);
    msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), "die-unavailable");
    assert_string_equal(msg, "no unspent die shows 3 (unspent: 1, 6, 2)");
}

/* Usable in the turn it is acquired. */
static void test_sheriff_usable_in_turn_acquired(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 5);
    fx_turn(&s, 6, 2, 3, 1);
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), "perk-not-owned");
    fx_ok(&s, fx_acq(2, "sheriff", 'a'), NULL);
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), NULL);
}

/* A61: a die altered by the sheriff can then satisfy restriction 3. */
static void test_A61_sheriff_before_exact_die(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'b');
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 7);
    fx_set(&s, 0, "supply", 4);
    fx_set(&s, 0, "food", 1);
    fx_turn(&s, 6, 5, 3, 1);
    fx_refused(&s, fx_acq(3, "mill", 'a'), "exact-die");
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 2, DIE_ANY), NULL);
    fx_ok(&s, fx_acq(2, "mill", 'a'), NULL);
    assert_int_equal(fx_val(&s, 0, "supply"), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
}

/* A17: a change to a shared die stays for the later players, even making the shared dice
 * equal; restriction 1 of the next turn uses the changed values. */
static void test_A17_shared_change_is_permanent(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    fx_give(&s, 0, "sheriff", 'a');
    fx_turn(&s, 5, 6, 1, 2);
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 5, 6, DIE_ANY), NULL);
    assert_int_equal(s.shared[0], 6);
    assert_int_equal(s.shared[1], 6);
    fx_ok(&s, fx_inf(6, "forest"), NULL);
    fx_ok(&s, fx_inf(6, "quarry"), NULL);
    fx_ok(&s, fx_inf(1, "grassland"), NULL);
    fx_ok(&s, fx_inf(2, "farmland"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(engine_begin_turn(&s, 1, 3, 4, NULL), 0);
    assert_int_equal(s.turn.dice[2].value, 6);
    assert_int_equal(s.turn.dice[3].value, 6);
    assert_true(s.turn.dice[2].restricted && s.turn.dice[3].restricted);
}

/* move-log.md: own/shared must be said only when it matters. */
static void test_sheriff_own_or_shared(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    fx_give(&s, 0, "sheriff", 'a');
    fx_turn(&s, 3, 6, 3, 1);
    /* Tom plays later: a shared change would stay, so the choice matters. */
    const char *msg = fx_refused(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), "dice");
    assert_string_equal(msg, "an own die and a shared die both show 3: say which one the sheriff changes (own or shared)");
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_SHARED), NULL);
    assert_int_equal(s.shared[0], 4);
    assert_int_equal(s.turn.dice[0].value, 3);

    /* Solo, same status: the own die. */
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'a');
    fx_turn(&s, 3, 6, 3, 1);
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 4, DIE_ANY), NULL);
    assert_int_equal(s.turn.dice[0].value, 4);
    assert_int_equal(s.shared[0], 3);

    /* Solo, only one of the two restricted: it matters. */
    fx_game(&s, 1);
    fx_give(&s, 0, "sheriff", 'a');
    fx_give(&s, 0, "town-court", 'a');
    fx_turn(&s, 2, 3, 4, 1);       /* own 4 restricted */
    fx_ok(&s, fx_ability(MOVE_COURT, 2, 4, DIE_ANY), NULL);    /* shared 2 -> 4, unrestricted */
    fx_refused(&s, fx_ability(MOVE_SHERIFF, 4, 5, DIE_ANY), "dice");
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 4, 5, DIE_OWN), NULL);
    assert_int_equal(s.turn.dice[0].value, 5);
    assert_true(s.turn.dice[0].restricted);
    assert_int_equal(s.shared[0], 4);
}

/* A16: town court perk a turns a 2 into a 4, perk b re-rolls a die showing 3 or less. */
static void test_A16_town_court(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "town-court", 'a');
    fx_turn(&s, 6, 2, 3, 1);
    const char *msg = fx_refused(&s, fx_ability(MOVE_COURT, 3, 4, DIE_ANY), "die-range");
    assert_string_equal(msg, "the town-court turns a 2 into a 4, not a 3 into a 4");
    msg = fx_refused(&s, fx_ability(MOVE_COURT_REROLL, 3, 5, DIE_ANY), "perk-not-owned");
    assert_string_equal(msg, "Jack's town-court has perk a, which cannot re-roll a die");
    fx_ok(&s, fx_ability(MOVE_COURT, 2, 4, DIE_ANY), NULL);
    assert_int_equal(s.shared[1], 4);
    fx_refused(&s, fx_ability(MOVE_COURT, 2, 4, DIE_ANY), "once-per-turn");

    fx_game(&s, 1);
    fx_give(&s, 0, "town-court", 'b');
    fx_give(&s, 0, "sheriff", 'a');
    fx_turn(&s, 6, 2, 4, 1);
    fx_refused(&s, fx_ability(MOVE_COURT_REROLL, 4, 5, DIE_ANY), "die-range");
    fx_refused(&s, fx_ability(MOVE_COURT_REROLL, 1, 7, DIE_ANY), "die-range");
    fx_ok(&s, fx_ability(MOVE_COURT_REROLL, 1, 6, DIE_ANY), NULL);
    assert_int_equal(s.turn.dice[1].value, 6);
    assert_false(s.turn.dice[1].restricted);    /* status fixed at the turn line (A4) */
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 2, 3, DIE_ANY), NULL);   /* both abilities in one turn */
    fx_refused(&s, fx_ability(MOVE_COURT_REROLL, 3, 1, DIE_ANY), "once-per-turn");
}

/* T16, A9: the witch's split. */
static void test_T16_witch_split(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "witch", 'b');
    fx_give(&s, 0, "monastery", 0);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "food", 10);
    fx_turn(&s, 6, 3, 5, 2);
    fx_ok(&s, fx_split(5, 1, "monks", 4, "food"), NULL);
    assert_int_equal(fx_val(&s, 0, "monks"), 1);
    assert_int_equal(fx_val(&s, 0, "food"), 12);
    assert_true(s.turn.dice[0].spent);
    fx_refused(&s, fx_split(3, 1, "supply", 2, "population"), "once-per-turn");
}

static void test_A09_split_rules(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "witch", 'b');
    fx_set(&s, 0, "population", 5);
    fx_turn(&s, 6, 3, 5, 2);
    const char *msg = fx_refused(&s, fx_split(5, 2, "food", 2, "supply"), "split");
    assert_string_equal(msg, "5 cannot be split into 2 and 2: the parts are at least 1 and add up to the die");
    fx_refused(&s, fx_split(5, 0, "food", 5, "supply"), "split");
    msg = fx_refused(&s, fx_split(5, 2, "food", 3, "food"), "split");
    assert_string_equal(msg, "the two parts of a split go to two different assets (food twice)");
    fx_refused(&s, fx_res(fx_split(5, 2, "food", 3, "supply")), "split");
    fx_refused(&s, fx_split(4, 2, "food", 2, "supply"), "die-unavailable");
    fx_refused(&s, fx_split(5, 2, "monks", 3, "supply"), "exact-die");   /* a part of 2 on monks */
    /* The second part is refused (restriction 2): nothing happens at all. */
    fx_ok(&s, fx_inc(3, "supply"), NULL);
    fx_refused(&s, fx_split(5, 2, "food", 3, "supply"), "one-die-per-asset");
    /* The second part sees the first (population 0 -> 1 makes food legal). */
    fx_set(&s, 0, "population", 0);
    fx_ok(&s, fx_split(5, 1, "population", 4, "food"), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 4);
    fx_refused(&s, fx_inc(2, "food"), "one-die-per-asset");     /* the parts count (A7) */
}

static void test_split_needs_the_witch_perk_b(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "witch", 'a');
    fx_set(&s, 0, "population", 5);
    fx_turn(&s, 6, 3, 5, 2);
    const char *msg = fx_refused(&s, fx_split(5, 2, "food", 3, "supply"), "perk-not-owned");
    assert_string_equal(msg, "Jack's witch has perk a, which cannot split a die");
    fx_game(&s, 1);
    fx_turn(&s, 6, 3, 5, 2);
    msg = fx_refused(&s, fx_split(5, 2, "food", 3, "supply"), "perk-not-owned");
    assert_string_equal(msg, "Jack cannot split a die: needs the witch");
}

/* A6: split parts keep the die's restricted status. */
static void test_A06_split_parts_stay_restricted(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "witch", 'b');
    fx_give(&s, 0, "blacksmith", 0);
    fx_set(&s, 0, "population", 10);
    fx_turn(&s, 6, 3, 5, 2);
    const char *note = fx_ok(&s, fx_split(6, 2, "farms", 4, "men-at-arms"), NULL);
    assert_string_equal(note, "restriction-highest-die");
    assert_int_equal(fx_val(&s, 0, "farms"), 1);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 3);
}

/* T26, A19: the miller's perk b: real dice showing 2 add 4 to food; not reserve dice, not
 * split parts; MAX 30 and the food requirement still apply. */
static void test_T26_miller_perk_b(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "miller", 'b');
    fx_give(&s, 0, "witch", 'b');
    fx_turn(&s, 6, 2, 4, 1);
    fx_refused(&s, fx_inc(2, "food"), "requirement");
    fx_set(&s, 0, "population", 2);
    fx_set(&s, 0, "food", 28);
    fx_ok(&s, fx_inc(2, "food"), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 30);

    fx_game(&s, 1);
    fx_give(&s, 0, "miller", 'b');
    fx_set(&s, 0, "population", 2);
    fx_turn(&s, 6, 2, 4, 1);
    fx_ok(&s, fx_inc(2, "food"), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 4);

    fx_game(&s, 1);
    fx_give(&s, 0, "miller", 'b');
    fx_set(&s, 0, "population", 2);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_res(fx_inc(2, "food")), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 2);

    fx_game(&s, 1);
    fx_give(&s, 0, "miller", 'b');
    fx_give(&s, 0, "witch", 'b');
    fx_set(&s, 0, "population", 2);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_split(4, 2, "food", 2, "supply"), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 2);
}

/* A20: with the mill's perk b, bread costs 2 food a unit. */
static void test_A20_mill_perk_b_bread(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "tavern", 0);
    fx_set(&s, 0, "food", 2);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_inc(1, "bread"), NULL);
    assert_int_equal(fx_val(&s, 0, "bread"), 0);    /* 3 food a unit: none affordable */
    fx_game(&s, 1);
    fx_give(&s, 0, "tavern", 0);
    fx_give(&s, 0, "mill", 'b');
    fx_set(&s, 0, "food", 2);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_inc(1, "bread"), NULL);
    assert_int_equal(fx_val(&s, 0, "bread"), 1);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
}

/* T28, A13: the jongleur writes its dice in printed order into free slots; the rest is lost;
 * the new dice are spendable from the next turn. */
static void test_T28_jongleur_overflow(void **state)
{
    (void)state;
    struct game_state s;
    struct history h = HISTORY_INIT;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    for (int k = 4; k < 8; k++) {
        s.p[0].reserve[k].value = 6;
        s.p[0].reserve[k].state = k < 6 ? SLOT_SPENT : SLOT_AVAILABLE;
    }
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_acq(1, "jongleur", 'a'), &h);
    assert_int_equal(s.p[0].reserve[8].value, 1);
    assert_int_equal(s.p[0].reserve[9].value, 2);
    assert_int_equal(s.p[0].reserve[9].state, SLOT_NEW);
    fx_refused(&s, fx_res(fx_inf(1, "grassland")), "reserve-new");
    int written = 0;
    for (size_t i = 0; i < h.count; i++)
        written += h.items[i].what == HIST_RESERVE && h.items[i].cause == CAUSE_PERK;
    assert_int_equal(written, 2);
    fx_ok(&s, fx_inf(3, "grassland"), NULL);
    fx_ok(&s, fx_inf(4, "forest"), NULL);
    fx_ok(&s, fx_inf(6, "quarry"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_res(fx_inf(1, "grassland")), NULL);
    history_free(&h);
}

/* A18, T27: the miller's perk a skips feeding with 3 bread (tested in the round tests too). */
static void test_T27_miller_perk_a(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "miller", 'a');
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "bread", 3);
    fx_turn(&s, 6, 3, 4, 1);
    fx_ok(&s, fx_inf(1, "grassland"), NULL);
    fx_ok(&s, fx_inf(3, "farmland"), NULL);
    fx_ok(&s, fx_inf(4, "forest"), NULL);
    fx_ok(&s, fx_inf(6, "quarry"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(fx_val(&s, 0, "population"), 10);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sheriff_perk_a),
        cmocka_unit_test(test_A15_sheriff_perk_b_range),
        cmocka_unit_test(test_A14_abilities_only_on_unspent_turn_dice),
        cmocka_unit_test(test_sheriff_usable_in_turn_acquired),
        cmocka_unit_test(test_A61_sheriff_before_exact_die),
        cmocka_unit_test(test_A17_shared_change_is_permanent),
        cmocka_unit_test(test_sheriff_own_or_shared),
        cmocka_unit_test(test_A16_town_court),
        cmocka_unit_test(test_T16_witch_split),
        cmocka_unit_test(test_A09_split_rules),
        cmocka_unit_test(test_split_needs_the_witch_perk_b),
        cmocka_unit_test(test_A06_split_parts_stay_restricted),
        cmocka_unit_test(test_T26_miller_perk_b),
        cmocka_unit_test(test_A20_mill_perk_b_bread),
        cmocka_unit_test(test_T28_jongleur_overflow),
        cmocka_unit_test(test_T27_miller_perk_a),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
