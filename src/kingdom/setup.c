/* The kingdom's setup: the two mountain ranges (region and size dice, the clockwise shift),
 * the river's path (its distance pattern) and the three free buildings. */
#include "kingdom/internal.h"

int kingdom_range_region(const struct kstate *s, int k)
{
    int g = s->range_dice[k][0];
    if (k == 1 && g == s->range_region[0])
        g = g % KMAP_REGIONS + 1;
    return g;
}

int kingdom_larger_range(const struct kstate *s)
{
    if (s->range_size[0] == s->range_size[1])
        return -1;
    return s->range_size[0] > s->range_size[1] ? 0 : 1;
}

static struct krefusal ok(void)
{
    return kref(KR_NONE, KW_NONE, -1, -1);
}

struct krefusal kingdom_check_range(const struct kstate *s, const signed char *hex, int n)
{
    int k = s->phase == P_RANGE0 ? 0 : 1;
    int g = kingdom_range_region(s, k), size = s->range_dice[k][1];
    for (int i = 0; i < n; i++) {
        int h = hex[i];
        for (int j = 0; j < i; j++)
            if (hex[j] == h)
                return kref(KR_RANGE, KW_RANGE_TWICE, h, -1);
        if (h == kmap_capital())
            return kref(KR_RANGE, KW_RANGE_CAPITAL, h, -1);
        if (kmap_hex(h)->region != g) {
            struct krefusal r = kref(KR_RANGE, KW_RANGE_REGION, h, -1);
            r.n[0] = g;
            r.n[1] = kmap_hex(h)->region;
            r.n[2] = g != s->range_dice[k][0] ? s->range_dice[k][0] : 0;
            return r;
        }
    }
    if (n != size) {
        struct krefusal r = kref(KR_RANGE, KW_RANGE_SIZE, n > 0 ? hex[n - 1] : -1, -1);
        r.n[0] = n;
        r.n[1] = size;
        return r;
    }
    /* Connected: grow from the first hex through the range's own hexes. */
    unsigned reached = 1u;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (!(reached >> i & 1u) && (reached >> j & 1u) && kmap_adjacent(hex[i], hex[j])) {
                    reached |= 1u << i;
                    grew = true;
                }
    }
    for (int i = 0; i < n; i++)
        if (!(reached >> i & 1u))
            return kref(KR_RANGE, KW_RANGE_CONNECTED, hex[i], -1);
    return ok();
}

/* Whether h is next to a mountain of range k (0, 1), or of either when k is -1. */
static bool next_to_range(const struct kstate *s, int h, int k)
{
    const struct kneighbours *nb = kingdom_nb(h);
    for (int j = 0; j < nb->n; j++) {
        int r = s->range_of[nb->hex[j]];
        if (r && (k < 0 || r == k + 1))
            return true;
    }
    return false;
}

struct krefusal kingdom_check_river(const struct kstate *s, const signed char *hex, int n)
{
    int want = 0;   /* the distance the next hex must have (0: any; past the radius: none,
                       the river has left the map) */
    bool rising = false;
    for (int i = 0; i < n; i++) {
        int h = hex[i], d = kmap_hex(h)->dist;
        if (s->terrain[h] == KT_MOUNTAIN || s->terrain[h] == KT_CAPITAL) {
            struct krefusal r = kref(KR_RIVER, KW_RIVER_HEX, h, -1);
            r.n[0] = s->terrain[h];
            return r;
        }
        for (int j = 0; j < i; j++)
            if (hex[j] == h)
                return kref(KR_RIVER, KW_RIVER_TWICE, h, -1);
        if (i == 0 && !next_to_range(s, h, kingdom_larger_range(s))) {
            struct krefusal r = kref(KR_RIVER, KW_RIVER_START, h, -1);
            int k = kingdom_larger_range(s);
            r.n[0] = k + 1;
            r.n[1] = k >= 0 ? s->range_size[k] : 0;
            return r;
        }
        if (i > 0 && !kmap_adjacent(h, hex[i - 1]))
            return kref(KR_RIVER, KW_RIVER_NOT_NEXT, h, hex[i - 1]);
        if (want && d != want) {
            struct krefusal r = kref(KR_RIVER, KW_RIVER_DISTANCE, h, -1);
            r.n[0] = d;
            r.n[1] = want;
            r.n[2] = i + 1;
            return r;
        }
        rising = rising || d == 1;
        want = rising ? d + 1 : d - 1;
    }
    if (n == 0 || !rising || kmap_hex(hex[n - 1])->dist != KMAP_RADIUS) {
        struct krefusal r = kref(KR_RIVER, KW_RIVER_SHORT, n ? hex[n - 1] : -1, -1);
        r.n[0] = n ? kmap_hex(hex[n - 1])->dist : 0;
        r.n[1] = n ? want : 0;
        return r;
    }
    return ok();
}

/* Whether an empty hex other than h is next to h or to hex other. */
static bool room_next_to(const struct kstate *s, int h, int other)
{
    const int at[2] = {h, other};
    for (int k = 0; k < 2; k++) {
        const struct kneighbours *nb = kingdom_nb(at[k]);
        for (int j = 0; j < nb->n; j++)
            if (nb->hex[j] != h && kingdom_hex_empty(s, nb->hex[j]))
                return true;
    }
    return false;
}

