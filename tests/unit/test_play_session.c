/* The recorder's session (record/session.h): every kind of refused move is refused with the
 * audit's message and leaves FILE and the game unchanged; undo takes back every kind of
 * statement and leaves FILE as it was before it; the header goes line by line; a FILE is
 * continued where it stops, and one with errors is not; short forms are written in full.
 * Run from the repository root (the golden logs are in tests/golden/audit/). */
#include "test.h"
#include "record/shortform.h"
#include "record/text.h"
#include "log/parse.h"
#include "test_play.h"

static void submit_ok(struct record_session *s, const char *line)
{
    struct record_result res;
    record_session_submit(s, line, &res);
    if (res.outcome != RECORD_ACCEPTED)
        fail_msg("'%s' not accepted:\n%s", line, strbuf_cstr(&res.message));
    record_result_free(&res);
}

/* Submits each line of typed ("\n"-separated), each accepted. */
static void submit_all(struct record_session *s, const char *typed)
{
    char *copy = strdup(typed), *save = NULL;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        submit_ok(s, l);
    free(copy);
}

struct refused_line {
    const char *golden;
    int lines;              /* its first lines are typed first */
    int skip;               /* but this one (a line the golden log refuses), or 0 */
    const char *instead;    /* typed in its place, or NULL */
    const char *before;     /* lines accepted first ("\n"-separated), or NULL */
    const char *line;       /* the line refused */
    const char *rule;       /* the rule its message names */
};

