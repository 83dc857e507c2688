/* What the fuzz harnesses ask of a replay, as `xii audit` does: the report as text and as
 * JSON, and when the game started each player's score and POW, and the winners. */
#ifndef FUZZ_REPORT_H
#define FUZZ_REPORT_H
#include "core/strbuf.h"
#include "audit/replay.h"
#include "audit/report.h"
#include "rules/engine.h"

static inline void fuzz_report(const struct log_report_input *in, struct strbuf *out)
{
    log_report_text(in, out);
    log_report_json(in, out);
    const struct log_replay *r = in->replay;
    if (!r->started)
        return;
    for (int p = 0; p < r->state.cfg.nplayers; p++) {
        struct score_breakdown sb;
        engine_score(&r->state, p, &sb);
        strbuf_printf(out, "%d %d\n", sb.total, engine_pow_full(&r->state, p));
    }
    int winners[XII_MAX_PLAYERS];
    engine_winners(&r->state, winners);
}

#endif
