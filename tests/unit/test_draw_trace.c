/* The canvas dispatcher through the trace backend: a small scene against its golden trace,
 * grey mapping, text widths, the sticky status and its messages, atomic trace files.
 * Run from the repository root (golden files are read from tests/golden/draw/).
 * UPDATE=1 (make golden-update) rewrites the golden file when it differs. */
#include "test.h"
#include "test_util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "draw/canvas.h"

#define GOLDEN "tests/golden/draw/trace-scene.txt"
#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

/* The scene: one of every call. */
static void draw_scene(struct canvas *c)
{
    canvas_page_begin(c, 595.28, 841.89);
    canvas_rect(c, 56.69, 56.69, 481.89, 728.5);
    canvas_stroke(c, rgb_hex(0x000000), 0.5);
    canvas_round_rect(c, 60, 100, 120, 40, 6);
    canvas_fill_stroke(c, rgb_hex(0xf2e6c9), rgb_hex(0x8b1a1a), 1);
    canvas_circle(c, 300, 300, 12.5);
    canvas_fill(c, rgb_hex(0x1f4e9c));
    double dash[] = {2, 1.5};
    canvas_dash(c, dash, 2);
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    canvas_move_to(c, 10, 10);
    canvas_line_to(c, 100.005, -0.001);
    canvas_curve_to(c, 110, 10, 120, 20, 130, 30);
    canvas_close_path(c);
    canvas_stroke(c, rgb_hex(0xc00000), 0.75);
    canvas_dash(c, NULL, 0);
    canvas_save(c);
    canvas_translate(c, 200, 400);
    canvas_scale(c, 0.5, 0.5);
    canvas_rotate(c, 0.25);
    canvas_rect(c, 0, 0, 100, 100);
    canvas_clip(c);
    canvas_rect(c, 0, 0, 100, 100);
    canvas_rect(c, 25, 25, 50, 50);
    canvas_fill_even_odd(c, rgb_hex(0x336633));
    canvas_restore(c);
    canvas_text(c, FONT_SERIF_BOLD, 12, rgb_hex(0x000000), 56.69, 80, ALIGN_LEFT, "TOWN NAME");
    canvas_text(c, FONT_SANS, 7, rgb_hex(0x1f4e9c), 300, 90, ALIGN_CENTER, "costs \"2\" supply");
    canvas_text(c, FONT_HAND, 10, rgb_hex(0x203080), 538.58, 90, ALIGN_RIGHT, "17 \xc3\xa9");
    canvas_page_end(c);
    canvas_page_begin(c, 100, 50);
    canvas_text(c, FONT_SERIF_ITALIC, 9, rgb_hex(0x555555), 5, 20, ALIGN_LEFT, "second page");
    canvas_page_end(c);
}

static void test_scene_golden(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(0);
    draw_scene(c);
    assert_int_equal(canvas_status(c), 0);
    const char *got = canvas_trace(c);
    test_golden_update(GOLDEN, got);
    char *want = test_slurp(GOLDEN, NULL);
    assert_non_null(want);
    assert_string_equal(got, want);
    free(want);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(canvas_finish(c, &err), 0);
    strbuf_free(&err);
}

static void test_grey_maps_colours(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(1);
    canvas_page_begin(c, 100, 100);
    canvas_rect(c, 0, 0, 10, 10);
    canvas_fill(c, (struct rgb){1, 0, 0});           /* 0.299 -> 76 */
    canvas_rect(c, 0, 0, 10, 10);
    canvas_fill_stroke(c, (struct rgb){0, 1, 0}, (struct rgb){0, 0, 1}, 1);  /* 150, 29 */
    canvas_text(c, FONT_SANS, 8, (struct rgb){1, 1, 1}, 1, 2, ALIGN_LEFT, "w");
    canvas_page_end(c);
    assert_string_equal(canvas_trace(c), "page 100.00 100.00\n"
                                         "rect 0.00 0.00 10.00 10.00\n"
                                         "fill #4c4c4c\n"
                                         "rect 0.00 0.00 10.00 10.00\n"
                                         "fill-stroke #969696 #1d1d1d 1.00\n"
                                         "text sans 8.00 #ffffff 1.00 2.00 left \"w\"\n"
                                         "page-end\n");
    canvas_discard(c);
}

static void test_text_width(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(0);
    /* DejaVu Sans advances 1767 of its 2048 units per em for 'M'. */
    assert_near(canvas_text_width(c, FONT_SANS, 20.48, "M"), 17.67, 1e-9);
    double mm = canvas_text_width(c, FONT_SANS, 10, "MM");
    assert_near(mm, 2 * canvas_text_width(c, FONT_SANS, 10, "M"), 1e-9);
    assert_near(canvas_text_width(c, FONT_SERIF, 10, ""), 0, 0);
    double w12 = canvas_text_width(c, FONT_SERIF_BOLD, 12, "TOWN NAME");
    assert_near(canvas_text_width(c, FONT_SERIF_BOLD, 24, "TOWN NAME"), 2 * w12, 1e-9);
    assert_true(w12 > 30 && w12 < 120);
    for (int f = 0; f < FONT_COUNT; f++)
        assert_true(canvas_text_width(c, (enum canvas_font)f, 10, "0123456789") > 20);
    assert_int_equal(canvas_status(c), 0);
    canvas_discard(c);
}

