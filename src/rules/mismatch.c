/* Mismatches: their names and sides, shared by the reports and the filled sheet. */
#include "rules/mismatch.h"
#include <stdlib.h>

const char *claim_name(const struct gamedata *gd, const struct claim *c)
{
    switch (c->kind) {
    case CLAIM_ASSET: return c->index >= 0 && c->index < ASSET_COUNT ? gd->assets[c->index].id : "?";
    case CLAIM_INFLUENCE:
        return c->index >= 0 && c->index < LOCATION_COUNT ? gd->locations[c->index].id : "?";
    case CLAIM_REPUTATION: return "reputation";
    case CLAIM_POW: return "pow";
    case CLAIM_SCORE: return "score";
    case CLAIM_PEOPLE: return "people";
    case CLAIM_INFRAS: return "infrastructures";
    case CLAIM_RESERVE: return "reserve";
    }
    return "?";
}

int mismatch_is_set(const struct mismatch *m)
{
    return m->claim.kind == CLAIM_PEOPLE || m->claim.kind == CLAIM_INFRAS;
}

int mismatch_is_value(const struct mismatch *m)
{
    return !mismatch_is_set(m) && m->claim.kind != CLAIM_RESERVE && m->nsheet == 1 &&
           m->nrules == 1;
}

uint32_t mismatch_items(const struct mismatch *m, int side)
{
    const int *v = side ? m->rules : m->sheet;
    size_t n = side ? m->nrules : m->nsheet;
    uint32_t set = 0;
    for (size_t k = 0; mismatch_is_set(m) && k < n; k++)
        if (v[k] >= 0 && v[k] < 32)
            set |= 1u << v[k];
    return set;
}

void mismatch_side_text(const struct gamedata *gd, const struct mismatch *m, int side,
                        struct strbuf *out)
{
    const int *v = side ? m->rules : m->sheet;
    size_t n = side ? m->nrules : m->nsheet;
    if (n == 0) {
        strbuf_puts(out, "none");
        return;
    }
    for (size_t k = 0; k < n; k++) {
        if (k)
            strbuf_putc(out, ' ');
        if (mismatch_is_set(m))
            strbuf_puts(out, v[k] >= 0 && v[k] < gd->nitems ? gd->items[v[k]].id : "?");
        else
            strbuf_printf(out, "%d", v[k]);
    }
}

void mismatch_free(struct mismatch *m)
{
    free(m->sheet);
    free(m->rules);
    m->sheet = m->rules = NULL;
    m->nsheet = m->nrules = 0;
}
