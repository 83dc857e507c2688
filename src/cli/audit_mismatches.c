#include "cli/audit_mismatches.h"
#include <stdio.h>
#include "core/xalloc.h"

struct filled_mismatch *audit_filled_mismatches(const struct log_replay *r)
{
    struct filled_mismatch *out = xcalloc(r->nmismatches + 1, sizeof *out);
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < r->nmismatches; i++) {
        const struct log_mismatch *m = &r->mismatches[i];
        struct filled_mismatch *f = &out[i];
        f->player = m->player;
        f->line = m->line;
        f->round = m->round;
        f->history_count = m->history_count;
        f->what = m->claim.kind == LOG_CLAIM_ASSET        ? HIST_ASSET
                  : m->claim.kind == LOG_CLAIM_INFLUENCE  ? HIST_INFLUENCE
                  : m->claim.kind == LOG_CLAIM_REPUTATION ? HIST_REPUTATION
                                                          : HIST_ITEM;
        f->index = m->claim.index;
        snprintf(f->what_name, sizeof f->what_name, "%s", m->what);
        strbuf_reset(&sb);
        log_claims_side_text(r->gd, m, 0, &sb);
        snprintf(f->sheet, sizeof f->sheet, "%s", strbuf_cstr(&sb));
        strbuf_reset(&sb);
        log_claims_side_text(r->gd, m, 1, &sb);
        snprintf(f->rules, sizeof f->rules, "%s", strbuf_cstr(&sb));
    }
    strbuf_free(&sb);
    return out;
}
