/* Rules engine, the round: setup, events, feeding, market, king war, production, turn order.
 * Tests named test_Tnn_* / test_Ann_* pin a worked example / an ambiguity. */
#include "test.h"
#include <math.h>
#include "test_rules_fixture.h"

/* Plays every remaining turn of the round without spending (feeding still happens). */
static void idle_turns(struct game_state *s)
{
    struct refusal why;
    if (!s->shared_set)
        assert_int_equal(engine_set_shared(s, 1, 2, &why), 0);
    for (int p; (p = engine_next_player(s)) >= 0;) {
        assert_int_equal(engine_begin_turn(s, p, 1, 2, &why), 0);
        assert_int_equal(engine_end_turn(s, NULL, NULL, &why), 0);
    }
}

/* A game whose round `round` is the next to begin, with the given events (-1 for none). */
static void game_before_round(struct game_state *s, int nplayers, const char *difficulty,
                              const int events[GD_ROUNDS + 1], int round)
{
    struct game_config cfg = fx_config(nplayers);
    cfg.difficulty = gamedata_difficulty(&GD, difficulty, strlen(difficulty));
    memcpy(cfg.events, events, sizeof cfg.events);
    struct refusal why;
    int rc = engine_new_game(s, &GD, &cfg, NULL, &why);
    if (rc)
        fprintf(stderr, "%s\n", fx_text(s, &why));
    assert_int_equal(rc, 0);
    s->round = round - 1;
    s->phase = round > 1 ? PHASE_ROUND_OVER : PHASE_SETUP;
}

#define NORMAL_EVENTS(e7, e8, e9, e10) {-1, -1, -1, -1, -1, -1, -1, e7, e8, e9, e10}

static void begin(struct game_state *s, int round)
{
    struct refusal why;
    int rc = engine_begin_round(s, round, NULL, &why);
    if (rc)
        fprintf(stderr, "%s\n", fx_text(s, &why));
    assert_int_equal(rc, 0);
}

/* T1: the shared dice must differ (the doubles rule itself is played at the table). */
static void test_T01_shared_dice_must_differ(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    fx_game(&s, 2);
    begin(&s, 1);
    assert_int_equal(engine_set_shared(&s, 3, 3, &why), -1);
    assert_string_equal(fx_rule(&why), "dice");
    assert_int_equal(engine_set_shared(&s, 5, 5, &why), -1);
    assert_int_equal(engine_set_shared(&s, 5, 6, &why), 0);
    assert_int_equal(s.shared[0], 5);
    assert_int_equal(s.shared[1], 6);
}

static void test_new_game_validation(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    struct game_config cfg = fx_config(2);
    cfg.nplayers = 6;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "setup");
    cfg = fx_config(2);
    strcpy(cfg.names[1], "Jack");
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "two players are called Jack");
    cfg = fx_config(2);
    cfg.objective = 0;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "setup");
    cfg = fx_config(1);
    cfg.objective = 0;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), 0);
    cfg = fx_config(2);
    cfg.events[5] = E_FIRE;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "events");
    assert_string_equal(fx_text(&s, &why), "difficulty very-easy has no event in round 5 (its event rounds: none)");
    cfg = fx_config(2);
    cfg.difficulty = gamedata_difficulty(&GD, "normal", 6);
    cfg.events[7] = cfg.events[8] = cfg.events[9] = E_FIRE;
    cfg.events[10] = E_PLAGUE;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "round 9: fire is already on rounds 7 and 8; an event may strike on at most 2 rounds");
    cfg.events[9] = -1;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "no event for round 9 (difficulty normal has events in rounds 7, 8, 9 and 10)");
    /* The initial reserve is in the history. */
    struct history h = HISTORY_INIT;
    cfg = fx_config(2);
    assert_int_equal(engine_new_game(&s, &GD, &cfg, &h, &why), 0);
    assert_int_equal(h.count, 2 * (size_t)GD.nreserve_start);
    assert_int_equal(s.p[1].reserve[3].value, GD.reserve_start[3]);
    history_free(&h);
}

/* A27: forget-about-it's fixed outlaws' attack on round 1 is filled in and counts. */
static void test_A27_forget_about_it(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    struct game_config cfg = fx_config(1);
    cfg.difficulty = gamedata_difficulty(&GD, "forget-about-it", 15);
    const int ev[] = {-1, -1, E_FIRE, E_FIRE, E_PLAGUE, E_PLAGUE, E_FAMINE, E_FAMINE, E_CIVIL_WAR,
                      E_OUTLAWS_ATTACK, E_OUTLAWS_ATTACK};
    memcpy(cfg.events, ev, sizeof cfg.events);
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "events");
    cfg.events[10] = E_WATER_STORM;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), 0);
    assert_int_equal(s.cfg.events[1], E_OUTLAWS_ATTACK);
    cfg.events[1] = E_FIRE;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), -1);
    /* Round 1: everybody has POW 0 < 5, and nothing to lose. */
    cfg.events[1] = -1;
    assert_int_equal(engine_new_game(&s, &GD, &cfg, NULL, &why), 0);
    begin(&s, 1);
    assert_false(s.outlaws_pending);
    assert_true(s.p[0].outlaws_hit);
}

