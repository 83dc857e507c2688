/* The PDF backends (cairo, libharu) and cairo's PNG and SVG output: valid PDFs with every font
 * embedded (checked by tests/draw-pdf-check.sh: qpdf and pdffonts), byte-identical output
 * across runs, greyscale output without colour, and failures that leave no file behind.
 * Run from the repository root. */
#include "test.h"
#include "test_util.h"
#include <cairo.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "draw/canvas.h"

static char tmpdir[] = "/tmp/xii-draw-pdf-XXXXXX";

TEST_TMPDIR_GROUP(tmpdir)

static int exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* One page with every kind of call and every font, in colour. */
static void draw_scene(struct canvas *c)
{
    canvas_page_begin(c, 595.28, 841.89);
    canvas_rect(c, 56.69, 56.69, 481.89, 728.5);
    canvas_stroke(c, rgb_hex(0x000000), 0.5);
    canvas_round_rect(c, 60, 100, 120, 40, 6);
    canvas_fill_stroke(c, rgb_hex(0xf2e6c9), rgb_hex(0x8b1a1a), 1);
    canvas_circle(c, 300, 300, 40);
    canvas_fill(c, rgb_hex(0x1f4e9c));
    double dash[] = {2, 1.5};
    canvas_dash(c, dash, 2);
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    canvas_move_to(c, 100, 200);
    canvas_line_to(c, 200, 180);
    canvas_curve_to(c, 210, 190, 220, 200, 230, 260);
    canvas_close_path(c);
    canvas_stroke(c, rgb_hex(0xc00000), 2.5);
    canvas_dash(c, NULL, 0);
    canvas_save(c);
    canvas_translate(c, 200, 400);
    canvas_scale(c, 0.5, 0.5);
    canvas_rotate(c, 0.25);
    canvas_rect(c, 0, 0, 100, 100);
    canvas_clip(c);
    canvas_rect(c, 0, 0, 100, 100);
    canvas_rect(c, 25, 25, 50, 50);
    canvas_fill_even_odd(c, rgb_hex(0x33aa33));
    canvas_restore(c);
    static const char *const sample[FONT_COUNT] = {
        "Serif: the town grows", "TOWN NAME", "Perk: when you build",
        "Sans 0123456789", "SANS BOLD 12", "17 \xc3\xa9 +3",
    };
    for (int f = 0; f < FONT_COUNT; f++)
        canvas_text(c, (enum canvas_font)f, 14, rgb_hex(f % 2 ? 0x1f4e9c : 0xc00000), 300,
                    500 + 24.0 * f, ALIGN_CENTER, sample[f]);
    canvas_page_end(c);
}

static struct canvas *open_canvas(enum canvas_backend backend, const char *path, int grey,
                                  const char *png_dir, int svg)
{
    struct canvas_options opt = {
        .backend = backend, .grey = grey, .path = path, .png_dir = png_dir, .png_dpi = 40,
        .svg = svg, .title = "test scene", .creator = "xii test",
    };
    return test_canvas(&opt);
}

static void render(enum canvas_backend backend, const char *path, int grey, const char *png_dir, int svg)
{
    struct canvas *c = open_canvas(backend, path, grey, png_dir, svg);
    draw_scene(c);
    struct strbuf err = STRBUF_INIT;
    int rc = canvas_finish(c, &err);
    if (rc != 0)
        fprintf(stderr, "canvas_finish: %s\n", strbuf_cstr(&err));
    assert_int_equal(rc, 0);
    strbuf_free(&err);
}

static void check_pdf(const char *path, int grey)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "sh tests/draw-pdf-check.sh %s '%s'", grey ? "--grey" : "", path);
    assert_int_equal(system(cmd), 0);
}

static void check_reproducible(enum canvas_backend backend)
{
    char *a = test_tmp_path(tmpdir, "a.pdf"), *b = test_tmp_path(tmpdir, "b.pdf");
    render(backend, a, 0, NULL, 0);
    render(backend, b, 0, NULL, 0);
    size_t la, lb;
    char *da = test_slurp(a, &la), *db = test_slurp(b, &lb);
    assert_non_null(da);
    assert_non_null(db);
    assert_int_equal(la, lb);
    assert_memory_equal(da, db, la);
    free(da);
    free(db);
    /* SOURCE_DATE_EPOCH dates the document; 1700000000 is 2023-11-14 22:13:20 UTC. */
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    render(backend, b, 0, NULL, 0);
    unsetenv("SOURCE_DATE_EPOCH");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "pdfinfo '%s' | grep -q '^CreationDate: .*Nov 14 .*2023'", b);
    assert_int_equal(system(cmd), 0);
}

