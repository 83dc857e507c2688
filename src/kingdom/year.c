/* The kingdom's year up to production: the year line, the fate dice, the reroll, the sixes'
 * picks, the disasters, and the capital's picks that make the year's production. */
#include "kingdom/internal.h"

static struct krefusal ok(void)
{
    return kref(KR_NONE, KW_NONE, -1, -1);
}

bool kingdom_may_reroll(const struct kstate *s)
{
    return s->phase == P_FATE_STEP && s->reroll_die < 0 && !s->rerolled && !s->fate_chosen &&
           s->stage >= s->data->effect_stage[KEFF_REROLL];
}

/* The results of the dice as they show: each 1-5 counted, each 6 owed a six line. */
static void read_dice(struct kstate *s)
{
    for (int v = 0; v <= KFATE_RESULTS; v++)
        s->results[v] = 0;
    s->sixes_left = 0;
    for (int k = 0; k < 2; k++) {
        if (s->dice[k] == 6)
            s->sixes_left++;
        else
            s->results[s->dice[k]]++;
    }
    s->disasters_left = s->sixes_left ? 0 : s->results[1];
}

static struct krefusal die_check(int v, int hi, enum krule rule, enum kwhy why)
{
    if (v >= 1 && v <= hi)
        return ok();
    struct krefusal r = kref(rule, why, -1, -1);
    r.n[0] = v;
    return r;
}

static struct krefusal apply_year(struct kstate *s, const struct kdecision *d)
{
    if (d->a != s->year + 1) {
        struct krefusal r = kref(KR_YEAR, KW_YEAR, -1, -1);
        r.n[0] = s->year + 1;
        r.n[1] = d->a;
        return r;
    }
    s->year = d->a;
    s->phase = P_FATE;
    s->rerolled = false;
    s->fate_chosen = false;
    s->reroll_die = -1;
    s->traded = false;
    s->starved = false;
    s->starve_left = 0;
    s->sixes_left = 0;
    s->disasters_left = 0;
    for (int v = 0; v <= KFATE_RESULTS; v++)
        s->results[v] = 0;
    return ok();
}

struct krefusal kingdom_reroll_refusal(const struct kstate *s)
{
    if (s->stage < s->data->effect_stage[KEFF_REROLL]) {
        struct krefusal r = kref(KR_REROLL, KW_REROLL_STAGE, -1, -1);
        r.n[0] = s->data->effect_stage[KEFF_REROLL];
        return r;
    }
    if (s->rerolled)
        return kref(KR_REROLL, KW_REROLL_USED, -1, -1);
    return kref(KR_REROLL, KW_REROLL_LATE, -1, -1);
}

static struct krefusal apply_reroll(struct kstate *s, const struct kdecision *d)
{
    int k = s->dice[0] == d->a ? 0 : s->dice[1] == d->a ? 1 : -1;
    if (k < 0) {
        struct krefusal r = kref(KR_REROLL, KW_REROLL_VALUE, -1, -1);
        r.n[0] = d->a;
        r.n[1] = s->dice[0];
        r.n[2] = s->dice[1];
        return r;
    }
    s->reroll_die = (signed char)k;
    s->rerolled = true;
    return ok();
}

static struct krefusal apply_six(struct kstate *s, const struct kdecision *d)
{
    struct krefusal r;
    if ((r = die_check(d->a, KFATE_RESULTS, KR_SIX, KW_SIX_RANGE)).rule ||
        (r = die_check(d->b, KFATE_RESULTS, KR_SIX, KW_SIX_RANGE)).rule)
        return r;
    if (d->a == d->b) {
        r = kref(KR_SIX, KW_SIX_SAME, -1, -1);
        r.n[0] = d->a;
        return r;
    }
    s->fate_chosen = true;
    s->results[d->a]++;
    s->results[d->b]++;
    if (--s->sixes_left == 0)
        s->disasters_left = s->results[1];
    return ok();
}

static struct krefusal apply_disaster(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    int standing = kingdom_buildings(s);
    if (d->nhex == 0) {
        if (standing > 0) {
            struct krefusal r = kref(KR_DISASTER, KW_DISASTER_NONE, -1, -1);
            r.n[0] = standing;
            return r;
        }
    } else {
        int hx = d->hex[0], b = kingdom_building_at(s, hx);
        if (b < 0)
            return kref(KR_DISASTER, KW_DISASTER_HEX, hx, -1);
        s->thing[hx] = KX_NONE;
        knote(h, s, KH_FARMS + b, KC_DISASTER, hx, b, s->count[b], s->count[b] - 1);
        s->count[b]--;
    }
    s->fate_chosen = true;
    s->disasters_left--;
    return ok();
}

static struct krefusal apply_capital(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    int due = kingdom_picks_due(s);
    if (d->nres != due) {
        struct krefusal r = kref(KR_CAPITAL, KW_CAPITAL_COUNT, -1, -1);
        r.n[0] = d->nres;
        r.n[1] = due;
        r.n[2] = s->data->effect_stage[KEFF_CAPITAL];
        return r;
    }
    for (int k = 0; k < d->nres; k++)
        if (d->res[k] < 0 || d->res[k] >= KRES_COUNT) {
            struct krefusal r = kref(KR_CAPITAL, KW_CAPITAL_WORD, -1, -1);
            r.n[0] = k;
            return r;
        }
    int parts[KRES_COUNT][KPART_COUNT];
    static const int causes[KPART_COUNT] = {KC_PRODUCE, KC_CAPITAL, KC_BONUS, KC_HARD_TIMES};
    kingdom_production_parts(s, d->res, d->nres, parts);
    for (int r = 0; r < KRES_COUNT; r++)
        for (int k = 0; k < KPART_COUNT; k++)
            kset_stock(s, h, r, s->stock[r] + parts[r][k], causes[k], -1, -1);
    s->fate_chosen = true;
    s->phase = P_BUILD;
    return ok();
}

struct krefusal kingdom_fate_apply(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    struct krefusal r = ok();
    switch (d->kind) {
    case KD_YEAR:
        return apply_year(s, d);
    case KD_FATE:
        if ((r = die_check(d->a, 6, KR_DICE, KW_DIE)).rule || (r = die_check(d->b, 6, KR_DICE, KW_DIE)).rule)
            return r;
        s->dice[0] = (signed char)d->a;
        s->dice[1] = (signed char)d->b;
        read_dice(s);
        s->phase = P_FATE_STEP;
        return r;
    case KD_REROLL:
        return apply_reroll(s, d);
    case KD_REROLL_ROLL:
        if ((r = die_check(d->a, 6, KR_DICE, KW_DIE)).rule)
            return r;
        s->dice[s->reroll_die] = (signed char)d->a;
        s->reroll_die = -1;
        read_dice(s);
        return r;
    case KD_SIX:
        return apply_six(s, d);
    case KD_DISASTER:
        return apply_disaster(s, d, h);
    case KD_CAPITAL:
        return apply_capital(s, d, h);
    default:
        return r;
    }
}
