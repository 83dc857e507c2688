/* The companion's requests (serve/handle.h), without the network: every request without a
 * valid token is refused with 403 and changes nothing; each seat's link enters and undoes
 * only that seat's lines, the table's link the rest; the war is entered seat by seat; the
 * routes, methods and limits answer as docs/serve.md says. Run from the repository root. */
#include "test.h"
#include <jansson.h>
#include <unistd.h>
#include "advisor/advice_hint.h"
#include "serve/handle.h"
#include "serve/hint.h"
#include "serve/permit.h"
#include "test_serve.h"

static void test_tokens(void **state)
{
    (void)state;
    char a[SERVE_TOKEN_HEX + 1], b[SERVE_TOKEN_HEX + 1];
    assert_int_equal(serve_token_new(a), 0);
    assert_int_equal(serve_token_new(b), 0);
    assert_int_equal(strlen(a), 32);
    assert_int_equal(strspn(a, "0123456789abcdef"), 32);
    assert_string_not_equal(a, b);
    struct serve_tokens t;
    memset(&t, 0, sizeof t);
    memcpy(t.table, a, sizeof a);
    memcpy(t.seat[0], b, sizeof b);
    assert_int_equal(serve_token_role(&t, a), SERVE_TABLE);
    assert_int_equal(serve_token_role(&t, b), SERVE_NOBODY);     /* no seat known yet */
    t.nseats = 1;
    assert_int_equal(serve_token_role(&t, b), 0);
    assert_int_equal(serve_token_role(&t, NULL), SERVE_NOBODY);
    assert_int_equal(serve_token_role(&t, ""), SERVE_NOBODY);
    char c[SERVE_TOKEN_HEX + 2];
    snprintf(c, sizeof c, "%sx", a);
    assert_int_equal(serve_token_role(&t, c), SERVE_NOBODY);     /* longer */
    c[SERVE_TOKEN_HEX - 1] = 0;
    assert_int_equal(serve_token_role(&t, c), SERVE_NOBODY);     /* shorter */
    memcpy(c, a, sizeof a);
    c[5] = c[5] == '0' ? '1' : '0';
    assert_int_equal(serve_token_role(&t, c), SERVE_NOBODY);     /* one digit off */
    /* An empty slot is no token. */
    memset(&t, 0, sizeof t);
    assert_int_equal(serve_token_role(&t, ""), SERVE_NOBODY);
}

/* Every route and method, with no token, an empty one, a wrong one, one digit off, a seat
 * beyond the players: 403, and FILE and the version unchanged. */
static void test_every_request_without_its_token(void **state)
{
    (void)state;
    start("tokens.xii");
    header();
    assert_true(line_by(TABLE, "round 1"));
    char *before = slurp(file_path("tokens.xii"));
    unsigned long version = SV.version;
    static const char *const paths[] = {"/", "/page.js", "/page.css", "/api/state", "/api/wait", "/api/line",
                                        "/api/undo", "/sheet/1.svg", "/sheet/2.svg", "/api/hint", "/api/decide",
                                        "/sheets.pdf", "/nowhere", "/../etc/passwd"};
    static const char *const methods[] = {"GET", "POST", "PUT", "DELETE", "HEAD"};
    char off[SERVE_TOKEN_HEX + 1];
    memcpy(off, TABLE, sizeof off);
    off[0] = off[0] == 'a' ? 'b' : 'a';
    char seat3[SERVE_TOKEN_HEX + 1];
    memcpy(seat3, SV.tokens.seat[2], sizeof seat3);    /* empty: the game has two players */
    const char *tokens[] = {NULL, "", "0", off, seat3, "00000000000000000000000000000000"};
    int n = 0;
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++)
        for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++)
            for (size_t t = 0; t < sizeof tokens / sizeof tokens[0]; t++) {
                struct serve_response rs;
                assert_int_equal(ask(methods[m], paths[p], tokens[t], "shared 3 4", &rs), 403);
                assert_non_null(strstr(strbuf_cstr(&rs.body), "\"error\""));
                strbuf_free(&rs.body);
                n++;
            }
    assert_int_equal(n, 14 * 5 * 6);
    char *after = slurp(file_path("tokens.xii"));
    assert_string_equal(before, after);
    assert_int_equal(SV.version, version);
    free(before);
    free(after);
    stop();
}

