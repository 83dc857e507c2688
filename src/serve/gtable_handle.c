/* A solo game's table answers: its page, its state as JSON, decisions by index, undo. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/json.h"
#include "serve/gtable.h"
#include "serve/wait.h"
#include "serve/ghint.h"

static const char answer_type[] = "application/json; charset=utf-8";

/* The legal decisions now (the caller frees *out), and how many. */
static size_t legal_now(const struct serve_gtable *t, unsigned char **out)
{
    const struct game *g = gsession_game(t->s);
    unsigned char *buf = malloc(g->decision_size);
    size_t n = buf ? gsession_legal(t->s, buf, NULL, 1) : 0;
    if (n > 1) {
        unsigned char *more = realloc(buf, n * g->decision_size);
        if (!more) {
            free(buf);
            buf = NULL;
            n = 0;
        } else {
            buf = more;
            n = gsession_legal(t->s, buf, NULL, n);
        }
    }
    *out = buf;
    return buf ? n : 0;
}

static const char *who(int current)
{
    return current == GAME_OVER ? "over" : current == GAME_CHANCE ? "dice" : "player";
}

/* The state as the page shows it at this version. Lock held. */
static void state_json(const struct serve_gtable *t, struct strbuf *out)
{
    const struct game *g = gsession_game(t->s);
    unsigned char *legal;
    size_t n = legal_now(t, &legal);
    json_t *doc = json_object();
    json_object_set_new(doc, "game", json_string(g->name));
    json_object_set_new(doc, "title", json_string(g->title));
    const char *path = gsession_path(t->s), *base = strrchr(path, '/');
    json_object_set_new(doc, "file", json_string(base ? base + 1 : path));
    json_object_set_new(doc, "version", json_uint(t->version));
    json_object_set_new(doc, "current", json_string(who(gsession_current(t->s))));
    json_object_set_new(doc, "over", json_boolean(gsession_over(t->s)));
    json_object_set_new(doc, "waiting", json_boolean(gsession_waiting(t->s)));
    struct strbuf w = STRBUF_INIT;
    gsession_prompt(t->s, &w);
    json_object_set_new(doc, "prompt", json_string(strbuf_cstr(&w)));
    json_t *board = g->board ? g->board(gsession_state(t->s), legal, n) : json_object();
    json_t *words = json_object_get(board, "decisions");
    json_t *list = json_array();
    for (size_t i = 0; i < n; i++) {
        /* The game's own words: its log line for the decision, else the board's (a decision
         * the log leaves implicit, or writes with a later one). */
        strbuf_reset(&w);
        g->write_decision(gsession_state(t->s), legal + i * g->decision_size, &w);
        while (w.len > 0 && w.data[w.len - 1] == '\n')
            w.data[--w.len] = 0;
        json_t *d = json_object();
        json_t *bd = json_array_get(words, i);
        const char *label = w.len > 0 && !strchr(strbuf_cstr(&w), '\n') ? strbuf_cstr(&w)
                          : json_string_value(json_object_get(bd, "words"));
        json_object_set_new(d, "index", json_integer((json_int_t)i));
        json_object_set_new(d, "label", json_text(label ? label : ""));
        json_t *hexes = json_object_get(bd, "hexes");
        json_object_set_new(d, "places", hexes ? json_incref(hexes) : json_array());
        json_array_append_new(list, d);
    }
    json_object_del(board, "decisions");
    json_object_set_new(doc, "decisions", list);
    json_object_set_new(doc, "board", board);
    json_object_set_new(doc, "sheet", json_boolean(t->sheet_pdf != NULL));
    json_object_set_new(doc, "news", json_string(strbuf_cstr(&t->news)));
    json_object_set_new(doc, "log", json_string(strbuf_cstr(gsession_text(t->s))));
    json_doc_write(doc, NULL, out);
    json_decref(doc);
    strbuf_free(&w);
    free(legal);
}

