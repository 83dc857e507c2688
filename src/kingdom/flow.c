/* The kingdom's flow: what the game awaits now (a value) and the one function that applies a
 * decision, after checking that the decision is one the game awaits. */
#include "kingdom/internal.h"

static const char *const await_names[KA_COUNT] = {
    "range-roll", "range", "river", "setup", "year", "fate", "reroll", "reroll-roll", "six",
    "disaster", "capital", "build", "starve", "end",
};

const char *kingdom_await_name(enum kawait kind)
{
    return kind < KA_COUNT ? await_names[kind] : "?";
}

/* The step of the year after the fate dice, the reroll aside. */
static enum kawait fate_step(const struct kstate *s, int *owed)
{
    if (s->sixes_left > 0) {
        *owed = s->sixes_left;
        return KA_SIX;
    }
    if (s->disasters_left > 0) {
        *owed = s->disasters_left;
        return KA_DISASTER;
    }
    *owed = kingdom_picks_due(s);
    return KA_CAPITAL;
}

struct kingdom_awaited kingdom_awaited(const struct kstate *s)
{
    struct kingdom_awaited a = {.year = s->year, .range = -1, .larger_range = -1};
    switch (s->phase) {
    case P_RANGE_ROLL0: case P_RANGE_ROLL1:
        a.kind = KA_RANGE_ROLL;
        a.chance = true;
        a.range = s->phase == P_RANGE_ROLL0 ? 0 : 1;
        break;
    case P_RANGE0: case P_RANGE1:
        a.kind = KA_RANGE;
        a.range = s->phase == P_RANGE0 ? 0 : 1;
        a.region = s->range_region[a.range];
        a.size = s->range_size[a.range];
        break;
    case P_RIVER:
        a.kind = KA_RIVER;
        a.larger_range = kingdom_larger_range(s);
        break;
    case P_SETUP:
        a.kind = KA_SETUP;
        for (int b = 0; b < KB_BUILDINGS; b++)
            if (s->setup_hex[b] == KMAP_NO_HEX)
                a.setup_left |= 1u << b;
        break;
    case P_YEAR:
        a.kind = KA_YEAR;
        a.year = s->year + 1;
        break;
    case P_FATE:
        a.kind = KA_FATE;
        a.chance = true;
        break;
    case P_FATE_STEP:
        if (s->reroll_die >= 0) {
            a.kind = KA_REROLL_ROLL;
            a.chance = true;
            break;
        }
        a.kind = fate_step(s, &a.owed);
        if (kingdom_may_reroll(s)) {
            a.pending |= 1u << a.kind;
            a.kind = KA_REROLL;
        }
        break;
    case P_BUILD:
        a.kind = KA_BUILD;
        break;
    case P_STARVE:
        a.kind = KA_STARVE;
        a.owed = s->starve_left;
        break;
    default:
        a.kind = KA_END;
        break;
    }
    a.pending |= 1u << a.kind;
    return a;
}

/* The awaited kind a decision answers. */
static enum kawait answers(enum kdecision_kind k)
{
    static const enum kawait map[KD_COUNT] = {
        [KD_RANGE_ROLL] = KA_RANGE_ROLL, [KD_RANGE] = KA_RANGE, [KD_RIVER] = KA_RIVER,
        [KD_SETUP] = KA_SETUP, [KD_YEAR] = KA_YEAR, [KD_FATE] = KA_FATE, [KD_REROLL] = KA_REROLL,
        [KD_REROLL_ROLL] = KA_REROLL_ROLL, [KD_SIX] = KA_SIX, [KD_DISASTER] = KA_DISASTER,
        [KD_CAPITAL] = KA_CAPITAL, [KD_BUILD] = KA_BUILD, [KD_TRADE] = KA_BUILD,
        [KD_DONE] = KA_BUILD, [KD_STARVE] = KA_STARVE,
    };
    return k < KD_COUNT ? map[k] : KA_END;
}

/* A decision's hexes and kind are on the map and of the game. */
static bool well_formed(const struct kdecision *d)
{
    if (d->kind >= KD_COUNT || d->nhex < 0 || d->nhex > KRIVER_MAX || d->nres < 0 || d->nres > 2)
        return false;
    for (int i = 0; i < d->nhex; i++)
        if (d->hex[i] < 0 || d->hex[i] >= KMAP_HEXES)
            return false;
    bool needs_hex = d->kind == KD_SETUP || d->kind == KD_BUILD || d->kind == KD_STARVE;
    if (needs_hex && d->nhex != 1)
        return false;
    if (d->kind == KD_SETUP && (d->what < 0 || d->what >= KB_BUILDINGS))
        return false;
    if (d->kind == KD_BUILD && (d->what < 0 || d->what >= KB_KINDS))
        return false;
    return !(d->kind == KD_DISASTER && d->nhex > 1);
}

struct krefusal kingdom_apply(struct kstate *s, const struct kdecision *d, struct khistory *h)
{
    struct kingdom_awaited a = kingdom_awaited(s);
    if (a.kind == KA_END) {
        struct krefusal r = kref(KR_GAME_OVER, KW_GAME_OVER, -1, -1);
        r.n[0] = s->end;
        r.n[1] = s->end_year;
        return r;
    }
    enum kawait k = answers(d->kind);
    if (d->kind == KD_REROLL && s->phase == P_FATE_STEP && s->reroll_die < 0 && !(a.pending >> k & 1u))
        return kingdom_reroll_refusal(s);
    if (!well_formed(d) || !(a.pending >> k & 1u)) {
        struct krefusal r = kref(KR_ORDER, KW_ORDER, -1, -1);
        r.n[0] = a.kind == KA_REROLL ? (int)fate_step(s, &r.n[2]) : (int)a.kind;
        r.n[1] = d->kind;
        if (a.kind != KA_REROLL)
            r.n[2] = a.owed;
        r.n[3] = a.year;
        return r;
    }
    switch (d->kind) {
    case KD_RANGE_ROLL: case KD_RANGE: case KD_RIVER: case KD_SETUP:
        return kingdom_setup_apply(s, d, h);
    case KD_BUILD: case KD_TRADE: case KD_DONE: case KD_STARVE:
        return kingdom_build_apply(s, d, h);
    default:
        return kingdom_fate_apply(s, d, h);
    }
}
