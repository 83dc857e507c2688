/* The game-data loader: the default file, and every kind of error with its position. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/embedded.h"
#include "rules/gamedata.h"

static void test_default_loads(void **state)
{
    (void)state;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = gamedata_load_default(&gd, &dl);
    for (size_t i = 0; i < dl.count; i++)
        fprintf(stderr, "%d:%d: %s\n", dl.items[i].pos.line, dl.items[i].pos.col, dl.items[i].message);
    assert_int_equal(rc, 0);
    assert_int_equal(dl.count, 0);
    assert_int_equal(gd.nitems, 8 + 9 + 4 + 4);
    assert_int_equal(gd.assets[A_POPULATION].max.value, 10);
    assert_int_equal(gd.assets[A_FARMS].max_ref, A_POPULATION);
    assert_int_equal(gd.assets[A_KNIGHTS].max_ref, A_MEN_AT_ARMS);
    assert_int_equal(gd.assets[A_STONE_HOUSES].cost[0].asset, A_SUPPLY);
    assert_int_equal(gd.assets[A_BREAD].die.value, 1);
    int earl = gamedata_item(&gd, "earl", 4);
    assert_true(earl >= 0);
    assert_int_equal(gd.items[earl].vp.value, 15);
    assert_int_equal(gd.items[earl].req[1].kind, REQ_ASSET_GE);
    assert_int_equal(gd.items[earl].req[1].asset, A_KNIGHTS);
    assert_int_equal(gd.items[earl].req[1].conf, 'I');
    int castle = gamedata_item(&gd, "castle", 6);
    assert_int_equal(gd.items[castle].perks[0].id, PERK_INFRA_POW);
    assert_int_equal(gd.items[castle].perks[0].params[0], 20);
    assert_int_equal(gd.items[castle].req[1].kind, REQ_HAS);
    assert_int_equal(gd.items[castle].req[1].item, gamedata_item(&gd, "town-walls", 10));
    assert_int_equal(gd.locations[L_FOREST].min[9], 12);
    assert_int_equal(gd.locations[L_GRASSLAND].nbonus, 2);
    assert_int_equal(gd.events[E_OUTLAWS_ATTACK].pow_below_per_round, 5);
    assert_int_equal(gamedata_event(&gd, "3", 1), E_FAMINE);
    assert_int_equal(gamedata_event(&gd, "storm", 5), E_WATER_STORM);
    assert_int_equal(gamedata_asset(&gd, "Men_At_Arms", 11), A_MEN_AT_ARMS);
    assert_int_equal(gamedata_asset(&gd, "ale", 3), A_STRONG_ALE);
    int fai = gamedata_difficulty(&gd, "forget-about-it", 15);
    assert_int_equal(gd.difficulties[fai].fixed_event[1], E_OUTLAWS_ATTACK);
    assert_int_equal(gd.difficulties[fai].good_high, -1);
    assert_int_equal(gd.difficulties[gd.default_difficulty].has_event[7], 0);
    assert_int_equal(gd.reserve_slots, 10);
    assert_int_equal(gd.nreserve_start, 4);
    assert_int_equal(gd.nobjectives, 4);
    gamedata_free(&gd);
    diag_list_free(&dl);
}

/* Replaces the first occurrence of `from` in the default file with `to` and loads it; returns
 * the diagnostics (caller frees) after checking the load failed. */
static struct diag_list load_edited(const char *from, const char *to)
{
    const struct embedded_file *f = embedded_find("xii-century.rules");
    const char *at = strstr((const char *)f->data, from);
    assert_non_null(at);
    size_t head = (size_t)(at - (const char *)f->data);
    size_t n = f->size - strlen(from) + strlen(to);
    char *buf = malloc(n);
    memcpy(buf, f->data, head);
    memcpy(buf + head, to, strlen(to));
    memcpy(buf + head + strlen(to), at + strlen(from), f->size - head - strlen(from));
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load(&gd, "edited.rules", buf, n, &dl), -1);
    assert_true(dl.errors > 0);
    assert_int_equal(gd.nitems, 0); /* refused as a whole */
    free(buf);
    return dl;
}

static void expect_error(const char *from, const char *to, int line, int col, const char *words)
{
    struct diag_list dl = load_edited(from, to);
    int found = 0;
    for (size_t i = 0; i < dl.count; i++)
        if (dl.items[i].pos.line == line && dl.items[i].pos.col == col && strstr(dl.items[i].message, words))
            found = 1;
    if (!found)
        for (size_t i = 0; i < dl.count; i++)
            fprintf(stderr, "got %d:%d: %s\n", dl.items[i].pos.line, dl.items[i].pos.col, dl.items[i].message);
    assert_true(found);
    diag_list_free(&dl);
}