/* T3, A44: starvation; the MAX cascade follows. */
static void test_T03_starvation(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 9);
    fx_set(&s, 0, "food", 4);
    fx_set(&s, 0, "farms", 9);
    fx_set(&s, 0, "men-at-arms", 9);
    begin(&s, 1);
    idle_turns(&s);
    assert_int_equal(fx_val(&s, 0, "population"), 8);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
    assert_int_equal(fx_val(&s, 0, "farms"), 8);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 8);
}

/* T4: feeding. */
static void test_T04_feeding(void **state)
{
    (void)state;
    struct game_state s;
    struct history h = HISTORY_INIT;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 6);
    fx_set(&s, 0, "food", 3);
    begin(&s, 1);
    fx_turn(&s, 1, 2, 1, 2);
    assert_int_equal(engine_end_turn(&s, &h, NULL, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
    assert_int_equal(h.count, 1);
    assert_int_equal(h.items[0].cause, CAUSE_FEEDING);
    history_free(&h);
}

static void test_A44_starvation_formula(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "food", 2);
    begin(&s, 1);
    idle_turns(&s);
    assert_int_equal(fx_val(&s, 0, "population"), 4);
    assert_int_equal(fx_val(&s, 0, "food"), 0);
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 7);
    fx_set(&s, 0, "monks", 2);
    fx_set(&s, 0, "farms", 5);
    begin(&s, 1);
    idle_turns(&s);
    assert_int_equal(fx_val(&s, 0, "population"), 0);
    assert_int_equal(fx_val(&s, 0, "farms"), 4);    /* effective population 0 + 2*2 */
}

/* T7, A45: plague halves population; farms, men-at-arms, then knights follow. */
static void test_T07_plague_cascade(void **state)
{
    (void)state;
    struct game_state s;
    struct history h = HISTORY_INIT;
    const int ev[] = NORMAL_EVENTS(E_PLAGUE, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 8);
    fx_set(&s, 0, "men-at-arms", 8);
    fx_set(&s, 0, "knights", 6);
    fx_set(&s, 0, "mercenaries", 2);
    assert_int_equal(engine_begin_round(&s, 7, &h, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "population"), 5);
    assert_int_equal(fx_val(&s, 0, "farms"), 5);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 5);
    assert_int_equal(fx_val(&s, 0, "knights"), 5);
    assert_int_equal(fx_val(&s, 0, "mercenaries"), 2);
    assert_int_equal(h.items[0].cause, CAUSE_EVENT);
    assert_int_equal(h.items[0].index, A_POPULATION);
    for (size_t i = 1; i < h.count; i++)
        assert_int_equal(h.items[i].cause, CAUSE_CLAMP);
    history_free(&h);
}

/* T25: plague with monks. */
static void test_T25_plague_with_monks(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_PLAGUE, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "monks", 2);
    fx_set(&s, 0, "farms", 14);
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "population"), 5);
    assert_int_equal(fx_val(&s, 0, "farms"), 9);
    assert_int_equal(fx_val(&s, 0, "monks"), 2);
}

/* T15, A53, A57: the outlaws' attack at round 7 hits POW 34 (infrastructures included), not
 * 35; food and farms -5, men-at-arms and knights 0, mercenaries and specials kept. */
static void test_T15_outlaws_attack_round_7(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_OUTLAWS_ATTACK, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 2, "normal", ev, 7);
    fx_give(&s, 0, "castle", 'a');
    fx_give(&s, 0, "town-walls", 0);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "men-at-arms", 3);
    fx_set(&s, 0, "knights", 1);
    fx_set(&s, 0, "food", 9);
    fx_give(&s, 1, "castle", 'a');
    fx_give(&s, 1, "town-walls", 0);
    fx_set(&s, 1, "population", 5);
    fx_set(&s, 1, "men-at-arms", 1);
    fx_set(&s, 1, "mercenaries", 1);
    fx_set(&s, 1, "food", 7);
    fx_set(&s, 1, "farms", 3);
    fx_set(&s, 1, "bread", 2);
    assert_int_equal(engine_pow_full(&s, 0), 35);
    assert_int_equal(engine_pow_full(&s, 1), 34);
    begin(&s, 7);
    assert_false(s.outlaws_pending);
    assert_false(s.p[0].outlaws_hit);
    assert_int_equal(fx_val(&s, 0, "food"), 9);
    assert_true(s.p[1].outlaws_hit);
    assert_int_equal(fx_val(&s, 1, "food"), 2);
    assert_int_equal(fx_val(&s, 1, "farms"), 0);
    assert_int_equal(fx_val(&s, 1, "men-at-arms"), 0);
    assert_int_equal(fx_val(&s, 1, "mercenaries"), 1);
    assert_int_equal(fx_val(&s, 1, "bread"), 2);
    assert_int_equal(fx_val(&s, 1, "population"), 5);
}

