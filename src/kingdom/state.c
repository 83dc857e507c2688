/* The kingdom's state and the questions the rules ask of it: what stands where, yields, costs,
 * placement, production, the mouths to feed. */
#include "kingdom/internal.h"
#include <pthread.h>
#include <string.h>

static struct kneighbours nb_table[KMAP_HEXES];
static pthread_once_t nb_once = PTHREAD_ONCE_INIT;

static void build_nb(void)
{
    for (int h = 0; h < KMAP_HEXES; h++) {
        int out[6];
        nb_table[h].n = kmap_neighbours(h, out);
        for (int k = 0; k < nb_table[h].n; k++)
            nb_table[h].hex[k] = (signed char)out[k];
    }
}

const struct kneighbours *kingdom_nb(int h)
{
    pthread_once(&nb_once, build_nb);
    return &nb_table[h];
}

struct krefusal kref(enum krule rule, enum kwhy why, int h, int h2)
{
    struct krefusal r;
    memset(&r, 0, sizeof r);
    r.rule = rule;
    r.why = why;
    r.h = h;
    r.h2 = h2;
    return r;
}

void knote(struct khistory *h, const struct kstate *s, int what, int cause, int hex, int kind, int old, int now)
{
    if (!h || old == now)
        return;
    khistory_add(h, (struct kchange){(unsigned char)what, (unsigned char)cause, (signed char)hex,
                                     (signed char)kind, s->year, old, now});
}

void kset_stock(struct kstate *s, struct khistory *h, int r, int v, int cause, int hex, int kind)
{
    knote(h, s, r, cause, hex, kind, s->stock[r], v);
    s->stock[r] = v;
}

void kingdom_init(struct kstate *s, const struct kdata *data)
{
    memset(s, 0, sizeof *s);
    s->data = data;
    s->phase = P_RANGE_ROLL0;
    s->terrain[kmap_capital()] = KT_CAPITAL;
    for (int b = 0; b < KB_BUILDINGS; b++)
        s->setup_hex[b] = KMAP_NO_HEX;
    for (int k = 0; k < KSTAGES; k++)
        s->stage_hex[k] = KMAP_NO_HEX;
    for (int r = 0; r < KRES_COUNT; r++)
        s->stock[r] = data->start[r];
    s->reroll_die = -1;
}

int kingdom_building_at(const struct kstate *s, int h)
{
    int t = s->thing[h];
    return t >= KX_FARM && t <= KX_VILLAGE ? t - KX_FARM : -1;
}

bool kingdom_hex_empty(const struct kstate *s, int h)
{
    return s->terrain[h] == KT_PLAIN && s->thing[h] == KX_NONE;
}

int kingdom_buildings(const struct kstate *s)
{
    return s->count[KB_FARM] + s->count[KB_MINE] + s->count[KB_VILLAGE];
}

/* What a hex holding thing t on terrain tr tells its neighbours (enum knear_bit). */
static unsigned near_bits(int t, int tr)
{
    static const unsigned of_thing[] = {
        [KX_NONE] = 0, [KX_FARM] = KN_FARM_OR_MINE, [KX_MINE] = KN_FARM_OR_MINE, [KX_VILLAGE] = KN_VILLAGE,
        [KX_MONUMENT] = KN_MONUMENT, [KX_GRAVEYARD] = KN_GRAVEYARD};
    return of_thing[t] | (tr == KT_RIVER ? KN_RIVER : 0u);
}

unsigned kingdom_near(const struct kstate *s, int h)
{
    unsigned nr = 0;
    const struct kneighbours *n = kingdom_nb(h);
    for (int k = 0; k < n->n; k++)
        nr |= near_bits(s->thing[n->hex[k]], s->terrain[n->hex[k]]);
    return nr;
}

void kingdom_near_all(const struct kstate *s, unsigned char nr[KMAP_HEXES])
{
    memset(nr, 0, KMAP_HEXES);
    const struct kneighbours *nb = kingdom_nb(0);
    for (int h = 0; h < KMAP_HEXES; h++) {
        unsigned bits = near_bits(s->thing[h], s->terrain[h]);
        if (!bits)
            continue;
        for (int k = 0; k < nb[h].n; k++)
            nr[nb[h].hex[k]] |= (unsigned char)bits;
    }
}

int kingdom_yield_near(const struct kstate *s, int b, int h, unsigned nr)
{
    const struct kdata *d = s->data;
    bool best = b == KB_FARM ? (nr & KN_RIVER) : b == KB_MINE ? s->terrain[h] == KT_MOUNTAIN : (nr & KN_FARM_OR_MINE);
    int y = best ? d->yield_best[b] : d->yield[b];
    if (nr & KN_GRAVEYARD)
        y -= d->graveyard_penalty;
    return y < 0 ? 0 : y;
}

int kingdom_yield(const struct kstate *s, int h)
{
    int b = kingdom_building_at(s, h);
    if (b < 0)
        return 0;
    return kingdom_yield_near(s, b, h, kingdom_near(s, h));
}

void kingdom_cost(const struct kstate *s, int b, int cost[KRES_COUNT])
{
    const struct kdata *d = s->data;
    for (int r = 0; r < KRES_COUNT; r++) {
        if (b == KB_MONUMENT)
            cost[r] = s->stage < KSTAGES ? d->stage_cost[s->stage][r] : 0;
        else
            cost[r] = (s->count[b] > 1 ? s->count[b] : 1) * d->cost[b][r];
    }
}