static void test_routes(void **state)
{
    (void)state;
    start("routes.xii");
    struct serve_response rs;
    assert_int_equal(ask("GET", "/", TABLE, NULL, &rs), 200);
    assert_string_equal(rs.type, "text/html; charset=utf-8");
    char src[80];
    snprintf(src, sizeof src, "page.js?token=%s", TABLE);
    assert_non_null(strstr(strbuf_cstr(&rs.body), src));
    assert_null(strstr(strbuf_cstr(&rs.body), "{{token}}"));
    assert_null(strstr(strbuf_cstr(&rs.body), "http"));   /* nothing from elsewhere */
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/page.js", TABLE, NULL, &rs), 200);
    assert_non_null(strstr(rs.type, "javascript"));
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/page.css", TABLE, NULL, &rs), 200);
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/nowhere", TABLE, NULL, &rs), 404);
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/api/state/", TABLE, NULL, &rs), 404);
    strbuf_free(&rs.body);
    assert_int_equal(ask("POST", "/api/state", TABLE, NULL, &rs), 405);
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/api/line", TABLE, NULL, &rs), 405);
    strbuf_free(&rs.body);
    /* No game yet: no sheet; seats beyond 9 are no page. */
    assert_int_equal(ask("GET", "/sheet/1.svg", TABLE, NULL, &rs), 404);
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/sheet/10.svg", TABLE, NULL, &rs), 404);
    strbuf_free(&rs.body);
    assert_int_equal(ask("GET", "/sheet/0.svg", TABLE, NULL, &rs), 404);
    strbuf_free(&rs.body);
    /* A wait needs the version the page has; another version answers at once. */
    assert_int_equal(ask("GET", "/api/wait", TABLE, NULL, &rs), 400);
    strbuf_free(&rs.body);
    struct serve_request rq = {.method = "GET", .path = "/api/wait", .token = TABLE, .since = "12345",
                               .wait_seconds = 30};
    serve_handle(&SV, &rq, &rs);
    assert_int_equal(rs.status, 200);
    strbuf_free(&rs.body);
    rq.since = "0";
    rq.wait_seconds = 0;
    serve_handle(&SV, &rq, &rs);
    assert_int_equal(rs.status, 200);
    strbuf_free(&rs.body);
    /* Not a version number: answered at once, 400. */
    const char *bad[] = {"", "12x", "-1", " 1", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rq.since = bad[i];
        serve_handle(&SV, &rq, &rs);
        assert_int_equal(rs.status, 400);
        assert_non_null(strstr(strbuf_cstr(&rs.body), "since needs the version number"));
        strbuf_free(&rs.body);
    }
    /* Bodies: too long, a NUL, two lines. */
    char big[SERVE_MAX_BODY + 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    assert_int_equal(ask("POST", "/api/line", TABLE, big, &rs), 413);
    strbuf_free(&rs.body);
    struct serve_request nul = {.method = "POST", .path = "/api/line", .token = TABLE, .body = "pla\0yers", .body_len = 8};
    serve_handle(&SV, &nul, &rs);
    assert_int_equal(rs.status, 400);
    strbuf_free(&rs.body);
    assert_int_equal(ask("POST", "/api/line", TABLE, "players Ann Ben\ndifficulty hard", &rs), 400);
    strbuf_free(&rs.body);
    assert_int_equal(record_session_text(S)->len, 0);
    /* One line feed at the end is the line's own. */
    assert_true(line_by(TABLE, "players Ann Ben\r\n"));
    assert_string_equal(last_line(), "players Ann Ben");
    stop();
}

static int decided(const char *token, const char *rest);

static void test_permissions(void **state)
{
    (void)state;
    start("seats.xii");
    assert_int_equal(SV.tokens.nseats, 0);
    /* Seats get their links once the players are known. */
    header();
    assert_false(line_by(ANN, "round 1"));          /* the table's */
    assert_true(line_by(TABLE, "round 1"));
    assert_false(line_by(BEN, "shared 3 4"));
    assert_false(line_by(ANN, "# a note"));         /* comments: the table's */
    struct serve_response empty;                     /* nothing typed: the recorder's answer */
    assert_int_equal(ask("POST", "/api/line", ANN, "  ", &empty), 200);
    assert_non_null(strstr(strbuf_cstr(&empty.body), "nothing to enter"));
    strbuf_free(&empty.body);
    assert_true(line_by(TABLE, "shared 3 4"));
    assert_false(line_by(BEN, "turn Ann 1 2"));     /* another seat's turn */
    assert_false(line_by(BEN, "1 2"));              /* its short form */
    assert_true(line_by(ANN, "1 2"));
    assert_string_equal(last_line(), "turn Ann 1 2");
    assert_false(line_by(BEN, "4 population"));     /* Ann's move */
    assert_true(line_by(ANN, "4 population"));
    assert_false(undo_by(BEN));                     /* Ann's line */
    assert_string_equal(last_line(), "4 population");
    assert_true(undo_by(ANN));
    assert_string_equal(last_line(), "turn Ann 1 2");
    assert_true(line_by(ANN, "4 population"));
    assert_true(undo_by(TABLE));                    /* the table takes back anything */
    assert_true(line_by(TABLE, "4 population"));    /* and enters anything */
    /* The recorder's refusals come through with the audit's message. */
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", ANN, "9 food", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "[rule: syntax]"));
    strbuf_free(&rs.body);
    assert_int_equal(ask("POST", "/api/line", ANN, "reserve 6 food", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "[rule: reserve-empty]"));
    strbuf_free(&rs.body);
    assert_int_equal(ask("POST", "/api/line", ANN, "4 f\377ood", &rs), 200);   /* not UTF-8 */
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    assert_non_null(strstr(json_string_value(json_object_get(j, "message")), "[rule: encoding]"));
    json_decref(j);
    strbuf_free(&rs.body);
    const char *ann[] = {"reserve 4 farms", "3 food", "2 supply", "1 store"};
    for (int k = 0; k < 4; k++)
        assert_true(line_by(ANN, ann[k]));
    assert_false(undo_by(BEN));
    const char *ben[] = {"turn Ben 1 5", "5 influence farmland", "4 population", "reserve 4 farms", "3 food", "1 supply"};
    for (int k = 0; k < 6; k++)
        assert_true(line_by(BEN, ben[k]));
    /* The war, seat by seat: a seat enters only its own part; the line is written once
     * every seat has entered, and a seat takes back its part until then. */
    assert_false(line_by(BEN, "war Ann avoid"));
    assert_false(line_by(ANN, "war Ann avoid, Ben avoid"));
    assert_false(line_by(ANN, "war Ann support 3"));     /* no POW: avoid only */
    unsigned long v = SV.version;
    assert_true(line_by(ANN, "war Ann avoid"));
    assert_true(SV.version > v);                         /* the pages hear who has entered */
    assert_string_equal(last_line(), "1 supply");
    assert_true(undo_by(ANN));                           /* her war part, not Ben's line */
    assert_string_equal(last_line(), "1 supply");
    assert_true(line_by(ANN, "war Ann avoid"));
    /* The last entry writes the war line; the answer says what the rules did at the round's end. */
    struct serve_response war;
    assert_int_equal(ask("POST", "/api/line", BEN, "war Ben avoid", &war), 200);
    json_t *w = json_loads(strbuf_cstr(&war.body), 0, NULL);
    assert_true(json_is_true(json_object_get(w, "accepted")));
    assert_non_null(strstr(json_string_value(json_object_get(w, "narration")), "end of round 1"));
    json_decref(w);
    strbuf_free(&war.body);
    assert_string_equal(last_line(), "war Ann avoid, Ben avoid");
    /* The table's line: no seat may take it back. */
    assert_false(undo_by(ANN));
    assert_false(undo_by(BEN));
    assert_true(undo_by(TABLE));
    assert_true(line_by(TABLE, "war Ann avoid, Ben avoid"));
    /* The table's link enters a player's part for them, by its button: it waits like theirs. */
    assert_true(undo_by(TABLE));
    assert_true(decided(TABLE, "\"kind\": \"war\", \"seat\": 1, \"support\": false, \"dice\": []"));
    assert_true(SV.war.seat[0].entered);
    assert_string_equal(last_line(), "1 supply");
    assert_false(decided(ANN, "\"kind\": \"war\", \"seat\": 2, \"support\": false, \"dice\": []"));
    assert_true(decided(BEN, "\"kind\": \"war\", \"support\": false, \"dice\": []"));
    assert_string_equal(last_line(), "war Ann avoid, Ben avoid");
    char *text = slurp(file_path("seats.xii"));
    assert_non_null(strstr(text, "turn Ann 1 2\n  4 population\n  reserve 4 farms\n"));
    free(text);
    stop();
}

static void test_state(void **state)
{
    (void)state;
    start("state.xii");
    header();
    assert_true(line_by(TABLE, "round 1"));
    assert_true(line_by(TABLE, "shared 3 4"));
    assert_true(line_by(ANN, "1 2"));
    const char *who[] = {TABLE, ANN, BEN};
    for (int k = 0; k < 3; k++) {
        struct serve_response rs;
        assert_int_equal(ask("GET", "/api/state", who[k], NULL, &rs), 200);
        json_error_t e;
        json_t *j = json_loads(strbuf_cstr(&rs.body), 0, &e);
        assert_non_null(j);
        json_t *aw = json_object_get(j, "awaited");
        assert_string_equal(json_string_value(json_object_get(aw, "kind")), "die");
        assert_int_equal(json_integer_value(json_object_get(aw, "seat")), 1);
        assert_int_equal(json_array_size(json_object_get(aw, "dice")), 4);
        /* The legal uses go to the seat whose turn it is, and to the table. */
        size_t moves = json_array_size(json_object_get(aw, "moves"));
        if (k == 2)
            assert_int_equal(moves, 0);
        else
            assert_true(moves > 10);
        assert_int_equal(json_is_true(json_object_get(aw, "yours")), k == 1);
        assert_int_equal(json_array_size(json_object_get(j, "players")), 2);
        assert_int_equal(json_integer_value(json_object_get(j, "statements")), 6);
        json_decref(j);
        strbuf_free(&rs.body);
    }
    /* Every legal use offered is accepted by the recorder. */
    struct serve_response rs;
    ask("GET", "/api/state", ANN, NULL, &rs);
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    json_t *moves = json_object_get(json_object_get(j, "awaited"), "moves");
    for (size_t i = 0; i < json_array_size(moves); i++) {
        const char *line = json_string_value(json_object_get(json_array_get(moves, i), "line"));
        assert_true(line_by(ANN, line));
        assert_true(undo_by(ANN));
    }
    json_decref(j);
    strbuf_free(&rs.body);
    /* Seat 1's sheet, front and back, as SVG. */
    assert_int_equal(ask("GET", "/sheet/1.svg", BEN, NULL, &rs), 200);
    assert_string_equal(rs.type, "image/svg+xml");
    assert_non_null(strstr(strbuf_cstr(&rs.body), "<svg"));
    strbuf_free(&rs.body);
    struct serve_request rq = {.method = "GET", .path = "/sheet/2.svg", .token = ANN, .page = "2"};
    serve_handle(&SV, &rq, &rs);
    assert_int_equal(rs.status, 200);
    strbuf_free(&rs.body);
    rq.page = "3";
    serve_handle(&SV, &rq, &rs);
    assert_int_equal(rs.status, 400);
    strbuf_free(&rs.body);
    stop();
}

/* POSTs a decision (serve/decide.h) with the version the server is at (when version is -1);
 * returns the status, the answer's JSON in *answer. */
static int decide_by(const char *token, long long version, const char *rest, json_t **answer)
{
    char body[512];
    snprintf(body, sizeof body, "{\"version\": %lld, %s}", version < 0 ? (long long)SV.version : version, rest);
    struct serve_response rs;
    int status = ask("POST", "/api/decide", token, body, &rs);
    *answer = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(*answer);
    strbuf_free(&rs.body);
    return status;
}

static int decided(const char *token, const char *rest)
{
    json_t *j;
    int status = decide_by(token, -1, rest, &j);
    int accepted = status == 200 && json_is_true(json_object_get(j, "accepted"));
    json_decref(j);
    return accepted;
}

/* The state as token sees it (free with json_decref). */
static json_t *state_of(const char *token)
{
    struct serve_response rs;
    assert_int_equal(ask("GET", "/api/state", token, NULL, &rs), 200);
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    strbuf_free(&rs.body);
    return j;
}

/* The index of the move listed with that line, or -1. */
static long long move_index(json_t *st, const char *line)
{
    json_t *moves = json_object_get(json_object_get(st, "awaited"), "moves");
    for (size_t i = 0; i < json_array_size(moves); i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(moves, i), "line")), line) == 0)
            return json_integer_value(json_object_get(json_array_get(moves, i), "index"));
    return -1;
}

