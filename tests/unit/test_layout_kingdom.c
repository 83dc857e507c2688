/* The kingdom's sheet through the trace backend. Blank, on A4 and Letter, in colour and grey:
 * the hexes' side within the spec's 9-10 mm and the map about 13 x 14.5 cm, every hex's code
 * once and inside its hex, the six region numbers outside every hex, every text at least
 * 6.5 pt, inside the printable area and overlapping no other, the write-in places inside the
 * area and apart, a ledger row for each of the data's years and a box for each graveyard. Filled with the spec's example game (its first two
 * years, then a made-up third with a disaster and a starvation): each mark written in its
 * hex, lost buildings struck out, the river's line from its first hex off the map, the boxes
 * and the ledger in the pen's hand; the drawing kept as a golden trace
 * (tests/golden/filled/kingdom-example.trace, which test_layout_invariants checks too).
 * Also writes the filled example as kingdom-filled-example.pdf beside this program (e.g.
 * out/tests/) for a person to look at.
 * Run from the repository root. UPDATE=1 (make golden-update) rewrites the golden trace. */
#include "test.h"
#include "test_util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/readfile.h"
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "kingdom/data.h"
#include "kingdom/map.h"
#include "layout/kingdom_sheet.h"

#define MM (72.0 / 25.4)
#define GOLDEN "tests/golden/filled/kingdom-example.trace"

static const char *program;
static struct kdata data;       /* the built-in game data */
static const struct kdata *sheet_data = &data;  /* the data the next page is drawn with */

/* A text of the trace: where its ink runs (from the ascent to the descent) and its anchor, with
 * the translation of a pen's text applied (the pen's small rotation is left out). */
struct ktext {
    double x0, y0, x1, y1, ax, ay, size;
    char font[24], str[64];
    int moved;      /* drawn after a translate (the pen) */
};

struct ktrace {
    struct ktext *t;
    size_t n, cap;
    double page_w, page_h;
};

static enum canvas_font font_named(const char *name)
{
    for (int f = 0; f < FONT_COUNT; f++)
        if (strcmp(canvas_font_name((enum canvas_font)f), name) == 0)
            return (enum canvas_font)f;
    fail_msg("unknown font in the trace: %s", name);
    return FONT_SANS;
}

/* Reads the texts of a one-page trace. */
static void read_texts(struct canvas *c, const char *trace, struct ktrace *out)
{
    memset(out, 0, sizeof *out);
    double dx = 0, dy = 0;
    int depth = 0, moved_at = -1;
    for (const char *line = trace; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        double a, b;
        if (sscanf(line, "page %lf %lf", &a, &b) == 2) {
            out->page_w = a, out->page_h = b;
        } else if (strncmp(line, "save", 4) == 0) {
            depth++;
        } else if (strncmp(line, "restore", 7) == 0) {
            if (depth == moved_at)
                moved_at = -1, dx = dy = 0;
            depth--;
        } else if (sscanf(line, "translate %lf %lf", &a, &b) == 2 && moved_at < 0) {
            moved_at = depth, dx = a, dy = b;
        } else if (strncmp(line, "text ", 5) == 0) {
            struct ktext t;
            memset(&t, 0, sizeof t);
            char colour[16], align[16];
            double x, y;
            assert_int_equal(sscanf(line, "text %23s %lf %15s %lf %lf %15s", t.font, &t.size,
                                    colour, &x, &y, align), 6);
            const char *q = memchr(line, '"', len);
            assert_non_null(q);
            size_t k = 0;
            for (const char *p = q + 1; p < line + len && *p != '"' && k + 1 < sizeof t.str; p++)
                t.str[k++] = *p == '\\' ? *++p : *p;
            t.str[k] = '\0';
            /* A pen's text is drawn at 0 0 after a translate (and a scaled icon has none). */
            t.moved = moved_at >= 0;
            x += t.moved ? dx : 0, y += t.moved ? dy : 0;
            double w = canvas_text_width(c, font_named(t.font), t.size, t.str);
            double x0 = strcmp(align, "left") == 0 ? x : strcmp(align, "center") == 0 ? x - w / 2 : x - w;
            t.x0 = x0, t.x1 = x0 + w, t.y0 = y - 0.72 * t.size, t.y1 = y + 0.2 * t.size;
            t.ax = x, t.ay = y;
            void *items = out->t;
            xgrow(&items, &out->cap, out->n + 1, sizeof *out->t);
            out->t = items;
            out->t[out->n++] = t;
        }
        line += len + (end ? 1 : 0);
    }
}

static double dist(double x1, double y1, double x2, double y2)
{
    return sqrt((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2));
}

