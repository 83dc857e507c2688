/* Forms (canvas_form_begin/canvas_form_end): drawn in place by the trace backend, recorded once
 * and painted again by the cairo PDF backend (one form XObject, listed once per resource
 * dictionary, qpdf clean, the same bytes on every run), the checks made inside forms, and
 * rewrite_pdf_xobjects on a small hand-written PDF. Run from the repository root. */
#include "test.h"
#include "test_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "draw/canvas.h"
#include "rewrite/pdf_xobjects.h"

static char tmpdir[] = "/tmp/xii-draw-forms-XXXXXX";

TEST_TMPDIR_GROUP(tmpdir)

static struct canvas *open_canvas(enum canvas_backend backend, const char *path, const char *png_dir)
{
    struct canvas_options opt = {.backend = backend, .path = path, .png_dir = png_dir,
                                 .png_dpi = 20, .title = "forms", .creator = "xii test"};
    return test_canvas(&opt);
}

static void finish_ok(struct canvas *c)
{
    struct strbuf err = STRBUF_INIT;
    int rc = canvas_finish(c, &err);
    if (rc != 0)
        fprintf(stderr, "canvas_finish: %s\n", strbuf_cstr(&err));
    assert_int_equal(rc, 0);
    strbuf_free(&err);
}

/* A badge: a filled circle with a stroked ring and a letter, in a 0..20 box. */
static void badge_content(struct canvas *c)
{
    canvas_dash(c, NULL, 0);
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    canvas_circle(c, 10, 10, 8);
    canvas_fill_stroke(c, rgb_hex(0xf2e6c9), rgb_hex(0x8b1a1a), 1.5);
    canvas_text(c, FONT_SANS_BOLD, 9, rgb_hex(0x1f4e9c), 10, 13, ALIGN_CENTER, "V");
}

/* Paints the badge at (x, y) through a form; returns what canvas_form_begin said. */
static int badge(struct canvas *c, double x, double y)
{
    canvas_save(c);
    canvas_translate(c, x, y);
    int again = canvas_form_begin(c, "badge", 0, -1, -1, 22, 22);
    if (!again)
        badge_content(c);
    canvas_form_end(c);
    canvas_restore(c);
    return again;
}

/* A page of badges, then three pages of a larger form that holds badges itself. */
static void draw_badges(struct canvas *c, int *agains)
{
    canvas_page_begin(c, 300, 300);
    for (int i = 0; i < 6; i++)
        *agains += badge(c, 20 + 40 * i, 20);
    canvas_page_end(c);
    for (int p = 0; p < 3; p++) {
        canvas_page_begin(c, 300, 300);
        if (!canvas_form_begin(c, "row", 0, 0, 0, 300, 100)) {
            for (int i = 0; i < 4; i++)
                *agains += badge(c, 20 + 40 * i, 60);
        } else {
            *agains += 1;
        }
        canvas_form_end(c);
        canvas_page_end(c);
    }
}

/* The trace backend draws every form in place: the trace equals the one drawn without forms. */
static void test_trace_draws_in_place(void **state)
{
    (void)state;
    struct canvas *c = open_canvas(CANVAS_TRACE, NULL, NULL);
    canvas_page_begin(c, 100, 100);
    for (int i = 0; i < 3; i++)
        assert_int_equal(badge(c, 10 * i, 5), 0);
    canvas_page_end(c);
    struct canvas *plain = open_canvas(CANVAS_TRACE, NULL, NULL);
    canvas_page_begin(plain, 100, 100);
    for (int i = 0; i < 3; i++) {
        canvas_save(plain);
        canvas_translate(plain, 10 * i, 5);
        badge_content(plain);
        canvas_restore(plain);
    }
    canvas_page_end(plain);
    assert_int_equal(canvas_status(c), 0);
    assert_string_equal(canvas_trace(c), canvas_trace(plain));
    canvas_discard(c);
    canvas_discard(plain);
}

/* The resource lists "/XObject << ... >>" of a PDF name each form once. */
static void check_no_repeated_xobjects(const char *pdf, size_t len)
{
    const char *end = pdf + len;
    for (const char *p = pdf; p < end;) {
        const char *hit = NULL;
        for (const char *q = p; q + 11 <= end; q++)
            if (memcmp(q, "/XObject <<", 11) == 0) {
                hit = q;
                break;
            }
        if (!hit)
            break;
        const char *close = hit;
        while (close + 1 < end && !(close[0] == '>' && close[1] == '>'))
            close++;
        char list[4096];
        size_t n = (size_t)(close - hit);
        assert_true(n < sizeof list);
        memcpy(list, hit, n);
        list[n] = '\0';
        for (char *name = strstr(list, " /x"); name; name = strstr(name + 1, " /x")) {
            char word[32];
            assert_int_equal(sscanf(name + 1, "%31s", word), 1);
            strcat(word, " ");
            assert_ptr_equal(strstr(list, word), name + 1);
        }
        p = close;
    }
}

