/* Rules engine, a player's turn: spending dice, the four restrictions, the reserve, costs,
 * requirements, acquisitions. Worked examples of section 10 are named test_Tnn_*; tests pinning
 * an ambiguity are named test_Ann_* (rules-reconstruction.md section 11). */
#include "test.h"
#include "test_rules_fixture.h"

/* T2: Jack's first turn and Figure 9. */
static void test_T02_jack_first_turn(void **state)
{
    (void)state;
    struct game_state s;
    struct history h = HISTORY_INIT;
    fx_game(&s, 4);
    fx_turn(&s, 5, 6, 3, 1);
    assert_int_equal(s.turn.player, 0);
    assert_null(fx_ok(&s, fx_inc(6, "population"), &h));     /* the highest die, but basic */
    assert_int_equal(fx_val(&s, 0, "population"), 6);
    fx_ok(&s, fx_inc(3, "food"), &h);
    fx_ok(&s, fx_acq(1, "master-builder", 0), &h);
    fx_ok(&s, fx_inc(5, "supply"), &h);
    fx_ok(&s, fx_res(fx_inf(3, "quarry")), &h);
    assert_int_equal(s.p[0].reserve[0].state, SLOT_AVAILABLE);
    assert_int_equal(s.p[0].reserve[1].state, SLOT_SPENT);
    assert_int_equal(s.p[0].reserve[1].value, 3);
    fx_end(&s, &h);
    assert_int_equal(fx_val(&s, 0, "population"), 6);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
    assert_int_equal(fx_val(&s, 0, "supply"), 5);
    assert_true(engine_owns(&s, 0, fx_item("master-builder")));
    assert_int_equal(s.p[0].influence[L_QUARRY], 3);
    /* The history has every change with its cause. */
    int found_feed = 0, found_item = 0;
    for (size_t i = 0; i < h.count; i++) {
        if (h.items[i].what == HIST_ASSET && h.items[i].index == A_FOOD && h.items[i].cause == CAUSE_FEEDING) {
            assert_int_equal(h.items[i].old_value, 3);
            assert_int_equal(h.items[i].new_value, 0);
            found_feed = 1;
        }
        if (h.items[i].what == HIST_ITEM && h.items[i].cause == CAUSE_DIE && h.items[i].die == 1)
            found_item = 1;
        assert_int_equal(h.items[i].round, 1);
        assert_int_equal(h.items[i].player, 0);
    }
    assert_true(found_feed);
    assert_true(found_item);
    history_free(&h);
}

/* T5: an increase is capped at the MAX. */
static void test_T05_increase_capped_at_max(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 7);
    fx_set(&s, 0, "food", 30);
    fx_turn(&s, 2, 3, 5, 1);
    fx_ok(&s, fx_inc(5, "population"), NULL);
    assert_int_equal(fx_val(&s, 0, "population"), 10);
}

/* T6: stone houses, partial by cost; A31: the player cannot add fewer, adding 0 is legal. */
static void test_T06_stone_houses_partial_by_cost(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "master-builder", 0);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "supply", 9);
    fx_turn(&s, 2, 3, 4, 6);        /* 4 is not the highest */
    fx_ok(&s, fx_inc(4, "stone-houses"), NULL);
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 4);
    assert_int_equal(fx_val(&s, 0, "supply"), 5);

    fx_game(&s, 1);
    fx_give(&s, 0, "master-builder", 0);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "supply", 3);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(4, "stone-houses"), NULL);
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 3);
    assert_int_equal(fx_val(&s, 0, "supply"), 0);
}

static void test_A31_adding_zero_counts_for_restriction_2(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "master-builder", 0);
    fx_set(&s, 0, "population", 5);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(4, "stone-houses"), NULL);     /* no supply: adds 0, legal */
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 0);
    fx_refused(&s, fx_inc(2, "stone-houses"), "one-die-per-asset");
}