/* The hex whose centre is nearest to (x, y), and that distance. */
static int nearest_hex(const struct kingdom_sheet_geom *g, double x, double y, double *d)
{
    int best = 0;
    *d = INFINITY;
    for (int h = 0; h < KMAP_HEXES; h++) {
        double e = dist(x, y, g->hx[h], g->hy[h]);
        if (e < *d)
            *d = e, best = h;
    }
    return best;
}

static int boxes_overlap(struct box a, struct box b)
{
    return a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 &&
           b.y < a.y + a.h - 0.01;
}

static int box_inside(struct box in, struct box out)
{
    return in.x >= out.x - 0.01 && in.y >= out.y - 0.01 && in.x + in.w <= out.x + out.w + 0.01 &&
           in.y + in.h <= out.y + out.h + 0.01;
}

/* Draws a page; returns the trace (caller frees) and fills geom. */
static char *draw_with(const char *paper, int grey, const struct ksheet_fill *fill,
                       struct kingdom_sheet_geom *geom, int with_icons)
{
    struct canvas *c = test_trace_canvas(grey);
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *icons = with_icons ? icons_load_embedded("kingdom.icons", &dl) : NULL;
    assert_int_equal(dl.count, 0);
    assert_true(!with_icons || icons);
    /* The blank sheet prints these names; a filled one writes its fill's. */
    struct kingdom_sheet_options o = {layout_paper_find(paper), grey, icons, "Ann", "Lowmarch",
                                      NULL, "test", fill, sheet_data};
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(kingdom_sheet_draw(c, &o, geom, &err), 0);
    assert_int_equal(canvas_status(c), 0);
    char *trace = xstrdup(canvas_trace(c));
    strbuf_free(&err);
    icons_free(icons);
    diag_list_free(&dl);
    canvas_discard(c);
    return trace;
}

static char *draw(const char *paper, int grey, const struct ksheet_fill *fill,
                  struct kingdom_sheet_geom *geom)
{
    return draw_with(paper, grey, fill, geom, 1);
}

/* The checks every page passes, blank or filled; returns the number of problems (each
 * printed). */