static int line_of(const char *text)
{
    const struct embedded_file *f = embedded_find("xii-century.rules");
    const char *at = strstr((const char *)f->data, text);
    int line = 1;
    for (const char *p = (const char *)f->data; p < at; p++)
        line += *p == '\n';
    return line;
}

static void test_errors_have_positions(void **state)
{
    (void)state;
    int l = line_of("person prior");
    expect_error("person prior name \"PRIOR\" vp 4", "person prior name \"PRIOR\" vp x4", l, 30, "expected a VP value");
    expect_error("person prior name \"PRIOR\" vp 4", "person prior name \"PRIOR\" vp 4000", l, 30, "from 0 to 999");
    expect_error("requires population>=6", "requires pupulation>=6", l, 41, "cannot require 'pupulation>='");
    expect_error("requires population>=6", "requires abbey", l, 41, "unknown requirement 'abbey'");
    l = line_of("location quarry");
    expect_error("min 3 3 3 7 7 7 7 10 10 10", "min 3 3 3 7 7 7 7 10 10", l, 31, "needs 10 values");
    expect_error("person earl", "person blacksmith", line_of("person earl"), 8, "duplicate id 'blacksmith'");
    l = line_of("    perk b round-food");
    expect_error("perk b round-food 2", "perk b round-grub 2", l, 12, "unknown perk 'round-grub'");
    expect_error("asset bread name", "asset bred name", line_of("asset bread"), 7, "unknown asset 'bred'");
    expect_error("event water-storm name", "event hail name", line_of("event water-storm"), 7, "unknown event 'hail'");
    expect_error("default-difficulty very-easy", "default-difficulty silly", line_of("default-difficulty"), 20, "unknown difficulty 'silly'");
    expect_error("name \"MILL\" die 2", "name \"MILL\" die 7", line_of("special-infrastructure mill"), 45, "die value must be from 1 to 6");
    l = line_of("perk b round-food");
    expect_error("gain {1} food.\"", "gain {2} food.\"", l, 25, "placeholder with no value: '{2}");
    expect_error("\"Halve your farms.\"", "\"Halve your farms.", line_of("    text \"Halve your farms"), 10, "unterminated string");
}

static void test_missing_pieces(void **state)
{
    (void)state;
    struct diag_list dl = load_edited("asset-cap 30", "");
    int found = 0;
    for (size_t i = 0; i < dl.count; i++)
        found |= strstr(dl.items[i].message, "missing 'asset-cap N'") != NULL;
    assert_true(found);
    diag_list_free(&dl);
    dl = load_edited("    perk b split-die", "    note");
    found = 0;
    for (size_t i = 0; i < dl.count; i++)
        found |= strstr(dl.items[i].message, "needs two perks") != NULL;
    assert_true(found);
    diag_list_free(&dl);
}

static void test_settings_once_and_error_cap(void **state)
{
    (void)state;
    expect_error("feeding 2 ", "feeding 2\nfeeding 3 ", line_of("feeding 2") + 1, 1, "'feeding' is given twice (first at line");
    /* A file of bad lines stops after 50 errors, with one line saying so. */
    struct strbuf bad = STRBUF_INIT;
    for (int i = 0; i < 10000; i++)
        strbuf_puts(&bad, "asset bogus\n");
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load(&gd, "bad", bad.data, bad.len, &dl), -1);
    assert_int_equal(dl.count, 51);
    assert_non_null(strstr(dl.items[50].message, "too many errors: stopped after 50"));
    diag_list_free(&dl);
    strbuf_free(&bad);
}

static void test_garbage_is_refused(void **state)
{
    (void)state;
    static const char junk[] = "\x01\x02\xff\0\0asset \"";
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load(&gd, "junk", junk, sizeof junk - 1, &dl), -1);
    assert_true(dl.errors > 0);
    diag_list_free(&dl);
    assert_int_equal(gamedata_load(&gd, "empty", "", 0, &dl), -1);
    diag_list_free(&dl);
}

/* Singular and plural forms lead to the id, the file's aliases too; an alias with two ids is
 * ambiguous: no lookup resolves it. */