/* A32: a die spent on an asset at MAX is legal and pays nothing for ignored units. */
static void test_A32_die_on_asset_at_max(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "master-builder", 0);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "stone-houses", 10);
    fx_set(&s, 0, "supply", 8);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(4, "stone-houses"), NULL);
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 10);
    assert_int_equal(fx_val(&s, 0, "supply"), 8);
}

/* T9: the butcher costs 15 food, worth 15 VP. */
static void test_T09_butcher(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "tavern", 0);
    fx_set(&s, 0, "population", 3);
    fx_set(&s, 0, "stone-houses", 5);
    fx_set(&s, 0, "food", 14);
    fx_turn(&s, 2, 3, 4, 6);
    const char *msg = fx_refused(&s, fx_acq(6, "butcher", 0), "cost");
    assert_non_null(strstr(msg, "15 food"));
    fx_set(&s, 0, "food", 16);
    struct score_breakdown before, after;
    engine_score(&s, 0, &before);
    fx_ok(&s, fx_acq(6, "butcher", 0), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 1);
    engine_score(&s, 0, &after);
    assert_int_equal(after.people - before.people, 15);
}

/* T10 and A54: the brewery costs 1 supply and 9 food; needs farms 9, men-at-arms 5. */
static void test_T10_brewery(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 9);
    fx_set(&s, 0, "men-at-arms", 4);
    fx_set(&s, 0, "supply", 1);
    fx_set(&s, 0, "food", 9);
    fx_turn(&s, 2, 3, 4, 6);
    const char *msg = fx_refused(&s, fx_acq(4, "brewery", 0), "requirement");
    assert_string_equal(msg, "Jack cannot build the brewery: requires men-at-arms 5 or more (has 4)");
    fx_set(&s, 0, "men-at-arms", 5);
    fx_ok(&s, fx_acq(4, "brewery", 0), NULL);
    assert_int_equal(fx_val(&s, 0, "supply"), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
}

/* T11 and A46: requirements are checked at acquisition only. */
static void test_T11_requirements_need_not_persist(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "farms", 4);
    fx_set(&s, 0, "supply", 2);
    fx_set(&s, 0, "food", 10);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_acq(4, "master-builder", 0), NULL);
    fx_ok(&s, fx_acq(6, "stables", 0), NULL);
    fx_ok(&s, fx_inf(2, "grassland"), NULL);
    fx_ok(&s, fx_inf(3, "farmland"), NULL);
    fx_end(&s, NULL);
    fx_set(&s, 0, "population", 2);
    fx_set(&s, 0, "farms", 2);
    fx_set(&s, 0, "men-at-arms", 2);
    assert_true(engine_owns(&s, 0, fx_item("master-builder")));
    assert_true(engine_owns(&s, 0, fx_item("stables")));
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    fx_turn(&s, 2, 3, 1, 5);
    fx_ok(&s, fx_inc(2, "knights"), NULL);          /* the stables still enable knights */
    assert_int_equal(fx_val(&s, 0, "knights"), 2);
    fx_refused(&s, fx_acq(5, "stables", 0), "already-owned");
}

/* T12 and A56: the masons take supply off the town walls; the men-at-arms cost clamps knights. */
static void test_T12_masons_discount(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 8);
    fx_set(&s, 0, "masons", 2);
    fx_set(&s, 0, "supply", 4);
    fx_set(&s, 0, "men-at-arms", 6);
    fx_set(&s, 0, "knights", 5);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_acq(3, "town-walls", 0), NULL);
    assert_int_equal(fx_val(&s, 0, "supply"), 0);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 3);
    assert_int_equal(fx_val(&s, 0, "knights"), 3);      /* A45 */
}

