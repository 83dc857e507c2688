/* The kingdom at the table: the text edges of its game value (core/game.h) that the shared
 * recorder uses: a typed line read into decisions (short forms where the prompt makes them
 * clear), the prompt, the narration of what a decision did by itself, the waste warnings, and
 * the audit of a log being continued. */
#ifndef KINGDOM_TABLE_H
#define KINGDOM_TABLE_H
#include <stddef.h>
#include "core/game.h"
#include "kingdom/kingdom.h"

/* Reads line (line lineno of file) at s. A line whose first word is not a statement's keyword
 * is read as the statement the prompt awaits ("3 5" at the fate dice is "fate 3 5"; at
 * building, "farm C4" is "build farm C4" and "2 food" is "trade 2 food"), "done" ends the
 * year's building, "next" begins the next year (ending the building first). See struct game's read. */
enum game_line ktable_read(const struct kstate *s, const char *line, const char *file, int lineno,
                           struct kdecision *out, size_t cap, size_t *n, struct strbuf *note, struct strbuf *why);
/* The prompt: the year and the stocks, what the game awaits, the choices and short forms. */
void ktable_prompt(const struct kstate *s, struct strbuf *out);
/* What d does by itself at s, each change as "  food 3 -> 7 (production)", and the end. */
void ktable_narrate(const struct kstate *s, const struct kdecision *d, struct strbuf *out);
/* Waste: the end of building with work left that could still buy something (it is lost), a
 * trade while a building could still be bought (no building after a trade). */
void ktable_warn(const struct kstate *s, const struct kdecision *d, struct strbuf *out);
/* The audit of the log buf[0..len) named file: 0 clean, else 1 with its diagnostics in out. */
int ktable_check_log(const struct kdata *d, const char *buf, size_t len, const char *file, struct strbuf *out);

#endif
