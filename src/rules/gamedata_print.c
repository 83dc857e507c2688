#include "rules/gamedata_print.h"
#include <string.h>

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

static void json_key(struct strbuf *out, const char *key)
{
    strbuf_json_string(out, key);
    strbuf_putc(out, ':');
}

/* Starts the next row of a table: one per line, indented. */
static void json_row(struct strbuf *out, int first)
{
    strbuf_puts(out, first ? "\n  " : ",\n  ");
}

/* {"id":...,"name":... : the start of every table's row (left open). */
static void json_id_name(struct strbuf *out, const char *id, const char *name)
{
    strbuf_puts(out, "{\"id\":");
    strbuf_json_string(out, id);
    strbuf_puts(out, ",\"name\":");
    strbuf_json_string(out, name);
}

static void json_conf(struct strbuf *out, conf_t c)
{
    if (reconstructed(c)) {
        strbuf_puts(out, ",\"confidence\":");
        strbuf_printf(out, "\"%c\"", c);
    }
}

static void json_reqs(const struct gamedata *gd, struct strbuf *out, const struct gd_req *req, int n)
{
    strbuf_puts(out, "\"requires\":[");
    for (int i = 0; i < n; i++) {
        const struct gd_req *r = &req[i];
        if (i)
            strbuf_putc(out, ',');
        switch (r->kind) {
        case REQ_HAS:
            strbuf_puts(out, "{\"has\":");
            strbuf_json_string(out, gd->items[r->item].id);
            break;
        case REQ_ASSET_GE:
        case REQ_ASSET_EQ:
            strbuf_puts(out, "{\"asset\":");
            strbuf_json_string(out, gd->assets[r->asset].id);
            strbuf_printf(out, ",\"op\":\"%s\",\"value\":%d", r->kind == REQ_ASSET_GE ? ">=" : "=", r->value);
            break;
        case REQ_REPUTATION_GE:
            strbuf_printf(out, "{\"asset\":\"reputation\",\"op\":\">=\",\"value\":%d", r->value);
            break;
        case REQ_SCORE_GE:
            strbuf_printf(out, "{\"asset\":\"score\",\"op\":\">=\",\"value\":%d", r->value);
            break;
        }
        json_conf(out, r->conf);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

static void json_costs(const struct gamedata *gd, struct strbuf *out, const struct gd_cost *cost, int n)
{
    strbuf_puts(out, "\"costs\":[");
    for (int i = 0; i < n; i++) {
        if (i)
            strbuf_putc(out, ',');
        strbuf_puts(out, "{\"asset\":");
        strbuf_json_string(out, gd->assets[cost[i].asset].id);
        strbuf_printf(out, ",\"amount\":%d", cost[i].amount);
        json_conf(out, cost[i].conf);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

/* Entry-level confidence: {"field": "G", ...}, only for reconstructed fields. */
struct field_conf {
    const char *field;
    conf_t conf;
};

static void json_field_confs(struct strbuf *out, const struct field_conf *fc, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (!reconstructed(fc[i].conf))
            continue;
        strbuf_puts(out, any ? "," : ",\"confidence\":{");
        strbuf_json_string(out, fc[i].field);
        strbuf_printf(out, ":\"%c\"", fc[i].conf);
        any = 1;
    }
    if (any)
        strbuf_putc(out, '}');
}

/* ,"aliases":[...]: the words the move log also accepts for id (the file's aliases and the
 * singular or plural forms), ambiguous words excepted. */
static void json_aliases(const struct gamedata *gd, struct strbuf *out, const char *id)
{
    strbuf_puts(out, ",\"aliases\":[");
    int first = 1;
    for (int i = 0; i < gd->naliases; i++)
        if (!gd->aliases[i].id2 && strcmp(gd->aliases[i].id, id) == 0) {
            if (!first)
                strbuf_putc(out, ',');
            strbuf_json_string(out, gd->aliases[i].word);
            first = 0;
        }
    strbuf_putc(out, ']');
}

static void json_perk(struct strbuf *out, const struct gd_perk *p, char letter)
{
    strbuf_putc(out, '{');
    if (letter)
        strbuf_printf(out, "\"letter\":\"%c\",", letter);
    json_key(out, "id");
    strbuf_json_string(out, perk_id_name(p->id));
    strbuf_puts(out, ",\"params\":[");
    for (int i = 0; i < p->nparams; i++)
        strbuf_printf(out, "%s%d", i ? "," : "", p->params[i]);
    strbuf_puts(out, "],\"text\":");
    strbuf_json_string(out, p->text ? p->text : "");
    json_conf(out, p->conf);
    strbuf_putc(out, '}');
}

static void json_asset(const struct gamedata *gd, struct strbuf *out, const struct gd_asset *a)
{
    json_id_name(out, a->id, a->name);
    strbuf_printf(out, ",\"class\":\"%s\",\"max\":", asset_class_name(a->cls));
    if (a->max_ref >= 0)
        strbuf_json_string(out, gd->assets[a->max_ref].id);
    else
        strbuf_printf(out, "%d", a->max.value);
    strbuf_printf(out, ",\"vp\":%d,\"pow\":%d", a->vp.value, a->pow.value);
    if (a->die.value)
        strbuf_printf(out, ",\"die\":%d", a->die.value);
    if (a->produce.value)
        strbuf_printf(out, ",\"food_per\":%d", a->produce.value);
    strbuf_putc(out, ',');
    json_reqs(gd, out, a->req, a->nreq);
    strbuf_putc(out, ',');
    json_costs(gd, out, a->cost, a->ncost);
    if (a->perk.id != PERK_NONE) {
        strbuf_puts(out, ",\"perk\":");
        json_perk(out, &a->perk, 0);
    }
    struct field_conf fc[] = {{"max", a->max_ref >= 0 ? a->max_ref_conf : a->max.conf},
                              {"vp", a->vp.conf}, {"pow", a->pow.conf}, {"die", a->die.conf}};
    json_field_confs(out, fc, 4);
    json_aliases(gd, out, a->id);
    strbuf_putc(out, '}');
}

static void json_item(const struct gamedata *gd, struct strbuf *out, const struct gd_item *it)
{
    json_id_name(out, it->id, it->name);
    strbuf_printf(out, ",\"vp\":%d,\"pow\":%d", it->vp.value, it->pow.value);
    if (it->infra_pow.value)
        strbuf_printf(out, ",\"infra_pow\":%d", it->infra_pow.value);
    if (it->die.value)
        strbuf_printf(out, ",\"die\":%d", it->die.value);
    strbuf_putc(out, ',');
    json_reqs(gd, out, it->req, it->nreq);
    strbuf_putc(out, ',');
    json_costs(gd, out, it->cost, it->ncost);
    if (gamedata_is_special(it)) {
        strbuf_puts(out, ",\"perks\":[");
        json_perk(out, &it->perks[0], 'a');
        strbuf_putc(out, ',');
        json_perk(out, &it->perks[1], 'b');
        strbuf_putc(out, ']');
    } else if (it->nperks) {
        strbuf_puts(out, ",\"perk\":");
        json_perk(out, &it->perks[0], 0);
    }
    struct field_conf fc[] = {{"name", it->name_conf}, {"vp", it->vp.conf}, {"pow", it->pow.conf},
                              {"infra_pow", it->infra_pow.conf}, {"die", it->die.conf}};
    json_field_confs(out, fc, 5);
    json_aliases(gd, out, it->id);
    strbuf_putc(out, '}');
}

static void json_items(const struct gamedata *gd, struct strbuf *out, const char *key, enum item_kind kind)
{
    strbuf_printf(out, ",\n\"%s\":[", key);
    int first = 1;
    for (int i = 0; i < gd->nitems; i++) {
        if (gd->items[i].kind != kind)
            continue;
        json_row(out, first);
        json_item(gd, out, &gd->items[i]);
        first = 0;
    }
    strbuf_puts(out, "]");
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

static void json_locations(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, ",\n\"locations\":[");
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *lo = &gd->locations[l];
        json_row(out, l == 0);
        json_id_name(out, lo->id, lo->name ? lo->name : lo->id);
        strbuf_puts(out, ",\"min\":[");
        for (int r = 0; r < GD_ROUNDS; r++)
            strbuf_printf(out, "%s%d", r ? "," : "", lo->min[r]);
        strbuf_printf(out, "],\"bonus\":{\"choice\":%s,\"options\":[", lo->nbonus > 1 ? "true" : "false");
        for (int b = 0; b < lo->nbonus; b++) {
            strbuf_puts(out, b ? ",{\"asset\":" : "{\"asset\":");
            strbuf_json_string(out, gd->assets[lo->bonus_asset[b]].id);
            strbuf_printf(out, ",\"amount\":%d}", lo->bonus_amount[b]);
        }
        strbuf_puts(out, "]}");
        struct field_conf fc[] = {{"min", lo->min_conf}, {"bonus", lo->bonus_conf}};
        json_field_confs(out, fc, 2);
        json_aliases(gd, out, lo->id);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

static void json_effect(const struct gamedata *gd, struct strbuf *out, const struct gd_effect *f)
{
    strbuf_printf(out, "{\"kind\":\"%s\"", effect_name(f->kind));
    if (f->kind == EFF_HALVE || f->kind == EFF_LOSE || f->kind == EFF_ZERO) {
        strbuf_puts(out, ",\"asset\":");
        strbuf_json_string(out, gd->assets[f->asset].id);
    }
    if (f->kind == EFF_LOSE)
        strbuf_printf(out, ",\"amount\":%d", f->amount);
    json_conf(out, f->conf);
    strbuf_putc(out, '}');
}

static void json_events(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, ",\n\"events\":[");
    for (int e = 0; e < EVENT_COUNT; e++) {
        const struct gd_event *ev = &gd->events[e];
        json_row(out, e == 0);
        json_id_name(out, ev->id, ev->name);
        strbuf_printf(out, ",\"die\":%d,\"letters\":", ev->die);
        strbuf_json_string(out, ev->letters ? ev->letters : "");
        if (ev->pow_below_per_round)
            strbuf_printf(out, ",\"pow_below_per_round\":%d", ev->pow_below_per_round);
        strbuf_puts(out, ",\"effects\":[");
        for (int i = 0; i < ev->neff; i++) {
            if (i)
                strbuf_putc(out, ',');
            json_effect(gd, out, &ev->eff[i]);
        }
        strbuf_puts(out, "],\"text\":");
        strbuf_json_string(out, ev->text ? ev->text : "");
        json_aliases(gd, out, ev->id);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

/* "rounds":[...],"fixed":{"round":"event"...} of a difficulty. */
static void json_event_rounds(const struct gamedata *gd, struct strbuf *out, const struct gd_difficulty *df)
{
    strbuf_puts(out, ",\"rounds\":[");
    int first = 1;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (df->has_event[r]) {
            strbuf_printf(out, "%s%d", first ? "" : ",", r);
            first = 0;
        }
    strbuf_puts(out, "],\"fixed\":{");
    first = 1;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (df->fixed_event[r] >= 0) {
            strbuf_printf(out, "%s\"%d\":", first ? "" : ",", r);
            strbuf_json_string(out, gd->events[df->fixed_event[r]].id);
            first = 0;
        }
    strbuf_putc(out, '}');
}

static void json_difficulties(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, ",\n\"difficulties\":[");
    for (int d = 0; d < gd->ndifficulties; d++) {
        const struct gd_difficulty *df = &gd->difficulties[d];
        json_row(out, d == 0);
        json_id_name(out, df->id, df->name ? df->name : df->id);
        json_event_rounds(gd, out, df);
        strbuf_printf(out, ",\"good\":[%d,", df->good_low);
        if (df->good_high >= 0)
            strbuf_printf(out, "%d]", df->good_high);
        else
            strbuf_puts(out, "null]");
        if (d == gd->default_difficulty)
            strbuf_puts(out, ",\"default\":true");
        json_aliases(gd, out, df->id);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

static void json_objectives(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, ",\n\"objectives\":[");
    for (int o = 0; o < gd->nobjectives; o++) {
        const struct gd_objective *ob = &gd->objectives[o];
        json_row(out, o == 0);
        json_id_name(out, ob->id, ob->name ? ob->name : ob->id);
        strbuf_putc(out, ',');
        json_reqs(gd, out, ob->req, ob->nreq);
        strbuf_putc(out, '}');
    }
    strbuf_putc(out, ']');
}

/* The words the move log refuses because they name two things. */
static void json_ambiguous_words(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, ",\n\"ambiguous_words\":[");
    int first = 1;
    for (int i = 0; i < gd->naliases; i++) {
        if (!gd->aliases[i].id2)
            continue;
        json_row(out, first);
        strbuf_puts(out, "{\"word\":");
        strbuf_json_string(out, gd->aliases[i].word);
        strbuf_puts(out, ",\"ids\":[");
        strbuf_json_string(out, gd->aliases[i].id);
        strbuf_putc(out, ',');
        strbuf_json_string(out, gd->aliases[i].id2);
        strbuf_puts(out, "]}");
        first = 0;
    }
    strbuf_putc(out, ']');
}

/* The rules' numbers that belong to no table. */
static void json_settings(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_printf(out, ",\n\"settings\":{\"rounds\":%d,\"reserve\":{\"slots\":%d,\"start\":[", GD_ROUNDS,
                  gd->reserve_slots);
    for (int i = 0; i < gd->nreserve_start; i++)
        strbuf_printf(out, "%s%d", i ? "," : "", gd->reserve_start[i]);
    strbuf_printf(out, "],\"per_turn\":%d},\"feeding_per\":%d,\"reputation_score\":{\"vp\":%d,\"per\":%d},"
                       "\"max_same_event\":%d,\"war_reputation\":{\"highest\":%d,\"other\":%d,\"sole\":%d},"
                       "\"bonus_rolls\":[",
                  gd->reserve_per_turn, gd->feeding_per, gd->reputation_vp, gd->reputation_per,
                  gd->max_same_event, gd->war_highest, gd->war_other, gd->war_sole);
    for (int i = 0; i < gd->nbonus_rolls; i++) {
        strbuf_puts(out, i ? ",{\"asset\":" : "{\"asset\":");
        strbuf_json_string(out, gd->assets[gd->bonus_roll_asset[i]].id);
        strbuf_printf(out, ",\"min\":%d}", gd->bonus_roll_min[i]);
    }
    strbuf_printf(out, "],\"advanced_die_penalty\":%d,\"asset_cap\":%d}", gd->advanced_die_penalty, gd->asset_cap);
}

void gamedata_print_json(const struct gamedata *gd, struct strbuf *out)
{
    strbuf_puts(out, "{\"source\":");
    strbuf_json_string(out, gd->source ? gd->source : "");
    strbuf_puts(out, ",\n\"assets\":[");
    for (int a = 0; a < ASSET_COUNT; a++) {
        json_row(out, a == 0);
        json_asset(gd, out, &gd->assets[a]);
    }
    strbuf_putc(out, ']');
    json_items(gd, out, "people", KIND_PERSON);
    json_items(gd, out, "infrastructures", KIND_INFRA);
    json_items(gd, out, "special_people", KIND_SPECIAL_PERSON);
    json_items(gd, out, "special_infrastructures", KIND_SPECIAL_INFRA);
    json_locations(gd, out);
    json_events(gd, out);
    json_difficulties(gd, out);
    json_objectives(gd, out);
    json_ambiguous_words(gd, out);
    json_settings(gd, out);
    strbuf_puts(out, "}\n");
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
