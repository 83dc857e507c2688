/* The kingdom engine, rule by rule and decision by decision (K1-K16 of docs/kingdom.md): the
 * setup (ranges by region and size with the clockwise shift, the river's distance pattern, the
 * free buildings), the year (fate, reroll, sixes, disasters, capital, production, construction
 * with growing costs and placement, trade, feeding, starvation) and the end. */
#include "test.h"
#include <string.h>
#include "kingdom/data_print.h"
#include "kingdom/internal.h"
#include "kingdom/kingdom.h"

#include "kingdom_fixture.h"

static int H(const char *code)
{
    int h = kmap_parse(code, strlen(code));
    assert_int_not_equal(h, KMAP_NO_HEX);
    return h;
}

static struct kdecision D(enum kdecision_kind kind, int a, int b)
{
    struct kdecision d = {.kind = kind, .a = a, .b = b};
    return d;
}

/* A decision on hexes written "F6 F7 G6". */
static struct kdecision DH(enum kdecision_kind kind, int what, const char *codes)
{
    struct kdecision d = {.kind = kind, .what = what};
    for (const char *p = codes; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char c[3] = {p[0], p[1], 0};
        d.hex[d.nhex++] = (signed char)H(c);
        p += 2;
    }
    return d;
}

static struct kdecision CAP(int n, int r0, int r1)
{
    struct kdecision d = {.kind = KD_CAPITAL, .nres = n, .res = {r0, r1}};
    return d;
}

static struct kdecision TRADE(int n, int what)
{
    struct kdecision d = {.kind = KD_TRADE, .a = n, .what = what};
    return d;
}

static void ok(struct kstate *s, struct kdecision d)
{
    struct krefusal r = kingdom_apply(s, &d, NULL);
    if (r.rule) {
        struct strbuf sb = STRBUF_INIT;
        kingdom_refusal_text(&r, &sb);
        fail_msg("refused (%s): %s", krule_text(r.rule), strbuf_cstr(&sb));
    }
}

/* Applies d, which must be refused for `rule` with case `why`, and leaves s unchanged. */
static void no(struct kstate *s, struct kdecision d, enum krule rule, enum kwhy why)
{
    struct kstate before = *s;
    struct krefusal r = kingdom_apply(s, &d, NULL);
    assert_int_equal(r.rule, rule);
    assert_int_equal(r.why, why);
    assert_memory_equal(&before, s, sizeof before);
    struct strbuf sb = STRBUF_INIT;
    kingdom_refusal_text(&r, &sb);
    assert_true(sb.len > 10);
    strbuf_free(&sb);
}

/* Whether d is among the legal decisions. */
static bool legal(const struct kstate *s, struct kdecision d)
{
    struct kdecision out[4096];
    size_t n = kingdom_legal(s, out, 4096);
    assert_true(n <= 4096);
    for (size_t i = 0; i < n; i++)
        if (out[i].kind == d.kind && out[i].a == d.a && out[i].b == d.b && out[i].nhex == d.nhex &&
            (d.nhex == 0 || memcmp(out[i].hex, d.hex, (size_t)d.nhex) == 0) &&
            (d.kind != KD_BUILD || out[i].what == d.what) && (d.kind != KD_TRADE || out[i].what == d.what))
            return true;
    return false;
}

/* The spec's example setup: ranges in regions 3 (4 hexes) and 5 (2), the river G5 F5 G4 H3
 * I2, a farm on G3, a mine on F6, a village on E7. */
static void example_setup(struct kstate *s)
{
    kingdom_init(s, &data);
    ok(s, D(KD_RANGE_ROLL, 3, 4));
    ok(s, DH(KD_RANGE, 0, "F6 F7 G6 G7"));
    ok(s, D(KD_RANGE_ROLL, 5, 2));
    ok(s, DH(KD_RANGE, 0, "B4 C4"));
    ok(s, DH(KD_RIVER, 0, "G5 F5 G4 H3 I2"));
    ok(s, DH(KD_SETUP, KB_FARM, "G3"));
    ok(s, DH(KD_SETUP, KB_MINE, "F6"));
    ok(s, DH(KD_SETUP, KB_VILLAGE, "E7"));
}

/* Begins year y with the fate dice a, b (no six, no one). */
static void begin_year(struct kstate *s, int y, int a, int b)
{
    ok(s, D(KD_YEAR, y, 0));
    ok(s, D(KD_FATE, a, b));
}

/* K14: every stock starts at 0; the setup awaits the dice first (chance). */
static void k14_start(void **st)
{
    (void)st;
    struct kstate s;
    kingdom_init(&s, &data);
    for (int r = 0; r < KRES_COUNT; r++)
        assert_int_equal(s.stock[r], 0);
    struct kingdom_awaited a = kingdom_awaited(&s);
    assert_int_equal(a.kind, KA_RANGE_ROLL);
    assert_true(a.chance);
    assert_int_equal(kingdom_legal(&s, NULL, 0), 36);
}