static const struct refused_line cases[] = {
    /* Spending dice (abilities.xii line 11: Jack's turn, dice 4 1 6 5). */
    {"abilities.xii", 11, 0, NULL, NULL, "3 food", "die-unavailable"},
    {"abilities.xii", 11, 0, NULL, NULL, "7 food", "syntax"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 atract blacksmith", "syntax"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 attract blacksmit", "unknown-id"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 build blacksmith", "bad-move"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 men-at-arms", "requirement"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 attract jongleur a", "exact-die"},
    {"abilities.xii", 11, 0, NULL, NULL, "1 attract jongleur a", "requirement"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 attract blacksmith a", "perk-letter"},
    {"abilities.xii", 11, 0, NULL, NULL, "sheriff 4 5", "perk-not-owned"},
    {"abilities.xii", 11, 0, NULL, NULL, "split 5 1 food 4 supply", "perk-not-owned"},
    {"abilities.xii", 11, 0, NULL, NULL, "reserve 6 population", "reserve-empty"},
    {"abilities.xii", 12, 0, NULL, NULL, "5 population", "one-die-per-asset"},
    {"abilities.xii", 12, 0, NULL, "1 store", "reserve 1 food", "reserve-new"},
    {"abilities.xii", 12, 0, NULL, "reserve 3 food", "reserve 4 supply", "reserve-limit"},
    {"abilities.xii", 12, 0, NULL, "4 influence quarry", "1 influence quarry", "one-die-per-location"},
    {"abilities.xii", 12, 0, NULL, NULL, "market 2 ale", "market"},
    {"abilities.xii", 12, 0, NULL, NULL, "market 0 food", "syntax"},
    {"abilities.xii", 15, 0, NULL, NULL, "market 9 supply", "market"},
    /* Order of the game. */
    {"abilities.xii", 11, 0, NULL, NULL, "turn Tom 1 2", "unspent-dice"},
    {"abilities.xii", 10, 0, NULL, NULL, "turn Tom 1 2", "turn-order"},
    {"abilities.xii", 10, 0, NULL, NULL, "turn Jak 1 2", "unknown-player"},
    {"abilities.xii", 10, 0, NULL, NULL, "war Jack avoid, Tom avoid", "round-order"},
    {"abilities.xii", 11, 0, NULL, NULL, "round 2", "turn-order"},
    {"abilities.xii", 9, 0, NULL, NULL, "shared 3 3", "dice"},
    {"abilities.xii", 11, 0, NULL, NULL, "shared 1 2", "round-order"},
    {"abilities.xii", 11, 0, NULL, NULL, "players Ann Bob", "header"},
    {"abilities.xii", 11, 0, NULL, NULL, "outlaws Jack 3", "round-order"},
    /* Items and abilities. */
    {"abilities.xii", 30, 0, NULL, NULL, "3 attract blacksmith", "already-owned"},
    {"abilities.xii", 39, 0, NULL, NULL, "2 attract sheriff", "perk-letter"},
    {"abilities.xii", 41, 0, NULL, NULL, "sheriff 2 3", "once-per-turn"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 build town-walls", "cost"},
    {"abilities.xii", 40, 0, NULL, NULL, "sheriff 2 4", "die-range"},
    {"abilities.xii", 122, 0, NULL, NULL, "split 6 3 food 3 food", "split"},
    {"game-5p.xii", 268, 0, NULL, NULL, "2 attract bishop", "fire-ban"},
    {"errors-market-reserve.xii", 24, 0, NULL, NULL, "3 store", "reserve-full"},
    {"errors-market-reserve.xii", 88, 25, "3 farms", NULL, "market 14 food", "max"},
    {"errors-market-reserve.xii", 88, 25, "3 farms", "market 13 food", "market 1 food", "max"},
    /* Bytes that are not text. */
    {"abilities.xii", 11, 0, NULL, NULL, "4 fo\001od", "encoding"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 f\377ood", "encoding"},
    {"abilities.xii", 11, 0, NULL, NULL, "4 f\303ood", "encoding"},
    {"abilities.xii", 0, 0, NULL, NULL, "players Ann \033[2JBob", "encoding"},
    /* The end of a round. */
    {"abilities.xii", 20, 0, NULL, NULL, "war Jack support, Tom avoid", "war"},
    {"abilities.xii", 20, 0, NULL, NULL, "war Jack avoid", "war"},
    {"abilities.xii", 67, 0, NULL, NULL, "war Jack support 3 4 5, Tom avoid", "bonus-rolls"},
    {"abilities.xii", 20, 0, NULL, NULL, "collect Jack grassland food", "collect"},
    /* The header. */
    {"abilities.xii", 0, 0, NULL, NULL, "players Jack Jack", "setup"},
    {"abilities.xii", 0, 0, NULL, "players Jack Tom\ndifficulty normal", "events 7 fire, 8 fire, 9 fire, 10 famine", "events"},
    {"abilities.xii", 0, 0, NULL, "players Jack Tom", "difficulty nromal", "unknown-id"},
    {"abilities.xii", 0, 0, NULL, "players Jack Tom\ndifficulty normal", "round 1", "events"},
    {"abilities.xii", 0, 0, NULL, "players Jack Tom", "solo merchant", "setup"},
};

static void test_refusals(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct refused_line *c = &cases[k];
        struct record_session *s = NULL;
        open_new(&s, "refused.xii");
        type_golden_but(s, c->golden, c->lines, c->skip, c->instead);
        if (c->before)
            submit_all(s, c->before);
        char *file_before = slurp(file_path("refused.xii"));
        struct log_await await_before = *record_session_awaited(s);
        struct record_result res;
        record_session_submit(s, c->line, &res);
        char want[64];
        snprintf(want, sizeof want, "[rule: %s]", c->rule);
        if (res.outcome != RECORD_REFUSED || !strstr(strbuf_cstr(&res.message), want))
            fail_msg("case %zu '%s': outcome %d, expected %s, message:\n%s", k, c->line, res.outcome, want,
                     strbuf_cstr(&res.message));
        /* Nothing written, nothing changed. */
        char *file_after = slurp(file_path("refused.xii"));
        assert_string_equal(file_before, file_after);
        assert_string_equal(file_before, strbuf_cstr(record_session_text(s)));
        assert_memory_equal(&await_before, record_session_awaited(s), sizeof *record_session_awaited(s));
        free(file_before);
        free(file_after);
        record_result_free(&res);
        record_session_free(s);
    }
}

/* A value only the reserve holds, typed without the word reserve while turn dice are still
 * unspent, is refused with the line to type. */
static void test_reserve_line_suggested(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "reserve-word.xii");
    type_golden(s, "abilities.xii", 11);     /* Jack's dice 4 1 6 5, the reserve 2 3 4 5 */
    struct record_result res;
    record_session_submit(s, "3 population", &res);
    assert_int_equal(res.outcome, RECORD_REFUSED);
    if (!strstr(strbuf_cstr(&res.message), "\"reserve 3 population\""))
        fail_msg("no reserve line suggested:\n%s", strbuf_cstr(&res.message));
    record_result_free(&res);
    record_session_free(s);
}

/* A check line that differs from the rules is what a sheet says: written, and reported. */
static void test_check_mismatch_is_written(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "check.xii");
    type_golden(s, "abilities.xii", 12);
    struct record_result res;
    record_session_submit(s, "check Jack population 5", &res);
    assert_int_equal(res.outcome, RECORD_ACCEPTED);
    assert_non_null(strstr(strbuf_cstr(&res.message), "mismatch"));
    assert_non_null(strstr(strbuf_cstr(record_session_text(s)), "check Jack population 5\n"));
    record_result_free(&res);
    record_session_free(s);
}

/* After round 10 the check lines of the final sheets are taken, `check` left out or not;
 * nothing else is. */
static void test_after_the_game(void **state)
{
    (void)state;
    static const char *const games[] = {"abilities.xii", "game-solo.xii"};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        struct record_session *s = NULL;
        open_new(&s, "over.xii");
        type_golden(s, games[g], 10000);
        assert_int_equal(record_session_replay(s)->state.phase, PHASE_GAME_OVER);
        const char *who = record_session_replay(s)->state.cfg.names[0];
        char line[128], want[128];
        snprintf(line, sizeof line, "%s food 99 score 3", who);
        snprintf(want, sizeof want, "\ncheck %s food 99 score 3\n", who);
        struct record_result res;
        record_session_submit(s, line, &res);
        assert_int_equal(res.outcome, RECORD_ACCEPTED);
        assert_non_null(strstr(strbuf_cstr(&res.message), "mismatch"));
        assert_non_null(strstr(strbuf_cstr(record_session_text(s)), want));
        record_result_free(&res);
        static const char *const refused[] = {"round", "round 11", "market 1 food", "6 food", "turn Jack 1 2"};
        for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++) {
            record_session_submit(s, refused[k], &res);
            if (res.outcome != RECORD_REFUSED)
                fail_msg("%s: '%s' taken after the game", games[g], refused[k]);
            record_result_free(&res);
        }
        record_session_submit(s, "round", &res);
        assert_non_null(strstr(strbuf_cstr(&res.message), "[rule: round-order]"));
        record_result_free(&res);
        record_session_free(s);
    }
}

