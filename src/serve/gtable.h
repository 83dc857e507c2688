/* A solo game's table over the shared recorder (record/gsession.h), for any game whose text
 * edges and board are set (Kingdom's today): one link (the player's token is the table's),
 * the game's state as the page shows it at a version, and the decisions taken by their index
 * in the legal list of that version. XII Century's table is serve/server.h; both are served
 * by the same transport (serve/http.h's struct serve_table). One lock guards all of it; every
 * accepted decision is written once and flushed by the recorder before the answer. */
#ifndef SERVE_GTABLE_H
#define SERVE_GTABLE_H
#include <pthread.h>
#include "core/strbuf.h"
#include "record/gsession.h"
#include "serve/handle.h"
#include "serve/http.h"
#include "serve/tokens.h"

struct serve_gtable {
    pthread_mutex_t lock;
    pthread_cond_t changed;     /* signalled when version changes or the server stops */
    struct gsession *s;         /* the caller's */
    struct serve_tokens tokens; /* the table's token only */
    unsigned long version;      /* changes with every decision taken or undone */
    struct strbuf news;         /* what the last decision or undo did, in words */
    int stopping;
    int hinting;                /* a hint is being worked out (serve/ghint.h) */
    /* The filled sheet of the game file's text as one PDF appended to pdf (0, or -1 with why
     * in err), or NULL when the game has none: set by the caller after init. */
    int (*sheet_pdf)(void *ctx, const char *text, size_t len, struct strbuf *pdf, struct strbuf *err);
    void *sheet_ctx;
};

/* Takes the session (which stays the caller's) and makes the link's token, or takes the one
 * kept in links_path (a private file beside FILE, serve/beside.h; NULL: not kept). Returns
 * 0, or -1 with why in err (the table is then freed). */
int serve_gtable_init(struct serve_gtable *t, struct gsession *s, const char *links_path, struct strbuf *err);
void serve_gtable_free(struct serve_gtable *t);
/* The table behind the transport's interface (serve/http.h). */
struct serve_table serve_gtable_table(struct serve_gtable *t);

/* Answers rq (token already checked by the transport; checked again here):
 *   GET  /, /page.js, /page.css   the page (templates/gserve.*)
 *   GET  /api/state               the state (JSON: version, prompt, decisions, board, news)
 *   GET  /api/wait?since=V        the same once the version differs from V
 *   POST /api/decide  "V I"       the decision of index I in version V's legal list (409 when
 *                                 V is not the version now: nothing written)
 *   POST /api/undo    "V"         takes back the last decision(s) written (409 as above)
 *   GET  /sheet.pdf               the filled sheet as the game file stands (sheet_pdf)
 *   GET  /api/hint                the advisor's hint as xii hint gives it (serve/ghint.h)
 * Anything else is 404, a known path with another method 405. */
void serve_gtable_handle(struct serve_gtable *t, const struct serve_request *rq, struct serve_response *rs);

#endif
