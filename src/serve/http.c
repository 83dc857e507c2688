/* libmicrohttpd glue: bodies gathered with a bound, query arguments looked up, the answer
 * sent with the security headers. */
#include "serve/http.h"
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "serve/door.h"
#include "serve/guard.h"
#include "serve/handle.h"
#include "serve/json.h"

#define RATE_PER_SECOND 40.0
#define RATE_BURST 80.0
#define CONNECTIONS 128         /* at once, at most */
#define PER_ADDRESS 64          /* from one address (more than UNPROVEN: room for a link) */
#define UNPROVEN 48             /* without a valid token yet (serve/guard.h) */
#define HEADER_SECONDS 10       /* a whole request (serve/guard.h) */
#define IDLE_SECONDS 60

const char *const serve_http_headers[][2] = {
    {"Content-Security-Policy",
     "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
     "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cache-Control", "no-store"},
    {NULL, NULL},
};

/* A link's writes: a token bucket. */
struct bucket {
    double tokens;
    struct timespec last;
};

struct serve_http {
    struct MHD_Daemon *d;
    struct serve_table table;
    int wait_seconds;
    int lan;                    /* any Host (else 127.0.0.1, localhost or [::1] only) */
    unsigned port;
    pthread_mutex_t rate_lock;
    struct bucket writes[XII_MAX_PLAYERS + 1];  /* each link's (index role + 1) */
    struct serve_guard guard;
    struct serve_door door;
};

/* A request (made when its request line comes). */
struct upload {
    int started;                /* the access handler has seen it */
    int nul_in_path;            /* the path as sent holds %00 (the path seen ends there) */
    struct strbuf body;
    int too_big;
};

/* One write allowed now for the link of role? (a token bucket per link: a link that floods
 * the server slows itself only) */
static int rate_ok(struct serve_http *h, int role)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&h->rate_lock);
    struct bucket *b = &h->writes[role + 1];
    if (b->last.tv_sec == 0 && b->last.tv_nsec == 0) {
        b->tokens = RATE_BURST;
    } else {
        double dt = (double)(now.tv_sec - b->last.tv_sec) + (double)(now.tv_nsec - b->last.tv_nsec) / 1e9;
        b->tokens += dt * RATE_PER_SECOND;
        if (b->tokens > RATE_BURST)
            b->tokens = RATE_BURST;
    }
    b->last = now;
    int ok = b->tokens >= 1.0;
    if (ok)
        b->tokens -= 1.0;
    pthread_mutex_unlock(&h->rate_lock);
    return ok;
}

static enum MHD_Result send_answer(struct MHD_Connection *c, int status, const char *type, const struct strbuf *body)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(body->len, (void *)strbuf_cstr(body), MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");   /* each request through the door */
    for (int k = 0; serve_http_headers[k][0]; k++)
        MHD_add_response_header(r, serve_http_headers[k][0], serve_http_headers[k][1]);
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result refuse(struct MHD_Connection *c, int status, const char *text)
{
    struct strbuf b = STRBUF_INIT;
    serve_json_error(text, &b);
    enum MHD_Result ret = send_answer(c, status, "application/json; charset=utf-8", &b);
    strbuf_free(&b);
    return ret;
}

/* The role of a token read under the server's lock. */
static int role_of(struct serve_http *h, const char *token)
{
    return h->table.role(h->table.ctx, token);
}

/* XII Century's table: serve_server behind struct serve_table. */
static int xii_role(void *ctx, const char *token)
{
    struct serve_server *sv = ctx;
    pthread_mutex_lock(&sv->lock);
    int role = serve_token_role(&sv->tokens, token);
    pthread_mutex_unlock(&sv->lock);
    return role;
}

static void xii_handle(void *ctx, const struct serve_request *rq, struct serve_response *rs)
{
    serve_handle(ctx, rq, rs);
}

static void xii_stop(void *ctx)
{
    serve_server_stop(ctx);
}

/* The guard's handle of a connection (its socket context). */
static struct serve_guard_conn *guarded(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *i = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return i ? i->socket_context : NULL;
}

/* A connection opened or closed: the guard watches it meanwhile. */
static void connection_notice(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode code)
{
    struct serve_http *h = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *i = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = i ? serve_guard_opened(&h->guard, i->connect_fd) : NULL;
    } else {
        serve_guard_closed(&h->guard, *socket_context);
        *socket_context = NULL;
    }
}

