/* Which link may enter a line (serve/permit.h), decided on exactly the statement the recorder
 * would write: a comment after a line changes nothing (issue 30: `round # x` from a seat's
 * link wrote round 1), a short form is expanded once, and a seat's line that does not parse
 * is refused. Run from the repository root. */
#include "test.h"
#include "serve/permit.h"
#include "test_serve.h"

/* Whether FILE and the version are unchanged since len and version were taken. */
static void unchanged(size_t len, unsigned long version)
{
    assert_int_equal(record_session_text(S)->len, len);
    assert_int_equal(SV.version, version);
}

/* POSTs line from token and checks it is refused with nothing written. */
static void refused(const char *token, const char *line)
{
    size_t len = record_session_text(S)->len;
    unsigned long v = SV.version;
    if (line_by(token, line))
        fail_msg("'%s' was accepted from a link that may not enter it: FILE ends with '%s'", line, last_line());
    unchanged(len, v);
}

/* The issue's four reproductions, each refused from the wrong link (and each still taken
 * from the right one). */
static void test_comment_reproductions(void **state)
{
    (void)state;
    start("comments.xii");
    header();
    refused(ANN, "round # x");
    refused(ANN, "round#x");
    refused(ANN, "round 1 # x");
    assert_true(line_by(TABLE, "round # x"));
    assert_string_equal(last_line(), "round 1  # x");
    refused(ANN, "3 4 # x");
    refused(BEN, "3 4#x");
    assert_true(line_by(TABLE, "3 4"));
    refused(BEN, "1 2#x");
    refused(BEN, "1 2 # x");
    refused(BEN, "\"Ann\" 1 2 # x");
    assert_true(line_by(ANN, "1 2#x"));
    assert_string_equal(last_line(), "turn Ann 1 2  # x");
    refused(BEN, "4 population # x");           /* Ann's move */
    assert_true(undo_by(ANN));
    stop();
    /* The war of round 1, no POW anywhere: `avoid` is the whole war line, the table's. */
    start("comments.xii");
    type_lines("tests/browser/game-2p.xii", 1, 20);
    assert_string_equal(last_line(), "1 supply");
    refused(ANN, "avoid # x");
    refused(BEN, "avoid#x");
    refused(ANN, "avoid");
    refused(ANN, "war Ann avoid, Ben avoid # x");
    refused(ANN, "war Ben avoid # x");
    assert_true(line_by(ANN, "war Ann avoid # x"));      /* her own entry waits */
    assert_true(SV.war.seat[0].entered);
    stop();
}

