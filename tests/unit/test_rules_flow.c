/* The game's flow (rules/flow.h): what a state awaits, decisions applied, the chance player's
 * dice, decisions in either order, a round that ends by itself, and refusals that change
 * nothing. */
#include "test.h"
#include "test_rules_fixture.h"
#include "rules/flow.h"

static struct awaited awaited(const struct game_state *s)
{
    struct awaited a;
    flow_awaited(s, &a);
    return a;
}

static int apply(struct game_state *s, struct decision d, struct flow_outcome *out)
{
    return flow_apply(s, &d, NULL, out);
}

/* Plays each die of the turn on its first legal move; returns what the turn awaits then. */
static struct awaited spend_dice(struct game_state *s)
{
    struct awaited a = awaited(s);
    while (a.kind == FLOW_DIE) {
        struct move m[64];
        assert_true(engine_legal_moves(s, a.dice[0].value, m, 64) > 0);
        assert_int_equal(apply(s, (struct decision){.kind = FLOW_DEC_MOVE, .move = m[0]}, NULL), 0);
        a = awaited(s);
    }
    return a;
}

/* The rolls of nobody: every seat gives none. */
static const struct bonus_rolls no_rolls[XII_MAX_PLAYERS];

/* A round of two players from its line to its end, the flow saying at each step who decides. */
static void test_round_awaits_in_order(void **state)
{
    (void)state;
    struct game_state s;
    struct flow_outcome out;
    fx_game(&s, 2);
    struct awaited a = awaited(&s);
    assert_int_equal(a.kind, FLOW_ROUND);
    assert_int_equal(a.round, 1);
    assert_int_equal(a.player, FLOW_TABLE);
    assert_int_equal(a.pending, 1u << FLOW_ROUND);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 1}, &out), 0);
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_SHARED);
    assert_true(a.chance);
    assert_int_equal(a.player, FLOW_CHANCE);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {5, 6}}, &out), 0);
    for (int t = 0; t < 2; t++) {
        a = awaited(&s);
        assert_int_equal(a.kind, FLOW_TURN);
        assert_true(a.chance);
        assert_int_equal(a.player, t);
        assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = t, .dice = {3, 1}}, &out), 0);
        a = awaited(&s);
        assert_int_equal(a.kind, FLOW_DIE);
        assert_false(a.chance);
        assert_int_equal(a.player, t);
        assert_int_equal(a.ndice, 4);
        /* Own dice first, as on the turn line; the highest (6) is restricted. */
        assert_int_equal(a.dice[0].value, 3);
        assert_int_equal(a.dice[1].value, 1);
        assert_int_equal(a.dice[2].value, 5);
        assert_true(a.dice[3].shared && a.dice[3].restricted);
        /* The player stops with every die unspent: the turn ends all the same. */
        assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_END_TURN}, &out), 0);
        assert_string_equal(fx_rule(&out.turn_end.unspent), "unspent-dice");
        assert_false(out.round_ended);
    }
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_WAR);
    assert_int_equal(a.player, FLOW_TABLE);
    assert_true(a.must_avoid[0] && a.must_avoid[1]);
    assert_int_equal(a.pending, 1u << FLOW_WAR);
    /* The war was the last thing the round needed: it ends by itself. */
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_WAR}, &out), 0);
    assert_true(out.round_ended);
    assert_int_equal(s.phase, PHASE_ROUND_OVER);
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_ROUND);
    assert_int_equal(a.round, 2);
}

/* After the fourth die the turn waits for a reserve die or its end; the reserve dice a legal
 * move spends are listed. */
