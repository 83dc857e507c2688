/* Layout helpers and the town-sheet: text fitting and wrapping never overflow, papers, the
 * render options' errors, and the drawn sheet (through the trace backend): every text at
 * least 6.5 pt and inside the printable area, enough value cells, rows that do not overlap. */
#include "test.h"
#include "test_util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "layout/common.h"
#include "layout/townsheet.h"
#include "core/xalloc.h"
#include "rules/gamedata.h"
/* The render options live in the program, not the library: compile them in. */
#include "cli/render_options.h"

static void test_paper(void **state)
{
    (void)state;
    const struct paper *a4 = layout_paper_find("A4");
    const struct paper *letter = layout_paper_find("letter");
    assert_non_null(a4);
    assert_non_null(letter);
    assert_true(fabs(a4->width - 595.28) < 0.01 && fabs(a4->height - 841.89) < 0.01);
    assert_true(letter->width == 612 && letter->height == 792);
    assert_null(layout_paper_find("a5"));
    /* A home printer keeps at least 12 mm free on every side. */
    struct box b = layout_page_area(letter);
    assert_true(b.x >= 12 * 72 / 25.4 && b.y >= 12 * 72 / 25.4);
    assert_true(letter->width - (b.x + b.w) >= 12 * 72 / 25.4);
    assert_true(letter->height - (b.y + b.h) >= 12 * 72 / 25.4);
}

static void test_fit(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(0);
    struct strbuf out = STRBUF_INIT;
    /* Fits: unchanged. */
    double s = layout_fit(c, FONT_SANS, 10, 6.5, 200, "Oakham", &out);
    assert_true(s == 10);
    assert_string_equal(strbuf_cstr(&out), "Oakham");
    /* A little too wide: shrunk, whole. */
    double w10 = canvas_text_width(c, FONT_SANS, 10, "Market Harborough");
    s = layout_fit(c, FONT_SANS, 10, 6.5, w10 * 0.8, "Market Harborough", &out);
    assert_true(s < 10 && s >= 6.5);
    assert_string_equal(strbuf_cstr(&out), "Market Harborough");
    assert_true(canvas_text_width(c, FONT_SANS, s, strbuf_cstr(&out)) <= w10 * 0.8);
    /* Far too wide: cut with an ellipsis at the minimum size, never wider than the box. */
    const char *longname = "Bartholomew of the Very Long Name and Even Longer Titles";
    s = layout_fit(c, FONT_SANS, 10, 6.5, 60, longname, &out);
    assert_true(s == 6.5);
    assert_non_null(strstr(strbuf_cstr(&out), "\xe2\x80\xa6"));
    assert_true(canvas_text_width(c, FONT_SANS, s, strbuf_cstr(&out)) <= 60);
    assert_true(strncmp(strbuf_cstr(&out), "Bartholomew", 5) == 0);
    /* The bold serif has no ellipsis glyph: three dots. */
    s = layout_fit(c, FONT_SERIF_BOLD, 10, 6.5, 40, "WEALTHY MERCHANT AND SONS", &out);
    assert_non_null(strstr(strbuf_cstr(&out), "..."));
    assert_true(canvas_text_width(c, FONT_SERIF_BOLD, s, strbuf_cstr(&out)) <= 40);
    /* No room at all: nothing is drawn rather than an overflow. */
    layout_fit(c, FONT_SANS, 10, 6.5, 1, "Ely", &out);
    assert_string_equal(strbuf_cstr(&out), "");
    strbuf_free(&out);
    canvas_discard(c);
}