static int count(const char *hay, size_t len, const char *needle)
{
    int n = 0;
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= len; i++)
        n += memcmp(hay + i, needle, k) == 0;
    return n;
}

/* cairo: the first use draws in place, the second records the form, later ones paint it; the
 * PDF holds each form once, is qpdf clean, and is the same on every run. */
static void test_cairo_pdf_forms(void **state)
{
    (void)state;
    char *a = test_tmp_path(tmpdir, "a.pdf"), *b = test_tmp_path(tmpdir, "b.pdf");
    for (int run = 0; run < 2; run++) {
        struct canvas *c = open_canvas(CANVAS_CAIRO, run ? b : a, NULL);
        int agains = 0;
        draw_badges(c, &agains);
        /* Page 1: the badge drawn in place, recorded, then painted 4 times; the row drawn in
         * place (4 badges painted), recorded (4 more), then painted. */
        assert_int_equal(agains, 4 + 4 + 4 + 1);
        finish_ok(c);
    }
    size_t la, lb;
    char *da = test_slurp(a, &la), *db = test_slurp(b, &lb);
    assert_non_null(da);
    assert_non_null(db);
    assert_int_equal(la, lb);
    assert_memory_equal(da, db, la);
    assert_int_equal(count(da, la, "/Subtype /Form"), 2);
    check_no_repeated_xobjects(da, la);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", a);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "sh tests/draw-pdf-check.sh '%s'", a);
    assert_int_equal(system(cmd), 0);
    free(da);
    free(db);
}

/* With PNG pages, cairo draws forms in place (an image would rasterise them on its own). */
static void test_cairo_png_in_place(void **state)
{
    (void)state;
    struct canvas *c = open_canvas(CANVAS_CAIRO, test_tmp_path(tmpdir, "p.pdf"), test_tmp_path(tmpdir, "png"));
    int agains = 0;
    draw_badges(c, &agains);
    assert_int_equal(agains, 0);
    finish_ok(c);
}

/* The libharu backend draws in place and its PDF stays valid. */
static void test_haru_in_place(void **state)
{
    (void)state;
    char *path = test_tmp_path(tmpdir, "h.pdf");
    struct canvas *c = open_canvas(CANVAS_HARU, path, NULL);
    int agains = 0;
    draw_badges(c, &agains);
    assert_int_equal(agains, 0);
    finish_ok(c);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", path);
    assert_int_equal(system(cmd), 0);
}

/* Runs steps on a fresh cairo canvas with a page open and returns its error ("" when none). */
static const char *failure(void (*steps)(struct canvas *))
{
    static char msg[256];
    struct canvas *c = open_canvas(CANVAS_CAIRO, test_tmp_path(tmpdir, "f.pdf"), NULL);
    canvas_page_begin(c, 100, 100);
    steps(c);
    snprintf(msg, sizeof msg, "%s", canvas_error(c));
    canvas_discard(c);
    return msg;
}

static void end_without_begin(struct canvas *c)
{
    canvas_form_end(c);
}

static void restore_outside(struct canvas *c)
{
    canvas_save(c);
    canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
    canvas_restore(c);
}

static void clip_outside(struct canvas *c)
{
    canvas_save(c);
    canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
    canvas_rect(c, 0, 0, 5, 5);
    canvas_clip(c);
}

static void unbalanced(struct canvas *c)
{
    canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
    canvas_save(c);
    canvas_form_end(c);
}

static void page_end_inside(struct canvas *c)
{
    canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
    canvas_page_end(c);
}

static void empty_box(struct canvas *c)
{
    canvas_form_begin(c, "k", 0, 0, 0, 0, 10);
}

static void no_key(struct canvas *c)
{
    canvas_form_begin(c, "", 0, 0, 0, 10, 10);
}

static void path_open(struct canvas *c)
{
    canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
    canvas_move_to(c, 1, 1);
    canvas_form_end(c);
}

/* A form painted again still has its calls checked. */
static void muted_checked(struct canvas *c)
{
    for (int i = 0; i < 3; i++) {
        canvas_form_begin(c, "k", 0, 0, 0, 10, 10);
        if (i == 2)
            canvas_line_to(c, 1, 1);
        canvas_form_end(c);
    }
}