/* A seat's line that does not parse is refused, with the parser's words. */
static void test_unparsed_refused(void **state)
{
    (void)state;
    start("unparsed.xii");
    header();
    assert_true(line_by(TABLE, "round"));
    assert_true(line_by(TABLE, "3 4"));
    const char *bad[] = {"1 2 3", "turn", "Ann", "trun Ann 1 2", "\"1 2", "1 2 \"#x", "# a note", "#"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        refused(ANN, bad[k]);
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", ANN, "trun Ann 1 2", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "[rule: syntax]"));
    strbuf_free(&rs.body);
    stop();
}

/* A note is plain text: a C1 control (a terminal reads U+009B as an escape) or a
 * bidirectional override or isolate is refused, from any link, alone or after a statement. */
static void test_notes_plain(void **state)
{
    (void)state;
    start("notes.xii");
    header();
    assert_true(line_by(TABLE, "round"));
    assert_true(line_by(TABLE, "3 4"));
    const char *bad[] = {"# \xc2\x9b" "31m red", "# \xc2\x85", "# abc \xe2\x80\xae cba", "# \xe2\x81\xa6x\xe2\x81\xa9",
                         "1 2 # \xe2\x80\xaa", "1 2#\xc2\x9f"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        refused(TABLE, bad[k]);
        refused(ANN, bad[k]);
    }
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", TABLE, "# \xe2\x80\xae", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "bidirectional override U+202E"));
    strbuf_free(&rs.body);
    assert_true(line_by(TABLE, "# caf\xc3\xa9 \xe2\x99\x9c, \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d"));  /* other text is fine */
    assert_true(line_by(ANN, "1 2 # \xe2\x9c\x93"));
    stop();
}

/* The line FILE ends with, as written (its indentation kept). */
static const char *last_raw_line(void)
{
    static char last[512];
    const char *t = strbuf_cstr(record_session_text(S));
    size_t n = record_session_text(S)->len;
    while (n > 0 && t[n - 1] == '\n')
        n--;
    size_t from = n;
    while (from > 0 && t[from - 1] != '\n')
        from--;
    snprintf(last, sizeof last, "%.*s", (int)(n - from), t + from);
    return last;
}

/* The seat named by the word after the keyword of line, or -1. */
static int seat_after_keyword(const char *line)
{
    const char *p = strchr(line, ' ');
    if (!p)
        return -1;
    p++;
    size_t n = strcspn(p, " ,");
    for (int seat = 0; seat < SV.tokens.nseats; seat++)
        if (strlen(serve_seat_name(&SV, seat)) == n && strncmp(serve_seat_name(&SV, seat), p, n) == 0)
            return seat;
    return -1;
}

/* Whose line FILE's line `written` is, read from its text alone: a turn, a collect, a check and
 * one player's war entry name their seat; an indented line is the move of the turn open
 * (*turn, updated at each turn line); anything else is the table's (-1). */
static int owner_by_text(const char *written, int *turn)
{
    if (written[0] == ' ')
        return *turn;
    if (strncmp(written, "turn ", 5) == 0)
        return *turn = seat_after_keyword(written);
    if (strncmp(written, "collect ", 8) == 0 || strncmp(written, "check ", 6) == 0 ||
        (strncmp(written, "war ", 4) == 0 && !strchr(written, ',')))
        return seat_after_keyword(written);
    return -1;
}

/* A whole 4-player game typed in short forms (tests/play/game-4p.typed): every line with a
 * comment after it, from every seat's link. Only the seat whose line it is (read from the
 * line the table's link writes) may enter it; every other seat is refused and nothing is
 * written. */
static void test_comment_sweep(void **state)
{
    (void)state;
    start("sweep.xii");
    char *text = slurp("tests/play/game-4p.typed");
    int turn = -1, tried = 0, refusals = 0, own = 0;
    static const char *const comments[] = {" # x", "#x", "  #  x y"};
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (SV.tokens.nseats == 0) {        /* no seat yet: nothing to try */
            assert_true(line_by(TABLE, line));
            continue;
        }
        assert_true(line_by(TABLE, line));
        char written[512];
        snprintf(written, sizeof written, "%s", last_raw_line());
        int owner = owner_by_text(written, &turn);
        assert_true(undo_by(TABLE));
        for (size_t c = 0; c < sizeof comments / sizeof comments[0]; c++) {
            char typed[600];
            snprintf(typed, sizeof typed, "%s%s", line, comments[c]);
            for (int seat = 0; seat < SV.tokens.nseats; seat++) {
                tried++;
                if (seat != owner) {
                    refused(SV.tokens.seat[seat], typed);
                    refusals++;
                    continue;
                }
                if (!line_by(SV.tokens.seat[seat], typed))
                    fail_msg("'%s' refused from its own seat's link", typed);
                char want[600];
                snprintf(want, sizeof want, "%s  # x%s", written, c == 2 ? " y" : "");
                assert_string_equal(last_raw_line(), want);
                assert_true(undo_by(TABLE));
                own++;
            }
        }
        assert_true(line_by(TABLE, line));
    }
    free(text);
    char *want = slurp("tests/play/game-4p.xii"), *got = slurp(file_path("sweep.xii"));
    const char *body = want;
    while (*body == '#')
        body = strchr(body, '\n') + 1;     /* the source's note on top was not typed */
    assert_string_equal(got, body);
    print_message("comment sweep: %d lines tried from a seat, %d refused (not the seat's), %d taken from "
                  "their own seat\n", tried, refusals, own);
    assert_true(refusals > 2000 && own > 600);
    free(want);
    free(got);
    stop();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_comment_reproductions),
        cmocka_unit_test(test_unparsed_refused),
        cmocka_unit_test(test_notes_plain),
        cmocka_unit_test(test_comment_sweep),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