/* Undo after each statement of games with every statement kind: FILE, the replay and what is
 * awaited are exactly as before the statement; typed again, it is accepted again. */
static void undo_every_statement(const char *golden, int kinds[LOG_KIND_COUNT])
{
    char path[256];
    snprintf(path, sizeof path, "tests/golden/audit/%s", golden);
    char *text = slurp(path);
    struct record_session *s = NULL;
    open_new(&s, "undo.xii");
    char *p = text;
    while (*p) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        char *before = strdup(strbuf_cstr(record_session_text(s)));
        struct log_await await_before = *record_session_awaited(s);
        struct record_result res;
        record_session_submit(s, p, &res);
        if (res.outcome == RECORD_ACCEPTED && p[strspn(p, " \t")] == '#') {
            ;   /* a comment line: taken back with the statement before it (test_comments) */
        } else if (res.outcome == RECORD_ACCEPTED) {
            kinds[log_live_stmt(record_session_live(s), record_session_statements(s) - 1)->kind]++;
            struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
            assert_int_equal(record_session_undo(s, &undone, &err), 0);
            assert_string_equal(strbuf_cstr(&undone), strbuf_cstr(&res.written) + (res.written.data[0] == '\n'));
            char *on_disk = slurp(file_path("undo.xii"));
            assert_string_equal(on_disk, before);
            assert_string_equal(strbuf_cstr(record_session_text(s)), before);
            assert_memory_equal(&await_before, record_session_awaited(s), sizeof *record_session_awaited(s));
            free(on_disk);
            strbuf_free(&undone);
            strbuf_free(&err);
            record_result_free(&res);
            record_session_submit(s, p, &res);
            assert_int_equal(res.outcome, RECORD_ACCEPTED);
        } else if (res.outcome != RECORD_EMPTY) {
            fail_msg("'%s' refused:\n%s", p, strbuf_cstr(&res.message));
        }
        record_result_free(&res);
        free(before);
        p = nl ? nl + 1 : p + strlen(p);
    }
    /* Undo down to nothing. */
    for (;;) {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        assert_int_equal(record_session_undo(s, &undone, &err), 0);
        size_t n = undone.len;
        strbuf_free(&undone);
        strbuf_free(&err);
        if (!n)
            break;
    }
    assert_int_equal(record_session_text(s)->len, 0);
    assert_int_equal(record_session_awaited(s)->kind, LOG_AWAIT_HEADER);
    record_session_free(s);
    free(text);
}