static int check_page(const char *paper, const char *trace, const struct kingdom_sheet_geom *g)
{
    struct canvas *c = test_trace_canvas(0);
    struct ktrace kt;
    read_texts(c, trace, &kt);
    struct box a = layout_page_area(layout_paper_find(paper));
    double s = g->side;
    int codes[KMAP_HEXES] = {0}, regions[KMAP_REGIONS + 1] = {0};
    int problems = 0;
    /* The map at the spec's size. */
    if (s < 9 * MM - 1e-6 || s > 10 * MM + 1e-6 || 14 * s < 125 * MM || 14 * s > 135 * MM ||
        9 * sqrt(3) * s < 140 * MM || 9 * sqrt(3) * s > 150 * MM)
        problems++, print_error("%s: hexes of %.2f mm\n", paper, s / MM);
    for (size_t i = 0; i < kt.n; i++) {
        const struct ktext *t = &kt.t[i];
        if (t->size < LAYOUT_MIN_TEXT - 1e-9 && strcmp(t->font, "hand") != 0) {
            print_error("%s: \"%s\" at %.2f pt\n", paper, t->str, t->size);
            problems++;
        }
        /* Printed text stays in the printable area (the footer in its line). */
        if (!t->moved && (t->x0 < a.x - 0.5 || t->x1 > a.x + a.w + 0.5 || t->y0 < a.y - 0.5 ||
                          t->y1 > a.y + a.h + LAYOUT_FOOTER_H)) {
            print_error("%s: \"%s\" leaves the printable area\n", paper, t->str);
            problems++;
        }
        double d;
        int h = nearest_hex(g, t->ax, t->ay, &d);
        if (strcmp(t->font, "sans") == 0 && strcmp(t->str, kmap_hex(h)->code) == 0) {
            codes[h]++;
            /* A code stands at the top of its hex, inside it. */
            if (t->x0 < g->hx[h] - s * 0.6 || t->x1 > g->hx[h] + s * 0.6 ||
                t->y0 < g->hy[h] - s * sqrt(3) / 2)
                problems++, print_error("%s: the code %s leaves its hex\n", paper, t->str);
        }
        if (strcmp(t->font, "sans-bold") == 0 && strlen(t->str) == 1 && t->str[0] >= '1' &&
            t->str[0] <= '6' && t->size > 9) {
            regions[t->str[0] - '0']++;
            /* A region's number stands outside every hex. */
            if (d < s * sqrt(3) / 2 + 2)
                problems++, print_error("%s: region %s stands on %s\n", paper, t->str,
                                        kmap_hex(h)->code);
        }
    }
    for (int h = 0; h < KMAP_HEXES; h++)
        if (codes[h] != 1)
            problems++, print_error("%s: the code %s is written %d times\n", paper,
                                    kmap_hex(h)->code, codes[h]);
    for (int r = 1; r <= KMAP_REGIONS; r++)
        if (regions[r] != 1)
            problems++, print_error("%s: region %d is numbered %d times\n", paper, r, regions[r]);
    /* No two printed texts overlap (a pen's text may cross the paper's). */
    for (size_t i = 0; i < kt.n; i++)
        for (size_t j = i + 1; j < kt.n; j++) {
            const struct ktext *p = &kt.t[i], *q = &kt.t[j];
            if (p->moved || q->moved)
                continue;
            if (p->x0 < q->x1 - 0.3 && q->x0 < p->x1 - 0.3 && p->y0 < q->y1 - 0.3 &&
                q->y0 < p->y1 - 0.3)
                problems++, print_error("%s: \"%s\" overlaps \"%s\"\n", paper, p->str, q->str);
        }
    /* The write-in places: inside the area, apart from each other and from the hexes. */
    int years = sheet_data->year_limit, graves = sheet_data->graveyard_limit;
    struct box places[KSHEET_MAX_YEARS * KSHEET_COLUMNS + 16 + KSHEET_MAX_GRAVES];
    int n = 0;
    for (int y = 0; y < years; y++)
        for (int k = 0; k < KSHEET_COLUMNS; k++) {
            if (g->cell[y][k].h < 13 || g->cell[y][k].w < 14)
                problems++, print_error("%s: a ledger cell of %.1f x %.1f pt\n", paper,
                                        g->cell[y][k].w, g->cell[y][k].h);
            places[n++] = g->cell[y][k];
        }
    for (int k = 0; k < KSHEET_RANGES; k++)
        places[n++] = g->range_region[k], places[n++] = g->range_size[k];
    for (int k = 0; k < KSHEET_STAGES; k++)
        places[n++] = g->stage_hex[k];
    for (int k = 0; k < graves; k++)
        places[n++] = g->grave[k];
    places[n++] = g->result;
    places[n++] = g->ruler, places[n++] = g->realm, places[n++] = g->capital;
    for (int i = 0; i < n; i++) {
        if (places[i].w <= 0 || places[i].h <= 0 || !box_inside(places[i], a))
            problems++, print_error("%s: write-in place %d is empty or outside the area\n", paper, i);
        for (int j = i + 1; j < n; j++)
            if (boxes_overlap(places[i], places[j]))
                problems++, print_error("%s: write-in places %d and %d overlap\n", paper, i, j);
        for (int h = 0; h < KMAP_HEXES && i >= years * KSHEET_COLUMNS; h++) {
            struct box hb = {g->hx[h] - s * 0.5, g->hy[h] - s * sqrt(3) / 2, s, s * sqrt(3)};
            if (boxes_overlap(places[i], hb))
                problems++, print_error("%s: write-in place %d covers %s\n", paper, i,
                                        kmap_hex(h)->code);
        }
    }
    /* The ledger reads down the first half of the years, then the rest beside them; no
     * place beyond the data's years and graveyards. */
    int half = (years + 1) / 2;
    if (!(g->cell[1][0].y > g->cell[0][0].y && g->cell[half][0].x > g->cell[half - 1][0].x &&
          g->cell[half][0].y == g->cell[0][0].y))
        problems++, print_error("%s: the ledger's rows are out of order\n", paper);
    for (int y = years; y < KSHEET_MAX_YEARS; y++)
        if (g->cell[y][0].h != 0)
            problems++, print_error("%s: a ledger row for year %d of %d\n", paper, y + 1, years);
    for (int k = graves; k < KSHEET_MAX_GRAVES; k++)
        if (g->grave[k].h != 0)
            problems++, print_error("%s: graveyard box %d of %d\n", paper, k + 1, graves);
    free(kt.t);
    canvas_discard(c);
    return problems;
}

static void test_blank(void **state)
{
    (void)state;
    static const char *const papers[2] = {"a4", "letter"};
    for (int p = 0; p < 2; p++)
        for (int grey = 0; grey < 2; grey++) {
            struct kingdom_sheet_geom g;
            char *trace = draw(papers[p], grey, NULL, &g);
            assert_int_equal(check_page(papers[p], trace, &g), 0);
            /* The tables' numbers and the steps are there. */
            assert_non_null(strstr(trace, "\"+ 12\""));
            assert_non_null(strstr(trace, "\"Hard times\""));
            assert_non_null(strstr(trace, "\"End of the year.\""));
            /* Nothing in the pen's hand on a blank sheet. */
            assert_null(strstr(trace, "text hand"));
            free(trace);
        }
}

