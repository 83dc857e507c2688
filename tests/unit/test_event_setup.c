/* Global-event setup: method 1 (seeded and rolled at the table), method 2, the fixed round of
 * forget-about-it, the twice-limit, and the `events` line. */
#include "test.h"
#include "gamedata_fixture.h"
#include <stdio.h>
#include <string.h>
#include "log/parse.h"
#include "log/write.h"
#include "audit/replay.h"
#include "rules/event_setup.h"

static int difficulty(const char *id)
{
    int d = gamedata_difficulty(&GD, id, strlen(id));
    assert_true(d >= 0);
    return d;
}

/* Every round has an event exactly when the difficulty says so, the fixed ones are in place
 * and no event is on more than max_same_event rounds. */
static void assert_valid(const struct event_setup *s, int d)
{
    const struct gd_difficulty *df = &GD.difficulties[d];
    int count[EVENT_COUNT] = {0};
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (!df->has_event[r]) {
            assert_int_equal(s->event[r], -1);
            continue;
        }
        assert_true(s->event[r] >= 0 && s->event[r] < EVENT_COUNT);
        if (df->fixed_event[r] >= 0)
            assert_int_equal(s->event[r], df->fixed_event[r]);
        count[s->event[r]]++;
    }
    for (int e = 0; e < EVENT_COUNT; e++)
        assert_true(count[e] <= GD.max_same_event);
}

/* The concatenated messages of dl, for substring checks. */
static const char *messages(const struct diag_list *dl, struct strbuf *sb)
{
    strbuf_reset(sb);
    for (size_t i = 0; i < dl->count; i++) {
        strbuf_puts(sb, dl->items[i].message);
        strbuf_putc(sb, '\n');
    }
    return strbuf_cstr(sb);
}

static void test_every_difficulty_seeded(void **state)
{
    (void)state;
    for (int d = 0; d < GD.ndifficulties; d++) {
        struct event_setup s;
        struct diag_list dl = DIAG_LIST_INIT;
        assert_int_equal(event_setup_seed(&GD, d, 42, &s, &dl), 0);
        assert_int_equal(dl.count, 0);
        assert_valid(&s, d);
        int kept = 0;
        for (size_t i = 0; i < s.nrolls; i++) {
            assert_true(s.rolls[i].die >= 1 && s.rolls[i].die <= 6);
            assert_int_equal(GD.events[s.rolls[i].event].die, s.rolls[i].die);
            kept += s.rolls[i].kept;
        }
        assert_int_equal(kept, event_setup_free_rounds(&GD, d));
        event_setup_free(&s);
        diag_list_free(&dl);
    }
}

static void test_twice_limit_over_many_seeds(void **state)
{
    (void)state;
    int d = difficulty("forget-about-it");
    int rerolls = 0;
    for (uint64_t seed = 0; seed < 10000; seed++) {
        struct event_setup s;
        struct diag_list dl = DIAG_LIST_INIT;
        assert_int_equal(event_setup_seed(&GD, d, seed, &s, &dl), 0);
        assert_valid(&s, d);
        for (size_t i = 0; i < s.nrolls; i++)
            rerolls += !s.rolls[i].kept;
        event_setup_free(&s);
        diag_list_free(&dl);
    }
    /* Nine free rounds and six events, the outlaws' attack already once: re-rolls happen. */
    assert_true(rerolls > 0);
    int vh = difficulty("very-hard");
    for (uint64_t seed = 0; seed < 10000; seed++) {
        struct event_setup s;
        struct diag_list dl = DIAG_LIST_INIT;
        assert_int_equal(event_setup_seed(&GD, vh, seed * 7919u, &s, &dl), 0);
        assert_valid(&s, vh);
        event_setup_free(&s);
        diag_list_free(&dl);
    }
}