/* A failure inside the document leaves no file, and an existing one untouched. */
static void check_failure_leaves_no_file(enum canvas_backend backend)
{
    char *path = test_tmp_path(tmpdir, "fail.pdf");
    struct canvas *c = open_canvas(backend, path, 0, NULL, 0);
    canvas_page_begin(c, 100, 100);
    canvas_line_to(c, 1, 1);
    canvas_page_end(c);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(canvas_finish(c, &err), -1);
    assert_string_equal(strbuf_cstr(&err), "canvas_line_to without a current point (canvas_move_to first)");
    assert_false(exists(path));

    FILE *f = fopen(path, "w");
    fputs("old", f);
    fclose(f);
    c = open_canvas(backend, path, 0, NULL, 0);
    canvas_page_begin(c, 100, 100);
    strbuf_reset(&err);
    assert_int_equal(canvas_finish(c, &err), -1);
    assert_string_equal(strbuf_cstr(&err), "the document ends inside a page (canvas_page_end missing)");
    size_t len;
    char *old = test_slurp(path, &len);
    assert_string_equal(old, "old");
    free(old);
    unlink(path);

    /* No folder of temporary files is left either. */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s' | grep fail)\"", tmpdir);
    assert_int_equal(system(cmd), 0);

    /* An output path that cannot be written fails at once, with the reason. */
    struct canvas_options opt = {.backend = backend, .path = "/nonexistent-dir/x.pdf"};
    strbuf_reset(&err);
    assert_null(canvas_new(&opt, &err));
    assert_string_equal(strbuf_cstr(&err), "cannot write /nonexistent-dir/x.pdf: No such file or directory");
    strbuf_free(&err);
}

static void test_cairo_pdf(void **state)
{
    (void)state;
    char *path = test_tmp_path(tmpdir, "cairo.pdf");
    render(CANVAS_CAIRO, path, 0, NULL, 0);
    check_pdf(path, 0);
}

static void test_cairo_reproducible(void **state)
{
    (void)state;
    check_reproducible(CANVAS_CAIRO);
}

static void test_cairo_failure(void **state)
{
    (void)state;
    check_failure_leaves_no_file(CANVAS_CAIRO);
}

/* Counts the pixels of a PNG whose red, green and blue differ. */
static long colour_pixels(const char *png, int *width, int *height)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    long n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t px;
            memcpy(&px, data + (size_t)y * (size_t)stride + 4 * (size_t)x, 4);
            unsigned r = (px >> 16) & 255, g = (px >> 8) & 255, b = px & 255;
            n += r != g || g != b;
        }
    cairo_surface_destroy(s);
    *width = w;
    *height = h;
    return n;
}

static void test_cairo_png_grey(void **state)
{
    (void)state;
    char *colour_dir = test_tmp_path(tmpdir, "png-colour"), *grey_dir = test_tmp_path(tmpdir, "png-grey");
    render(CANVAS_CAIRO, test_tmp_path(tmpdir, "colour.pdf"), 0, colour_dir, 0);
    render(CANVAS_CAIRO, test_tmp_path(tmpdir, "grey.pdf"), 1, grey_dir, 0);
    char png[600];
    int w, h;
    snprintf(png, sizeof png, "%s/page-01.png", colour_dir);
    assert_true(colour_pixels(png, &w, &h) > 1000);
    /* A4 at 40 dpi. */
    assert_int_equal(w, 331);
    assert_int_equal(h, 468);
    snprintf(png, sizeof png, "%s/page-01.png", grey_dir);
    assert_int_equal(colour_pixels(png, &w, &h), 0);
    snprintf(png, sizeof png, "%s/page-02.png", grey_dir);
    assert_false(exists(png));
}

static void test_cairo_svg(void **state)
{
    (void)state;
    char *one = test_tmp_path(tmpdir, "one.svg");
    render(CANVAS_CAIRO, one, 0, NULL, 1);
    size_t len;
    char *svg = test_slurp(one, &len);
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg"));
    assert_non_null(strstr(svg, "595.28pt"));
    free(svg);

    /* Two pages: the second goes beside the first, numbered. */
    char *two = test_tmp_path(tmpdir, "two.svg");
    struct canvas *c = open_canvas(CANVAS_CAIRO, two, 0, test_tmp_path(tmpdir, "svg-png"), 1);
    draw_scene(c);
    canvas_page_begin(c, 200, 100);
    canvas_circle(c, 100, 50, 30);
    canvas_fill(c, rgb_hex(0x808080));
    canvas_page_end(c);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(canvas_finish(c, &err), 0);
    strbuf_free(&err);
    assert_true(exists(two));
    assert_true(exists(test_tmp_path(tmpdir, "two-2.svg")));
    char png[600];
    snprintf(png, sizeof png, "%s/page-02.png", test_tmp_path(tmpdir, "svg-png"));
    assert_true(exists(png));
}