/* The buttons' decisions: each is written by src/log as the statement, checked for the seat
 * as a typed line is, and refused when the page's version is one FILE has left. */
static void test_decide(void **state)
{
    (void)state;
    start("decide.xii");
    header();
    /* Round 1 is started by a button too: the header is whole, round 1 is awaited. */
    json_t *st = state_of(TABLE);
    assert_string_equal(json_string_value(json_object_get(json_object_get(st, "awaited"), "kind")), "round");
    assert_string_equal(json_string_value(json_object_get(json_object_get(st, "you"), "name")), "the table");
    json_decref(st);
    assert_false(decided(ANN, "\"kind\": \"round\""));        /* the table's */
    assert_true(decided(TABLE, "\"kind\": \"round\""));
    assert_string_equal(last_line(), "round 1");
    assert_true(decided(TABLE, "\"kind\": \"shared\", \"dice\": [3, 4]"));
    assert_string_equal(last_line(), "shared 3 4");
    assert_false(decided(BEN, "\"kind\": \"turn\", \"dice\": [1, 2]"));   /* Ann's roll */
    assert_true(decided(ANN, "\"kind\": \"turn\", \"dice\": [1, 2]"));
    assert_string_equal(last_line(), "turn Ann 1 2");
    /* Every move listed: its waste mark is the audit's warning on the line written. */
    st = state_of(ANN);
    json_t *moves = json_object_get(json_object_get(st, "awaited"), "moves");
    size_t n = json_array_size(moves), wasted = 0;
    assert_true(n > 10);
    for (size_t i = 0; i < n; i++) {
        json_t *m = json_array_get(moves, i);
        char rest[80];
        snprintf(rest, sizeof rest, "\"kind\": \"move\", \"index\": %lld", json_integer_value(json_object_get(m, "index")));
        json_t *a;
        assert_int_equal(decide_by(ANN, -1, rest, &a), 200);
        assert_true(json_is_true(json_object_get(a, "accepted")));
        char want[120];
        snprintf(want, sizeof want, "%s\n", json_string_value(json_object_get(m, "line")));
        assert_string_equal(json_string_value(json_object_get(a, "written")) + strspn(json_string_value(json_object_get(a, "written")), " "), want);
        int warned = strstr(json_string_value(json_object_get(a, "warnings")), "[rule: waste]") != NULL;
        assert_int_equal(json_is_true(json_object_get(m, "waste")), warned);
        wasted += (size_t)warned;
        json_decref(a);
        assert_true(undo_by(ANN));
    }
    assert_true(wasted > 0);
    /* Ben's link lists no move of Ann's turn, and cannot enter one. */
    json_t *ben = state_of(BEN);
    assert_int_equal(json_array_size(json_object_get(json_object_get(ben, "awaited"), "moves")), 0);
    json_decref(ben);
    char rest[80];
    snprintf(rest, sizeof rest, "\"kind\": \"move\", \"index\": %lld", move_index(st, "4 population"));
    assert_false(decided(BEN, rest));
    /* A page the game has left: refused with a message, nothing written. */
    unsigned long old = SV.version;
    assert_true(decided(ANN, rest));
    assert_string_equal(last_line(), "4 population");
    json_t *a;
    assert_int_equal(decide_by(ANN, (long long)old, rest, &a), 409);
    assert_non_null(strstr(json_string_value(json_object_get(a, "message")), "moved on"));
    json_decref(a);
    assert_string_equal(last_line(), "4 population");
    json_decref(st);
    /* Bad decisions: 400, nothing written. */
    assert_int_equal(decide_by(ANN, -1, "\"kind\": \"move\", \"index\": 999", &a), 400);
    json_decref(a);
    assert_int_equal(decide_by(ANN, -1, "\"kind\": \"fly\"", &a), 400);
    json_decref(a);
    assert_int_equal(decide_by(ANN, -1, "\"kind\": \"turn\", \"dice\": [7, 1]", &a), 400);
    json_decref(a);
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/decide", ANN, "4 food", &rs), 400);
    strbuf_free(&rs.body);
    assert_string_equal(last_line(), "4 population");
    /* The other dice, then a reserve die may follow: the next player's roll is offered to
     * Ben already, and "no reserve die" is Ann's (or the table's) to say. */
    assert_true(line_by(ANN, "3 food"));
    assert_true(line_by(ANN, "2 supply"));
    assert_true(line_by(ANN, "1 store"));
    st = state_of(BEN);
    json_t *aw = json_object_get(st, "awaited");
    assert_string_equal(json_string_value(json_object_get(aw, "kind")), "reserve");
    json_t *then = json_object_get(aw, "then");
    assert_string_equal(json_string_value(json_object_get(then, "kind")), "turn");
    assert_int_equal(json_integer_value(json_object_get(then, "seat")), 2);
    assert_false(json_is_true(json_object_get(then, "passed")));
    /* The players' values are the ones before the turn's end (feeding not done yet). */
    json_t *ann = json_array_get(json_object_get(st, "players"), 0);
    assert_int_equal(json_integer_value(json_object_get(ann, "food")), 3);
    json_decref(st);
    assert_false(decided(BEN, "\"kind\": \"pass\""));
    assert_true(decided(ANN, "\"kind\": \"pass\""));
    assert_false(decided(ANN, "\"kind\": \"pass\""));        /* said already */
    st = state_of(TABLE);
    assert_true(json_is_true(json_object_get(json_object_get(json_object_get(st, "awaited"), "then"), "passed")));
    json_decref(st);
    assert_true(undo_by(ANN));                                  /* takes the pass back */
    assert_string_equal(last_line(), "1 store");
    assert_true(decided(BEN, "\"kind\": \"turn\", \"dice\": [1, 5]"));
    assert_string_equal(last_line(), "turn Ben 1 5");
    stop();
}

