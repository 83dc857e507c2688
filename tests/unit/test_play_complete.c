/* The recorder's tab completion (record/complete.h): at positions of the golden games, every
 * person, infrastructure, asset and location offered after a die is accepted by the recorder
 * when typed, and every one not offered is refused; the dice offered are the unspent ones;
 * the war offers support only to players with POW; location choices only to those who owe
 * them; the header its own words. Run from the repository root. */
#include "test.h"
#include "record/complete.h"
#include "test_play.h"

/* A session on the first n lines of a golden log. */
static void open_at(struct record_session **s, const char *golden, int n)
{
    open_new(s, "c.xii");
    type_golden(*s, golden, n);
}

static int offered(const struct record_words *w, const char *word)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->items[i], word) == 0)
            return 1;
    return 0;
}

/* Whether the recorder accepts the line (taken back at once when it does). */
static int accepted(struct record_session *s, const char *line)
{
    struct record_result res;
    record_session_submit(s, line, &res);
    int ok = res.outcome == RECORD_ACCEPTED;
    record_result_free(&res);
    if (ok) {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        assert_int_equal(record_session_undo(s, &undone, &err), 0);
        strbuf_free(&undone);
        strbuf_free(&err);
    }
    return ok;
}

/* After "D attract " / "D build ": exactly the items the recorder accepts with that die (a
 * special one with a perk letter). Returns how many were offered. */
static int check_items(struct record_session *s, int die, const char *verb)
{
    struct record_words w = {0};
    char before[32], line[128];
    snprintf(before, sizeof before, "%d %s ", die, verb);
    record_complete(s, before, "", &w);
    int count = 0;
    for (int i = 0; i < GD.nitems; i++) {
        const char *id = GD.items[i].id;
        snprintf(line, sizeof line, "%d %s %s%s", die, verb, id, gamedata_is_special(&GD.items[i]) ? " a" : "");
        int ok = accepted(s, line);
        if (!ok && gamedata_is_special(&GD.items[i])) {
            snprintf(line, sizeof line, "%d %s %s b", die, verb, id);
            ok = accepted(s, line);
        }
        if (ok != offered(&w, id))
            fail_msg("'%s%s': %s, but %s", before, id, ok ? "accepted" : "refused",
                     offered(&w, id) ? "offered" : "not offered");
        count += ok;
    }
    record_words_free(&w);
    return count;
}

/* After "D ": exactly the assets the recorder accepts with that die, and the verbs. */
static void check_assets(struct record_session *s, int die)
{
    struct record_words w = {0};
    char before[16], line[64];
    snprintf(before, sizeof before, "%d ", die);
    record_complete(s, before, "", &w);
    for (int a = 0; a < ASSET_COUNT; a++) {
        snprintf(line, sizeof line, "%d %s", die, GD.assets[a].id);
        int ok = accepted(s, line);
        if (ok != offered(&w, GD.assets[a].id))
            fail_msg("'%s': %s, but %s", line, ok ? "accepted" : "refused",
                     offered(&w, GD.assets[a].id) ? "offered" : "not offered");
    }
    record_words_free(&w);
}

/* Returns how many items could be acquired there. */
static int check_position(const char *golden, int n)
{
    struct record_session *s = NULL;
    open_at(&s, golden, n);
    assert_int_equal(record_session_awaited(s)->kind, LOG_AWAIT_DIE);
    /* The first word: the unspent dice, never another value. */
    struct record_words w = {0};
    record_complete(s, "", "", &w);
    for (int v = 1; v <= 6; v++) {
        char d[2] = {(char)('0' + v), 0};
        int unspent = 0;
        for (int i = 0; i < record_session_awaited(s)->ndice; i++)
            unspent |= record_session_awaited(s)->dice[i].value == v;
        assert_int_equal(offered(&w, d), unspent);
    }
    assert_true(offered(&w, "undo") && offered(&w, "check"));
    record_words_free(&w);
    int items = 0;
    for (int i = 0; i < record_session_awaited(s)->ndice; i++) {
        check_assets(s, record_session_awaited(s)->dice[i].value);
        items += check_items(s, record_session_awaited(s)->dice[i].value, "attract");
        items += check_items(s, record_session_awaited(s)->dice[i].value, "build");
    }
    /* The partial word narrows the offer. */
    char before[8];
    snprintf(before, sizeof before, "%d ", record_session_awaited(s)->dice[0].value);
    record_complete(s, before, "infl", &w);
    assert_int_equal(w.n, 1);
    assert_string_equal(w.items[0], "influence");
    record_words_free(&w);
    record_session_free(s);
    return items;
}

