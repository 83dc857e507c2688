/* The hint at the end of a move log, with xii hint's settings. */
#include "advisor/advice_hint.h"
#include <string.h>
#include "advisor/advice_position.h"
#include "advisor/advice_report.h"

void advice_hint_settings_init(struct advice_hint_settings *h, long rollouts)
{
    memset(h, 0, sizeof *h);
    h->rollouts = rollouts;
    h->seed = 1;
    h->threads = rank_default_threads();
    h->bot = "greedy";
    h->goal = -1;
    h->shown = ADVICE_FRESH_ORDERED;
}

void advice_hint_options(const struct advice_hint_settings *h, struct advice_options *o)
{
    memset(o, 0, sizeof *o);
    play_bot_from_name(h->bot, &o->bot);
    o->goal = h->goal;
    o->screen_nodes = h->screen_nodes;
    o->rank.first_rollouts = ADVICE_RACE_MIN;
    o->rank.max_rollouts = (size_t)h->rollouts;
    o->rank.race = 1;
    o->rank.race_min = ADVICE_RACE_MIN;
    o->rank.precision = 0.5;
    o->rank.seconds = h->seconds;
    o->rank.seed = h->seed;
    o->rank.threads = h->threads;
    o->rank.protect = -1;
}

int advice_hint_rank(const struct log_replay *r, const struct log_await *a, int asked,
                     const struct advice_hint_settings *h, struct advice_hint *hint, struct strbuf *why)
{
    memset(hint, 0, sizeof *hint);
    if (advice_position_from_await(r, a, asked, &hint->pos, why) != 0)
        return 1;
    struct advice_options o;
    advice_hint_options(h, &o);
    o.shown = h->shown;
    if (!h->rollouts_given)
        o.rank.max_rollouts = advice_position_rollouts(&hint->pos, o.rank.max_rollouts);
    if (advice_rank(&hint->pos, NULL, &o, &hint->advice, why) != 0) {
        advice_free(&hint->advice);
        return -1;
    }
    return 0;
}

void advice_hint_free(struct advice_hint *hint)
{
    advice_free(&hint->advice);
    memset(hint, 0, sizeof *hint);
}

void advice_hint_report(const struct advice_hint *hint, const struct advice_hint_settings *h, size_t top,
                        int json, struct strbuf *out)
{
    struct advice_report_input in = {&hint->pos, &hint->advice, top, h->bot, h->seed};
    if (json)
        advice_report_json(&in, out);
    else
        advice_report_text(&in, out);
}