/* K7: a range lies in its region, as many connected hexes as its size die; a repeated region
 * moves on clockwise (6 to 1). */
static void k7_ranges(void **st)
{
    (void)st;
    struct kstate s;
    kingdom_init(&s, &data);
    no(&s, D(KD_RANGE_ROLL, 7, 2), KR_DICE, KW_DIE);
    ok(&s, D(KD_RANGE_ROLL, 6, 3));
    struct kingdom_awaited a = kingdom_awaited(&s);
    assert_int_equal(a.kind, KA_RANGE);
    assert_int_equal(a.region, 6);
    assert_int_equal(a.size, 3);
    no(&s, DH(KD_RANGE, 0, "A1 B1"), KR_RANGE, KW_RANGE_SIZE);
    no(&s, DH(KD_RANGE, 0, "A1 B1 A2"), KR_RANGE, KW_RANGE_REGION);
    no(&s, DH(KD_RANGE, 0, "A1 B1 A1"), KR_RANGE, KW_RANGE_TWICE);
    no(&s, DH(KD_RANGE, 0, "A1 B1 D4"), KR_RANGE, KW_RANGE_CONNECTED);
    assert_true(legal(&s, DH(KD_RANGE, 0, "A1 B1 B2")));
    assert_false(legal(&s, DH(KD_RANGE, 0, "A1 B1 D4")));
    ok(&s, DH(KD_RANGE, 0, "A1 B1 B2"));
    /* The same region again: the range goes to region 1. */
    ok(&s, D(KD_RANGE_ROLL, 6, 2));
    a = kingdom_awaited(&s);
    assert_int_equal(a.region, 1);
    no(&s, DH(KD_RANGE, 0, "C1 C2"), KR_RANGE, KW_RANGE_REGION);
    ok(&s, DH(KD_RANGE, 0, "E1 E2"));
    assert_int_equal(s.terrain[H("E2")], KT_MOUNTAIN);
    assert_int_equal(kingdom_awaited(&s).kind, KA_RIVER);
    assert_int_equal(kingdom_awaited(&s).larger_range, 0);
}

/* K8: the river starts next to the larger range, comes down to distance 1 hex by hex, then
 * goes out to the edge; no mountain, no capital; every legal pair of ranges has rivers. */
static void k8_river(void **st)
{
    (void)st;
    struct kstate s;
    kingdom_init(&s, &data);
    ok(&s, D(KD_RANGE_ROLL, 3, 4));
    ok(&s, DH(KD_RANGE, 0, "F6 F7 G6 G7"));
    ok(&s, D(KD_RANGE_ROLL, 5, 2));
    ok(&s, DH(KD_RANGE, 0, "B4 C4"));
    assert_int_equal(kingdom_awaited(&s).larger_range, 0);
    /* Next to the smaller range only. */
    no(&s, DH(KD_RIVER, 0, "C5 D5 D6 C7 B6"), KR_RIVER, KW_RIVER_START);
    /* Does not pass the capital: stays at distance 2. */
    no(&s, DH(KD_RIVER, 0, "G5 G4 H3 I2"), KR_RIVER, KW_RIVER_DISTANCE);
    no(&s, DH(KD_RIVER, 0, "G5 F5 G4 H3"), KR_RIVER, KW_RIVER_SHORT);
    no(&s, DH(KD_RIVER, 0, "G5 F5 G4 H3 I2 I1"), KR_RIVER, KW_RIVER_DISTANCE);
    no(&s, DH(KD_RIVER, 0, "G5 F5 H3 I2"), KR_RIVER, KW_RIVER_NOT_NEXT);
    no(&s, DH(KD_RIVER, 0, "G5 E5 G4 H3 I2"), KR_RIVER, KW_RIVER_HEX);
    no(&s, DH(KD_RIVER, 0, "F6 F5 G4 H3 I2"), KR_RIVER, KW_RIVER_HEX);
    assert_true(legal(&s, DH(KD_RIVER, 0, "G5 F5 G4 H3 I2")));
    struct kdecision out[2048];
    size_t n = kingdom_legal(&s, out, 2048);
    assert_true(n > 10 && n < 2048);
    for (size_t i = 0; i < n; i++) {
        assert_true(out[i].nhex >= 4 && out[i].nhex <= 7);
        struct kstate t = s;
        ok(&t, out[i]);
    }
    ok(&s, DH(KD_RIVER, 0, "G5 F5 G4 H3 I2"));
    assert_int_equal(s.nriver, 5);
    assert_int_equal(kingdom_awaited(&s).kind, KA_SETUP);
    assert_int_equal(kingdom_awaited(&s).setup_left, 7u);
}