/* Every number of the page comes from the game data: changed data changes the texts that
 * say it (the last graveyard box, the years, feeding, trade, the capital, the fate bonuses,
 * hard times, the yields, a dearer farm and a cheaper stage), and the page still passes the
 * checks. */
static void test_numbers_from_data(void **state)
{
    (void)state;
    struct kdata d = data;      /* shares the strings of data; not freed */
    d.year_limit = 15;
    d.graveyard_limit = 2;
    d.feed = 2;
    d.trade_work = 3;
    d.capital_picks_more = 3;
    d.hard_times = 2;
    d.bonus_min = 2;
    d.graveyard_penalty = 2;
    d.yield_best[KB_MINE] = 3;
    d.cost[KB_FARM][KRES_WORK] = 2;
    d.stage_cost[2][KRES_ORE] = 9;
    sheet_data = &d;
    struct kingdom_sheet_geom g;
    char *trace = draw("a4", 0, NULL, &g);
    assert_int_equal(check_page("a4", trace, &g), 0);
    sheet_data = &data;
    static const char *const want[] = {
        "\"the second: lost\"", "\"a realm in fifteen years\"", "\"each eats 2 food\"",
        "\"then: the capital gives 3\"", "\"each total 2 lower this year\"",
        "\"+1 ore per mine (at least 2)\"", "\"2m\"", "\"+ 9\"", "3 work buy 1 food",
        "end of year 15: lost.", "graveyard: 2 less. Capital: 1 of any kind, 3",
        "free mountain. 3 ore",
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
        if (!strstr(trace, want[k]))
            fail_msg("the page with changed data lacks %s", want[k]);
    static const char *const gone[] = {"\"+ 12\"", "the third: lost", "twenty", "each eats 1"};
    for (size_t k = 0; k < sizeof gone / sizeof gone[0]; k++)
        if (strstr(trace, gone[k]))
            fail_msg("the page with changed data still says %s", gone[k]);
    free(trace);
}

/* The ledger has a row for each of the data's years and a box for each of its graveyards;
 * data beyond the page's room is refused with the reason and the most that fit. */
static void test_ledger_from_data(void **state)
{
    (void)state;
    static const struct { const char *paper; int years, graves; } pages[] = {
        {"a4", 15, 4}, {"letter", 15, 4}, {"a4", 21, 1}, {"a4", 26, KSHEET_MAX_GRAVES},
        {"letter", 19, 2},
    };
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        struct kdata d = data;      /* shares the strings of data; not freed */
        d.year_limit = pages[i].years;
        d.graveyard_limit = pages[i].graves;
        sheet_data = &d;
        struct kingdom_sheet_geom g;
        char *trace = draw(pages[i].paper, (int)i % 2, NULL, &g);
        int problems = check_page(pages[i].paper, trace, &g);
        sheet_data = &data;
        assert_int_equal(problems, 0);
        /* The last year numbered in the ledger's first column, none after it. */
        char num[32];
        snprintf(num, sizeof num, " center \"%d\"", d.year_limit);
        assert_non_null(strstr(trace, num));
        snprintf(num, sizeof num, " center \"%d\"", d.year_limit + 1);
        assert_null(strstr(trace, num));
        assert_true(g.cell[d.year_limit - 1][KSHEET_COL_ORE].h >= 13);
        assert_true(g.grave[d.graveyard_limit - 1].w > 10);
        free(trace);
    }
    static const struct { const char *paper; int years, graves; const char *why; } refused[] = {
        {"letter", 21, 3, "not fit on Letter paper with a ledger of 21 years (at most 20 fit)"},
        {"a4", 27, 3, "not fit on A4 paper with a ledger of 27 years (at most 26 fit)"},
        {"a4", KSHEET_MAX_YEARS + 1, 3, "room for 30 years and 5 graveyards"},
        {"a4", 20, KSHEET_MAX_GRAVES + 1, "the game data gives 20 and 6"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        struct kdata d = data;
        d.year_limit = refused[i].years;
        d.graveyard_limit = refused[i].graves;
        struct canvas *c = test_trace_canvas(0);
        struct kingdom_sheet_options o = {layout_paper_find(refused[i].paper), 0, NULL, NULL, NULL,
                                          NULL, NULL, NULL, &d};
        struct strbuf err = STRBUF_INIT;
        assert_int_equal(kingdom_sheet_draw(c, &o, NULL, &err), -1);
        if (!strstr(strbuf_cstr(&err), refused[i].why))
            fail_msg("refused with \"%s\"", strbuf_cstr(&err));
        strbuf_free(&err);
        canvas_discard(c);
    }
}

/* The kingdom's icons: the set holds exactly the ones the sheet draws; without them (they
 * failed to load) the page is still whole, the words saying what the icons would. */
static void test_icons(void **state)
{
    (void)state;
    static const char *const names[] = {"farm", "mine", "village", "mountain", "river",
                                        "graveyard", "monument", "capital", "loaf", "ingot",
                                        "hammer"};
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_embedded("kingdom.icons", &dl);
    assert_non_null(icons);
    assert_int_equal(icons_count(icons), sizeof names / sizeof names[0]);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!icons_has(icons, names[k]))
            fail_msg("kingdom.icons has no %s", names[k]);
    icons_free(icons);
    assert_null(icons_load_embedded("no-such.icons", &dl));
    assert_int_equal(dl.count, 1);
    diag_list_free(&dl);
    struct kingdom_sheet_geom g;
    char *trace = draw_with("a4", 0, NULL, &g, 0);
    assert_int_equal(check_page("a4", trace, &g), 0);
    assert_non_null(strstr(trace, "\"work\""));     /* the costs spell it out */
    free(trace);
}