static void test_aliases_number_forms_and_ambiguity(void **state)
{
    (void)state;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load_default(&gd, &dl), 0);
    static const struct { const char *word; int asset; } assets[] = {
        {"farm", A_FARMS}, {"knight", A_KNIGHTS}, {"mason", A_MASONS}, {"stone-house", A_STONE_HOUSES},
        {"Stone_House", A_STONE_HOUSES}, {"house", A_STONE_HOUSES}, {"mercenary", A_MERCENARIES},
        {"supplies", A_SUPPLY}, {"man-at-arms", A_MEN_AT_ARMS}, {"man", A_MEN_AT_ARMS},
        {"ales", A_STRONG_ALE}, {"monk", A_MONKS}};
    for (size_t k = 0; k < sizeof assets / sizeof assets[0]; k++)
        assert_int_equal(gamedata_asset(&gd, assets[k].word, strlen(assets[k].word)), assets[k].asset);
    assert_int_equal(gamedata_item(&gd, "witches", 7), gamedata_item(&gd, "witch", 5));
    assert_int_equal(gamedata_item(&gd, "war-heroes", 10), gamedata_item(&gd, "war-hero", 8));
    assert_int_equal(gamedata_item(&gd, "stable", 6), gamedata_item(&gd, "stables", 7));
    assert_int_equal(gamedata_item(&gd, "breweries", 9), gamedata_item(&gd, "brewery", 7));
    assert_int_equal(gamedata_location(&gd, "quarries", 8), L_QUARRY);
    /* "men-at-arm" is no word: plural-only nouns keep their form. */
    assert_int_equal(gamedata_asset(&gd, "men-at-arm", 10), -1);
    /* "stone" could mean supply or stone houses: nothing reads it. */
    assert_int_equal(gamedata_asset(&gd, "stone", 5), -1);
    const struct gd_alias *al = gamedata_alias(&gd, "stone", 5);
    assert_non_null(al);
    assert_string_equal(al->id, "supply");
    assert_string_equal(al->id2, "stone-houses");
    assert_null(gamedata_alias(&gd, "stones", 6));
    gamedata_free(&gd);
    expect_error("alias stone supply stone-houses", "alias stone supply stone-hovels", 1, 1,
                 "alias 'stone' stands for unknown id 'stone-hovels'");
    expect_error("alias stone supply stone-houses", "alias stone supply stone-houses farms", line_of("alias stone"),
                 1, "expected 'alias WORD ID' or 'alias WORD ID ID'");
}

/* One mistake, one error naming both places. Regression: an attribute given twice in one entry
 * silently kept the last; a number of 40 digits gave three errors (the number, then the word
 * after it read as the missing value, then that value). */
static void test_one_error_per_mistake(void **state)
{
    (void)state;
    const char *entry = "asset population name \"POPULATION\" class basic max 10 vp 1";
    int line = line_of(entry);
    struct diag_list dl = load_edited(entry, "asset population name \"POPULATION\" class basic max 10 vp 1 max 12");
    assert_int_equal(dl.count, 1);
    assert_int_equal(dl.items[0].pos.line, line);
    assert_int_equal(dl.items[0].pos.col, 60);
    assert_non_null(strstr(dl.items[0].message, "'max' is given twice in this entry (first at line"));
    assert_non_null(strstr(dl.items[0].message, "column 48"));
    diag_list_free(&dl);
    dl = load_edited(entry, "asset population name \"POPULATION\" class basic max 1234567890123456789012345678901234567890 vp 1");
    assert_int_equal(dl.count, 1);
    assert_non_null(strstr(dl.items[0].message, "a MAX must be from 0 to 999, found 12345678901234567890..."));
    diag_list_free(&dl);
    dl = load_edited(entry, "asset population name \"POPULATION\" name \"POP\" class basic max 10 vp 1");
    assert_int_equal(dl.count, 1);
    assert_non_null(strstr(dl.items[0].message, "'name' is given twice"));
    diag_list_free(&dl);
    /* Numbers read as lists are range-checked too (a perk's numbers, a location's MIN row). */
    dl = load_edited("perk effective-population 2", "perk effective-population 2000");
    assert_int_equal(dl.count, 1);
    assert_non_null(strstr(dl.items[0].message, "a perk's number must be from 0 to 999, found 2000"));
    diag_list_free(&dl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_loads),
        cmocka_unit_test(test_errors_have_positions),
        cmocka_unit_test(test_missing_pieces),
        cmocka_unit_test(test_settings_once_and_error_cap),
        cmocka_unit_test(test_garbage_is_refused),
        cmocka_unit_test(test_aliases_number_forms_and_ambiguity),
        cmocka_unit_test(test_one_error_per_mistake),
    };
    return cmocka_run_group_tests_name("gamedata", tests, NULL, NULL);
}
