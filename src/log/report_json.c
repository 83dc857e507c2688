/* The JSON report of an audit: one object with the keys of move-log.md. */
#include <stdlib.h>
#include "log/ids.h"
#include "log/report.h"
#include "log/trace.h"

static void key(struct strbuf *out, const char *indent, const char *name)
{
    strbuf_printf(out, "%s\"%s\": ", indent, name);
}

static void string_or_null(struct strbuf *out, const char *s)
{
    if (s)
        strbuf_json_string(out, s);
    else
        strbuf_puts(out, "null");
}

/* The diagnostics of one level (errors, warnings) as an array, in report order. */
static void diags_of(const struct log_report_input *in, enum diag_level level, struct strbuf *out)
{
    const struct diag_list *dl = in->diags;
    size_t *order = log_report_order(dl);
    int n = 0;
    strbuf_puts(out, "[");
    for (size_t i = 0; i < dl->count; i++) {
        const struct diag *d = &dl->items[order[i]];
        if (d->level != level)
            continue;
        strbuf_printf(out, "%s\n    {\"line\": %d, \"col\": %d, \"code\": ", n++ ? "," : "", d->pos.line,
                      d->pos.col);
        string_or_null(out, d->code);
        strbuf_printf(out, ", \"round\": %d, \"player\": ", d->round);
        string_or_null(out, d->player);
        strbuf_puts(out, ", \"message\": ");
        strbuf_json_string(out, d->message);
        strbuf_putc(out, '}');
    }
    free(order);
    strbuf_puts(out, n ? "\n  ]" : "]");
}

static void mismatch_side(const struct gamedata *gd, const struct mismatch *m, int side,
                          struct strbuf *out)
{
    const int *v = side ? m->rules : m->sheet;
    size_t n = side ? m->nrules : m->nsheet;
    if (!mismatch_is_set(m) && m->claim.kind != CLAIM_RESERVE) {
        strbuf_printf(out, "%d", v[0]);
        return;
    }
    strbuf_putc(out, '[');
    for (size_t k = 0; k < n; k++) {
        if (k)
            strbuf_puts(out, ", ");
        if (mismatch_is_set(m))
            strbuf_json_string(out, gd->items[v[k]].id);
        else
            strbuf_printf(out, "%d", v[k]);
    }
    strbuf_putc(out, ']');
}

static void mismatches(const struct log_replay *r, struct strbuf *out)
{
    strbuf_puts(out, "[");
    for (size_t i = 0; i < r->nmismatches; i++) {
        const struct mismatch *m = &r->mismatches[i];
        strbuf_printf(out, "%s\n    {\"line\": %d, \"col\": %d, \"round\": %d, \"player\": ", i ? "," : "",
                      m->line, m->col, m->round);
        strbuf_json_string(out, r->state.cfg.names[m->player]);
        strbuf_puts(out, ", \"what\": ");
        strbuf_json_string(out, claim_name(r->gd, &m->claim));
        strbuf_puts(out, ", \"sheet\": ");
        mismatch_side(r->gd, m, 0, out);
        strbuf_puts(out, ", \"rules\": ");
        mismatch_side(r->gd, m, 1, out);
        strbuf_puts(out, ", \"trace\": [");
        struct log_value v;
        struct log_trace t;
        log_trace_mismatch(r, m, &v, &t);
        for (size_t k = 0; k < t.n; k++) {
            const struct log_trace_step *st = &t.steps[k];
            strbuf_printf(out, "%s{\"line\": %d, \"round\": %d, \"old\": %d, \"new\": %d, \"cause\": ",
                          k ? ", " : "", st->line, st->round, st->old_value, st->new_value);
            strbuf_json_string(out, st->cause);
            strbuf_putc(out, '}');
        }
        log_trace_free(&t);
        strbuf_puts(out, "]}");
    }
    strbuf_puts(out, r->nmismatches ? "\n  ]" : "]");
}

static void skipped(const struct log_replay *r, struct strbuf *out)
{
    strbuf_putc(out, '[');
    size_t n = 0;
    for (size_t i = 0; i < r->nskipped; i++)
        if (i == 0 || r->skipped[i] != r->skipped[i - 1])
            strbuf_printf(out, "%s%d", n++ ? ", " : "", r->skipped[i]);
    strbuf_putc(out, ']');
}

static void items(const struct game_state *s, int p, int people, struct strbuf *out)
{
    int n = 0;
    strbuf_putc(out, '[');
    for (int i = 0; i < s->gd->nitems; i++)
        if (engine_owns(s, p, i) && log_ids_is_person(s->gd, i) == people) {
            if (n++)
                strbuf_puts(out, ", ");
            strbuf_json_string(out, s->gd->items[i].id);
        }
    strbuf_puts(out, "],\n");
}

