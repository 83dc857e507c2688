/* The kingdom's year from production on: construction, trade, feeding and starvation, and the
 * end of the year (work lost, the win, the year limit, the graveyards' loss). */
#include "kingdom/internal.h"

static struct krefusal ok(void)
{
    return kref(KR_NONE, KW_NONE, -1, -1);
}

static struct krefusal apply_build(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    int b = d->what, hx = d->hex[0];
    if (s->traded)
        return kref(KR_ORDER, KW_BUILD_AFTER_TRADE, hx, -1);
    struct krefusal r = kingdom_check_build(s, b, hx);
    if (r.rule)
        return r;
    int cost[KRES_COUNT];
    kingdom_cost(s, b, cost);
    for (int k = 0; k < KRES_COUNT; k++)
        kset_stock(s, h, k, s->stock[k] - cost[k], KC_BUILD, hx, b);
    if (b == KB_MONUMENT) {
        s->thing[hx] = KX_MONUMENT;
        s->stage_hex[s->stage] = (signed char)hx;
        knote(h, s, KH_STAGE, KC_BUILD, hx, b, s->stage, s->stage + 1);
        s->stage++;
        s->stage_at[hx] = (unsigned char)s->stage;
    } else {
        s->thing[hx] = (unsigned char)(KX_FARM + b);
        knote(h, s, KH_FARMS + b, KC_BUILD, hx, b, s->count[b], s->count[b] + 1);
        s->count[b]++;
    }
    return r;
}

static struct krefusal apply_trade(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    struct krefusal r;
    if (d->a < 1) {
        r = kref(KR_TRADE, KW_TRADE_N, -1, -1);
        r.n[0] = d->a;
        return r;
    }
    if (d->what != KRES_FOOD && d->what != KRES_ORE) {
        r = kref(KR_TRADE, KW_TRADE_WHAT, -1, -1);
        r.n[0] = d->what;
        return r;
    }
    int work = s->data->trade_work;
    if (d->a > s->stock[KRES_WORK] / work) {
        r = kref(KR_TRADE, KW_TRADE_WORK, -1, -1);
        r.n[0] = d->a;
        r.n[1] = d->a * work;
        r.n[2] = s->stock[KRES_WORK];
        r.n[3] = d->what;
        return r;
    }
    kset_stock(s, h, KRES_WORK, s->stock[KRES_WORK] - d->a * work, KC_TRADE, -1, -1);
    kset_stock(s, h, d->what, s->stock[d->what] + d->a, KC_TRADE, -1, -1);
    s->traded = true;
    return ok();
}

/* The year is over: work is lost, then the win or the year limit. */
static void end_year(struct kstate *s, struct khistory *h)
{
    kset_stock(s, h, KRES_WORK, 0, KC_YEAR_END, -1, -1);
    if (s->stage >= s->data->effect_stage[KEFF_WIN] && !s->starved) {
        s->end = KEND_WIN;
        s->end_year = s->year;
        s->phase = P_END;
    } else if (s->year >= s->data->year_limit) {
        s->end = KEND_LOSS_YEARS;
        s->end_year = s->year;
        s->phase = P_END;
    } else {
        s->phase = P_YEAR;
    }
}

/* Feeding: each building eats; what is missing is owed in victims. */
static void feed(struct kstate *s, struct khistory *h)
{
    int mouths = kingdom_mouths(s), food = s->stock[KRES_FOOD];
    if (food >= mouths) {
        kset_stock(s, h, KRES_FOOD, food - mouths, KC_FEED, -1, -1);
        end_year(s, h);
        return;
    }
    kset_stock(s, h, KRES_FOOD, 0, KC_FEED, -1, -1);
    int missing = mouths - food, feed = s->data->feed > 0 ? s->data->feed : 1;
    missing = (missing + feed - 1) / feed;
    int standing = kingdom_buildings(s);
    s->starve_left = missing < standing ? missing : standing;
    s->starved = true;
    s->phase = P_STARVE;
}

static struct krefusal apply_starve(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    int hx = d->hex[0], b = kingdom_building_at(s, hx);
    if (b < 0)
        return kref(KR_STARVE, KW_STARVE_HEX, hx, -1);
    s->thing[hx] = KX_GRAVEYARD;
    knote(h, s, KH_FARMS + b, KC_STARVE, hx, b, s->count[b], s->count[b] - 1);
    s->count[b]--;
    knote(h, s, KH_GRAVEYARDS, KC_STARVE, hx, b, s->graveyards, s->graveyards + 1);
    s->graveyards++;
    if (--s->starve_left > 0)
        return ok();
    if (s->graveyards >= s->data->graveyard_limit) {
        s->end = KEND_LOSS_GRAVEYARDS;
        s->end_year = s->year;
        s->phase = P_END;
    } else {
        end_year(s, h);
    }
    return ok();
}

struct krefusal kingdom_build_apply(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    switch (d->kind) {
    case KD_BUILD:
        return apply_build(s, d, h);
    case KD_TRADE:
        return apply_trade(s, d, h);
    case KD_DONE:
        feed(s, h);
        return ok();
    case KD_STARVE:
        return apply_starve(s, d, h);
    default:
        return ok();
    }
}
