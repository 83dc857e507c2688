/* Layout invariants, read from the trace backend's output: every golden drawing trace
 * (tests/golden/layout, aids and filled) and a five-player town sheet drawn here must keep
 *   - every box (rect, round-rect) inside its page,
 *   - every text inside its page and inside the smallest box around its anchor (its cell),
 *   - the same number of boxes on each player's pages (a town sheet's sections: two pages a
 *     player, so page k and page k + 2 match),
 * the five-player sheet also without icons (the built-in ones failed to load).
 * A golden file rewritten from a broken drawing (make golden-update) fails here.
 * Run from the repository root. */
#include "test.h"
#include "test_util.h"
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "layout/townsheet.h"
#include "test_rules_fixture.h"

/* A text may reach this far past its cell (antialiasing, the side bearing of a glyph). */
#define SLACK 0.5
/* Boxes and pages: rounding of the trace's two decimals. */
#define EPS 0.02

struct rect { double x0, y0, x1, y1; };

struct text {
    struct rect ext;        /* from the ascent to the descent */
    double ax, ay;          /* the anchor: x as aligned, a point just above the baseline */
    char what[64];
};

struct page {
    double w, h;
    struct rect *boxes;
    size_t nboxes, capboxes;
    struct text *texts;
    size_t ntexts, captexts;
};

/* The current transformation (x' = a x + c y + e, y' = b x + d y + f) and its saved copies. */
struct matrix { double a, b, c, d, e, f; };

static struct rect transform_rect(const struct matrix *m, double x0, double y0, double x1, double y1)
{
    double xs[4] = {x0, x1, x0, x1}, ys[4] = {y0, y0, y1, y1};
    struct rect r = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        double x = m->a * xs[i] + m->c * ys[i] + m->e, y = m->b * xs[i] + m->d * ys[i] + m->f;
        r.x0 = fmin(r.x0, x), r.x1 = fmax(r.x1, x);
        r.y0 = fmin(r.y0, y), r.y1 = fmax(r.y1, y);
    }
    return r;
}

static enum canvas_font font_named(const char *name)
{
    for (int f = 0; f < FONT_COUNT; f++)
        if (strcmp(canvas_font_name((enum canvas_font)f), name) == 0)
            return (enum canvas_font)f;
    fail_msg("unknown font in the trace: %s", name);
    return FONT_SANS;
}

/* The quoted string of a text line, its escapes (\" and \\) undone. Caller frees. */
static char *quoted(const char *q, size_t len)
{
    char *s = xmalloc(len + 1), *o = s;
    for (size_t i = 1; i < len && q[i] != '"'; i++)
        *o++ = q[i] == '\\' && i + 1 < len ? q[++i] : q[i];
    *o = '\0';
    return s;
}

static void add_box(struct page *p, struct rect r)
{
    void *items = p->boxes;
    xgrow(&items, &p->capboxes, p->nboxes + 1, sizeof *p->boxes);
    p->boxes = items;
    p->boxes[p->nboxes++] = r;
}

static void add_text(struct page *p, struct canvas *c, const struct matrix *m, const char *line,
                     size_t len)
{
    char font[32], colour[16], align[16];
    double size, x, y;
    assert_int_equal(sscanf(line, "text %31s %lf %15s %lf %lf %15s", font, &size, colour, &x, &y,
                            align), 6);
    const char *q = memchr(line, '"', len);
    assert_non_null(q);
    char *str = quoted(q, (size_t)(line + len - q));
    double w = canvas_text_width(c, font_named(font), size, str);
    double x0 = strcmp(align, "left") == 0 ? x : strcmp(align, "center") == 0 ? x - w / 2 : x - w;
    struct text t;
    t.ext = transform_rect(m, x0, y - 0.72 * size, x0 + w, y + 0.2 * size);
    struct rect anchor = transform_rect(m, x, y - 0.25 * size, x, y - 0.25 * size);
    t.ax = anchor.x0, t.ay = anchor.y0;
    snprintf(t.what, sizeof t.what, "%s", str);
    free(str);
    void *items = p->texts;
    xgrow(&items, &p->captexts, p->ntexts + 1, sizeof *p->texts);
    p->texts = items;
    p->texts[p->ntexts++] = t;
}

static int inside(const struct rect *in, const struct rect *out, double slack)
{
    return in->x0 >= out->x0 - slack && in->x1 <= out->x1 + slack && in->y0 >= out->y0 - slack &&
           in->y1 <= out->y1 + slack;
}

