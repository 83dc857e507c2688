/* The filled town-sheets: golden traces of what is written on the blank sheet (a solo game, a
 * two-player game, the same after round 5, a five-player game in grey on Letter, and a game
 * with errors and marked mismatches), long histories that stay inside their cells, the
 * notice and the marks, and the PDF (qpdf --check, embedded fonts, the final value of every
 * asset at the end of its row as pdftotext reads it).
 * Run from the repository root (inputs and golden files in tests/golden/filled/).
 * UPDATE=1 (make golden-update) rewrites the golden traces that differ instead of comparing. */
#include "test.h"
#include "gamedata_fixture.h"
#include "test_util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/readfile.h"
#include "core/xalloc.h"
#include "layout/filled_sheet.h"
#include "layout/townsheet.h"
#include "log/parse.h"
#include "audit/replay.h"

#define DIR "tests/golden/filled/"

/* ---- a replayed game ---- */

struct game {
    char *src;
    struct log_ast *ast;
    struct log_replay *r;
    struct diag_list dl;
};

/* Parses and replays src (owned by g from now on), up to round until (0: all of it). */
static void game_load_src(struct game *g, const char *name, char *src, size_t len, int until)
{
    memset(g, 0, sizeof *g);
    g->src = src;
    struct diag_list init = DIAG_LIST_INIT;
    g->dl = init;
    g->ast = log_parse(g->src, len, name, &g->dl);
    struct log_replay_options opt = {.until_round = until};
    g->r = log_replay_run(&GD, g->ast, &opt, &g->dl);
    assert_true(g->r->started);
}

static void game_load(struct game *g, const char *name, int until)
{
    struct strbuf path = STRBUF_INIT, err = STRBUF_INIT;
    strbuf_printf(&path, DIR "%s", name);
    size_t len;
    char *src;
    if (readfile(strbuf_cstr(&path), (size_t)1 << 24, &src, &len, &err) != 0)
        fail_msg("%s", strbuf_cstr(&err));
    game_load_src(g, name, src, len, until);
    strbuf_free(&path);
    strbuf_free(&err);
}

/* A game file with `lines` inserted after its line `after` (0: at the end). */
static void game_load_with(struct game *g, const char *name, int after, const char *lines)
{
    struct strbuf path = STRBUF_INIT, err = STRBUF_INIT, text = STRBUF_INIT;
    strbuf_printf(&path, DIR "%s", name);
    size_t len;
    char *src;
    if (readfile(strbuf_cstr(&path), (size_t)1 << 24, &src, &len, &err) != 0)
        fail_msg("%s", strbuf_cstr(&err));
    size_t cut = len;
    for (size_t i = 0, line = 0; after > 0 && i < len; i++)
        if (src[i] == '\n' && ++line == (size_t)after) {
            cut = i + 1;
            break;
        }
    strbuf_append(&text, src, cut);
    strbuf_puts(&text, lines);
    strbuf_append(&text, src + cut, len - cut);
    free(src);
    len = text.len;
    game_load_src(g, name, strbuf_detach(&text), len, 0);
    strbuf_free(&path);
    strbuf_free(&err);
}

static void game_free(struct game *g)
{
    log_replay_free(g->r);
    log_free(g->ast);
    diag_list_free(&g->dl);
    free(g->src);
}

static struct filled_sheet_input game_input(const struct game *g, const char *name, int mark,
                                            int grey, const char *paper)
{
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = &GD;
    in.state = &g->r->state;
    in.history = &g->r->history;
    in.mismatches = g->r->mismatches;
    in.nmismatches = g->r->nmismatches;
    in.mark = mark;
    in.nerrors = g->dl.errors;
    in.refused = g->r->skipped;
    in.nrefused = g->r->nskipped;
    in.stopped = g->r->stopped;
    in.log_name = name;
    in.paper = paper;
    in.grey = grey;
    in.footer_options = grey ? "grey" : "colour";
    return in;
}

/* ---- traces ---- */

static char *render_trace(const struct filled_sheet_input *in)
{
    struct canvas *c = test_trace_canvas(in->grey);
    struct strbuf err = STRBUF_INIT;
    if (filled_sheet_draw(c, in, &err) != 0)
        fail_msg("filled_sheet_draw: %s", strbuf_cstr(&err));
    assert_int_equal(canvas_status(c), 0);
    char *t = xstrdup(canvas_trace(c));
    canvas_discard(c);
    strbuf_free(&err);
    return t;
}

/* The writing alone: each page line, then what follows the blank page's footer (the last
 * thing townsheet.c draws), so a change of the blank sheet does not touch these goldens. */
static char *writing_only(const char *trace)
{
    struct strbuf out = STRBUF_INIT;
    int keep = 0;
    for (const char *p = trace; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (strncmp(p, "page ", 5) == 0) {
            strbuf_append(&out, p, n);
            keep = 0;
        } else if (keep) {
            strbuf_append(&out, p, n);
        } else if (strncmp(p, "text ", 5) == 0) {
            char *line = xstrndup(p, n);
            keep = strstr(line, "page 1 of 2\"") != NULL || strstr(line, "page 2 of 2\"") != NULL;
            free(line);
        }
        p += n;
    }
    return strbuf_detach(&out);
}

