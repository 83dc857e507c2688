/* The analysis page of xii audit --analyse --pdf, through the trace backend: one page, every
 * text legible and on the page, the players and the costliest moves shown, the moves that do
 * not fit counted, grey output free of colour. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "layout/analysis_page.h"
#include "test_util.h"

static const char *const names[] = {"Jack", "Tom", "Martha", "Mary"};
static struct analysis_page_move moves[12];

static struct analysis_page_input input(size_t nmoves, int last_round)
{
    struct analysis_page_input in;
    memset(&in, 0, sizeof in);
    in.paper = layout_paper_find("a4");
    in.title = "Friday at the Crown";
    in.method = "Every decision ranked by rollouts: the greedy bot plays every seat to the end.";
    in.cost_unit = "VP";
    in.cost_words = "cost: the expected final score lost against the best move found";
    in.footer = "A4 \xc2\xb7 colour";
    in.nplayers = 4;
    in.last_round = last_round;
    for (int p = 0; p < 4; p++) {
        in.players[p].name = names[p];
        for (int r = 0; r <= last_round; r++) {
            in.players[p].expected[r] = 60 + 3 * p + r * (p - 1.5);
            in.players[p].low[r] = in.players[p].expected[r] - 2;
            in.players[p].high[r] = in.players[p].expected[r] + 2;
        }
        in.players[p].turns = last_round;
        in.players[p].total_cost = 10.0 * (p + 1);
        in.players[p].average_cost = in.players[p].total_cost / last_round;
        in.players[p].luck = 3.0 - 2 * p;
        in.players[p].total_cost_half = 4.5;
        in.players[p].luck_half = 2.25;
    }
    for (size_t k = 0; k < 12; k++)
        moves[k] = (struct analysis_page_move){names[k % 4], 40 + (int)k * 13, 1 + (int)k % 10, 9.5 - (double)k * 0.7,
                                               7.5 - (double)k * 0.7, 11.5 - (double)k * 0.7,
                                               k < 3 ? "blunder" : "mistake",
                                               "population +6; food +4; the reserve 3: influence at the quarry +3; then feeding eats 5 food",
                                               "attract the blacksmith (pays 3 supply); men-at-arms +4; food +2; then feeding eats 5 food"};
    in.moves = moves;
    in.nmoves = nmoves;
    return in;
}

/* Draws the page; returns the trace (caller frees). */
static char *draw(const struct analysis_page_input *in, int grey)
{
    struct canvas *c = test_trace_canvas(grey);
    analysis_page_draw(c, in);
    assert_int_equal(canvas_status(c), 0);
    char *trace = strdup(canvas_trace(c));
    struct strbuf err = STRBUF_INIT;
    canvas_finish(c, &err);
    strbuf_free(&err);
    return trace;
}

/* Every text: at least the smallest size, starting on the page; returns them joined. */
static void texts(const char *trace, double width, struct strbuf *all)
{
    for (const char *line = trace; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (strncmp(line, "text ", 5) == 0) {
            char font[32], colour[16], align[16];
            double size, x, y;
            assert_int_equal(sscanf(line, "text %31s %lf %15s %lf %lf %15s", font, &size, colour, &x, &y, align), 6);
            if (size < LAYOUT_MIN_TEXT - 1e-9)
                fail_msg("text below %.1f pt: %.*s", LAYOUT_MIN_TEXT, (int)len, line);
            if (x < 0 || x > width)
                fail_msg("text off the page: %.*s", (int)len, line);
            const char *q = strchr(line, '"');
            strbuf_append(all, q, len - (size_t)(q - line));
            strbuf_putc(all, '\n');
        }
        line += len + (end ? 1 : 0);
    }
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void test_page(void **state)
{
    (void)state;
    struct analysis_page_input in = input(12, 10);
    char *trace = draw(&in, 0);
    assert_int_equal(count(trace, "page "), 1);
    struct strbuf all = STRBUF_INIT;
    texts(trace, in.paper->width, &all);
    for (int p = 0; p < 4; p++)
        assert_non_null(strstr(strbuf_cstr(&all), names[p]));
    assert_non_null(strstr(strbuf_cstr(&all), "\"Game analysis\""));
    assert_non_null(strstr(strbuf_cstr(&all), "\"line 40, round 1, Jack\""));
    assert_non_null(strstr(strbuf_cstr(&all), "costs 9.5 VP (95 %: 7.5 to 11.5)"));
    /* Every estimate with its interval: the total cost and the luck; the game is over, so
     * the chart's last point is the final score. */
    assert_non_null(strstr(strbuf_cstr(&all), "\"10.0 \xc2\xb1 4.5\""));
    assert_non_null(strstr(strbuf_cstr(&all), "\"-3.0 \xc2\xb1 2.2\""));
    assert_non_null(strstr(strbuf_cstr(&all), "\"final\""));
    /* Twelve moves do not fit: the rest are counted. */
    assert_non_null(strstr(strbuf_cstr(&all), "more in the text report"));
    /* The rounds axis, 0 to 10, and a luck with its sign. */
    assert_non_null(strstr(strbuf_cstr(&all), "\"10\""));
    assert_non_null(strstr(strbuf_cstr(&all), "\"+3.0 \xc2\xb1 2.2\""));
    strbuf_free(&all);
    free(trace);
}

static void test_few_moves(void **state)
{
    (void)state;
    struct analysis_page_input in = input(0, 4);
    char *trace = draw(&in, 0);
    struct strbuf all = STRBUF_INIT;
    texts(trace, in.paper->width, &all);
    assert_non_null(strstr(strbuf_cstr(&all), "no move cost anything"));
    /* After round 4 the chart's last point is still an expected score. */
    assert_non_null(strstr(strbuf_cstr(&all), "\"expected\""));
    assert_null(strstr(strbuf_cstr(&all), "\"final\""));
    assert_null(strstr(strbuf_cstr(&all), "more in the text report"));
    strbuf_free(&all);
    free(trace);
    in = input(2, 4);
    trace = draw(&in, 0);
    struct strbuf two = STRBUF_INIT;
    texts(trace, in.paper->width, &two);
    assert_int_equal(count(strbuf_cstr(&two), "played: "), 2);
    assert_null(strstr(strbuf_cstr(&two), "more in the text report"));
    strbuf_free(&two);
    free(trace);
}

/* Grey: every colour in the trace is a grey; the series still differ by dash pattern. */
static void test_grey(void **state)
{
    (void)state;
    struct analysis_page_input in = input(12, 10);
    in.grey = 1;
    char *trace = draw(&in, 1);
    int colours = 0;
    for (const char *p = trace; (p = strchr(p, '#')) != NULL; p++) {
        unsigned r, g, b;
        if (sscanf(p, "#%2x%2x%2x", &r, &g, &b) == 3) {
            colours++;
            if (r != g || g != b)
                fail_msg("a colour in grey output: %.7s", p);
        }
    }
    assert_true(colours > 50);
    assert_true(count(trace, "dash ") >= 4);
    free(trace);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_page),
        cmocka_unit_test(test_few_moves),
        cmocka_unit_test(test_grey),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
