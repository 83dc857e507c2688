/* The kingdom's evaluation for the shared greedy player: a look to the year's end, then a
 * projection of the coming years with the expected fate. */
#include "kingdom/eval.h"
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include "kingdom/kingdom.h"

#define WIN 1e6             /* a win, plus a bonus per year to spare */
#define WIN_YEAR 1e4
#define LOSS (-1e6)
#define YEAR_VALUE 100.0    /* a projected year sooner */
#define STARVE_COST 1500.0  /* a building starved (and its graveyard) */
#define EVAL_MAX_LIST 128    /* decisions looked at in a step of the year */
#define GROWTH 1.0          /* how much the yearly surplus grows a year, as the kingdom builds */
#define HARD_TIMES_P (11.0 / 36.0)  /* at least one 2 among the fate dice */

/* The map's next-to, as a table (kmap_neighbours computes it each time). */
static struct {
    int n[KMAP_HEXES];
    int hex[KMAP_HEXES][6];
} nbt;
static pthread_once_t nbt_once = PTHREAD_ONCE_INIT;

static void nbt_build(void)
{
    for (int h = 0; h < KMAP_HEXES; h++)
        nbt.n[h] = kmap_neighbours(h, nbt.hex[h]);
}

/* What a year's end holds, for the projection. */
struct econ {
    const struct kdata *d;
    int year, stage, graveyards;
    double food, ore;       /* stocks */
    double yield[KRES_COUNT];
    int count[KB_BUILDINGS];
    int mouths;
    int room;               /* empty hexes where the next monument stage may stand */
    int ring_blocked;       /* the monument's next stage has no hex */
};

static void econ_of(const struct kstate *s, struct econ *e)
{
    memset(e, 0, sizeof *e);
    e->d = s->data;
    e->year = s->year;
    e->stage = s->stage;
    e->graveyards = s->graveyards;
    e->food = s->stock[KRES_FOOD];
    e->ore = s->stock[KRES_ORE];
    static const int made[KB_BUILDINGS] = {KRES_FOOD, KRES_ORE, KRES_WORK};
    unsigned char nr[KMAP_HEXES];
    kingdom_near_all(s, nr);
    for (int h = 0; h < KMAP_HEXES; h++) {
        int b = kingdom_building_at(s, h);
        if (b >= 0)
            e->yield[made[b]] += kingdom_yield_near(s, b, h, nr[h]);
    }
    for (int b = 0; b < KB_BUILDINGS; b++)
        e->count[b] = s->count[b];
    e->mouths = kingdom_mouths(s);
    if (s->stage < KSTAGES) {   /* the monument's spots: round the capital or its hexes */
        int around[KSTAGES + 1], nar = 0;
        if (s->stage == 0)
            around[nar++] = kmap_capital();
        for (int k = 0; k < s->stage; k++)
            around[nar++] = s->stage_hex[k];
        unsigned char seen[KMAP_HEXES] = {0};
        for (int i = 0; i < nar; i++) {
            const int *nb = nbt.hex[around[i]];
            for (int k = 0; k < nbt.n[around[i]]; k++)
                if (!seen[nb[k]] && kingdom_hex_empty(s, nb[k])) {
                    seen[nb[k]] = 1;
                    e->room++;
                }
        }
    }
    e->ring_blocked = s->stage < KSTAGES && e->room == 0;
}

/* The expected year of the win from the year's end e, at the pace of its economy with the
 * expected fate: the years the remaining stages' food and ore take at the yearly surplus
 * (yields, fate bonuses, capital picks and spare work, less the mouths and hard times),
 * growing by GROWTH a year, or the years of growth the last stage's work still lacks,
 * whichever is longer. */
