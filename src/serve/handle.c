/* Routing, token checks and the answers. */
#include "serve/handle.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/embedded.h"
#include "serve/decide.h"
#include "serve/hint.h"
#include "serve/json.h"
#include "serve/sheet.h"
#include "serve/wait.h"

static const char json_type[] = "application/json; charset=utf-8";

void serve_answer_error(struct serve_response *rs, int status, const char *message)
{
    rs->status = status;
    rs->type = json_type;
    strbuf_reset(&rs->body);
    serve_json_error(message, &rs->body);
}

/* The page's files, from templates/ compiled in; the page gets its token written in. */
void serve_page_file(struct serve_response *rs, const char *name, const char *type, const char *token)
{
    const struct embedded_file *f = embedded_find(name);
    if (!f) {
        serve_answer_error(rs, 500, "the page is missing from this build");
        return;
    }
    rs->status = 200;
    rs->type = type;
    const char *p = (const char *)f->data, *end = p + f->size;
    static const char mark[] = "{{token}}";
    for (;;) {
        const char *m = strstr(p, mark);
        if (!m || m >= end) {
            strbuf_append(&rs->body, p, (size_t)(end - p));
            break;
        }
        strbuf_append(&rs->body, p, (size_t)(m - p));
        strbuf_puts(&rs->body, token);
        p = m + sizeof mark - 1;
    }
}

static void wait_change(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs,
                        int role)
{
    if (serve_wait_change(rq, &sv->lock, &sv->changed, &sv->version, &sv->stopping) != 0) {
        serve_answer_error(rs, 400, SERVE_WAIT_BAD_SINCE);
        return;
    }
    rs->status = 200;
    rs->type = json_type;
    serve_json_state(sv, role, &rs->body);
    pthread_mutex_unlock(&sv->lock);
}

/* The body as one line: a final line feed dropped; NUL bytes and further lines refused. */
static int body_line(const struct serve_request *rq, struct serve_response *rs, char **line)
{
    size_t n = rq->body_len;
    if (n > SERVE_MAX_BODY) {
        serve_answer_error(rs, 413, "a line is at most 1024 bytes");
        return -1;
    }
    if (n > 0 && rq->body[n - 1] == '\n')
        n--;
    if (n > 0 && rq->body[n - 1] == '\r')
        n--;
    if (n > 0 && (memchr(rq->body, 0, n) || memchr(rq->body, '\n', n) || memchr(rq->body, '\r', n))) {
        serve_answer_error(rs, 400, "one line at a time, with no NUL byte");
        return -1;
    }
    *line = malloc(n + 1);
    if (!*line) {
        serve_answer_error(rs, 500, "out of memory");
        return -1;
    }
    if (n)
        memcpy(*line, rq->body, n);
    (*line)[n] = 0;
    return 0;
}

static void enter_line(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs,
                       int role)
{
    char *line;
    if (body_line(rq, rs, &line) != 0)
        return;
    struct serve_outcome o;
    pthread_mutex_lock(&sv->lock);
    serve_enter(sv, role, line, &o);
    serve_json_outcome(&o, sv->version, &rs->body);
    pthread_mutex_unlock(&sv->lock);
    rs->status = 200;
    rs->type = json_type;
    serve_outcome_free(&o);
    free(line);
}

static void undo(struct serve_server *sv, struct serve_response *rs, int role)
{
    struct serve_outcome o;
    pthread_mutex_lock(&sv->lock);
    serve_undo(sv, role, &o);
    serve_json_outcome(&o, sv->version, &rs->body);
    pthread_mutex_unlock(&sv->lock);
    rs->status = 200;
    rs->type = json_type;
    serve_outcome_free(&o);
}

/* A decision tapped (serve/decide.h). */
static void decide(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    if (rq->body_len > SERVE_MAX_BODY) {
        serve_answer_error(rs, 413, "a decision is at most 1024 bytes");
        return;
    }
    struct serve_outcome o;
    pthread_mutex_lock(&sv->lock);
    rs->status = serve_decide(sv, role, rq->body ? rq->body : "", rq->body_len, &o);
    serve_json_outcome(&o, sv->version, &rs->body);
    pthread_mutex_unlock(&sv->lock);
    rs->type = json_type;
    serve_outcome_free(&o);
}

/* The filled sheets of every player as one PDF, once the game is over. */
static void sheets_pdf(struct serve_server *sv, struct serve_response *rs)
{
    struct strbuf err = STRBUF_INIT;
    pthread_mutex_lock(&sv->lock);
    int rc = serve_sheets_pdf(sv, &rs->body, &err);
    pthread_mutex_unlock(&sv->lock);
    if (rc == 0) {
        rs->status = 200;
        rs->type = "application/pdf";
    } else {
        strbuf_reset(&rs->body);
        serve_answer_error(rs, 404, strbuf_cstr(&err));
    }
    strbuf_free(&err);
}

