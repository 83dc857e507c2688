/* The companion's front door: the server's own listening socket, and every connection's
 * request head read (looked at, not taken) and checked before libmicrohttpd sees it.
 * libmicrohttpd answers what it cannot parse with its own pages, without the security
 * headers every answer must carry, and closes the connection with no answer at all when a
 * request has more query arguments than its memory holds (issue 30): here such a request is
 * answered by our own refusal, with those headers, and libmicrohttpd only ever gets a head
 * it parses. Every answer closes its connection (Connection: close), so each request comes
 * through the door.
 *
 * A head is at most SERVE_DOOR_HEAD_MAX bytes: a request line "METHOD /path?query
 * HTTP/1.x" (the path and query at most SERVE_DOOR_TARGET_MAX bytes, at most
 * SERVE_DOOR_ARGS_MAX query arguments), then at most SERVE_DOOR_FIELDS_MAX header lines
 * "Name: value", then an empty line; a body only with a Content-Length (digits). It must
 * arrive within header_seconds of the connection's opening; at most pending_max connections
 * wait at the door, one more closes the oldest (so a new one always gets in). */
#ifndef SERVE_DOOR_H
#define SERVE_DOOR_H
#include <pthread.h>
#include <stddef.h>
#include <sys/socket.h>
#include "core/strbuf.h"

#define SERVE_DOOR_HEAD_MAX 8192
#define SERVE_DOOR_TARGET_MAX 4096
#define SERVE_DOOR_ARGS_MAX 32
#define SERVE_DOOR_FIELDS_MAX 64

/* Whether head[0..len) (what has arrived so far) is a whole request head we pass on: 0 yes;
 * -1 not whole yet; otherwise the HTTP status of the refusal (400, 414, 431, 501, 505) with
 * why in *why. */
int serve_door_check(const char *head, size_t len, const char **why);

struct serve_door_waiting;

struct serve_door {
    int listen_fd;
    unsigned port;
    int header_seconds, pending_max;
    const char *const (*headers)[2];    /* the security headers, ending with {NULL, NULL} */
    /* Hands over a connection whose head passed (its bytes still unread); takes fd. */
    int (*hand)(void *ctx, int fd, const struct sockaddr *addr, socklen_t len);
    void *ctx;
    pthread_t thread;
    int running, wake[2];
    struct serve_door_waiting *waiting;
    int nwaiting;
    unsigned long refused, late, pushed, handed;
};

/* Listens on 127.0.0.1 (or every address with lan) at port (0: any free one; the port taken
 * goes to door->port). Returns 0, or -1 with why in err. */
int serve_door_open(struct serve_door *door, int lan, unsigned port, struct strbuf *err);
/* Starts letting connections in: heads that pass go to hand. Returns 0, or -1 (no thread;
 * the door is then closed). */
int serve_door_start(struct serve_door *door, int header_seconds, int pending_max, const char *const (*headers)[2],
                     int (*hand)(void *ctx, int fd, const struct sockaddr *addr, socklen_t len), void *ctx);
/* Stops, closes the waiting connections and the listening socket. Safe after a failed open. */
void serve_door_close(struct serve_door *door);

#endif
