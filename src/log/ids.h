/* Naming what a move log names: the ids of the game data (assets, people, infrastructures,
 * locations, events, difficulties, objectives, variants) and, for an unknown word, an error
 * message that names the closest known id (edit distance) or lists the expected ones. */
#ifndef LOG_IDS_H
#define LOG_IDS_H
#include <stdbool.h>
#include <stddef.h>
#include "core/strbuf.h"
#include "log/ast.h"
#include "rules/gamedata.h"

enum log_id_kind {
    LOG_ID_ASSET,
    LOG_ID_PERSON,      /* prominent people, special ones included */
    LOG_ID_INFRA,       /* infrastructures, special ones included */
    LOG_ID_LOCATION,
    LOG_ID_EVENT,
    LOG_ID_DIFFICULTY,
    LOG_ID_OBJECTIVE,   /* a solo objective, or "arcade" */
    LOG_ID_VARIANT,
    LOG_ID_CLAIM        /* what a check line can name: an asset, a location, reputation, pow, score */
};

/* The objective id that means "no objective" (index -1). */
#define LOG_ID_ARCADE "arcade"
/* The only rule variant: the famine also halves the farms. */
#define LOG_ID_FAMINE_VARIANT "famine-halves-farms"

/* Edit distance between a and b (insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count 1), or a large number when either is over 64 bytes. */
int log_ids_distance(const char *a, const char *b);

/* The known id of `kind` closest to the normalized word (aliases lead to their id), or NULL
 * when none is close enough to be a likely typing mistake. */
const char *log_ids_closest(const struct gamedata *gd, enum log_id_kind kind, const char *word);

/* Appends "unknown KIND 'word'" and either "(did you mean X?)" or "(expected A, B or C)"; for
 * an ambiguous alias of the game data, "'word' could mean X or Y: write the one you mean". */
void log_ids_unknown(const struct gamedata *gd, enum log_id_kind kind, const char *text,
                     const char *norm, struct strbuf *out);

/* For an id typed as several words (w->spaced): appends "'master builder' has spaces: ids of
 * several words take hyphens (did you mean master-builder?)" when the words joined with
 * hyphens name an id of kind, else the unknown-id message; returns 1. Returns 0 (appending
 * nothing) for an ordinary word. */
int log_ids_spaced(const struct gamedata *gd, enum log_id_kind kind, const struct log_word *w,
                   struct strbuf *out);

/* The index of a normalized word (as the parser's `norm`) in the game data's index, or -1:
 * the same answers as gamedata_asset, gamedata_item and gamedata_location, but for an alias
 * of an alias, which these follow. */
int log_ids_asset(const struct gamedata *gd, const char *norm);
int log_ids_item(const struct gamedata *gd, const char *norm);
int log_ids_location(const struct gamedata *gd, const char *norm);
/* The same answers exactly as gamedata_asset, gamedata_item and gamedata_location (which
 * refuse an alias of an alias). */
int log_ids_asset_strict(const struct gamedata *gd, const char *norm);
int log_ids_item_strict(const struct gamedata *gd, const char *norm);
int log_ids_location_strict(const struct gamedata *gd, const char *norm);

/* What an item is, for messages, with its article: "a prominent person", "an infrastructure"... */
const char *log_ids_item_kind(const struct gd_item *it);

/* Whether item i is a person (normal or special). */
int log_ids_is_person(const struct gamedata *gd, int item);

#endif
