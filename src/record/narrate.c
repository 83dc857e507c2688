/* The narration of what the rules did: history records grouped by player, consecutive
 * changes of one value with one cause folded into one "old -> new". */
#include "record/narrate.h"
#include "audit/trace.h"
#include "rules/engine.h"

int record_narrated(const struct hist_rec *h)
{
    switch ((enum hist_cause)h->cause) {
    case CAUSE_FEEDING:
    case CAUSE_EVENT:
    case CAUSE_WAR:
    case CAUSE_PRODUCTION:
    case CAUSE_CLAMP:
    case CAUSE_MARKET:
        return h->what == HIST_ASSET || h->what == HIST_INFLUENCE || h->what == HIST_REPUTATION;
    case CAUSE_DIE:
        /* The die added something else than it shows: the penalty, a perk, a MAX, the costs. */
        return h->what == HIST_ASSET &&
               (h->ref & (HIST_REF_RESTRICTED | HIST_REF_DIE_BONUS | HIST_REF_MAX | HIST_REF_AFFORD));
    default:
        return 0;
    }
}

static int same_change(const struct hist_rec *a, const struct hist_rec *b)
{
    return a->player == b->player && a->what == b->what && a->index == b->index && a->cause == b->cause &&
           a->ref == b->ref && b->old_value == a->new_value;
}

void record_narrate(const struct log_replay *r, size_t from, size_t to, int round_begun, struct strbuf *out)
{
    const struct gamedata *gd = r->gd;
    const struct history *h = &r->history;
    if (round_begun > 0 && round_begun <= GD_ROUNDS) {
        int e = r->state.cfg.events[round_begun];
        if (e >= 0 && e < EVENT_COUNT) {
            strbuf_printf(out, "  Round %d: the %s strikes", round_begun, gd->events[e].id);
            if (gd->events[e].text)
                strbuf_printf(out, " (%s)", gd->events[e].text);
            strbuf_puts(out, ".\n");
            size_t changed = 0;
            for (size_t i = from; i < to; i++)
                changed += h->items[i].cause == CAUSE_EVENT && h->items[i].round == round_begun &&
                           h->items[i].old_value != h->items[i].new_value;
            struct round_missing m;
            engine_round_missing(&r->state, &m);
            if (m.outlaws)
                strbuf_puts(out, "  It strikes once the bonus rolls are typed (the outlaws line).\n");
            else if (!changed)
                strbuf_puts(out, "  It changed nothing on any sheet.\n");
        }
    }
    for (int p = 0; p < r->state.cfg.nplayers; p++) {
        for (size_t i = from; i < to; i++) {
            const struct hist_rec *a = &h->items[i];
            if (a->player != p || !record_narrated(a))
                continue;
            /* Fold the next records of the same value and cause into this one. */
            const struct hist_rec *last = a;
            size_t j = i + 1;
            for (; j < to; j++) {
                const struct hist_rec *b = &h->items[j];
                if (b->player != p || !record_narrated(b))
                    continue;
                if (!same_change(last, b))
                    break;
                last = b;
            }
            struct log_value v = {(enum hist_what)a->what, a->what == HIST_REPUTATION ? -1 : a->index};
            if (a == last && a->old_value == a->new_value)     /* a production the event stopped */
                strbuf_printf(out, "  %s: %s stays %d (", r->state.cfg.names[p], log_value_name(gd, v),
                              a->old_value);
            else
                strbuf_printf(out, "  %s: %s %d -> %d (", r->state.cfg.names[p], log_value_name(gd, v),
                              a->old_value, last->new_value);
            log_trace_cause(gd, last, out);
            strbuf_puts(out, ")\n");
            /* Skip what was folded. */
            while (i + 1 < to && &h->items[i + 1] <= last)
                i++;
        }
    }
}