static void player(const struct log_replay *r, int p, struct strbuf *out)
{
    const struct game_state *s = &r->state;
    const struct gamedata *gd = r->gd;
    const struct player_state *ps = &s->p[p];
    const char *in = "      ";
    strbuf_puts(out, "    {\n");
    key(out, in, "name");
    strbuf_json_string(out, s->cfg.names[p]);
    strbuf_puts(out, ",\n");
    key(out, in, "town");
    string_or_null(out, s->cfg.towns[p][0] ? s->cfg.towns[p] : NULL);
    strbuf_puts(out, ",\n");
    key(out, in, "assets");
    for (int a = 0; a < ASSET_COUNT; a++) {
        strbuf_puts(out, a ? ", " : "{");
        strbuf_json_string(out, gd->assets[a].id);
        strbuf_printf(out, ": %d", ps->asset[a]);
    }
    strbuf_puts(out, "},\n");
    key(out, in, "influence");
    for (int l = 0; l < LOCATION_COUNT; l++) {
        strbuf_puts(out, l ? ", " : "{");
        strbuf_json_string(out, gd->locations[l].id);
        strbuf_printf(out, ": %d", ps->influence[l]);
    }
    strbuf_puts(out, "},\n");
    key(out, in, "reputation");
    strbuf_printf(out, "%d,\n", ps->reputation);
    key(out, in, "people");
    items(s, p, 1, out);
    key(out, in, "infrastructures");
    items(s, p, 0, out);
    key(out, in, "perks");
    int n = 0;
    strbuf_putc(out, '{');
    for (int i = 0; i < gd->nitems; i++)
        if (engine_owns(s, p, i) && gamedata_is_special(&gd->items[i]) && ps->perk[i]) {
            if (n++)
                strbuf_puts(out, ", ");
            strbuf_json_string(out, gd->items[i].id);
            strbuf_printf(out, ": \"%c\"", ps->perk[i]);
        }
    strbuf_puts(out, "},\n");
    key(out, in, "reserve");
    n = 0;
    strbuf_putc(out, '[');
    for (int k = 0; k < gd->reserve_slots; k++)
        if (ps->reserve[k].state != SLOT_EMPTY)
            strbuf_printf(out, "%s{\"value\": %d, \"spent\": %s}", n++ ? ", " : "", ps->reserve[k].value,
                          ps->reserve[k].state == SLOT_SPENT ? "true" : "false");
    strbuf_puts(out, "],\n");
    key(out, in, "pow");
    strbuf_printf(out, "%d,\n", engine_pow_full(s, p));
    struct score_breakdown b;
    engine_score(s, p, &b);
    key(out, in, "score");
    strbuf_printf(out, "{\"total\": %d, \"assets\": %d, \"reputation\": %d, \"people\": %d, "
                  "\"infrastructures\": %d, \"castle\": %d}", b.total, b.assets, b.reputation, b.people,
                  b.infrastructures, b.castle);
    if (s->cfg.nplayers == 1) {
        strbuf_puts(out, ",\n");
        key(out, in, "objective");
        if (s->cfg.objective < 0) {
            strbuf_puts(out, "{\"id\": \"" LOG_ID_ARCADE "\", \"achieved\": null}");
        } else {
            strbuf_puts(out, "{\"id\": ");
            strbuf_json_string(out, gd->objectives[s->cfg.objective].id);
            strbuf_printf(out, ", \"achieved\": %s}", engine_objective_achieved(s) == 1 ? "true" : "false");
        }
    }
    strbuf_puts(out, "\n    }");
}

void log_report_json(const struct log_report_input *in, struct strbuf *out)
{
    const struct log_replay *r = in->replay;
    const struct game_state *s = &r->state;
    const char *i1 = "  ";
    strbuf_puts(out, "{\n");
    key(out, i1, "file");
    strbuf_json_string(out, in->file);
    strbuf_puts(out, ",\n");
    key(out, i1, "title");
    string_or_null(out, r->title);
    strbuf_puts(out, ",\n");
    key(out, i1, "ok");
    strbuf_puts(out, log_report_ok(in) ? "true,\n" : "false,\n");
    key(out, i1, "complete");
    strbuf_puts(out, r->started && s->phase == PHASE_GAME_OVER ? "true,\n" : "false,\n");
    key(out, i1, "rounds");
    strbuf_printf(out, "%d,\n", r->started ? s->round : 0);
    if (r->until_round > 0) {
        key(out, i1, "until_round");
        strbuf_printf(out, "%d,\n", r->until_round);
    }
    key(out, i1, "errors");
    diags_of(in, DIAG_ERROR, out);
    strbuf_puts(out, ",\n");
    /* Warnings (a line that is not needed) and notes (errors that follow from a refused line,
     * counted) only when there are some. */
    static const struct { enum diag_level level; const char *key; } extra[] = {
        {DIAG_WARNING, "warnings"}, {DIAG_NOTE, "notes"}};
    for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
        for (size_t i = 0; i < in->diags->count; i++)
            if (in->diags->items[i].level == extra[k].level) {
                key(out, i1, extra[k].key);
                diags_of(in, extra[k].level, out);
                strbuf_puts(out, ",\n");
                break;
            }
    key(out, i1, "mismatches");
    mismatches(r, out);
    strbuf_puts(out, ",\n");
    /* What the lists above leave out (--max-messages), only when they leave something out. */
    if (in->diags->omitted) {
        key(out, i1, "omitted");
        strbuf_printf(out, "%zu,\n", in->diags->omitted);
    }
    key(out, i1, "skipped");
    skipped(r, out);
    strbuf_puts(out, ",\n");
    key(out, i1, "players");
    int np = r->started ? s->cfg.nplayers : 0;
    strbuf_puts(out, np ? "[\n" : "[");
    for (int p = 0; p < np; p++) {
        player(r, p, out);
        strbuf_puts(out, p + 1 < np ? ",\n" : "\n  ");
    }
    strbuf_puts(out, "],\n");
    key(out, i1, "winners");
    int w[XII_MAX_PLAYERS], n = r->started ? engine_winners(s, w) : 0;
    strbuf_putc(out, '[');
    for (int k = 0; k < n; k++) {
        if (k)
            strbuf_puts(out, ", ");
        strbuf_json_string(out, s->cfg.names[w[k]]);
    }
    strbuf_puts(out, "]\n}\n");
}