static void test_seed_is_deterministic(void **state)
{
    (void)state;
    int d = difficulty("hard");
    struct event_setup a, b, c;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_seed(&GD, d, 2024, &a, &dl), 0);
    assert_int_equal(event_setup_seed(&GD, d, 2024, &b, &dl), 0);
    assert_memory_equal(a.event, b.event, sizeof a.event);
    assert_int_equal(a.nrolls, b.nrolls);
    assert_memory_equal(a.rolls, b.rolls, a.nrolls * sizeof a.rolls[0]);
    /* splitmix64 from state 0: the first output is 0xe220a8397b1dcdaf, whose value mod 6
     * is 1, so the first die is 2 (plague). Pins the documented generator. */
    assert_int_equal(event_setup_seed(&GD, d, 0, &c, &dl), 0);
    assert_int_equal(c.rolls[0].die, (int)(0xe220a8397b1dcdafu % 6u) + 1);
    assert_int_equal(c.rolls[0].die, 2);
    assert_int_equal(c.event[5], E_PLAGUE);
    /* Different seeds do not all give the same events. */
    int differ = 0;
    for (uint64_t seed = 1; seed < 20 && !differ; seed++) {
        struct event_setup x;
        assert_int_equal(event_setup_seed(&GD, d, seed, &x, &dl), 0);
        differ = memcmp(x.event, a.event, sizeof a.event) != 0;
        event_setup_free(&x);
    }
    assert_true(differ);
    event_setup_free(&a);
    event_setup_free(&b);
    event_setup_free(&c);
    diag_list_free(&dl);
}