/* A26: the outlaws' attack POW includes the bonus rolls, given before the first turn. */
static void test_A26_outlaws_bonus_rolls(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    const int ev[] = NORMAL_EVENTS(E_OUTLAWS_ATTACK, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 2, "normal", ev, 7);
    fx_give(&s, 0, "castle", 'a');
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 4);
    fx_set(&s, 0, "knights", 4);
    fx_set(&s, 0, "food", 8);
    begin(&s, 7);
    assert_true(s.outlaws_pending);
    assert_int_equal(engine_outlaws_needs_rolls(&s, 0), 2);
    assert_int_equal(engine_outlaws_needs_rolls(&s, 1), 0);
    assert_int_equal(engine_set_shared(&s, 2, 5, &why), 0);    /* before or after the rolls */
    assert_int_equal(engine_begin_turn(&s, 0, 1, 2, &why), -1);
    assert_string_equal(fx_rule(&why), "bonus-rolls");
    struct game_state before = s;
    struct bonus_rolls r[XII_MAX_PLAYERS] = {{{2, 1}, 1}, {{0}, 0}};
    assert_int_equal(engine_outlaws_resolve(&s, r, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "bonus-rolls");
    assert_string_equal(fx_text(&s, &why), "Jack has 2 bonus rolls for the outlaws' attack, 1 given");
    r[0].nrolls = 2;
    r[0].rolls[1] = 7;
    assert_int_equal(engine_outlaws_resolve(&s, r, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "die-range");
    assert_memory_equal(&before, &s, sizeof s);
    r[0].rolls[1] = 1;    /* 20 + 4 + 8 + 2 + 1 = 35: safe */
    assert_int_equal(engine_outlaws_resolve(&s, r, NULL, &why), 0);
    assert_false(s.p[0].outlaws_hit);
    assert_int_equal(s.p[0].outlaws_nrolls, 2);
    assert_true(s.p[1].outlaws_hit);
    assert_int_equal(engine_outlaws_resolve(&s, r, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");

    s = before;
    r[0].rolls[0] = 1;    /* 34: hit */
    assert_int_equal(engine_outlaws_resolve(&s, r, NULL, &why), 0);
    assert_true(s.p[0].outlaws_hit);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 3);

    s = before;     /* no outlaws line: resolved without bonus dice */
    assert_int_equal(engine_outlaws_resolve_unrolled(&s, NULL, &why), 0);
    assert_true(s.p[0].outlaws_hit);
}

/* T24, A50, A23: famine with the granary's perk a: population kept, farms produce nothing,
 * locations still pay. */
static void test_T24_famine_with_granary(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_FAMINE, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 2, "normal", ev, 7);
    fx_give(&s, 0, "granary", 'a');
    for (int p = 0; p < 2; p++) {
        fx_set(&s, p, "population", 10);
        fx_set(&s, p, "farms", 10);
        fx_set(&s, p, "food", 20);
        s.p[p].influence[L_FARMLAND] = 9;
    }
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "population"), 10);
    assert_int_equal(fx_val(&s, 1, "population"), 7);
    assert_int_equal(fx_val(&s, 1, "farms"), 7);
    idle_turns(&s);
    assert_int_equal(fx_val(&s, 0, "food"), 15);
    assert_int_equal(fx_val(&s, 1, "food"), 16);
    struct history h = HISTORY_INIT;
    assert_int_equal(engine_end_round(&s, &h, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 17);    /* farmland only */
    assert_int_equal(fx_val(&s, 1, "food"), 18);
    /* Each player's history names the production the famine stopped, food unchanged. */
    int named[2] = {0, 0};
    for (size_t i = 0; i < h.count; i++) {
        const struct hist_rec *r = &h.items[i];
        assert_false(r->cause == CAUSE_PRODUCTION && r->ref == HIST_REF_ASSET(A_FARMS));
        if (r->cause != CAUSE_EVENT)
            continue;
        assert_int_equal(r->ref, E_FAMINE);
        assert_int_equal(r->ref2, HIST_REF_ASSET(A_FARMS));
        assert_int_equal(r->what, HIST_ASSET);
        assert_int_equal(r->index, A_FOOD);
        assert_int_equal(r->old_value, r->player == 0 ? 15 : 16);
        assert_int_equal(r->new_value, r->old_value);
        named[r->player]++;
    }
    assert_int_equal(named[0], 1);
    assert_int_equal(named[1], 1);
    history_free(&h);
}

