/* Hardening: the three text readers (move log, game data, icons) take a length and no NUL, so
 * they must never read past the end. Each input here is placed at the very end of a mapped page
 * with an inaccessible page after it: one byte read too far is a segfault even without ASan.
 * Every prefix of the real files is read that way (truncation at every byte), and each result
 * must be consistent: a failed load always says why.
 *
 * Regression: an icon file ending in a number without a newline ("fill M 1 2 L 3 4") made
 * read_number in src/layout/icons.c read the byte after the buffer (found by fuzz_icons). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "core/diag.h"
#include "core/embedded.h"
#include "core/readfile.h"
#include "layout/icons.h"
#include "log/parse.h"
#include "rules/gamedata.h"
#include "rules/gamedata_print.h"

/* A buffer whose last byte is the last readable one: the next page is PROT_NONE. */
struct guarded {
    char *map;
    size_t maplen;
    char *data;
};

static void guarded_init(struct guarded *g, size_t cap)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t body = (cap + page - 1) / page * page;
    if (body == 0)
        body = page;
    g->maplen = body + page;
    void *m = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(m != MAP_FAILED);
    g->map = m;
    assert_int_equal(mprotect(g->map + body, page, PROT_NONE), 0);
    g->data = g->map + body;
}

/* Copies n bytes so that they end right before the guard page; returns where they start. */
static const char *guarded_put(struct guarded *g, const char *src, size_t n)
{
    char *start = g->data - n;
    assert_true(start >= g->map);
    if (n)
        memcpy(start, src, n);
    return start;
}

static void guarded_free(struct guarded *g)
{
    munmap(g->map, g->maplen);
}

static const struct embedded_file *embedded(const char *name)
{
    const struct embedded_file *f = embedded_find(name);
    assert_non_null(f);
    return f;
}

static size_t count_lines(const char *s, size_t n)
{
    size_t lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += s[i] == '\n';
    return lines;
}

/* Icons: a failed read has errors, a good one has icons that can be looked up by name. */
static void read_icons(struct guarded *g, const char *text, size_t n)
{
    const char *buf = guarded_put(g, text, n);
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *set = icons_parse("t.icons", buf, n, &dl);
    if (!set) {
        assert_true(dl.errors > 0);
    } else {
        for (size_t i = 0; i < icons_count(set); i++)
            assert_true(icons_has(set, icons_name(set, i)));
    }
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, n);
    strbuf_free(&out);
    icons_free(set);
    diag_list_free(&dl);
}

static void test_icons_end_in_number(void **state)
{
    (void)state;
    static const char *const cases[] = {
        "icon a\n  fill M 1 2 L 3 4",          /* the fuzz crash, reduced */
        "icon a\n  fill M 1 2 L 3 4.",
        "icon a\n  fill M 1 2 L 3 4.25",
        "icon a\n  fill M 1 2 L 3 -",
        "icon a\n  stroke",                    /* the optional width at the very end */
        "icon a\n  stroke 4",
        "icon a\n  clear-stroke 3.5",
        "icon a\n  fill M 1 2 L 3 4\n  5 6",    /* continuation line ending in a number */
    };
    struct guarded g;
    guarded_init(&g, 4096);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        read_icons(&g, cases[i], strlen(cases[i]));
    guarded_free(&g);
}

static void test_icons_every_prefix(void **state)
{
    (void)state;
    const struct embedded_file *f = embedded("xii.icons");
    const char *text = (const char *)f->data;
    struct guarded g;
    guarded_init(&g, f->size);
    /* Every byte of the first icons (all the syntax is there), then every line end. */
    for (size_t n = 0; n <= f->size; n++)
        if (n < 6000 || n == f->size || text[n] == '\n' || text[n - 1] == '\n')
            read_icons(&g, text, n);
    guarded_free(&g);
}

/* Game data: a load fails with at least one error, or succeeds and prints. */
static void test_gamedata_every_prefix(void **state)
{
    (void)state;
    const struct embedded_file *f = embedded("xii-century.rules");
    struct guarded g;
    guarded_init(&g, f->size);
    int loaded = 0;
    for (size_t n = 0; n <= f->size; n++) {
        const char *buf = guarded_put(&g, (const char *)f->data, n);
        struct diag_list dl = DIAG_LIST_INIT;
        struct gamedata gd;
        if (gamedata_load(&gd, "t.rules", buf, n, &dl) == 0) {
            struct strbuf out = STRBUF_INIT;
            gamedata_print_json(&gd, &out);
            assert_true(out.len > 0);
            strbuf_free(&out);
            gamedata_free(&gd);
            loaded++;
        } else {
            assert_true(dl.errors > 0);
        }
        struct strbuf out = STRBUF_INIT;
        for (size_t i = 0; i < dl.count; i++) {
            assert_true(dl.items[i].pos.line >= 0);
            assert_true((size_t)dl.items[i].pos.line <= count_lines(buf, n));
            diag_format(&out, &dl.items[i], buf, n);
        }
        strbuf_free(&out);
        diag_list_free(&dl);
    }
    /* The whole file loads; cut anywhere inside the last statement it may or may not. */
    assert_true(loaded >= 1);
    guarded_free(&g);
}

/* Move logs: every prefix of every golden log parses without reading past the end, one
 * statement at most per line, and every diagnostic points inside the text. */
static void parse_prefixes(struct guarded *g, const char *text, size_t size)
{
    for (size_t n = 0; n <= size; n++) {
        const char *buf = guarded_put(g, text, n);
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(buf, n, "t.xii", &dl);
        assert_non_null(ast);
        size_t lines = count_lines(buf, n);
        assert_true(ast->count <= lines);
        struct strbuf out = STRBUF_INIT;
        log_dump(ast, &out);
        for (size_t i = 0; i < dl.count; i++) {
            assert_true(dl.items[i].pos.line >= 0);
            assert_true((size_t)dl.items[i].pos.line <= lines);
            diag_format(&out, &dl.items[i], buf, n);
        }
        strbuf_free(&out);
        log_free(ast);
        diag_list_free(&dl);
    }
}

static void test_logs_every_prefix(void **state)
{
    (void)state;
    static const char *const files[] = {
        "tests/golden/parse/game-2p-10-rounds.xii", "tests/golden/parse/spec-abilities.xii",
        "tests/golden/parse/spec-checks.xii",       "tests/golden/parse/spec-fragments.xii",
        "tests/golden/parse/spec-header.xii",       "tests/golden/parse/spec-spend-lines.xii",
        "tests/golden/parse/encoding.xii",          "tests/golden/parse/crlf-bom.xii",
        "tests/golden/parse/aliases.xii",           "tests/golden/parse/errors.xii",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *text;
        size_t len;
        struct strbuf err = STRBUF_INIT;
        if (readfile(files[i], 1 << 20, &text, &len, &err) != 0)
            fail_msg("%s (run the tests from the repository root)", strbuf_cstr(&err));
        strbuf_free(&err);
        struct guarded g;
        guarded_init(&g, len);
        parse_prefixes(&g, text, len);
        guarded_free(&g);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_icons_end_in_number),
        cmocka_unit_test(test_icons_every_prefix),
        cmocka_unit_test(test_gamedata_every_prefix),
        cmocka_unit_test(test_logs_every_prefix),
    };
    return cmocka_run_group_tests_name("hardening_bounds", tests, NULL, NULL);
}
