/* The kingdom's game data as `xii rules --game kingdom` shows it: a listing in words, or one
 * JSON object (docs/schema/kingdom-rules.json); and its rule ids as a table. */
#ifndef KINGDOM_DATA_PRINT_H
#define KINGDOM_DATA_PRINT_H
#include "core/strbuf.h"
#include "kingdom/data.h"

void kdata_print_text(const struct kdata *d, struct strbuf *out);
/* Ends with a line feed. */
void kdata_print_json(const struct kdata *d, struct strbuf *out);
/* The rule ids: one a line (id, section, meaning), or a JSON array of {id, section, summary}. */
void krule_print_text(struct strbuf *out);
void krule_print_json(struct strbuf *out);

#endif