/* A22: the famine-halves-farms variant. */
static void test_A22_famine_variant(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_FAMINE, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    s.cfg.famine_halves_farms = 1;
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 0, "farms", 5);
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "population"), 2);
    assert_int_equal(fx_val(&s, 0, "farms"), 2);
    game_before_round(&s, 1, "normal", ev, 7);
    s.cfg.famine_halves_farms = 1;
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 9);
    fx_give(&s, 0, "granary", 'a');
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "population"), 10);
    assert_int_equal(fx_val(&s, 0, "farms"), 4);
}

/* A21: the mill's perk a works in a famine round. */
static void test_A21_mill_in_famine(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_FAMINE, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    fx_give(&s, 0, "mill", 'a');
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 9);
    fx_set(&s, 0, "food", 10);
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "farms"), 7);    /* clamped to population 7 */
    idle_turns(&s);
    assert_int_equal(fx_val(&s, 0, "food"), 6);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 8);     /* no farms, mill 7 / 3 */
}

static void test_civil_war_water_storm(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_CIVIL_WAR, E_WATER_STORM, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "men-at-arms", 9);
    fx_set(&s, 0, "knights", 7);
    fx_set(&s, 0, "mercenaries", 2);
    fx_set(&s, 0, "farms", 7);
    fx_set(&s, 0, "food", 30);
    begin(&s, 7);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 4);
    assert_int_equal(fx_val(&s, 0, "knights"), 3);
    assert_int_equal(fx_val(&s, 0, "mercenaries"), 2);
    idle_turns(&s);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    begin(&s, 8);
    assert_int_equal(fx_val(&s, 0, "farms"), 3);
}

/* A55: the event resolves at the round line, before the shared dice. */
static void test_A55_event_before_shared_dice(void **state)
{
    (void)state;
    struct game_state s;
    const int ev[] = NORMAL_EVENTS(E_WATER_STORM, E_FIRE, E_FIRE, E_PLAGUE);
    game_before_round(&s, 1, "normal", ev, 7);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 8);
    begin(&s, 7);
    assert_false(s.shared_set);
    assert_int_equal(fx_val(&s, 0, "farms"), 4);
}