static int hex(const char *code)
{
    int h = kmap_parse(code, strlen(code));
    assert_int_not_equal(h, KMAP_NO_HEX);
    return h;
}

static void set_row(struct ksheet_row *r, const char *dice, const char *picks, const char *built,
                    const char *traded, const char *lost, const char *food, const char *ore)
{
    snprintf(r->dice, sizeof r->dice, "%s", dice);
    snprintf(r->picks, sizeof r->picks, "%s", picks);
    snprintf(r->built, sizeof r->built, "%s", built);
    snprintf(r->traded, sizeof r->traded, "%s", traded);
    snprintf(r->lost, sizeof r->lost, "%s", lost);
    snprintf(r->food, sizeof r->food, "%s", food);
    snprintf(r->ore, sizeof r->ore, "%s", ore);
}

/* The spec's example game (§8): its setup and years 1-2, as the audit would fill the sheet,
 * then a third year made up here (fate 1 2: the disaster takes the farm on H4, hard times;
 * 2 food for 4 buildings: the village on E7 and the mine on G6 starve). */
static void example(struct ksheet_fill *f)
{
    ksheet_fill_init(f);
    f->ruler = "Ann", f->realm = "Lowmarch";
    f->range_region[0] = 3, f->range_size[0] = 4;
    f->range_region[1] = 5, f->range_size[1] = 2;
    const char *mountains[] = {"F6", "F7", "G6", "G7", "B4", "C4"};
    for (size_t k = 0; k < sizeof mountains / sizeof mountains[0]; k++)
        f->mountain[hex(mountains[k])] = 1;
    const char *river[] = {"G5", "F5", "G4", "H3", "I2"};
    for (int k = 0; k < 5; k++)
        f->river[k] = hex(river[k]);
    f->nriver = 5;
    f->building[hex("G3")] = KSHEET_FARM;
    f->building[hex("F6")] = KSHEET_MINE;
    f->erased[hex("E7")][0] = KSHEET_VILLAGE;
    f->erased[hex("G6")][0] = KSHEET_MINE;
    f->erased[hex("H4")][0] = KSHEET_FARM;
    f->graveyard[0] = hex("E7");
    f->graveyard[1] = hex("G6");
    set_row(&f->row[0], "3 5", "food", "M G6", "1 food", "", "1", "1");
    set_row(&f->row[1], "6 4", "3 5 food", "F H4", "1 food", "", "0", "7");
    set_row(&f->row[2], "1 2", "food", "", "", "D H4 G E7 G G6", "0", "10");
    f->nrows = 3;
}

/* The pen's texts equal to str: how many, and the hex nearest to the last one (-1: none). */
static int pen_text(const struct ktrace *kt, const struct kingdom_sheet_geom *g, const char *str,
                    int *count, double *d)
{
    int h = -1;
    *count = 0;
    for (size_t i = 0; i < kt->n; i++)
        if (kt->t[i].moved && strcmp(kt->t[i].str, str) == 0) {
            (*count)++;
            h = nearest_hex(g, kt->t[i].ax, kt->t[i].ay, d);
        }
    return h;
}

/* Checks that every text of the pen whose anchor is in a write-in place (a ledger cell, a
 * name, a box) stays inside it; returns how many there are. */
