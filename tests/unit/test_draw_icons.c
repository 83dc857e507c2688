/* Icons: the embedded set loads and has every icon the sheets use; bad icon files are
 * reported with file:line:col; drawing goes through the canvas as expected.
 * Also writes a test page with every icon at 4, 8 and 20 mm (icons-test-page.pdf beside this
 * program, e.g. out/tests/) for a person to look at. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "draw/canvas.h"
#include "layout/icons.h"

static const char *const required[] = {
    "population", "food", "supply", "farms", "men-at-arms", "knights", "strong-ale",
    "stone-houses", "monks", "mercenaries", "masons", "bread",
    "master-builder", "blacksmith", "wealthy-merchant", "butcher", "prior", "bishop",
    "army-chief", "war-hero", "earl",
    "infra-1", "stables", "market", "tavern", "monastery", "cathedral", "brewery", "town-walls",
    "barbican",
    "miller", "sheriff", "witch", "jongleur",
    "mill", "granary", "town-court", "castle",
    "grassland", "farmland", "quarry", "forest",
    "vp", "pow", "reputation",
    "die-1", "die-2", "die-3", "die-4", "die-5", "die-6",
    "tick", "cross",
};

static const char *program;

static struct icon_set *load_default(void)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *set = icons_load_default(&dl);
    for (size_t i = 0; i < dl.count; i++)
        fprintf(stderr, "xii.icons:%d:%d: %s\n", dl.items[i].pos.line, dl.items[i].pos.col,
                dl.items[i].message);
    assert_int_equal(dl.count, 0);
    assert_non_null(set);
    diag_list_free(&dl);
    return set;
}

static void test_every_icon_exists(void **state)
{
    (void)state;
    struct icon_set *set = load_default();
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        if (!icons_has(set, required[i]))
            fprintf(stderr, "missing icon %s\n", required[i]);
        assert_true(icons_has(set, required[i]));
    }
    assert_int_equal(icons_count(set), sizeof required / sizeof required[0]);
    assert_false(icons_has(set, "dragon"));
    icons_free(set);
    icons_free(NULL);
}

/* Parses text, expecting exactly one error with this rendering. */
static void expect_error(const char *text, const char *want)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *set = icons_parse("bad.icons", text, strlen(text), &dl);
    assert_null(set);
    for (size_t i = 1; i < dl.count; i++)
        fprintf(stderr, "unexpected: %d:%d: %s\n", dl.items[i].pos.line, dl.items[i].pos.col, dl.items[i].message);
    assert_int_equal(dl.count, 1);
    struct strbuf sb = STRBUF_INIT;
    diag_format(&sb, &dl.items[0], NULL, 0);
    assert_string_equal(strbuf_cstr(&sb), want);
    strbuf_free(&sb);
    diag_list_free(&dl);
}