/* T8: farm production after the king war. */
static void test_T08_farm_production(void **state)
{
    (void)state;
    struct game_state s;
    struct history h = HISTORY_INIT;
    fx_game(&s, 1);
    begin(&s, 1);
    idle_turns(&s);
    fx_set(&s, 0, "farms", 5);
    fx_set(&s, 0, "food", 5);
    assert_int_equal(engine_end_round(&s, &h, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 7);
    assert_int_equal(h.items[0].cause, CAUSE_PRODUCTION);
    history_free(&h);
}

/* T2 follow-up, A36: the quarry pays 2 supply in rounds 1-3 with influence 3, not in round 4. */
static void test_T02_quarry_follow_up(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    s.p[0].influence[L_QUARRY] = 3;
    for (int r = 1; r <= 4; r++) {
        begin(&s, r);
        idle_turns(&s);
        assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
        assert_int_equal(fx_val(&s, 0, "supply"), r <= 3 ? 2 * r : 6);
    }
}

/* A35: grassland and forest bonuses are chosen; a missing choice loses the bonus; capped. */
static void test_A35_location_choices(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    fx_game(&s, 1);
    s.p[0].influence[L_GRASSLAND] = 1;
    s.p[0].influence[L_FOREST] = 4;
    fx_set(&s, 0, "food", 29);
    begin(&s, 1);
    assert_int_equal(engine_collect(&s, 0, L_FOREST, 1, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
    idle_turns(&s);
    struct round_missing m;
    assert_int_equal(engine_round_missing(&s, &m), 2);
    assert_int_equal(m.collect[0], (1u << L_GRASSLAND) | (1u << L_FOREST));
    assert_int_equal(engine_collect(&s, 0, L_QUARRY, 0, &why), -1);
    assert_string_equal(fx_text(&s, &why), "the quarry bonus has no choice");
    assert_int_equal(engine_collect(&s, 0, L_FOREST, 2, &why), -1);
    assert_string_equal(fx_rule(&why), "collect");
    assert_int_equal(engine_collect(&s, 0, L_FOREST, 0, &why), 0);
    assert_int_equal(engine_collect(&s, 0, L_FOREST, 1, &why), -1);
    assert_string_equal(fx_text(&s, &why), "Jack already chose the forest bonus of round 1");
    assert_int_equal(engine_round_missing(&s, &m), 1);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 30);        /* 29 + 2 capped; grassland lost */
    assert_int_equal(fx_val(&s, 0, "supply"), 0);
    begin(&s, 2);
    idle_turns(&s);
    assert_int_equal(engine_collect(&s, 0, L_GRASSLAND, 1, &why), -1);
    assert_string_equal(fx_text(&s, &why), "Jack earns no grassland bonus in round 2: influence 1, MIN 2");
}

/* A37: the last player of a round is the first of the next; solo always first. */
static void test_A37_turn_order_rotation(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 4);
    const int first[] = {0, 3, 2, 1, 0};
    for (int r = 1; r <= 5; r++) {
        begin(&s, r);
        assert_int_equal(engine_next_player(&s), first[r - 1]);
        assert_int_equal(engine_set_shared(&s, 1, 2, NULL), 0);
        for (int k = 0; k < 4; k++) {
            int p = engine_next_player(&s);
            assert_int_equal(p, (first[r - 1] + k) % 4);
            assert_int_equal(engine_begin_turn(&s, p, 3, 4, NULL), 0);
            assert_int_equal(engine_end_turn(&s, NULL, NULL, NULL), 0);
        }
        assert_int_equal(engine_next_player(&s), -1);
        assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    }
    fx_game(&s, 1);
    for (int r = 1; r <= 3; r++) {
        begin(&s, r);
        assert_int_equal(engine_next_player(&s), 0);
        idle_turns(&s);
        assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    }
}

/* Builds T14's four towns before the king war. */
static void t14_towns(struct game_state *s)
{
    fx_game(s, 4);
    begin(s, 1);
    idle_turns(s);
    const int pop[] = {10, 10, 10, 10}, food[] = {5, 8, 6, 9}, farms[] = {1, 2, 4, 10};
    const int men[] = {3, 7, 4, 0}, knights[] = {3, 0, 0, 0};
    for (int p = 0; p < 4; p++) {
        fx_set(s, p, "population", pop[p]);
        fx_set(s, p, "food", food[p]);
        fx_set(s, p, "farms", farms[p]);
        fx_set(s, p, "men-at-arms", men[p]);
        fx_set(s, p, "knights", knights[p]);
    }
}

/* T14: the king war with four players. */
static void test_T14_king_war(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    t14_towns(&s);
    assert_int_equal(engine_pow_base(&s, 0), 9);
    assert_int_equal(engine_bonus_rolls_due(&s, 0), 0);
    assert_int_equal(engine_bonus_rolls_due(&s, 1), 1);
    struct war_entry e[4] = {{1, {0}, 0}, {1, {1}, 1}, {1, {5}, 1}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, &why), 0);
    assert_int_equal(s.p[0].war_pow, 9);
    assert_int_equal(s.p[1].war_pow, 8);
    assert_int_equal(s.p[2].war_pow, 9);
    const int rep[] = {2, 1, 2, 0}, men[] = {1, 3, 2, 0}, knights[] = {1, 0, 0, 0}, farms[] = {1, 2, 4, 10};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(s.p[p].reputation, rep[p]);
        assert_int_equal(fx_val(&s, p, "men-at-arms"), men[p]);
        assert_int_equal(fx_val(&s, p, "knights"), knights[p]);
        assert_int_equal(fx_val(&s, p, "farms"), farms[p]);
        assert_int_equal(fx_val(&s, p, "population"), 10);
    }
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "war");
}

