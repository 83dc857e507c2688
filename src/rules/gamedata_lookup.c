/* Finding game-data entries by id or alias, and the names of enum values. */
#include "rules/gamedata.h"
#include <string.h>

/* Compares a user's word with an id: case-insensitive, '_' equal to '-'. */
static int word_is(const char *word, size_t len, const char *id)
{
    if (!id)
        return 0;
    /* Compared as they go (most ids differ at their first letter), the id's end included.
     * Ids are ASCII, and the program's character type is C or UTF-8 (cmd_play.c): tolower
     * changes A-Z only, folded here without a call. */
    for (size_t i = 0; i < len; i++) {
        char a = word[i] >= 'A' && word[i] <= 'Z' ? (char)(word[i] - 'A' + 'a') : word[i];
        if (a == '_')
            a = '-';
        if (id[i] == '\0' || a != id[i])
            return 0;
    }
    return id[len] == '\0';
}

const struct gd_alias *gamedata_alias(const struct gamedata *gd, const char *word, size_t len)
{
    for (int i = 0; i < gd->naliases; i++)
        if (word_is(word, len, gd->aliases[i].word))
            return &gd->aliases[i];
    return NULL;
}

/* The id an alias stands for, or the word itself (also for an ambiguous alias). */
static const char *resolve_alias(const struct gamedata *gd, const char *word, size_t *len)
{
    const struct gd_alias *al = gamedata_alias(gd, word, *len);
    if (!al || al->id2)
        return word;
    *len = strlen(al->id);
    return al->id;
}

#define LOOKUP(count, idexpr)                                  \
    do {                                                       \
        for (int pass = 0; pass < 2; pass++) {                 \
            for (int i = 0; i < (count); i++)                  \
                if (word_is(word, len, (idexpr)))              \
                    return i;                                  \
            const char *w = resolve_alias(gd, word, &len);     \
            if (w == word)                                     \
                return -1;                                     \
            word = w;                                          \
        }                                                      \
        return -1;                                             \
    } while (0)

int gamedata_asset(const struct gamedata *gd, const char *word, size_t len)
{
    LOOKUP(ASSET_COUNT, gd->assets[i].id);
}

int gamedata_item(const struct gamedata *gd, const char *word, size_t len)
{
    LOOKUP(gd->nitems, gd->items[i].id);
}

int gamedata_location(const struct gamedata *gd, const char *word, size_t len)
{
    LOOKUP(LOCATION_COUNT, gd->locations[i].id);
}

int gamedata_event(const struct gamedata *gd, const char *word, size_t len)
{
    if (len == 1 && word[0] >= '1' && word[0] <= '6')
        return gamedata_event_by_die(gd, word[0] - '0');
    LOOKUP(EVENT_COUNT, gd->events[i].id);
}

int gamedata_difficulty(const struct gamedata *gd, const char *word, size_t len)
{
    LOOKUP(gd->ndifficulties, gd->difficulties[i].id);
}

int gamedata_objective(const struct gamedata *gd, const char *word, size_t len)
{
    LOOKUP(gd->nobjectives, gd->objectives[i].id);
}

int gamedata_event_by_die(const struct gamedata *gd, int die)
{
    for (int e = 0; e < EVENT_COUNT; e++)
        if (gd->events[e].die == die)
            return e;
    return -1;
}

const char *item_kind_name(enum item_kind kind)
{
    switch (kind) {
    case KIND_PERSON: return "person";
    case KIND_INFRA: return "infrastructure";
    case KIND_SPECIAL_PERSON: return "special-person";
    case KIND_SPECIAL_INFRA: return "special-infrastructure";
    }
    return "item";
}

const char *asset_class_name(enum asset_class cls)
{
    switch (cls) {
    case CLASS_BASIC: return "basic";
    case CLASS_ADVANCED: return "advanced";
    case CLASS_SPECIAL: return "special";
    }
    return "basic";
}