/* The request line came (before the headers): the guard learns whether it carries a valid
 * token ("token=" in the query, as sent). The request's own record starts here. */
static void *request_line(void *cls, const char *uri, struct MHD_Connection *c)
{
    struct serve_http *h = cls;
    const char *q = strchr(uri, '?'), *t = NULL;
    for (const char *p = q; p && !t; p = strchr(p + 1, '&'))
        if (strncmp(p + 1, "token=", 6) == 0)
            t = p + 7;
    char token[SERVE_TOKEN_HEX + 2] = "";
    if (t) {
        size_t n = strcspn(t, "&#");
        if (n < sizeof token) {
            memcpy(token, t, n);
            token[n] = 0;
        }
    }
    serve_guard_request(&h->guard, guarded(c), role_of(h, token) != SERVE_NOBODY);
    struct upload *u = calloc(1, sizeof *u);
    for (const char *p = uri; u && *p && *p != '?'; p++)
        if (p[0] == '%' && p[1] == '0' && p[2] == '0')
            u->nul_in_path = 1;
    return u;
}

/* Whether a Host header names this server: any with --lan; else this computer's loopback
 * names, with this server's port when one is given. */
static int host_ok(const struct serve_http *h, const char *host)
{
    if (!host || h->lan)
        return 1;
    static const char *const names[] = {"127.0.0.1", "localhost", "[::1]"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t n = strlen(names[k]);
        if (strncasecmp(host, names[k], n) != 0)
            continue;
        if (host[n] == 0)
            return 1;
        char *end;
        if (host[n] == ':' && host[n + 1] >= '0' && host[n + 1] <= '9' &&
            strtoul(host + n + 1, &end, 10) == h->port && *end == 0)
            return 1;
    }
    return 0;
}

/* Whether an Origin header (sent by a browser with a POST, or by a page from elsewhere) is
 * this server's own pages': "http://" and the Host. */
