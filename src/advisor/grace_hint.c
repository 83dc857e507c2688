/* The advisor's hint over the game interface: the race at the hint's defaults and its report in
 * the game's words (advisor/grace_hint.h). */
#include "advisor/grace_hint.h"
#include <string.h>
#include "bots/rank.h"
#include "advisor/grace_report.h"

void grace_hint_defaults(const struct game *g, const void *state, struct grace_options *o)
{
    memset(o, 0, sizeof *o);
    o->goal = g->win ? RANK_GOAL_WIN : RANK_GOAL_SCORE;
    o->player = GPLAYER_GREEDY;
    o->seed = GRACE_HINT_SEED;
    o->threads = rank_default_threads();
    o->shown = GRACE_HINT_TOP;
    if (g->current(state) >= 0)
        grace_budget(g, state, o);
}

int grace_hint(const struct game *g, const void *state, const struct grace_options *o, size_t top, int json,
               struct strbuf *out, struct strbuf *err)
{
    if (!g->advice_words) {
        strbuf_printf(err, "%s has no words for the advisor's report", g->title);
        return -1;
    }
    if (g->current(state) < 0) {
        struct strbuf awaits = STRBUF_INIT, ret = STRBUF_INIT;
        g->advice_words(state, &awaits, &ret);
        strbuf_printf(err, "nothing to decide: %s", strbuf_cstr(&awaits));
        strbuf_free(&awaits);
        strbuf_free(&ret);
        return -1;
    }
    struct grace gr;
    if (grace_rank(g, state, o, &gr, err) != 0) {
        grace_free(&gr);
        return -1;
    }
    struct strbuf awaits = STRBUF_INIT, ret = STRBUF_INIT;
    g->advice_words(state, &awaits, &ret);
    struct grace_report_input in = {g, state, &gr, strbuf_cstr(&awaits), strbuf_cstr(&ret),
                                    gplayer_name(o->player), o->seed, top};
    if (json)
        grace_report_json(&in, out);
    else
        grace_report_text(&in, out);
    strbuf_free(&awaits);
    strbuf_free(&ret);
    grace_free(&gr);
    return 0;
}