static void test_dice_and_ids(void **state)
{
    (void)state;
    int items = check_position("abilities.xii", 12);   /* round 1: nothing owned yet */
    items += check_position("abilities.xii", 39);      /* round 3: the sheriff within reach */
    items += check_position("game-5p.xii", 268);       /* round 7: the fire bans people */
    items += check_position("game-5p.xii", 389);       /* round 10 */
    assert_true(items >= 5);
}

static void test_abilities_offered(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_at(&s, "abilities.xii", 40);       /* Jack has the sheriff (perk a) */
    struct record_words w = {0};
    record_complete(s, "", "sh", &w);
    assert_true(offered(&w, "sheriff"));
    record_words_free(&w);
    record_complete(s, "sheriff ", "", &w);
    assert_true(w.n > 0);
    record_words_free(&w);
    record_session_free(s);
    open_at(&s, "abilities.xii", 11);       /* nobody has it */
    record_complete(s, "", "sh", &w);
    assert_int_equal(w.n, 1);               /* "shared"? no: only "show" */
    assert_string_equal(w.items[0], "show");
    record_words_free(&w);
    record_session_free(s);
}

static void test_war_and_collect(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_at(&s, "game-5p.xii", 132);        /* round 3: the war and location choices */
    assert_int_equal(record_session_awaited(s)->kind, LOG_AWAIT_WAR);
    struct record_words w = {0};
    record_complete(s, "war ", "", &w);
    assert_int_equal(w.n, 5);
    record_words_free(&w);
    for (int p = 0; p < 5; p++) {
        char before[64];
        const char *name = record_session_replay(s)->state.cfg.names[p];
        snprintf(before, sizeof before, strchr(name, ' ') ? "war \"%s\" " : "war %s ", name);
        record_complete(s, before, "", &w);
        assert_true(offered(&w, "avoid"));
        assert_int_equal(offered(&w, "support"), !record_session_awaited(s)->must_avoid[p]);
        record_words_free(&w);
    }
    record_complete(s, "war Jack avoid ", "", &w);
    assert_false(offered(&w, "Jack"));
    assert_true(offered(&w, "Tom"));
    record_words_free(&w);
    /* Only the players who owe a choice, only the locations they owe. */
    record_complete(s, "collect ", "", &w);
    struct round_missing m;
    engine_round_missing(&record_session_replay(s)->state, &m);
    for (int p = 0; p < 5; p++) {
        const char *name = record_session_replay(s)->state.cfg.names[p];
        char word[64];
        snprintf(word, sizeof word, strchr(name, ' ') ? "\"%s\"" : "%s", name);
        assert_int_equal(offered(&w, word), m.collect[p] != 0);
    }
    record_words_free(&w);
    record_complete(s, "collect Jack ", "", &w);
    assert_int_equal(w.n, 1);
    assert_string_equal(w.items[0], "grassland");
    record_words_free(&w);
    record_complete(s, "collect Jack grassland ", "", &w);
    assert_int_equal(w.n, 2);
    assert_true(offered(&w, "food") && offered(&w, "supply"));
    record_words_free(&w);
    record_session_free(s);
}

static void test_header(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_at(&s, "abilities.xii", 0);
    struct record_words w = {0};
    record_complete(s, "", "pl", &w);
    assert_int_equal(w.n, 1);
    assert_string_equal(w.items[0], "players");
    record_words_free(&w);
    record_session_free(s);
    open_at(&s, "game-2p.xii", 10);         /* the players, no difficulty yet */
    record_complete(s, "", "nor", &w);
    assert_int_equal(w.n, 1);
    assert_string_equal(w.items[0], "normal");
    record_words_free(&w);
    record_complete(s, "difficulty ", "", &w);
    assert_int_equal((int)w.n, GD.ndifficulties);
    record_words_free(&w);
    record_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_and_ids),
        cmocka_unit_test(test_abilities_offered),
        cmocka_unit_test(test_war_and_collect),
        cmocka_unit_test(test_header),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