static void test_war_validation(void **state)
{
    (void)state;
    struct game_state s, before;
    struct refusal why;
    t14_towns(&s);
    before = s;
    struct war_entry e[4] = {{1, {0}, 0}, {1, {1}, 1}, {1, {5}, 1}, {1, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "Mary has no POW and must avoid the king war");
    e[3].support = 0;
    e[1].nrolls = 0;
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "bonus-rolls");
    assert_string_equal(fx_text(&s, &why), "Tom supports the king war with 1 bonus roll due, 0 given");
    e[1].nrolls = 1;
    e[3].nrolls = 1;
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "bonus-rolls");
    e[3].nrolls = 0;
    e[2].rolls[0] = 0;
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "die-range");
    assert_memory_equal(&before, &s, sizeof s);

    fx_game(&s, 2);
    begin(&s, 1);
    struct war_entry f[2] = {{0, {0}, 0}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, f, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
    fx_game(&s, 1);
    begin(&s, 1);
    idle_turns(&s);
    assert_int_equal(engine_war(&s, f, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "there is no king war in a solo game");
}

/* T20, A41: a sole supporter gains 1, then halves. */
static void test_T20_single_supporter(void **state)
{
    (void)state;
    struct game_state s;
    t14_towns(&s);
    struct war_entry e[4] = {{0, {0}, 0}, {1, {6}, 1}, {0, {0}, 0}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
    assert_int_equal(s.p[1].reputation, 1);
    assert_int_equal(fx_val(&s, 1, "men-at-arms"), 3);
    assert_int_equal(fx_val(&s, 0, "men-at-arms"), 3);     /* A42: avoiders keep theirs */
    /* His roll changes nothing: he may leave it out; with two supporters it counts. */
    t14_towns(&s);
    assert_true(engine_war_rolls_ok(&s, 1, 1, 0));
    assert_true(engine_war_rolls_ok(&s, 1, 1, 1));
    assert_false(engine_war_rolls_ok(&s, 1, 2, 0));
    e[1].nrolls = 0;
    assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
    assert_int_equal(s.p[1].reputation, 1);
    assert_int_equal(fx_val(&s, 1, "men-at-arms"), 3);
}

/* The war's distinct outcomes (engine_war_outcomes) against every combination of bonus rolls
 * played one by one: as many outcomes as distinct results (the seats' sheets after the war,
 * the recorded war POW aside), each weighed by its share of the combinations, each one's rolls
 * giving its result. Every support pattern of four towns, two of them due two rolls. */
static void test_war_outcomes(void **state)
{
    (void)state;
    struct game_state s;
    t14_towns(&s);
    fx_set(&s, 0, "men-at-arms", 4);
    fx_set(&s, 0, "knights", 4);
    fx_set(&s, 2, "knights", 5);
    fx_set(&s, 3, "men-at-arms", 1);
    const int due[4] = {2, 1, 2, 0};
    for (int p = 0; p < 4; p++)
        assert_int_equal(engine_bonus_rolls_due(&s, p), due[p]);
    for (unsigned pattern = 0; pattern < 16; pattern++) {
        int support[4];
        for (int p = 0; p < 4; p++)
            support[p] = pattern >> p & 1u;
        struct war_outcome o[ENGINE_WAR_OUTCOMES];
        int n = engine_war_outcomes(&s, support, o);
        assert_true(n >= 1 && n <= ENGINE_WAR_OUTCOMES);
        struct player_state after[ENGINE_WAR_OUTCOMES][4];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            struct game_state t = s;
            assert_int_equal(engine_war(&t, o[k].e, NULL, NULL), 0);
            for (int p = 0; p < 4; p++)
                t.p[p].war_pow = 0;
            memcpy(after[k], t.p, sizeof after[k]);
            for (int j = 0; j < k; j++)
                assert_true(memcmp(after[j], after[k], sizeof after[k]) != 0);
            sum += o[k].weight;
        }
        assert_true(fabs(sum - 1.0) < 1e-12);
        /* Every combination, counted by the outcome it gives. */
        struct war_entry e[4];
        memset(e, 0, sizeof e);
        int nr = 0;
        for (int p = 0; p < 4; p++) {
            e[p].support = support[p];
            e[p].nrolls = support[p] ? due[p] : 0;
            nr += e[p].nrolls;
        }
        long combos = 1, count[ENGINE_WAR_OUTCOMES] = {0};
        for (int i = 0; i < nr; i++)
            combos *= 6;
        for (long c = 0; c < combos; c++) {
            long x = c;
            for (int p = 0; p < 4; p++)
                for (int i = 0; i < e[p].nrolls; i++) {
                    e[p].rolls[i] = 1 + (int)(x % 6);
                    x /= 6;
                }
            struct game_state t = s;
            assert_int_equal(engine_war(&t, e, NULL, NULL), 0);
            for (int p = 0; p < 4; p++)
                t.p[p].war_pow = 0;
            int k = 0;
            while (k < n && memcmp(after[k], t.p, sizeof after[k]) != 0)
                k++;
            assert_true(k < n);
            count[k]++;
        }
        for (int k = 0; k < n; k++)
            assert_true(fabs(o[k].weight - (double)count[k] / (double)combos) < 1e-15);
    }
}

/* T17, A60: the reputation track 0 -> 2 -> 3 -> 5 scores 8 VP. */
static void test_T17_reputation_track(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    const int men0[] = {8, 2, 8}, men1[] = {2, 8, 2}, want[] = {2, 3, 5};
    for (int r = 1; r <= 3; r++) {
        begin(&s, r);
        idle_turns(&s);
        fx_set(&s, 0, "men-at-arms", men0[r - 1]);
        fx_set(&s, 1, "men-at-arms", men1[r - 1]);
        fx_set(&s, 0, "population", 10);
        fx_set(&s, 1, "population", 10);
        struct war_entry e[2] = {{1, {3}, men0[r - 1] >= 4}, {1, {3}, men1[r - 1] >= 4}};
        assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
        assert_int_equal(s.p[0].reputation, want[r - 1]);
        assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    }
    struct score_breakdown b;
    engine_score(&s, 0, &b);
    assert_int_equal(b.reputation, 8);
}

/* A40, A48: king-war eligibility and POW exclude infrastructures (the castle's 20 too). */
static void test_A40_A48_war_pow_without_infrastructures(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    fx_game(&s, 2);
    begin(&s, 1);
    idle_turns(&s);
    fx_give(&s, 0, "town-walls", 0);
    fx_give(&s, 0, "castle", 'a');
    assert_int_equal(engine_pow_base(&s, 0), 0);
    assert_int_equal(engine_pow_full(&s, 0), 30);
    struct war_entry e[2] = {{1, {0}, 0}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "war");
    fx_set(&s, 0, "men-at-arms", 1);
    fx_set(&s, 1, "men-at-arms", 2);
    fx_set(&s, 0, "population", 5);
    fx_set(&s, 1, "population", 5);
    e[1].support = 1;
    assert_int_equal(engine_war(&s, e, NULL, &why), 0);
    assert_int_equal(s.p[0].reputation, 1);
    assert_int_equal(s.p[1].reputation, 2);
}

/* A42: mercenaries are never halved; people's POW counts. */
static void test_A42_war_halving_keeps_mercenaries(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 2);
    begin(&s, 1);
    idle_turns(&s);
    fx_set(&s, 0, "mercenaries", 2);
    fx_give(&s, 0, "army-chief", 0);
    fx_give(&s, 0, "war-hero", 0);
    assert_int_equal(engine_pow_base(&s, 0), 15);
    struct war_entry e[2] = {{1, {0}, 0}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "mercenaries"), 2);
}