static void compare_golden(const char *name, const char *text)
{
    struct strbuf path = STRBUF_INIT, err = STRBUF_INIT;
    strbuf_printf(&path, DIR "%s.trace", name);
    if (!test_golden_update(strbuf_cstr(&path), text)) {
        char *want = NULL;
        size_t len;
        if (readfile(strbuf_cstr(&path), (size_t)1 << 26, &want, &len, &err) != 0)
            fail_msg("%s (make golden-update writes it)", strbuf_cstr(&err));
        if (strcmp(want, text) != 0) {
            /* Name the first line that differs. */
            int line = 1;
            const char *a = want, *b = text;
            while (*a && *a == *b) {
                line += *a == '\n';
                a++, b++;
            }
            fail_msg("%s differs from the drawing at line %d", strbuf_cstr(&path), line);
        }
        free(want);
    }
    strbuf_free(&path);
    strbuf_free(&err);
}

struct golden_case {
    const char *name, *log;
    int until, mark, grey;
    const char *paper;
};

static void test_golden(void **state)
{
    (void)state;
    static const struct golden_case cases[] = {
        {"solo", "solo.xii", 0, 0, 0, "a4"},
        {"two", "two.xii", 0, 0, 0, "a4"},
        {"two-round-5", "two.xii", 5, 0, 0, "a4"},
        {"five-letter-grey", "five.xii", 0, 0, 1, "letter"},
        {"mismatch-mark", "mismatch.xii", 0, 1, 0, "a4"},
        {"mismatch-mark-grey", "mismatch.xii", 0, 1, 1, "a4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct golden_case *gc = &cases[i];
        struct game g;
        game_load(&g, gc->log, gc->until);
        struct filled_sheet_input in = game_input(&g, gc->log, gc->mark, gc->grey, gc->paper);
        char *t = render_trace(&in);
        /* Two pages per player, in seat order. */
        size_t pages = 0;
        for (const char *p = t; (p = strstr(p, "page-end")) != NULL; p++)
            pages++;
        assert_int_equal(pages, 2 * (size_t)g.r->state.cfg.nplayers);
        char *w = writing_only(t);
        compare_golden(gc->name, w);
        free(w);
        free(t);
        game_free(&g);
    }
}

/* ---- hand-written texts read back from a trace ---- */

struct hand {
    int page;
    double x, y, size;      /* anchor as drawn (translation included) */
    int align;              /* 0 left, 1 centre, 2 right */
    char text[64];
    char colour[8];
};

/* Every text in the hand font, with the translation in force (hand_text translates, rotates
 * by a hair and draws at 0 0). Returns the count; *out is allocated. */
static size_t hand_texts(const char *trace, struct hand **out)
{
    size_t n = 0, cap = 64;
    struct hand *h = xmalloc(cap * sizeof *h);
    double tx = 0, ty = 0;
    int page = -1;
    for (const char *p = trace; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        double a, b;
        if (strncmp(p, "page ", 5) == 0)
            page++;
        else if (sscanf(p, "translate %lf %lf", &a, &b) == 2)
            tx = a, ty = b;
        else if (strncmp(p, "restore", 7) == 0)
            tx = ty = 0;
        else if (strncmp(p, "text hand ", 10) == 0) {
            struct hand x = {0};
            char align[8];
            double size, px, py;
            if (sscanf(p, "text hand %lf #%6s %lf %lf %7s \"%63[^\"]\"", &size, x.colour, &px, &py,
                       align, x.text) == 6) {
                x.page = page;
                x.size = size;
                x.x = tx + px;
                x.y = ty + py;
                x.align = strcmp(align, "left") == 0 ? 0 : strcmp(align, "center") == 0 ? 1 : 2;
                if (n == cap) {
                    cap *= 2;
                    h = xrealloc(h, cap * sizeof *h);
                }
                h[n++] = x;
            }
        }
        p += len;
    }
    *out = h;
    return n;
}

/* A one-player game with `n` food values written one after the other (1, 2, 3 ...). */
static char *long_history_trace(int n, struct game_state *s, struct townsheet_geom *geom)
{
    struct game_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nplayers = 1;
    snprintf(cfg.names[0], sizeof cfg.names[0], "Ann");
    cfg.difficulty = GD.default_difficulty;
    for (int r = 0; r <= GD_ROUNDS; r++)
        cfg.events[r] = -1;
    cfg.objective = 0;
    struct history h = HISTORY_INIT;
    struct refusal why;
    if (engine_new_game(s, &GD, &cfg, &h, &why) != 0)
        fail_msg("engine_new_game: %s", rule_id_text(why.rule));
    int old = 0;
    for (int i = 1; i <= n; i++) {
        struct hist_rec r = {(unsigned char)(1 + (i - 1) * GD_ROUNDS / (n + 1)), 0, HIST_ASSET,
                             CAUSE_DIE, A_FOOD, 3, 0, 0, (short)old, (short)(i % 30 + 1)};
        history_push(&h, r);
        old = i % 30 + 1;
    }
    s->p[0].asset[A_FOOD] = old;
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = &GD;
    in.state = s;
    in.history = &h;
    in.paper = "a4";
    char *t = render_trace(&in);
    history_free(&h);
    /* The cells, from the blank sheet. */
    struct canvas *c = test_trace_canvas(0);
    struct townsheet_options o;
    townsheet_options_init(&o, &GD, layout_paper_find("a4"), 0);
    struct strbuf err = STRBUF_INIT;
    memset(geom, 0, sizeof *geom);
    assert_int_equal(townsheet_draw_page(c, &o, NULL, 0, geom, &err), 0);
    canvas_discard(c);
    strbuf_free(&err);
    return t;
}

/* Long histories stay legible: every value inside one cell of its row, at least 5 pt, the
 * current value last and alone at full size; two per cell, then the oldest folded. */
static void test_long_history(void **state)
{
    (void)state;
    static const int lengths[] = {1, 10, 23, 30, 45, 46, 80, 300};
    struct canvas *m = test_trace_canvas(0);
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        int n = lengths[k];
        struct game_state s;
        struct townsheet_geom *g = xmalloc(sizeof *g);
        char *t = long_history_trace(n, &s, g);
        struct hand *h;
        size_t nh = hand_texts(t, &h);
        const struct box *cells = g->asset_cell[A_FOOD];
        int ncells = g->nasset_cells[A_FOOD];
        int in_row = 0, folded = 0, per_cell[TOWNSHEET_MAX_CELLS] = {0};
        const struct hand *last = NULL;
        for (size_t i = 0; i < nh; i++) {
            if (h[i].page != 0 || h[i].y < cells[0].y || h[i].y > cells[0].y + cells[0].h + 1)
                continue;
            double w = canvas_text_width(m, FONT_HAND, h[i].size, h[i].text);
            double x0 = h[i].align == 1 ? h[i].x - w / 2 : h[i].align == 2 ? h[i].x - w : h[i].x;
            int cell = -1;
            for (int j = 1; j < ncells; j++)
                if (x0 >= cells[j].x - 0.5 && x0 + w <= cells[j].x + cells[j].w + 0.5)
                    cell = j;
            if (cell < 0)
                fail_msg("%d values: '%s' at %.1f..%.1f is in no cell", n, h[i].text, x0, x0 + w);
            assert_true(h[i].size >= 5);
            per_cell[cell]++;
            in_row++;
            folded += strcmp(h[i].text, "...") == 0;
            last = &h[i];
        }
        int slots = ncells - 1;
        assert_non_null(last);
        char want[16];
        snprintf(want, sizeof want, "%d", s.p[0].asset[A_FOOD]);
        assert_string_equal(last->text, want);
        for (int j = 1; j < ncells; j++)
            assert_true(per_cell[j] <= 2);
        if (n <= slots) {
            assert_int_equal(in_row, n);
            assert_int_equal(folded, 0);
            if (last->size < 8)
                fail_msg("%d values: the current one '%s' is written at %.2f pt", n, last->text,
                         last->size);
        } else if (n - 1 <= 2 * (slots - 1)) {
            assert_int_equal(in_row, n);
            assert_int_equal(folded, 0);
            assert_int_equal(per_cell[slots], 1);
        } else {
            assert_int_equal(folded, 1);
            assert_int_equal(per_cell[slots], 1);
            /* Every cell used: one "...", pairs, the current value. */
            assert_int_equal(in_row, 1 + 2 * (slots - 2) + 1);
        }
        free(h);
        free(t);
        free(g);
    }
    canvas_discard(m);
}

