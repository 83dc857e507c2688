/* A game's table of rule ids (id, section, summary) as `xii rules --ids` prints it, for both
 * games: one row writer, the rows read through the game's own lookup. */
#ifndef CORE_RULE_TABLE_H
#define CORE_RULE_TABLE_H
#include "core/strbuf.h"

/* One rule id's texts. */
struct rule_row {
    const char *id, *section, *summary;
};

/* The texts of rule id `id` of a game. */
typedef struct rule_row (*rule_row_fn)(int id);

/* Appends rows first..end-1 as text, one a line: the id and the section left-aligned in
 * columns of id_width and section_width characters, then the summary. */
void rule_table_text(int first, int end, rule_row_fn row, int id_width, int section_width,
                     struct strbuf *out);
/* Appends rows first..end-1 as a JSON array of {id, section, summary}, one object a line. */
void rule_table_json(int first, int end, rule_row_fn row, struct strbuf *out);

#endif