static void test_undo_every_kind(void **state)
{
    (void)state;
    int kinds[LOG_KIND_COUNT] = {0};
    undo_every_statement("abilities.xii", kinds);   /* sheriff, court, court reroll, split, market */
    undo_every_statement("game-5p.xii", kinds);     /* difficulty, events, variant, outlaws, collect */
    undo_every_statement("game-solo.xii", kinds);   /* solo */
    for (int k = LOG_INVALID + 1; k < LOG_KIND_COUNT; k++)
        if (!kinds[k])
            fail_msg("no %s statement undone", log_kind_name((enum log_kind)k));
}

/* The header goes line by line, each checked with stand-ins for what it still lacks. */
static void test_header_steps(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "header.xii");
    assert_int_equal(record_header_step(s), RECORD_STEP_PLAYERS);
    submit_ok(s, "Jack");
    assert_int_equal(record_header_step(s), RECORD_STEP_SOLO);
    submit_ok(s, "merchant");
    assert_int_equal(record_header_step(s), RECORD_STEP_DIFFICULTY);
    submit_ok(s, "hard");
    assert_int_equal(record_header_step(s), RECORD_STEP_EVENTS);
    /* Method 1 with the dice rolled at the table. */
    submit_ok(s, "3 5 1 6 2 4 5 1");
    assert_int_equal(record_header_step(s), RECORD_STEP_READY);
    submit_ok(s, "town Jack Oakham");
    submit_ok(s, "round");
    assert_int_equal(record_header_step(s), RECORD_STEP_GAME);
    assert_int_equal(record_session_awaited(s)->kind, LOG_AWAIT_SHARED);
    char *text = slurp(file_path("header.xii"));
    assert_non_null(strstr(text, "players Jack\nsolo merchant\ndifficulty hard\nevents "));
    assert_non_null(strstr(text, "  # rolled at the table: 3 5 1 6 2 4 5 1\ntown Jack Oakham\n\nround 1\n"));
    free(text);
    record_session_free(s);
    /* --seed draws the events as soon as the difficulty is known. */
    open_new(&s, "seed.xii");
    record_session_set_seed(s, 1, 42);
    submit_ok(s, "Jack Tom");
    submit_ok(s, "normal");
    assert_int_equal(record_header_step(s), RECORD_STEP_READY);
    text = slurp(file_path("seed.xii"));
    assert_non_null(strstr(text, "difficulty normal\nevents 7 "));
    assert_non_null(strstr(text, "# drawn from seed 42"));
    free(text);
    record_session_free(s);
}