static void state(struct serve_gtable *t, struct serve_response *rs)
{
    pthread_mutex_lock(&t->lock);
    rs->status = 200;
    rs->type = answer_type;
    state_json(t, &rs->body);
    pthread_mutex_unlock(&t->lock);
}

static int parse_number(const char *s, const char *end, unsigned long *out)
{
    if (!s || s == end || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *stop;
    *out = strtoul(s, &stop, 10);
    return errno || stop != end ? -1 : 0;
}

static void wait_change(struct serve_gtable *t, const struct serve_request *rq, struct serve_response *rs)
{
    if (serve_wait_change(rq, &t->lock, &t->changed, &t->version, &t->stopping) != 0) {
        serve_answer_error(rs, 400, SERVE_WAIT_BAD_SINCE);
        return;
    }
    rs->status = 200;
    rs->type = answer_type;
    state_json(t, &rs->body);
    pthread_mutex_unlock(&t->lock);
}

/* The body's numbers: "V" or "V I" (a final line feed allowed). Returns how many, or -1. */
static int body_numbers(const struct serve_request *rq, unsigned long v[2])
{
    size_t n = rq->body_len;
    if (n > 0 && rq->body[n - 1] == '\n')
        n--;
    const char *p = rq->body, *end = p + n;
    int k = 0;
    while (p < end && k < 2) {
        const char *sp = memchr(p, ' ', (size_t)(end - p));
        const char *stop = sp ? sp : end;
        if (parse_number(p, stop, &v[k]) != 0)
            return -1;
        k++;
        p = sp ? sp + 1 : end;
    }
    return p < end ? -1 : k;
}

/* The answer to a decision or an undo: the outcome, and the state after it. Lock held. */
static void outcome(struct serve_gtable *t, struct serve_response *rs, int status, const char *message)
{
    rs->status = status;
    rs->type = answer_type;
    if (status != 200) {
        serve_answer_error(rs, status, message);
        return;
    }
    state_json(t, &rs->body);
}

/* A version's check: 409 when the page shows another. Lock held. */
static int stale(const struct serve_gtable *t, unsigned long v, struct serve_response *rs)
{
    if (v == t->version)
        return 0;
    outcome((struct serve_gtable *)t, rs, 409, "the game has moved on since this page was drawn: look again");
    return 1;
}

static void changed(struct serve_gtable *t, const char *what)
{
    strbuf_reset(&t->news);
    strbuf_puts(&t->news, what);
    t->version++;
    pthread_cond_broadcast(&t->changed);
}

static void decide(struct serve_gtable *t, const struct serve_request *rq, struct serve_response *rs)
{
    unsigned long v[2];
    if (body_numbers(rq, v) != 2) {
        serve_answer_error(rs, 400, "a decision is the page's version and the decision's index: \"V I\"");
        return;
    }
    pthread_mutex_lock(&t->lock);
    if (stale(t, v[0], rs)) {
        pthread_mutex_unlock(&t->lock);
        return;
    }
    unsigned char *legal;
    size_t n = legal_now(t, &legal);
    if (v[1] >= n) {
        outcome(t, rs, 400, n ? "no such decision in the list" : "the game is over: nothing to decide");
    } else {
        struct gsession_result res;
        gsession_decide(t->s, legal + v[1] * gsession_game(t->s)->decision_size, &res);
        if (res.outcome == GSESSION_ACCEPTED) {
            struct strbuf what = STRBUF_INIT;
            strbuf_append(&what, res.written.data ? res.written.data : "", res.written.len);
            strbuf_append(&what, res.narration.data ? res.narration.data : "", res.narration.len);
            strbuf_append(&what, res.warnings.data ? res.warnings.data : "", res.warnings.len);
            changed(t, strbuf_cstr(&what));
            strbuf_free(&what);
            outcome(t, rs, 200, NULL);
        } else {
            outcome(t, rs, res.outcome == GSESSION_WRITE_FAILED ? 500 : 400, strbuf_cstr(&res.message));
        }
        gsession_result_free(&res);
    }
    free(legal);
    pthread_mutex_unlock(&t->lock);
}

static void undo(struct serve_gtable *t, const struct serve_request *rq, struct serve_response *rs)
{
    unsigned long v[2];
    if (body_numbers(rq, v) != 1) {
        serve_answer_error(rs, 400, "an undo is the page's version: \"V\"");
        return;
    }
    pthread_mutex_lock(&t->lock);
    if (!stale(t, v[0], rs)) {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        int k = gsession_undo(t->s, &undone, &err);
        if (k < 0) {
            outcome(t, rs, 500, strbuf_cstr(&err));
        } else if (k == 0) {
            outcome(t, rs, 400, "nothing to take back");
        } else {
            struct strbuf what = STRBUF_INIT;
            strbuf_printf(&what, "taken back:\n%s", strbuf_cstr(&undone));
            changed(t, strbuf_cstr(&what));
            strbuf_free(&what);
            outcome(t, rs, 200, NULL);
        }
        strbuf_free(&undone);
        strbuf_free(&err);
    }
    pthread_mutex_unlock(&t->lock);
}

static void sheet(struct serve_gtable *t, struct serve_response *rs)
{
    if (!t->sheet_pdf) {
        serve_answer_error(rs, 404, "this game has no sheet to draw");
        return;
    }
    struct strbuf err = STRBUF_INIT;
    pthread_mutex_lock(&t->lock);
    const struct strbuf *text = gsession_text(t->s);
    int rc = t->sheet_pdf(t->sheet_ctx, text->data ? text->data : "", text->len, &rs->body, &err);
    pthread_mutex_unlock(&t->lock);
    if (rc == 0) {
        rs->status = 200;
        rs->type = "application/pdf";
    } else {
        serve_answer_error(rs, 500, strbuf_cstr(&err));
    }
    strbuf_free(&err);
}

void serve_gtable_handle(struct serve_gtable *t, const struct serve_request *rq, struct serve_response *rs)
{
    memset(rs, 0, sizeof *rs);
    pthread_mutex_lock(&t->lock);
    int r = serve_token_role(&t->tokens, rq->token);
    pthread_mutex_unlock(&t->lock);
    if (r == SERVE_NOBODY) {
        serve_answer_error(rs, 403, "this link's token is missing or wrong: open the link xii serve printed");
        return;
    }
    static const char *const paths[][2] = {
        {"/", "GET"}, {"/page.js", "GET"}, {"/page.css", "GET"}, {"/api/state", "GET"},
        {"/api/wait", "GET"}, {"/api/decide", "POST"}, {"/api/undo", "POST"}, {"/sheet.pdf", "GET"},
        {"/api/hint", "GET"},
    };
    const char *path = rq->path ? rq->path : "";
    int k = 0, count = (int)(sizeof paths / sizeof paths[0]);
    while (k < count && strcmp(path, paths[k][0]) != 0)
        k++;
    if (k == count) {
        serve_answer_error(rs, 404, "no such page");
        return;
    }
    if (!rq->method || strcmp(rq->method, paths[k][1]) != 0) {
        serve_answer_error(rs, 405, "method not allowed here");
        return;
    }
    switch (k) {
    case 0: serve_page_file(rs, "gserve.html", "text/html; charset=utf-8", rq->token); break;
    case 1: serve_page_file(rs, "gserve.js", "text/javascript; charset=utf-8", rq->token); break;
    case 2: serve_page_file(rs, "gserve.css", "text/css; charset=utf-8", rq->token); break;
    case 3: state(t, rs); break;
    case 4: wait_change(t, rq, rs); break;
    case 5: decide(t, rq, rs); break;
    case 6: undo(t, rq, rs); break;
    case 7: sheet(t, rs); break;
    default: serve_gtable_hint(t, rs); break;
    }
}