/* Runs one faulty sequence and checks the message and that nothing more is traced. */
static void expect_failure(void (*draw)(struct canvas *), const char *message)
{
    struct canvas *c = test_trace_canvas(0);
    draw(c);
    assert_int_not_equal(canvas_status(c), 0);
    assert_string_equal(canvas_error(c), message);
    size_t len = strlen(canvas_trace(c));
    canvas_page_begin(c, 10, 10);
    canvas_rect(c, 0, 0, 1, 1);
    canvas_fill(c, rgb_hex(0));
    assert_int_equal(strlen(canvas_trace(c)), len);
    assert_string_equal(canvas_error(c), message);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(canvas_finish(c, &err), -1);
    assert_string_equal(strbuf_cstr(&err), message);
    strbuf_free(&err);
}

static void line_without_point(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_line_to(c, 1, 1);
}

static void draw_outside_page(struct canvas *c)
{
    canvas_rect(c, 0, 0, 1, 1);
}

static void transform_in_path(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_move_to(c, 1, 1);
    canvas_translate(c, 1, 1);
}

static void restore_unbalanced(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_restore(c);
}

static void save_left_open(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_save(c);
    canvas_page_end(c);
}

static void bad_utf8(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_text(c, FONT_SANS, 5, rgb_hex(0), 0, 5, ALIGN_LEFT, "ok\xc3(");
}

static void bad_number(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_move_to(c, 0, 0);
    canvas_curve_to(c, 1, 2, 3, 4, 5, 0.0 / 0.0);
}

static void bad_colour(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_rect(c, 0, 0, 1, 1);
    canvas_fill(c, (struct rgb){0, 1.5, 0});
}

static void fill_nothing(struct canvas *c)
{
    canvas_page_begin(c, 10, 10);
    canvas_stroke(c, rgb_hex(0), 1);
}

static void test_sticky_errors(void **state)
{
    (void)state;
    expect_failure(line_without_point, "canvas_line_to without a current point (canvas_move_to first)");
    expect_failure(draw_outside_page, "canvas_rect outside a page (canvas_page_begin first)");
    expect_failure(transform_in_path,
                   "canvas_translate while a path is being built (fill, stroke or clip it first)");
    expect_failure(restore_unbalanced, "canvas_restore without canvas_save");
    expect_failure(save_left_open, "page 1 ends with 1 canvas_save without canvas_restore");
    expect_failure(bad_utf8, "canvas_text: the text is not valid UTF-8 (byte 3)");
    expect_failure(bad_number, "canvas_curve_to: coordinate 6 is not a finite number");
    expect_failure(bad_colour, "canvas_fill: colour component 1.5 is outside 0..1");
    expect_failure(fill_nothing, "canvas_stroke without a path");
}

static void test_finish_writes_atomically(void **state)
{
    (void)state;
    char dir[] = "/tmp/xii-draw-trace-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/scene.trace", dir);
    struct canvas_options opt = {.backend = CANVAS_TRACE, .path = path};
    struct strbuf err = STRBUF_INIT;

    /* A document without pages is refused and leaves no file. */
    struct canvas *c = canvas_new(&opt, &err);
    assert_non_null(c);
    assert_int_equal(canvas_finish(c, &err), -1);
    assert_string_equal(strbuf_cstr(&err), "the document has no pages");
    assert_int_not_equal(access(path, F_OK), 0);

    strbuf_reset(&err);
    c = canvas_new(&opt, &err);
    draw_scene(c);
    assert_int_equal(canvas_finish(c, &err), 0);
    char *got = test_slurp(path, NULL);
    char *want = test_slurp(GOLDEN, NULL);
    assert_non_null(got);
    assert_non_null(want);
    assert_string_equal(got, want);
    free(got);
    free(want);
    unlink(path);

    /* An output path in a missing folder fails at once, with the reason. */
    snprintf(path, sizeof path, "%s/missing/scene.trace", dir);
    assert_null(canvas_new(&opt, &err));
    assert_non_null(strstr(strbuf_cstr(&err), "missing/scene.trace"));
    assert_int_equal(rmdir(dir), 0);
    strbuf_free(&err);
}

static void test_font_dir_errors(void **state)
{
    (void)state;
    struct canvas_options opt = {.backend = CANVAS_TRACE, .font_dir = "/nonexistent"};
    struct strbuf err = STRBUF_INIT;
    assert_null(canvas_new(&opt, &err));
    assert_string_equal(strbuf_cstr(&err),
                        "the font folder /nonexistent has no readable EBGaramond08-Regular.ttf");
    strbuf_free(&err);
    struct strbuf err2 = STRBUF_INIT;
    struct canvas_options png = {.backend = CANVAS_TRACE, .png_dir = "/tmp"};
    assert_null(canvas_new(&png, &err2));
    assert_string_equal(strbuf_cstr(&err2), "PNG output needs the cairo backend");
    strbuf_free(&err2);
    assert_int_equal(canvas_finish(NULL, &err2), -1);
    assert_int_not_equal(canvas_status(NULL), 0);
    canvas_discard(NULL);
    strbuf_free(&err2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scene_golden),
        cmocka_unit_test(test_grey_maps_colours),
        cmocka_unit_test(test_text_width),
        cmocka_unit_test(test_sticky_errors),
        cmocka_unit_test(test_finish_writes_atomically),
        cmocka_unit_test(test_font_dir_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
