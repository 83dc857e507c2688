/* Hardening: every string a game-data file can carry (ids, names, notes, perk and event
 * wording) reaches the sheets and `xii rules --json`, so a file that loads must hold only text
 * the canvas can draw and JSON can carry: valid UTF-8 without control characters.
 *
 * Regression: a name with the bytes FF FE ("POP\xff\xfeULATION") loaded, then `xii rules
 * --json` printed invalid JSON and `xii sheet --rules` failed with exit 3 and "canvas_text_width:
 * the text is not valid UTF-8"; a tab inside a quoted name did the same with "control
 * character". src/rules/gamedata_lex.c now refuses both with file:line:col. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/embedded.h"
#include "draw/canvas.h"
#include "rules/gamedata.h"

static const char *default_rules(size_t *len)
{
    const struct embedded_file *f = embedded_find("xii-century.rules");
    assert_non_null(f);
    *len = f->size;
    return (const char *)f->data;
}

/* The default data with the first occurrence of `from` replaced by `to`. */
static char *edited(const char *from, const char *to, size_t *len)
{
    size_t n;
    const char *src = default_rules(&n);
    const char *at = strstr(src, from);
    assert_non_null(at);
    size_t head = (size_t)(at - src), fl = strlen(from), tl = strlen(to);
    char *out = malloc(n - fl + tl);
    assert_non_null(out);
    memcpy(out, src, head);
    memcpy(out + head, to, tl);
    memcpy(out + head + tl, at + fl, n - head - fl);
    *len = n - fl + tl;
    return out;
}

/* Loading fails, and the first diagnostic is at line:col and contains `what`. */
static void assert_refused(const char *from, const char *to, int line, int col, const char *what)
{
    size_t len;
    char *buf = edited(from, to, &len);
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    int rc = gamedata_load(&gd, "t.rules", buf, len, &dl);
    if (rc == 0)
        gamedata_free(&gd);
    assert_int_equal(rc, -1);
    assert_true(dl.count > 0);
    if (!strstr(dl.items[0].message, what))
        fail_msg("expected '%s', got '%s'", what, dl.items[0].message);
    assert_int_equal(dl.items[0].pos.line, line);
    assert_int_equal(dl.items[0].pos.col, col);
    diag_list_free(&dl);
    free(buf);
}

static void test_invalid_utf8_refused(void **state)
{
    (void)state;
    /* Line 28 is "asset population name "POPULATION" ...": the quote is at column 23. */
    assert_refused("\"POPULATION\"", "\"POP\xff\xfeULATION\"", 28, 27, "invalid UTF-8 byte 0xFF");
    assert_refused("\"POPULATION\"", "\"\xed\xa0\x80\"", 28, 24, "invalid UTF-8 byte 0xED");   /* surrogate */
    assert_refused("\"POPULATION\"", "\"\xc0\xaf\"", 28, 24, "invalid UTF-8 byte 0xC0");       /* overlong */
    assert_refused("\"POPULATION\"", "\"\xf4\x90\x80\x80\"", 28, 24, "invalid UTF-8 byte 0xF4");/* > U+10FFFF */
    assert_refused("\"POPULATION\"", "\"POP\xc3\"", 28, 27, "invalid UTF-8 byte 0xC3");       /* cut short */
    assert_refused("asset population", "asset popul\xe9tion", 28, 12, "invalid UTF-8 byte 0xE9"); /* in an id */
}

static void test_control_characters_refused(void **state)
{
    (void)state;
    assert_refused("\"POPULATION\"", "\"POP\tULATION\"", 28, 27, "a control character U+0009");
    assert_refused("\"POPULATION\"", "\"POP\x7fULATION\"", 28, 27, "a control character U+007F");
    assert_refused("\"POPULATION\"", "\"\x1b[31mPOP\"", 28, 24, "a control character U+001B");
}

/* C1 controls and bidirectional overrides or isolates are refused in game-data strings too.
 * Regression: U+009B (a terminal's CSI) and U+202E passed into names printed on sheets. */
static void test_c1_and_bidi_refused(void **state)
{
    (void)state;
    assert_refused("\"POPULATION\"", "\"POP\xc2\x9bULATION\"", 28, 27, "a C1 control character U+009B");
    assert_refused("\"POPULATION\"", "\"\xe2\x80\xaePOP\"", 28, 24, "a bidirectional override U+202E");
    assert_refused("\"POPULATION\"", "\"PO\xe2\x81\xa6P\"", 28, 26, "a bidirectional isolate U+2066");
}

static void test_valid_utf8_accepted(void **state)
{
    (void)state;
    size_t len;
    char *buf = edited("\"POPULATION\"", "\"POPULATION \xc3\xa9\xe2\x80\x94\xf0\x9f\x8f\xb0\"", &len);
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    assert_int_equal(gamedata_load(&gd, "t.rules", buf, len, &dl), 0);
    assert_string_equal(gd.assets[A_POPULATION].name, "POPULATION \xc3\xa9\xe2\x80\x94\xf0\x9f\x8f\xb0");
    gamedata_free(&gd);
    diag_list_free(&dl);
    free(buf);
}

/* Measures a string on a trace canvas: the canvas refuses what it cannot draw. */
static void drawable(struct canvas *c, const char *s)
{
    if (s)
        canvas_text_width(c, FONT_SERIF, 10, s);
    if (canvas_status(c))
        fail_msg("'%s': %s", s, canvas_error(c));
}

static void test_default_strings_drawable(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    assert_int_equal(gamedata_load_default(&gd, &dl), 0);
    struct canvas_options co = {0};
    co.backend = CANVAS_TRACE;
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    assert_non_null(c);
    for (int a = 0; a < ASSET_COUNT; a++) {
        drawable(c, gd.assets[a].id), drawable(c, gd.assets[a].name);
        drawable(c, gd.assets[a].note), drawable(c, gd.assets[a].perk.text);
    }
    for (int i = 0; i < gd.nitems; i++) {
        drawable(c, gd.items[i].id), drawable(c, gd.items[i].name), drawable(c, gd.items[i].note);
        for (int k = 0; k < gd.items[i].nperks; k++)
            drawable(c, gd.items[i].perks[k].text);
    }
    for (int l = 0; l < LOCATION_COUNT; l++)
        drawable(c, gd.locations[l].id), drawable(c, gd.locations[l].name);
    for (int e = 0; e < EVENT_COUNT; e++) {
        drawable(c, gd.events[e].id), drawable(c, gd.events[e].name);
        drawable(c, gd.events[e].letters), drawable(c, gd.events[e].text);
    }
    for (int d = 0; d < gd.ndifficulties; d++)
        drawable(c, gd.difficulties[d].id), drawable(c, gd.difficulties[d].name);
    for (int o = 0; o < gd.nobjectives; o++) {
        drawable(c, gd.objectives[o].id), drawable(c, gd.objectives[o].name);
        drawable(c, gd.objectives[o].text);
    }
    canvas_discard(c);
    strbuf_free(&err);
    gamedata_free(&gd);
    diag_list_free(&dl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invalid_utf8_refused),
        cmocka_unit_test(test_control_characters_refused),
        cmocka_unit_test(test_c1_and_bidi_refused),
        cmocka_unit_test(test_valid_utf8_accepted),
        cmocka_unit_test(test_default_strings_drawable),
    };
    return cmocka_run_group_tests_name("hardening_text", tests, NULL, NULL);
}
