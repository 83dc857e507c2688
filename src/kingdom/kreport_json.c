/* The kingdom audit's report as one JSON object (docs/schema/kingdom-audit.json). */
#include "kingdom/kreport.h"
#include "core/json.h"
#include <stdlib.h>

static const char *const broken[] = {"errors", "mismatches", "notes", "ledger", NULL};

static void set(json_t *o, const char *key, json_t *v)
{
    json_object_set_new(o, key, v);
}

static json_t *messages(const struct diag_list *dl, enum diag_level level)
{
    json_t *list = json_array();
    size_t *order = kreport_order(dl);
    for (size_t i = 0; i < dl->count; i++) {
        const struct diag *d = &dl->items[order[i]];
        if (d->level != level)
            continue;
        json_t *m = json_object();
        set(m, "line", json_integer(d->pos.line));
        set(m, "col", json_integer(d->pos.col));
        set(m, "code", json_text(d->code));
        set(m, "message", json_text(d->message));
        json_array_append_new(list, m);
    }
    free(order);
    return list;
}

static json_t *hexes(const struct kstate *s, int thing, int building)
{
    json_t *list = json_array();
    for (int h = 0; h < KMAP_HEXES; h++)
        if (s->thing[h] == thing && (building < 0 || kingdom_building_at(s, h) == building))
            json_array_append_new(list, json_string(kmap_hex(h)->code));
    return list;
}

static json_t *state(const struct kstate *s)
{
    json_t *o = json_object();
    json_t *stock = json_object();
    for (int r = 0; r < KRES_COUNT; r++)
        set(stock, kres_name(r), json_integer(s->stock[r]));
    set(o, "stock", stock);
    json_t *b = json_object();
    static const char *const kinds[KB_BUILDINGS] = {"farms", "mines", "villages"};
    for (int k = 0; k < KB_BUILDINGS; k++)
        set(b, kinds[k], hexes(s, KX_FARM + k, k));
    set(o, "buildings", b);
    json_t *monument = json_array();
    for (int k = 0; k < s->stage; k++)
        json_array_append_new(monument, json_string(kmap_hex(s->stage_hex[k])->code));
    set(o, "monument", monument);
    set(o, "graveyards", hexes(s, KX_GRAVEYARD, -1));
    json_t *mountains = json_array();
    for (int k = 0; k < 2; k++) {
        json_t *range = json_array();
        for (int h = 0; h < KMAP_HEXES; h++)
            if (s->range_of[h] == k + 1)
                json_array_append_new(range, json_string(kmap_hex(h)->code));
        json_array_append_new(mountains, range);
    }
    set(o, "mountains", mountains);
    json_t *river = json_array();
    for (int i = 0; i < s->nriver; i++)
        json_array_append_new(river, json_string(kmap_hex(s->river[i])->code));
    set(o, "river", river);
    return o;
}

static json_t *ledger(const struct kaudit *a)
{
    json_t *list = json_array();
    for (int y = 0; y < a->nyears; y++) {
        const struct kledger *row = &a->ledger[y];
        json_t *o = json_object();
        set(o, "year", json_integer(row->year));
        set(o, "closed", json_boolean(row->closed));
        set(o, "food", row->closed ? json_integer(row->food) : json_null());
        set(o, "ore", row->closed ? json_integer(row->ore) : json_null());
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *result(const struct kaudit *a)
{
    const struct kstate *s = &a->s;
    json_t *o = json_object();
    set(o, "end", s->end == KEND_NONE ? json_null() : json_string(s->end == KEND_WIN ? "win" : "loss"));
    set(o, "why", s->end == KEND_LOSS_GRAVEYARDS ? json_string("graveyards")
                : s->end == KEND_LOSS_YEARS ? json_string("years") : json_null());
    set(o, "year", s->end ? json_integer(s->end_year) : json_null());
    set(o, "given", a->result_given ? json_string(a->result_win ? "win" : "loss") : json_null());
    return o;
}

void kreport_json(const struct kreport_input *in, struct strbuf *out)
{
    const struct kaudit *a = in->audit;
    json_t *doc = json_object();
    set(doc, "file", json_text(in->file));
    set(doc, "game", json_string("kingdom"));
    set(doc, "ok", json_boolean(kaudit_ok(a, in->diags)));
    set(doc, "complete", json_boolean(a->s.end != KEND_NONE));
    set(doc, "until_year", in->until_year ? json_integer(in->until_year) : json_null());
    set(doc, "errors", messages(in->diags, DIAG_ERROR));
    set(doc, "mismatches", messages(in->diags, DIAG_MISMATCH));
    set(doc, "notes", messages(in->diags, DIAG_NOTE));
    set(doc, "omitted", json_integer((json_int_t)in->diags->omitted));
    json_t *names = json_object();
    static const char *const keys[3] = {"ruler", "realm", "capital"};
    for (int k = 0; k < 3; k++)
        set(names, keys[k], in->log->names[k][0] ? json_text(in->log->names[k]) : json_null());
    set(doc, "names", names);
    set(doc, "year", json_integer(a->s.year));
    set(doc, "awaits", json_string(kingdom_await_name(kingdom_awaited(&a->s).kind)));
    set(doc, "state", state(&a->s));
    set(doc, "ledger", ledger(a));
    set(doc, "result", result(a));
    json_doc_write(doc, broken, out);
    json_decref(doc);
}