static void test_wrap(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(0);
    struct layout_lines lines = {0};
    const char *text = "Once per turn, split one die in two parts for two different assets.";
    size_t n = layout_wrap(c, FONT_SANS, 7, 90, text, &lines);
    assert_true(n >= 2);
    struct strbuf joined = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        assert_true(canvas_text_width(c, FONT_SANS, 7, lines.line[i]) <= 90);
        strbuf_printf(&joined, "%s%s", i ? " " : "", lines.line[i]);
    }
    assert_string_equal(strbuf_cstr(&joined), text);
    /* Hyphenated words may break after the hyphen. */
    n = layout_wrap(c, FONT_SANS, 7, canvas_text_width(c, FONT_SANS, 7, "lose men-"), "lose men-at-arms",
                    &lines);
    assert_int_equal(n, 2);
    assert_string_equal(lines.line[0], "lose men-");
    assert_string_equal(lines.line[1], "at-arms");
    /* A word wider than the line is cut. */
    n = layout_wrap(c, FONT_SANS, 7, 30, "Supercalifragilistic", &lines);
    assert_int_equal(n, 1);
    assert_true(canvas_text_width(c, FONT_SANS, 7, lines.line[0]) <= 30);
    assert_non_null(strstr(lines.line[0], "\xe2\x80\xa6"));
    assert_int_equal(layout_wrap(c, FONT_SANS, 7, 30, "   ", &lines), 0);
    /* A box shrinks the text, and at the minimum cuts the last line. */
    struct box b = {0, 0, 100, 20};
    double s = layout_text_box(c, FONT_SANS, 9, 6.5, 1.2, rgb_hex(0), b, ALIGN_LEFT, text, 0);
    assert_true(s < 9 && s >= 6.5);
    struct box tiny = {0, 0, 60, 9};
    canvas_page_begin(c, 100, 100);
    s = layout_text_box(c, FONT_SANS, 9, 6.5, 1.2, rgb_hex(0), tiny, ALIGN_LEFT, text, 1);
    assert_true(s == 6.5);
    canvas_page_end(c);
    assert_int_equal(canvas_status(c), 0);
    assert_non_null(strstr(canvas_trace(c), "\xe2\x80\xa6\""));
    strbuf_free(&joined);
    layout_lines_free(&lines);
    canvas_discard(c);
}

/* Runs render_options_parse over args; returns its last result and leaves the error in err. */
static int parse(struct render_options *ro, struct strbuf *err, int argc, char **argv)
{
    render_options_init(ro);
    strbuf_reset(err);
    int i = 0, rc = 0;
    while (i < argc && (rc = render_options_parse(ro, argc, argv, &i, err)) > 0)
        ;
    return rc;
}

static void test_render_options(void **state)
{
    (void)state;
    struct render_options ro;
    struct strbuf err = STRBUF_INIT;
    char *good[] = {"--paper", "letter", "--gray", "--backend=haru", "-o", "x.pdf"};
    assert_int_equal(parse(&ro, &err, 6, good), 1);
    assert_string_equal(ro.paper->name, "letter");
    assert_true(ro.grey);
    assert_int_equal(ro.backend, CANVAS_HARU);
    assert_string_equal(ro.output, "x.pdf");
    char *joined[] = {"-ox.pdf", "--paper=A4", "--png", "dir"};
    assert_int_equal(parse(&ro, &err, 4, joined), 1);
    assert_string_equal(ro.output, "x.pdf");
    assert_string_equal(ro.paper->name, "a4");
    assert_string_equal(ro.png_dir, "dir");
    char *paper[] = {"--paper", "a5"};
    assert_int_equal(parse(&ro, &err, 2, paper), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "unknown paper 'a5'"));
    char *missing[] = {"--paper"};
    assert_int_equal(parse(&ro, &err, 1, missing), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "needs a value"));
    char *backend[] = {"--backend", "postscript"};
    assert_int_equal(parse(&ro, &err, 2, backend), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "unknown backend 'postscript'"));
    char *no_file[] = {"-o"};
    assert_int_equal(parse(&ro, &err, 1, no_file), -1);
    char *other[] = {"--names", "Jack"};
    assert_int_equal(parse(&ro, &err, 2, other), 0);
    char *png_haru[] = {"--backend", "haru", "--png", "d"};
    assert_int_equal(parse(&ro, &err, 4, png_haru), 1);
    assert_int_equal(render_options_check(&ro, NULL, NULL, 0, &err), -1);
    strbuf_free(&err);
}

/* A walk through a trace's text lines: the page they are on (the count of "page" lines
 * before them) and whether they stand in a block that a translate or rotate moved (from
 * it to the restore of its save). */
struct trace_walk {
    const char *line;
    int page, depth, transformed_at;
};

struct trace_text {
    const char *line;
    size_t len;
    int page, transformed;
    char font[32], colour[16], align[16];
    double size, x, y;
};

