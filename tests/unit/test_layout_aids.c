/* The printed aids through the trace backend: the setup sheet, the rules summary and the dice
 * organiser, the game record. Every text at least 6.5 pt and wholly inside the printable area (the summary
 * inside the area of both A4 and Letter), the summary's numbers following the game data, die
 * places of at least 20 mm, and the players' list parsing. */
#include "test.h"
#include "test_util.h"
#include "gamedata_fixture.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/embedded.h"
#include "draw/canvas.h"
#include "layout/common.h"
#include "layout/icons.h"
#include "layout/organiser.h"
#include "layout/record_sheet.h"
#include "layout/setup_sheet.h"
#include "layout/summary.h"
#include "rules/event_setup.h"
#include "rules/gamedata.h"

static struct icon_set *icons;

static int setup_data(void **state)
{
    struct diag_list dl = DIAG_LIST_INIT;
    icons = icons_load_default(&dl);
    diag_list_free(&dl);
    return fx_load(state) != 0 || !icons;
}

static int teardown_data(void **state)
{
    icons_free(icons);
    return fx_unload(state);
}

/* The text of a trace line's JSON string (from the opening quote). */
static void unquote(const char *q, struct strbuf *out)
{
    strbuf_reset(out);
    for (const char *p = q + 1; *p && *p != '"'; p++) {
        if (*p != '\\') {
            strbuf_putc(out, *p);
            continue;
        }
        p++;
        if (*p == 'n')
            strbuf_putc(out, '\n');
        else if (*p == 'u' && p[1] && p[2] && p[3] && p[4]) {
            strbuf_putc(out, (char)strtol((char[]){p[3], p[4], 0}, NULL, 16));
            p += 4;
        } else
            strbuf_putc(out, *p);
    }
}

static enum canvas_font font_by_name(const char *name)
{
    static const char *const names[] = {"serif", "serif-bold", "serif-italic", "sans", "sans-bold", "hand"};
    for (int f = 0; f < FONT_COUNT; f++)
        if (strcmp(names[f], name) == 0)
            return (enum canvas_font)f;
    fail_msg("unknown font in trace: %s", name);
    return FONT_SERIF;
}

/* Checks every text of a trace: size >= 6.5 pt, and its whole width inside box (the top of
 * the text may rise a little above box.y, the footer goes below it). All the text, spaces
 * removed, goes to flat for phrase searches. The footer ("xii VERSION ...", drawn by the
 * shared layout_footer at the foot of the page) is left out when skip_footer is set.
 * Returns the number of texts. */
static int check_texts_footer(struct canvas *m, const char *trace, struct box box,
                              struct strbuf *flat, int skip_footer)
{
    struct strbuf text = STRBUF_INIT;
    int n = 0;
    strbuf_reset(flat);
    for (const char *line = trace; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (strncmp(line, "text ", 5) == 0) {
            char font[32], colour[16], align[16];
            double size, x, y;
            assert_int_equal(sscanf(line, "text %31s %lf %15s %lf %lf %15s", font, &size, colour, &x,
                                    &y, align), 6);
            if (size < LAYOUT_MIN_TEXT - 1e-9)
                fail_msg("text below %.1f pt: %.*s", LAYOUT_MIN_TEXT, (int)len, line);
            unquote(strchr(line, '"'), &text);
            if (skip_footer && strncmp(strbuf_cstr(&text), "xii ", 4) == 0) {
                line += len + (end ? 1 : 0);
                continue;
            }
            double w = canvas_text_width(m, font_by_name(font), size, strbuf_cstr(&text));
            double left = strcmp(align, "left") == 0 ? x : strcmp(align, "center") == 0 ? x - w / 2 : x - w;
            if (left < box.x - 0.02 || left + w > box.x + box.w + 0.02 || y < box.y ||
                y > box.y + box.h + LAYOUT_FOOTER_H)
                fail_msg("text outside the printable area: %.*s", (int)len, line);
            for (const char *p = strbuf_cstr(&text); *p; p++)
                if (*p != ' ')
                    strbuf_putc(flat, *p);
            n++;
        }
        line += len + (end ? 1 : 0);
    }
    strbuf_free(&text);
    return n;
}

static int check_texts(struct canvas *m, const char *trace, struct box box, struct strbuf *flat)
{
    return check_texts_footer(m, trace, box, flat, 0);
}

static void assert_has(const struct strbuf *flat, const char *phrase)
{
    struct strbuf want = STRBUF_INIT;
    for (const char *p = phrase; *p; p++)
        if (*p != ' ')
            strbuf_putc(&want, *p);
    if (!strstr(strbuf_cstr(flat), strbuf_cstr(&want)))
        fail_msg("the sheet does not say \"%s\"", phrase);
    strbuf_free(&want);
}