static void test_roll_in_order(void **state)
{
    (void)state;
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_roll(&GD, d, "3 5, 1 6", "--roll", &s, &dl), 0);
    assert_int_equal(dl.count, 0);
    assert_int_equal(s.event[7], E_FAMINE);
    assert_int_equal(s.event[8], E_OUTLAWS_ATTACK);
    assert_int_equal(s.event[9], E_FIRE);
    assert_int_equal(s.event[10], E_WATER_STORM);
    assert_int_equal(s.nrolls, 4);
    struct strbuf sb = STRBUF_INIT;
    assert_int_equal(log_write_events(&GD, s.event, &sb), 1);
    assert_string_equal(strbuf_cstr(&sb), "events 7 famine, 8 outlaws-attack, 9 fire, 10 water-storm");
    strbuf_free(&sb);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_roll_rerolls_consume_next_dice(void **state)
{
    (void)state;
    int d = difficulty("hard");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    /* Rounds 5-10: 2 (plague), 2 (plague), 2 re-rolled, 2 re-rolled, 4, 4, 2 re-rolled, 1, 6, 6. */
    assert_int_equal(event_setup_roll(&GD, d, "2 2 2 2 4 4 2 1 6 6", "--roll", &s, &dl), 0);
    assert_int_equal(s.event[5], E_PLAGUE);
    assert_int_equal(s.event[6], E_PLAGUE);
    assert_int_equal(s.event[7], E_CIVIL_WAR);
    assert_int_equal(s.event[8], E_CIVIL_WAR);
    assert_int_equal(s.event[9], E_FIRE);
    assert_int_equal(s.event[10], E_WATER_STORM);
    assert_int_equal(s.nrolls, 9);
    assert_int_equal(s.rolls[2].kept, 0);
    assert_int_equal(s.rolls[2].round, 7);
    assert_int_equal(s.rolls[3].kept, 0);
    assert_int_equal(s.rolls[6].round, 9);
    assert_int_equal(s.rolls[6].kept, 0);
    /* The tenth die is not needed: a warning, not an error. */
    assert_int_equal(s.unused_dice, 1);
    assert_int_equal(dl.errors, 0);
    assert_int_equal(dl.count, 1);
    assert_int_equal(dl.items[0].level, DIAG_WARNING);
    assert_int_equal(dl.items[0].pos.col, 19);
    struct strbuf sb = STRBUF_INIT;
    event_setup_format_rolls(&GD, &s, &sb);
    assert_string_equal(strbuf_cstr(&sb),
                        "round 5: 2 Plague; round 6: 2 Plague; round 7: 2 (Plague has 2 rounds: "
                        "re-rolled), 2 (Plague has 2 rounds: re-rolled), 4 Civil War; round 8: "
                        "4 Civil War; round 9: 2 (Plague has 2 rounds: re-rolled), 1 Fire; "
                        "round 10: 6 Water Storm");
    strbuf_free(&sb);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_roll_too_few_dice(void **state)
{
    (void)state;
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf sb = STRBUF_INIT;
    assert_int_equal(event_setup_roll(&GD, d, "3 5", "--roll", &s, &dl), -1);
    assert_int_equal(dl.errors, 1);
    assert_non_null(strstr(messages(&dl, &sb), "rounds 9, 10 still need an event"));
    assert_non_null(strstr(strbuf_cstr(&sb), "at least 2 more dice"));
    event_setup_free(&s);
    diag_list_free(&dl);
    /* Re-rolls eat dice too: 3 3 3 leaves round 9 waiting and round 10 to go. */
    assert_int_equal(event_setup_roll(&GD, d, "3 3 3", "--roll", &s, &dl), -1);
    assert_non_null(strstr(messages(&dl, &sb), "rounds 9, 10 still need an event"));
    assert_non_null(strstr(strbuf_cstr(&sb), "at least 2 more dice"));
    event_setup_free(&s);
    diag_list_free(&dl);
    assert_int_equal(event_setup_roll(&GD, d, "1 2 3", "--roll", &s, &dl), -1);
    assert_non_null(strstr(messages(&dl, &sb), "round 10 still needs an event"));
    assert_non_null(strstr(strbuf_cstr(&sb), "at least 1 more die"));
    event_setup_free(&s);
    diag_list_free(&dl);
    strbuf_free(&sb);
}

static void test_roll_bad_die(void **state)
{
    (void)state;
    int d = difficulty("easy");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_roll(&GD, d, "3 7 x", "--roll", &s, &dl), -1);
    assert_int_equal(dl.errors, 2);
    assert_int_equal(dl.items[0].pos.col, 3);
    assert_int_equal(dl.items[1].pos.col, 5);
    assert_non_null(strstr(dl.items[0].message, "'7' is not a die value"));
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_choose_valid_with_aliases_and_dice(void **state)
{
    (void)state;
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_choose(&GD, d, "10 outlaws, 7 fire, 8 Plague 9 3", "--choose",
                                        &s, &dl), 0);
    assert_int_equal(dl.count, 0);
    assert_int_equal(s.method, EVENT_METHOD_CHOOSE);
    assert_int_equal(s.nrolls, 0);
    struct strbuf sb = STRBUF_INIT;
    log_write_events(&GD, s.event, &sb);
    assert_string_equal(strbuf_cstr(&sb), "events 7 fire, 8 plague, 9 famine, 10 outlaws-attack");
    strbuf_free(&sb);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_choose_limit_refused(void **state)
{
    (void)state;
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    const char *text = "9 fire, 7 fire, 8 1, 10 plague";
    assert_int_equal(event_setup_choose(&GD, d, text, "--choose", &s, &dl), -1);
    assert_int_equal(dl.errors, 1);
    /* In round order the third fire is round 9's, written first. */
    assert_non_null(strstr(dl.items[0].message, "round 9: fire is already on rounds 7 and 8; an event may strike on at most 2 rounds"));
    assert_int_equal(dl.items[0].pos.col, 1);
    assert_string_equal(dl.items[0].code, "events");
    event_setup_free(&s);
    diag_list_free(&dl);
}

/* The one check of an assignment: `xii setup --choose`, the move log's events line and the
 * engine give the same rule id and the same sentence for an event on too many rounds. */
static void test_same_words_everywhere(void **state)
{
    (void)state;
    static const char *const sentence =
        "round 9: fire is already on rounds 7 and 8; an event may strike on at most 2 rounds";
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_choose(&GD, d, "7 fire, 8 fire, 9 fire, 10 plague", "--choose",
                                        &s, &dl), -1);
    assert_int_equal(dl.errors, 1);
    assert_string_equal(dl.items[0].code, "events");
    assert_string_equal(dl.items[0].message, sentence);
    event_setup_free(&s);
    diag_list_free(&dl);

    static const char log[] = "players Jack Tom\ndifficulty normal\n"
                              "events 7 fire, 8 fire, 9 fire, 10 plague\nround 1\n";
    struct log_ast *ast = log_parse(log, sizeof log - 1, "game.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    assert_int_equal(dl.errors, 1);
    assert_string_equal(dl.items[0].code, "events");
    assert_string_equal(dl.items[0].message, sentence);
    assert_true(r->started);    /* and the game is replayed with the events as written */
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);

    struct game_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nplayers = 1;
    strcpy(cfg.names[0], "Jack");
    cfg.difficulty = d;
    cfg.objective = -1;
    for (int k = 0; k <= GD_ROUNDS; k++)
        cfg.events[k] = -1;
    cfg.events[7] = cfg.events[8] = cfg.events[9] = E_FIRE;
    cfg.events[10] = E_PLAGUE;
    struct game_state gs;
    struct refusal why;
    assert_int_equal(engine_new_game(&gs, &GD, &cfg, NULL, &why), -1);
    struct strbuf sb = STRBUF_INIT;
    refusal_text(&GD, &cfg, &why, &sb);
    assert_string_equal(rule_id_text(why.rule), "events");
    assert_string_equal(strbuf_cstr(&sb), sentence);
    strbuf_free(&sb);
}

