/* libmicrohttpd glue: bodies gathered with a bound, query arguments looked up, the answer
 * sent with the security headers. */
#include "serve/http.h"
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "serve/handle.h"
#include "serve/json.h"

#define RATE_PER_SECOND 40.0
#define RATE_BURST 80.0

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
    struct serve_server *sv;
    int wait_seconds;
    pthread_mutex_t rate_lock;
    struct bucket writes[XII_MAX_PLAYERS + 1];  /* each link's (index role + 1) */
};

struct upload {
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

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **con_cls)
{
    (void)version;
    struct serve_http *h = cls;
    struct upload *u = *con_cls;
    if (!u) {
        const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (len && strtoull(len, NULL, 10) > SERVE_MAX_BODY)
            return refuse(c, 413, "a line is at most 1024 bytes");
        u = calloc(1, sizeof *u);
        if (!u)
            return MHD_NO;
        *con_cls = u;
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
    if (u->too_big)
        return refuse(c, 413, "a line is at most 1024 bytes");
    struct serve_request rq;
    memset(&rq, 0, sizeof rq);
    rq.token = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    /* The token first: a request without a valid one is answered 403 (serve_handle) and
     * counts against no link's limit. */
    pthread_mutex_lock(&h->sv->lock);
    int role = serve_token_role(&h->sv->tokens, rq.token);
    pthread_mutex_unlock(&h->sv->lock);
    if (role != SERVE_NOBODY && strcmp(method, "POST") == 0 && !rate_ok(h, role))
        return refuse(c, 429, "too many lines at once from this link: wait a moment");
    rq.method = method;
    rq.path = url;
    rq.since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
    rq.page = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "page");
    rq.body = strbuf_cstr(&u->body);
    rq.body_len = u->body.len;
    rq.wait_seconds = h->wait_seconds;
    struct serve_response rs;
    serve_handle(h->sv, &rq, &rs);
    enum MHD_Result ret = send_answer(c, rs.status, rs.type, &rs.body);
    strbuf_free(&rs.body);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    struct upload *u = *con_cls;
    if (u) {
        strbuf_free(&u->body);
        free(u);
        *con_cls = NULL;
    }
}

struct serve_http *serve_http_start(struct serve_server *sv, const struct serve_http_options *o,
                                    unsigned *port, struct strbuf *err)
{
    struct serve_http *h = calloc(1, sizeof *h);
    if (!h) {
        strbuf_puts(err, "out of memory");
        return NULL;
    }
    h->sv = sv;
    h->wait_seconds = o->wait_seconds;
    pthread_mutex_init(&h->rate_lock, NULL);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)o->port);
    addr.sin_addr.s_addr = htonl(o->lan ? INADDR_ANY : INADDR_LOOPBACK);
    h->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, (uint16_t)o->port,
                            NULL, NULL, answer, h,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)32,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)16384,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
                            MHD_OPTION_END);
    if (!h->d) {
        strbuf_printf(err, "cannot listen on %s port %u (in use, or not allowed)", o->lan ? "every address" : "127.0.0.1",
                      o->port);
        pthread_mutex_destroy(&h->rate_lock);
        free(h);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    *port = info ? info->port : o->port;
    return h;
}

void serve_http_stop(struct serve_http *h)
{
    if (!h)
        return;
    serve_server_stop(h->sv);
    MHD_stop_daemon(h->d);
    pthread_mutex_destroy(&h->rate_lock);
    free(h);
}
