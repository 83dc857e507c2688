/* The ledger's cells of a year, as the sheet writes them, from the year's applied lines. */
#include "kingdom/kaudit.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends to a cell of `size` bytes, a space before when it holds something; a text that does
 * not fit ends the cell in "...". */
static void cell_add(char *cell, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void cell_add(char *cell, size_t size, const char *fmt, ...)
{
    size_t len = strlen(cell);
    if (len >= 3 && strcmp(cell + len - 3, "...") == 0)
        return;
    char text[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    size_t need = len + (len ? 1 : 0) + strlen(text);
    if (need < size) {
        snprintf(cell + len, size - len, "%s%s", len ? " " : "", text);
        return;
    }
    if (len + 3 < size)
        strcpy(cell + len, "...");
    else
        strcpy(cell + size - 4, "...");
}

void kaudit_ledger_cells(const struct kaudit *a, const struct klog *log, int row, struct kledger_cells *c)
{
    static const char marks[KB_BUILDINGS] = {'F', 'M', 'V'};
    memset(c, 0, sizeof *c);
    const struct kledger *r = &a->ledger[row];
    for (int i = r->stmt_from; i < r->stmt_to; i++) {
        const struct klog_stmt *st = &log->stmts[i];
        if (!a->applied[i])
            continue;
        const struct kdecision *d = &st->dec[0];
        switch (st->kind) {
        case KL_FATE: cell_add(c->dice, sizeof c->dice, "%d %d", d->a, d->b); break;
        case KL_REROLL: cell_add(c->dice, sizeof c->dice, "r%d>%d", d->a, st->dec[1].a); break;
        case KL_SIX: cell_add(c->picks, sizeof c->picks, "%d %d", d->a, d->b); break;
        case KL_CAPITAL:
            for (int k = 0; k < d->nres; k++)
                cell_add(c->picks, sizeof c->picks, "%s", kres_name(d->res[k]));
            break;
        case KL_BUILD:
            if (d->what == KB_MONUMENT)
                cell_add(c->built, sizeof c->built, "%d %s", a->s.stage_at[d->hex[0]], kmap_hex(d->hex[0])->code);
            else
                cell_add(c->built, sizeof c->built, "%c %s", marks[d->what], kmap_hex(d->hex[0])->code);
            break;
        case KL_TRADE:
            if (c->traded[0] && strlen(c->traded) + 1 < sizeof c->traded)
                strcat(c->traded, ",");
            cell_add(c->traded, sizeof c->traded, "%d %s", d->a, kres_name(d->what));
            break;
        case KL_DISASTER:
            if (d->nhex)
                cell_add(c->lost, sizeof c->lost, "D %s", kmap_hex(d->hex[0])->code);
            break;
        case KL_STARVE:
            for (int k = 0; k < st->nvictims; k++)
                cell_add(c->lost, sizeof c->lost, "G %s", kmap_hex(st->victims[k])->code);
            break;
        default: break;
        }
    }
}