static void test_choose_missing_and_extra_rounds(void **state)
{
    (void)state;
    int d = difficulty("normal");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_choose(&GD, d, "7 fire, 8 plague, 10 famine", "--choose", &s, &dl),
                     -1);
    assert_int_equal(dl.errors, 1);
    assert_non_null(strstr(dl.items[0].message, "no event for round 9 (difficulty normal has events in rounds 7, 8, 9 and 10)"));
    event_setup_free(&s);
    diag_list_free(&dl);

    assert_int_equal(event_setup_choose(&GD, d, "3 fire, 7 fire, 8 plague, 9 famine, 10 storm",
                                        "--choose", &s, &dl), -1);
    assert_int_equal(dl.errors, 1);
    assert_string_equal(dl.items[0].message,
                        "difficulty normal has no event in round 3 (its event rounds: 7, 8, 9 and 10)");
    event_setup_free(&s);
    diag_list_free(&dl);

    assert_int_equal(event_setup_choose(&GD, d, "7 fire 7 plague 8 dragons 11 fire 9",
                                        "--choose", &s, &dl), -1);
    struct strbuf sb = STRBUF_INIT;
    const char *m = messages(&dl, &sb);
    assert_non_null(strstr(m, "round 7 is given two events (fire and plague)"));
    assert_non_null(strstr(m, "unknown event 'dragons'"));
    assert_non_null(strstr(m, "expected a round from 1 to 10, found '11'"));
    assert_non_null(strstr(m, "round 9 has no event after it"));
    strbuf_free(&sb);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_forget_about_it_round_one(void **state)
{
    (void)state;
    int d = difficulty("forget-about-it");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_free_rounds(&GD, d), 9);
    assert_int_equal(event_setup_seed(&GD, d, 7, &s, &dl), 0);
    assert_int_equal(s.event[1], E_OUTLAWS_ATTACK);
    assert_true(s.fixed[1]);
    for (size_t i = 0; i < s.nrolls; i++)
        assert_true(s.rolls[i].round >= 2);
    event_setup_free(&s);

    /* Round 1 counts toward the limit: outlaws on round 1 and on two more rounds is refused. */
    const char *text = "2 outlaws, 3 fire, 4 fire, 5 plague, 6 plague, 7 famine, 8 famine, "
                       "9 5, 10 storm";
    assert_int_equal(event_setup_choose(&GD, d, text, "--choose", &s, &dl), -1);
    assert_non_null(strstr(dl.items[0].message, "round 9: outlaws-attack is already on rounds 1 and 2"));
    event_setup_free(&s);
    diag_list_free(&dl);

    /* Naming round 1 with its fixed event is fine; with another event it is refused. */
    text = "1 outlaws, 2 outlaws, 3 fire, 4 fire, 5 plague, 6 plague, 7 famine, 8 famine, "
           "9 storm, 10 storm";
    assert_int_equal(event_setup_choose(&GD, d, text, "--choose", &s, &dl), 0);
    struct strbuf sb = STRBUF_INIT;
    log_write_events(&GD, s.event, &sb);
    assert_true(strncmp(strbuf_cstr(&sb), "events 1 outlaws-attack, 2 outlaws-attack, 3 fire", 49) == 0);
    strbuf_free(&sb);
    event_setup_free(&s);
    assert_int_equal(event_setup_choose(&GD, d, "1 fire", "--choose", &s, &dl), -1);
    assert_string_equal(dl.items[0].message,
                        "round 1 is always outlaws-attack in difficulty forget-about-it, not fire");
    event_setup_free(&s);
    diag_list_free(&dl);

    /* --roll: round 1 takes no die; 5 5 5 re-rolls the third outlaws' attack. */
    assert_int_equal(event_setup_roll(&GD, d, "5 5 1 1 2 2 3 3 4 6", "--roll", &s, &dl), 0);
    assert_int_equal(s.event[2], E_OUTLAWS_ATTACK);
    assert_int_equal(s.rolls[1].round, 3);
    assert_int_equal(s.rolls[1].kept, 0);
    assert_int_equal(s.event[3], E_FIRE);
    assert_int_equal(s.event[10], E_WATER_STORM);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_very_easy_has_nothing(void **state)
{
    (void)state;
    int d = difficulty("very-easy");
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(event_setup_free_rounds(&GD, d), 0);
    assert_int_equal(event_setup_roll(&GD, d, "", "--roll", &s, &dl), 0);
    struct strbuf sb = STRBUF_INIT;
    assert_int_equal(log_write_events(&GD, s.event, &sb), 0);
    assert_string_equal(strbuf_cstr(&sb), "");
    event_setup_format_rounds(&GD, d, &sb);
    assert_string_equal(strbuf_cstr(&sb), "none");
    strbuf_reset(&sb);
    event_setup_format_rounds(&GD, difficulty("forget-about-it"), &sb);
    assert_string_equal(strbuf_cstr(&sb), "1-10");
    strbuf_free(&sb);
    event_setup_free(&s);
    assert_int_equal(event_setup_choose(&GD, d, "", "--choose", &s, &dl), 0);
    event_setup_free(&s);
    diag_list_free(&dl);
}