/* A25: the masons' discount is for normal infrastructures only, and only their supply. */
static void test_A25_masons_normal_infrastructures_only(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "masons", 3);
    fx_set(&s, 0, "supply", 5);
    fx_set(&s, 0, "food", 20);
    fx_set(&s, 0, "farms", 5);
    fx_turn(&s, 1, 3, 4, 6);
    fx_refused(&s, fx_acq(1, "town-court", 'a'), "cost");    /* special: pays all 6 */
    fx_ok(&s, fx_acq(4, "market", 0), NULL);                /* 6 - 3 = 3 supply, 10 food in full */
    assert_int_equal(fx_val(&s, 0, "supply"), 2);
    assert_int_equal(fx_val(&s, 0, "food"), 10);
    struct history h = HISTORY_INIT;
    fx_ok(&s, fx_acq(3, "stables", 0), &h);                 /* 2 - 3: capped at 0 */
    assert_int_equal(fx_val(&s, 0, "supply"), 2);
    assert_int_equal(fx_val(&s, 0, "food"), 6);
    /* The supply the masons took off entirely is in the history all the same (old = new),
     * with the cost and the discount, so that a trace can say why it did not fall. */
    int supply = 0, food = 0;
    for (size_t i = 0; i < h.count; i++) {
        const struct hist_rec *r = &h.items[i];
        if (r->what != HIST_ASSET || r->cause != CAUSE_COST)
            continue;
        assert_int_equal(r->ref, fx_item("stables"));
        if (r->index == fx_asset("supply")) {
            assert_int_equal(r->old_value, 2);
            assert_int_equal(r->new_value, 2);
            assert_int_equal(r->ref2, 2);
            supply++;
        } else if (r->index == fx_asset("food")) {
            assert_int_equal(r->old_value - r->new_value, 4);
            assert_int_equal(r->ref2, 0);
            food++;
        }
    }
    assert_int_equal(supply, 1);
    assert_int_equal(food, 1);
    history_free(&h);
}

/* T13: Restriction 3, the sheriff needs a die showing 2. */
static void test_T13_restriction_3_exact_die(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 5);
    fx_turn(&s, 2, 3, 4, 6);
    const char *msg = fx_refused(&s, fx_acq(3, "sheriff", 'a'), "exact-die");
    assert_string_equal(msg, "the sheriff needs a die showing 2, not 3");
    fx_ok(&s, fx_acq(2, "sheriff", 'a'), NULL);
    /* Special assets need a 1. */
    fx_give(&s, 0, "monastery", 0);
    fx_set(&s, 0, "food", 10);
    fx_refused(&s, fx_inc(3, "monks"), "exact-die");
}

/* T19: MAX examples. */
static void test_T19_max_examples(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    assert_int_equal(engine_asset_max(&s, 0, A_POPULATION), 10);
    assert_int_equal(engine_asset_max(&s, 0, A_FOOD), 30);
    fx_set(&s, 0, "population", 4);
    fx_set(&s, 0, "farms", 4);
    fx_turn(&s, 2, 5, 3, 1);
    fx_ok(&s, fx_inc(3, "farms"), NULL);
    assert_int_equal(fx_val(&s, 0, "farms"), 4);
}

/* T21, A1, A2, A3: the highest rolled dice (ties all) add one less on advanced assets; reserve
 * dice are exempt (A2: they are not rolled). */
static void test_T21_restriction_1(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "stables", 0);
    fx_give(&s, 0, "blacksmith", 0);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 10);
    fx_set(&s, 0, "food", 30);
    s.p[0].reserve[4].value = 6;
    s.p[0].reserve[4].state = SLOT_AVAILABLE;
    fx_turn(&s, 6, 5, 6, 2);
    assert_true(s.turn.dice[0].restricted);
    assert_true(s.turn.dice[2].restricted);
    assert_false(s.turn.dice[3].restricted);
    const char *note = fx_ok(&s, fx_inc(6, "knights"), NULL);
    assert_string_equal(note, "restriction-highest-die");
    assert_int_equal(fx_val(&s, 0, "knights"), 5);
    fx_ok(&s, fx_inc(6, "population"), NULL);           /* basic: no reduction */
    fx_ok(&s, fx_res(fx_inc(6, "farms")), NULL);        /* the reserve die adds 6 */
    assert_int_equal(fx_val(&s, 0, "farms"), 6);
    fx_ok(&s, fx_inc(5, "supply"), NULL);
}