/* ---- setup sheet ---- */

static char *draw_setup(const struct event_setup *s, const struct paper *p, int grey, int nplayers,
                        const char *const *names, struct strbuf *flat)
{
    struct canvas *c = test_trace_canvas(0);
    struct setup_sheet_options o = {&GD, s, p, grey, nplayers, names, "A4 \xc2\xb7 colour"};
    setup_sheet_draw(c, &o);
    assert_int_equal(canvas_status(c), 0);
    char *trace = strdup(canvas_trace(c));
    int n = check_texts(c, trace, layout_page_area(p), flat);
    assert_true(n > 40);
    canvas_discard(c);
    return trace;
}

static void test_setup_sheet_every_difficulty(void **state)
{
    (void)state;
    const char *const names[] = {"Jack", "Tom", "Martha", "Mary", "Bartholomew of the Long Name"};
    struct strbuf flat = STRBUF_INIT;
    for (int d = 0; d < GD.ndifficulties; d++)
        for (int paper = 0; paper < 2; paper++) {
            struct event_setup s;
            struct diag_list dl = DIAG_LIST_INIT;
            assert_int_equal(event_setup_seed(&GD, d, 99, &s, &dl), 0);
            const struct paper *p = layout_paper_find(paper ? "letter" : "a4");
            free(draw_setup(&s, p, paper, paper ? 5 : 0, paper ? names : NULL, &flat));
            assert_has(&flat, GD.difficulties[d].name);
            for (int r = 1; r <= GD_ROUNDS; r++)
                if (s.event[r] >= 0) {
                    assert_has(&flat, GD.events[s.event[r]].name);
                    assert_has(&flat, GD.events[s.event[r]].text);
                }
            struct strbuf good = STRBUF_INIT;
            if (GD.difficulties[d].good_high >= 0)
                strbuf_printf(&good, "%d\xe2\x80\x93%d", GD.difficulties[d].good_low,
                              GD.difficulties[d].good_high);
            else
                strbuf_printf(&good, "above %d", GD.difficulties[d].good_low);
            assert_has(&flat, strbuf_cstr(&good));
            strbuf_free(&good);
            if (event_setup_free_rounds(&GD, d) == 0)
                assert_has(&flat, "no global events");
            else
                assert_has(&flat, "seed 99");
            event_setup_free(&s);
            diag_list_free(&dl);
        }
    strbuf_free(&flat);
}

static void test_setup_sheet_track_letters(void **state)
{
    (void)state;
    struct event_setup s;
    struct diag_list dl = DIAG_LIST_INIT;
    int d = gamedata_difficulty(&GD, "normal", 6);
    assert_int_equal(event_setup_roll(&GD, d, "3 5 1 6", "--roll", &s, &dl), 0);
    struct strbuf flat = STRBUF_INIT;
    char *trace = draw_setup(&s, layout_paper_find("a4"), 0, 2, NULL, &flat);
    /* The letters stand alone in the track's cells, big. */
    assert_non_null(strstr(trace, " center \"Fa\"\n"));
    assert_non_null(strstr(trace, " center \"Ou\"\n"));
    assert_non_null(strstr(trace, " center \"Fi\"\n"));
    assert_non_null(strstr(trace, " center \"Wa\"\n"));
    assert_null(strstr(trace, " center \"Pl\"\n"));
    /* Tick boxes for two unnamed players. */
    assert_has(&flat, "Player 1");
    assert_has(&flat, "Player 2");
    assert_has(&flat, "dice rolled at the table");
    /* Drawing is deterministic. */
    char *again = draw_setup(&s, layout_paper_find("a4"), 0, 2, NULL, &flat);
    assert_string_equal(trace, again);
    free(trace);
    free(again);
    strbuf_free(&flat);
    event_setup_free(&s);
    diag_list_free(&dl);
}

/* ---- summary ---- */

/* The box the summary must stay in: the printable area of both papers, placed on paper p. */
static struct box both_papers(const struct paper *p)
{
    struct box a4 = layout_page_area(layout_paper_find("a4"));
    struct box letter = layout_page_area(layout_paper_find("letter"));
    struct box b = {0, 0, fmin(a4.w, letter.w), fmin(a4.h, letter.h)};
    b.x = (p->width - b.w) / 2;
    b.y = fmax(a4.y, letter.y);
    return b;
}

