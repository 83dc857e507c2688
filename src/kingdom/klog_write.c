/* The kingdom's log writer: decisions, names, checks and results as log lines. */
#include "kingdom/klog_write.h"
#include "log/name.h"

static void hexes(const signed char *hex, int n, struct strbuf *out)
{
    for (int i = 0; i < n; i++)
        strbuf_printf(out, " %s", kmap_hex(hex[i])->code);
}

void klog_write_header(struct strbuf *out)
{
    strbuf_puts(out, "kingdom 1");
}

void klog_write_names(const char *ruler, const char *realm, const char *capital, struct strbuf *out)
{
    const char *const keys[3] = {"ruler", "realm", "capital"};
    const char *const names[3] = {ruler, realm, capital};
    strbuf_puts(out, "names");
    for (int k = 0; k < 3; k++)
        if (names[k] && names[k][0]) {
            strbuf_printf(out, " %s ", keys[k]);
            log_write_quoted(names[k], out);
        }
}

void klog_write_decision(const struct kdecision *d, struct strbuf *out)
{
    switch (d->kind) {
    case KD_RIVER:
        strbuf_puts(out, "river");
        hexes(d->hex, d->nhex, out);
        break;
    case KD_SETUP: case KD_BUILD:
        strbuf_printf(out, "%s %s %s", d->kind == KD_SETUP ? "setup" : "build", kbuilding_name(d->what),
                      kmap_hex(d->hex[0])->code);
        break;
    case KD_YEAR: strbuf_printf(out, "year %d", d->a); break;
    case KD_FATE: strbuf_printf(out, "fate %d %d", d->a, d->b); break;
    case KD_SIX: strbuf_printf(out, "six %d %d", d->a, d->b); break;
    case KD_DISASTER:
        strbuf_printf(out, "disaster %s", d->nhex ? kmap_hex(d->hex[0])->code : "none");
        break;
    case KD_CAPITAL:
        strbuf_puts(out, "capital");
        for (int k = 0; k < d->nres; k++)
            strbuf_printf(out, " %s", kres_name(d->res[k]));
        break;
    case KD_TRADE: strbuf_printf(out, "trade %d %s", d->a, kres_name(d->what)); break;
    case KD_STARVE: klog_write_starve(d->hex, 1, out); break;
    default: break;
    }
}

void klog_write_range(const struct kdecision *roll, const struct kdecision *range, struct strbuf *out)
{
    strbuf_printf(out, "range %d %d", roll->a, roll->b);
    hexes(range->hex, range->nhex, out);
}

void klog_write_reroll(int old_value, int new_value, struct strbuf *out)
{
    strbuf_printf(out, "reroll %d %d", old_value, new_value);
}

void klog_write_starve(const signed char *hex, int n, struct strbuf *out)
{
    strbuf_puts(out, "starve");
    hexes(hex, n, out);
}

void klog_write_check(const int stock[KRES_COUNT], unsigned mask, struct strbuf *out)
{
    strbuf_puts(out, "check");
    for (int r = 0; r < KRES_COUNT; r++)
        if (mask >> r & 1u)
            strbuf_printf(out, " %s %d", kres_name(r), stock[r]);
}

void klog_write_result(bool win, struct strbuf *out)
{
    strbuf_puts(out, win ? "result win" : "result loss");
}