/* The second of the free farm and mine must leave the free village a hex next to one of them
 * (a game that cannot place it could not go on). */
static struct krefusal village_room(const struct kstate *s, int kind, int h)
{
    int other = kind == KB_FARM ? KB_MINE : KB_FARM;
    if (s->setup_hex[KB_VILLAGE] != KMAP_NO_HEX || s->setup_hex[other] == KMAP_NO_HEX ||
        room_next_to(s, h, s->setup_hex[other]))
        return ok();
    struct krefusal r = kref(KR_SETUP, KW_SETUP_NO_VILLAGE, h, s->setup_hex[other]);
    r.n[0] = kind;
    return r;
}

struct krefusal kingdom_check_setup(const struct kstate *s, int kind, int h)
{
    if (s->setup_hex[kind] != KMAP_NO_HEX) {
        struct krefusal r = kref(KR_SETUP, KW_SETUP_TWICE, h, s->setup_hex[kind]);
        r.n[0] = kind;
        return r;
    }
    const struct kneighbours *nb = kingdom_nb(h);
    if (kind == KB_MINE) {
        if (s->terrain[h] != KT_MOUNTAIN || s->thing[h] != KX_NONE)
            return kref(KR_SETUP, KW_SETUP_MINE, h, -1);
        return village_room(s, kind, h);
    }
    if (!kingdom_hex_empty(s, h)) {
        struct krefusal r = kref(KR_PLACEMENT, KW_PLACE, h, -1);
        r.n[0] = kind;
        r.n[1] = s->terrain[h];
        r.n[2] = s->thing[h];
        return r;
    }
    bool ok_next = false;
    for (int j = 0; j < nb->n; j++) {
        int o = nb->hex[j];
        if (kind == KB_FARM ? s->terrain[o] == KT_RIVER
                            : o == s->setup_hex[KB_FARM] || o == s->setup_hex[KB_MINE])
            ok_next = true;
    }
    if (!ok_next) {
        struct krefusal r = kref(KR_SETUP, kind == KB_FARM ? KW_SETUP_FARM : KW_SETUP_VILLAGE, h, -1);
        r.n[0] = s->setup_hex[KB_FARM] == KMAP_NO_HEX && s->setup_hex[KB_MINE] == KMAP_NO_HEX;
        return r;
    }
    return kind == KB_FARM ? village_room(s, kind, h) : ok();
}

static struct krefusal die_check(int v)
{
    if (v >= 1 && v <= 6)
        return ok();
    struct krefusal r = kref(KR_DICE, KW_DIE, -1, -1);
    r.n[0] = v;
    return r;
}

struct krefusal kingdom_setup_apply(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    struct krefusal r = ok();
    switch (d->kind) {
    case KD_RANGE_ROLL: {
        int k = s->phase == P_RANGE_ROLL0 ? 0 : 1;
        if ((r = die_check(d->a)).rule || (r = die_check(d->b)).rule)
            return r;
        s->range_dice[k][0] = (signed char)d->a;
        s->range_dice[k][1] = (signed char)d->b;
        s->range_region[k] = (signed char)kingdom_range_region(s, k);
        s->range_size[k] = (signed char)d->b;
        s->phase = k == 0 ? P_RANGE0 : P_RANGE1;
        return r;
    }
    case KD_RANGE: {
        if ((r = kingdom_check_range(s, d->hex, d->nhex)).rule)
            return r;
        int k = s->phase == P_RANGE0 ? 0 : 1;
        for (int i = 0; i < d->nhex; i++) {
            s->terrain[d->hex[i]] = KT_MOUNTAIN;
            s->range_of[d->hex[i]] = (unsigned char)(k + 1);
        }
        s->phase = k == 0 ? P_RANGE_ROLL1 : P_RIVER;
        return r;
    }
    case KD_RIVER:
        if ((r = kingdom_check_river(s, d->hex, d->nhex)).rule)
            return r;
        for (int i = 0; i < d->nhex; i++) {
            s->terrain[d->hex[i]] = KT_RIVER;
            s->river[i] = d->hex[i];
        }
        s->nriver = d->nhex;
        s->phase = P_SETUP;
        return r;
    case KD_SETUP: {
        int b = d->what, hx = d->hex[0];
        if ((r = kingdom_check_setup(s, b, hx)).rule)
            return r;
        s->setup_hex[b] = (signed char)hx;
        s->thing[hx] = (unsigned char)(KX_FARM + b);
        knote(h, s, KH_FARMS + b, KC_SETUP, hx, b, s->count[b], s->count[b] + 1);
        s->count[b]++;
        if (s->setup_hex[KB_FARM] != KMAP_NO_HEX && s->setup_hex[KB_MINE] != KMAP_NO_HEX &&
            s->setup_hex[KB_VILLAGE] != KMAP_NO_HEX)
            s->phase = P_YEAR;
        return r;
    }
    default:
        return r;
    }
}
