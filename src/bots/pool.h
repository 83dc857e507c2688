/* A pool of worker threads for many independent jobs (a simulation's games): job k runs once,
 * on whichever worker takes it, and the caller stores its result at index k, so that results do
 * not depend on the thread count or on the order in which the workers finish. The calling
 * thread reports progress a few times a second while it waits. No I/O. */
#ifndef BOTS_POOL_H
#define BOTS_POOL_H
#include "core/strbuf.h"

#define POOL_MAX_THREADS 256

struct pool_job {
    int jobs;                       /* jobs 0..jobs-1 */
    int threads;                    /* workers wanted (cut to 1..jobs and POOL_MAX_THREADS) */
    /* Runs job k on worker `worker` (0..threads-1: per-worker scratch space may be indexed by
     * it). Returns 0, or -1 with the reason in err to stop the pool. Must be thread-safe. */
    int (*run)(void *ctx, int worker, int k, struct strbuf *err);
    /* Called from the calling thread every 0.2 s and once at the end. May be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *ctx;
};

/* The number of workers pool_run starts for p (what indexes run's worker). */
int pool_threads(const struct pool_job *p);
/* Runs every job. Returns 0, or -1 with the first failure's reason in err (the jobs not yet
 * started are not run). */
int pool_run(const struct pool_job *p, struct strbuf *err);

#endif