static void test_T21_restriction_1_five_on_knights(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "stables", 0);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 10);
    fx_turn(&s, 6, 5, 6, 2);
    assert_null(fx_ok(&s, fx_inc(5, "knights"), NULL));
    assert_int_equal(fx_val(&s, 0, "knights"), 5);
}

/* Die choice: an unrestricted die for an advanced asset, a restricted one otherwise; own first. */
static void test_die_choice(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "food", 30);
    fx_give(&s, 0, "sheriff", 'b');
    fx_turn(&s, 6, 5, 6, 4);
    /* The sheriff lowers the restricted own 6 to 5: two 5s, one restricted (own), one not (shared). */
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 6, 5, DIE_OWN), NULL);
    assert_true(s.turn.dice[0].restricted);
    assert_int_equal(s.turn.dice[0].value, 5);
    assert_null(fx_ok(&s, fx_inc(5, "farms"), NULL));  /* takes the unrestricted shared 5 */
    assert_int_equal(fx_val(&s, 0, "farms"), 5);
    assert_true(s.turn.dice[3].spent);
    assert_false(s.turn.dice[0].spent);

    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_turn(&s, 6, 3, 6, 3);
    fx_ok(&s, fx_inc(3, "population"), NULL);           /* own 3 before the shared 3 */
    assert_true(s.turn.dice[0].spent || s.turn.dice[1].spent);
    assert_false(s.turn.dice[3].spent);
    fx_ok(&s, fx_inc(6, "food"), NULL);                 /* a restricted 6: own first */
    assert_true(s.turn.dice[0].spent);
}

static void test_A04_status_follows_the_die_never_below_zero(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_give(&s, 0, "sheriff", 'b');
    fx_give(&s, 0, "blacksmith", 0);
    fx_turn(&s, 3, 2, 1, 2);            /* highest 3: the shared 3 */
    fx_ok(&s, fx_ability(MOVE_SHERIFF, 3, 1, DIE_ANY), NULL);
    assert_true(s.turn.dice[2].restricted);
    assert_int_equal(s.shared[0], 1);   /* permanent on a shared die (A17) */
    /* Two 1s: own unrestricted, shared restricted. Farms prefer the unrestricted own one. */
    fx_ok(&s, fx_inc(1, "farms"), NULL);
    assert_int_equal(fx_val(&s, 0, "farms"), 1);
    /* The restricted 1 on an advanced asset adds 0. */
    fx_ok(&s, fx_inc(1, "men-at-arms"), NULL);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 0);
}

/* A5: the reduction is not permanent: the shared die keeps its value for the next player. */
static void test_A05_reduction_not_permanent(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    fx_set(&s, 0, "population", 10);
    fx_turn(&s, 6, 2, 3, 1);
    fx_ok(&s, fx_inc(6, "farms"), NULL);
    assert_int_equal(fx_val(&s, 0, "farms"), 5);
    assert_int_equal(s.shared[0], 6);
    fx_ok(&s, fx_inf(2, "grassland"), NULL);
    fx_ok(&s, fx_inf(3, "quarry"), NULL);
    fx_ok(&s, fx_inf(1, "forest"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(engine_begin_turn(&s, 1, 4, 5, NULL), 0);
    assert_int_equal(s.turn.dice[2].value, 6);
    fx_ok(&s, fx_inf(6, "forest"), NULL);
    assert_int_equal(s.p[1].influence[L_FOREST], 6);
}

static void test_A47_people_take_the_restricted_die(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 4);
    fx_turn(&s, 6, 5, 6, 2);
    fx_ok(&s, fx_acq(6, "blacksmith", 0), NULL);
    assert_true(engine_owns(&s, 0, fx_item("blacksmith")));
}

/* T22, A7, A8: one die per asset per turn; the witch's perk a allows two, never three. */
static void test_T22_restriction_2(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(2, "food"), NULL);
    const char *msg = fx_refused(&s, fx_inc(3, "food"), "one-die-per-asset");
    assert_string_equal(msg, "Jack has already spent a die on food this turn (one die per asset per turn)");

    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_give(&s, 0, "witch", 'a');
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(2, "food"), NULL);
    fx_ok(&s, fx_inc(3, "food"), NULL);
    fx_refused(&s, fx_inc(4, "food"), "one-die-per-asset");
    assert_int_equal(fx_val(&s, 0, "food"), 5);
}

