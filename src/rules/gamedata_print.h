/* The game data as JSON (the object of `xii rules --json`) and as a readable listing. */
#ifndef RULES_GAMEDATA_PRINT_H
#define RULES_GAMEDATA_PRINT_H
#include "core/strbuf.h"
#include "rules/gamedata.h"

/* One JSON object: assets, people, infrastructures, special_people, special_infrastructures,
 * locations, events, difficulties, objectives, settings. Reconstructed values carry
 * "confidence" (a string on requirement and cost objects; on an entry, an object mapping each
 * reconstructed field to its mark). */
void gamedata_print_json(const struct gamedata *gd, struct strbuf *out);
/* A listing for people, one line per entry, reconstructed values followed by [I], [G] or [X]. */
void gamedata_print_text(const struct gamedata *gd, struct strbuf *out);

#endif