static char *draw_summary(const struct gamedata *data, const struct paper *p, int grey,
                          struct strbuf *flat, double *size)
{
    struct canvas *c = test_trace_canvas(0);
    struct summary_options o = {data, icons, p, grey, "rules summary"};
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(summary_draw(c, &o, &err), 0);
    assert_int_equal(canvas_status(c), 0);
    *size = summary_text_size(c, &o);
    char *trace = strdup(canvas_trace(c));
    struct box b = both_papers(p);
    int n = check_texts_footer(c, trace, (struct box){b.x, b.y, b.w, b.h - LAYOUT_FOOTER_H}, flat, 1);
    assert_true(n > 500);
    canvas_discard(c);
    strbuf_free(&err);
    return trace;
}

static void test_summary_fits_both_papers(void **state)
{
    (void)state;
    struct strbuf fa4 = STRBUF_INIT, fletter = STRBUF_INIT, fgrey = STRBUF_INIT;
    double sa4, sletter, sgrey;
    free(draw_summary(&GD, layout_paper_find("a4"), 0, &fa4, &sa4));
    free(draw_summary(&GD, layout_paper_find("letter"), 0, &fletter, &sletter));
    free(draw_summary(&GD, layout_paper_find("letter"), 1, &fgrey, &sgrey));
    /* Same text, same size on both papers, and comfortably above the minimum. */
    assert_true(sa4 == sletter);
    assert_true(sa4 >= 7.5);
    assert_string_equal(strbuf_cstr(&fa4), strbuf_cstr(&fletter));
    /* Every section, and every event's own wording from the data. */
    const char *sections[] = {"THE GAME", "SETUP", "A ROUND", "YOUR TURN", "RESTRICTIONS",
                              "THE KING WAR", "GLOBAL EVENTS", "DIFFICULTY", "SCORING", "SOLO"};
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        assert_has(&fa4, sections[i] + 1);  /* small caps draw the first letter apart */
    for (int e = 0; e < EVENT_COUNT; e++)
        assert_has(&fa4, GD.events[e].text);
    for (int d = 0; d < GD.ndifficulties; d++)
        assert_has(&fa4, GD.difficulties[d].name);
    for (int o = 0; o < GD.nobjectives; o++)
        assert_has(&fa4, GD.objectives[o].name);
    assert_has(&fa4, "Every 2 farms make 1 food");
    assert_has(&fa4, "pay 1 food for every 2 population");
    assert_has(&fa4, "No event may fall on more than 2 rounds");
    assert_has(&fa4, "starts with 2, 3, 4 and 5 in the first of its 10 slots");
    assert_has(&fa4, "70\xe2\x80\x93" "90");
    assert_has(&fa4, "over 30");
    assert_has(&fa4, "The highest POW gains 2");
    assert_has(&fa4, "A lone supporter gains only 1");
    assert_has(&fa4, "every 2 reputation scores 4 VP");
    assert_has(&fa4, "adds 1 less");
    /* Grey mode talks about tag styles, not colours. */
    assert_has(&fa4, "(red,");
    assert_null(strstr(strbuf_cstr(&fgrey), "(red,"));
    assert_has(&fgrey, "the dark");
    assert_true(sgrey >= 7.5);
    strbuf_free(&fa4);
    strbuf_free(&fletter);
    strbuf_free(&fgrey);
}

/* Loads the default data with every (from, to) replacement made. */
static void load_edited(struct gamedata *out, const char *const *edits, int n)
{
    const struct embedded_file *f = embedded_find("xii-century.rules");
    struct strbuf text = STRBUF_INIT;
    strbuf_append(&text, (const char *)f->data, f->size);
    for (int i = 0; i < n; i++) {
        const char *at = strstr(strbuf_cstr(&text), edits[2 * i]);
        assert_non_null(at);
        struct strbuf next = STRBUF_INIT;
        strbuf_append(&next, text.data, (size_t)(at - text.data));
        strbuf_puts(&next, edits[2 * i + 1]);
        strbuf_puts(&next, at + strlen(edits[2 * i]));
        strbuf_free(&text);
        text = next;
    }
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = gamedata_load(out, "edited.rules", text.data, text.len, &dl);
    for (size_t i = 0; i < dl.count; i++)
        fprintf(stderr, "%d:%d: %s\n", dl.items[i].pos.line, dl.items[i].pos.col, dl.items[i].message);
    assert_int_equal(rc, 0);
    diag_list_free(&dl);
    strbuf_free(&text);
}