static void test_bad_files(void **state)
{
    (void)state;
    expect_error("icon a\n  fill M 10 10 L 20 20 Z\n  fil M 1 1 L 2 2\n",
                 "bad.icons:3:3: error: unknown word 'fil' (expected icon, fill, stroke, clear or clear-stroke)\n");
    expect_error("fill M 1 1 L 2 2 Z\n", "bad.icons:1:1: error: 'fill' comes before any 'icon' line\n");
    expect_error("icon a\n  fill M 10 10 L 20 20 Z\nicon a\n  fill M 1 1 L 2 2 Z\n",
                 "bad.icons:3:6: error: icon 'a' is defined twice (first at line 1)\n");
    expect_error("# only a name\nicon lonely\n", "bad.icons:2:1: error: icon 'lonely' has no paths\n");
    expect_error("icon a\n  fill M 10 10 L 120 20 Z\n",
                 "bad.icons:2:18: error: point 120,20 lies outside the 0..100 box\n");
    expect_error("icon a\n  fill M 10 10 l 50 50 l 50 0\n",
                 "bad.icons:2:26: error: point 110,60 lies outside the 0..100 box\n");
    expect_error("icon a\n  fill M 10 10 V 101\n", "bad.icons:2:18: error: point 10,101 lies outside the 0..100 box\n");
    expect_error("icon a\n  fill M 10 10 L 5 -1\n", "bad.icons:2:20: error: point 5,-1 lies outside the 0..100 box\n");
    expect_error("icon a\n  stroke L 10 10\n", "bad.icons:2:10: error: a path starts with M or m, not 'L'\n");
    expect_error("icon a\n  fill M 10 10 C 1 2 3 4\n  fill M 1 1 L 2 2\n",
                 "bad.icons:2:16: error: path command 'C' takes 6 numbers, the path ends after 4\n");
    expect_error("icon a\n  fill M 10 10 C 1 2 3 L 4 5\n",
                 "bad.icons:2:24: error: path command 'C' takes 6 numbers, found 3 before 'L'\n");
    expect_error("icon a\n  fill M 10 10 A 1 2\n",
                 "bad.icons:2:16: error: unknown path command 'A' (expected M, L, H, V, C, Q or Z)\n");
    expect_error("icon a\n  stroke 40 M 10 10 L 20 20\n",
                 "bad.icons:2:10: error: stroke width 40 is not between 0.5 and 30\n");
    expect_error("icon a\n  fill M 10 10 L 20 ?\n",
                 "bad.icons:2:21: error: expected a number or a path command, found '?'\n");
    expect_error("icon a\n  fill M 10 10 L 20 20 Z 5\n",
                 "bad.icons:2:26: error: a number needs a path command before it\n");
    expect_error("icon a\n  L 10 10\n", "bad.icons:2:3: error: path data outside a fill, stroke or clear line\n");
    expect_error("icon Big\n  fill M 1 1 L 2 2\n", "bad.icons:1:6: error: icon name 'Big' must be lower case\n");
    expect_error("icon a b\n  fill M 1 1 L 2 2\n", "bad.icons:1:8: error: unexpected text after the icon name 'a'\n");
}

static struct canvas *trace_page(void)
{
    struct canvas_options opt = {.backend = CANVAS_TRACE};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&opt, &err);
    assert_non_null(c);
    strbuf_free(&err);
    canvas_page_begin(c, 100, 100);
    return c;
}

/* Relative commands, H, V, Q and continuation lines all end up as absolute moves, lines and
 * curves, drawn in the icon's box. */
static void test_path_commands(void **state)
{
    (void)state;
    const char *text = "# test\n"
                       "icon shape\n"
                       "  fill M 10,10 h 20 v 10\n"
                       "       H 10 z\n"
                       "  stroke 4 m 10 50 l 10 0 10 10 Q 50 50 60 60 q 10 0 10 10\n"
                       "  clear M10 90l20-9.5-1.5 1.5\n";
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *set = icons_parse("ok.icons", text, strlen(text), &dl);
    assert_int_equal(dl.count, 0);
    assert_non_null(set);
    assert_string_equal(icons_name(set, 0), "shape");
    struct canvas *c = trace_page();
    assert_int_equal(icons_draw(c, set, "shape", 5, 10, 20, rgb_hex(0x8b1a1a)), 0);
    assert_string_equal(canvas_trace(c), "page 100.00 100.00\n"
                                         "save\n"
                                         "translate 5.00 10.00\n"
                                         "scale 0.20 0.20\n"
                                         "dash none\n"
                                         "line-style round round\n"
                                         "move 10.00 10.00\n"
                                         "line 30.00 10.00\n"
                                         "line 30.00 20.00\n"
                                         "line 10.00 20.00\n"
                                         "close\n"
                                         "fill-even-odd #8b1a1a\n"
                                         "move 10.00 50.00\n"
                                         "line 20.00 50.00\n"
                                         "line 30.00 60.00\n"
                                         "curve 43.33 53.33 53.33 53.33 60.00 60.00\n"
                                         "curve 66.67 60.00 70.00 63.33 70.00 70.00\n"
                                         "stroke #8b1a1a 4.00\n"
                                         "move 10.00 90.00\n"
                                         "line 30.00 80.50\n"
                                         "line 28.50 82.00\n"
                                         "fill-even-odd #ffffff\n"
                                         "restore\n");
    canvas_discard(c);
    icons_free(set);
}