/* A39: the market, queued during the turn, run after feeding, in order. */
static void test_A39_market(void **state)
{
    (void)state;
    struct game_state s;
    struct turn_end te;
    fx_game(&s, 1);
    fx_set(&s, 0, "population", 10);
    fx_set(&s, 0, "farms", 5);
    fx_set(&s, 0, "supply", 6);
    fx_set(&s, 0, "food", 20);
    fx_turn(&s, 1, 2, 3, 4);
    fx_refused(&s, fx_market(0, "supply"), "market");
    fx_refused(&s, fx_market(2, "farms"), "market");
    fx_ok(&s, fx_market(3, "supply"), NULL);    /* before the market is built */
    fx_ok(&s, fx_acq(4, "market", 0), NULL);    /* 6 supply, 10 food: food 10 */
    fx_ok(&s, fx_market(2, "food"), NULL);      /* supply 0 + 3 - 2 after the first */
    fx_ok(&s, fx_market(6, "supply"), NULL);    /* food after feeding: 10 - 5 - 3 + 2 = 4 < 6 */
    fx_ok(&s, fx_inf(1, "grassland"), NULL);
    fx_ok(&s, fx_inf(2, "farmland"), NULL);
    fx_ok(&s, fx_inf(3, "quarry"), NULL);
    assert_int_equal(fx_val(&s, 0, "food"), 10);
    assert_int_equal(engine_end_turn(&s, NULL, &te, NULL), 0);
    assert_int_equal(te.nmarket, 3);
    assert_true(te.market_applied[0]);
    assert_true(te.market_applied[1]);
    assert_false(te.market_applied[2]);
    assert_string_equal(fx_rule(&te.market_why[2]), "market");
    assert_string_equal(fx_text(&s, &te.market_why[2]), "Jack cannot convert 6 food into supply: has 4 food after feeding");
    assert_int_equal(fx_val(&s, 0, "food"), 4);
    assert_int_equal(fx_val(&s, 0, "supply"), 1);
}

static void test_A39_market_refusals_at_end(void **state)
{
    (void)state;
    struct game_state s;
    struct turn_end te;
    fx_game(&s, 1);
    fx_set(&s, 0, "food", 30);
    fx_set(&s, 0, "supply", 29);
    fx_turn(&s, 1, 2, 3, 4);
    fx_ok(&s, fx_market(2, "supply"), NULL);
    assert_int_equal(engine_end_turn(&s, NULL, &te, NULL), 0);
    assert_string_equal(fx_text(&s, &te.market_why[0]), "Jack has no market to convert 2 food into supply");
    fx_give(&s, 0, "market", 0);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    fx_turn(&s, 1, 2, 3, 4);
    fx_ok(&s, fx_market(2, "supply"), NULL);
    fx_ok(&s, fx_market(1, "supply"), NULL);
    assert_int_equal(engine_end_turn(&s, NULL, &te, NULL), 0);
    assert_false(te.market_applied[0]);
    assert_string_equal(fx_rule(&te.market_why[0]), "max");
    assert_true(te.market_applied[1]);
    assert_int_equal(fx_val(&s, 0, "supply"), 30);
}