static void test_A07_reserve_die_counts_for_restriction_2(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 5);
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_res(fx_inc(2, "food")), NULL);
    fx_refused(&s, fx_inc(2, "food"), "one-die-per-asset");
}

static void test_A10_witch_second_die_never_the_reserve(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 5);
    fx_give(&s, 0, "witch", 'a');
    fx_turn(&s, 2, 3, 4, 6);
    fx_ok(&s, fx_inc(4, "food"), NULL);
    fx_refused(&s, fx_res(fx_inc(2, "food")), "one-die-per-asset");
    fx_ok(&s, fx_res(fx_inc(2, "supply")), NULL);
    fx_refused(&s, fx_inc(3, "supply"), "one-die-per-asset");
}

/* T23, A34: one die per location per turn; influence adds the full value, no MAX. */
static void test_T23_location_limit(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    s.p[0].influence[L_QUARRY] = 40;
    fx_turn(&s, 2, 6, 4, 6);
    fx_ok(&s, fx_inf(6, "quarry"), NULL);           /* restricted 6: influence is not an asset */
    assert_int_equal(s.p[0].influence[L_QUARRY], 46);
    const char *msg = fx_refused(&s, fx_inf(6, "quarry"), "one-die-per-location");
    assert_string_equal(msg, "Jack has already spent a die on the quarry this turn (one die per location per turn)");
    fx_refused(&s, fx_res(fx_inf(2, "quarry")), "one-die-per-location");
}

static void test_die_unavailable(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_turn(&s, 6, 2, 3, 3);
    fx_ok(&s, fx_inf(2, "grassland"), NULL);
    fx_ok(&s, fx_inf(3, "forest"), NULL);
    const char *msg = fx_refused(&s, fx_inf(5, "quarry"), "die-unavailable");
    assert_string_equal(msg, "no unspent die shows 5 (unspent: 3, 6)");
    fx_refused(&s, fx_inf(7, "quarry"), "die-range");
    struct move m = fx_inf(6, "quarry");
    m.source = DIE_OWN;
    fx_refused(&s, m, "die-unavailable");
    fx_refused(&s, fx_inc(3, "food"), "requirement");     /* population 0 */
}

/* A11, A12: the reserve. */
static void test_A12_one_reserve_die_per_turn(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_turn(&s, 6, 2, 3, 1);
    fx_ok(&s, fx_res(fx_inf(2, "grassland")), NULL);
    const char *msg = fx_refused(&s, fx_res(fx_inf(3, "forest")), "reserve-limit");
    assert_non_null(strstr(msg, "reserve die this turn"));
    fx_ok(&s, fx_inf(6, "forest"), NULL);
    fx_ok(&s, fx_inf(2, "farmland"), NULL);
    fx_ok(&s, fx_inf(3, "quarry"), NULL);
    fx_ok(&s, fx_move(MOVE_STORE, 1), NULL);
    fx_end(&s, NULL);
    assert_int_equal(s.p[0].reserve[0].state, SLOT_SPENT);  /* crossed, never reused */
    assert_int_equal(s.p[0].reserve[4].value, 1);
}

static void test_A12_reserve_die_satisfies_restriction_3(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 5);
    fx_turn(&s, 6, 3, 3, 1);
    fx_ok(&s, fx_res(fx_acq(2, "sheriff", 'b')), NULL);
    fx_refused(&s, fx_res(fx_inc(5, "food")), "reserve-limit");
}