/* The next text line of the walk in t; 0 at the end of the trace. */
static int next_text(struct trace_walk *w, struct trace_text *t)
{
    while (*w->line) {
        const char *line = w->line, *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        w->line += len + (end ? 1 : 0);
        if (strncmp(line, "page ", 5) == 0)
            w->page++;
        else if (strncmp(line, "save", 4) == 0)
            w->depth++;
        else if (strncmp(line, "restore", 7) == 0) {
            if (w->depth == w->transformed_at)
                w->transformed_at = 0;
            w->depth--;
        } else if (strncmp(line, "translate", 9) == 0 || strncmp(line, "rotate", 6) == 0) {
            w->transformed_at = w->depth;
        } else if (strncmp(line, "text ", 5) == 0) {
            t->line = line;
            t->len = len;
            t->page = w->page;
            t->transformed = w->transformed_at != 0;
            assert_int_equal(sscanf(line, "text %31s %lf %15s %lf %lf %15s", t->font, &t->size,
                                    t->colour, &t->x, &t->y, t->align), 6);
            return 1;
        }
    }
    return 0;
}

/* Checks a trace: every text at least LAYOUT_MIN_TEXT, and, outside transformed blocks, its
 * anchor inside the printable area (left-aligned text starts inside, right-aligned ends
 * inside). */
static void check_trace_text(const char *trace, const struct paper *p)
{
    struct box a = layout_page_area(p);
    int texts = 0;
    struct trace_walk w = {trace, 0, 0, 0};
    struct trace_text t;
    while (next_text(&w, &t)) {
        if (t.size < LAYOUT_MIN_TEXT - 1e-9)
            fail_msg("text below %.1f pt: %.*s", LAYOUT_MIN_TEXT, (int)t.len, t.line);
        if (!t.transformed) {
            if (t.x < a.x - 0.01 || t.x > a.x + a.w + 0.01 || t.y < a.y ||
                t.y > a.y + a.h + LAYOUT_FOOTER_H)
                fail_msg("text outside the printable area: %.*s", (int)t.len, t.line);
        }
        texts++;
    }
    assert_true(texts > 300);
}

/* A drawn text's box, from the trace. */
struct text_box {
    double x0, y0, x1, y1;
    int page;
    char what[96];
};

static enum canvas_font font_named(const char *name)
{
    static const char *const names[FONT_COUNT] = {
        [FONT_SERIF] = "serif", [FONT_SERIF_BOLD] = "serif-bold",
        [FONT_SERIF_ITALIC] = "serif-italic", [FONT_SANS] = "sans",
        [FONT_SANS_BOLD] = "sans-bold", [FONT_HAND] = "hand"};
    for (int f = 0; f < FONT_COUNT; f++)
        if (strcmp(names[f], name) == 0)
            return (enum canvas_font)f;
    fail_msg("unknown font in the trace: %s", name);
    return FONT_SANS;
}

/* Counts (and prints) the pairs of texts of a page that overlap; texts drawn under a rotation
 * are left out. Boxes run from the ascent (0.72 size above the baseline) to the descent (0.2
 * size below); runs that touch (small capitals) are fine. */
static int count_overlaps(struct canvas *c, const char *trace)
{
    struct text_box *boxes = NULL;
    size_t n = 0, cap = 0;
    struct trace_walk w = {trace, 0, 0, 0};
    struct trace_text t;
    while (next_text(&w, &t)) {
        if (t.transformed)
            continue;
        const char *q = strchr(t.line, '"');
        char *str = xstrndup(q + 1, (size_t)(t.line + t.len - 1 - (q + 1)));
        double width = canvas_text_width(c, font_named(t.font), t.size, str);
        double x0 = strcmp(t.align, "left") == 0     ? t.x
                    : strcmp(t.align, "center") == 0 ? t.x - width / 2
                                                     : t.x - width;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            boxes = realloc(boxes, cap * sizeof *boxes);
            assert_non_null(boxes);
        }
        boxes[n] = (struct text_box){x0, t.y - 0.72 * t.size, x0 + width, t.y + 0.2 * t.size,
                                     t.page, ""};
        snprintf(boxes[n].what, sizeof boxes[n].what, "%s", str);
        n++;
        free(str);
    }
    int overlaps = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            const struct text_box *a = &boxes[i], *b = &boxes[j];
            double ox = fmin(a->x1, b->x1) - fmax(a->x0, b->x0);
            double oy = fmin(a->y1, b->y1) - fmax(a->y0, b->y0);
            if (a->page == b->page && ox > 0.3 && oy > 0.3) {
                fprintf(stderr, "texts overlap on page %d: \"%s\" and \"%s\"\n", a->page, a->what,
                        b->what);
                overlaps++;
            }
        }
    free(boxes);
    return overlaps;
}

