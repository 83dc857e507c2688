/* The kingdom audit's text report: diagnostics, summary, state, ledger, result. */
#include "kingdom/kreport.h"
#include "core/xalloc.h"
#include "kingdom/klog_write.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t *kreport_order(const struct diag_list *dl)
{
    size_t *order = xmalloc((dl->count + 1) * sizeof *order);
    /* Insertion sort by line: stable, and lists are short (100 at most by default). */
    for (size_t i = 0; i < dl->count; i++) {
        size_t j = i;
        while (j > 0 && dl->items[order[j - 1]].pos.line > dl->items[i].pos.line) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    return order;
}

static void diagnostics(const struct kreport_input *in, struct strbuf *out)
{
    const struct diag_list *dl = in->diags;
    size_t *order = kreport_order(dl);
    for (size_t i = 0; i < dl->count; i++)
        diag_format(out, &dl->items[order[i]], in->src, in->srclen);
    free(order);
    if (dl->omitted)
        strbuf_printf(out, "... and %zu more not listed\n", dl->omitted);
    if (dl->count)
        strbuf_putc(out, '\n');
    size_t errors = dl->errors, mismatches = in->audit->mismatches;
    if (errors == 0 && mismatches == 0)
        strbuf_puts(out, "No errors, no mismatches.\n");
    else
        strbuf_printf(out, "%zu error%s, %zu mismatch%s.\n", errors, errors == 1 ? "" : "s", mismatches,
                      mismatches == 1 ? "" : "es");
}

static void where(const struct kreport_input *in, struct strbuf *out)
{
    const struct kstate *s = &in->audit->s;
    const char *const keys[3] = {"ruler", "realm", "capital"};
    strbuf_puts(out, "\nKingdom");
    for (int k = 0, n = 0; k < 3; k++)
        if (in->log->names[k][0])
            strbuf_printf(out, "%s %s %s", n++ ? "," : ":", keys[k], in->log->names[k]);
    strbuf_puts(out, ".\n");
    if (s->end) {
        strbuf_puts(out, "The game is over: ");
        kaudit_end_text(s, out);
    } else if (in->audit->until_reached) {
        strbuf_printf(out, "State after year %d (--until-year %d)", s->year, in->until_year);
    } else if (s->year == 0) {
        strbuf_puts(out, "State during the setup: ");
        kaudit_awaits_text(s, out);
    } else {
        struct kingdom_awaited aw = kingdom_awaited(s);
        strbuf_printf(out, "State %s year %d: ", aw.kind == KA_YEAR ? "after" : "during", aw.kind == KA_YEAR ? s->year : s->year);
        kaudit_awaits_text(s, out);
    }
    strbuf_puts(out, ".\n");
}

static void hex_list(const struct kstate *s, int thing, int building, struct strbuf *out)
{
    int n = 0;
    for (int h = 0; h < KMAP_HEXES; h++)
        if (s->thing[h] == thing && (building < 0 || kingdom_building_at(s, h) == building))
            strbuf_printf(out, "%s%s", n++ ? " " : "", kmap_hex(h)->code);
    if (n == 0)
        strbuf_puts(out, "none");
}

/* The sheet's state: stock, buildings, monument, graveyards, the map's setup. */
static void state(const struct kstate *s, struct strbuf *out)
{
    strbuf_printf(out, "\n  stock       food %d, ore %d, work %d\n", s->stock[KRES_FOOD], s->stock[KRES_ORE],
                  s->stock[KRES_WORK]);
    static const char *const kinds[KB_BUILDINGS] = {"farms", "mines", "villages"};
    for (int b = 0; b < KB_BUILDINGS; b++) {
        strbuf_printf(out, "  %-11s %d: ", kinds[b], s->count[b]);
        hex_list(s, KX_FARM + b, b, out);
        strbuf_putc(out, '\n');
    }
    strbuf_printf(out, "  mouths      %d food a year\n", kingdom_mouths(s));
    strbuf_puts(out, "  monument    ");
    if (s->stage == 0)
        strbuf_puts(out, "none");
    for (int k = 0; k < s->stage; k++)
        strbuf_printf(out, "%sstage %d on %s", k ? ", " : "", k + 1, kmap_hex(s->stage_hex[k])->code);
    strbuf_printf(out, "\n  graveyards  %d of %d: ", s->graveyards, s->data->graveyard_limit);
    hex_list(s, KX_GRAVEYARD, -1, out);
    strbuf_puts(out, "\n  mountains   ");
    for (int k = 0; k < 2; k++) {
        if (s->range_size[k] == 0 || s->phase <= (k == 0 ? 1 : 3))
            continue;
        strbuf_printf(out, "%srange %d (region %d, size %d):", k ? "; " : "", k + 1, s->range_region[k], s->range_size[k]);
        for (int h = 0; h < KMAP_HEXES; h++)
            if (s->range_of[h] == k + 1)
                strbuf_printf(out, " %s", kmap_hex(h)->code);
    }
    if (s->range_size[0] == 0 || s->phase <= 1)
        strbuf_puts(out, "none");
    strbuf_puts(out, "\n  river       ");
    for (int i = 0; i < s->nriver; i++)
        strbuf_printf(out, "%s%s", i ? " " : "", kmap_hex(s->river[i])->code);
    if (s->nriver == 0)
        strbuf_puts(out, "none");
    strbuf_putc(out, '\n');
}

/* The ledger row of year `row` as the sheet writes it. */
static void ledger_row(const struct kreport_input *in, int row, struct strbuf *out)
{
    struct kledger_cells c;
    const struct kledger *r = &in->audit->ledger[row];
    kaudit_ledger_cells(in->audit, in->log, row, &c);
    strbuf_printf(out, "  %4d  %-12s %-16s %-22s %-14s %-14s", r->year, c.dice, c.picks, c.built, c.traded, c.lost);
    if (r->closed)
        strbuf_printf(out, " %4d %4d", r->food, r->ore);
    while (out->len && out->data[out->len - 1] == ' ')
        out->len--;
    out->data[out->len] = 0;
    strbuf_putc(out, '\n');
}

static void ledger(const struct kreport_input *in, struct strbuf *out)
{
    const struct kaudit *a = in->audit;
    if (a->nyears == 0)
        return;
    strbuf_printf(out, "\n  %4s  %-12s %-16s %-22s %-14s %-14s %4s %4s\n", "Year", "Dice", "Picks", "Built",
                  "Traded", "Lost", "Food", "Ore");
    for (int y = 0; y < a->nyears; y++)
        ledger_row(in, y, out);
}

static void result(const struct kreport_input *in, struct strbuf *out)
{
    const struct kaudit *a = in->audit;
    strbuf_puts(out, "\nResult: ");
    if (!a->s.end) {
        strbuf_puts(out, "the game goes on");
        if (a->result_given)
            strbuf_printf(out, " (the result line on line %d is premature)", a->result_line);
        else if (a->s.stage == KSTAGES && kingdom_awaited(&a->s).kind == KA_BUILD &&
                 a->s.stock[KRES_FOOD] >= kingdom_mouths(&a->s)) {
            struct strbuf line = STRBUF_INIT;
            klog_write_result(true, &line);
            strbuf_printf(out, "; the monument's last stage stands and the stock feeds every building, "
                               "so the year closes with the win: end the log with \"%s\"", strbuf_cstr(&line));
            strbuf_free(&line);
        }
    } else {
        kaudit_end_text(&a->s, out);
        if (!a->result_given)
            strbuf_puts(out, " (the log has no result line)");
        else if ((a->s.end == KEND_WIN) != a->result_win)
            strbuf_printf(out, " (the log says %s)", a->result_win ? "win" : "loss");
    }
    strbuf_puts(out, ".\n");
}

void kreport_text(const struct kreport_input *in, struct strbuf *out)
{
    diagnostics(in, out);
    where(in, out);
    state(&in->audit->s, out);
    ledger(in, out);
    result(in, out);
}