/* The strings of every text call, joined by sep (small capitals come in pieces: join them by
 * ""; wrapped lines: by " "). */
static char *all_text(const char *trace, const char *sep)
{
    struct strbuf sb = STRBUF_INIT;
    for (const char *p = trace; (p = strstr(p, "\ntext ")) != NULL;) {
        p++;
        const char *q = strchr(p, '"'), *nl = strchr(p, '\n');
        if (q && nl && q < nl) {
            const char *e = nl;
            while (e > q && *e != '"')
                e--;
            if (sb.len)
                strbuf_puts(&sb, sep);
            strbuf_append(&sb, q + 1, (size_t)(e - q - 1));
        }
        p = nl ? nl : p + strlen(p);
    }
    return strbuf_detach(&sb);
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* The error notice on each player's first page only; the marks and their legend only with
 * mark; grey marks are dashed rings in black. */
static void test_notice_and_marks(void **state)
{
    (void)state;
    struct game g;
    game_load(&g, "mismatch.xii", 0);
    assert_int_equal(g.dl.errors, 1);
    assert_int_equal(g.r->nmismatches, 7);
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 0, 0, "a4");
    char *t = render_trace(&in);
    assert_int_equal(count(t, "Line 136 was refused and is not drawn (see the audit report)."), 2);
    /* Each notice before its page's end, and only on first pages. */
    const char *p1 = strstr(t, "Line 136 was refused");
    const char *end1 = strstr(t, "page-end");
    assert_true(p1 < end1);
    assert_int_equal(count(t, "differ from the rules"), 0);
    assert_int_equal(count(t, "#d0201a"), 2);      /* the notices' red */
    free(t);

    in.mark = 1;
    t = render_trace(&in);
    char *text = all_text(t, " ");
    /* Page 1 of Tom: farms and supply; page 2 of Jack: score, pow; of Tom: reputation, people. */
    assert_int_equal(count(text, "line 59: farms 9 on the sheet, 10 by the rules"), 1);
    assert_int_equal(count(text, "line 173: supply 21 on the sheet, 23 by the rules"), 1);
    assert_int_equal(count(text, "line 170: score 40 on the sheet, 36 by the rules"), 1);
    assert_int_equal(count(text, "line 171: pow 3 on the sheet, 1 by the rules"), 1);
    assert_int_equal(count(text, "line 171: quarry 6 on the sheet, 5 by the rules"), 1);
    assert_int_equal(count(text, "line 173: reputation 8 on the sheet, 9 by the rules"), 1);
    assert_int_equal(count(text, "line 174: people blacksmith prior on the sheet, blacksmith by the rules"), 1);
    /* The claimed values are written and circled; the right ones in red beside them. */
    assert_true(count(t, "text hand 11.50 #1b2440 0.00 0.00 center \"21\"") >= 1 ||
                count(t, "#1b2440 0.00 0.00 center \"21\"") >= 1);
    assert_true(count(t, "#d0201a 0.00 0.00 center \"23\"") >= 1);
    assert_true(count(t, "#d0201a 0.00 0.00 center \"10\"") >= 1);
    assert_true(count(t, "stroke #d0201a 1.00") >= 6);
    free(text);
    free(t);

    in.grey = 1;
    t = render_trace(&in);
    assert_int_equal(count(t, "#d0201a"), 0);
    assert_int_equal(count(t, "#1b2440"), 0);
    assert_true(count(t, "stroke #000000 1.60") >= 6);
    assert_true(count(t, "dash 2.20 1.20") >= 6);
    free(t);
    game_free(&g);
}

