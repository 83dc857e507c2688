/* The kingdom audit's trace: one resource's (or count's) changes, each with its year and cause. */
#include "kingdom/kreport.h"
#include <string.h>
#include <strings.h>

int kreport_trace(const struct kreport_input *in, const char *what, struct strbuf *out, struct strbuf *err)
{
    int w = -1;
    for (int k = 0; k < KH_WHAT_COUNT; k++)
        if (strcasecmp(what, kwhat_name(k)) == 0)
            w = k;
    if (w < 0) {
        strbuf_puts(err, "--trace takes ");
        for (int k = 0; k < KH_WHAT_COUNT; k++)
            strbuf_printf(err, "%s%s", k == 0 ? "" : k == KH_WHAT_COUNT - 1 ? " or " : ", ", kwhat_name(k));
        strbuf_printf(err, ", not '%s'", what);
        return -1;
    }
    const struct khistory *h = &in->audit->h;
    int n = 0;
    for (size_t i = 0; i < h->count; i++) {
        const struct kchange *c = &h->items[i];
        if (c->what != w)
            continue;
        strbuf_printf(out, "year %2d  %-11s %s %d -> %d", c->year, kcause_name(c->cause), kwhat_name(w), c->old, c->now);
        if (c->hex >= 0)
            strbuf_printf(out, " (%s%s%s)", c->kind >= 0 ? kbuilding_name(c->kind) : "", c->kind >= 0 ? " " : "",
                          kmap_hex(c->hex)->code);
        strbuf_putc(out, '\n');
        n++;
    }
    strbuf_printf(out, "%d change%s of %s; now %d.\n", n, n == 1 ? "" : "s", kwhat_name(w),
                  w < KRES_COUNT ? in->audit->s.stock[w]
                  : w <= KH_VILLAGES ? in->audit->s.count[w - KH_FARMS]
                  : w == KH_STAGE ? in->audit->s.stage : in->audit->s.graveyards);
    return 0;
}