/* A FILE is continued where it stops; one with errors is refused. */
static void test_continue(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "cont.xii");
    type_golden(s, "abilities.xii", 13);
    struct log_await a = *record_session_awaited(s);
    record_session_free(s);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(&s, &GD, file_path("cont.xii"), &err), 0);
    assert_memory_equal(&a, record_session_awaited(s), sizeof a);
    assert_int_equal(record_session_awaited(s)->kind, LOG_AWAIT_DIE);
    assert_int_equal(record_session_awaited(s)->ndice, 2);
    record_session_free(s);
    /* A header on its way (no events yet) is continued too. */
    FILE *f = fopen(file_path("half.xii"), "w");
    fputs("players Jack Tom\ndifficulty normal\n", f);
    fclose(f);
    assert_int_equal(record_session_open(&s, &GD, file_path("half.xii"), &err), 0);
    assert_int_equal(record_header_step(s), RECORD_STEP_EVENTS);
    record_session_free(s);
    f = fopen(file_path("bad.xii"), "w");
    fputs("players Jack Tom\nround 1\nshared 2 2\n", f);
    fclose(f);
    assert_int_equal(record_session_open(&s, &GD, file_path("bad.xii"), &err), 1);
    assert_non_null(strstr(strbuf_cstr(&err), "[rule: dice]"));
    record_session_free(s);
    strbuf_free(&err);
}

/* Short forms are written out in full. */
static void test_short_forms(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "short.xii");
    static const char *const typed[] = {
        "Jack \"Ann Lee\"", "very-easy", "round", "6 5", "4 1", "6 population", "5 food", "4 farms",
        "1 supply", "3 influence quarry", "\"Ann Lee\" 3 2", "6 population", "5 food", "3 farms", "2 supply",
        "Jack avoid, \"Ann Lee\" avoid   # a quiet round ", "round", "  #  the table's note ", "", "  ",
    };
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++)
        if (!typed[i][strspn(typed[i], " ")]) {
            struct record_result res;
            record_session_submit(s, typed[i], &res);
            assert_int_equal(res.outcome, RECORD_EMPTY);
            record_result_free(&res);
        } else {
            submit_ok(s, typed[i]);
        }
    char *text = slurp(file_path("short.xii"));
    assert_string_equal(text, "players Jack \"Ann Lee\"\ndifficulty very-easy\n\nround 1\nshared 6 5\n"
                              "turn Jack 4 1\n  6 population\n  5 food\n  4 farms\n  1 supply\n"
                              "  reserve 3 influence quarry\nturn \"Ann Lee\" 3 2\n  6 population\n  5 food\n"
                              "  3 farms\n  2 supply\nwar Jack avoid, \"Ann Lee\" avoid  # a quiet round\n\nround 2\n"
                              "# the table's note\n");
    free(text);
    record_session_free(s);
}

/* At a king war where no player has POW, "avoid" alone is the whole war line, each name
 * written as the log writes it. */
static void test_avoid_alone(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "avoid.xii");
    submit_all(s, "Jack \"Ann Lee\"\nvery-easy\nround\n6 5\n4 1\n6 population\n5 food\n4 farms\n1 supply\n"
                   "\"Ann Lee\" 3 2\n6 population\n5 food\n3 farms\n2 supply");
    assert_true(record_session_awaited(s)->pending >> LOG_AWAIT_WAR & 1u);
    submit_ok(s, "avoid");
    char *text = slurp(file_path("avoid.xii"));
    assert_non_null(strstr(text, "\nwar Jack avoid, \"Ann Lee\" avoid\n"));
    free(text);
    record_session_free(s);
    /* Where a player may support, each player's choice is needed. */
    open_new(&s, "support.xii");
    type_golden(s, "abilities.xii", 67);
    assert_true(record_session_awaited(s)->pending >> LOG_AWAIT_WAR & 1u);
    struct record_result res;
    record_session_submit(s, "avoid", &res);
    assert_int_equal(res.outcome, RECORD_REFUSED);
    record_result_free(&res);
    record_session_free(s);
}

/* A comment typed alone is written; undo takes it back with the statement before it, and
 * comments alone when no statement is left. */
static void test_comments(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "comments.xii");
    submit_ok(s, "# Friday at the Crown");
    submit_ok(s, "Jack Tom");
    submit_ok(s, "#Tom's sheet got wet");
    char *text = slurp(file_path("comments.xii"));
    assert_string_equal(text, "# Friday at the Crown\nplayers Jack Tom\n# Tom's sheet got wet\n");
    free(text);
    struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
    assert_int_equal(record_session_undo(s, &undone, &err), 0);
    assert_string_equal(strbuf_cstr(&undone), "players Jack Tom\n# Tom's sheet got wet\n");
    assert_int_equal(record_header_step(s), RECORD_STEP_PLAYERS);
    strbuf_reset(&undone);
    assert_int_equal(record_session_undo(s, &undone, &err), 0);
    assert_string_equal(strbuf_cstr(&undone), "# Friday at the Crown\n");
    text = slurp(file_path("comments.xii"));
    assert_string_equal(text, "");
    free(text);
    strbuf_free(&undone);
    strbuf_free(&err);
    record_session_free(s);
}