static int pen_in_places(const struct ktrace *kt, const struct kingdom_sheet_geom *g)
{
    struct box places[KSHEET_MAX_YEARS * KSHEET_COLUMNS + 16 + KSHEET_MAX_GRAVES];
    int n = 0, found = 0;
    for (int y = 0; y < sheet_data->year_limit; y++)
        for (int k = 0; k < KSHEET_COLUMNS; k++)
            places[n++] = g->cell[y][k];
    places[n++] = g->ruler, places[n++] = g->realm, places[n++] = g->capital;
    places[n++] = g->result;
    for (int k = 0; k < KSHEET_STAGES; k++)
        places[n++] = g->stage_hex[k];
    for (int k = 0; k < sheet_data->graveyard_limit; k++)
        places[n++] = g->grave[k];
    for (size_t i = 0; i < kt->n; i++)
        for (int p = 0; p < n; p++) {
            struct box b = places[p];
            const struct ktext *t = &kt->t[i];
            if (!t->moved || t->ax < b.x || t->ax > b.x + b.w || t->ay < b.y || t->ay > b.y + b.h)
                continue;
            found++;
            if (t->x0 < b.x - 0.5 || t->x1 > b.x + b.w + 0.5 || t->y0 < b.y - 1 ||
                t->y1 > b.y + b.h + 1)
                fail_msg("\"%s\" leaves its place (%.1f %.1f to %.1f %.1f in %.1f %.1f %.1f %.1f)",
                         t->str, t->x0, t->y0, t->x1, t->y1, b.x, b.y, b.w, b.h);
        }
    return found;
}

/* Whether the pen's text str written in hex h is struck out: the path right after it starts
 * at the left end of its baseline (the stroke that crosses it). */
static int struck_in(const char *trace, const struct kingdom_sheet_geom *g, const char *str,
                     int h)
{
    char needle[80];
    snprintf(needle, sizeof needle, "center \"%s\"\nrestore\nmove ", str);
    for (const char *p = strstr(trace, needle); p; p = strstr(p + 1, needle)) {
        /* Where the text was written: the translate before it. */
        const char *t = p;
        while (t > trace && strncmp(t, "\ntranslate ", 11) != 0)
            t--;
        double tx, ty, mx, my, size;
        if (sscanf(t, "\ntranslate %lf %lf", &tx, &ty) != 2 ||
            sscanf(p + strlen(needle), "%lf %lf", &mx, &my) != 2)
            continue;
        const char *text = strstr(t, "text hand ");
        if (!text || sscanf(text, "text hand %lf", &size) != 1)
            continue;
        struct canvas *c = test_trace_canvas(0);
        double half = canvas_text_width(c, FONT_HAND, size, str) / 2;
        canvas_discard(c);
        if (dist(tx, ty, g->hx[h], g->hy[h]) < g->side && fabs(mx - (tx - half - 2.5)) < 1 &&
            fabs(my - ty) < size * 0.4)
            return 1;
    }
    return 0;
}

static void test_filled_example(void **state)
{
    (void)state;
    struct ksheet_fill f;
    example(&f);
    struct kingdom_sheet_geom g;
    char *trace = draw("a4", 0, &f, &g);
    assert_int_equal(check_page("a4", trace, &g), 0);
    struct canvas *c = test_trace_canvas(0);
    struct ktrace kt;
    read_texts(c, trace, &kt);
    int n;
    double d, s = g.side;
    /* The standing buildings in their hexes; none elsewhere. */
    assert_int_equal(pen_text(&kt, &g, "F", &n, &d), hex("H4"));
    assert_int_equal(n, 2);     /* the farm on G3 and the struck one on H4 */
    assert_true(d < s * 0.9);
    assert_int_equal(pen_text(&kt, &g, "V", &n, &d), hex("E7"));
    assert_int_equal(n, 1);
    assert_int_equal(pen_text(&kt, &g, "M", &n, &d), hex("G6"));
    assert_int_equal(n, 2);
    /* The lost ones struck out, the standing ones not. */
    assert_true(struck_in(trace, &g, "V", hex("E7")));
    assert_true(struck_in(trace, &g, "M", hex("G6")));
    assert_true(struck_in(trace, &g, "F", hex("H4")));
    assert_false(struck_in(trace, &g, "F", hex("G3")));
    assert_false(struck_in(trace, &g, "M", hex("F6")));
    /* The boxes: setup dice, graveyards, names, and the ledger's rows in their cells. */
    static const char *const want[] = {"3", "4", "5", "2", "E7", "G6", "Ann", "Lowmarch", "3 5",
                                       "M G6", "1 food", "6 4", "3 5 food", "F H4", "D H4 G", "10"};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        pen_text(&kt, &g, want[k], &n, &d);
        if (n < 1)
            fail_msg("the pen did not write \"%s\"", want[k]);
    }
    /* Every text of the ledger inside its cell (a long one on two lines). */
    assert_true(pen_in_places(&kt, &g) >= 16 + 6);
    /* The river's line starts on its first hex. */
    char start[64];
    snprintf(start, sizeof start, "move %.2f %.2f\ncurve", g.hx[hex("G5")], g.hy[hex("G5")]);
    assert_non_null(strstr(trace, start));
    free(kt.t);
    canvas_discard(c);
    /* The golden trace. */
    if (!test_golden_update(GOLDEN, trace)) {
        char *want_trace = test_slurp(GOLDEN, NULL);
        if (!want_trace)
            fail_msg("%s is missing (make golden-update writes it)", GOLDEN);
        if (strcmp(want_trace, trace) != 0) {
            int line = 1;
            for (const char *p = want_trace, *q = trace; *p && *p == *q; p++, q++)
                line += *p == '\n';
            fail_msg("%s differs from the drawing at line %d", GOLDEN, line);
        }
        free(want_trace);
    }
    free(trace);
}