/* A document kept in memory: what the file would hold, each SVG page apart, no file anywhere; refused with a path, another backend or a memory already holding pages. */
static void test_cairo_memory(void **state)
{
    (void)state;
    char *file = test_tmp_path(tmpdir, "mem.svg");
    render(CANVAS_CAIRO, file, 0, NULL, 1);
    size_t flen;
    char *fdata = test_slurp(file, &flen);
    static const int modes[][2] = {{1, 0}, {0, 0}, {0, 1}};   /* {svg, png} */
    for (size_t m = 0; m < 3; m++) {
        struct canvas_memory mem = {NULL, 0};
        struct canvas_options opt = {
            .backend = CANVAS_CAIRO, .memory = &mem, .svg = modes[m][0], .png = modes[m][1],
            .png_dpi = 20, .title = "test scene", .creator = "xii test",
        };
        struct strbuf err = STRBUF_INIT;
        struct canvas *c = canvas_new(&opt, &err);
        assert_non_null(c);
        draw_scene(c);
        if (modes[m][0]) {
            canvas_page_begin(c, 200, 100);
            canvas_circle(c, 100, 50, 30);
            canvas_fill(c, rgb_hex(0x808080));
            canvas_page_end(c);
        }
        assert_int_equal(canvas_finish(c, &err), 0);
        assert_int_equal(mem.npages, modes[m][0] ? 2 : 1);
        const char *head = modes[m][0] ? "<?xml" : modes[m][1] ? "\x89PNG" : "%PDF-";
        assert_memory_equal(strbuf_cstr(&mem.pages[0]), head, strlen(head));
        if (modes[m][0]) {
            /* cairo numbers its surfaces per process: the same length, a few digits apart. */
            assert_int_equal(mem.pages[0].len, flen);
            assert_non_null(strstr(strbuf_cstr(&mem.pages[0]), "595.28pt"));
            assert_non_null(strstr(strbuf_cstr(&mem.pages[1]), "<svg"));
        }
        canvas_memory_free(&mem);
        assert_int_equal(mem.npages, 0);
        strbuf_free(&err);
    }
    free(fdata);
    struct canvas_memory full = {NULL, 1}, empty = {NULL, 0};
    struct canvas_options bad[] = {
        {.backend = CANVAS_CAIRO, .memory = &empty, .path = file},
        {.backend = CANVAS_HARU, .memory = &empty},
        {.backend = CANVAS_CAIRO, .memory = &full},
    };
    for (size_t k = 0; k < 3; k++) {
        struct strbuf err = STRBUF_INIT;
        assert_null(canvas_new(&bad[k], &err));
        assert_non_null(strstr(strbuf_cstr(&err), "in memory"));
        strbuf_free(&err);
    }
}

static void test_haru_pdf(void **state)
{
    (void)state;
    char *path = test_tmp_path(tmpdir, "haru.pdf");
    render(CANVAS_HARU, path, 0, NULL, 0);
    check_pdf(path, 0);
}

/* In grey mode libharu writes DeviceGray operators only: no rg/RG in any content stream. */
static void test_haru_grey(void **state)
{
    (void)state;
    char *path = test_tmp_path(tmpdir, "haru-grey.pdf");
    render(CANVAS_HARU, path, 1, NULL, 0);
    check_pdf(path, 1);
    /* The check can fail: the colour document has colour operators. */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "sh tests/draw-pdf-check.sh --grey '%s' >/dev/null", test_tmp_path(tmpdir, "haru.pdf"));
    render(CANVAS_HARU, test_tmp_path(tmpdir, "haru.pdf"), 0, NULL, 0);
    assert_int_not_equal(system(cmd), 0);
}

static void test_haru_reproducible(void **state)
{
    (void)state;
    check_reproducible(CANVAS_HARU);
}

static void test_haru_failure(void **state)
{
    (void)state;
    check_failure_leaves_no_file(CANVAS_HARU);
}

