/* The kingdom's history of changes: a growable list. */
#include "kingdom/history.h"
#include "core/xalloc.h"
#include <stdlib.h>

static const char *const what_names[KH_WHAT_COUNT] = {
    "food", "ore", "work", "farms", "mines", "villages", "stage", "graveyards",
};
static const char *const cause_names[KC_CAUSE_COUNT] = {
    "setup", "yields", "build", "trade", "feeding", "starvation", "disaster", "year end", "capital",
    "fate bonus", "hard times",
};

void khistory_add(struct khistory *h, struct kchange c)
{
    if (!h || c.old == c.now)
        return;
    void *p = h->items;
    xgrow(&p, &h->cap, h->count + 1, sizeof c);
    h->items = p;
    h->items[h->count++] = c;
}

void khistory_free(struct khistory *h)
{
    free(h->items);
    h->items = NULL;
    h->count = h->cap = 0;
}

const char *kwhat_name(int what)
{
    return what >= 0 && what < KH_WHAT_COUNT ? what_names[what] : "?";
}

const char *kcause_name(int cause)
{
    return cause >= 0 && cause < KC_CAUSE_COUNT ? cause_names[cause] : "?";
}