/* The free buildings: a farm next to the river, a mine on a free mountain, a village next to
 * that farm or mine, in any order (the village after its neighbour). */
static void setup_buildings(void **st)
{
    (void)st;
    struct kstate s;
    kingdom_init(&s, &data);
    ok(&s, D(KD_RANGE_ROLL, 3, 4));
    ok(&s, DH(KD_RANGE, 0, "F6 F7 G6 G7"));
    ok(&s, D(KD_RANGE_ROLL, 5, 2));
    ok(&s, DH(KD_RANGE, 0, "B4 C4"));
    ok(&s, DH(KD_RIVER, 0, "G5 F5 G4 H3 I2"));
    no(&s, DH(KD_SETUP, KB_VILLAGE, "E7"), KR_SETUP, KW_SETUP_VILLAGE);
    no(&s, DH(KD_SETUP, KB_FARM, "C2"), KR_SETUP, KW_SETUP_FARM);
    no(&s, DH(KD_SETUP, KB_FARM, "G4"), KR_PLACEMENT, KW_PLACE);
    no(&s, DH(KD_SETUP, KB_MINE, "E6"), KR_SETUP, KW_SETUP_MINE);
    /* A farm that, with the mine, would leave the village no hex is refused. */
    struct kstate t = s;
    ok(&t, DH(KD_SETUP, KB_MINE, "F6"));
    const int walled[] = {H("E6"), H("E7"), H("G2"), H("H2"), H("F3"), H("F4")};
    for (size_t k = 0; k < sizeof walled / sizeof walled[0]; k++)
        t.terrain[walled[k]] = KT_RIVER;
    no(&t, DH(KD_SETUP, KB_FARM, "G3"), KR_SETUP, KW_SETUP_NO_VILLAGE);
    ok(&s, DH(KD_SETUP, KB_MINE, "F6"));
    no(&s, DH(KD_SETUP, KB_MINE, "F7"), KR_SETUP, KW_SETUP_TWICE);
    no(&s, DH(KD_SETUP, KB_VILLAGE, "C2"), KR_SETUP, KW_SETUP_VILLAGE);
    ok(&s, DH(KD_SETUP, KB_VILLAGE, "E7"));
    no(&s, D(KD_YEAR, 1, 0), KR_ORDER, KW_ORDER);
    ok(&s, DH(KD_SETUP, KB_FARM, "G3"));
    assert_int_equal(kingdom_awaited(&s).kind, KA_YEAR);
    assert_int_equal(s.count[KB_FARM] + s.count[KB_MINE] + s.count[KB_VILLAGE], 3);
}

/* K1, K11 and the spec's first year: yields (farm 2 by the river, mine 2 on a mountain,
 * village 2 next to a farm or mine), the capital's pick, fate bonuses 3 (farms) and 5 (villages). */
static void k1_production(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 3, 5);
    assert_int_equal(kingdom_yield(&s, H("G3")), 2);
    assert_int_equal(kingdom_yield(&s, H("F6")), 2);
    assert_int_equal(kingdom_yield(&s, H("E7")), 2);
    no(&s, CAP(2, KRES_FOOD, KRES_ORE), KR_CAPITAL, KW_CAPITAL_COUNT);
    ok(&s, CAP(1, KRES_FOOD, 0));
    /* food 2 + 1 + 1 (harvest, 1 farm), ore 2, work 2 + 1 (efficiency, 1 village) */
    assert_int_equal(s.stock[KRES_FOOD], 4);
    assert_int_equal(s.stock[KRES_ORE], 2);
    assert_int_equal(s.stock[KRES_WORK], 3);
}

/* K4, K9: costs grow with the kind's count; placement (empty hex, mine on a free mountain,
 * no village next to a village); a build too dear. */
static void k4_k9_build(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 3, 5);
    ok(&s, CAP(1, KRES_FOOD, 0));
    /* food 4, ore 2, work 3: a mine costs 1 work + 1 ore (1 stands). */
    no(&s, DH(KD_BUILD, KB_FARM, "G4"), KR_PLACEMENT, KW_PLACE);
    no(&s, DH(KD_BUILD, KB_FARM, "F6"), KR_PLACEMENT, KW_PLACE);
    no(&s, DH(KD_BUILD, KB_VILLAGE, "E8"), KR_PLACEMENT, KW_PLACE_VILLAGE);
    no(&s, DH(KD_BUILD, KB_FARM, "E5"), KR_PLACEMENT, KW_PLACE);
    ok(&s, DH(KD_BUILD, KB_MINE, "G6"));
    assert_int_equal(s.stock[KRES_WORK], 2);
    assert_int_equal(s.stock[KRES_ORE], 1);
    int cost[KRES_COUNT];
    kingdom_cost(&s, KB_MINE, cost);
    assert_int_equal(cost[KRES_WORK], 2);
    assert_int_equal(cost[KRES_ORE], 2);
    assert_int_equal(cost[KRES_FOOD], 0);
    no(&s, DH(KD_BUILD, KB_MINE, "G7"), KR_COST, KW_COST);
    kingdom_cost(&s, KB_VILLAGE, cost);
    assert_int_equal(cost[KRES_WORK] + cost[KRES_FOOD] + cost[KRES_ORE], 3);
    assert_false(legal(&s, DH(KD_BUILD, KB_MINE, "G7")));
    assert_true(legal(&s, DH(KD_BUILD, KB_FARM, "D3")));
}