/* Both PDF backends draw the scene alike: compare their renderings pixel by pixel. */
static void test_backends_agree(void **state)
{
    (void)state;
    render(CANVAS_CAIRO, test_tmp_path(tmpdir, "same-cairo.pdf"), 0, NULL, 0);
    render(CANVAS_HARU, test_tmp_path(tmpdir, "same-haru.pdf"), 0, NULL, 0);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "pdftoppm -r 30 -gray -singlefile '%s' '%s' && pdftoppm -r 30 -gray -singlefile '%s' '%s' 2>/dev/null",
             test_tmp_path(tmpdir, "same-cairo.pdf"), test_tmp_path(tmpdir, "same-cairo"), test_tmp_path(tmpdir, "same-haru.pdf"), test_tmp_path(tmpdir, "same-haru"));
    assert_int_equal(system(cmd), 0);
    size_t la, lb;
    char *a = test_slurp(test_tmp_path(tmpdir, "same-cairo.pgm"), &la), *b = test_slurp(test_tmp_path(tmpdir, "same-haru.pgm"), &lb);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(la, lb);
    /* Antialiasing may differ a little at edges; the drawings must not. */
    long differ = 0;
    for (size_t i = 0; i < la; i++)
        differ += abs((unsigned char)a[i] - (unsigned char)b[i]) > 64;
    assert_true(differ < 50);
    free(a);
    free(b);
}

/* Numbers in the output never follow the locale: a comma-decimal LC_NUMERIC changes nothing.
 * Skipped where no such locale is installed. */
static void test_locale_independent(void **state)
{
    (void)state;
    static const char *const names[] = {"fr_FR.UTF-8", "fr_FR.utf8", "de_DE.UTF-8", "de_DE.utf8"};
    const char *comma = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !comma; i++)
        if (setlocale(LC_NUMERIC, names[i]))
            comma = names[i];
    setlocale(LC_NUMERIC, "C");
    if (!comma)
        skip();
    static const enum canvas_backend backends[] = {CANVAS_CAIRO, CANVAS_HARU, CANVAS_TRACE};
    for (size_t b = 0; b < 3; b++) {
        char *a = test_tmp_path(tmpdir, "c-locale.out"), *f = test_tmp_path(tmpdir, "comma-locale.out");
        render(backends[b], a, 0, NULL, 0);
        setlocale(LC_NUMERIC, comma);
        assert_string_equal(localeconv()->decimal_point, ",");
        render(backends[b], f, 0, NULL, 0);
        setlocale(LC_NUMERIC, "C");
        size_t la, lf;
        char *da = test_slurp(a, &la), *df = test_slurp(f, &lf);
        assert_int_equal(la, lf);
        assert_memory_equal(da, df, la);
        free(da);
        free(df);
    }
}

static void test_widths_agree(void **state)
{
    (void)state;
    struct canvas_options copt = {.backend = CANVAS_CAIRO, .path = test_tmp_path(tmpdir, "w.pdf")};
    struct canvas_options topt = {.backend = CANVAS_TRACE};
    struct strbuf err = STRBUF_INIT;
    struct canvas *cc = canvas_new(&copt, &err), *tc = canvas_new(&topt, &err);
    assert_non_null(cc);
    assert_non_null(tc);
    for (int f = 0; f < FONT_COUNT; f++) {
        const char *s = "Stone houses: 3 supply";
        assert_true(fabs(canvas_text_width(cc, (enum canvas_font)f, 9, s)
                         - canvas_text_width(tc, (enum canvas_font)f, 9, s)) < 1e-9);
    }
    /* libharu keeps widths in whole thousandths of an em, rounded down: less than one
     * thousandth of the size per glyph. */
    struct canvas_options hopt = {.backend = CANVAS_HARU, .path = test_tmp_path(tmpdir, "w.pdf")};
    struct canvas *hc = canvas_new(&hopt, &err);
    assert_non_null(hc);
    for (int f = 0; f < FONT_COUNT; f++) {
        const char *s = "Stone houses: 3 supply";
        assert_true(fabs(canvas_text_width(hc, (enum canvas_font)f, 10, s)
                         - canvas_text_width(tc, (enum canvas_font)f, 10, s)) <= 22 * 0.01);
    }
    canvas_discard(cc);
    canvas_discard(tc);
    canvas_discard(hc);
    assert_false(exists(test_tmp_path(tmpdir, "w.pdf")));
    strbuf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cairo_pdf),
        cmocka_unit_test(test_cairo_reproducible),
        cmocka_unit_test(test_cairo_failure),
        cmocka_unit_test(test_cairo_png_grey),
        cmocka_unit_test(test_cairo_svg),
        cmocka_unit_test(test_cairo_memory),
        cmocka_unit_test(test_haru_pdf),
        cmocka_unit_test(test_haru_grey),
        cmocka_unit_test(test_haru_reproducible),
        cmocka_unit_test(test_haru_failure),
        cmocka_unit_test(test_backends_agree),
        cmocka_unit_test(test_locale_independent),
        cmocka_unit_test(test_widths_agree),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
