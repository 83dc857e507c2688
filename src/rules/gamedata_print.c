/* The game data as JSON and as a readable listing, reconstructed values marked. */
#include "rules/gamedata_print.h"
#include <stdio.h>
#include <string.h>
#include "core/json.h"

static int reconstructed(conf_t c)
{
    return c == 'I' || c == 'G' || c == 'X';
}

/* "population>=4", "men-at-arms=10", "reputation>=3", "blacksmith" ... (no confidence mark). */
static void gamedata_format_req(const struct gamedata *gd, const struct gd_req *r, struct strbuf *out)
{
    switch (r->kind) {
    case REQ_ASSET_GE: strbuf_printf(out, "%s>=%d", gd->assets[r->asset].id, r->value); break;
    case REQ_ASSET_EQ: strbuf_printf(out, "%s=%d", gd->assets[r->asset].id, r->value); break;
    case REQ_REPUTATION_GE: strbuf_printf(out, "reputation>=%d", r->value); break;
    case REQ_SCORE_GE: strbuf_printf(out, "score>=%d", r->value); break;
    case REQ_HAS: strbuf_puts(out, gd->items[r->item].id); break;
    }
}

/* ---- JSON ---------------------------------------------------------------------------------- */

static void set(json_t *object, const char *key, json_t *value)
{
    json_object_set_new(object, key, value);
}

static json_t *letter_text(char c)
{
    char s[2] = {c, '\0'};
    return json_text(s);
}

/* {"id": ..., "name": ...: the start of every table's row. */
static json_t *id_name(const char *id, const char *name)
{
    json_t *o = json_object();
    set(o, "id", json_text(id));
    set(o, "name", json_text(name));
    return o;
}

static void set_conf(json_t *o, conf_t c)
{
    if (reconstructed(c))
        set(o, "confidence", letter_text(c));
}