/* Page `page` (from 0) of a trace, as a copy. */
static char *trace_page(const char *trace, int page)
{
    const char *p = trace;
    for (int k = 0; k < page; k++) {
        p = strstr(p, "\npage-end");
        assert_non_null(p);
        p += 9;
    }
    const char *e = strstr(p, "\npage-end");
    assert_non_null(e);
    return xstrndup(p, (size_t)(e - p) + 1);    /* with its last line's newline */
}

/* The text of the notice on the first page of a trace (its one bold text call), or "". */
static char *notice_of(const char *trace)
{
    const char *p = strstr(trace, "text sans-bold ");
    const char *end = strstr(trace, "page-end");
    struct strbuf sb = STRBUF_INIT;
    /* A notice may wrap: every bold red line before the page's end, joined by spaces. */
    for (; p && p < end; p = strstr(p + 1, "text sans-bold ")) {
        const char *nl = strchr(p, '\n');
        if (!nl || !strstr(p, "#d0201a") || strstr(p, "#d0201a") > nl)
            continue;
        const char *q = strchr(p, '"'), *e = nl;
        while (e > q && *e != '"')
            e--;
        if (sb.len)
            strbuf_putc(&sb, ' ');
        strbuf_append(&sb, q + 1, (size_t)(e - q - 1));
    }
    return strbuf_detach(&sb);
}

/* The notice names the refused lines, as runs, with "and" before the last; when they are too
 * many for its line, the first runs and how many other lines, exactly; after too many errors
 * it says the audit stopped. No text of the page is ever cut with an ellipsis. */
