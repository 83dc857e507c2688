/* The shared game driver: the players' decisions applied one after another to the end. */
#include "bots/gdrive.h"
#include <stdlib.h>
#include "core/xalloc.h"

int gdrive_play(const struct gdrive *d, void *state, struct gscratch *sc, struct strbuf *err)
{
    const struct game *g = d->g;
    struct play_rng dice, choice;
    play_rng_init(&dice, play_seed_derive(d->seed, 0));
    play_rng_init(&choice, play_seed_derive(d->seed, 1));
    void *decision = xmalloc(g->decision_size);
    struct strbuf why = STRBUF_INIT;
    int rc = -1;
    g->init(state, d->data, d->nseats);
    if (d->log)
        g->write_start(state, d->comment, d->log);
    for (long n = 0;; n++) {
        int who = g->current(state);
        if (who == GAME_OVER) {
            rc = 0;
            break;
        }
        if (n >= GDRIVE_MAX_DECISIONS) {
            strbuf_printf(err, "%s: the game did not end after %d decisions (a bug)", g->title,
                          GDRIVE_MAX_DECISIONS);
            break;
        }
        enum gplayer p = d->seat[who >= 0 && who < d->nseats ? who : 0];
        if (gplayer_choose(p, sc, state, &dice, &choice, decision) != 0) {
            strbuf_printf(err, "%s: nothing is legal in a game that is not over (a bug)", g->title);
            break;
        }
        if (d->seen)
            d->seen(d->ctx, state, decision);
        if (d->log)
            g->write_decision(state, decision, d->log);
        strbuf_reset(&why);
        if (g->apply(state, decision, &why) != 0) {
            strbuf_printf(err, "%s: the game refused a decision it listed as legal (a bug): %s", g->title,
                          strbuf_cstr(&why));
            break;
        }
    }
    if (rc == 0 && d->log)
        g->write_end(state, d->log);
    strbuf_free(&why);
    free(decision);
    return rc;
}