/* What a round still needs, and ending it anyway. */
static void test_round_missing_and_forced_end(void **state)
{
    (void)state;
    struct game_state s;
    struct round_missing m;
    struct refusal why;
    fx_game(&s, 2);
    assert_int_equal(engine_round_missing(&s, &m), 0);
    assert_int_equal(engine_end_round(&s, NULL, &why), -1);
    begin(&s, 1);
    assert_int_equal(engine_round_missing(&s, &m), 4);  /* shared, 2 turns, war */
    assert_int_equal(m.shared, 1);
    assert_int_equal(m.turns_left, 2);
    assert_int_equal(m.war, 1);
    fx_turn(&s, 1, 2, 3, 4);
    assert_int_equal(engine_round_missing(&s, &m), 3);
    assert_int_equal(m.turn_active, 1);
    assert_int_equal(m.turns_left, 1);
    assert_int_equal(engine_end_round(&s, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "Jack's turn has not ended");
    assert_int_equal(engine_end_turn(&s, NULL, NULL, NULL), 0);
    assert_int_equal(engine_end_round(&s, NULL, &why), 0);    /* Tom's turn and the war missing */
    assert_int_equal(s.phase, PHASE_ROUND_OVER);
    assert_int_equal(engine_begin_round(&s, 3, NULL, &why), -1);
    assert_string_equal(fx_text(&s, &why), "expected round 2, not round 3");
}

/* A58: round 10 has its war and production, then the game is over. */
static void test_A58_round_10_then_game_over(void **state)
{
    (void)state;
    struct game_state s;
    struct refusal why;
    fx_game(&s, 2);
    s.round = 9;
    s.phase = PHASE_ROUND_OVER;
    begin(&s, 10);
    idle_turns(&s);
    fx_set(&s, 0, "men-at-arms", 2);
    fx_set(&s, 0, "population", 2);
    fx_set(&s, 1, "farms", 4);
    struct war_entry e[2] = {{1, {0}, 0}, {0, {0}, 0}};
    assert_int_equal(engine_war(&s, e, NULL, NULL), 0);
    int w[XII_MAX_PLAYERS];
    assert_int_equal(engine_winners(&s, w), 0);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    assert_int_equal(s.phase, PHASE_GAME_OVER);
    assert_int_equal(fx_val(&s, 1, "food"), 2);
    assert_int_equal(engine_begin_round(&s, 11, NULL, &why), -1);
    assert_string_equal(fx_rule(&why), "round-order");
    assert_int_equal(engine_winners(&s, w), 1);
    assert_int_equal(w[0], 0);      /* population 2 + reputation 1 -> 0 VP: 2 vs 0 */
}

/* Granary perk b and mill perk a at round end. */
static void test_round_end_perks(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 1);
    fx_give(&s, 0, "granary", 'b');
    fx_give(&s, 0, "mill", 'a');
    begin(&s, 1);
    idle_turns(&s);
    fx_set(&s, 0, "farms", 7);
    assert_int_equal(engine_end_round(&s, NULL, NULL), 0);
    assert_int_equal(fx_val(&s, 0, "food"), 3 + 2 + 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_T01_shared_dice_must_differ),
        cmocka_unit_test(test_new_game_validation),
        cmocka_unit_test(test_A27_forget_about_it),
        cmocka_unit_test(test_T03_starvation),
        cmocka_unit_test(test_T04_feeding),
        cmocka_unit_test(test_A44_starvation_formula),
        cmocka_unit_test(test_T07_plague_cascade),
        cmocka_unit_test(test_T25_plague_with_monks),
        cmocka_unit_test(test_T15_outlaws_attack_round_7),
        cmocka_unit_test(test_A26_outlaws_bonus_rolls),
        cmocka_unit_test(test_T24_famine_with_granary),
        cmocka_unit_test(test_A22_famine_variant),
        cmocka_unit_test(test_A21_mill_in_famine),
        cmocka_unit_test(test_civil_war_water_storm),
        cmocka_unit_test(test_A55_event_before_shared_dice),
        cmocka_unit_test(test_T08_farm_production),
        cmocka_unit_test(test_T02_quarry_follow_up),
        cmocka_unit_test(test_A35_location_choices),
        cmocka_unit_test(test_A37_turn_order_rotation),
        cmocka_unit_test(test_T14_king_war),
        cmocka_unit_test(test_war_validation),
        cmocka_unit_test(test_T20_single_supporter),
        cmocka_unit_test(test_war_outcomes),
        cmocka_unit_test(test_T17_reputation_track),
        cmocka_unit_test(test_A40_A48_war_pow_without_infrastructures),
        cmocka_unit_test(test_A42_war_halving_keeps_mercenaries),
        cmocka_unit_test(test_A39_market),
        cmocka_unit_test(test_A39_market_refusals_at_end),
        cmocka_unit_test(test_round_missing_and_forced_end),
        cmocka_unit_test(test_A58_round_10_then_game_over),
        cmocka_unit_test(test_round_end_perks),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
