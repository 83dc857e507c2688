/* Unknown ids: the closest known one by edit distance, or the list of the expected ones. */
#include "log/ids.h"
#include <string.h>

#define MAX_WORD 64

int log_ids_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > MAX_WORD || m > MAX_WORD)
        return 1000;
    /* Optimal string alignment: three rows of the dynamic-programming table. */
    int rows[3][MAX_WORD + 1];
    int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= m; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (prev[j - 1] + cost < best)
                best = prev[j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
        int *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    return prev[m];
}

static const char *const claim_words[] = {"reputation", "pow", "score"};

/* The best candidate so far: the id a word stands for and its distance. */
struct candidates {
    const char *word;
    const char *best;
    int best_d;
};

static void consider(struct candidates *c, const char *word, const char *id)
{
    int d = log_ids_distance(c->word, word);
    if (d < c->best_d) {
        c->best_d = d;
        c->best = id;
    }
}

static int is_kind(const struct gamedata *gd, enum log_id_kind kind, const char *id)
{
    size_t n = strlen(id);
    int i;
    switch (kind) {
    case LOG_ID_ASSET: return gamedata_asset(gd, id, n) >= 0;
    case LOG_ID_PERSON:
        i = gamedata_item(gd, id, n);
        return i >= 0 && log_ids_is_person(gd, i);
    case LOG_ID_INFRA:
        i = gamedata_item(gd, id, n);
        return i >= 0 && !log_ids_is_person(gd, i);
    case LOG_ID_LOCATION: return gamedata_location(gd, id, n) >= 0;
    case LOG_ID_EVENT: return gamedata_event(gd, id, n) >= 0;
    case LOG_ID_DIFFICULTY: return gamedata_difficulty(gd, id, n) >= 0;
    case LOG_ID_OBJECTIVE: return gamedata_objective(gd, id, n) >= 0;
    case LOG_ID_VARIANT: return strcmp(id, LOG_ID_FAMINE_VARIANT) == 0;
    case LOG_ID_CLAIM:
        return gamedata_asset(gd, id, n) >= 0 || gamedata_location(gd, id, n) >= 0;
    }
    return 0;
}

/* The canonical ids of a kind, in data order; returns their number (at most cap). */
static int kind_ids(const struct gamedata *gd, enum log_id_kind kind, const char **out, int cap)
{
    int n = 0;
#define PUT(s) do { if (n < cap) out[n++] = (s); } while (0)
    switch (kind) {
    case LOG_ID_ASSET:
        for (int a = 0; a < ASSET_COUNT; a++)
            PUT(gd->assets[a].id);
        break;
    case LOG_ID_PERSON:
    case LOG_ID_INFRA:
        for (int i = 0; i < gd->nitems; i++)
            if (log_ids_is_person(gd, i) == (kind == LOG_ID_PERSON))
                PUT(gd->items[i].id);
        break;
    case LOG_ID_LOCATION:
        for (int l = 0; l < LOCATION_COUNT; l++)
            PUT(gd->locations[l].id);
        break;
    case LOG_ID_EVENT:
        for (int e = 0; e < EVENT_COUNT; e++)
            PUT(gd->events[e].id);
        break;
    case LOG_ID_DIFFICULTY:
        for (int d = 0; d < gd->ndifficulties; d++)
            PUT(gd->difficulties[d].id);
        break;
    case LOG_ID_OBJECTIVE:
        for (int o = 0; o < gd->nobjectives; o++)
            PUT(gd->objectives[o].id);
        PUT(LOG_ID_ARCADE);
        break;
    case LOG_ID_VARIANT:
        PUT(LOG_ID_FAMINE_VARIANT);
        break;
    case LOG_ID_CLAIM:
        for (int a = 0; a < ASSET_COUNT; a++)
            PUT(gd->assets[a].id);
        for (int l = 0; l < LOCATION_COUNT; l++)
            PUT(gd->locations[l].id);
        for (size_t k = 0; k < sizeof claim_words / sizeof claim_words[0]; k++)
            PUT(claim_words[k]);
        break;
    }
#undef PUT
    return n;
}