static void test_overlap_check(void **state)
{
    (void)state;
    struct canvas *c = test_trace_canvas(0);
    canvas_page_begin(c, 200, 200);
    canvas_text(c, FONT_SANS, 10, rgb_hex(0), 10, 50, ALIGN_LEFT, "Oakham");
    canvas_text(c, FONT_SANS, 10, rgb_hex(0), 10 + canvas_text_width(c, FONT_SANS, 10, "Oakham"), 50,
                ALIGN_LEFT, "touches");
    assert_int_equal(count_overlaps(c, canvas_trace(c)), 0);
    canvas_text(c, FONT_SANS, 10, rgb_hex(0), 30, 54, ALIGN_LEFT, "Ely");
    assert_int_equal(count_overlaps(c, canvas_trace(c)), 1);
    canvas_page_end(c);
    canvas_discard(c);
}

static void draw_sheet(const struct paper *p, int grey, const char *town)
{
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load_default(&gd, &dl), 0);
    struct icon_set *icons = icons_load_default(&dl);
    struct canvas *c = test_trace_canvas(0);
    struct townsheet_options o;
    townsheet_options_init(&o, &gd, p, grey);
    o.icons = icons;
    o.difficulty = gamedata_difficulty(&gd, "normal", 6);
    o.events[7] = E_FIRE;
    struct townsheet_player pl = {"Jack", town};
    struct townsheet_geom g;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(townsheet_draw(c, &o, &pl, &g, &err), 0);
    assert_int_equal(canvas_status(c), 0);
    check_trace_text(canvas_trace(c), p);
    assert_int_equal(count_overlaps(c, canvas_trace(c)), 0);
    struct box a = layout_page_area(p);
    /* Every asset: a printed 0 and room for at least 16 values, inside the page, rows apart. */
    double last_bottom = 0;
    for (int as = 0; as < ASSET_COUNT; as++) {
        int n = g.nasset_cells[as];
        assert_true(n >= TOWNSHEET_MIN_WRITE_CELLS + 1);
        struct box first = g.asset_cell[as][0], lastc = g.asset_cell[as][n - 1];
        assert_true(first.x >= a.x && lastc.x + lastc.w <= a.x + a.w);
        assert_true(first.w >= 12 && first.h >= 12);
        assert_true(first.y >= last_bottom);
        last_bottom = first.y + first.h;
    }
    /* Influence cells sit below the assets, one per round, growing to the right. */
    for (int l = 0; l < LOCATION_COUNT; l++)
        for (int r = 1; r < GD_ROUNDS; r++) {
            assert_true(g.influence_cell[l][r].x > g.influence_cell[l][r - 1].x);
            assert_true(g.influence_cell[l][r].y > last_bottom);
        }
    /* Every person and infrastructure has an X box or, if special, two perk boxes. */
    for (int i = 0; i < gd.nitems; i++) {
        if (gamedata_is_special(&gd.items[i]))
            assert_true(g.perk_box[i][1].y > g.perk_box[i][0].y);
        else
            assert_true(g.item_box[i].w > 8);
    }
    assert_int_equal(g.nreserve, gd.reserve_slots);
    assert_true(g.reputation_cell[TOWNSHEET_REPUTATION_CELLS - 1].x + 1 < a.x + a.w);
    assert_true(g.pow_box[2].y > g.pow_box[0].y);
    strbuf_free(&err);
    canvas_discard(c);
    icons_free(icons);
    diag_list_free(&dl);
    gamedata_free(&gd);
}

static void test_sheet_a4(void **state)
{
    (void)state;
    draw_sheet(layout_paper_find("a4"), 0, "Oakham");
}

static void test_sheet_letter_grey_long_name(void **state)
{
    (void)state;
    draw_sheet(layout_paper_find("letter"), 1,
               "Saint Bartholomew the Greater upon the Very Long River Ouse by the Sea");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paper),
        cmocka_unit_test(test_fit),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_render_options),
        cmocka_unit_test(test_overlap_check),
        cmocka_unit_test(test_sheet_a4),
        cmocka_unit_test(test_sheet_letter_grey_long_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
