/* Deadlines and room for the companion's connections, enforced by one thread. */
#include "serve/guard.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>

struct serve_guard_conn {
    int fd;
    int proven;                 /* a request on it carried a valid token */
    int answering;              /* its request is being answered */
    int shut;                   /* shut down by the guard */
    struct timespec deadline;   /* {0, 0}: none */
    struct serve_guard_conn *older, *newer;
};

static struct timespec now_plus(int seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += seconds;
    return t;
}

static int passed(const struct timespec *deadline, const struct timespec *now)
{
    if (deadline->tv_sec == 0 && deadline->tv_nsec == 0)
        return 0;
    return now->tv_sec > deadline->tv_sec || (now->tv_sec == deadline->tv_sec && now->tv_nsec >= deadline->tv_nsec);
}

/* Shuts c down (its thread then sees the end of the stream and closes it). Lock held. */
static void shut(struct serve_guard *g, struct serve_guard_conn *c)
{
    if (c->shut)
        return;
    c->shut = 1;
    if (!c->proven)
        g->unproven--;
    shutdown(c->fd, SHUT_RDWR);
}

static void *watch(void *arg)
{
    struct serve_guard *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        struct timespec now, until;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (struct serve_guard_conn *c = g->oldest; c; c = c->newer)
            if (!c->shut && !c->answering && passed(&c->deadline, &now)) {
                shut(g, c);
                g->late++;
            }
        until = now;
        until.tv_nsec += 250000000L;     /* a look every quarter of a second */
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (!g->stopping && pthread_cond_timedwait(&g->wake, &g->lock, &until) != ETIMEDOUT)
            ;
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int serve_guard_start(struct serve_guard *g, int header_seconds, int unproven_max)
{
    *g = (struct serve_guard){.header_seconds = header_seconds, .unproven_max = unproven_max};
    pthread_mutex_init(&g->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&g->wake, &attr);
    pthread_condattr_destroy(&attr);
    if (pthread_create(&g->thread, NULL, watch, g) != 0) {
        pthread_cond_destroy(&g->wake);
        pthread_mutex_destroy(&g->lock);
        return -1;
    }
    g->running = 1;
    return 0;
}

void serve_guard_stop(struct serve_guard *g)
{
    if (!g->running)
        return;
    pthread_mutex_lock(&g->lock);
    g->stopping = 1;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
    pthread_join(g->thread, NULL);
    while (g->oldest) {
        struct serve_guard_conn *c = g->oldest;
        g->oldest = c->newer;
        free(c);
    }
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
    g->running = 0;
}

struct serve_guard_conn *serve_guard_opened(struct serve_guard *g, int fd)
{
    struct serve_guard_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    c->deadline = now_plus(g->header_seconds);
    pthread_mutex_lock(&g->lock);
    /* Room: the oldest connection without a token goes (none being answered). */
    for (struct serve_guard_conn *o = g->oldest; o && g->unproven >= g->unproven_max; o = o->newer)
        if (!o->proven && !o->shut && !o->answering) {
            shut(g, o);
            g->pushed++;
        }
    c->older = g->newest;
    if (g->newest)
        g->newest->newer = c;
    else
        g->oldest = c;
    g->newest = c;
    g->unproven++;
    pthread_mutex_unlock(&g->lock);
    return c;
}

void serve_guard_request(struct serve_guard *g, struct serve_guard_conn *c, int valid_token)
{
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    if (valid_token && !c->proven && !c->shut) {
        c->proven = 1;
        g->unproven--;
    }
    if (c->proven)
        c->deadline = now_plus(g->header_seconds);     /* a link's request: from its request line */
    pthread_mutex_unlock(&g->lock);
}

void serve_guard_answering(struct serve_guard *g, struct serve_guard_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    c->answering = 1;
    pthread_mutex_unlock(&g->lock);
}

void serve_guard_answered(struct serve_guard *g, struct serve_guard_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    c->answering = 0;
    /* A link's connection idles until the server's own idle timeout; another gets a new
     * deadline for its next whole request. */
    c->deadline = c->proven ? (struct timespec){0, 0} : now_plus(g->header_seconds);
    pthread_mutex_unlock(&g->lock);
}

void serve_guard_closed(struct serve_guard *g, struct serve_guard_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    if (!c->proven && !c->shut)
        g->unproven--;
    if (c->older)
        c->older->newer = c->newer;
    else
        g->oldest = c->newer;
    if (c->newer)
        c->newer->older = c->older;
    else
        g->newest = c->older;
    pthread_mutex_unlock(&g->lock);
    free(c);
}