static void test_A11_storing_several_and_not_spent_this_turn(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_turn(&s, 6, 2, 1, 1);
    fx_ok(&s, fx_move(MOVE_STORE, 1), NULL);
    fx_ok(&s, fx_move(MOVE_STORE, 1), NULL);
    fx_ok(&s, fx_move(MOVE_STORE, 6), NULL);
    assert_int_equal(s.p[0].reserve[4].state, SLOT_NEW);
    assert_int_equal(s.p[0].reserve[6].value, 6);
    const char *msg = fx_refused(&s, fx_res(fx_inf(1, "grassland")), "reserve-new");
    assert_string_equal(msg, "the 1 in Jack's reserve was written this turn: it can be spent from the next turn");
    fx_refused(&s, fx_res(fx_inf(6, "grassland")), "reserve-new");
    fx_refused(&s, fx_res(fx_inf(1, "grassland")), "reserve-new");
    fx_ok(&s, fx_res(fx_move(MOVE_STORE, 5)), NULL);        /* storing a reserve die: pointless, legal */
    fx_refused(&s, fx_res(fx_inf(4, "grassland")), "reserve-limit");
    fx_ok(&s, fx_inf(2, "grassland"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(s.p[0].reserve[4].state, SLOT_AVAILABLE);
    assert_int_equal(s.p[0].reserve[3].state, SLOT_SPENT);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    fx_turn(&s, 6, 2, 3, 3);
    fx_ok(&s, fx_res(fx_inf(1, "grassland")), NULL);
    fx_refused(&s, fx_res(fx_inf(6, "forest")), "reserve-limit");
}

static void test_reserve_full_and_empty(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    for (int k = 4; k < GD.reserve_slots; k++) {
        s.p[0].reserve[k].value = 1;
        s.p[0].reserve[k].state = SLOT_SPENT;
    }
    fx_turn(&s, 6, 2, 3, 3);
    fx_refused(&s, fx_move(MOVE_STORE, 3), "reserve-full");
    const char *msg = fx_refused(&s, fx_res(fx_inf(6, "forest")), "reserve-empty");
    assert_string_equal(msg, "Jack's reserve has no 6 (available: 2, 3, 4, 5)");
}

/* A24: fire bans normal prominent people only; A62: the halving happens at the round start
 * and stone houses may be rebuilt in the same round. */
static void test_A24_A62_fire_bans_normal_people_only(void **state)
{
    (void)state;
    struct game_state s;
    struct game_config cfg = fx_config(1);
    cfg.difficulty = gamedata_difficulty(&GD, "easy", 4);
    cfg.events[9] = E_FIRE;
    cfg.events[10] = E_PLAGUE;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    s.round = 8;
    s.phase = PHASE_ROUND_OVER;
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "stone-houses", 9);
    fx_set(&s, 0, "supply", 10);
    fx_set(&s, 0, "men-at-arms", 5);
    fx_give(&s, 0, "master-builder", 0);
    fx_turn(&s, 1, 3, 4, 5);
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 4);
    const char *msg = fx_refused(&s, fx_acq(4, "blacksmith", 0), "fire-ban");
    assert_non_null(strstr(msg, "round 9"));
    fx_ok(&s, fx_acq(1, "jongleur", 'a'), NULL);
    fx_ok(&s, fx_acq(3, "town-walls", 0), NULL);    /* infrastructures are not banned */
    fx_ok(&s, fx_inc(4, "stone-houses"), NULL);
    assert_int_equal(fx_val(&s, 0, "stone-houses"), 8);
}

