/* The hint off the lock, on a replay of FILE's text. */
#include "serve/hint.h"
#include <stdlib.h>
#include <string.h>
#include "core/diag.h"
#include "core/xalloc.h"
#include "audit/await.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "advisor/advice_hint.h"
#include "advisor/advice_report.h"
#include "serve/json.h"

/* Counts role's hint in, or says it is busy. Lock held. */
static int hint_begin(struct serve_server *sv, int role)
{
    if (sv->hinting[role + 1] || sv->hints_running >= SERVE_HINTS_AT_ONCE)
        return -1;
    sv->hinting[role + 1] = 1;
    sv->hints_running++;
    return 0;
}

/* The hint about FILE's text: the report and each plan's lines, or why there is none. */
static void work_out(const struct gamedata *gd, const char *name, const struct strbuf *text, int asked,
                     struct strbuf *report, struct strbuf *why, struct strbuf plans[SERVE_HINT_TOP], int *nplans,
                     const char **goal)
{
    struct diag_list dl = {0};
    struct log_ast *ast = log_parse(text->data ? text->data : "", text->len, name, &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(gd, ast, &opt, &dl);
    if (dl.errors > 0) {
        strbuf_puts(why, "the file has errors: no hint (xii audit lists them)");
    } else {
        struct log_await a;
        log_await(r, &a);
        struct advice_hint_settings h;
        advice_hint_settings_init(&h, SERVE_HINT_ROLLOUTS);
        h.rollouts_given = 1;
        h.seconds = SERVE_HINT_SECONDS;
        if (a.round == GD_ROUNDS)
            h.screen_nodes = SERVE_HINT_LAST_SCREEN;
        struct advice_hint hint;
        if (advice_hint_rank(r, &a, asked, &h, &hint, why) == 0) {
            *goal = advice_goal_name(hint.advice.goal);
            advice_hint_report(&hint, &h, SERVE_HINT_TOP, 0, report);
            for (size_t k = 0; k < hint.advice.n && k < SERVE_HINT_TOP; k++)
                advice_lines(&hint.pos, &hint.advice.ranked[k].choice, &plans[(*nplans)++]);
            advice_hint_free(&hint);
        }
    }
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
}

int serve_hint(struct serve_server *sv, int role, struct strbuf *out)
{
    struct strbuf text = STRBUF_INIT;
    pthread_mutex_lock(&sv->lock);
    if (hint_begin(sv, role) != 0) {
        pthread_mutex_unlock(&sv->lock);
        serve_json_error(sv->hinting[role + 1]
                         ? "a hint for this link is being worked out: it comes in a moment"
                         : "the advisor is busy with other hints: ask again in a few seconds", out);
        return 429;
    }
    strbuf_append(&text, strbuf_cstr(record_session_text(sv->s)), record_session_text(sv->s)->len);
    size_t statements = record_session_statements(sv->s);
    unsigned long version = sv->version;
    const struct gamedata *gd = record_session_gd(sv->s);
    char *name = xstrdup(serve_file_name(sv));
    pthread_mutex_unlock(&sv->lock);

    struct strbuf report = STRBUF_INIT, why = STRBUF_INIT;
    struct strbuf plans[SERVE_HINT_TOP] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    int nplans = 0;
    const char *goal = NULL;
    work_out(gd, name, &text, role >= 0 ? role : -1, &report, &why, plans, &nplans, &goal);
    serve_json_hint(nplans ? strbuf_cstr(&report) : NULL, strbuf_cstr(&why), plans, nplans, goal, statements,
                    version, out);
    for (int k = 0; k < SERVE_HINT_TOP; k++)
        strbuf_free(&plans[k]);
    strbuf_free(&report);
    strbuf_free(&why);
    strbuf_free(&text);
    free(name);

    pthread_mutex_lock(&sv->lock);
    sv->hinting[role + 1] = 0;
    sv->hints_running--;
    pthread_mutex_unlock(&sv->lock);
    return 200;
}