static int origin_ok(const char *origin, const char *host)
{
    if (!origin)
        return 1;
    return host && strncasecmp(origin, "http://", 7) == 0 && strcasecmp(origin + 7, host) == 0;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **con_cls)
{
    (void)version;
    struct serve_http *h = cls;
    struct upload *u = *con_cls;
    if (!u)
        return MHD_NO;      /* out of memory */
    const char *token = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    if (!u->started) {
        u->started = 1;
        /* A page from elsewhere, or a name that is not this server's (DNS rebinding): 403. */
        const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
        if (!host_ok(h, host) || !origin_ok(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"), host))
            return refuse(c, 403, "this server answers its own pages at the address it printed only "
                                  "(another host name, or a page from elsewhere)");
        /* The token first: a request without a valid one is answered 403 at once (its body
         * unread), and counts against no link's limit. */
        int role = role_of(h, token);
        if (role == SERVE_NOBODY)
            return refuse(c, 403, "this link's token is missing or wrong: open the link xii serve printed");
        serve_guard_request(&h->guard, guarded(c), 1);
        const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (len && strtoull(len, NULL, 10) > SERVE_MAX_BODY)
            return refuse(c, 413, "a line is at most 1024 bytes");
        return MHD_YES;
    }
    if (*upload_data_size) {
        if (u->body.len + *upload_data_size > SERVE_MAX_BODY)
            u->too_big = 1;
        else
            strbuf_append(&u->body, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return MHD_YES;
    }
    serve_guard_answering(&h->guard, guarded(c));
    if (u->too_big)
        return refuse(c, 413, "a line is at most 1024 bytes");
    struct serve_request rq;
    memset(&rq, 0, sizeof rq);
    rq.token = token;
    int role = role_of(h, token);
    if (role != SERVE_NOBODY && strcmp(method, "POST") == 0 && !rate_ok(h, role))
        return refuse(c, 429, "too many lines at once from this link: wait a moment");
    rq.method = method;
    rq.path = u->nul_in_path ? "(a path with a NUL byte)" : url;
    rq.since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
    rq.page = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "page");
    rq.body = strbuf_cstr(&u->body);
    rq.body_len = u->body.len;
    rq.wait_seconds = h->wait_seconds;
    struct serve_response rs;
    h->table.handle(h->table.ctx, &rq, &rs);
    enum MHD_Result ret = send_answer(c, rs.status, rs.type, &rs.body);
    strbuf_free(&rs.body);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    struct serve_http *h = cls;
    serve_guard_answered(&h->guard, guarded(c));
    struct upload *u = *con_cls;
    if (u) {
        strbuf_free(&u->body);
        free(u);
        *con_cls = NULL;
    }
}

/* A connection whose head passed the door goes to libmicrohttpd (which closes it on failure). */
static int hand(void *ctx, int fd, const struct sockaddr *addr, socklen_t len)
{
    struct serve_http *h = ctx;
    return MHD_add_connection(h->d, fd, addr, len) == MHD_YES ? 0 : -1;
}

struct serve_http *serve_http_start(struct serve_server *sv, const struct serve_http_options *o,
                                    unsigned *port, struct strbuf *err)
{
    struct serve_table t = {sv, xii_role, xii_handle, xii_stop};
    return serve_http_start_table(&t, o, port, err);
}

struct serve_http *serve_http_start_table(const struct serve_table *t, const struct serve_http_options *o,
                                          unsigned *port, struct strbuf *err)
{
    struct serve_http *h = calloc(1, sizeof *h);
    if (!h) {
        strbuf_puts(err, "out of memory");
        return NULL;
    }
    h->table = *t;
    h->wait_seconds = o->wait_seconds;
    h->lan = o->lan;
    pthread_mutex_init(&h->rate_lock, NULL);
    if (serve_door_open(&h->door, o->lan, o->port, err) != 0) {
        pthread_mutex_destroy(&h->rate_lock);
        free(h);
        return NULL;
    }
    h->port = h->door.port;
    if (serve_guard_start(&h->guard, HEADER_SECONDS, UNPROVEN) != 0) {
        strbuf_puts(err, "cannot start the server's watch over its connections");
        serve_door_close(&h->door);
        pthread_mutex_destroy(&h->rate_lock);
        free(h);
        return NULL;
    }
    h->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_NO_LISTEN_SOCKET |
                            MHD_USE_ITC, 0, NULL, NULL, answer, h,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTIONS,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_ADDRESS,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notice, h,
                            MHD_OPTION_URI_LOG_CALLBACK, request_line, h,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, h,
                            MHD_OPTION_END);
    if (!h->d || serve_door_start(&h->door, HEADER_SECONDS, UNPROVEN, serve_http_headers, hand, h) != 0) {
        strbuf_puts(err, h->d ? "cannot start the server's door" : "cannot start the HTTP server");
        if (h->d)
            MHD_stop_daemon(h->d);
        serve_door_close(&h->door);
        serve_guard_stop(&h->guard);
        pthread_mutex_destroy(&h->rate_lock);
        free(h);
        return NULL;
    }
    *port = h->port;
    return h;
}

void serve_http_stop(struct serve_http *h)
{
    if (!h)
        return;
    serve_door_close(&h->door);
    h->table.stop(h->table.ctx);
    MHD_stop_daemon(h->d);
    serve_guard_stop(&h->guard);
    pthread_mutex_destroy(&h->rate_lock);
    free(h);
}