static void test_perk_letters(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_turn(&s, 1, 3, 4, 5);
    const char *msg = fx_refused(&s, fx_acq(1, "jongleur", 0), "perk-letter");
    /* What a and b do, in the game data's words. */
    const struct gd_item *jongleur = &GD.items[fx_item("jongleur")];
    char want[512];
    snprintf(want, sizeof want, "the jongleur needs a perk letter, a or b (a: %s b: %s)", jongleur->perks[0].text,
             jongleur->perks[1].text);
    assert_string_equal(msg, want);
    fx_refused(&s, fx_acq(1, "jongleur", 'c'), "perk-letter");
    msg = fx_refused(&s, fx_acq(4, "blacksmith", 'a'), "perk-letter");
    assert_string_equal(msg, "the blacksmith has no perk to choose ('a' given)");
    fx_ok(&s, fx_acq(1, "jongleur", 'b'), NULL);
    assert_int_equal(s.p[0].perk[fx_item("jongleur")], 'b');
}

/* A29, A30: "= 10" requirements are ">= 10"; monks count 2 population for requirements and
 * MAXes, not for feeding. */
static void test_A30_monks_effective_population(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 6);
    fx_set(&s, 0, "monks", 2);
    fx_set(&s, 0, "food", 30);
    fx_set(&s, 0, "farms", 7);
    assert_int_equal(engine_effective_population(&s, 0), 10);
    assert_int_equal(engine_asset_max(&s, 0, A_FARMS), 10);
    assert_int_equal(engine_asset_max(&s, 0, A_POPULATION), 10);
    fx_turn(&s, 1, 3, 4, 5);
    fx_ok(&s, fx_acq(1, "jongleur", 'a'), NULL);        /* requires population = 10 */
    fx_ok(&s, fx_inc(4, "farms"), NULL);
    assert_int_equal(fx_val(&s, 0, "farms"), 10);
    fx_ok(&s, fx_inc(5, "population"), NULL);
    assert_int_equal(fx_val(&s, 0, "population"), 10);
    assert_int_equal(engine_asset_max(&s, 0, A_FARMS), 14);
    fx_ok(&s, fx_inf(3, "forest"), NULL);
    fx_end(&s, NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 25);        /* feeding: real population 10 */
}

static void test_A29_equal_requirement_is_at_least(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "blacksmith", 0);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "monks", 2);
    fx_set(&s, 0, "men-at-arms", 12);
    fx_turn(&s, 1, 3, 4, 5);
    fx_ok(&s, fx_acq(4, "army-chief", 0), NULL);        /* men-at-arms = 10 holds with 12 */
}

/* A33: all four dice must be spent; the turn still ends (feeding happens). */
static void test_A33_unspent_dice_reported(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    fx_set(&s, 0, "population", 4);
    fx_set(&s, 0, "food", 5);
    fx_turn(&s, 6, 2, 3, 1);
    fx_ok(&s, fx_inf(2, "grassland"), NULL);
    fx_ok(&s, fx_inf(1, "farmland"), NULL);
    struct turn_end te;
    assert_int_equal(engine_end_turn(&s, NULL, &te, NULL), 0);
    assert_string_equal(fx_rule(&te.unspent), "unspent-dice");
    assert_string_equal(fx_text(&s, &te.unspent), "Jack left 2 dice unspent (3, 6): all four dice of a turn must be spent");
    assert_int_equal(fx_val(&s, 0, "food"), 3);
    assert_int_equal(engine_next_player(&s), 1);
}