/* The end of a game: every link sees the final standings (the engine's scores by category and
 * winners; solo, the objective), the filled sheets come as a PDF, and each player's check line
 * is a button (a decision) that the audit then finds clean. */
static void end_of(const char *golden, int lines, int players, const char *objective)
{
    open_new(&S, "end.xii");
    type_golden_but(S, golden, lines, 0, NULL);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(serve_server_init(&SV, S, NULL, &err), 0);     /* the seats' links too */
    strbuf_free(&err);
    assert_int_equal(record_session_replay(S)->state.phase, PHASE_GAME_OVER);
    const struct game_state *gs = &record_session_replay(S)->state;
    int winners[XII_MAX_PLAYERS];
    int nw = engine_winners(gs, winners);
    struct serve_response rs;
    assert_int_equal(ask("GET", "/sheets.pdf", TABLE, NULL, &rs), 200);
    assert_string_equal(rs.type, "application/pdf");
    assert_memory_equal(strbuf_cstr(&rs.body), "%PDF-", 5);
    strbuf_free(&rs.body);
    const char *who[] = {TABLE, ANN};
    for (int k = 0; k < 2; k++) {
        json_t *st = state_of(who[k]);
        json_t *sd = json_object_get(st, "standings");
        assert_true(json_is_object(sd));
        json_t *ps = json_object_get(sd, "players");
        assert_int_equal(json_array_size(ps), (size_t)players);
        for (int p = 0; p < players; p++) {
            json_t *e = json_array_get(ps, (size_t)p);
            struct score_breakdown b;
            engine_score(gs, p, &b);
            assert_int_equal(json_integer_value(json_object_get(e, "score")), b.total);
            assert_int_equal(json_integer_value(json_object_get(e, "people")), b.people);
            assert_int_equal(json_integer_value(json_object_get(e, "infrastructures")), b.infrastructures);
            int won = 0;
            for (int w = 0; w < nw; w++)
                won |= winners[w] == p;
            assert_int_equal(json_is_true(json_object_get(e, "winner")), won);
            assert_false(json_is_true(json_object_get(e, "checked")));
        }
        json_t *obj = json_object_get(sd, "objective");
        if (objective) {
            assert_string_equal(json_string_value(json_object_get(obj, "name")), objective);
            assert_int_equal(json_is_true(json_object_get(obj, "achieved")), engine_objective_achieved(gs) == 1);
        } else {
            assert_null(obj);
        }
        json_decref(st);
    }
    /* The check lines by their buttons: each seat its own, the table any. */
    assert_false(decided(ANN, "\"kind\": \"check\", \"seat\": 2") && players > 1);
    assert_true(decided(ANN, "\"kind\": \"check\", \"seat\": 1"));
    assert_int_equal(strncmp(last_line(), "check ", 6), 0);
    for (int p = 2; p <= players; p++) {
        char rest[64];
        snprintf(rest, sizeof rest, "\"kind\": \"check\", \"seat\": %d", p);
        assert_true(decided(TABLE, rest));
    }
    json_t *st = state_of(TABLE);
    json_t *ps = json_object_get(json_object_get(st, "standings"), "players");
    for (int p = 0; p < players; p++)
        assert_true(json_is_true(json_object_get(json_array_get(ps, (size_t)p), "checked")));
    json_decref(st);
    struct strbuf report = STRBUF_INIT;
    assert_int_equal(record_session_report(S, &report), 1);
    strbuf_free(&report);
    stop();
}

