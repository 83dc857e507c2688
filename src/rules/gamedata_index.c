/* The game data's ids hashed by their normalized word, for lookups on every move of a replay. */
#include "rules/gamedata.h"
#include <string.h>

/* FNV-1a over the word; sets *len to the word's length. A kind's slots start elsewhere
 * (kind_start), so a word is hashed once for the three kinds. */
static unsigned hash(const char *w, size_t *len)
{
    unsigned h = 2166136261u;
    size_t n = 0;
    for (; w[n]; n++)
        h = (h ^ (unsigned char)w[n]) * 16777619u;
    *len = n;
    return h;
}

static unsigned kind_start(unsigned h, unsigned kind)
{
    return h + kind * 0x9e3779b9u;
}

/* The slot of the word w of kind `kind`, length n and hash h, or NULL. */
static const struct gd_index_slot *find_hashed(const struct gd_index *t, unsigned kind,
                                              const char *w, size_t n, unsigned h)
{
    h = kind_start(h, kind);
    for (unsigned k = 0; k < GD_INDEX_SLOTS; k++) {
        const struct gd_index_slot *s = &t->slot[(h + k) & (GD_INDEX_SLOTS - 1)];
        if (!s->word)
            return NULL;
        if (s->kind == kind && s->len == n && memcmp(s->word, w, n) == 0)
            return s;
    }
    return NULL;
}

int gamedata_index_find(const struct gamedata *gd, enum gd_index_kind kind, const char *norm, int strict)
{
    size_t n;
    unsigned h = hash(norm, &n);
    const struct gd_index_slot *s = find_hashed(&gd->index, kind, norm, n, h);
    return s && !(strict && s->chained) ? s->index : -1;
}

/* Stores w (length n, hash h) for index (nothing when index < 0). */
static void insert(struct gd_index *t, unsigned kind, const char *w, size_t n, unsigned h,
                   int index, bool alias, bool chained)
{
    if (index < 0)
        return;
    if (n > 255 || find_hashed(t, kind, w, n, h))
        return;     /* an id wins over an alias spelled the same */
    unsigned start = kind_start(h, kind);
    for (unsigned k = 0; k < GD_INDEX_SLOTS; k++) {
        struct gd_index_slot *s = &t->slot[(start + k) & (GD_INDEX_SLOTS - 1)];
        if (!s->word) {
            s->word = w;
            s->len = (unsigned char)n;
            s->kind = (unsigned char)kind;
            s->alias = alias;
            s->chained = chained;
            s->index = (short)index;
            return;
        }
    }
}

/* Stores an id of the game data. */
static void insert_id(struct gd_index *t, unsigned kind, const char *w, int index)
{
    size_t n;
    unsigned h = hash(w, &n);
    insert(t, kind, w, n, h, index, false, false);
}

void gamedata_index_build(struct gamedata *gd)
{
    struct gd_index *t = &gd->index;
    memset(t, 0, sizeof *t);
    for (int a = 0; a < ASSET_COUNT; a++)
        insert_id(t, GD_INDEX_ASSET, gd->assets[a].id, a);
    for (int i = 0; i < gd->nitems; i++)
        insert_id(t, GD_INDEX_ITEM, gd->items[i].id, i);
    for (int l = 0; l < LOCATION_COUNT; l++)
        insert_id(t, GD_INDEX_LOCATION, gd->locations[l].id, l);
    for (int i = 0; i < gd->naliases; i++) {
        if (gd->aliases[i].id2)
            continue;
        size_t wn, ton;
        const char *w = gd->aliases[i].word, *to = gd->aliases[i].id;
        unsigned wh = hash(w, &wn), toh = hash(to, &ton);
        for (unsigned kind = 0; kind < 3; kind++) {
            /* An alias may name an alias stored before it (gamedata's lookups refuse it). */
            const struct gd_index_slot *s = find_hashed(t, kind, to, ton, toh);
            insert(t, kind, w, wn, wh, s ? s->index : -1, true, s && s->alias);
        }
    }
}