static void test_summary_numbers_follow_the_data(void **state)
{
    (void)state;
    const char *const edits[] = {
        "feeding 2", "feeding 3",
        "max-same-event 2", "max-same-event 3",
        "reserve slots 10 start 2 3 4 5 per-turn 1", "reserve slots 12 start 1 3 6 per-turn 2",
        "good 70 90", "good 71 93",
        "war-reputation highest 2 other 1 sole 1", "war-reputation highest 3 other 2 sole 1",
        "produce 2", "produce 4",
        "advanced-die-penalty 1", "advanced-die-penalty 2",
        "asset-cap 30", "asset-cap 28",
    };
    struct gamedata ed;
    load_edited(&ed, edits, (int)(sizeof edits / sizeof edits[0] / 2));
    struct strbuf flat = STRBUF_INIT;
    double size;
    free(draw_summary(&ed, layout_paper_find("a4"), 0, &flat, &size));
    assert_has(&flat, "pay 1 food for every 3 population");
    assert_has(&flat, "No event may fall on more than 3 rounds");
    assert_has(&flat, "At most 2 reserve die per turn");
    assert_has(&flat, "starts with 1, 3 and 6 in the first of its 12 slots");
    assert_has(&flat, "71\xe2\x80\x93" "93");
    assert_has(&flat, "The highest POW gains 3");
    assert_has(&flat, "every other supporter 2");
    assert_has(&flat, "Every 4 farms make 1 food");
    assert_has(&flat, "adds 2 less");
    assert_has(&flat, "never above 28");
    assert_null(strstr(strbuf_cstr(&flat), "70\xe2\x80\x93" "90"));
    strbuf_free(&flat);
    gamedata_free(&ed);
}

/* ---- organiser ---- */

/* Counts the die places of a trace (a filled and outlined square with round corners, more
 * than 40 pt wide); each must be at least 20 mm. */
static int die_places(const char *trace)
{
    int n = 0;
    for (const char *p = strstr(trace, "round-rect "); p; p = strstr(p + 1, "round-rect ")) {
        double x, y, w, h, r;
        assert_int_equal(sscanf(p, "round-rect %lf %lf %lf %lf %lf", &x, &y, &w, &h, &r), 5);
        const char *next = strchr(p, '\n') + 1;
        if (fabs(w - h) > 0.01 || w < 40 || strncmp(next, "fill-stroke", 11) != 0)
            continue;
        if (w < ORGANISER_MIN_DIE - 0.01)
            fail_msg("a die place of %.2f pt, below 20 mm", w);
        n++;
    }
    return n;
}

static void test_organiser_every_player_count(void **state)
{
    (void)state;
    struct strbuf flat = STRBUF_INIT, err = STRBUF_INIT;
    for (int n = 1; n <= ORGANISER_MAX_PLAYERS; n++)
        for (int paper = 0; paper < 2; paper++) {
            struct organiser_players pl;
            char count[12];
            snprintf(count, sizeof count, "%d", n);
            assert_int_equal(organiser_players_parse(count, NULL, 4, &pl, &err), 0);
            const struct paper *p = layout_paper_find(paper ? "letter" : "a4");
            struct canvas *c = test_trace_canvas(0);
            struct organiser_options o = {&GD, p, paper, &pl, "organiser"};
            organiser_draw(c, &o);
            assert_int_equal(canvas_status(c), 0);
            check_texts(c, canvas_trace(c), layout_page_area(p), &flat);
            /* Two shared dice; per player two own dice, a reserve die and (not solo) a war die. */
            assert_int_equal(die_places(canvas_trace(c)), 2 + n * (n == 1 ? 3 : 4));
            assert_has(&flat, "No doubles");
            if (n > 1) {
                assert_has(&flat, "support");
                assert_has(&flat, "avoid");
                char seat[16];
                snprintf(seat, sizeof seat, "SEAT %d", n);
                assert_has(&flat, seat);
            } else {
                assert_has(&flat, "no king war");
            }
            canvas_discard(c);
            organiser_players_free(&pl);
        }
    strbuf_free(&flat);
    strbuf_free(&err);
}