/* The example with every mark at once: the monument's three stages, a third graveyard (on
 * the farm of G3), two buildings lost on H4, the result. */
static void every_mark(struct ksheet_fill *f)
{
    example(f);
    f->monument[0] = hex("E4"), f->monument[1] = hex("E3"), f->monument[2] = hex("F3");
    f->graveyard[2] = hex("G3");
    f->building[hex("G3")] = KSHEET_NONE;
    f->erased[hex("G3")][0] = KSHEET_FARM;
    f->erased[hex("H4")][1] = KSHEET_VILLAGE;
    snprintf(f->result, sizeof f->result, "lost in year 3");
    /* A full ledger, with texts as long as a busy year writes. */
    for (int y = 3; y < data.year_limit; y++)
        set_row(&f->row[y], y % 3 ? "6 4 r2>5" : "3 3", y % 2 ? "3 5 food ore" : "work",
                y % 4 ? "V D6 F C5 2 E3" : "F B2 F B3 M A4 V C3 1 E4", y % 2 ? "2 food" : "1 ore",
                y % 5 ? "D F3" : "D F3 G C5 G B2", "12", "14");
    f->nrows = data.year_limit;
}

/* The filled example (page 1) and every mark (page 2) as a PDF (cairo) beside this program,
 * for a person to look at. */
static void test_filled_pdf(void **state)
{
    (void)state;
    struct ksheet_fill f;
    example(&f);
    char path[1024];
    const char *slash = strrchr(program, '/');
    snprintf(path, sizeof path, "%.*skingdom-filled-example.pdf",
             slash ? (int)(slash - program + 1) : 0, program);
    struct canvas_options opt = {.backend = CANVAS_CAIRO, .path = path, .title = "Kingdom"};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&opt, &err);
    assert_non_null(c);
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_embedded("kingdom.icons", &dl);
    f.capital = "Eastwick";
    struct kingdom_sheet_options o = {layout_paper_find("a4"), 0, icons, NULL, NULL, NULL,
                                      "example", &f, &data};
    assert_int_equal(kingdom_sheet_draw(c, &o, NULL, &err), 0);
    every_mark(&f);
    assert_int_equal(kingdom_sheet_draw(c, &o, NULL, &err), 0);
    if (canvas_finish(c, &err) != 0)
        fail_msg("%s", strbuf_cstr(&err));
    icons_free(icons);
    diag_list_free(&dl);
    strbuf_free(&err);
}

/* Every mark at once, in grey on Letter: the monument's three stages ringed in their hexes
 * and written in their boxes, the lost buildings struck, the result; still a clean page. */
static void test_filled_every_mark(void **state)
{
    (void)state;
    struct ksheet_fill f;
    every_mark(&f);
    struct kingdom_sheet_geom g;
    char *trace = draw("letter", 1, &f, &g);
    assert_int_equal(check_page("letter", trace, &g), 0);
    struct canvas *c = test_trace_canvas(0);
    struct ktrace kt;
    read_texts(c, trace, &kt);
    int n;
    double d;
    static const char *const stage[3] = {"1", "2", "3"};
    static const char *const at[3] = {"E4", "E3", "F3"};
    for (int k = 0; k < 3; k++) {
        int found = 0;
        for (size_t i = 0; i < kt.n; i++)
            if (kt.t[i].moved && strcmp(kt.t[i].str, stage[k]) == 0 &&
                nearest_hex(&g, kt.t[i].ax, kt.t[i].ay, &d) == hex(at[k]) && d < g.side * 0.6)
                found = 1;
        if (!found)
            fail_msg("stage %s is not written on %s", stage[k], at[k]);
        pen_text(&kt, &g, at[k], &n, &d);
        assert_int_equal(n, 1);     /* in its monument box */
    }
    assert_true(struck_in(trace, &g, "F", hex("G3")));
    assert_true(struck_in(trace, &g, "V", hex("H4")));
    pen_text(&kt, &g, "lost in year 3", &n, &d);
    assert_int_equal(n, 1);
    assert_true(pen_in_places(&kt, &g) >= data.year_limit * (KSHEET_COLUMNS - 1));
    /* Grey: no colour at all. */
    assert_null(strstr(trace, "#1b2440"));
    free(kt.t);
    canvas_discard(c);
    free(trace);
}