static void test_notice_names_lines(void **state)
{
    (void)state;
    struct game g;
    game_load_with(&g, "mismatch.xii", 0, "turn Bob 1 2\n#\nturn Bob 1 2\nturn Bob 1 2\n");
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    char *t = render_trace(&in);
    char *notice = notice_of(t);
    assert_string_equal(notice, "Lines 136, 175 and 177-178 were refused and are not drawn "
                                "(see the audit report).");
    free(notice);
    free(t);
    game_free(&g);

    /* 45 lines apart from each other, and line 136: too many for one line above a legend. */
    struct strbuf lines = STRBUF_INIT;
    for (int k = 0; k < 45; k++)
        strbuf_puts(&lines, "turn Bob 1 2\n#\n");
    game_load_with(&g, "mismatch.xii", 0, strbuf_cstr(&lines));
    assert_int_equal(g.r->nskipped, 46);
    for (int mark = 0; mark < 2; mark++) {
        in = game_input(&g, "mismatch.xii", mark, 0, "a4");
        t = render_trace(&in);
        notice = notice_of(t);
        const char *other = strstr(notice, " and ");
        assert_non_null(other);
        long rest = strtol(other + 5, NULL, 10);
        assert_non_null(strstr(other, " other lines were refused and are not drawn (see the audit report)."));
        size_t named = count(notice, ", ") + 1;
        assert_int_equal(named + (size_t)rest, 46);
        assert_true(strncmp(notice, "Lines 136, 175, 177, ", 21) == 0);
        /* Above the legend, one line of text; alone, more of them are named. */
        char *page = trace_page(t, 0);
        size_t bold = 0;
        for (const char *p = page; (p = strstr(p, "text sans-bold ")) != NULL; p++)
            bold += strstr(p, "#d0201a") != NULL && strstr(p, "#d0201a") < strchr(p, '\n');
        assert_true(mark ? bold == 1 : named > 20);
        assert_int_equal(count(t, "\xe2\x80\xa6"), 0);
        free(page);
        free(notice);
        free(t);
    }
    game_free(&g);

    /* Too many errors: the audit stopped. */
    strbuf_reset(&lines);
    for (int k = 0; k < 60; k++)
        strbuf_puts(&lines, "turn Bob 1 2\n");
    game_load_with(&g, "mismatch.xii", 0, strbuf_cstr(&lines));
    assert_true(g.r->stopped);
    in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    t = render_trace(&in);
    notice = notice_of(t);
    assert_string_equal(notice, "Lines 136 and 175-223 were refused and are not drawn; then the "
                                "audit stopped at too many errors (see the report).");
    assert_int_equal(count(t, "\xe2\x80\xa6"), 0);
    free(notice);
    free(t);
    game_free(&g);
    strbuf_free(&lines);

    /* Errors that refused no line (a check's unknown item): counted. */
    game_load_with(&g, "two.xii", 0, "check Jack quary 3 population 10\n");
    assert_int_equal(g.dl.errors, 1);
    assert_int_equal(g.r->nskipped, 0);
    in = game_input(&g, "two.xii", 0, 0, "a4");
    t = render_trace(&in);
    notice = notice_of(t);
    assert_string_equal(notice, "The log has 1 error (see the audit report); none of its lines was refused.");
    free(notice);
    free(t);
    game_free(&g);
}

/* In a box with a mark, the claimed value comes first, circled, and the rules' value beside it
 * on its right, in red: the score box at the top of page 2 and the total of the sum, as in
 * the rows of values. */
static void test_claim_then_right(void **state)
{
    (void)state;
    struct game g;
    game_load(&g, "mismatch.xii", 0);
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    char *t = render_trace(&in);
    char *page = trace_page(t, 1);  /* Jack's second page: score 40 claimed, 36 by the rules */
    struct hand *h;
    size_t nh = hand_texts(page, &h);
    int pairs = 0;
    for (size_t i = 0; i < nh; i++) {
        if (strcmp(h[i].text, "40") != 0)
            continue;
        assert_string_equal(h[i].colour, "1b2440");
        /* The right value on the same line, to its right, in red. */
        int found = 0;
        for (size_t j = 0; j < nh; j++)
            if (strcmp(h[j].text, "36") == 0 && fabs(h[j].y - h[i].y) < 3) {
                assert_string_equal(h[j].colour, "d0201a");
                assert_true(h[j].x > h[i].x);
                found = 1;
            }
        assert_true(found);
        pairs++;
    }
    assert_int_equal(pairs, 2);
    free(h);
    free(page);
    /* Rows of values (Tom's farms: 9 claimed, 10 by the rules): the same order. */
    page = trace_page(t, 2);
    nh = hand_texts(page, &h);
    double x9 = -1, x10 = -1;
    for (size_t i = 0; i < nh; i++) {
        if (strcmp(h[i].text, "10") != 0 || strcmp(h[i].colour, "d0201a") != 0)
            continue;
        x10 = h[i].x;
        for (size_t j = 0; j < nh; j++)
            if (strcmp(h[j].text, "9") == 0 && fabs(h[j].y - h[i].y) < 3 && fabs(h[j].x - h[i].x) < 30)
                x9 = h[j].x;
    }
    assert_true(x9 > 0 && x10 > x9);
    free(h);
    free(page);
    free(t);
    game_free(&g);
}

/* The second page's list takes a smaller size before it leaves entries out: six mismatches
 * fit whole in the notes card (at the largest size, only three did). */
static void test_page2_list_shrinks(void **state)
{
    (void)state;
    struct game g;
    game_load_with(&g, "mismatch.xii", 0, "check Jack pow 10\ncheck Jack pow 11\ncheck Jack pow 12\ncheck Jack pow 13\n");
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    char *t = render_trace(&in);
    char *page = trace_page(t, 1);
    char *text = all_text(page, " ");
    assert_int_equal(count(text, "on the sheet,"), 6);
    for (int k = 10; k <= 13; k++) {
        char want[64];
        snprintf(want, sizeof want, "pow %d on the sheet, 1 by the rules", k);
        assert_int_equal(count(text, want), 1);
    }
    assert_int_equal(count(text, "more (see the report)"), 0);
    assert_int_equal(count(page, "\xe2\x80\xa6"), 0);
    free(text);
    free(page);
    free(t);
    game_free(&g);
}

/* A claim of nine people where Jack has two: the seven wrong boxes are ringed on his second
 * page and the legend names all nine (the mismatch used to reach the sheet as 64 bytes of text,
 * read back: four rings, a legend cut after "bishop"). */