static void test_reserve_after_the_fourth_die(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 1}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {2, 4}}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = 0, .dice = {1, 3}}, NULL), 0);
    int reserve[GD_MAX_RESERVE_SLOTS];
    int held = flow_reserve_spendable(&s, reserve);
    assert_true(held > 0);
    struct awaited a = spend_dice(&s);
    assert_int_equal(a.kind, FLOW_RESERVE);
    assert_int_equal(a.player, 0);
    assert_int_equal(a.ndice, 0);
    assert_int_equal(flow_reserve_spendable(&s, reserve), held);
    for (int k = 1; k < held; k++)
        assert_true(reserve[k - 1] <= reserve[k]);
    struct flow_outcome out;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_END_TURN}, &out), 0);
    assert_int_equal(out.turn_end.unspent.rule, RULE_NONE);
    assert_int_equal(flow_reserve_spendable(&s, reserve), 0);   /* no turn */
}

/* The outlaws' rolls and the shared dice come in either order; both are the chance player's. */
static void test_outlaws_and_shared_either_order(void **state)
{
    (void)state;
    struct game_state s;
    struct game_config cfg = fx_config(2);
    cfg.difficulty = gamedata_difficulty(&GD, "normal", strlen("normal"));
    const int ev[] = {-1, -1, -1, -1, -1, -1, -1, E_OUTLAWS_ATTACK, E_FIRE, E_FIRE, E_PLAGUE};
    memcpy(cfg.events, ev, sizeof cfg.events);
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, NULL), 0);
    s.round = 6;
    s.phase = PHASE_ROUND_OVER;
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 4);
    fx_set(&s, 0, "food", 8);
    struct awaited a = awaited(&s);
    assert_int_equal(a.kind, FLOW_ROUND);
    assert_int_equal(a.event, E_OUTLAWS_ATTACK);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 7}, NULL), 0);
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_OUTLAWS);
    assert_int_equal(a.pending, (1u << FLOW_OUTLAWS) | (1u << FLOW_SHARED));
    assert_int_equal(a.player, FLOW_CHANCE);
    assert_int_equal(a.rolls_due[0], 1);
    assert_int_equal(a.rolls_due[1], 0);
    struct game_state other = s;
    /* The shared dice first: the rolls are still awaited, and no turn yet. */
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {1, 2}}, NULL), 0);
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_OUTLAWS);
    assert_int_equal(a.pending, 1u << FLOW_OUTLAWS);
    struct decision d = {.kind = FLOW_DEC_OUTLAWS};
    memcpy(d.rolls, no_rolls, sizeof d.rolls);
    d.rolls[0] = (struct bonus_rolls){{6}, 1};
    assert_int_equal(flow_apply(&s, &d, NULL, NULL), 0);
    assert_int_equal(awaited(&s).kind, FLOW_TURN);
    /* The rolls first, then the shared dice: the same state. */
    assert_int_equal(flow_apply(&other, &d, NULL, NULL), 0);
    assert_int_equal(awaited(&other).kind, FLOW_SHARED);
    assert_int_equal(apply(&other, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {1, 2}}, NULL), 0);
    assert_memory_equal(&s, &other, sizeof s);
}

/* A collect decision applies every pick or none, and reports each refused pick. */
static void test_collect_all_or_none(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    s.p[0].influence[L_GRASSLAND] = 4;
    s.p[0].influence[L_FOREST] = 4;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 1}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {2, 4}}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = 0, .dice = {1, 3}}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_END_TURN}, NULL), 0);
    struct awaited a = awaited(&s);
    assert_int_equal(a.kind, FLOW_COLLECT);
    assert_int_equal(a.player, 0);
    assert_int_equal(a.collect_player, 0);
    assert_int_equal(a.collect[0], (1u << L_GRASSLAND) | (1u << L_FOREST));
    struct game_state before = s;
    const struct flow_pick twice[] = {{L_FOREST, 0}, {L_FOREST, 1}, {L_GRASSLAND, 0}};
    struct refusal why[3];
    struct flow_outcome out = {.pick_why = why};
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_COLLECT, .player = 0, .picks = twice,
                                                 .npicks = 3}, &out), -1);
    assert_int_equal(why[0].rule, RULE_NONE);
    assert_string_equal(fx_text(&s, &why[1]), "Jack already chose the forest bonus of round 1");
    assert_int_equal(why[2].rule, RULE_NONE);
    assert_string_equal(fx_text(&s, &out.why), "Jack already chose the forest bonus of round 1");
    assert_memory_equal(&before, &s, sizeof s);
    /* One of the two choices: the other is still owed, the round goes on. */
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_COLLECT, .player = 0, .picks = twice,
                                                 .npicks = 1}, &out), 0);
    assert_false(out.round_ended);
    a = awaited(&s);
    assert_int_equal(a.kind, FLOW_COLLECT);
    assert_int_equal(a.collect[0], 1u << L_GRASSLAND);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_COLLECT, .player = 0, .picks = twice + 2,
                                                 .npicks = 1}, &out), 0);
    assert_true(out.round_ended);
    assert_int_equal(awaited(&s).kind, FLOW_ROUND);
}

