/* The history of value changes: a growable array of records. */
#include "rules/history.h"
#include <stdlib.h>
#include "core/xalloc.h"

void history_note(struct history *h, int ref, int ref2)
{
    if (!h)
        return;
    h->note_ref = (signed char)ref;
    h->note_ref2 = (signed char)ref2;
}

void history_push(struct history *h, struct hist_rec rec)
{
    if (!h)
        return;
    if (h->count == h->cap) {
        void *items = h->items;
        xgrow(&items, &h->cap, h->count + 1, sizeof *h->items);
        h->items = items;
    }
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