/* K3, K2: trade 2 work for 1 food or ore, repeatable, only after building; work is lost at
 * the year's end; feeding pays 1 food per building. */
static void k3_k2_trade_and_feed(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 3, 5);
    ok(&s, CAP(1, KRES_FOOD, 0));
    ok(&s, DH(KD_BUILD, KB_MINE, "G6"));
    no(&s, TRADE(2, KRES_FOOD), KR_TRADE, KW_TRADE_WORK);
    no(&s, TRADE(1, KRES_WORK), KR_TRADE, KW_TRADE_WHAT);
    no(&s, TRADE(0, KRES_FOOD), KR_TRADE, KW_TRADE_N);
    ok(&s, TRADE(1, KRES_FOOD));
    assert_int_equal(s.stock[KRES_FOOD], 5);
    assert_int_equal(s.stock[KRES_WORK], 0);
    no(&s, DH(KD_BUILD, KB_FARM, "D3"), KR_ORDER, KW_BUILD_AFTER_TRADE);
    struct khistory h = KHISTORY_INIT;
    struct kdecision done = D(KD_DONE, 0, 0);
    assert_int_equal(kingdom_apply(&s, &done, &h).rule, KR_NONE);
    /* The spec's check after year 2's line: food 1 ore 1 work 0. */
    assert_int_equal(s.stock[KRES_FOOD], 1);
    assert_int_equal(s.stock[KRES_ORE], 1);
    assert_int_equal(s.stock[KRES_WORK], 0);
    assert_int_equal(h.count, 1);
    assert_int_equal(h.items[0].cause, KC_FEED);
    assert_int_equal(h.items[0].old, 5);
    assert_int_equal(h.items[0].now, 1);
    khistory_free(&h);
    assert_int_equal(kingdom_awaited(&s).kind, KA_YEAR);
    assert_int_equal(kingdom_awaited(&s).year, 2);
    /* Year 2 of the spec: fate 6 4, six 3 5, capital food, farm H4, trade 1 food. */
    begin_year(&s, 2, 6, 4);
    assert_int_equal(kingdom_awaited(&s).kind, KA_SIX);
    no(&s, CAP(1, KRES_FOOD, 0), KR_ORDER, KW_ORDER);
    ok(&s, D(KD_SIX, 3, 5));
    ok(&s, CAP(1, KRES_FOOD, 0));
    ok(&s, DH(KD_BUILD, KB_FARM, "H4"));
    ok(&s, TRADE(1, KRES_FOOD));
    ok(&s, D(KD_DONE, 0, 0));
    assert_int_equal(s.stock[KRES_FOOD], 0);
    assert_int_equal(s.stock[KRES_ORE], 7);
    assert_int_equal(s.stock[KRES_WORK], 0);
}

/* K10: each 6 becomes two different results of 1-5; results stack; hard times lower each
 * total by 1 per result, not below 0; a bonus gives at least 1. */
static void k10_fate(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 6, 6);
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    no(&s, D(KD_SIX, 2, 2), KR_SIX, KW_SIX_SAME);
    no(&s, D(KD_SIX, 6, 2), KR_SIX, KW_SIX_RANGE);
    ok(&s, D(KD_SIX, 2, 4));
    ok(&s, D(KD_SIX, 2, 4));
    /* Two hard times: food 2+1-2, ore 2+1+1-2 (two strikes of 1 mine each), work 2-2. */
    ok(&s, CAP(1, KRES_FOOD, 0));
    assert_int_equal(s.stock[KRES_FOOD], 1);
    assert_int_equal(s.stock[KRES_ORE], 2);
    assert_int_equal(s.stock[KRES_WORK], 0);
    /* Hard times never push a total below 0. */
    struct kstate t;
    example_setup(&t);
    begin_year(&t, 1, 6, 2);
    ok(&t, D(KD_SIX, 2, 3));
    int made[KRES_COUNT], res[1] = {KRES_ORE};
    kingdom_production(&t, res, 1, made);
    assert_int_equal(made[KRES_WORK], 0);
    assert_int_equal(made[KRES_ORE], 1);
    assert_int_equal(made[KRES_FOOD], 1);
}

