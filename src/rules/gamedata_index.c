/* The game data's ids hashed by their normalized word, for lookups on every move of a replay. */
#include "rules/gamedata.h"
#include <string.h>

/* A word of n bytes as its first 4 and last 4 bytes (a shorter one: its bytes): two loads
 * instead of a loop over the bytes. Words of 8 bytes or fewer are equal when their lengths
 * and keys are; longer ones compare their middle bytes too. */
static uint64_t key_of(const char *w, size_t n)
{
    if (n < 4) {
        uint64_t k = 0;
        for (size_t i = 0; i < n; i++)
            k |= (uint64_t)(unsigned char)w[i] << (8 * i);
        return k;
    }
    uint32_t first, last;
    memcpy(&first, w, sizeof first);
    memcpy(&last, w + n - sizeof last, sizeof last);
    return first | (uint64_t)last << 32;
}

/* The word's slot number from its key and length (one multiplication mixes them). A kind's
 * slots start elsewhere (kind_start), so a word is hashed once for the three kinds. */
static unsigned hash(uint64_t key, size_t n)
{
    return (unsigned)(((key ^ n) * 0x9e3779b97f4a7c15u) >> 40);
}

static unsigned kind_start(unsigned h, unsigned kind)
{
    return h + kind * 0x9e3779b9u;
}

/* The slot of the word w of kind `kind`, length n, key `key` and hash h, or NULL. */
static inline const struct gd_index_slot *find_hashed(const struct gd_index *t, unsigned kind,
                                                     const char *w, size_t n, uint64_t key,
                                                     unsigned h)
{
    h = kind_start(h, kind);
    for (unsigned k = 0; k < GD_INDEX_SLOTS; k++) {
        const struct gd_index_slot *s = &t->slot[(h + k) & (GD_INDEX_SLOTS - 1)];
        if (!s->word)
            return NULL;
        if (s->key == key && s->kind == kind && s->len == n &&
            (n <= 8 || memcmp(s->word + 4, w + 4, n - 8) == 0))
            return s;
    }
    return NULL;
}

int gamedata_index_find(const struct gamedata *gd, enum gd_index_kind kind, const char *norm, int strict)
{
    size_t n = strlen(norm);
    uint64_t key = key_of(norm, n);
    const struct gd_index_slot *s = find_hashed(&gd->index, kind, norm, n, key, hash(key, n));
    return s && !(strict && s->chained) ? s->index : -1;
}

/* Stores w (length n) for index (nothing when index < 0). */
static void insert(struct gd_index *t, unsigned kind, const char *w, size_t n, int index,
                   bool alias, bool chained)
{
    if (index < 0)
        return;
    uint64_t key = key_of(w, n);
    unsigned h = hash(key, n);
    if (n > 255 || find_hashed(t, kind, w, n, key, h))
        return;     /* an id wins over an alias spelled the same */
    unsigned start = kind_start(h, kind);
    for (unsigned k = 0; k < GD_INDEX_SLOTS; k++) {
        struct gd_index_slot *s = &t->slot[(start + k) & (GD_INDEX_SLOTS - 1)];
        if (!s->word) {
            s->word = w;
            s->key = key;
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
    insert(t, kind, w, strlen(w), index, false, false);
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
        const char *w = gd->aliases[i].word, *to = gd->aliases[i].id;
        size_t wn = strlen(w), ton = strlen(to);
        uint64_t tokey = key_of(to, ton);
        unsigned toh = hash(tokey, ton);
        for (unsigned kind = 0; kind < 3; kind++) {
            /* An alias may name an alias stored before it (gamedata's lookups refuse it). */
            const struct gd_index_slot *s = find_hashed(t, kind, to, ton, tokey, toh);
            insert(t, kind, w, wn, s ? s->index : -1, true, s && s->alias);
        }
    }
}