static void test_nine_people(void **state)
{
    (void)state;
    static const char *const nine[] = {"master-builder", "blacksmith", "wealthy-merchant",
                                       "butcher", "prior", "bishop", "army-chief", "war-hero",
                                       "earl"};
    struct game g;
    game_load_with(&g, "mismatch.xii", 60,
                   "check Jack people master-builder blacksmith wealthy-merchant butcher prior "
                   "bishop army-chief war-hero earl\n");
    const struct mismatch *m = NULL;
    for (size_t k = 0; k < g.r->nmismatches; k++)
        if (g.r->mismatches[k].line == 61)
            m = &g.r->mismatches[k];
    assert_non_null(m);
    assert_int_equal(m->claim.kind, CLAIM_PEOPLE);
    assert_int_equal(m->nsheet, 9);
    assert_int_equal(m->nrules, 2);
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    in.mismatches = m;      /* this one alone: its rings are the only red strokes of the page */
    in.nmismatches = 1;
    char *t = render_trace(&in);
    char *page = trace_page(t, 1);
    assert_int_equal(count(page, "stroke #d0201a 1.00"), 7);
    char *text = all_text(page, "");
    assert_int_equal(count(text, "line 61: people "), 1);
    for (size_t k = 0; k < sizeof nine / sizeof nine[0]; k++)
        if (!strstr(text, nine[k]))
            fail_msg("the legend does not name %s: %s", nine[k], text);
    assert_int_equal(count(text, "more (see the report)"), 0);
    free(text);
    free(page);
    free(t);
    /* Among the game's other mismatches, the same seven rings and the score's two (the
     * claimed total in the score box and in the sum). */
    in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    t = render_trace(&in);
    page = trace_page(t, 1);
    assert_int_equal(count(page, "stroke #d0201a 1.00"), 9);
    free(page);
    free(t);
    game_free(&g);
}

/* The number N of "and N more (see the report)" in text, or -1. */
static long more_count(const char *text)
{
    const char *p = strstr(text, " more (see the report)");
    if (!p)
        return -1;
    while (p > text && p[-1] >= '0' && p[-1] <= '9')
        p--;
    return strncmp(p - 4, "and ", 4) == 0 ? strtol(p, NULL, 10) : -1;
}

/* More mismatches than a card holds: each legend lists what fits, then "and N more (see the
 * report)", N counting the others exactly. */
static void test_legend_full(void **state)
{
    (void)state;
    struct strbuf lines = STRBUF_INIT;
    for (int k = 0; k < 40; k++)
        strbuf_printf(&lines, "check Jack food %d, pow %d\n", 100 + k, 100 + k);
    struct game g;
    game_load_with(&g, "mismatch.xii", 0, strbuf_cstr(&lines));
    struct filled_sheet_input in = game_input(&g, "mismatch.xii", 1, 0, "a4");
    char *t = render_trace(&in);
    for (int pg = 0; pg < 2; pg++) {
        char *page = trace_page(t, pg);
        char *text = all_text(page, " ");
        long more = more_count(text);
        size_t shown = count(text, pg == 0 ? ": food 1" : ": pow 1");
        if (more <= 0)
            fail_msg("page %d: no \"and N more\": %s", pg + 1, text);
        /* Jack's mismatches of this page: assets and influence on the first. */
        size_t total = 0;
        for (size_t k = 0; k < g.r->nmismatches; k++) {
            const struct mismatch *m = &g.r->mismatches[k];
            int first = m->claim.kind == CLAIM_ASSET || m->claim.kind == CLAIM_INFLUENCE;
            total += m->player == 0 && first == (pg == 0);
        }
        assert_true(total > 40);
        assert_int_equal((size_t)more + count(text, "on the sheet,"), total);
        assert_true(shown < 40);
        assert_true(pg == 0 || shown > 0);     /* the second page's card lists several */
        free(text);
        free(page);
    }
    free(t);
    strbuf_free(&lines);
    game_free(&g);
}

/* A claim on a value the game never changed: the claim is circled in the first cell, the
 * printed 0 (still the right value) stays unstruck. */