/* K10: a disaster erases a building of the player's choice before production (a mountain
 * stays a free mountain); `none` only when nothing stands. */
static void k10_disaster(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 1, 1);
    assert_int_equal(kingdom_awaited(&s).kind, KA_DISASTER);
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    no(&s, D(KD_DISASTER, 0, 0), KR_DISASTER, KW_DISASTER_NONE);
    no(&s, DH(KD_DISASTER, 0, "E5"), KR_DISASTER, KW_DISASTER_HEX);
    ok(&s, DH(KD_DISASTER, 0, "F6"));
    assert_int_equal(s.terrain[H("F6")], KT_MOUNTAIN);
    assert_int_equal(s.thing[H("F6")], KX_NONE);
    assert_int_equal(s.count[KB_MINE], 0);
    ok(&s, DH(KD_DISASTER, 0, "E7"));
    ok(&s, CAP(1, KRES_ORE, 0));
    assert_int_equal(s.stock[KRES_FOOD], 2);
    assert_int_equal(s.stock[KRES_ORE], 1);
    assert_int_equal(s.stock[KRES_WORK], 0);
    assert_true(kingdom_may_place(&s, KB_MINE, H("F6")));
}

/* A state at year y's building step with the monument at `stage`, stocks as given. */
static void rich(struct kstate *s, int stage)
{
    example_setup(s);
    begin_year(s, 1, 3, 4);
    ok(s, CAP(1, KRES_FOOD, 0));
    s->stock[KRES_FOOD] = s->stock[KRES_ORE] = s->stock[KRES_WORK] = 100;
    const char *hexes[KSTAGES] = {"D5", "D6", "D7"};
    for (int k = 0; k < stage; k++)
        ok(s, DH(KD_BUILD, KB_MONUMENT, hexes[k]));
}

/* K6: the capital in the middle of 61 hexes is no building ground; the first stage of the
 * monument goes on ring 1 only; the river leaves the map at the edge (distance 4). */
static void k6_map(void **st)
{
    (void)st;
    struct kstate s;
    rich(&s, 0);
    assert_int_equal(s.terrain[H("E5")], KT_CAPITAL);
    assert_false(kingdom_hex_empty(&s, H("E5")));
    for (int b = 0; b < KB_KINDS; b++)
        assert_false(kingdom_may_place(&s, b, H("E5")));
    int ring = 0;
    for (int h = 0; h < KMAP_HEXES; h++)
        if (kingdom_may_place(&s, KB_MONUMENT, h)) {
            assert_int_equal(kmap_hex(h)->dist, 1);
            ring++;
        }
    assert_int_equal(ring, 5);      /* ring 1 less the river's F5 */
    assert_int_equal(kmap_hex(s.river[s.nriver - 1])->dist, KMAP_RADIUS);
}

/* K5: three stages in order, the first next to the capital, the next next to a monument hex;
 * each with its price. */
static void k5_monument(void **st)
{
    (void)st;
    struct kstate s;
    rich(&s, 0);
    no(&s, DH(KD_BUILD, KB_MONUMENT, "C4"), KR_PLACEMENT, KW_PLACE);
    no(&s, DH(KD_BUILD, KB_MONUMENT, "D7"), KR_MONUMENT, KW_MONUMENT_NEXT);
    ok(&s, DH(KD_BUILD, KB_MONUMENT, "D5"));
    assert_int_equal(s.stock[KRES_WORK], 98);
    assert_int_equal(s.stock[KRES_FOOD], 98);
    assert_int_equal(s.stock[KRES_ORE], 96);
    no(&s, DH(KD_BUILD, KB_MONUMENT, "E4"), KR_MONUMENT, KW_MONUMENT_NEXT);
    ok(&s, DH(KD_BUILD, KB_MONUMENT, "C5"));
    ok(&s, DH(KD_BUILD, KB_MONUMENT, "C6"));
    assert_int_equal(s.stock[KRES_WORK], 100 - 2 - 4 - 8);
    assert_int_equal(s.stock[KRES_ORE], 100 - 4 - 6 - 12);
    assert_int_equal(s.stage, 3);
    no(&s, DH(KD_BUILD, KB_MONUMENT, "B6"), KR_MONUMENT, KW_MONUMENT_DONE);
    /* Stage 1 is too dear at the start. */
    struct kstate t;
    example_setup(&t);
    begin_year(&t, 1, 3, 4);
    ok(&t, CAP(1, KRES_FOOD, 0));
    no(&t, DH(KD_BUILD, KB_MONUMENT, "D5"), KR_COST, KW_COST);
}