static void test_end(void **state)
{
    (void)state;
    end_of("game-solo.xii", 109, 1, "Merchant");
    end_of("game-2p.xii", 184, 2, NULL);
}

/* The tokens kept beside FILE: private, and the same links after a restart. */
static void test_links_kept(void **state)
{
    (void)state;
    char links[300];
    snprintf(links, sizeof links, "%s", file_path("kept.xii.links"));
    remove(links);
    open_new(&S, "kept.xii");
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    struct stat st;
    assert_int_equal(stat(links, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    header();
    struct serve_tokens first = SV.tokens;
    serve_server_free(&SV);
    record_session_free(S);
    /* A restart: the same links for the table and both seats. */
    assert_int_equal(record_session_open(&S, &GD, file_path("kept.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    assert_string_equal(SV.tokens.table, first.table);
    assert_int_equal(SV.tokens.nseats, 2);
    assert_string_equal(SV.tokens.seat[0], first.seat[0]);
    assert_string_equal(SV.tokens.seat[1], first.seat[1]);
    assert_true(line_by(first.table, "round 1"));
    serve_server_free(&SV);
    /* A file that is not one of links is refused, not overwritten. */
    FILE *f = fopen(links, "w");
    assert_non_null(f);
    fputs("table 123\n", f);
    fclose(f);
    assert_int_equal(serve_server_init(&SV, S, links, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "not a file of links"));
    char *text = slurp(links);
    assert_string_equal(text, "table 123\n");
    free(text);
    record_session_free(S);
    strbuf_free(&err);
}

static json_t *hint_by(const char *token, int status)
{
    struct serve_response rs;
    assert_int_equal(ask("GET", "/api/hint", token, NULL, &rs), status);
    assert_string_equal(rs.type, "application/json; charset=utf-8");
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    strbuf_free(&rs.body);
    return j;
}

/* The hint: what xii hint says (the advisor's report at the same position with its default
 * settings) for the player whose decision it is and for the table; another player is told
 * whose decision it is; each plan's lines are lines the recorder takes; busy is refused. */
static void test_hint(void **state)
{
    (void)state;
    start("hint.xii");
    header();
    json_t *j = hint_by(TABLE, 200);
    assert_true(json_is_null(json_object_get(j, "hint")));
    assert_non_null(strstr(json_string_value(json_object_get(j, "message")), "no decision is due"));
    json_decref(j);
    /* Round 10, Ann's last turn with two dice left (a quick hint: the game's end is near). */
    stop();
    start("hint.xii");
    type_lines("tests/browser/game-2p.xii", 1, 153);
    assert_string_equal(last_line(), "6 supply");
    struct advice_hint_settings h;
    advice_hint_settings_init(&h, ADVICE_HINT_ROLLOUTS);
    struct advice_hint want;
    struct strbuf why = STRBUF_INIT, report = STRBUF_INIT;
    assert_int_equal(advice_hint_rank(record_session_replay(S), record_session_awaited(S), -1, &h, &want, &why), 0);
    advice_hint_report(&want, &h, SERVE_HINT_TOP, 0, &report);
    advice_hint_free(&want);
    j = hint_by(BEN, 200);
    assert_true(json_is_null(json_object_get(j, "hint")));
    assert_string_equal(json_string_value(json_object_get(j, "message")),
                        "the decision at the end of the log is Ann's, not Ben's");
    json_decref(j);
    const char *who[] = {ANN, TABLE};
    for (int k = 0; k < 2; k++) {
        j = hint_by(who[k], 200);
        /* The same position as xii hint's (the page's is a quicker answer: 32 rollouts a plan
         * at most, in 1 s at most, so its figures are not the same). */
        const char *got = json_string_value(json_object_get(j, "hint"));
        size_t first = strcspn(strbuf_cstr(&report), "\n");
        assert_int_equal(strncmp(got, strbuf_cstr(&report), first + 1), 0);
        assert_int_equal(json_integer_value(json_object_get(j, "rollouts")), SERVE_HINT_ROLLOUTS);
        assert_int_equal(json_integer_value(json_object_get(j, "statements")), (long long)record_session_statements(S));
        assert_int_equal(json_integer_value(json_object_get(j, "version")), (long long)SV.version);
        json_t *plans = json_object_get(j, "plans");
        assert_true(json_array_size(plans) >= 1);
        /* The best plan's lines, entered from Ann's link, are accepted; then taken back. */
        json_t *lines = json_object_get(json_array_get(plans, 0), "lines");
        assert_true(json_array_size(lines) >= 2);
        for (size_t i = 0; i < json_array_size(lines); i++)
            assert_true(line_by(ANN, json_string_value(json_array_get(lines, i))));
        for (size_t i = 0; i < json_array_size(lines); i++)
            assert_true(undo_by(ANN));
        json_decref(j);
    }
    /* The king war after it: Ben is asked about his own choice. */
    type_lines("tests/browser/game-2p.xii", 154, 155);
    j = hint_by(BEN, 200);
    assert_non_null(strstr(json_string_value(json_object_get(j, "hint")), "Ben, round 10"));
    json_decref(j);
    /* Busy: no more hints at once than the limit, and one at a time per link. */
    SV.hints_running = SERVE_HINTS_AT_ONCE;
    j = hint_by(ANN, 429);
    assert_non_null(strstr(json_string_value(json_object_get(j, "error")), "busy"));
    json_decref(j);
    SV.hints_running = 1;
    SV.hinting[1] = 1;
    j = hint_by(ANN, 429);
    assert_non_null(strstr(json_string_value(json_object_get(j, "error")), "this link"));
    json_decref(j);
    SV.hints_running = 0;
    SV.hinting[1] = 0;
    strbuf_free(&why);
    strbuf_free(&report);
    stop();
}

/* Writes text to path. */
static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The server stopped and started again on FILE, keeping the war entries in war; returns what
 * serve_server_keep_war returned, its message in msg. */
static int restart(const char *name, const char *war, struct strbuf *msg)
{
    stop();
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(&S, &GD, file_path(name), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, NULL, &err), 0);
    strbuf_free(&err);
    strbuf_reset(msg);
    return serve_server_keep_war(&SV, war, msg);
}

/* The war entries waiting survive a restart (FILE.war), and go once the war line is written;
 * entries from another point of the game, or that the war does not await, are ignored with a
 * message. */
static void test_war_kept(void **state)
{
    (void)state;
    char war[300], text[300];
    snprintf(war, sizeof war, "%s", file_path("warkept.xii.war"));
    remove(war);
    start("warkept.xii");
    struct strbuf msg = STRBUF_INIT;
    assert_int_equal(serve_server_keep_war(&SV, war, &msg), 0);    /* none kept yet */
    type_lines("tests/browser/game-2p.xii", 1, 20);     /* round 1's turns: the war awaited */
    assert_string_equal(last_line(), "1 supply");
    size_t n = record_session_statements(S);
    assert_true(line_by(ANN, "war Ann avoid"));
    char *kept = slurp(war);
    snprintf(text, sizeof text, "statements %zu\nwar Ann avoid\n", n);
    assert_string_equal(kept, text);
    free(kept);
    assert_int_equal(restart("warkept.xii", war, &msg), 0);
    assert_true(SV.war.seat[0].entered);
    assert_false(SV.war.seat[1].entered);
    assert_true(undo_by(ANN));                       /* taken back: nothing kept */
    assert_int_equal(access(war, F_OK), -1);
    assert_true(line_by(ANN, "war Ann avoid"));
    assert_int_equal(restart("warkept.xii", war, &msg), 0);
    assert_true(line_by(BEN, "war Ben avoid"));      /* the last entry: the war line */
    assert_string_equal(last_line(), "war Ann avoid, Ben avoid");
    assert_int_equal(access(war, F_OK), -1);         /* gone with it */
    assert_true(undo_by(TABLE));
    /* Kept at another statement count: the game went on (or back). */
    snprintf(text, sizeof text, "statements %zu\nwar Ann avoid\n", n - 1);
    spit(war, text);
    assert_int_equal(restart("warkept.xii", war, &msg), 1);
    assert_non_null(strstr(strbuf_cstr(&msg), "the game went on"));
    assert_false(SV.war.seat[0].entered);
    assert_int_equal(access(war, F_OK), -1);
    /* An entry the war does not take (Ann has no POW), and what is no file of entries. */
    snprintf(text, sizeof text, "statements %zu\nwar Ann support 3\n", n);
    spit(war, text);
    assert_int_equal(restart("warkept.xii", war, &msg), 1);
    assert_non_null(strstr(strbuf_cstr(&msg), "no POW"));
    snprintf(text, sizeof text, "statements %zu\nwar Ann avoid, Ben avoid\n", n);
    spit(war, text);
    assert_int_equal(restart("warkept.xii", war, &msg), 1);
    assert_non_null(strstr(strbuf_cstr(&msg), "not one player's war entry"));
    spit(war, "round 3\n");
    assert_int_equal(restart("warkept.xii", war, &msg), 1);
    assert_non_null(strstr(strbuf_cstr(&msg), "not a file of war entries"));
    assert_false(SV.war.seat[0].entered);
    strbuf_free(&msg);
    stop();
}

/* The status of GET /api/state for token. */
static int state_status(const char *token)
{
    struct serve_response rs;
    int status = ask("GET", "/api/state", token, NULL, &rs);
    strbuf_free(&rs.body);
    return status;
}

/* The seats' links follow the players line: taken back, none works; entered anew, a seat
 * whose player changed gets a new link and the old one stops; a seat whose player stays
 * keeps its link (also across a restart, FILE.links naming each seat's player). */
static void test_seats_follow_players(void **state)
{
    (void)state;
    char links[300];
    snprintf(links, sizeof links, "%s", file_path("follow.xii.links"));
    remove(links);
    open_new(&S, "follow.xii");
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    assert_true(line_by(TABLE, "players Ann Ben Cid"));
    assert_int_equal(SV.tokens.nseats, 3);
    struct serve_tokens three = SV.tokens;
    assert_int_equal(state_status(three.seat[2]), 200);
    /* Taken back: no seat's link works. */
    assert_true(undo_by(TABLE));
    assert_int_equal(SV.tokens.nseats, 0);
    for (int p = 0; p < 3; p++)
        assert_int_equal(state_status(three.seat[p]), 403);
    /* One other player: a new link for her; Ann's and Cid's stop. */
    assert_true(line_by(TABLE, "players Xena"));
    assert_int_equal(SV.tokens.nseats, 1);
    assert_string_equal(serve_seat_name(&SV, 0), "Xena");
    assert_string_not_equal(SV.tokens.seat[0], three.seat[0]);
    assert_int_equal(state_status(SV.tokens.seat[0]), 200);
    for (int p = 0; p < 3; p++)
        assert_int_equal(state_status(three.seat[p]), 403);
    assert_true(undo_by(TABLE));
    /* Two players, then three: the two keep their links, the third gets one. */
    assert_true(line_by(TABLE, "players Ann Ben"));
    struct serve_tokens two = SV.tokens;
    assert_true(undo_by(TABLE));
    assert_true(line_by(TABLE, "players Ann Ben Cid"));
    assert_int_equal(SV.tokens.nseats, 3);
    assert_string_equal(SV.tokens.seat[0], two.seat[0]);
    assert_string_equal(SV.tokens.seat[1], two.seat[1]);
    assert_int_equal(state_status(SV.tokens.seat[2]), 200);
    struct serve_tokens now = SV.tokens;
    /* Taken back and entered again as it was: the same links. */
    assert_true(undo_by(TABLE));
    assert_true(line_by(TABLE, "players Ann Ben Cid"));
    assert_memory_equal(SV.tokens.seat, now.seat, sizeof now.seat);
    assert_true(line_by(TABLE, "difficulty hard"));
    stop();
    /* A restart keeps every link. */
    assert_int_equal(record_session_open(&S, &GD, file_path("follow.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    assert_int_equal(SV.tokens.nseats, 3);
    assert_string_equal(SV.tokens.table, now.table);
    assert_memory_equal(SV.tokens.seat, now.seat, sizeof now.seat);
    char *text = slurp(links);
    assert_non_null(strstr(text, "seat 3 "));
    assert_non_null(strstr(text, " Cid\n"));
    free(text);
    stop();
    /* An older FILE.links, without the players' names: each seat keeps its link. */
    FILE *f = fopen(links, "w");
    assert_non_null(f);
    fprintf(f, "table %s\nseat 1 %s\nseat 2 %s\n", now.table, now.seat[0], now.seat[1]);
    fclose(f);
    assert_int_equal(record_session_open(&S, &GD, file_path("follow.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    assert_int_equal(SV.tokens.nseats, 3);
    assert_string_equal(SV.tokens.seat[0], now.seat[0]);
    assert_string_equal(SV.tokens.seat[1], now.seat[1]);
    assert_string_not_equal(SV.tokens.seat[2], now.seat[2]);
    stop();
    strbuf_free(&err);
}

/* The answer's JSON for a line or an undo from token (the caller frees it). */
static json_t *answer_to(const char *path, const char *token, const char *line)
{
    struct serve_response rs;
    assert_int_equal(ask("POST", path, token, line, &rs), 200);
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    strbuf_free(&rs.body);
    return j;
}

/* An undo's answer says what was taken back as taken back; a check line the rules disagree
 * with is written but said to be a mismatch, not a plain success. */
static void test_answers_say(void **state)
{
    (void)state;
    start("answers.xii");
    header();
    assert_true(line_by(TABLE, "round"));
    assert_true(line_by(TABLE, "3 4"));
    assert_true(line_by(ANN, "1 2"));
    json_t *j = answer_to("/api/line", ANN, "4 population");
    assert_true(json_is_true(json_object_get(j, "accepted")));
    assert_true(json_is_false(json_object_get(j, "undone")));
    assert_true(json_is_false(json_object_get(j, "mismatch")));
    json_decref(j);
    j = answer_to("/api/undo", ANN, NULL);
    assert_true(json_is_true(json_object_get(j, "accepted")));
    assert_true(json_is_true(json_object_get(j, "undone")));
    assert_string_equal(json_string_value(json_object_get(j, "written")), "  4 population\n");
    json_decref(j);
    j = answer_to("/api/line", ANN, "check Ann food 9");
    assert_true(json_is_true(json_object_get(j, "accepted")));
    assert_true(json_is_true(json_object_get(j, "mismatch")));
    const char *m = json_string_value(json_object_get(j, "message"));
    assert_non_null(strstr(m, "undo takes it back"));
    assert_null(strstr(m, "as the table typed it"));
    json_decref(j);
    stop();
}

/* The narration's texts in /api/state, one string (each entry's text, then a line "--"). */
static char *narration_texts(void)
{
    struct serve_response rs;
    assert_int_equal(ask("GET", "/api/state", TABLE, NULL, &rs), 200);
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    struct strbuf all = STRBUF_INIT;
    json_t *news = json_object_get(j, "narration");
    for (size_t i = 0; i < json_array_size(news); i++)
        strbuf_printf(&all, "%s--\n", json_string_value(json_object_get(json_array_get(news, i), "text")));
    json_decref(j);
    strbuf_free(&rs.body);
    return strbuf_detach(&all);
}

/* What happened is rebuilt from FILE at a restart: the same entries as before it (the lines
 * with what the rules did, the warnings and a check line's findings, the notes). */
static void test_story_after_restart(void **state)
{
    (void)state;
    start("story.xii");
    type_lines("tests/browser/game-2p.xii", 1, 44);
    assert_true(line_by(TABLE, "# a note from the table"));
    assert_true(line_by(TABLE, "check Ann food 99"));        /* its findings */
    type_lines("tests/browser/game-2p.xii", 45, 50);
    char *before = narration_texts();
    assert_non_null(strstr(before, "a note from the table"));
    assert_non_null(strstr(before, "check Ann food 99"));
    stop();
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(&S, &GD, file_path("story.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, NULL, &err), 0);
    char *after = narration_texts();
    assert_string_equal(after, before);
    free(before);
    free(after);
    /* Fewer lines than the entries kept: every one told. */
    stop();
    start("story2.xii");
    assert_true(line_by(TABLE, "players Ann Ben"));
    before = narration_texts();
    stop();
    assert_int_equal(record_session_open(&S, &GD, file_path("story2.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, NULL, &err), 0);
    after = narration_texts();
    assert_string_equal(after, before);
    assert_string_equal(after, "players Ann Ben\n--\n");
    free(before);
    free(after);
    stop();
    strbuf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_every_request_without_its_token),
        cmocka_unit_test(test_routes),
        cmocka_unit_test(test_permissions),
        cmocka_unit_test(test_state),
        cmocka_unit_test(test_decide),
        cmocka_unit_test(test_end),
        cmocka_unit_test(test_links_kept),
        cmocka_unit_test(test_hint),
        cmocka_unit_test(test_war_kept),
        cmocka_unit_test(test_seats_follow_players),
        cmocka_unit_test(test_answers_say),
        cmocka_unit_test(test_story_after_restart),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
