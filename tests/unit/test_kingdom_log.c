/* The kingdom's log: the words parsed once into the engine's decisions (case ignored, comments,
 * names), the writer read back to the same decisions, and the audit of random legal games
 * clean with the generator's final state; K16 (the header's names take nothing from the game). */
#include "test.h"
#include <string.h>
#include "kingdom/kaudit.h"
#include "kingdom/klog_write.h"
#include "kingdom/random_game.h"

#include "kingdom_fixture.h"

static const char example[] =
    "KINGDOM 1   # the game and the format\n"
    "names ruler \"Ann\" realm \"Lowmarch\" capital \"Eastwick\"\n"
    "range 3 4 f6 F7 g6 G7\n"
    "Range 5 2 B4, C4\n"
    "river G5 F5 G4 H3 I2\n"
    "setup farm G3\n"
    "setup MINE F6\n"
    "setup village E7\n"
    "year 1\n"
    "fate 3 5\n"
    "capital food\n"
    "check food 4 ore 2 work 3\n"
    "build mine G6\n"
    "trade 1 food\n"
    "year 2\n"
    "check food 1 ore 1 work 0\n"
    "fate 6 4\n"
    "six 3 5\n"
    "capital food\n"
    "build farm H4\n"
    "trade 1 food\n"
    "year 3\n"
    "check food 0 ore 7 work 0\n";

static void parse(struct klog *log, struct diag_list *dl, const char *text)
{
    memset(log, 0, sizeof *log);
    klog_parse(log, text, strlen(text), "t.kingdom", dl);
}

/* The example's statements and decisions; keywords, words and hexes in any case; commas. */
static void parses_example(void **st)
{
    (void)st;
    struct klog log;
    struct diag_list dl = DIAG_LIST_INIT;
    parse(&log, &dl, example);
    assert_int_equal(dl.count, 0);
    assert_int_equal(log.count, 23);
    assert_int_equal(log.stmts[0].kind, KL_HEADER);
    assert_int_equal(log.stmts[0].version, 1);
    assert_string_equal(log.names[0], "Ann");
    assert_string_equal(log.names[2], "Eastwick");
    const struct klog_stmt *r = &log.stmts[2];
    assert_int_equal(r->kind, KL_RANGE);
    assert_int_equal(r->ndec, 2);
    assert_int_equal(r->dec[0].kind, KD_RANGE_ROLL);
    assert_int_equal(r->dec[0].a, 3);
    assert_int_equal(r->dec[1].nhex, 4);
    assert_int_equal(r->dec[1].hex[0], kmap_parse("F6", 2));
    assert_int_equal(log.stmts[3].dec[1].nhex, 2);
    assert_int_equal(log.stmts[6].dec[0].what, KB_MINE);
    assert_int_equal(log.stmts[11].kind, KL_CHECK);
    assert_int_equal(log.stmts[11].check_mask, 7u);
    assert_int_equal(log.stmts[11].check[KRES_WORK], 3);
    /* Where the arguments are: "check food 4" has its 4 at column 12. */
    assert_int_equal(log.stmts[11].span[1].col, 12);
    assert_int_equal(log.stmts[13].dec[0].kind, KD_TRADE);
    assert_int_equal(log.stmts[13].dec[0].what, KRES_FOOD);
    assert_true(klog_is_kingdom(example, strlen(example)));
    assert_false(klog_is_kingdom("# a comment\nxii 1\n", 18));
    assert_true(klog_is_kingdom("\n# a comment\n\nkingdom 1\n", 24));
    klog_free(&log);
    diag_list_free(&dl);
}