/* K10, K5: with stage 1 one die may be rerolled once, before the sixes; the new value stands. */
static void k10_reroll(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 2, 6);
    no(&s, D(KD_REROLL, 2, 0), KR_REROLL, KW_REROLL_STAGE);
    rich(&s, 1);
    ok(&s, D(KD_DONE, 0, 0));
    begin_year(&s, 2, 2, 6);
    struct kingdom_awaited a = kingdom_awaited(&s);
    assert_int_equal(a.kind, KA_REROLL);
    assert_true(a.pending & 1u << KA_SIX);
    no(&s, D(KD_REROLL, 3, 0), KR_REROLL, KW_REROLL_VALUE);
    ok(&s, D(KD_REROLL, 2, 0));
    assert_true(kingdom_awaited(&s).chance);
    ok(&s, D(KD_REROLL_ROLL, 6, 0));
    assert_int_equal(kingdom_awaited(&s).kind, KA_SIX);
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    ok(&s, D(KD_SIX, 3, 4));
    no(&s, D(KD_REROLL, 6, 0), KR_REROLL, KW_REROLL_USED);
    ok(&s, D(KD_SIX, 3, 4));
    ok(&s, CAP(1, KRES_FOOD, 0));
    /* Skipping the reroll: a later step's line passes it. */
    ok(&s, D(KD_DONE, 0, 0));
    begin_year(&s, 3, 1, 3);
    assert_int_equal(kingdom_awaited(&s).kind, KA_REROLL);
    ok(&s, DH(KD_DISASTER, 0, "E7"));
    assert_int_equal(kingdom_awaited(&s).kind, KA_CAPITAL);
    no(&s, D(KD_REROLL, 3, 0), KR_REROLL, KW_REROLL_LATE);
}

/* K12: one pick, two from stage 2 (from the year after it is built). */
static void k12_capital(void **st)
{
    (void)st;
    struct kstate s;
    rich(&s, 2);
    ok(&s, D(KD_DONE, 0, 0));
    begin_year(&s, 2, 3, 4);
    no(&s, CAP(1, KRES_FOOD, 0), KR_CAPITAL, KW_CAPITAL_COUNT);
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    int before = s.stock[KRES_WORK];
    ok(&s, CAP(2, KRES_WORK, KRES_WORK));
    /* village 2 + 2 picks */
    assert_int_equal(s.stock[KRES_WORK], before + 4);
}

/* K11: a building next to a graveyard yields 1 less (flat, not below 0); the capital is exempt. */
static void k11_graveyard(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 2, 4);   /* year 1 starves: food 2+1-1 = 2 for three mouths */
    ok(&s, CAP(1, KRES_ORE, 0));
    assert_int_equal(s.stock[KRES_FOOD], 1);
    ok(&s, D(KD_DONE, 0, 0));
    assert_int_equal(kingdom_awaited(&s).kind, KA_STARVE);
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    no(&s, DH(KD_STARVE, 0, "E5"), KR_STARVE, KW_STARVE_HEX);
    no(&s, D(KD_YEAR, 2, 0), KR_ORDER, KW_ORDER);
    ok(&s, DH(KD_STARVE, 0, "E7"));
    assert_int_equal(kingdom_awaited(&s).owed, 1);
    ok(&s, DH(KD_STARVE, 0, "F6"));
    assert_int_equal(s.graveyards, 2);
    assert_int_equal(s.stock[KRES_FOOD], 0);
    assert_int_equal(kingdom_awaited(&s).kind, KA_YEAR);
    /* The farm on G3 is not next to a graveyard; a farm on F5's neighbour E6 would be. */
    assert_int_equal(kingdom_yield(&s, H("G3")), 2);
    s.thing[H("E6")] = KX_FARM;
    s.count[KB_FARM]++;
    assert_int_equal(kingdom_yield(&s, H("E6")), 2 - 1);   /* by the river F5, next to E7's graveyard */
    no(&s, DH(KD_BUILD, KB_FARM, "E7"), KR_ORDER, KW_ORDER);
}

/* K13, K15: one victim per missing food, this year's buildings included; the third graveyard
 * loses at once. */