static void test_claim_on_start_value(void **state)
{
    (void)state;
    struct game g;
    game_load(&g, "two.xii", 0);
    assert_int_equal(g.r->state.p[0].asset[A_KNIGHTS], 0);
    int sheet = 2, rules = 0;
    struct mismatch m;
    memset(&m, 0, sizeof m);
    m.player = 0;
    m.line = 999;
    m.round = 10;
    m.claim.kind = CLAIM_ASSET;
    m.claim.index = A_KNIGHTS;
    m.sheet = &sheet;
    m.rules = &rules;
    m.nsheet = m.nrules = 1;
    struct filled_sheet_input in = game_input(&g, "two.xii", 1, 0, "a4");
    in.mismatches = &m;
    in.nmismatches = 1;
    char *t = render_trace(&in);
    struct townsheet_geom *geom = xmalloc(sizeof *geom);
    memset(geom, 0, sizeof *geom);
    struct canvas *c = test_trace_canvas(0);
    struct townsheet_options o;
    townsheet_options_init(&o, &GD, layout_paper_find("a4"), 0);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(townsheet_draw_page(c, &o, NULL, 0, geom, &err), 0);
    canvas_discard(c);
    const struct box *cells = geom->asset_cell[A_KNIGHTS];
    /* Only Jack's first page: up to its end. */
    char *end = strstr(t, "page-end");
    assert_non_null(end);
    *end = 0;
    struct hand *h;
    size_t nh = hand_texts(t, &h);
    int claim = 0;
    for (size_t i = 0; i < nh; i++)
        if (h[i].y > cells[0].y && h[i].y < cells[0].y + cells[0].h) {
            assert_string_equal(h[i].text, "2");
            assert_true(h[i].x > cells[1].x && h[i].x < cells[1].x + cells[1].w);
            claim++;
        }
    assert_int_equal(claim, 1);
    /* No stroke starts in the printed 0's cell. */
    for (const char *p = t; (p = strstr(p, "\nmove ")) != NULL; p++) {
        double x, y;
        assert_int_equal(sscanf(p + 6, "%lf %lf", &x, &y), 2);
        assert_false(x > cells[0].x - 2 && x < cells[0].x + cells[0].w && y > cells[0].y &&
                     y < cells[0].y + cells[0].h);
    }
    assert_true(count(t, "line 999: knights 2 on the sheet, 0 by the rules") == 1 ||
                count(t, "line 999: knights 2") == 1);
    free(h);
    free(geom);
    strbuf_free(&err);
    free(t);
    game_free(&g);
}

/* Names in the handwriting font when it has their letters (Latin-1), else in the italic serif,
 * never as empty boxes. */
static void test_name_fonts(void **state)
{
    (void)state;
    static const char log[] = "players \"Zo\xc3\xab\" \"\xc5\x81ukasz\"\n"
                              "town \"Zo\xc3\xab\" \"Ch\xc3\xa2teau\"\n"
                              "town \"\xc5\x81ukasz\" \"Krak\xc3\xb3w\"\n";
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(log, sizeof log - 1, "names.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    assert_true(r->started);
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = &GD;
    in.state = &r->state;
    in.history = &r->history;
    in.paper = "a4";
    char *t = render_trace(&in);
    assert_int_equal(count(t, "text hand 12.00 #1b2440 0.00 0.00 left \"Zo\xc3\xab\""), 1);
    assert_int_equal(count(t, "#1b2440 0.00 0.00 left \"Ch\xc3\xa2teau\""), 1);
    assert_int_equal(count(t, "text hand 22.00 #1b2440 0.00 0.00 left \"Ch\xc3\xa2teau\""), 1);
    assert_int_equal(count(t, "text serif-italic 12.00 #1b2440 0.00 0.00 left \"\xc5\x81ukasz\""), 1);
    assert_int_equal(count(t, "text hand 22.00 #1b2440 0.00 0.00 left \"Krak\xc3\xb3w\""), 1);
    free(t);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
}

/* --until-round: the rounds crossed so far, no score yet, the note says which round. */
static void test_until_round(void **state)
{
    (void)state;
    struct game g;
    game_load(&g, "two.xii", 5);
    assert_int_equal(g.r->state.round, 5);
    struct filled_sheet_input in = game_input(&g, "two.xii", 0, 0, "a4");
    char *t = render_trace(&in);
    char *text = all_text(t, "");
    assert_int_equal(count(text, "AFTER ROUND 5"), 2);
    assert_int_equal(count(text, "FINAL SCORE"), 2);  /* the printed label only */
    assert_int_equal(count(t, "\"total\""), 0);
    free(text);
    free(t);
    game_free(&g);
    game_load(&g, "two.xii", 0);
    in = game_input(&g, "two.xii", 0, 0, "a4");
    t = render_trace(&in);
    assert_int_equal(count(t, "\"total\""), 2);
    /* Jack's score: in the box, and under the sum. */
    assert_int_equal(count(t, "text hand 14.00 #1b2440 0.00 0.00 center \"36\""), 1);
    assert_int_equal(count(t, "text hand 12.00 #1b2440 0.00 0.00 center \"36\""), 1);
    free(t);
    game_free(&g);
}

static void test_bad_paper(void **state)
{
    (void)state;
    struct game g;
    game_load(&g, "solo.xii", 0);
    struct filled_sheet_input in = game_input(&g, "solo.xii", 0, 0, "a5");
    struct canvas *c = test_trace_canvas(0);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(filled_sheet_draw(c, &in, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "a5"));
    assert_string_equal(canvas_trace(c), "");
    canvas_discard(c);
    strbuf_free(&err);
    game_free(&g);
}

/* ---- the PDF ---- */

static int have_tool(const char *name)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

/* The standard output of a command (at most 64 KiB). */
static char *run(const char *cmd)
{
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    struct strbuf sb = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_append(&sb, buf, n);
    pclose(f);
    return strbuf_detach(&sb);
}

static void write_pdf(const struct filled_sheet_input *in, enum canvas_backend backend,
                      const char *path)
{
    struct canvas_options opt = {.backend = backend, .grey = in->grey, .path = path,
                                 .title = "filled", .creator = "test"};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&opt, &err);
    if (!c)
        fail_msg("canvas_new: %s", strbuf_cstr(&err));
    assert_int_equal(filled_sheet_draw(c, in, &err), 0);
    if (canvas_finish(c, &err) != 0)
        fail_msg("canvas_finish: %s", strbuf_cstr(&err));
    strbuf_free(&err);
}