/* The smallest box of the page around the point, or NULL. */
static const struct rect *cell_of(const struct page *p, double x, double y)
{
    const struct rect *best = NULL;
    double best_area = INFINITY;
    for (size_t i = 0; i < p->nboxes; i++) {
        const struct rect *b = &p->boxes[i];
        double area = (b->x1 - b->x0) * (b->y1 - b->y0);
        if (x > b->x0 && x < b->x1 && y > b->y0 && y < b->y1 && area < best_area)
            best = b, best_area = area;
    }
    return best;
}

/* Checks one page; prints each problem (name: where) and returns their count. */
static int check_page(const char *name, int number, const struct page *p)
{
    int problems = 0;
    struct rect page = {0, 0, p->w, p->h};
    for (size_t i = 0; i < p->nboxes; i++)
        if (!inside(&p->boxes[i], &page, EPS)) {
            const struct rect *b = &p->boxes[i];
            print_error("%s, page %d: a box (%.2f %.2f to %.2f %.2f) leaves the page\n", name,
                        number, b->x0, b->y0, b->x1, b->y1);
            problems++;
        }
    for (size_t i = 0; i < p->ntexts; i++) {
        const struct text *t = &p->texts[i];
        const struct rect *cell = cell_of(p, t->ax, t->ay);
        if (!inside(&t->ext, &page, EPS)) {
            print_error("%s, page %d: the text \"%s\" leaves the page\n", name, number, t->what);
            problems++;
        } else if (cell && (t->ext.x0 < cell->x0 - SLACK || t->ext.x1 > cell->x1 + SLACK)) {
            print_error("%s, page %d: the text \"%s\" (%.2f to %.2f) overflows its cell (%.2f to "
                        "%.2f)\n", name, number, t->what, t->ext.x0, t->ext.x1, cell->x0, cell->x1);
            problems++;
        }
    }
    return problems;
}

static void free_pages(struct page *pages, int n)
{
    for (int i = 0; i < n; i++) {
        free(pages[i].boxes);
        free(pages[i].texts);
    }
    free(pages);
}

/* Reads a trace into pages (*npages of them). */
static struct page *read_trace(struct canvas *c, const char *trace, int *npages)
{
    struct page *pages = NULL;
    size_t cap = 0;
    int n = 0, depth = 0;
    struct matrix stack[64], m = {1, 0, 0, 1, 0, 0};
    for (const char *line = trace; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        double v[5];
        if (sscanf(line, "page %lf %lf", &v[0], &v[1]) == 2) {
            void *items = pages;
            xgrow(&items, &cap, (size_t)n + 1, sizeof *pages);
            pages = items;
            pages[n++] = (struct page){.w = v[0], .h = v[1]};
            m = (struct matrix){1, 0, 0, 1, 0, 0};
            depth = 0;
        } else if (n == 0) {
            /* what a command prints before its first page (the events line) */
        } else if (strncmp(line, "save", 4) == 0) {
            assert_true(depth < 64);
            stack[depth++] = m;
        } else if (strncmp(line, "restore", 7) == 0) {
            assert_true(depth > 0);
            m = stack[--depth];
        } else if (sscanf(line, "translate %lf %lf", &v[0], &v[1]) == 2) {
            m.e += m.a * v[0] + m.c * v[1], m.f += m.b * v[0] + m.d * v[1];
        } else if (sscanf(line, "scale %lf %lf", &v[0], &v[1]) == 2) {
            m.a *= v[0], m.b *= v[0], m.c *= v[1], m.d *= v[1];
        } else if (sscanf(line, "rotate %lf", &v[0]) == 1) {
            double cs = cos(v[0]), sn = sin(v[0]);
            m = (struct matrix){m.a * cs + m.c * sn, m.b * cs + m.d * sn, m.c * cs - m.a * sn,
                                m.d * cs - m.b * sn, m.e, m.f};
        } else if (sscanf(line, "rect %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]) == 4 ||
                   sscanf(line, "round-rect %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3],
                          &v[4]) == 5) {
            add_box(&pages[n - 1], transform_rect(&m, v[0], v[1], v[0] + v[2], v[1] + v[3]));
        } else if (strncmp(line, "text ", 5) == 0) {
            add_text(&pages[n - 1], c, &m, line, len);
        }
        line += len + (end ? 1 : 0);
    }
    *npages = n;
    return pages;
}

/* Checks a whole trace; period > 0: page k and page k + period hold as many boxes. Returns the
 * number of problems (each printed). */
static int check_trace(const char *name, const char *trace, int period)
{
    struct canvas *c = test_trace_canvas(0);
    int n;
    struct page *pages = read_trace(c, trace, &n);
    int problems = n == 0;
    if (n == 0)
        print_error("%s: no page\n", name);
    for (int i = 0; i < n; i++) {
        problems += check_page(name, i + 1, &pages[i]);
        if (period > 0 && i + period < n && pages[i].nboxes != pages[i + period].nboxes) {
            print_error("%s: page %d has %zu boxes, page %d (the same page of the next player) "
                        "%zu\n", name, i + 1, pages[i].nboxes, i + period + 1,
                        pages[i + period].nboxes);
            problems++;
        }
    }
    free_pages(pages, n);
    canvas_discard(c);
    return problems;
}

/* Checks every drawing trace of a golden folder: the files ending in suffix that hold a page.
 * Returns the number of traces checked. */
static int check_folder(const char *dir, const char *suffix, int period, int *problems)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int traces = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name), slen = strlen(suffix);
        if (len <= slen || strcmp(e->d_name + len - slen, suffix) != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *text = test_slurp(path, NULL);
        assert_non_null(text);
        if (strncmp(text, "page ", 5) == 0 || strstr(text, "\npage ")) {
            *problems += check_trace(path, text, period);
            traces++;
        }
        free(text);
    }
    closedir(d);
    return traces;
}

