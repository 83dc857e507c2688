/* A solo game's table: its one link, its version, and the decisions taken by index or undone
 * through the shared recorder. */
#include "serve/gtable.h"
#include <stdlib.h>
#include <string.h>
#include "serve/beside.h"

int serve_gtable_init(struct serve_gtable *t, struct gsession *s, const char *links_path, struct strbuf *err)
{
    memset(t, 0, sizeof *t);
    t->s = s;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    int rc = 1;
    if (links_path) {
        serve_beside_clean(links_path);
        rc = serve_tokens_load(links_path, &t->tokens, err);
    }
    if (rc == 1) {
        memset(&t->tokens, 0, sizeof t->tokens);
        if (serve_token_new(t->tokens.table) != 0) {
            strbuf_puts(err, "the system's random source failed: no token for the link");
            rc = -1;
        } else {
            rc = links_path ? serve_tokens_save(links_path, &t->tokens, err) : 0;
        }
    }
    t->tokens.nseats = 0;       /* solo: the player's link is the table's */
    if (rc != 0) {
        serve_gtable_free(t);
        return -1;
    }
    return 0;
}

void serve_gtable_free(struct serve_gtable *t)
{
    strbuf_free(&t->news);
    pthread_cond_destroy(&t->changed);
    pthread_mutex_destroy(&t->lock);
}

static int role(void *ctx, const char *token)
{
    struct serve_gtable *t = ctx;
    pthread_mutex_lock(&t->lock);
    int r = serve_token_role(&t->tokens, token);
    pthread_mutex_unlock(&t->lock);
    return r;
}

static void handle(void *ctx, const struct serve_request *rq, struct serve_response *rs)
{
    serve_gtable_handle(ctx, rq, rs);
}

static void stop(void *ctx)
{
    struct serve_gtable *t = ctx;
    pthread_mutex_lock(&t->lock);
    t->stopping = 1;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
}

struct serve_table serve_gtable_table(struct serve_gtable *t)
{
    struct serve_table table = {t, role, handle, stop};
    return table;
}
