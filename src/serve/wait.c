/* The long poll of a table's version, for GET /api/wait (serve/wait.h). */
#include "serve/wait.h"
#include <errno.h>
#include <stdlib.h>
#include <time.h>

int serve_wait_change(const struct serve_request *rq, pthread_mutex_t *lock, pthread_cond_t *changed,
                      const unsigned long *version, const int *stopping)
{
    const char *s = rq->since;
    char *end = NULL;
    unsigned long since = 0;
    if (s && *s >= '0' && *s <= '9') {
        errno = 0;
        since = strtoul(s, &end, 10);
    }
    if (!end || errno || *end)
        return -1;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += rq->wait_seconds;
    pthread_mutex_lock(lock);
    while (*version == since && !*stopping && rq->wait_seconds > 0)
        if (pthread_cond_timedwait(changed, lock, &until) == ETIMEDOUT)
            break;
    return 0;
}