static void test_golden_traces(void **state)
{
    (void)state;
    int problems = 0;
    assert_true(check_folder("tests/golden/layout", ".expected", 2, &problems) >= 2);
    assert_true(check_folder("tests/golden/filled", ".trace", 2, &problems) >= 5);
    assert_true(check_folder("tests/golden/aids", ".expected", 0, &problems) >= 10);
    assert_int_equal(problems, 0);
}

/* A five-player town sheet drawn here: ten pages, each player's two the same boxes; with the
 * built-in icons, or without them (they failed to load: the sheet falls back to words). */
static void five_players(int with_icons)
{
    struct canvas *c = test_trace_canvas(0);
    struct townsheet_options o;
    townsheet_options_init(&o, &GD, layout_paper_find("letter"), 0);
    struct icon_set *icons = NULL;
    if (with_icons) {
        struct diag_list dl = DIAG_LIST_INIT;
        icons = icons_load_default(&dl);
        assert_non_null(icons);
        diag_list_free(&dl);
    }
    o.icons = icons;
    struct strbuf err = STRBUF_INIT;
    const char *towns[] = {"Oakham", "Market Harborough", "Ely", "Ashby-de-la-Zouch", "Wye"};
    for (int i = 0; i < 5; i++) {
        struct townsheet_player p = {towns[i] + 1, towns[i]};
        assert_int_equal(townsheet_draw(c, &o, &p, NULL, &err), 0);
    }
    assert_int_equal(canvas_status(c), 0);
    assert_int_equal(check_trace(with_icons ? "five-player town sheet" : "five-player town sheet without icons",
                                 canvas_trace(c), 2), 0);
    canvas_discard(c);
    icons_free(icons);
    strbuf_free(&err);
}

static void test_five_players(void **state)
{
    (void)state;
    five_players(1);
}

static void test_five_players_without_icons(void **state)
{
    (void)state;
    five_players(0);
}

/* The checks find what they are for: a box off the page, a text wider than its cell, a
 * player's page with a box missing. */
static void test_checks_fail(void **state)
{
    (void)state;
    assert_int_equal(check_trace("box off the page", "page 100 100\nrect 90 10 20 10\npage-end\n", 0), 1);
    assert_int_equal(check_trace("overflow",
                                 "page 300 100\nrect 10 10 20 20\n"
                                 "text sans 10.00 #000000 12.00 25.00 left \"a long text\"\n"
                                 "page-end\n", 0), 1);
    assert_int_equal(check_trace("sections", "page 100 100\nrect 1 1 5 5\nrect 10 1 5 5\npage-end\n"
                                             "page 100 100\npage-end\n"
                                             "page 100 100\nrect 1 1 5 5\npage-end\n", 2), 1);
    assert_int_equal(check_trace("fine", "page 300 100\nrect 10 10 100 20\n"
                                         "text sans 10.00 #000000 12.00 25.00 left \"a text\"\n"
                                         "page-end\n", 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checks_fail),
        cmocka_unit_test(test_golden_traces),
        cmocka_unit_test(test_five_players),
        cmocka_unit_test(test_five_players_without_icons),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