/* A fill the audit got wrong is drawn as far as it makes sense, never read out of bounds:
 * counts beyond the arrays, hexes off the map, unknown buildings, texts without their NUL. */
static void test_filled_out_of_range(void **state)
{
    (void)state;
    struct ksheet_fill f;
    ksheet_fill_init(&f);
    f.nriver = 99;
    for (int k = 0; k < KSHEET_MAX_RIVER; k++)
        f.river[k] = k % 2 ? -7 : 300;
    f.building[0] = 9;
    f.erased[1][0] = 7;
    memset(f.erased[2], KSHEET_FARM, sizeof f.erased[2]);
    f.monument[0] = 200, f.graveyard[0] = -5;
    f.range_region[0] = 12345;
    f.nrows = 50;
    for (int y = 0; y < KSHEET_MAX_YEARS; y++)
        memset(f.row[y].built, 'F', sizeof f.row[y].built);
    memset(f.result, 'x', sizeof f.result);
    struct kingdom_sheet_geom g;
    char *trace = draw("letter", 0, &f, &g);
    /* Four lost farms on A3, struck; nothing for the unknown kinds. */
    struct canvas *c = test_trace_canvas(0);
    struct ktrace kt;
    read_texts(c, trace, &kt);
    /* Texts too long for their places are cut there. */
    assert_true(pen_in_places(&kt, &g) >= data.year_limit);
    int n;
    double d;
    pen_text(&kt, &g, "F", &n, &d);
    assert_int_equal(n, KSHEET_MAX_ERASED);
    free(kt.t);
    canvas_discard(c);
    free(trace);
    /* A river with a hex off the map in its middle flows through the others. */
    ksheet_fill_init(&f);
    f.river[0] = hex("G5"), f.river[1] = 999, f.river[2] = hex("G4"), f.nriver = 3;
    trace = draw("a4", 0, &f, &g);
    char start[64];
    snprintf(start, sizeof start, "move %.2f %.2f\ncurve", g.hx[hex("G5")], g.hy[hex("G5")]);
    assert_non_null(strstr(trace, start));
    free(trace);
}

/* The checks find what they are for: a hex's code missing, a text pushed onto another, a
 * ledger cell too small. */
static void test_checks_fail(void **state)
{
    (void)state;
    struct kingdom_sheet_geom g;
    char *trace = draw("a4", 0, NULL, &g);
    char *at = strstr(trace, "\"E5\"");
    assert_non_null(at);
    at[1] = 'X';
    assert_true(check_page("a4", trace, &g) >= 1);
    free(trace);
    trace = draw("a4", 0, NULL, &g);
    /* The code of E4 moved onto the code of E5. */
    char e4[80], e5[80];
    snprintf(e4, sizeof e4, " %.2f %.2f center \"E4\"", g.hx[hex("E4")],
             g.hy[hex("E4")] - g.side * sqrt(3) / 2 + 7.6);
    snprintf(e5, sizeof e5, " %.2f %.2f center \"E4\"", g.hx[hex("E5")],
             g.hy[hex("E5")] - g.side * sqrt(3) / 2 + 7.6);
    at = strstr(trace, e4);
    assert_non_null(at);
    assert_int_equal(strlen(e4), strlen(e5));
    memcpy(at, e5, strlen(e5));
    assert_true(check_page("a4", trace, &g) >= 1);
    free(trace);
    trace = draw("a4", 0, NULL, &g);
    assert_int_equal(check_page("a4", trace, &g), 0);
    g.cell[4][KSHEET_COL_FOOD].h = 9;
    assert_int_equal(check_page("a4", trace, &g), 1);
    free(trace);
}

int main(int argc, char **argv)
{
    (void)argc;
    program = argv[0];
    struct diag_list dl = DIAG_LIST_INIT;
    if (kdata_load_default(&data, &dl) != 0)
        return 1;
    diag_list_free(&dl);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blank),
        cmocka_unit_test(test_icons),
        cmocka_unit_test(test_numbers_from_data),
        cmocka_unit_test(test_ledger_from_data),
        cmocka_unit_test(test_filled_example),
        cmocka_unit_test(test_filled_every_mark),
        cmocka_unit_test(test_filled_pdf),
        cmocka_unit_test(test_filled_out_of_range),
        cmocka_unit_test(test_checks_fail),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    kdata_free(&data);
    return rc;
}
