/* Check lines: resolving what they name and comparing it with the rules' state. */
#include "audit/claims.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/ids.h"
#include "rules/engine.h"

static int resolve_value(const struct gamedata *gd, const struct log_word *w, struct claim *out)
{
    static const struct { const char *word; enum claim_kind kind; } words[] = {
        {"reputation", CLAIM_REPUTATION}, {"pow", CLAIM_POW}, {"score", CLAIM_SCORE},
    };
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (w->norm[0] == words[k].word[0] && strcmp(w->norm, words[k].word) == 0) {
            out->kind = words[k].kind;
            return 0;
        }
    if ((out->index = log_ids_asset_strict(gd, w->norm)) >= 0) {
        out->kind = CLAIM_ASSET;
        return 0;
    }
    if ((out->index = log_ids_location_strict(gd, w->norm)) >= 0) {
        out->kind = CLAIM_INFLUENCE;
        return 0;
    }
    return -1;
}

/* Most words of an id typed with spaces in a set ("men at arms" has three). */
#define SPACED_WORDS 4

/* Whether the words of a set from ids[k] on, up to SPACED_WORDS of them on one line, joined
 * with hyphens name an item of the kind ("master builder" for master-builder): then the
 * message naming the id to write goes to err and the span of the words to *at. */
static int spaced_set_item(const struct gamedata *gd, const struct log_check_item *it, size_t k,
                           int people, struct strbuf *err, struct log_span *at)
{
    struct strbuf text = STRBUF_INIT, norm = STRBUF_INIT;
    int found = 0;
    for (size_t j = k; j < it->count && j < k + SPACED_WORDS && !found; j++) {
        const struct log_word *w = &it->ids[j];
        if (w->at.line != it->ids[k].at.line)
            break;
        strbuf_printf(&text, "%s%s", j > k ? " " : "", w->text);
        strbuf_printf(&norm, "%s%s", j > k ? "-" : "", w->norm);
        int i = j > k ? gamedata_item(gd, strbuf_cstr(&norm), norm.len) : -1;
        if (i >= 0 && log_ids_is_person(gd, i) == people) {
            struct log_word joined = {it->ids[k].at, false, true, strbuf_cstr(&text), strbuf_cstr(&norm)};
            joined.at.len = w->at.col + w->at.len - joined.at.col;
            log_ids_spaced(gd, people ? LOG_ID_PERSON : LOG_ID_INFRA, &joined, err);
            *at = joined.at;
            found = 1;
        }
    }
    strbuf_free(&text);
    strbuf_free(&norm);
    return found;
}

/* Resolves the ids of a people or infrastructures item into a set. */
static int resolve_set(const struct gamedata *gd, const struct log_check_item *it, int people,
                       struct claim *out, struct strbuf *err, struct log_span *at)
{
    for (size_t k = 0; k < it->count; k++) {
        const struct log_word *w = &it->ids[k];
        int i = log_ids_item_strict(gd, w->norm);
        *at = w->at;
        if (i < 0) {
            if (spaced_set_item(gd, it, k, people, err, at))
                return -2;
            log_ids_unknown(gd, people ? LOG_ID_PERSON : LOG_ID_INFRA, w->text, w->norm, err);
            return -1;
        }
        if (log_ids_is_person(gd, i) != people) {
            strbuf_printf(err, "the %s is %s: check it after '%s'", gd->items[i].id,
                          log_ids_item_kind(&gd->items[i]),
                          people ? "infrastructures" : "people");
            return -1;
        }
        out->items |= 1u << i;
    }
    return 0;
}