static void test_form_checks(void **state)
{
    (void)state;
    assert_string_equal(failure(end_without_begin), "canvas_form_end without canvas_form_begin");
    assert_string_equal(failure(restore_outside), "canvas_restore without canvas_save (in its form)");
    assert_string_equal(failure(clip_outside),
                        "canvas_clip outside canvas_save/canvas_restore (of its form)");
    assert_string_equal(failure(unbalanced), "a form ends with 1 canvas_save without canvas_restore");
    assert_string_equal(failure(page_end_inside),
                        "page 1 ends inside a form (canvas_form_end missing)");
    assert_string_equal(failure(empty_box), "canvas_form_begin: empty box 0 x 10");
    assert_string_equal(failure(no_key), "canvas_form_begin: a form needs a key");
    assert_string_equal(failure(path_open),
                        "canvas_form_end while a path is being built (fill, stroke or clip it first)");
    assert_string_equal(failure(muted_checked),
                        "canvas_line_to without a current point (canvas_move_to first)");
}

/* A minimal PDF as cairo lays it out: the page's resources name /x3 three times. */
static void make_pdf(struct strbuf *pdf, const char *resources)
{
    size_t off[4];
    strbuf_reset(pdf);
    strbuf_puts(pdf, "%PDF-1.5\n");
    off[1] = pdf->len;
    strbuf_puts(pdf, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
    off[2] = pdf->len;
    strbuf_printf(pdf, "2 0 obj\n<< /Type /Page /Resources << %s >> >>\nendobj\n", resources);
    off[3] = pdf->len;
    strbuf_puts(pdf, "3 0 obj\n<< /Length 36 >>\nstream\n"
                     "/XObject << /x3 3 0 R /x3 3 0 R >>\nendstream\nendobj\n");
    size_t xref = pdf->len;
    strbuf_puts(pdf, "xref\n0 4\n0000000000 65535 f \n");
    for (int i = 1; i < 4; i++)
        strbuf_printf(pdf, "%010zu 00000 n \n", off[i]);
    strbuf_printf(pdf, "trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", xref);
}

/* Every cross-reference offset points at its "N 0 obj". */
static void check_xref(const struct strbuf *pdf)
{
    const char *d = pdf->data;
    const char *sx = strstr(d, "startxref\n");
    assert_non_null(sx);
    size_t xref = strtoul(sx + 10, NULL, 10);
    assert_memory_equal(d + xref, "xref\n0 4\n", 9);
    for (int i = 1; i < 4; i++) {
        size_t off = strtoul(d + xref + 9 + 20 * (size_t)i, NULL, 10);
        char want[32];
        snprintf(want, sizeof want, "%d 0 obj", i);
        assert_memory_equal(d + off, want, strlen(want));
    }
}

static void test_pdffix(void **state)
{
    (void)state;
    struct strbuf pdf = STRBUF_INIT, want = STRBUF_INIT;
    make_pdf(&pdf, "/XObject << /x3 3 0 R /x5 5 0 R /x3 3 0 R /x5 5 0 R /x3 3 0 R >>");
    assert_int_equal(rewrite_pdf_xobjects(&pdf), 3);
    make_pdf(&want, "/XObject << /x3 3 0 R /x5 5 0 R >>");
    /* Stream data keeps its bytes. */
    assert_string_equal(strbuf_cstr(&pdf), strbuf_cstr(&want));
    check_xref(&pdf);
    /* Nothing to drop: unchanged. */
    assert_int_equal(rewrite_pdf_xobjects(&pdf), 0);
    assert_string_equal(strbuf_cstr(&pdf), strbuf_cstr(&want));
    /* A list written otherwise is left alone. */
    make_pdf(&pdf, "/XObject << /x3 3 0 R /x3 [3 0 R] >>");
    strbuf_reset(&want);
    strbuf_append(&want, pdf.data, pdf.len);
    assert_int_equal(rewrite_pdf_xobjects(&pdf), 0);
    assert_string_equal(strbuf_cstr(&pdf), strbuf_cstr(&want));
    /* Not a PDF with a cross-reference table. */
    strbuf_reset(&pdf);
    strbuf_puts(&pdf, "%PDF-1.5\n1 0 obj\n<< /XObject << /x1 1 0 R /x1 1 0 R >> >>\nendobj\n"
                      "trailer\n<< >>\nstartxref\n9\n%%EOF\n");
    assert_int_equal(rewrite_pdf_xobjects(&pdf), -1);
    strbuf_free(&pdf);
    strbuf_free(&want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_draws_in_place),
        cmocka_unit_test(test_cairo_pdf_forms),
        cmocka_unit_test(test_cairo_png_in_place),
        cmocka_unit_test(test_haru_in_place),
        cmocka_unit_test(test_form_checks),
        cmocka_unit_test(test_pdffix),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
