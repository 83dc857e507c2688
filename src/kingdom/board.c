/* The kingdom as a table's page draws it: every hex with its ground and what stands on it,
 * the stocks, what is awaited in taps, and the hexes each legal decision names (the map's taps). */
#include "kingdom/board.h"
#include "core/json.h"
#include "kingdom/kaudit.h"
#include "kingdom/klog_write.h"

static const char *const grounds[] = {"plain", "capital", "mountain", "river"};
static const char *const things[] = {"", "farm", "mine", "village", "monument", "graveyard"};

static json_t *hex_list(const signed char *hex, int n)
{
    json_t *list = json_array();
    for (int k = 0; k < n; k++)
        if (hex[k] != KMAP_NO_HEX)
            json_array_append_new(list, json_string(kmap_hex(hex[k])->code));
    return list;
}

/* The words of a decision the log leaves implicit or writes with a later one. */
static void words(const struct kstate *s, const struct kdecision *d, struct strbuf *out)
{
    switch (d->kind) {
    case KD_DONE: strbuf_puts(out, "done"); break;
    case KD_REROLL: strbuf_printf(out, "reroll %d", d->a); break;
    case KD_RANGE_ROLL: strbuf_printf(out, "range %d %d", d->a, d->b); break;
    case KD_REROLL_ROLL: klog_write_reroll(s->dice[s->reroll_die], d->a, out); break;
    default: klog_write_decision(d, out); break;
    }
}

/* What s awaits in the page's words: what to roll or choose, and where to tap (no typing). */
static void tap_words(const struct kstate *s, struct strbuf *out)
{
    struct kingdom_awaited a = kingdom_awaited(s);
    switch (a.kind) {
    case KA_RANGE_ROLL:
        strbuf_printf(out, "Mountain range %d: roll the region die and the size die, and set them below.",
                      a.range + 1);
        break;
    case KA_RANGE:
        strbuf_printf(out, "Mountain range %d (region %d, %d hexes): tap its hexes on the map, then the choice "
                      "that fits.", a.range + 1, a.region, a.size);
        break;
    case KA_RIVER:
        strbuf_puts(out, "The river: tap its hexes on the map in the order it flows, then the choice that fits.");
        break;
    case KA_SETUP:
        strbuf_puts(out, "The free buildings: tap a hex marked in red, then the building to stand there.");
        break;
    case KA_YEAR:
        strbuf_printf(out, "Year %d is next: tap its button to begin it.", a.year);
        break;
    case KA_FATE:
        strbuf_printf(out, "Year %d: roll the two fate dice and set them below.", a.year);
        break;
    case KA_REROLL:
        strbuf_printf(out, "Year %d: you may reroll one fate die first (its button), or go on below.", a.year);
        break;
    case KA_REROLL_ROLL:
        strbuf_puts(out, "Roll the die again and set its new face below.");
        break;
    case KA_SIX:
        strbuf_puts(out, "A six: choose its two results below.");
        break;
    case KA_DISASTER:
        strbuf_puts(out, "A disaster: tap the building it strikes on the map (or the button when nothing stands).");
        break;
    case KA_CAPITAL:
        strbuf_printf(out, "The capital gives %s: choose below.", a.owed == 1 ? "one resource" : "two resources");
        break;
    case KA_BUILD:
        strbuf_puts(out, "Build: tap a hex marked in red to see what may stand there. Trade, or end the year's "
                         "building (feeding follows), with the buttons below.");
        break;
    case KA_STARVE:
        strbuf_printf(out, "Starvation: tap the building%s that starve%s on the map.", a.owed == 1 ? "" : "s",
                      a.owed == 1 ? "s" : "");
        break;
    default:
        strbuf_puts(out, "The game is over: ");
        kaudit_end_text(s, out);
        strbuf_putc(out, '.');
        break;
    }
}

json_t *kingdom_board(const struct kstate *s, const struct kdecision *legal, size_t n)
{
    json_t *b = json_object();
    json_t *hexes = json_array();
    for (int h = 0; h < KMAP_HEXES; h++) {
        const struct kmap_hex *x = kmap_hex(h);
        json_t *o = json_object();
        json_object_set_new(o, "code", json_string(x->code));
        json_object_set_new(o, "q", json_integer(x->q));
        json_object_set_new(o, "r", json_integer(x->r));
        json_object_set_new(o, "region", json_integer(x->region));
        json_object_set_new(o, "ground", json_string(grounds[s->terrain[h]]));
        json_object_set_new(o, "thing", json_string(things[s->thing[h]]));
        if (s->thing[h] == KX_MONUMENT)
            json_object_set_new(o, "stage", json_integer(s->stage_at[h]));
        json_array_append_new(hexes, o);
    }
    json_object_set_new(b, "hexes", hexes);
    json_t *stock = json_object();
    for (int r = 0; r < KRES_COUNT; r++)
        json_object_set_new(stock, kres_name(r), json_integer(s->stock[r]));
    json_object_set_new(b, "stock", stock);
    json_object_set_new(b, "year", json_integer(s->year));
    json_object_set_new(b, "stages", json_integer(s->stage));
    json_object_set_new(b, "graveyards", json_integer(s->graveyards));
    struct kingdom_awaited a = kingdom_awaited(s);
    json_object_set_new(b, "awaits", json_string(kingdom_await_name(a.kind)));
    json_object_set_new(b, "chance", json_boolean(a.chance));
    struct strbuf tap = STRBUF_INIT;
    tap_words(s, &tap);
    json_object_set_new(b, "tap", json_string(strbuf_cstr(&tap)));
    strbuf_free(&tap);
    json_t *ds = json_array();
    struct strbuf w = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        json_t *o = json_object();
        strbuf_reset(&w);
        words(s, &legal[i], &w);
        json_object_set_new(o, "words", json_string(strbuf_cstr(&w)));
        json_object_set_new(o, "hexes", hex_list(legal[i].hex, legal[i].nhex));
        json_array_append_new(ds, o);
    }
    strbuf_free(&w);
    json_object_set_new(b, "decisions", ds);
    return b;
}