static void k15_third_graveyard(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    begin_year(&s, 1, 2, 2);   /* food 2+1-2 = 1 for three mouths */
    ok(&s, CAP(1, KRES_FOOD, 0));
    assert_int_equal(s.stock[KRES_FOOD], 1);
    ok(&s, D(KD_DONE, 0, 0));
    assert_int_equal(kingdom_awaited(&s).owed, 2);
    ok(&s, DH(KD_STARVE, 0, "E7"));
    ok(&s, DH(KD_STARVE, 0, "F6"));
    ok(&s, D(KD_YEAR, 2, 0));
    ok(&s, D(KD_FATE, 2, 2));
    ok(&s, CAP(1, KRES_FOOD, 0));   /* farm G3: 2 food, +1, -2 */
    assert_int_equal(s.stock[KRES_FOOD], 1);
    ok(&s, D(KD_DONE, 0, 0));
    assert_int_equal(kingdom_awaited(&s).kind, KA_YEAR);
    /* Year 3: 2, 2 again and a farm bought with nothing left to eat. */
    ok(&s, D(KD_YEAR, 3, 0));
    ok(&s, D(KD_FATE, 2, 2));
    ok(&s, CAP(1, KRES_WORK, 0));
    assert_int_equal(s.stock[KRES_FOOD], 0);
    ok(&s, D(KD_DONE, 0, 0));
    ok(&s, DH(KD_STARVE, 0, "G3"));
    struct kingdom_end e = kingdom_end(&s);
    assert_int_equal(e.end, KEND_LOSS_GRAVEYARDS);
    assert_int_equal(e.year, 3);
    assert_int_equal(kingdom_awaited(&s).kind, KA_END);
    no(&s, D(KD_YEAR, 4, 0), KR_GAME_OVER, KW_GAME_OVER);
    assert_int_equal(kingdom_legal(&s, NULL, 0), 0);
}

/* K15: won at the end of a year in which stage 3 stands and nothing starved. */
static void k15_win(void **st)
{
    (void)st;
    struct kstate s;
    rich(&s, 3);
    assert_int_equal(kingdom_end(&s).end, KEND_NONE);
    ok(&s, D(KD_DONE, 0, 0));
    struct kingdom_end e = kingdom_end(&s);
    assert_int_equal(e.end, KEND_WIN);
    assert_int_equal(e.year, 1);
    /* Starving that year puts the win off. */
    rich(&s, 3);
    s.stock[KRES_FOOD] = 0;
    ok(&s, D(KD_DONE, 0, 0));
    ok(&s, DH(KD_STARVE, 0, "E7"));
    ok(&s, DH(KD_STARVE, 0, "F6"));
    ok(&s, DH(KD_STARVE, 0, "G3"));
    assert_int_equal(kingdom_end(&s).end, KEND_LOSS_GRAVEYARDS);
}

/* K15: a game not won by the end of year 20 is lost; the years go without a gap. */
static void k15_year_limit(void **st)
{
    (void)st;
    struct kstate s;
    example_setup(&s);
    no(&s, D(KD_YEAR, 2, 0), KR_YEAR, KW_YEAR);
    for (int y = 1; y <= 20; y++) {
        begin_year(&s, y, 3, 3);
        ok(&s, CAP(1, KRES_FOOD, 0));
        ok(&s, D(KD_DONE, 0, 0));
    }
    struct kingdom_end e = kingdom_end(&s);
    assert_int_equal(e.end, KEND_LOSS_YEARS);
    assert_int_equal(e.year, 20);
}

/* What stands next to each hex, known at once (kingdom_near_all), is what each hex's own look
 * says; the yields and placements asked with it are the engine's own answers. */
static void near_agrees(const struct kstate *s)
{
    unsigned char nr[KMAP_HEXES];
    kingdom_near_all(s, nr);
    for (int h = 0; h < KMAP_HEXES; h++) {
        assert_int_equal(nr[h], kingdom_near(s, h));
        int b = kingdom_building_at(s, h);
        if (b >= 0)
            assert_int_equal(kingdom_yield_near(s, b, h, nr[h]), kingdom_yield(s, h));
        for (int k = 0; k < KB_KINDS; k++) {
            enum krule r = kingdom_check_build(s, k, h).rule;
            bool placed = r != KR_PLACEMENT && r != KR_MONUMENT;
            assert_int_equal(kingdom_may_place_near(s, k, h, nr[h]), placed);
        }
    }
}

/* Every legal decision is applied without a refusal, through random games to their end; a
 * copy of the state is a whole game (plain struct). */
static void legal_games(void **st)
{
    (void)st;
    unsigned seed = 12345;
    int ends[4] = {0};
    for (int game = 0; game < 200; game++) {
        struct kstate s;
        kingdom_init(&s, &data);
        int steps = 0;
        while (kingdom_awaited(&s).kind != KA_END) {
            static struct kdecision out[8192];
            size_t n = kingdom_legal(&s, out, 8192);
            if (n == 0 || n > 8192)
                fail_msg("%zu legal decisions awaiting %s", n, kingdom_await_name(kingdom_awaited(&s).kind));
            seed = seed * 1103515245u + 12345u;
            /* Prefer building to ending the year, so that games grow. */
            size_t pick = (seed >> 8) % n;
            struct kstate copy = s;
            if (steps % 7 == 0)
                near_agrees(&s);
            ok(&s, out[pick]);
            assert_true(memcmp(&copy, &s, sizeof s) != 0);
            assert_true(++steps < 5000);
        }
        ends[kingdom_end(&s).end]++;
    }
    assert_int_equal(ends[KEND_NONE], 0);
    assert_true(ends[KEND_LOSS_GRAVEYARDS] + ends[KEND_LOSS_YEARS] + ends[KEND_WIN] == 200);
}

