/* Simulations of any game on the worker pool: each worker plays whole games with its own room. */
#include "bots/gsim.h"
#include <stdio.h>
#include <stdlib.h>
#include "core/xalloc.h"
#include "bots/gdrive.h"
#include "bots/pool.h"

/* A worker's room. */
struct room {
    void *state;
    struct gscratch sc;
    struct strbuf log;
};

struct run {
    const struct gsim_options *o;
    struct room *room;      /* indexed by worker */
};

/* What the driver's seen callback gets: the run and the game. */
struct seen_ctx {
    const struct gsim_options *o;
    int game;
};

static void seen(void *ctx, const void *state, const void *decision)
{
    const struct seen_ctx *s = ctx;
    s->o->seen(s->o->ctx, s->game, state, decision);
}

static int play_one(void *ctx, int worker, int k, struct strbuf *err)
{
    const struct run *r = ctx;
    const struct gsim_options *o = r->o;
    struct room *room = &r->room[worker];
    char comment[160];
    snprintf(comment, sizeof comment, "%s: %s, game %d of seed %llu", o->run_name ? o->run_name : "simulation",
             gplayer_name(o->seat[0]), k + 1, (unsigned long long)o->seed);
    struct seen_ctx sc = {o, k};
    struct gdrive d = {o->g, o->data, o->nseats, {GPLAYER_RANDOM}, play_seed_derive(o->seed, (uint64_t)k),
                       o->want_logs ? &room->log : NULL, comment, o->seen ? seen : NULL, &sc};
    for (int p = 0; p < GAME_MAX_SEATS; p++)
        d.seat[p] = o->seat[p];
    strbuf_reset(&room->log);
    if (gdrive_play(&d, room->state, &room->sc, err) != 0) {
        struct strbuf why = STRBUF_INIT;
        strbuf_printf(&why, "game %d: %s", k + 1, strbuf_cstr(err));
        strbuf_reset(err);
        strbuf_puts(err, strbuf_cstr(&why));
        strbuf_free(&why);
        return -1;
    }
    return o->game_done ? o->game_done(o->ctx, k, room->state, o->want_logs ? room->log.data : NULL,
                                       o->want_logs ? room->log.len : 0, err)
                        : 0;
}

/* The pool's progress, handed on to the caller's callback. */
static void progress(void *ctx, int done, int total)
{
    const struct run *r = ctx;
    r->o->progress(r->o->ctx, done, total);
}

int gsim_run(const struct gsim_options *o, struct strbuf *err)
{
    const struct game *g = o->g;
    if (o->want_logs && !(g->write_start && g->write_decision && g->write_end)) {
        strbuf_printf(err, "%s cannot write its move logs yet", g->title);
        return -1;
    }
    struct run r = {o, NULL};
    struct pool_job job = {o->games, o->threads, play_one, o->progress ? progress : NULL, &r};
    int threads = pool_threads(&job);
    r.room = xcalloc((size_t)threads, sizeof *r.room);
    for (int t = 0; t < threads; t++) {
        r.room[t].state = xmalloc(g->state_size);
        gscratch_init(&r.room[t].sc, g);
    }
    int rc = pool_run(&job, err);
    for (int t = 0; t < threads; t++) {
        free(r.room[t].state);
        gscratch_free(&r.room[t].sc);
        strbuf_free(&r.room[t].log);
    }
    free(r.room);
    return rc;
}
