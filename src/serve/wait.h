/* The long poll of GET /api/wait?since=V, shared by both tables (serve/server.h, serve/gtable.h). */
#ifndef SERVE_WAIT_H
#define SERVE_WAIT_H
#include <pthread.h>
#include "serve/handle.h"

/* What a 400 says when since is not a version number. */
#define SERVE_WAIT_BAD_SINCE "since needs the version number the page has"

/* Reads V from rq->since, then takes lock and holds it while *version is still V, *stopping is
 * not set and rq->wait_seconds have not passed (waiting on changed). Returns 0 with lock held
 * (the caller answers from the table and unlocks), or -1 when since is not a number (lock not
 * taken: the caller answers 400 with SERVE_WAIT_BAD_SINCE). */
int serve_wait_change(const struct serve_request *rq, pthread_mutex_t *lock, pthread_cond_t *changed,
                      const unsigned long *version, const int *stopping);

#endif