static void test_unknown_icon_draws_nothing(void **state)
{
    (void)state;
    struct icon_set *set = load_default();
    struct canvas *c = trace_page();
    size_t before = strlen(canvas_trace(c));
    assert_int_equal(icons_draw(c, set, "dragon", 0, 0, 10, rgb_hex(0)), -1);
    assert_int_equal(strlen(canvas_trace(c)), before);
    assert_int_equal(icons_draw(c, set, "tick", 0, 0, 10, rgb_hex(0)), 0);
    assert_true(strlen(canvas_trace(c)) > before);
    assert_int_equal(canvas_status(c), 0);
    canvas_discard(c);
    icons_free(set);
}

#define MM (72 / 25.4)

/* Every icon at 4, 8 and 20 mm with its name, black and in colour, for a person to judge. */
static void test_write_test_page(void **state)
{
    (void)state;
    struct icon_set *set = load_default();
    char path[4096];
    const char *slash = strrchr(program, '/');
    snprintf(path, sizeof path, "%.*sicons-test-page.pdf", slash ? (int)(slash - program + 1) : 0, program);
    struct canvas_options opt = {.backend = CANVAS_CAIRO, .path = path, .title = "xii icons"};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&opt, &err);
    assert_non_null(c);
    const double cols = 4, cell_w = 47 * MM, cell_h = 27 * MM, left = 12 * MM, top = 14 * MM;
    const struct rgb colours[] = {rgb_hex(0x222222), rgb_hex(0x8b1a1a), rgb_hex(0x1f4e9c)};
    size_t n = icons_count(set), per_page = (size_t)cols * 10;
    for (size_t i = 0; i < n; i++) {
        if (i % per_page == 0) {
            if (i)
                canvas_page_end(c);
            canvas_page_begin(c, 595.28, 841.89);
            canvas_text(c, FONT_SERIF_BOLD, 12, rgb_hex(0), left, 9 * MM, ALIGN_LEFT,
                        "XII CENTURY ICONS: 20 MM, 8 MM, 4 MM");
        }
        size_t k = i % per_page;
        double x = left + (double)(k % (size_t)cols) * cell_w, y = top + (double)(k / (size_t)cols) * cell_h;
        struct rgb col = colours[i % 3];
        icons_draw(c, set, icons_name(set, i), x, y, 20 * MM, col);
        icons_draw(c, set, icons_name(set, i), x + 22 * MM, y + 12 * MM, 8 * MM, col);
        icons_draw(c, set, icons_name(set, i), x + 32 * MM, y + 16 * MM, 4 * MM, col);
        icons_draw(c, set, icons_name(set, i), x + 38 * MM, y + 16 * MM, 4 * MM, rgb_hex(0));
        canvas_text(c, FONT_SANS, 7, rgb_hex(0x444444), x, y + 23.5 * MM, ALIGN_LEFT, icons_name(set, i));
    }
    canvas_page_end(c);
    int rc = canvas_finish(c, &err);
    if (rc)
        fprintf(stderr, "%s\n", strbuf_cstr(&err));
    assert_int_equal(rc, 0);
    strbuf_free(&err);
    icons_free(set);
}

int main(int argc, char **argv)
{
    (void)argc;
    program = argv[0];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_icon_exists),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_path_commands),
        cmocka_unit_test(test_unknown_icon_draws_nothing),
        cmocka_unit_test(test_write_test_page),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