/* At every point of the golden games, the example the prompt gives is a line the recorder
 * accepts without a warning (no die spent where it adds nothing or less than it shows). */
static void test_examples_are_accepted(void **state)
{
    (void)state;
    static const char *const games[] = {"abilities.xii", "game-5p.xii"};
    int tried = 0;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        char path[256];
        snprintf(path, sizeof path, "tests/golden/audit/%s", games[g]);
        char *text = slurp(path);
        struct record_session *s = NULL;
        open_new(&s, "example.xii");
        struct strbuf example = STRBUF_INIT;
        char *p = text;
        while (*p) {
            char *nl = strchr(p, '\n');
            if (nl)
                *nl = 0;
            strbuf_reset(&example);
            record_text_example(s, &example);
            char *before = strdup(strbuf_cstr(record_session_text(s)));
            struct record_result res;
            record_session_submit(s, example.data, &res);
            if (res.outcome != RECORD_ACCEPTED)
                fail_msg("%s, before '%s': the example '%s' is refused:\n%s", games[g], p, example.data,
                         strbuf_cstr(&res.message));
            /* And one that adds something: no die spent on a full asset. */
            if (res.warnings.len)
                fail_msg("%s, before '%s': the example '%s' is wasteful:\n%s", games[g], p, example.data,
                         strbuf_cstr(&res.warnings));
            record_result_free(&res);
            struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
            /* The header's example may bring its events line with it: undo to where it was. */
            while (strcmp(strbuf_cstr(record_session_text(s)), before) != 0) {
                strbuf_reset(&undone);
                assert_int_equal(record_session_undo(s, &undone, &err), 0);
            }
            strbuf_free(&undone);
            strbuf_free(&err);
            free(before);
            tried++;
            record_session_submit(s, p, &res);
            record_result_free(&res);
            p = nl ? nl + 1 : p + strlen(p);
        }
        strbuf_free(&example);
        record_session_free(s);
        free(text);
    }
    assert_true(tried > 500);
}

/* The prompt and the sentence show every reserve die, a value held twice twice. */
static void test_reserve_every_die(void **state)
{
    (void)state;
    struct record_session *s = NULL;
    open_new(&s, "reserve.xii");
    submit_all(s, "Jack Tom\nvery-easy\nround\n6 5\n2 2\n6 population\n5 food\n2 store\n2 supply\n"
                   "3 1\n6 population\n5 food\n3 farms\n1 supply\nJack avoid, Tom avoid\nround\n4 3\n"
                   "2 1\n4 population\n3 food\n2 farms\n1 supply\n1 1");
    struct strbuf text = STRBUF_INIT;
    record_text_awaited(s, &text);
    if (!strstr(strbuf_cstr(&text), "reserve 2 2 3 4 5"))
        fail_msg("the sentence does not show every reserve die: %s", strbuf_cstr(&text));
    submit_all(s, "4 population\n3 food\n1 farms\n1 supply");
    strbuf_reset(&text);
    record_text_prompt(s, &text);
    assert_string_equal(strbuf_cstr(&text), "r2 Jack reserve 2 2 3 4 5> ");
    strbuf_free(&text);
    record_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_reserve_line_suggested),
        cmocka_unit_test(test_check_mismatch_is_written),
        cmocka_unit_test(test_after_the_game),
        cmocka_unit_test(test_undo_every_kind),
        cmocka_unit_test(test_header_steps),
        cmocka_unit_test(test_continue),
        cmocka_unit_test(test_short_forms),
        cmocka_unit_test(test_avoid_alone),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_examples_are_accepted),
        cmocka_unit_test(test_reserve_every_die),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