static double projected_win(const struct econ *e)
{
    const struct kdata *d = e->d;
    static const int made[KB_BUILDINGS] = {KRES_FOOD, KRES_ORE, KRES_WORK};
    /* Two dice: each face 1/6; 3, 4, 5 a bonus of that kind, 6 two results (the best two),
       2 hard times (-1 on each total). */
    double in[KRES_COUNT], hard = 2.0 / 6.0 * d->hard_times, best1 = 0, best2 = 0;
    for (int b = 0; b < KB_BUILDINGS; b++) {
        double size = e->count[b] > d->bonus_min ? e->count[b] : d->bonus_min;
        in[made[b]] = e->yield[made[b]] + 2.0 / 6.0 * size - hard;
        if (in[made[b]] < 0)
            in[made[b]] = 0;
        if (size > best1) {
            best2 = best1;
            best1 = size;
        } else if (size > best2) {
            best2 = size;
        }
    }
    double six = 2.0 / 6.0 * (best1 + best2);
    int picks_now = e->stage >= d->effect_stage[KEFF_CAPITAL] ? d->capital_picks_more : d->capital_picks;
    /* What the remaining stages need, and the yearly surplus toward it. */
    double food = 0, ore = 0, work_peak = 0;
    for (int st = e->stage; st < KSTAGES; st++) {
        food += d->stage_cost[st][KRES_FOOD];
        ore += d->stage_cost[st][KRES_ORE];
        if (d->stage_cost[st][KRES_WORK] > work_peak)
            work_peak = d->stage_cost[st][KRES_WORK];
    }
    food -= e->food;
    ore -= e->ore;
    /* The flexible part of a year (picks, sixes, spare work traded) goes where it is short:
       the slowest of food alone, ore alone and both together sets the pace. */
    double flex = picks_now + six + (in[KRES_WORK] - work_peak / 3) / d->trade_work;
    double rate_f = in[KRES_FOOD] - e->mouths, rate_o = in[KRES_ORE];
    double need_f = food > 0 ? food : 0, need_o = ore > 0 ? ore : 0;
    double years = 0;
    const double need[3] = {need_f, need_o, need_f + need_o};
    const double rate[3] = {rate_f + flex, rate_o + flex, rate_f + rate_o + flex};
    for (int k = 0; k < 3; k++) {
        if (need[k] <= 0)
            continue;
        /* The kingdom grows: the rate rises by GROWTH a year, so need = rate T + GROWTH T^2 / 2. */
        double y = (-rate[k] + sqrt(rate[k] * rate[k] + 2 * GROWTH * need[k])) / GROWTH;
        if (y > years)
            years = y;
    }
    /* The last stage's work in one year: the yields, two picks (the stage before gives them)
       and the efficiency bonus; growing a village's worth takes about a year. */
    double work = in[KRES_WORK] + d->capital_picks_more + six / 2;
    double growth = work < work_peak ? (work_peak - work) / 2 : 0;
    double stages = KSTAGES - e->stage;
    years = years > growth ? years : growth;
    years = years > stages * 0.7 ? years : stages * 0.7;
    return e->year + years;
}

/* The value of a year's end. */
static double year_end_value(const struct econ *e)
{
    const struct kdata *d = e->d;
    if (e->graveyards >= d->graveyard_limit)
        return LOSS;
    double v = -YEAR_VALUE * projected_win(e);
    if (e->ring_blocked)
        v -= YEAR_VALUE * 20;
    else if (e->room == 1)
        v -= YEAR_VALUE * 0.5;
    /* Next year's food at worst without a bonus: the yields and picks, all the work traded
       for food, each total one lower in hard times. */
    int picks = e->stage >= d->effect_stage[KEFF_CAPITAL] ? d->capital_picks_more : d->capital_picks;
    double plain = e->food + e->yield[KRES_FOOD] + picks + floor(e->yield[KRES_WORK] / d->trade_work);
    double hard = e->food + (e->yield[KRES_FOOD] > 0 ? e->yield[KRES_FOOD] - 1 : 0) + picks +
                  floor((e->yield[KRES_WORK] > 0 ? e->yield[KRES_WORK] - 1 : 0) / d->trade_work);
    if (plain < e->mouths)
        v -= STARVE_COST * (e->mouths - plain);
    if (hard < e->mouths)
        v -= HARD_TIMES_P * STARVE_COST * (e->mouths - hard);
    v -= STARVE_COST * e->graveyards;     /* permanent: seen the same whichever way it came */
    return v + 0.01 * (e->food + e->ore);
}

/* The value once the game is over. */
static double end_value(const struct kstate *s)
{
    struct kingdom_end e = kingdom_end(s);
    if (e.end == KEND_WIN)
        return WIN + WIN_YEAR * (s->data->year_limit - e.year);
    return LOSS;
}

/* The value of a state awaiting build, trade or done if the year closed now: the work traded
 * at its best, then the feeding (a building starved per food missing), then the year's end. */