/* A refused decision changes nothing and says why; the table may end a round early. */
static void test_refusals_and_the_forced_end(void **state)
{
    (void)state;
    struct game_state s;
    struct flow_outcome out;
    struct history h = HISTORY_INIT;
    fx_game(&s, 2);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 2}, &out), -1);
    assert_string_equal(fx_rule(&out.why), "round-order");
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 1}, &out), 0);
    struct game_state before = s;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {3, 3}}, &out), -1);
    assert_string_equal(fx_rule(&out.why), "dice");
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {3, 4}}, &out), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = 1, .dice = {3, 1}}, &out), -1);
    assert_string_equal(fx_rule(&out.why), "turn-order");
    before = s;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_MOVE, .move = {.kind = MOVE_STORE, .die = 6}},
                           &out), -1);
    assert_memory_equal(&before, &s, sizeof s);
    /* The round ends with Tom's turn and the war missing; the history says what it did. */
    assert_int_equal(flow_apply(&s, &(struct decision){.kind = FLOW_DEC_END_ROUND}, &h, &out), 0);
    assert_int_equal(out.settled_from, h.count);
    assert_false(out.round_ended);
    assert_int_equal(s.phase, PHASE_ROUND_OVER);
    assert_int_equal(awaited(&s).round, 2);
    history_free(&h);
    /* After round 10 the game is over: nothing more is awaited. */
    s.round = GD_ROUNDS;
    s.phase = PHASE_GAME_OVER;
    struct awaited a = awaited(&s);
    assert_int_equal(a.kind, FLOW_GAME_OVER);
    assert_string_equal(flow_kind_name(a.kind), "game-over");
    assert_string_equal(flow_kind_name(FLOW_KIND_COUNT), "?");
}

/* A turn ended for a player that must play it whole: refused (-1) with a die unspent, but
 * ended all the same; accepted with every die spent. */
static void test_end_turn_complete(void **state)
{
    (void)state;
    struct game_state s;
    struct flow_outcome out;
    fx_game(&s, 1);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_ROUND, .round = 1}, NULL), 0);
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_SHARED, .dice = {2, 4}}, NULL), 0);
    struct game_state start = s;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = 0, .dice = {1, 3}}, NULL), 0);
    assert_int_equal(flow_end_turn_complete(&s, &out), -1);
    assert_string_equal(fx_rule(&out.turn_end.unspent), "unspent-dice");
    assert_int_not_equal(awaited(&s).kind, FLOW_DIE);
    s = start;
    assert_int_equal(apply(&s, (struct decision){.kind = FLOW_DEC_TURN, .player = 0, .dice = {1, 3}}, NULL), 0);
    assert_int_equal(spend_dice(&s).kind, FLOW_RESERVE);
    assert_int_equal(flow_end_turn_complete(&s, &out), 0);
    assert_int_equal(out.turn_end.unspent.rule, RULE_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_awaits_in_order),
        cmocka_unit_test(test_reserve_after_the_fourth_die),
        cmocka_unit_test(test_outlaws_and_shared_either_order),
        cmocka_unit_test(test_collect_all_or_none),
        cmocka_unit_test(test_refusals_and_the_forced_end),
        cmocka_unit_test(test_end_turn_complete),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