static void test_organiser_names(void **state)
{
    (void)state;
    struct organiser_players pl;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(organiser_players_parse(NULL, " Jack ,Tom,  Martha", 4, &pl, &err), 0);
    assert_int_equal(pl.n, 3);
    assert_string_equal(pl.names[0], "Jack");
    assert_string_equal(pl.names[2], "Martha");
    struct canvas *c = test_trace_canvas(0);
    struct organiser_options o = {&GD, layout_paper_find("a4"), 0, &pl, "organiser"};
    organiser_draw(c, &o);
    struct strbuf flat = STRBUF_INIT;
    check_texts(c, canvas_trace(c), layout_page_area(o.paper), &flat);
    assert_has(&flat, "Martha");
    canvas_discard(c);
    organiser_players_free(&pl);
    strbuf_free(&flat);

    assert_int_equal(organiser_players_parse(NULL, NULL, 4, &pl, &err), 0);
    assert_int_equal(pl.n, 4);
    assert_null(pl.names[0]);
    const char *bad_names[] = {"Jack,,Tom", "A,B,C,D,E,F", "Jack,Tom,Jack", ""};
    const char *why[] = {"empty name", "more than 5 names", "'Jack' twice", "empty name"};
    for (int i = 0; i < 4; i++) {
        strbuf_reset(&err);
        assert_int_equal(organiser_players_parse(NULL, bad_names[i], 4, &pl, &err), -1);
        assert_non_null(strstr(strbuf_cstr(&err), why[i]));
    }
    const char *bad_counts[] = {"0", "6", "two", ""};
    for (int i = 0; i < 4; i++) {
        strbuf_reset(&err);
        assert_int_equal(organiser_players_parse(bad_counts[i], NULL, 4, &pl, &err), -1);
        assert_non_null(strstr(strbuf_cstr(&err), "must be 1 to 5"));
    }
    strbuf_free(&err);
}

/* ---- game record ---- */

static int trace_pages(const char *trace)
{
    int n = strncmp(trace, "page ", 5) == 0;
    for (const char *p = trace; (p = strstr(p, "\npage ")) != NULL; p++)
        n++;
    return n;
}

static void test_record_sheet_every_player_count(void **state)
{
    (void)state;
    struct strbuf flat = STRBUF_INIT, err = STRBUF_INIT;
    for (int n = 1; n <= ORGANISER_MAX_PLAYERS; n++)
        for (int paper = 0; paper < 2; paper++)
            for (int rounds = 1; rounds <= GD_ROUNDS; rounds++) {
                struct organiser_players pl;
                char count[12];
                snprintf(count, sizeof count, "%d", n);
                assert_int_equal(organiser_players_parse(count, NULL, 4, &pl, &err), 0);
                const struct paper *p = layout_paper_find(paper ? "letter" : "a4");
                struct canvas *c = test_trace_canvas(0);
                struct record_options o = {&GD, p, paper, &pl, rounds, "game record"};
                record_sheet_draw(c, &o);
                assert_int_equal(canvas_status(c), 0);
                check_texts(c, canvas_trace(c), layout_page_area(p), &flat);
                int pages = trace_pages(canvas_trace(c));
                assert_int_equal(pages, record_sheet_pages(&o));
                /* Five players and ten rounds fit on two pages; two players on one A4 page. */
                assert_true(pages <= 2);
                if (n <= 2 && !paper)
                    assert_int_equal(pages, 1);
                assert_has(&flat, "shared dice");
                if (n > 1)
                    assert_has(&flat, "KING WAR");
                else
                    assert_null(strstr(strbuf_cstr(&flat), "KINGWAR"));
                canvas_discard(c);
                organiser_players_free(&pl);
            }
    strbuf_free(&flat);
    strbuf_free(&err);
}

/* The turns of each round are printed in the log's order: the last player of a round starts
 * the next one. */
static void test_record_sheet_turn_order(void **state)
{
    (void)state;
    struct organiser_players pl;
    struct strbuf err = STRBUF_INIT, flat = STRBUF_INIT;
    assert_int_equal(organiser_players_parse(NULL, "Jack,Tom,Martha", 4, &pl, &err), 0);
    struct canvas *c = test_trace_canvas(0);
    struct record_options o = {&GD, layout_paper_find("a4"), 0, &pl, 4, "game record"};
    record_sheet_draw(c, &o);
    check_texts(c, canvas_trace(c), layout_page_area(o.paper), &flat);
    const char *order = strstr(strbuf_cstr(&flat), "JackTomMartha");
    assert_non_null(order);
    order = strstr(order, "MarthaJackTom");
    assert_non_null(order);
    order = strstr(order, "TomMarthaJack");
    assert_non_null(order);
    assert_non_null(strstr(order, "JackTomMartha"));
    /* The legend gives the short words of the data. */
    assert_has(&flat, "ale = strong-ale");
    canvas_discard(c);
    organiser_players_free(&pl);
    strbuf_free(&flat);
    strbuf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_sheet_every_difficulty),
        cmocka_unit_test(test_setup_sheet_track_letters),
        cmocka_unit_test(test_summary_fits_both_papers),
        cmocka_unit_test(test_summary_numbers_follow_the_data),
        cmocka_unit_test(test_organiser_every_player_count),
        cmocka_unit_test(test_organiser_names),
        cmocka_unit_test(test_record_sheet_every_player_count),
        cmocka_unit_test(test_record_sheet_turn_order),
    };
    return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
