/* The kingdom's legal decisions in a state (and a chance node's outcomes), for bots and for
 * the tests that check the engine against them. */
#include "kingdom/internal.h"

/* Where the decisions go: the first cap are written, all are counted. */
struct emit {
    struct kdecision *out;
    size_t cap, n;
};

static void put(struct emit *e, struct kdecision d)
{
    if (e->n < e->cap)
        e->out[e->n] = d;
    e->n++;
}

static struct kdecision dec(enum kdecision_kind kind, int a, int b)
{
    struct kdecision d = {.kind = kind, .a = a, .b = b};
    return d;
}

static struct kdecision on_hex(enum kdecision_kind kind, int what, int h)
{
    struct kdecision d = {.kind = kind, .what = what, .nhex = 1};
    d.hex[0] = (signed char)h;
    return d;
}

static void dice_pairs(struct emit *e, enum kdecision_kind kind)
{
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            put(e, dec(kind, a, b));
}

/* Every connected set of `size` hexes of the awaited range's region. */
static void ranges(const struct kstate *s, struct emit *e)
{
    struct kingdom_awaited a = kingdom_awaited(s);
    int region[10];
    int n = kmap_region_hexes(a.region, region);
    for (unsigned set = 0; set < 1u << n; set++) {
        if (__builtin_popcount(set) != a.size)
            continue;
        struct kdecision d = {.kind = KD_RANGE};
        for (int i = 0; i < n; i++)
            if (set >> i & 1u)
                d.hex[d.nhex++] = (signed char)region[i];
        if (!kingdom_check_range(s, d.hex, d.nhex).rule)
            put(e, d);
    }
}

/* Extends a river path d (its last hex wants distance `want`, rising once at 1) to every end. */
static void river_from(const struct kstate *s, struct emit *e, struct kdecision *d)
{
    int last = d->hex[d->nhex - 1], dist = kmap_hex(last)->dist;
    bool rising = false;
    for (int i = 0; i < d->nhex; i++)
        rising = rising || kmap_hex(d->hex[i])->dist == 1;
    if (rising && dist == KMAP_RADIUS) {
        put(e, *d);
        return;
    }
    int want = rising ? dist + 1 : dist - 1;
    const struct kneighbours *nb = kingdom_nb(last);
    for (int k = 0; k < nb->n; k++) {
        int h = nb->hex[k];
        if (kmap_hex(h)->dist != want || s->terrain[h] != KT_PLAIN || d->nhex >= KRIVER_MAX)
            continue;
        bool used = false;
        for (int i = 0; i < d->nhex; i++)
            used = used || d->hex[i] == h;
        if (used)
            continue;
        d->hex[d->nhex++] = (signed char)h;
        river_from(s, e, d);
        d->nhex--;
    }
}

static void rivers(const struct kstate *s, struct emit *e)
{
    for (int h = 0; h < KMAP_HEXES; h++) {
        struct kdecision d = {.kind = KD_RIVER, .nhex = 1};
        d.hex[0] = (signed char)h;
        if (s->terrain[h] != KT_PLAIN || kingdom_check_river(s, d.hex, 1).why == KW_RIVER_START)
            continue;
        river_from(s, e, &d);
    }
}

static void setups(const struct kstate *s, struct emit *e)
{
    for (int b = 0; b < KB_BUILDINGS; b++)
        for (int h = 0; h < KMAP_HEXES; h++)
            if (s->setup_hex[b] == KMAP_NO_HEX && !kingdom_check_setup(s, b, h).rule)
                put(e, on_hex(KD_SETUP, b, h));
}

static void capital_picks(const struct kstate *s, struct emit *e)
{
    int due = kingdom_picks_due(s);
    for (int a = 0; a < KRES_COUNT; a++) {
        if (due == 1) {
            struct kdecision d = {.kind = KD_CAPITAL, .nres = 1, .res = {a, 0}};
            put(e, d);
            continue;
        }
        for (int b = a; b < KRES_COUNT; b++) {
            struct kdecision d = {.kind = KD_CAPITAL, .nres = 2, .res = {a, b}};
            put(e, d);
        }
    }
}

static void buildings_hexes(const struct kstate *s, struct emit *e, enum kdecision_kind kind)
{
    for (int h = 0; h < KMAP_HEXES; h++)
        if (kingdom_building_at(s, h) >= 0)
            put(e, on_hex(kind, -1, h));
}

static void builds(const struct kstate *s, struct emit *e)
{
    if (!s->traded)
        for (int b = 0; b < KB_KINDS; b++)
            for (int h = 0; h < KMAP_HEXES; h++)
                if (!kingdom_check_build(s, b, h).rule)
                    put(e, on_hex(KD_BUILD, b, h));
    int most = s->stock[KRES_WORK] / s->data->trade_work;
    for (int n = 1; n <= most; n++) {
        struct kdecision food = {.kind = KD_TRADE, .a = n, .what = KRES_FOOD};
        struct kdecision ore = {.kind = KD_TRADE, .a = n, .what = KRES_ORE};
        put(e, food);
        put(e, ore);
    }
    put(e, dec(KD_DONE, 0, 0));
}

static void of_kind(const struct kstate *s, struct emit *e, enum kawait kind)
{
    switch (kind) {
    case KA_RANGE_ROLL: dice_pairs(e, KD_RANGE_ROLL); break;
    case KA_RANGE: ranges(s, e); break;
    case KA_RIVER: rivers(s, e); break;
    case KA_SETUP: setups(s, e); break;
    case KA_YEAR: put(e, dec(KD_YEAR, s->year + 1, 0)); break;
    case KA_FATE: dice_pairs(e, KD_FATE); break;
    case KA_REROLL:
        put(e, dec(KD_REROLL, s->dice[0], 0));
        if (s->dice[1] != s->dice[0])
            put(e, dec(KD_REROLL, s->dice[1], 0));
        break;
    case KA_REROLL_ROLL:
        for (int v = 1; v <= 6; v++)
            put(e, dec(KD_REROLL_ROLL, v, 0));
        break;
    case KA_SIX:
        for (int a = 1; a <= KFATE_RESULTS; a++)
            for (int b = a + 1; b <= KFATE_RESULTS; b++)
                put(e, dec(KD_SIX, a, b));
        break;
    case KA_DISASTER:
        if (kingdom_buildings(s) == 0)
            put(e, dec(KD_DISASTER, 0, 0));
        buildings_hexes(s, e, KD_DISASTER);
        break;
    case KA_CAPITAL: capital_picks(s, e); break;
    case KA_BUILD: builds(s, e); break;
    case KA_STARVE: buildings_hexes(s, e, KD_STARVE); break;
    default: break;
    }
}

size_t kingdom_legal(const struct kstate *s, struct kdecision *out, size_t cap)
{
    struct emit e = {out, cap, 0};
    struct kingdom_awaited a = kingdom_awaited(s);
    for (int k = 0; k < KA_COUNT; k++)
        if (a.pending >> k & 1u)
            of_kind(s, &e, (enum kawait)k);
    return e.n;
}
