/* The history of value changes: a growable array of records. */
#include "rules/history.h"
#include <stdlib.h>
#include "core/xalloc.h"

void history_push_grow(struct history *h, struct hist_rec rec)
{
    void *items = h->items;
    xgrow(&items, &h->cap, h->count + 1, sizeof *h->items);
    h->items = items;
    h->items[h->count++] = rec;
}

void history_truncate(struct history *h, size_t count)
{
    if (h && count < h->count)
        h->count = count;
}

void history_free(struct history *h)
{
    if (!h)
        return;
    free(h->items);
    h->items = NULL;
    h->count = h->cap = 0;
}
