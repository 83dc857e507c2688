/* The worker pool: workers take the next job number under a lock until none is left. */
#include "bots/pool.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

struct run {
    const struct pool_job *p;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int next, done, running, failed, workers;
    struct strbuf err;              /* the first failure */
};

struct worker_arg {
    struct run *r;
    int worker;
};

static void fail(struct run *r, const char *why)
{
    pthread_mutex_lock(&r->lock);
    if (!r->failed) {
        r->failed = 1;
        strbuf_puts(&r->err, why);
    }
    pthread_mutex_unlock(&r->lock);
}

static void *worker(void *arg)
{
    const struct worker_arg *w = arg;
    struct run *r = w->r;
    struct strbuf err = STRBUF_INIT;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int k = r->failed ? r->p->jobs : r->next++;
        pthread_mutex_unlock(&r->lock);
        if (k >= r->p->jobs)
            break;
        strbuf_reset(&err);
        if (r->p->run(r->p->ctx, w->worker, k, &err) != 0) {
            fail(r, strbuf_cstr(&err));
            break;
        }
        pthread_mutex_lock(&r->lock);
        r->done++;
        pthread_cond_signal(&r->changed);
        pthread_mutex_unlock(&r->lock);
    }
    pthread_mutex_lock(&r->lock);
    r->running--;
    pthread_cond_signal(&r->changed);
    pthread_mutex_unlock(&r->lock);
    strbuf_free(&err);
    return NULL;
}

/* 0.2 s from now, on the clock pthread_cond_timedwait reads. */
static struct timespec report_deadline(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 200000000;
    if (t.tv_nsec >= 1000000000) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000;
    }
    return t;
}

int pool_threads(const struct pool_job *p)
{
    int threads = p->threads < 1 ? 1 : p->threads > p->jobs ? p->jobs : p->threads;
    if (threads < 1)
        threads = 1;
    return threads > POOL_MAX_THREADS ? POOL_MAX_THREADS : threads;
}

int pool_run(const struct pool_job *p, struct strbuf *err)
{
    struct run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.changed, NULL);
    int threads = pool_threads(p);
    pthread_t tid[POOL_MAX_THREADS];
    struct worker_arg args[POOL_MAX_THREADS];
    int started = 0;
    for (int t = 0; t < threads; t++) {
        pthread_mutex_lock(&r.lock);
        r.running++;
        pthread_mutex_unlock(&r.lock);
        args[started] = (struct worker_arg){&r, started};
        int rc = pthread_create(&tid[started], NULL, worker, &args[started]);
        if (rc != 0) {
            pthread_mutex_lock(&r.lock);
            r.running--;
            pthread_mutex_unlock(&r.lock);
            if (started == 0) {
                char msg[128];
                snprintf(msg, sizeof msg, "cannot start a thread: %s", strerror(rc));
                fail(&r, msg);
            }
            break;
        }
        started++;
    }
    /* The calling thread reports progress every 0.2 s until every worker has stopped. The
     * deadline stays put while jobs finish (each one wakes this thread): moved on every
     * wake-up, it would never pass while jobs take less than 0.2 s. */
    pthread_mutex_lock(&r.lock);
    struct timespec until = report_deadline();
    while (r.running > 0) {
        int rc = pthread_cond_timedwait(&r.changed, &r.lock, &until);
        if (rc == ETIMEDOUT && p->progress) {
            int done = r.done;
            pthread_mutex_unlock(&r.lock);
            p->progress(p->ctx, done, p->jobs);
            pthread_mutex_lock(&r.lock);
        }
        if (rc == ETIMEDOUT)
            until = report_deadline();
    }
    pthread_mutex_unlock(&r.lock);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (p->progress && !r.failed)
        p->progress(p->ctx, r.done, p->jobs);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.changed);
    int rc = r.failed ? -1 : 0;
    if (rc != 0)
        strbuf_puts(err, strbuf_cstr(&r.err));
    strbuf_free(&r.err);
    return rc;
}