/* The rule ids: each with its texts, found again by its id. */
static void rule_table(void **st)
{
    (void)st;
    assert_null(krule_info(KR_NONE));
    for (int id = KR_NONE + 1; id < KR_COUNT; id++) {
        const struct krule_info *r = krule_info((enum krule)id);
        assert_non_null(r);
        assert_true(r->id[0] && r->section[0] && r->summary[0]);
        assert_int_equal(krule_find(r->id), id);
    }
}

/* The data: a file that misses a statement or repeats one is refused with where and why. */
static void data_errors(void **st)
{
    (void)st;
    struct kdata d;
    struct diag_list dl = DIAG_LIST_INIT;
    const char bad[] = "game \"K\"\nstart food 0 food 1\nstage 1 cost work 2 gives win\nstage 2 cost work 2 gives win\nbogus 3\n";
    assert_int_equal(kdata_load(&d, "bad.rules", bad, sizeof bad - 1, &dl), -1);
    assert_true(dl.errors >= 4);
    assert_int_equal(dl.items[0].pos.line, 2);
    assert_non_null(strstr(dl.items[0].message, "food is given twice"));
    diag_list_free(&dl);
    assert_int_equal(data.year_limit, 20);
    assert_int_equal(data.effect_stage[KEFF_WIN], 3);
    assert_int_equal(data.stage_cost[2][KRES_ORE], 12);
}

/* `xii rules --game kingdom`: the capital stage's words follow the data's picks. */
static void data_print_capital_words(void **st)
{
    (void)st;
    struct strbuf out = STRBUF_INIT;
    kdata_print_text(&data, &out);
    assert_non_null(strstr(strbuf_cstr(&out), "the capital's second pick"));
    strbuf_free(&out);
    static const char *const lines[][2] = {
        {"capital 1 more 1", "nothing more (the capital's picks stay 1)"},
        {"capital 2 more 1", "the capital's picks down to 1"},
        {"capital 2 more 2", "nothing more (the capital's picks stay 2)"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        struct strbuf src = STRBUF_INIT;
        strbuf_puts(&src, "game \"K\"\nstart food 0 ore 0 work 0\nyear-limit 20\ngraveyard-limit 3\n"
                          "building farm cost work 1 food 1 yield 1 best 2\n"
                          "building mine cost work 1 ore 1 yield 1 best 2\n"
                          "building village cost work 1 food 1 ore 1 yield 1 best 2\n"
                          "graveyard-penalty 1\nfeed 1\ntrade 2\nhard-times 1\nbonus-min 1\n"
                          "stage 1 cost work 2 gives reroll\nstage 2 cost work 4 gives capital\n"
                          "stage 3 cost work 8 gives win\n");
        strbuf_printf(&src, "%s\n", lines[i][0]);
        struct kdata d;
        struct diag_list dl = DIAG_LIST_INIT;
        assert_int_equal(kdata_load(&d, "k.rules", strbuf_cstr(&src), src.len, &dl), 0);
        kdata_print_text(&d, &out);
        assert_non_null(strstr(strbuf_cstr(&out), lines[i][1]));
        assert_null(strstr(strbuf_cstr(&out), "second pick"));
        strbuf_free(&out);
        kdata_free(&d);
        diag_list_free(&dl);
        strbuf_free(&src);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(k14_start),
        cmocka_unit_test(k6_map),
        cmocka_unit_test(k7_ranges),
        cmocka_unit_test(k8_river),
        cmocka_unit_test(setup_buildings),
        cmocka_unit_test(k1_production),
        cmocka_unit_test(k4_k9_build),
        cmocka_unit_test(k3_k2_trade_and_feed),
        cmocka_unit_test(k10_fate),
        cmocka_unit_test(k10_disaster),
        cmocka_unit_test(k5_monument),
        cmocka_unit_test(k10_reroll),
        cmocka_unit_test(k12_capital),
        cmocka_unit_test(k11_graveyard),
        cmocka_unit_test(k15_third_graveyard),
        cmocka_unit_test(k15_win),
        cmocka_unit_test(k15_year_limit),
        cmocka_unit_test(legal_games),
        cmocka_unit_test(rule_table),
        cmocka_unit_test(data_errors),
        cmocka_unit_test(data_print_capital_words),
    };
    return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