/* Every line the writer makes reads back to the same decisions. */
static void writer_round_trip(void **st)
{
    (void)st;
    struct klog log, again;
    struct diag_list dl = DIAG_LIST_INIT;
    parse(&log, &dl, example);
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < log.count; i++) {
        const struct klog_stmt *s = &log.stmts[i];
        switch (s->kind) {
        case KL_HEADER: klog_write_header(&out); break;
        case KL_NAMES: klog_write_names(log.names[0], log.names[1], log.names[2], &out); break;
        case KL_RANGE: klog_write_range(&s->dec[0], &s->dec[1], &out); break;
        case KL_CHECK: klog_write_check(s->check, s->check_mask, &out); break;
        default: klog_write_decision(&s->dec[0], &out); break;
        }
        strbuf_putc(&out, '\n');
    }
    parse(&again, &dl, strbuf_cstr(&out));
    assert_int_equal(dl.count, 0);
    assert_int_equal(again.count, log.count);
    for (size_t i = 0; i < log.count; i++) {
        assert_int_equal(again.stmts[i].kind, log.stmts[i].kind);
        assert_int_equal(again.stmts[i].ndec, log.stmts[i].ndec);
        for (int k = 0; k < log.stmts[i].ndec; k++)
            assert_memory_equal(&again.stmts[i].dec[k], &log.stmts[i].dec[k], sizeof(struct kdecision));
    }
    assert_string_equal(again.names[1], "Lowmarch");
    struct strbuf line = STRBUF_INIT;
    klog_write_reroll(2, 5, &line);
    strbuf_putc(&line, '\n');
    signed char victims[2] = {(signed char)kmap_parse("E7", 2), (signed char)kmap_parse("F6", 2)};
    klog_write_starve(victims, 2, &line);
    strbuf_putc(&line, '\n');
    klog_write_result(true, &line);
    strbuf_putc(&line, '\n');
    struct kdecision none = {.kind = KD_DISASTER};
    klog_write_decision(&none, &line);
    assert_string_equal(strbuf_cstr(&line), "reroll 2 5\nstarve E7 F6\nresult win\ndisaster none");
    strbuf_free(&line);
    strbuf_free(&out);
    klog_free(&log);
    klog_free(&again);
    diag_list_free(&dl);
}

/* Words that are not the game's: the rule id, the position and a did-you-mean. */
static void syntax_errors(void **st)
{
    (void)st;
    struct klog log;
    struct diag_list dl = DIAG_LIST_INIT;
    parse(&log, &dl, "kingdom 1\nbuild vilage D4\nrange 1 two A1\nstarve K9\ntrade 2 work\nfate 3\n");
    assert_int_equal(dl.errors, 5);
    assert_string_equal(dl.items[0].code, "unknown-word");
    assert_int_equal(dl.items[0].pos.line, 2);
    assert_int_equal(dl.items[0].pos.col, 7);
    assert_non_null(strstr(dl.items[0].message, "did you mean village?"));
    assert_string_equal(dl.items[1].code, "syntax");
    assert_non_null(strstr(dl.items[1].message, "the size die"));
    assert_non_null(strstr(dl.items[2].message, "'K9'"));
    assert_non_null(strstr(dl.items[3].message, "food or ore"));
    assert_non_null(strstr(dl.items[4].message, "the second die"));
    for (size_t i = 1; i < log.count; i++)
        assert_true(log.stmts[i].invalid);
    klog_free(&log);
    diag_list_free(&dl);
    /* A starve line of more hexes than the map holds stops at the 62nd. */
    struct strbuf line = STRBUF_INIT;
    strbuf_puts(&line, "kingdom 1\nstarve");
    for (int k = 0; k < 70; k++)
        strbuf_printf(&line, " %s", kmap_hex(k % KMAP_HEXES)->code);
    parse(&log, &dl, strbuf_cstr(&line));
    assert_int_equal(dl.errors, 1);
    assert_string_equal(dl.items[0].code, "starve");
    assert_int_equal(log.stmts[1].nvictims, KMAP_HEXES);
    klog_free(&log);
    diag_list_free(&dl);
    strbuf_free(&line);
}

/* K16: the names line takes nothing from the game; `capital` is a name key there and a pick
 * in a year. The audit of the example is clean and ends as the engine says. */
static void k16_names_and_audit(void **st)
{
    (void)st;
    struct klog log;
    struct diag_list dl = DIAG_LIST_INIT;
    parse(&log, &dl, example);
    struct kaudit a;
    kaudit_run(&a, &data, &log, "t.kingdom", &dl, NULL);
    assert_true(kaudit_ok(&a, &dl));
    assert_int_equal(a.s.year, 3);
    assert_int_equal(a.s.stock[KRES_ORE], 7);
    assert_int_equal(a.nyears, 3);
    assert_true(a.ledger[0].closed);
    assert_int_equal(a.ledger[1].ore, 7);
    assert_false(a.ledger[2].closed);
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
}