int log_claims_resolve(const struct gamedata *gd, const struct log_check_item *it, struct claim *out, struct strbuf *err, struct log_span *at)
{
    memset(out, 0, sizeof *out);
    *at = it->what.at;
    switch (it->kind) {
    case LOG_CHECK_VALUE:
        if (log_ids_spaced(gd, LOG_ID_CLAIM, &it->what, err))
            return -2;
        if (resolve_value(gd, &it->what, out) == 0)
            return 0;
        int i = gamedata_item(gd, it->what.norm, strlen(it->what.norm));
        if (i >= 0)
            strbuf_printf(err, "the %s is %s: check it after '%s' (\"%s %s\")", gd->items[i].id,
                          log_ids_item_kind(&gd->items[i]),
                          log_ids_is_person(gd, i) ? "people" : "infrastructures",
                          log_ids_is_person(gd, i) ? "people" : "infrastructures", gd->items[i].id);
        else
            log_ids_unknown(gd, LOG_ID_CLAIM, it->what.text, it->what.norm, err);
        return -1;
    case LOG_CHECK_PEOPLE:
        out->kind = CLAIM_PEOPLE;
        return resolve_set(gd, it, 1, out, err, at);
    case LOG_CHECK_INFRAS:
        out->kind = CLAIM_INFRAS;
        return resolve_set(gd, it, 0, out, err, at);
    case LOG_CHECK_RESERVE:
        out->kind = CLAIM_RESERVE;
        return 0;
    }
    return -1;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The set as item indexes in data order. */
static int *set_list(uint32_t set, size_t *n)
{
    int *out = xmalloc(32 * sizeof *out);
    *n = 0;
    for (int i = 0; i < 32; i++)
        if (set >> i & 1u)
            out[(*n)++] = i;
    return out;
}

static uint32_t owned_of_kind(const struct game_state *s, int player, int people)
{
    uint32_t set = 0;
    for (int i = 0; i < s->gd->nitems; i++)
        if (engine_owns(s, player, i) && log_ids_is_person(s->gd, i) == people)
            set |= 1u << i;
    return set;
}

static int rules_value(const struct game_state *s, int player, const struct claim *c)
{
    const struct player_state *ps = &s->p[player];
    switch (c->kind) {
    case CLAIM_ASSET: return ps->asset[c->index];
    case CLAIM_INFLUENCE: return ps->influence[c->index];
    case CLAIM_REPUTATION: return ps->reputation;
    case CLAIM_POW: return engine_pow_full(s, player);
    case CLAIM_SCORE: return engine_score(s, player, NULL);
    case CLAIM_PEOPLE:
    case CLAIM_INFRAS:
    case CLAIM_RESERVE:
        break;
    }
    return 0;
}

int log_claims_compare(const struct game_state *s, int player, const struct log_check_item *it,
                       const struct claim *c, struct mismatch *m)
{
    memset(m, 0, sizeof *m);
    m->claim = *c;
    m->player = player;
    m->line = it->what.at.line;
    m->col = it->what.at.col;
    m->len = it->what.at.len;
    int differ;
    switch (c->kind) {
    case CLAIM_PEOPLE:
    case CLAIM_INFRAS: {
        uint32_t rules = owned_of_kind(s, player, c->kind == CLAIM_PEOPLE);
        differ = rules != c->items;
        if (differ) {
            m->sheet = set_list(c->items, &m->nsheet);
            m->rules = set_list(rules, &m->nrules);
        }
        break;
    }
    case CLAIM_RESERVE: {
        const struct player_state *ps = &s->p[player];
        int rules[GD_MAX_RESERVE_SLOTS];
        size_t nr = 0;
        for (int k = 0; k < s->gd->reserve_slots; k++)
            if (ps->reserve[k].state == SLOT_AVAILABLE || ps->reserve[k].state == SLOT_NEW)
                rules[nr++] = ps->reserve[k].value;
        qsort(rules, nr, sizeof rules[0], cmp_int);
        int *sheet = xmalloc((it->count + 1) * sizeof *sheet);
        for (size_t k = 0; k < it->count; k++)
            sheet[k] = it->values[k].value;
        qsort(sheet, it->count, sizeof sheet[0], cmp_int);
        differ = nr != it->count || (nr > 0 && memcmp(rules, sheet, nr * sizeof rules[0]) != 0);
        if (differ) {
            m->sheet = sheet;
            m->nsheet = it->count;
            m->rules = xmalloc((nr + 1) * sizeof *m->rules);
            memcpy(m->rules, rules, nr * sizeof rules[0]);
            m->nrules = nr;
        } else {
            free(sheet);
        }
        break;
    }
    default: {
        int rules = rules_value(s, player, c);
        differ = rules != it->value.value;
        if (differ) {
            m->sheet = xmalloc(sizeof *m->sheet);
            m->rules = xmalloc(sizeof *m->rules);
            m->sheet[0] = it->value.value;
            m->rules[0] = rules;
            m->nsheet = m->nrules = 1;
        }
        break;
    }
    }
    return differ;
}

/* Appends the members of a (sorted) list a that b lacks, each as often as a has it more than
 * b; returns how many. */
static size_t list_minus(const struct gamedata *gd, const struct mismatch *m, const int *a, size_t na,
                         const int *b, size_t nb, struct strbuf *out)
{
    size_t n = 0, j = 0;
    for (size_t i = 0; i < na; i++) {
        while (j < nb && b[j] < a[i])
            j++;
        if (j < nb && b[j] == a[i]) {
            j++;
            continue;
        }
        if (n++)
            strbuf_puts(out, ", ");
        if (mismatch_is_set(m))
            strbuf_puts(out, gd->items[a[i]].id);
        else
            strbuf_printf(out, "%d", a[i]);
    }
    return n;
}

void log_claims_message(const struct gamedata *gd, const struct mismatch *m,
                        const char *player_name, struct strbuf *out)
{
    strbuf_printf(out, "%s's sheet says %s ", player_name, claim_name(gd, &m->claim));
    mismatch_side_text(gd, m, 0, out);
    strbuf_puts(out, ", the rules give ");
    mismatch_side_text(gd, m, 1, out);
    if (!mismatch_is_set(m) && m->claim.kind != CLAIM_RESERVE)
        return;
    /* Sets and the reserve: say what the sheet lacks and what it has too many of. */
    struct strbuf missing = STRBUF_INIT, extra = STRBUF_INIT;
    size_t nmissing = list_minus(gd, m, m->rules, m->nrules, m->sheet, m->nsheet, &missing);
    size_t nextra = list_minus(gd, m, m->sheet, m->nsheet, m->rules, m->nrules, &extra);
    const char *unit = m->claim.kind == CLAIM_RESERVE ? "reserve " : "";
    strbuf_puts(out, " (");
    if (nmissing)
        strbuf_printf(out, "missing on the sheet: %s%s", unit, strbuf_cstr(&missing));
    if (nextra)
        strbuf_printf(out, "%son the sheet but not in the rules: %s%s", nmissing ? "; " : "", unit,
                      strbuf_cstr(&extra));
    strbuf_putc(out, ')');
    strbuf_free(&missing);
    strbuf_free(&extra);
}