/* Outside a turn every move is refused; a turn needs the right player and dice. */
static void test_turn_order_and_dice(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    fx_game(&s, 3);
    fx_refused(&s, fx_inf(2, "grassland"), "round-order");
    assert_int_equal(engine_begin_turn(&s, 0, 3, 4, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
    assert_int_equal(engine_begin_round(&s, 1, NULL, &why), 0);
    assert_int_equal(engine_begin_turn(&s, 0, 3, 4, &why), -1);
    assert_string_equal(fx_text(&s, &why), "round 1: the shared dice are not set");
    assert_int_equal(engine_set_shared(&s, 4, 4, &why), -1);
    assert_string_equal(fx_rule(&why), "dice");
    assert_int_equal(engine_set_shared(&s, 4, 7, &why), -1);
    assert_string_equal(fx_rule(&why), "die-range");
    assert_int_equal(engine_set_shared(&s, 4, 5, &why), 0);
    assert_int_equal(engine_set_shared(&s, 1, 2, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
    struct game_state before = s;
    assert_int_equal(engine_begin_turn(&s, 1, 3, 4, &why), -1);
    assert_string_equal(fx_rule(&why), "turn-order");
    assert_string_equal(fx_text(&s, &why), "round 1: expected Jack's turn, not Tom's (the first player of the round)");
    assert_int_equal(engine_begin_turn(&s, 0, 0, 4, &why), -1);
    assert_string_equal(fx_rule(&why), "die-range");
    assert_memory_equal(&before, &s, sizeof s);
    assert_int_equal(engine_begin_turn(&s, 0, 3, 4, &why), 0);
    assert_int_equal(engine_begin_turn(&s, 1, 3, 4, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
}

/* A59: shared dice are not consumed: every player spends them. */
static void test_A59_shared_dice_for_every_player(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    fx_turn(&s, 6, 2, 3, 1);
    for (int v = 0; v < 4; v++)
        fx_ok(&s, fx_inf((int[]){6, 2, 3, 1}[v], GD.locations[v].id), NULL);
    fx_end(&s, NULL);
    assert_int_equal(engine_begin_turn(&s, 1, 4, 5, NULL), 0);
    fx_ok(&s, fx_inf(6, "forest"), NULL);
    fx_ok(&s, fx_inf(2, "quarry"), NULL);
    assert_int_equal(s.p[1].influence[L_FOREST], 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_T02_jack_first_turn),
        cmocka_unit_test(test_T05_increase_capped_at_max),
        cmocka_unit_test(test_T06_stone_houses_partial_by_cost),
        cmocka_unit_test(test_A31_adding_zero_counts_for_restriction_2),
        cmocka_unit_test(test_A32_die_on_asset_at_max),
        cmocka_unit_test(test_T09_butcher),
        cmocka_unit_test(test_T10_brewery),
        cmocka_unit_test(test_T11_requirements_need_not_persist),
        cmocka_unit_test(test_T12_masons_discount),
        cmocka_unit_test(test_A25_masons_normal_infrastructures_only),
        cmocka_unit_test(test_T13_restriction_3_exact_die),
        cmocka_unit_test(test_T19_max_examples),
        cmocka_unit_test(test_T21_restriction_1),
        cmocka_unit_test(test_T21_restriction_1_five_on_knights),
        cmocka_unit_test(test_die_choice),
        cmocka_unit_test(test_A04_status_follows_the_die_never_below_zero),
        cmocka_unit_test(test_A05_reduction_not_permanent),
        cmocka_unit_test(test_A47_people_take_the_restricted_die),
        cmocka_unit_test(test_T22_restriction_2),
        cmocka_unit_test(test_A07_reserve_die_counts_for_restriction_2),
        cmocka_unit_test(test_A10_witch_second_die_never_the_reserve),
        cmocka_unit_test(test_T23_location_limit),
        cmocka_unit_test(test_die_unavailable),
        cmocka_unit_test(test_A12_one_reserve_die_per_turn),
        cmocka_unit_test(test_A12_reserve_die_satisfies_restriction_3),
        cmocka_unit_test(test_A11_storing_several_and_not_spent_this_turn),
        cmocka_unit_test(test_reserve_full_and_empty),
        cmocka_unit_test(test_A24_A62_fire_bans_normal_people_only),
        cmocka_unit_test(test_perk_letters),
        cmocka_unit_test(test_A30_monks_effective_population),
        cmocka_unit_test(test_A29_equal_requirement_is_at_least),
        cmocka_unit_test(test_A33_unspent_dice_reported),
        cmocka_unit_test(test_turn_order_and_dice),
        cmocka_unit_test(test_A59_shared_dice_for_every_player),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