/* A mine may stand on a mountain with nothing on it; anything else needs an empty hex. */
static bool ground_ok(const struct kstate *s, int b, int h)
{
    if (b == KB_MINE && s->terrain[h] == KT_MOUNTAIN && s->thing[h] == KX_NONE)
        return true;
    return kingdom_hex_empty(s, h);
}

bool kingdom_may_place_near(const struct kstate *s, int b, int h, unsigned nr)
{
    if (h < 0 || h >= KMAP_HEXES || !ground_ok(s, b, h))
        return false;
    if (b == KB_VILLAGE)
        return !(nr & KN_VILLAGE);
    if (b == KB_MONUMENT)   /* next to the capital (stage 1), else next to a monument hex */
        return s->stage < KSTAGES && (s->stage == 0 ? kmap_adjacent(h, kmap_capital()) : (nr & KN_MONUMENT) != 0);
    return true;
}

bool kingdom_may_place(const struct kstate *s, int b, int h)
{
    if (h < 0 || h >= KMAP_HEXES)
        return false;
    return kingdom_may_place_near(s, b, h, kingdom_near(s, h));
}

struct krefusal kingdom_check_build(const struct kstate *s, int b, int h)
{
    if (b == KB_MONUMENT && s->stage >= KSTAGES) {
        struct krefusal r = kref(KR_MONUMENT, KW_MONUMENT_DONE, h, -1);
        r.n[0] = KSTAGES;
        return r;
    }
    if (!ground_ok(s, b, h)) {
        struct krefusal r = kref(KR_PLACEMENT, KW_PLACE, h, -1);
        r.n[0] = b;
        r.n[1] = s->terrain[h];
        r.n[2] = s->thing[h];
        return r;
    }
    if (b == KB_VILLAGE) {
        const struct kneighbours *n = kingdom_nb(h);
        for (int k = 0; k < n->n; k++)
            if (s->thing[n->hex[k]] == KX_VILLAGE)
                return kref(KR_PLACEMENT, KW_PLACE_VILLAGE, h, n->hex[k]);
    }
    if (b == KB_MONUMENT && !kingdom_may_place(s, b, h)) {
        struct krefusal r = kref(KR_MONUMENT, KW_MONUMENT_NEXT, h, -1);
        r.n[0] = s->stage + 1;
        return r;
    }
    int cost[KRES_COUNT];
    kingdom_cost(s, b, cost);
    for (int r = 0; r < KRES_COUNT; r++)
        if (s->stock[r] < cost[r]) {
            struct krefusal ref = kref(KR_COST, KW_COST, h, -1);
            ref.n[0] = b;
            ref.n[1] = b == KB_MONUMENT ? s->stage + 1 : (s->count[b] > 1 ? s->count[b] : 1);
            for (int k = 0; k < KRES_COUNT; k++) {
                ref.n[2 + k] = cost[k];
                ref.stock[k] = s->stock[k];
            }
            return ref;
        }
    return kref(KR_NONE, KW_NONE, -1, -1);
}

int kingdom_mouths(const struct kstate *s)
{
    return s->data->feed * kingdom_buildings(s);
}

int kingdom_picks_due(const struct kstate *s)
{
    const struct kdata *d = s->data;
    return s->stage >= d->effect_stage[KEFF_CAPITAL] ? d->capital_picks_more : d->capital_picks;
}

void kingdom_production_parts(const struct kstate *s, const int *res, int nres, int parts[KRES_COUNT][KPART_COUNT])
{
    const struct kdata *d = s->data;
    static const int made[KB_BUILDINGS] = {KRES_FOOD, KRES_ORE, KRES_WORK};
    for (int r = 0; r < KRES_COUNT; r++)
        for (int k = 0; k < KPART_COUNT; k++)
            parts[r][k] = 0;
    for (int h = 0; h < KMAP_HEXES; h++) {
        int b = kingdom_building_at(s, h);
        if (b >= 0)
            parts[made[b]][KPART_YIELDS] += kingdom_yield(s, h);
    }
    for (int k = 0; k < nres; k++)
        parts[res[k]][KPART_CAPITAL]++;
    for (int b = 0; b < KB_BUILDINGS; b++) {
        int bonus = s->count[b] > d->bonus_min ? s->count[b] : d->bonus_min;
        parts[made[b]][KPART_BONUS] += s->results[3 + b] * bonus;
    }
    for (int r = 0; r < KRES_COUNT; r++) {
        int before = parts[r][KPART_YIELDS] + parts[r][KPART_CAPITAL] + parts[r][KPART_BONUS];
        int loss = s->results[2] * d->hard_times;
        parts[r][KPART_HARD_TIMES] = -(loss < before ? loss : before);
    }
}

void kingdom_production(const struct kstate *s, const int *res, int nres, int out[KRES_COUNT])
{
    int parts[KRES_COUNT][KPART_COUNT];
    kingdom_production_parts(s, res, nres, parts);
    for (int r = 0; r < KRES_COUNT; r++) {
        out[r] = 0;
        for (int k = 0; k < KPART_COUNT; k++)
            out[r] += parts[r][k];
    }
}

struct kingdom_end kingdom_end(const struct kstate *s)
{
    return (struct kingdom_end){(enum kend)s->end, s->end_year};
}
