/* The kingdom's game data and rule ids, printed for `xii rules --game kingdom`. */
#include "kingdom/data_print.h"
#include "core/json.h"
#include "core/rule_table.h"
#include "kingdom/rule_ids.h"

static const char *const best_where[KB_BUILDINGS] = {
    "next to a river hex", "on a mountain", "next to a farm or a mine",
};

/* What a monument stage allows, in words that follow the data (the capital's picks). */
static void effect_words(const struct kdata *d, int effect, struct strbuf *out)
{
    static const char *const ordinal[] = {"first", "second", "third"};
    if (effect == KEFF_REROLL)
        strbuf_puts(out, "a reroll of one fate die a year");
    else if (effect == KEFF_WIN)
        strbuf_puts(out, "the win");
    else if (d->capital_picks_more == d->capital_picks + 1 && d->capital_picks_more <= 3)
        strbuf_printf(out, "the capital's %s pick", ordinal[d->capital_picks_more - 1]);
    else if (d->capital_picks_more == d->capital_picks)
        strbuf_printf(out, "nothing more (the capital's picks stay %d)", d->capital_picks);
    else
        strbuf_printf(out, "the capital's picks %s to %d", d->capital_picks_more > d->capital_picks ? "up" : "down",
                      d->capital_picks_more);
}

static void amounts(const int *v, struct strbuf *out)
{
    static const int order[KRES_COUNT] = {KRES_WORK, KRES_FOOD, KRES_ORE};
    int n = 0;
    for (int k = 0; k < KRES_COUNT; k++)
        if (v[order[k]])
            strbuf_printf(out, "%s%d %s", n++ ? ", " : "", v[order[k]], kres_name(order[k]));
    if (n == 0)
        strbuf_puts(out, "nothing");
}

void kdata_print_text(const struct kdata *d, struct strbuf *out)
{
    strbuf_printf(out, "%s (game data: %s)\n\n", d->title ? d->title : "Kingdom", d->source ? d->source : "?");
    strbuf_printf(out, "start         food %d, ore %d, work %d\n", d->start[KRES_FOOD], d->start[KRES_ORE],
                  d->start[KRES_WORK]);
    strbuf_printf(out, "year limit    %d (a game not won by the end of year %d is lost)\n", d->year_limit, d->year_limit);
    strbuf_printf(out, "graveyards    graveyard %d loses the game; a building next to one yields %d less\n",
                  d->graveyard_limit, d->graveyard_penalty);
    strbuf_printf(out, "feeding       %d food per building a year\n", d->feed);
    strbuf_printf(out, "trade         %d work for 1 food or 1 ore\n", d->trade_work);
    strbuf_printf(out, "capital       %d resource%s a year; %d from monument stage %d\n", d->capital_picks,
                  d->capital_picks == 1 ? "" : "s", d->capital_picks_more, d->effect_stage[KEFF_CAPITAL]);
    strbuf_printf(out, "fate          hard times: each production total %d lower per result; a bonus gives at least %d\n",
                  d->hard_times, d->bonus_min);
    strbuf_puts(out, "\nbuilding  cost (times how many stand, at least 1)  yield\n");
    for (int b = 0; b < KB_BUILDINGS; b++) {
        struct strbuf cost = STRBUF_INIT;
        amounts(d->cost[b], &cost);
        strbuf_printf(out, "%-9s %-40s %d; %d %s\n", kbuilding_name(b), strbuf_cstr(&cost), d->yield[b],
                      d->yield_best[b], best_where[b]);
        strbuf_free(&cost);
    }
    strbuf_puts(out, "\nmonument  cost                                     allows (from the next time it matters)\n");
    for (int k = 0; k < KSTAGES; k++) {
        struct strbuf cost = STRBUF_INIT;
        amounts(d->stage_cost[k], &cost);
        strbuf_printf(out, "stage %d   %-40s ", k + 1, strbuf_cstr(&cost));
        effect_words(d, d->stage_effect[k], out);
        strbuf_putc(out, '\n');
        strbuf_free(&cost);
    }
}

static json_t *res_object(const int *v)
{
    json_t *o = json_object();
    for (int r = 0; r < KRES_COUNT; r++)
        json_object_set_new(o, kres_name(r), json_integer(v[r]));
    return o;
}

void kdata_print_json(const struct kdata *d, struct strbuf *out)
{
    json_t *doc = json_object();
    json_object_set_new(doc, "game", json_text(d->title));
    json_object_set_new(doc, "source", json_text(d->source));
    json_object_set_new(doc, "start", res_object(d->start));
    json_object_set_new(doc, "year_limit", json_integer(d->year_limit));
    json_object_set_new(doc, "graveyard_limit", json_integer(d->graveyard_limit));
    json_object_set_new(doc, "graveyard_penalty", json_integer(d->graveyard_penalty));
    json_object_set_new(doc, "feed", json_integer(d->feed));
    json_object_set_new(doc, "trade_work", json_integer(d->trade_work));
    json_object_set_new(doc, "capital_picks", json_integer(d->capital_picks));
    json_object_set_new(doc, "capital_picks_more", json_integer(d->capital_picks_more));
    json_object_set_new(doc, "hard_times", json_integer(d->hard_times));
    json_object_set_new(doc, "bonus_min", json_integer(d->bonus_min));
    json_t *buildings = json_object();
    for (int b = 0; b < KB_BUILDINGS; b++) {
        json_t *o = json_object();
        json_object_set_new(o, "cost", res_object(d->cost[b]));
        json_object_set_new(o, "yield", json_integer(d->yield[b]));
        json_object_set_new(o, "best", json_integer(d->yield_best[b]));
        json_object_set_new(buildings, kbuilding_name(b), o);
    }
    json_object_set_new(doc, "buildings", buildings);
    json_t *stages = json_array();
    for (int k = 0; k < KSTAGES; k++) {
        json_t *o = json_object();
        json_object_set_new(o, "stage", json_integer(k + 1));
        json_object_set_new(o, "cost", res_object(d->stage_cost[k]));
        json_object_set_new(o, "gives", json_string(keffect_name(d->stage_effect[k])));
        json_array_append_new(stages, o);
    }
    json_object_set_new(doc, "stages", stages);
    static const char *const broken[] = {"buildings", "stages", NULL};
    json_doc_write(doc, broken, out);
    json_decref(doc);
}

static struct rule_row krule_row(int id)
{
    const struct krule_info *r = krule_info((enum krule)id);
    struct rule_row row = {r->id, r->section, r->summary};
    return row;
}

void krule_print_text(struct strbuf *out)
{
    rule_table_text(KR_NONE + 1, KR_COUNT, krule_row, 16, 28, out);
}

void krule_print_json(struct strbuf *out)
{
    rule_table_json(KR_NONE + 1, KR_COUNT, krule_row, out);
}