/* qpdf finds nothing wrong, every font is embedded. */
static void check_pdf(const char *path)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "qpdf --check '%s' 2>&1", path);
    char *out = run(cmd);
    if (!strstr(out, "No syntax or stream encoding errors found"))
        fail_msg("qpdf --check %s:\n%s", path, out);
    free(out);
    /* (libharu's ToUnicode maps draw warnings from poppler on every sheet: not a font matter.) */
    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null", path);
    out = run(cmd);
    /* The "emb" column of every font says yes. */
    const char *head = strstr(out, "emb");
    assert_non_null(head);
    size_t col = (size_t)(head - out);
    const char *line = strchr(out, '\n');
    assert_non_null(line);
    line = strchr(line + 1, '\n');   /* the dashes */
    int fonts = 0;
    while (line && line[1]) {
        line++;
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len < col + 3 || strncmp(line + col, "yes", 3) != 0)
            fail_msg("a font is not embedded in %s:\n%s", path, out);
        fonts++;
        line = nl;
    }
    assert_true(fonts >= 5);
    free(out);
}

/* The PDF of the five-player game: clean, fonts embedded, and on each player's first page the
 * last value written in every asset's row is that asset's final amount. */
static void test_pdf(void **state)
{
    (void)state;
    if (!have_tool("qpdf") || !have_tool("pdffonts") || !have_tool("pdftotext"))
        skip();
    char dir[] = "/tmp/xii-filled-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], hpath[128];
    snprintf(path, sizeof path, "%s/five.pdf", dir);
    snprintf(hpath, sizeof hpath, "%s/mismatch-haru.pdf", dir);
    struct game g;
    game_load(&g, "five.xii", 0);
    struct filled_sheet_input in = game_input(&g, "five.xii", 0, 0, "a4");
    write_pdf(&in, CANVAS_CAIRO, path);
    check_pdf(path);
    /* The cells, from the blank sheet (pdftotext crops in points at -r 72). */
    struct townsheet_geom *geom = xmalloc(sizeof *geom);
    memset(geom, 0, sizeof *geom);
    struct canvas *c = test_trace_canvas(0);
    struct townsheet_options o;
    townsheet_options_init(&o, &GD, layout_paper_find("a4"), 0);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(townsheet_draw_page(c, &o, NULL, 0, geom, &err), 0);
    canvas_discard(c);
    for (int p = 0; p < g.r->state.cfg.nplayers; p++) {
        for (int a = 0; a < ASSET_COUNT; a++) {
            const struct box *cells = geom->asset_cell[a];
            int n = geom->nasset_cells[a];
            double x0 = cells[1].x, x1 = cells[n - 1].x + cells[n - 1].w;
            char cmd[512];
            snprintf(cmd, sizeof cmd,
                     "pdftotext -r 72 -f %d -l %d -x %d -y %d -W %d -H %d '%s' - 2>&1", 2 * p + 1,
                     2 * p + 1, (int)floor(x0), (int)floor(cells[0].y), (int)ceil(x1 - x0),
                     (int)ceil(cells[0].h), path);
            char *out = run(cmd);
            /* The last word of the row. */
            char last[64] = "";
            for (char *tok = strtok(out, " \n\f\t"); tok; tok = strtok(NULL, " \n\f\t"))
                snprintf(last, sizeof last, "%s", tok);
            int want = g.r->state.p[p].asset[a];
            char buf[16];
            snprintf(buf, sizeof buf, "%d", want);
            if (want == 0 && last[0] == 0)
                strcpy(buf, "");
            if (strcmp(last, buf) != 0)
                fail_msg("player %d, %s: the row ends with '%s', the final amount is %d", p,
                         GD.assets[a].id, last, want);
            free(out);
        }
    }
    free(geom);
    strbuf_free(&err);
    game_free(&g);
    /* libharu, with marks, in grey. */
    game_load(&g, "mismatch.xii", 0);
    in = game_input(&g, "mismatch.xii", 1, 1, "letter");
    write_pdf(&in, CANVAS_HARU, hpath);
    check_pdf(hpath);
    game_free(&g);
    unlink(path);
    unlink(hpath);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden),
        cmocka_unit_test(test_long_history),
        cmocka_unit_test(test_notice_and_marks),
        cmocka_unit_test(test_nine_people),
        cmocka_unit_test(test_notice_names_lines),
        cmocka_unit_test(test_claim_then_right),
        cmocka_unit_test(test_page2_list_shrinks),
        cmocka_unit_test(test_legend_full),
        cmocka_unit_test(test_claim_on_start_value),
        cmocka_unit_test(test_name_fonts),
        cmocka_unit_test(test_until_round),
        cmocka_unit_test(test_bad_paper),
        cmocka_unit_test(test_pdf),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