const char *log_ids_closest(const struct gamedata *gd, enum log_id_kind kind, const char *word)
{
    struct candidates c = {word, NULL, 1000};
    const char *ids[GD_MAX_ITEMS + ASSET_COUNT + LOCATION_COUNT + 8];
    int n = kind_ids(gd, kind, ids, (int)(sizeof ids / sizeof ids[0]));
    for (int i = 0; i < n; i++)
        consider(&c, ids[i], ids[i]);
    for (int i = 0; i < gd->naliases; i++)
        if (!gd->aliases[i].id2 && is_kind(gd, kind, gd->aliases[i].id))
            consider(&c, gd->aliases[i].word, gd->aliases[i].id);
    /* A typing mistake: one edit in a short word, two in a longer one, three in a long one. */
    size_t len = strlen(word);
    int limit = len <= 4 ? 1 : len <= 9 ? 2 : 3;
    return c.best_d <= limit ? c.best : NULL;
}

static const char *kind_name(enum log_id_kind kind)
{
    switch (kind) {
    case LOG_ID_ASSET: return "asset";
    case LOG_ID_PERSON: return "prominent person";
    case LOG_ID_INFRA: return "infrastructure";
    case LOG_ID_LOCATION: return "location";
    case LOG_ID_EVENT: return "event";
    case LOG_ID_DIFFICULTY: return "difficulty";
    case LOG_ID_OBJECTIVE: return "solo objective";
    case LOG_ID_VARIANT: return "variant";
    case LOG_ID_CLAIM: return "value to check";
    }
    return "id";
}

void log_ids_unknown(const struct gamedata *gd, enum log_id_kind kind, const char *text,
                     const char *norm, struct strbuf *out)
{
    const struct gd_alias *al = gamedata_alias(gd, norm, strlen(norm));
    if (al && al->id2) {
        strbuf_printf(out, "'%s' could mean %s or %s: write the one you mean", text, al->id, al->id2);
        return;
    }
    strbuf_printf(out, "unknown %s '%s'", kind_name(kind), text);
    const char *best = log_ids_closest(gd, kind, norm);
    if (best) {
        strbuf_printf(out, " (did you mean %s?)", best);
        return;
    }
    const char *ids[GD_MAX_ITEMS + ASSET_COUNT + LOCATION_COUNT + 8];
    int n = kind_ids(gd, kind, ids, (int)(sizeof ids / sizeof ids[0]));
    strbuf_puts(out, " (expected ");
    for (int i = 0; i < n; i++)
        strbuf_printf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", ids[i]);
    strbuf_putc(out, ')');
}

const char *log_ids_item_kind(const struct gd_item *it)
{
    switch (it->kind) {
    case KIND_PERSON: return "a prominent person";
    case KIND_INFRA: return "an infrastructure";
    case KIND_SPECIAL_PERSON: return "a special prominent person";
    case KIND_SPECIAL_INFRA: return "a special infrastructure";
    }
    return "an item";
}

int log_ids_is_person(const struct gamedata *gd, int item)
{
    enum item_kind k = gd->items[item].kind;
    return k == KIND_PERSON || k == KIND_SPECIAL_PERSON;
}

int log_ids_asset(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_ASSET, norm, 0);
}

int log_ids_item(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_ITEM, norm, 0);
}

int log_ids_location(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_LOCATION, norm, 0);
}

int log_ids_asset_strict(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_ASSET, norm, 1);
}

int log_ids_item_strict(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_ITEM, norm, 1);
}

int log_ids_location_strict(const struct gamedata *gd, const char *norm)
{
    return gamedata_index_find(gd, GD_INDEX_LOCATION, norm, 1);
}

int log_ids_spaced(const struct gamedata *gd, enum log_id_kind kind, const struct log_word *w,
                   struct strbuf *out)
{
    if (!w->spaced)
        return 0;
    if (is_kind(gd, kind, w->norm) || (kind == LOG_ID_CLAIM && strcmp(w->norm, "reputation") == 0))
        strbuf_printf(out, "'%s' has spaces: ids of several words take hyphens (did you mean %s?)",
                      w->text, w->norm);
    else
        log_ids_unknown(gd, kind, w->text, w->norm, out);
    return 1;
}