/* "/sheet/N.svg": N from 1, digits only. */
static int sheet_seat(const char *path)
{
    static const char prefix[] = "/sheet/";
    if (strncmp(path, prefix, sizeof prefix - 1) != 0)
        return -1;
    const char *p = path + sizeof prefix - 1;
    if (p[0] < '1' || p[0] > '9' || strcmp(p + 1, ".svg") != 0)
        return -1;
    return p[0] - '1';
}

static void sheet(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int seat)
{
    int page = 0;
    if (rq->page && strcmp(rq->page, "1") != 0) {
        if (strcmp(rq->page, "2") != 0) {
            serve_answer_error(rs, 400, "page is 1 (the front) or 2 (the back)");
            return;
        }
        page = 1;
    }
    struct strbuf err = STRBUF_INIT;
    pthread_mutex_lock(&sv->lock);
    const struct strbuf *svg = serve_sheet_svg(sv, seat, page, &err);
    if (svg) {
        rs->status = 200;
        rs->type = "image/svg+xml";
        strbuf_append(&rs->body, strbuf_cstr(svg), svg->len);
    }
    pthread_mutex_unlock(&sv->lock);
    if (!svg)
        serve_answer_error(rs, 404, strbuf_cstr(&err));
    strbuf_free(&err);
}

static void page_html(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)sv, (void)role;
    serve_page_file(rs, "serve.html", "text/html; charset=utf-8", rq->token);
}

static void page_js(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)sv, (void)role;
    serve_page_file(rs, "serve.js", "text/javascript; charset=utf-8", rq->token);
}

static void page_css(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)sv, (void)role;
    serve_page_file(rs, "serve.css", "text/css; charset=utf-8", rq->token);
}

static void state(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)rq;
    pthread_mutex_lock(&sv->lock);
    rs->status = 200;
    rs->type = json_type;
    serve_json_state(sv, role, &rs->body);
    pthread_mutex_unlock(&sv->lock);
}

static void undo_route(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)rq;
    undo(sv, rs, role);
}

static void sheet_route(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)role;
    sheet(sv, rq, rs, sheet_seat(rq->path));
}

static int is_sheet(const char *path)
{
    return sheet_seat(path) >= 0;
}

static void hint(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role)
{
    (void)rq;
    rs->type = json_type;
    rs->status = serve_hint(sv, role, &rs->body);
}

static void sheets_pdf_route(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs,
                             int role)
{
    (void)rq, (void)role;
    sheets_pdf(sv, rs);
}

/* The pages and the API, by path (or a test of the path) and method. */
struct route {
    const char *path;
    int (*matches)(const char *path);       /* instead of path, when not NULL */
    const char *method;
    void (*run)(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs, int role);
};
static const struct route routes[] = {
    {"/", NULL, "GET", page_html},
    {"/page.js", NULL, "GET", page_js},
    {"/page.css", NULL, "GET", page_css},
    {"/api/state", NULL, "GET", state},
    {"/api/wait", NULL, "GET", wait_change},
    {"/api/line", NULL, "POST", enter_line},
    {"/api/undo", NULL, "POST", undo_route},
    {"/api/decide", NULL, "POST", decide},
    {"/api/hint", NULL, "GET", hint},
    {"/sheet/N.svg", is_sheet, "GET", sheet_route},
    {"/sheets.pdf", NULL, "GET", sheets_pdf_route},
};

void serve_handle(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs)
{
    memset(rs, 0, sizeof *rs);
    pthread_mutex_lock(&sv->lock);
    int role = serve_token_role(&sv->tokens, rq->token);
    pthread_mutex_unlock(&sv->lock);
    if (role == SERVE_NOBODY) {
        serve_answer_error(rs, 403, "this link's token is missing or wrong: open the link xii serve printed");
        return;
    }
    const char *path = rq->path ? rq->path : "";
    const struct route *r = NULL;
    for (size_t k = 0; k < sizeof routes / sizeof routes[0] && !r; k++)
        if (routes[k].matches ? routes[k].matches(path) : strcmp(path, routes[k].path) == 0)
            r = &routes[k];
    if (!r) {
        serve_answer_error(rs, 404, "no such page");
        return;
    }
    if (!rq->method || strcmp(rq->method, r->method) != 0) {
        serve_answer_error(rs, 405, "method not allowed here");
        return;
    }
    r->run(sv, rq, rs, role);
}