static json_t *json_reqs(const struct gamedata *gd, const struct gd_req *req, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        const struct gd_req *r = &req[i];
        json_t *o = json_object();
        switch (r->kind) {
        case REQ_HAS:
            set(o, "has", json_text(gd->items[r->item].id));
            break;
        case REQ_ASSET_GE:
        case REQ_ASSET_EQ:
        case REQ_REPUTATION_GE:
        case REQ_SCORE_GE:
            set(o, "asset", json_text(r->kind == REQ_REPUTATION_GE ? "reputation"
                                      : r->kind == REQ_SCORE_GE    ? "score"
                                                                   : gd->assets[r->asset].id));
            set(o, "op", json_text(r->kind == REQ_ASSET_EQ ? "=" : ">="));
            set(o, "value", json_integer(r->value));
            break;
        }
        set_conf(o, r->conf);
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *asset_amount(const struct gamedata *gd, int asset, int amount)
{
    json_t *o = json_object();
    set(o, "asset", json_text(gd->assets[asset].id));
    set(o, "amount", json_integer(amount));
    return o;
}

static json_t *json_costs(const struct gamedata *gd, const struct gd_cost *cost, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        json_t *o = asset_amount(gd, cost[i].asset, cost[i].amount);
        set_conf(o, cost[i].conf);
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *int_list(const int *v, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, json_integer(v[i]));
    return list;
}

/* Entry-level confidence: {"field": "G", ...}, only for reconstructed fields. */
struct field_conf {
    const char *field;
    conf_t conf;
};

static void set_field_confs(json_t *entry, const struct field_conf *fc, int n)
{
    json_t *o = json_object();
    for (int i = 0; i < n; i++)
        if (reconstructed(fc[i].conf))
            set(o, fc[i].field, letter_text(fc[i].conf));
    if (json_object_size(o))
        set(entry, "confidence", o);
    else
        json_decref(o);
}

/* The words the move log also accepts for id (the file's aliases and the singular or plural
 * forms), ambiguous words excepted. */
static void set_aliases(const struct gamedata *gd, json_t *entry, const char *id)
{
    json_t *list = json_array();
    for (int i = 0; i < gd->naliases; i++)
        if (!gd->aliases[i].id2 && strcmp(gd->aliases[i].id, id) == 0)
            json_array_append_new(list, json_text(gd->aliases[i].word));
    set(entry, "aliases", list);
}

static json_t *json_perk(const struct gd_perk *p, char letter)
{
    json_t *o = json_object();
    if (letter)
        set(o, "letter", letter_text(letter));
    set(o, "id", json_text(perk_id_name(p->id)));
    set(o, "params", int_list(p->params, p->nparams));
    set(o, "text", json_text(p->text ? p->text : ""));
    set_conf(o, p->conf);
    return o;
}

static json_t *json_asset(const struct gamedata *gd, const struct gd_asset *a)
{
    json_t *o = id_name(a->id, a->name);
    set(o, "class", json_text(asset_class_name(a->cls)));
    set(o, "max", a->max_ref >= 0 ? json_text(gd->assets[a->max_ref].id) : json_integer(a->max.value));
    set(o, "vp", json_integer(a->vp.value));
    set(o, "pow", json_integer(a->pow.value));
    if (a->die.value)
        set(o, "die", json_integer(a->die.value));
    if (a->produce.value)
        set(o, "food_per", json_integer(a->produce.value));
    set(o, "requires", json_reqs(gd, a->req, a->nreq));
    set(o, "costs", json_costs(gd, a->cost, a->ncost));
    if (a->perk.id != PERK_NONE)
        set(o, "perk", json_perk(&a->perk, 0));
    struct field_conf fc[] = {{"max", a->max_ref >= 0 ? a->max_ref_conf : a->max.conf},
                              {"vp", a->vp.conf}, {"pow", a->pow.conf}, {"die", a->die.conf}};
    set_field_confs(o, fc, 4);
    set_aliases(gd, o, a->id);
    return o;
}

static json_t *json_item(const struct gamedata *gd, const struct gd_item *it)
{
    json_t *o = id_name(it->id, it->name);
    set(o, "vp", json_integer(it->vp.value));
    set(o, "pow", json_integer(it->pow.value));
    if (it->infra_pow.value)
        set(o, "infra_pow", json_integer(it->infra_pow.value));
    if (it->die.value)
        set(o, "die", json_integer(it->die.value));
    set(o, "requires", json_reqs(gd, it->req, it->nreq));
    set(o, "costs", json_costs(gd, it->cost, it->ncost));
    if (gamedata_is_special(it)) {
        json_t *perks = json_array();
        json_array_append_new(perks, json_perk(&it->perks[0], 'a'));
        json_array_append_new(perks, json_perk(&it->perks[1], 'b'));
        set(o, "perks", perks);
    } else if (it->nperks) {
        set(o, "perk", json_perk(&it->perks[0], 0));
    }
    struct field_conf fc[] = {{"name", it->name_conf}, {"vp", it->vp.conf}, {"pow", it->pow.conf},
                              {"infra_pow", it->infra_pow.conf}, {"die", it->die.conf}};
    set_field_confs(o, fc, 5);
    set_aliases(gd, o, it->id);
    return o;
}

static json_t *json_items(const struct gamedata *gd, enum item_kind kind)
{
    json_t *list = json_array();
    for (int i = 0; i < gd->nitems; i++)
        if (gd->items[i].kind == kind)
            json_array_append_new(list, json_item(gd, &gd->items[i]));
    return list;
}

static const char *effect_name(enum effect_kind k)
{
    switch (k) {
    case EFF_HALVE: return "halve";
    case EFF_LOSE: return "lose";
    case EFF_ZERO: return "zero";
    case EFF_NO_FARM_PRODUCTION: return "no-farm-production";
    case EFF_BAN_PEOPLE: return "ban-people";
    }
    return "";
}

static json_t *json_locations(const struct gamedata *gd)
{
    json_t *list = json_array();
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *lo = &gd->locations[l];
        json_t *o = id_name(lo->id, lo->name ? lo->name : lo->id);
        set(o, "min", int_list(lo->min, GD_ROUNDS));
        json_t *bonus = json_object(), *options = json_array();
        set(bonus, "choice", json_boolean(lo->nbonus > 1));
        for (int b = 0; b < lo->nbonus; b++)
            json_array_append_new(options, asset_amount(gd, lo->bonus_asset[b], lo->bonus_amount[b]));
        set(bonus, "options", options);
        set(o, "bonus", bonus);
        struct field_conf fc[] = {{"min", lo->min_conf}, {"bonus", lo->bonus_conf}};
        set_field_confs(o, fc, 2);
        set_aliases(gd, o, lo->id);
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *json_effect(const struct gamedata *gd, const struct gd_effect *f)
{
    json_t *o = json_object();
    set(o, "kind", json_text(effect_name(f->kind)));
    if (f->kind == EFF_HALVE || f->kind == EFF_LOSE || f->kind == EFF_ZERO)
        set(o, "asset", json_text(gd->assets[f->asset].id));
    if (f->kind == EFF_LOSE)
        set(o, "amount", json_integer(f->amount));
    set_conf(o, f->conf);
    return o;
}

static json_t *json_events(const struct gamedata *gd)
{
    json_t *list = json_array();
    for (int e = 0; e < EVENT_COUNT; e++) {
        const struct gd_event *ev = &gd->events[e];
        json_t *o = id_name(ev->id, ev->name);
        set(o, "die", json_integer(ev->die));
        set(o, "letters", json_text(ev->letters ? ev->letters : ""));
        if (ev->pow_below_per_round)
            set(o, "pow_below_per_round", json_integer(ev->pow_below_per_round));
        json_t *effects = json_array();
        for (int i = 0; i < ev->neff; i++)
            json_array_append_new(effects, json_effect(gd, &ev->eff[i]));
        set(o, "effects", effects);
        set(o, "text", json_text(ev->text ? ev->text : ""));
        set_aliases(gd, o, ev->id);
        json_array_append_new(list, o);
    }
    return list;
}

/* "rounds": [...], "fixed": {"round": "event" ...} of a difficulty. */
static void set_event_rounds(const struct gamedata *gd, json_t *o, const struct gd_difficulty *df)
{
    json_t *rounds = json_array(), *fixed = json_object();
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (df->has_event[r])
            json_array_append_new(rounds, json_integer(r));
        if (df->fixed_event[r] >= 0) {
            char round[12];
            snprintf(round, sizeof round, "%d", r);
            set(fixed, round, json_text(gd->events[df->fixed_event[r]].id));
        }
    }
    set(o, "rounds", rounds);
    set(o, "fixed", fixed);
}

static json_t *json_difficulties(const struct gamedata *gd)
{
    json_t *list = json_array();
    for (int d = 0; d < gd->ndifficulties; d++) {
        const struct gd_difficulty *df = &gd->difficulties[d];
        json_t *o = id_name(df->id, df->name ? df->name : df->id);
        set_event_rounds(gd, o, df);
        json_t *good = json_array();
        json_array_append_new(good, json_integer(df->good_low));
        json_array_append_new(good, df->good_high >= 0 ? json_integer(df->good_high) : json_null());
        set(o, "good", good);
        if (d == gd->default_difficulty)
            set(o, "default", json_true());
        set_aliases(gd, o, df->id);
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *json_objectives(const struct gamedata *gd)
{
    json_t *list = json_array();
    for (int o = 0; o < gd->nobjectives; o++) {
        const struct gd_objective *ob = &gd->objectives[o];
        json_t *entry = id_name(ob->id, ob->name ? ob->name : ob->id);
        set(entry, "requires", json_reqs(gd, ob->req, ob->nreq));
        json_array_append_new(list, entry);
    }
    return list;
}

/* The words the move log refuses because they name two things. */
static json_t *json_ambiguous_words(const struct gamedata *gd)
{
    json_t *list = json_array();
    for (int i = 0; i < gd->naliases; i++) {
        if (!gd->aliases[i].id2)
            continue;
        json_t *o = json_object(), *ids = json_array();
        set(o, "word", json_text(gd->aliases[i].word));
        json_array_append_new(ids, json_text(gd->aliases[i].id));
        json_array_append_new(ids, json_text(gd->aliases[i].id2));
        set(o, "ids", ids);
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *pair_object(const char *k1, int v1, const char *k2, int v2)
{
    json_t *o = json_object();
    set(o, k1, json_integer(v1));
    set(o, k2, json_integer(v2));
    return o;
}

/* The rules' numbers that belong to no table. */
static json_t *json_settings(const struct gamedata *gd)
{
    json_t *o = json_object(), *reserve = json_object(), *war = json_object(), *rolls = json_array();
    set(o, "rounds", json_integer(GD_ROUNDS));
    set(reserve, "slots", json_integer(gd->reserve_slots));
    set(reserve, "start", int_list(gd->reserve_start, gd->nreserve_start));
    set(reserve, "per_turn", json_integer(gd->reserve_per_turn));
    set(o, "reserve", reserve);
    set(o, "feeding_per", json_integer(gd->feeding_per));
    set(o, "reputation_score", pair_object("vp", gd->reputation_vp, "per", gd->reputation_per));
    set(o, "max_same_event", json_integer(gd->max_same_event));
    set(war, "highest", json_integer(gd->war_highest));
    set(war, "other", json_integer(gd->war_other));
    set(war, "sole", json_integer(gd->war_sole));
    set(o, "war_reputation", war);
    for (int i = 0; i < gd->nbonus_rolls; i++) {
        json_t *roll = json_object();
        set(roll, "asset", json_text(gd->assets[gd->bonus_roll_asset[i]].id));
        set(roll, "min", json_integer(gd->bonus_roll_min[i]));
        json_array_append_new(rolls, roll);
    }
    set(o, "bonus_rolls", rolls);
    set(o, "advanced_die_penalty", json_integer(gd->advanced_die_penalty));
    set(o, "asset_cap", json_integer(gd->asset_cap));
    return o;
}

/* Each table one row a line; the settings object one member a line. */
static const char *const gamedata_json_broken[] = {"*", NULL};

void gamedata_print_json(const struct gamedata *gd, struct strbuf *out)
{
    json_t *doc = json_object(), *assets = json_array();
    set(doc, "source", json_text(gd->source ? gd->source : ""));
    for (int a = 0; a < ASSET_COUNT; a++)
        json_array_append_new(assets, json_asset(gd, &gd->assets[a]));
    set(doc, "assets", assets);
    set(doc, "people", json_items(gd, KIND_PERSON));
    set(doc, "infrastructures", json_items(gd, KIND_INFRA));
    set(doc, "special_people", json_items(gd, KIND_SPECIAL_PERSON));
    set(doc, "special_infrastructures", json_items(gd, KIND_SPECIAL_INFRA));
    set(doc, "locations", json_locations(gd));
    set(doc, "events", json_events(gd));
    set(doc, "difficulties", json_difficulties(gd));
    set(doc, "objectives", json_objectives(gd));
    set(doc, "ambiguous_words", json_ambiguous_words(gd));
    set(doc, "settings", json_settings(gd));
    json_doc_write(doc, gamedata_json_broken, out);
    json_decref(doc);
}

/* ---- Text ---------------------------------------------------------------------------------- */

static void mark(struct strbuf *out, conf_t c)
{
    if (reconstructed(c))
        strbuf_printf(out, " [%c]", c);
}

/* " population>=4 [G] blacksmith ...": each requirement after a blank, with its mark. */
static void text_reqs(const struct gamedata *gd, struct strbuf *out, const struct gd_req *req, int n)
{
    for (int i = 0; i < n; i++) {
        strbuf_putc(out, ' ');
        gamedata_format_req(gd, &req[i], out);
        mark(out, req[i].conf);
    }
}

static void text_reqs_costs(const struct gamedata *gd, struct strbuf *out, const struct gd_req *req, int nreq,
                            const struct gd_cost *cost, int ncost)
{
    if (nreq) {
        strbuf_puts(out, "  requires");
        text_reqs(gd, out, req, nreq);
    }
    if (ncost) {
        strbuf_puts(out, "  costs");
        for (int i = 0; i < ncost; i++) {
            strbuf_printf(out, " %d %s", cost[i].amount, gd->assets[cost[i].asset].id);
            mark(out, cost[i].conf);
        }
    }
}

static void text_perk(struct strbuf *out, const struct gd_perk *p, const char *label)
{
    strbuf_printf(out, "      %s %s: %s", label, perk_id_name(p->id), p->text ? p->text : "");
    mark(out, p->conf);
    strbuf_putc(out, '\n');
}

/* The words the move log accepts besides the ids, per id, and the ambiguous ones it refuses. */
static void text_aliases(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nOther words the move log accepts (singular and plural forms included)\n");
    for (int i = 0; i < gd->naliases; i++) {
        const char *id = gd->aliases[i].id;
        int seen = 0;
        for (int k = 0; k < i && !seen; k++)
            seen = !gd->aliases[k].id2 && strcmp(gd->aliases[k].id, id) == 0;
        if (seen || gd->aliases[i].id2)
            continue;
        strbuf_printf(out, "  %-16s", id);
        for (int k = i; k < gd->naliases; k++)
            if (!gd->aliases[k].id2 && strcmp(gd->aliases[k].id, id) == 0)
                strbuf_printf(out, "%s%s", k == i ? " " : ", ", gd->aliases[k].word);
        strbuf_putc(out, '\n');
    }
    for (int i = 0; i < gd->naliases; i++)
        if (gd->aliases[i].id2)
            strbuf_printf(out, "  %-16s refused: it could mean %s or %s\n", gd->aliases[i].word,
                          gd->aliases[i].id, gd->aliases[i].id2);
}

static void text_assets(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nTown assets\n");
    for (int a = 0; a < ASSET_COUNT; a++) {
        const struct gd_asset *as = &gd->assets[a];
        strbuf_printf(out, "  %-13s %-8s MAX ", as->id, asset_class_name(as->cls));
        if (as->max_ref >= 0)
            strbuf_puts(out, gd->assets[as->max_ref].id);
        else
            strbuf_printf(out, "%d", as->max.value);
        strbuf_printf(out, "  VP %d", as->vp.value);
        mark(out, as->vp.conf);
        if (as->pow.value)
            strbuf_printf(out, "  POW %d", as->pow.value);
        if (as->die.value)
            strbuf_printf(out, "  die %d", as->die.value);
        text_reqs_costs(gd, out, as->req, as->nreq, as->cost, as->ncost);
        strbuf_putc(out, '\n');
        if (as->perk.id != PERK_NONE)
            text_perk(out, &as->perk, "perk");
    }
}

static void text_item(const struct gamedata *gd, struct strbuf *out, const struct gd_item *it)
{
    strbuf_printf(out, "  %-16s", it->id);
    mark(out, it->name_conf);
    if (it->die.value)
        strbuf_printf(out, " die %d ", it->die.value);
    strbuf_printf(out, " VP %d", it->vp.value);
    mark(out, it->vp.conf);
    if (it->pow.value)
        strbuf_printf(out, "  POW %d", it->pow.value);
    if (it->infra_pow.value)
        strbuf_printf(out, "  POW %d against the outlaws", it->infra_pow.value);
    text_reqs_costs(gd, out, it->req, it->nreq, it->cost, it->ncost);
    strbuf_putc(out, '\n');
    for (int p = 0; p < it->nperks; p++)
        text_perk(out, &it->perks[p], gamedata_is_special(it) ? (p ? "b" : "a") : "perk");
}

/* The people and infrastructures, plain and special, each kind under its heading. */
static void text_items(const struct gamedata *gd, struct strbuf *out)
{
    static const char *const heads[] = {"Prominent people", "Infrastructures", "Special prominent people", "Special infrastructures"};
    for (int k = 0; k < 4; k++) {
        strbuf_printf(out, "\n%s\n", heads[k]);
        for (int i = 0; i < gd->nitems; i++)
            if ((int)gd->items[i].kind == k)
                text_item(gd, out, &gd->items[i]);
    }
}

static void text_locations(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nLocations (MIN influence for rounds 1-10; bonus at each round's end)\n");
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *lo = &gd->locations[l];
        strbuf_printf(out, "  %-10s", lo->id);
        for (int r = 0; r < GD_ROUNDS; r++)
            strbuf_printf(out, " %2d", lo->min[r]);
        strbuf_puts(out, "   bonus");
        for (int b = 0; b < lo->nbonus; b++)
            strbuf_printf(out, "%s %d %s", b ? " or" : "", lo->bonus_amount[b], gd->assets[lo->bonus_asset[b]].id);
        mark(out, lo->bonus_conf);
        strbuf_putc(out, '\n');
    }
}

static void text_events(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nGlobal events\n");
    for (int e = 0; e < EVENT_COUNT; e++) {
        const struct gd_event *ev = &gd->events[e];
        strbuf_printf(out, "  %d %-15s %-3s %s", ev->die, ev->id, ev->letters ? ev->letters : "", ev->text ? ev->text : "");
        for (int i = 0; i < ev->neff; i++)
            mark(out, ev->eff[i].conf);
        strbuf_putc(out, '\n');
    }
}

static void text_difficulty(const struct gamedata *gd, struct strbuf *out, const struct gd_difficulty *df)
{
    strbuf_printf(out, "  %-16s", df->id);
    int any = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (df->has_event[r]) {
            strbuf_printf(out, " %d", r);
            if (df->fixed_event[r] >= 0)
                strbuf_printf(out, "(%s)", gd->events[df->fixed_event[r]].id);
            any = 1;
        }
    if (!any)
        strbuf_puts(out, " none");
    if (df->good_high >= 0)
        strbuf_printf(out, "; good %d-%d", df->good_low, df->good_high);
    else
        strbuf_printf(out, "; good above %d", df->good_low);
}

static void text_difficulties(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nDifficulties (rounds with an event; good scores)\n");
    for (int d = 0; d < gd->ndifficulties; d++) {
        text_difficulty(gd, out, &gd->difficulties[d]);
        strbuf_puts(out, d == gd->default_difficulty ? " (default)\n" : "\n");
    }
}

static void text_objectives(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "\nSolo objectives (checked after round 10)\n");
    for (int o = 0; o < gd->nobjectives; o++) {
        const struct gd_objective *ob = &gd->objectives[o];
        strbuf_printf(out, "  %-10s", ob->id);
        text_reqs(gd, out, ob->req, ob->nreq);
        strbuf_putc(out, '\n');
    }
}

/* The rules' numbers that belong to no table. */
static void text_settings(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_printf(out, "\nRules with numbers\n  reserve: %d slots, starting with", gd->reserve_slots);
    for (int i = 0; i < gd->nreserve_start; i++)
        strbuf_printf(out, " %d", gd->reserve_start[i]);
    strbuf_printf(out, "; at most %d reserve die per turn\n", gd->reserve_per_turn);
    strbuf_printf(out, "  feeding: 1 food per %d population, rounded up\n", gd->feeding_per);
    strbuf_printf(out, "  reputation: %d VP per %d\n", gd->reputation_vp, gd->reputation_per);
    strbuf_printf(out, "  king war reputation: +%d to the highest POW, +%d to other supporters, +%d to a sole supporter\n",
                  gd->war_highest, gd->war_other, gd->war_sole);
    for (int i = 0; i < gd->nbonus_rolls; i++)
        strbuf_printf(out, "  bonus roll: 1d6 POW with %s >= %d\n", gd->assets[gd->bonus_roll_asset[i]].id, gd->bonus_roll_min[i]);
    strbuf_printf(out, "  the highest rolled die adds %d less on an advanced asset\n", gd->advanced_die_penalty);
    strbuf_printf(out, "  one event on at most %d rounds; market results capped at %d\n", gd->max_same_event, gd->asset_cap);
}

void gamedata_print_text(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_printf(out, "Game data: %s\nValues marked [I] are inferred, [G] guessed, [X] lost in the source "
                       "(an invented placeholder); unmarked values are stated in the rulebook.\n",
                  gd->source ? gd->source : "");
    text_assets(gd, out);
    text_items(gd, out);
    text_locations(gd, out);
    text_events(gd, out);
    text_difficulties(gd, out);
    text_objectives(gd, out);
    text_settings(gd, out);
    text_aliases(gd, out);
}
