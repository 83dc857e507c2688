/* The companion's HTTP server (libmicrohttpd behind a front door of our own, serve/door.h):
 * one thread per connection, each request read into a struct serve_request and answered by
 * serve_handle (serve/handle.h). The front door checks each request head first, so every
 * answer is ours; every answer closes its connection. The token is checked next: a request
 * without a valid one is answered 403 as soon as its head is read. Limits: bodies of
 * SERVE_MAX_BODY bytes, 128 connections (64 from one address), heads of 8 KiB, a whole head
 * within 10 s with at most 48 waiting (serve/door.h), a body within 10 s (serve/guard.h),
 * idle connections closed after 60 s, at most 40 lines or undos a second per link (burst 80;
 * a request without a valid token counts against none). Every answer carries a
 * Content-Security-Policy that allows nothing from elsewhere, and no-store. */
#ifndef SERVE_HTTP_H
#define SERVE_HTTP_H
#include "core/strbuf.h"
#include "serve/handle.h"
#include "serve/server.h"

struct serve_http;

/* What the HTTP layer serves: a table's tokens and answers (XII Century's serve_server, or
 * another game's table: serve/gtable.h). Each function takes the table's own lock. */
struct serve_table {
    void *ctx;
    /* The role of a token (tokens.h: SERVE_NOBODY for none). */
    int (*role)(void *ctx, const char *token);
    /* Answers a request whose token is valid (serve_handle's contract). */
    void (*handle)(void *ctx, const struct serve_request *rq, struct serve_response *rs);
    /* Tells the waiting pages to stop waiting (the server is stopping). */
    void (*stop)(void *ctx);
};

struct serve_http_options {
    int lan;                    /* listen on every address (else 127.0.0.1 only) */
    unsigned port;              /* 0: any free port */
    int wait_seconds;           /* the longest wait of /api/wait */
};

/* Starts serving; the port it listens on goes to *port. NULL with why in err. */
struct serve_http *serve_http_start(struct serve_server *sv, const struct serve_http_options *o,
                                    unsigned *port, struct strbuf *err);
/* Starts serving table t (copied) as serve_http_start does. */
struct serve_http *serve_http_start_table(const struct serve_table *t, const struct serve_http_options *o,
                                          unsigned *port, struct strbuf *err);
/* Stops serving (the waiting pages are told first) and frees h. */
void serve_http_stop(struct serve_http *h);

/* The security headers every answer carries, name and value, ending with {NULL, NULL}. */
extern const char *const serve_http_headers[][2];

#endif