static void test_parse_seed(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(event_setup_parse_seed("18446744073709551615", &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(event_setup_parse_seed("18446744073709551616", &v), -1);
    assert_int_equal(event_setup_parse_seed("12a", &v), -1);
    assert_int_equal(event_setup_parse_seed("", &v), -1);
    assert_int_equal(event_setup_parse_seed("-1", &v), -1);
    assert_int_equal(event_setup_parse_seed("0042", &v), 0);
    assert_true(v == 42);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_difficulty_seeded),
        cmocka_unit_test(test_twice_limit_over_many_seeds),
        cmocka_unit_test(test_seed_is_deterministic),
        cmocka_unit_test(test_roll_in_order),
        cmocka_unit_test(test_roll_rerolls_consume_next_dice),
        cmocka_unit_test(test_roll_too_few_dice),
        cmocka_unit_test(test_roll_bad_die),
        cmocka_unit_test(test_choose_valid_with_aliases_and_dice),
        cmocka_unit_test(test_choose_limit_refused),
        cmocka_unit_test(test_same_words_everywhere),
        cmocka_unit_test(test_choose_missing_and_extra_rounds),
        cmocka_unit_test(test_forget_about_it_round_one),
        cmocka_unit_test(test_very_easy_has_nothing),
        cmocka_unit_test(test_parse_seed),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