static double close_year(const struct kstate *s)
{
    const struct kdata *d = s->data;
    struct econ e;
    econ_of(s, &e);
    int trades = s->stock[KRES_WORK] / d->trade_work, mouths = e.mouths;
    int food0 = s->stock[KRES_FOOD], ore0 = s->stock[KRES_ORE];
    double best = -INFINITY;
    for (int k = 0; k <= trades; k++) {     /* k trades for food, the rest for ore */
        int food = food0 + k, ore = ore0 + trades - k;
        int missing = mouths > food ? mouths - food : 0;
        double v;
        if (missing > 0) {
            int standing = e.count[0] + e.count[1] + e.count[2];
            int lost = missing < standing ? missing : standing;
            if (s->graveyards + lost >= d->graveyard_limit) {
                v = LOSS;
            } else {
                struct econ after = e;
                after.food = 0;
                after.ore = ore;
                after.graveyards += lost;
                after.mouths -= lost;
                /* The victims: their share of every yield. */
                for (int r = 0; r < KRES_COUNT; r++)
                    after.yield[r] -= after.yield[r] * lost / standing;
                v = year_end_value(&after);
            }
        } else if (s->stage >= d->effect_stage[KEFF_WIN] && !s->starved) {
            v = WIN + WIN_YEAR * (d->year_limit - s->year);
        } else if (s->year >= d->year_limit) {
            v = LOSS;
        } else {
            struct econ after = e;
            after.food = food - mouths;
            after.ore = ore;
            v = year_end_value(&after);
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* The hex each kind of build would take now at a glance (its yield there, the monument's
 * spots kept free; the monument where most empty hexes surround it), or -1 when the kind
 * cannot be built anywhere now. */
static void best_hexes(const struct kstate *s, int hex[KB_KINDS])
{
    double score[KB_KINDS];
    bool afford[KB_KINDS];
    for (int b = 0; b < KB_KINDS; b++) {
        int cost[KRES_COUNT];
        kingdom_cost(s, b, cost);
        afford[b] = b != KB_MONUMENT || s->stage < KSTAGES;
        for (int r = 0; r < KRES_COUNT; r++)
            afford[b] = afford[b] && s->stock[r] >= cost[r];
        hex[b] = -1;
        score[b] = -INFINITY;
    }
    unsigned char nr[KMAP_HEXES];
    kingdom_near_all(s, nr);
    for (int h = 0; h < KMAP_HEXES; h++) {
        bool empty = kingdom_hex_empty(s, h);
        bool free_mountain = s->terrain[h] == KT_MOUNTAIN && s->thing[h] == KX_NONE;
        if (!empty && !free_mountain)
            continue;
        bool spot = empty && kingdom_may_place_near(s, KB_MONUMENT, h, nr[h]);
        for (int b = 0; b < KB_KINDS; b++) {
            if (!afford[b] || (!empty && b != KB_MINE) || (b == KB_MONUMENT && !spot))
                continue;
            double v;
            if (b == KB_MONUMENT) {
                v = 0;
                for (int k = 0; k < nbt.n[h]; k++)
                    v += kingdom_hex_empty(s, nbt.hex[h][k]);
            } else {
                if (!kingdom_may_place_near(s, b, h, nr[h]))
                    continue;
                v = kingdom_yield_near(s, b, h, nr[h]) - (spot ? 0.5 : 0);
            }
            if (v > score[b]) {
                score[b] = v;
                hex[b] = h;
            }
        }
    }
}

/* The value of a state awaiting build, trade or done: the year closed now, or after the
 * builds that raise that value most, one at a time, each on its hex at a glance. */
static double build_value(const struct kstate *s)
{
    struct kstate now = *s;
    double best = close_year(&now);
    for (int step = 0; step < 8 && !now.traded; step++) {
        struct kstate pick = now;
        double pick_value = best;
        int hex[KB_KINDS];
        best_hexes(&now, hex);
        for (int b = 0; b < KB_KINDS; b++) {
            int h = hex[b];
            if (h < 0)
                continue;
            struct kstate t = now;
            struct kdecision d = {.kind = KD_BUILD, .what = b, .nhex = 1};
            d.hex[0] = (signed char)h;
            if (kingdom_apply(&t, &d, NULL).rule != KR_NONE)
                continue;
            double v = close_year(&t);
            if (v > pick_value) {
                pick_value = v;
                pick = t;
            }
        }
        if (pick_value <= best)
            break;
        best = pick_value;
        now = pick;
    }
    return best;
}

/* The static value of a setup in progress: room for river farms, free mountains, and the
 * ring round the capital left open. */
static double setup_value(const struct kstate *s)
{
    double v = 0;
    for (int h = 0; h < KMAP_HEXES; h++) {
        if (!kingdom_hex_empty(s, h))
            continue;
        bool river = false;
        for (int k = 0; k < nbt.n[h]; k++)
            river = river || s->terrain[nbt.hex[h][k]] == KT_RIVER;
        v += river ? 1.0 : 0.0;
        v += kmap_hex(h)->dist == 1 ? 0.5 : 0.0;
    }
    return v;
}

/* The value of s: recursive within the year (see eval.h). */
static double value(const struct kstate *s)
{
    struct kingdom_awaited a = kingdom_awaited(s);
    switch (a.kind) {
    case KA_END:
        return end_value(s);
    case KA_RANGE_ROLL: case KA_RANGE: case KA_RIVER: case KA_SETUP:
        return setup_value(s);
    case KA_YEAR: {
        struct econ e;
        econ_of(s, &e);
        return year_end_value(&e);
    }
    case KA_BUILD:
        return build_value(s);
    default:
        break;
    }
    /* Chance: the mean over the outcomes (equally likely); a choice: the best. The year's
       steps before building list a few dozen decisions at most. */
    struct kdecision list[EVAL_MAX_LIST];
    size_t n = kingdom_legal(s, list, EVAL_MAX_LIST), tried = 0;
    double sum = 0, best = -INFINITY;
    for (size_t i = 0; i < n && i < EVAL_MAX_LIST; i++) {
        struct kstate t = *s;
        if (kingdom_apply(&t, &list[i], NULL).rule != KR_NONE)
            continue;
        double v = value(&t);
        sum += v;
        tried++;
        if (v > best)
            best = v;
    }
    return a.chance && tried ? sum / (double)tried : best;
}

double kingdom_evaluate(const void *state, int seat)
{
    (void)seat;
    pthread_once(&nbt_once, nbt_build);
    return value(state);
}
