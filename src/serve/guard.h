/* The companion's connections watched, so that slow or idle clients cannot lock the table
 * out (issue 30: 64 requests dribbling one byte every 5 s filled every connection):
 *
 * - A deadline for the whole request: a request's header (and body) must arrive within
 *   header_seconds of its request line; a connection that has not shown a valid token gets
 *   header_seconds from its opening (or from its last answer) for its whole request,
 *   request line included. Past it, the guard shuts the connection down.
 * - Room kept for the links: at most unproven_max connections that have not shown a valid
 *   token are kept; one more opening shuts the oldest of them down (one not being answered),
 *   so a new connection always gets in, and a phone's request line, sent at once, proves it.
 *   Connections that have shown a valid token are never pushed out this way.
 * While a request is being answered (a long wait, a hint) no deadline runs; an idle
 * keep-alive connection of a link is closed by the server's own idle timeout.
 *
 * The guard knows sockets, not HTTP: the HTTP layer (serve/http.c) tells it when a
 * connection opens, when its request line comes (with or without a valid token), when the
 * answer starts and ends, and when it is closed; a thread of the guard enforces the
 * deadlines. A connection is shut down (shutdown(2)), never closed: its owner closes it. */
#ifndef SERVE_GUARD_H
#define SERVE_GUARD_H
#include <pthread.h>
#include <time.h>

struct serve_guard_conn;

struct serve_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    int running, stopping;
    int header_seconds, unproven_max;
    struct serve_guard_conn *oldest, *newest;
    int unproven;               /* connections open that have not shown a valid token */
    unsigned long late, pushed; /* connections shut down: past their deadline, to make room */
};

/* Starts watching (its thread runs until serve_guard_stop). Returns 0, or -1 when the thread
 * cannot start. */
int serve_guard_start(struct serve_guard *g, int header_seconds, int unproven_max);
/* Stops the thread and forgets every connection (their sockets are their owner's). */
void serve_guard_stop(struct serve_guard *g);

/* A connection opened on socket fd: its handle (NULL when out of memory: not watched). */
struct serve_guard_conn *serve_guard_opened(struct serve_guard *g, int fd);
/* Its request line came; valid_token: it carries a link's token. */
void serve_guard_request(struct serve_guard *g, struct serve_guard_conn *c, int valid_token);
/* Its request is whole (header and body) and being answered: no deadline until it ends. */
void serve_guard_answering(struct serve_guard *g, struct serve_guard_conn *c);
/* Its answer is sent: the connection waits for its next request. */
void serve_guard_answered(struct serve_guard *g, struct serve_guard_conn *c);
/* It is closed: forgotten (before its socket is closed). */
void serve_guard_closed(struct serve_guard *g, struct serve_guard_conn *c);

#endif