/* Random legal games: their logs audit clean and the audit ends in the generator's state. */
static void random_games_audit_clean(void **st)
{
    (void)st;
    int ends[4] = {0};
    for (uint64_t seed = 1; seed <= 300; seed++) {
        struct kstate played;
        struct strbuf text = STRBUF_INIT;
        kingdom_random_game(&data, seed, &played, &text);
        struct klog log;
        struct diag_list dl = DIAG_LIST_INIT;
        parse(&log, &dl, strbuf_cstr(&text));
        struct kaudit a;
        kaudit_run(&a, &data, &log, "r.kingdom", &dl, NULL);
        if (!kaudit_ok(&a, &dl))
            fail_msg("seed %d: %s", (int)seed, dl.count ? dl.items[0].message : "a mismatch");
        assert_true(a.result_given);
        assert_memory_equal(&a.s, &played, sizeof played);
        ends[played.end]++;
        kaudit_free(&a);
        klog_free(&log);
        diag_list_free(&dl);
        strbuf_free(&text);
    }
    assert_int_equal(ends[KEND_NONE], 0);
    assert_true(ends[KEND_LOSS_GRAVEYARDS] > 0 && ends[KEND_LOSS_YEARS] + ends[KEND_WIN] > 0);
}

/* A check that differs is a mismatch, not an error; lines after the end are errors. */
static void mismatch_and_after_end(void **st)
{
    (void)st;
    struct strbuf text = STRBUF_INIT;
    strbuf_puts(&text, example);
    strbuf_puts(&text, "check food 9\n");
    struct klog log;
    struct diag_list dl = DIAG_LIST_INIT;
    parse(&log, &dl, strbuf_cstr(&text));
    struct kaudit a;
    kaudit_run(&a, &data, &log, "t.kingdom", &dl, NULL);
    assert_int_equal(dl.errors, 0);
    assert_int_equal(a.mismatches, 1);
    assert_int_equal(dl.items[0].level, DIAG_MISMATCH);
    assert_non_null(strstr(dl.items[0].message, "the rules give 0"));
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
    strbuf_free(&text);
    /* The third graveyard ends the game: a build after it is refused, the result is checked. */
    parse(&log, &dl, "kingdom 1\nrange 3 4 F6 F7 G6 G7\nrange 5 2 B4 C4\nriver G5 F5 G4 H3 I2\n"
          "setup farm G3\nsetup mine F6\nsetup village E7\nyear 1\nfate 2 2\ncapital food\nstarve E7 F6\n"
          "year 2\nfate 2 2\ncapital work\nstarve G3\nbuild farm D3\nresult win\n");
    kaudit_run(&a, &data, &log, "t.kingdom", &dl, NULL);
    assert_int_equal(a.s.end, KEND_LOSS_GRAVEYARDS);
    assert_int_equal(a.end_line, 15);
    assert_int_equal(dl.errors, 2);
    assert_string_equal(dl.items[0].code, "game-over");
    assert_int_equal(dl.items[0].pos.line, 16);
    assert_string_equal(dl.items[1].code, "result");
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
    /* --until-year 1: the state after year 1, fed and its work lost. */
    parse(&log, &dl, example);
    struct kaudit_options opt = {1};
    kaudit_run(&a, &data, &log, "t.kingdom", &dl, &opt);
    assert_true(a.until_reached);
    assert_int_equal(a.s.stock[KRES_FOOD], 1);
    assert_int_equal(a.s.stock[KRES_WORK], 0);
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_example),
        cmocka_unit_test(writer_round_trip),
        cmocka_unit_test(syntax_errors),
        cmocka_unit_test(k16_names_and_audit),
        cmocka_unit_test(random_games_audit_clean),
        cmocka_unit_test(mismatch_and_after_end),
    };
    return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
