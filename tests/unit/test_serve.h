/* Helpers of the companion's tests (serve/handle.h without the network): a server on a new
 * file in the temporary folder, requests by token, the lines entered and taken back, FILE's
 * last line. Include after test.h. Run from the repository root. */
#ifndef TESTS_TEST_SERVE_H
#define TESTS_TEST_SERVE_H
#include <jansson.h>
#include "serve/handle.h"
#include "test_play.h"

static struct record_session *S;
static struct serve_server SV;

static inline void start(const char *name)
{
    open_new(&S, name);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(serve_server_init(&SV, S, NULL, &err), 0);
    strbuf_free(&err);
}

static inline void stop(void)
{
    serve_server_free(&SV);
    record_session_free(S);
}

static inline int ask(const char *method, const char *path, const char *token, const char *body, struct serve_response *rs)
{
    struct serve_request rq;
    memset(&rq, 0, sizeof rq);
    rq.method = method;
    rq.path = path;
    rq.token = token;
    rq.body = body ? body : "";
    rq.body_len = body ? strlen(body) : 0;
    serve_handle(&SV, &rq, rs);
    return rs->status;
}

/* POSTs a line; returns whether it was accepted (the answer's JSON says). */
static inline int line_by(const char *token, const char *line)
{
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", token, line, &rs), 200);
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    int accepted = json_is_true(json_object_get(j, "accepted"));
    json_decref(j);
    strbuf_free(&rs.body);
    return accepted;
}

static inline int undo_by(const char *token)
{
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/undo", token, NULL, &rs), 200);
    int accepted = strstr(strbuf_cstr(&rs.body), "\"accepted\": true") != NULL;
    strbuf_free(&rs.body);
    return accepted;
}

static inline const char *last_line(void)
{
    static char last[256];
    const char *t = strbuf_cstr(record_session_text(S));
    size_t n = record_session_text(S)->len;
    while (n > 0 && t[n - 1] == '\n')
        n--;
    size_t start = n;
    while (start > 0 && t[start - 1] != '\n')
        start--;
    while (t[start] == ' ')
        start++;
    snprintf(last, sizeof last, "%.*s", (int)(n - start), t + start);
    return last;
}

#define TABLE (SV.tokens.table)
#define ANN (SV.tokens.seat[0])
#define BEN (SV.tokens.seat[1])

static inline void header(void)
{
    assert_true(line_by(TABLE, "players Ann Ben"));
    assert_int_equal(SV.tokens.nseats, 2);
    assert_true(line_by(TABLE, "difficulty hard"));
    assert_true(line_by(TABLE, "events 5 water-storm, 6 water-storm, 7 outlaws-attack, 8 outlaws-attack, 9 fire, 10 famine"));
}

/* Types lines from to n (from 1) of a log file through the table's link (blank lines skipped). */
static inline void type_lines(const char *path, int from, int n)
{
    char *text = slurp(path);
    char *line = text;
    for (int k = 0; k < n && *line; k++) {
        char *end = strchr(line, '\n');
        if (end)
            *end = 0;
        if (k + 1 >= from && line[strspn(line, " ")])
            assert_true(line_by(TABLE, line));
        line = end ? end + 1 : line + strlen(line);
    }
    free(text);
}

#endif
