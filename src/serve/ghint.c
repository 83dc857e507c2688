/* The hint at a solo game's table, off the lock on a copy of the state (serve/ghint.h). */
#include "serve/ghint.h"
#include <stdlib.h>
#include <string.h>
#include "core/json.h"
#include "core/xalloc.h"
#include "advisor/grace_hint.h"

/* Why there is no hint at state, where no seat decides, in the page's words (the board's tap:
 * what to roll or tap, not the log's statements the terminal's reason names); 0, or -1 when
 * the game draws no board (grace_hint's reason then stands). */
static int no_hint_words(const struct game *g, const void *state, struct strbuf *why)
{
    if (!g->board)
        return -1;
    json_t *board = g->board(state, NULL, 0);
    const char *tap = json_string_value(json_object_get(board, "tap"));
    int rc = tap && *tap ? 0 : -1;
    if (rc == 0)
        strbuf_printf(why, "nothing to decide: %s", tap);
    json_decref(board);
    return rc;
}

void serve_gtable_hint(struct serve_gtable *t, struct serve_response *rs)
{
    pthread_mutex_lock(&t->lock);
    if (t->hinting) {
        pthread_mutex_unlock(&t->lock);
        serve_answer_error(rs, 429, "a hint is being worked out: it comes in a moment");
        return;
    }
    t->hinting = 1;
    const struct game *g = gsession_game(t->s);
    void *state = xmalloc(g->state_size);
    memcpy(state, gsession_state(t->s), g->state_size);
    unsigned long version = t->version;
    pthread_mutex_unlock(&t->lock);

    struct grace_options o;
    grace_hint_defaults(g, state, &o);
    struct strbuf report = STRBUF_INIT, why = STRBUF_INIT;
    int rc = g->current(state) < 0 && no_hint_words(g, state, &why) == 0
             ? -1 : grace_hint(g, state, &o, GRACE_HINT_TOP, 0, &report, &why);
    json_t *doc = json_object();
    json_object_set_new(doc, "hint", rc == 0 ? json_text(strbuf_cstr(&report)) : json_null());
    json_object_set_new(doc, "why", json_text(rc == 0 ? "" : strbuf_cstr(&why)));
    json_object_set_new(doc, "version", json_uint(version));
    rs->status = 200;
    rs->type = "application/json; charset=utf-8";
    json_doc_write(doc, NULL, &rs->body);
    json_decref(doc);
    strbuf_free(&report);
    strbuf_free(&why);
    free(state);

    pthread_mutex_lock(&t->lock);
    t->hinting = 0;
    pthread_mutex_unlock(&t->lock);
}
