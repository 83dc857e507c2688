/* A game's table of rule ids written as text or JSON (the row writer both games call). */
#include "core/rule_table.h"
#include "core/json.h"

void rule_table_text(int first, int end, rule_row_fn row, int id_width, int section_width,
                     struct strbuf *out)
{
    for (int id = first; id < end; id++) {
        struct rule_row r = row(id);
        strbuf_printf(out, "%-*s %-*s %s\n", id_width, r.id, section_width, r.section, r.summary);
    }
}

void rule_table_json(int first, int end, rule_row_fn row, struct strbuf *out)
{
    json_t *list = json_array();
    for (int id = first; id < end; id++) {
        struct rule_row r = row(id);
        json_t *o = json_object();
        json_object_set_new(o, "id", json_text(r.id));
        json_object_set_new(o, "section", json_text(r.section));
        json_object_set_new(o, "summary", json_text(r.summary));
        json_array_append_new(list, o);
    }
    json_doc_write(list, NULL, out);
    json_decref(list);
}
