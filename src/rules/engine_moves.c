/* Enumerating the legal moves of the current turn (for an advisor): every candidate is built
 * and passed through engine_check. */
#include <string.h>
#include "rules/engine_internal.h"

_Static_assert(2 * GD_MAX_ITEMS <= 64, "two purchases per item in a 64-bit set");

struct out {
    const struct game_state *s;
    struct move *buf;
    size_t cap, count;
    /* Bit 2i + (perk b): whether item i may be bought with a die showing its exact value, if
     * any; bit a of increasable: the same for an increase of asset a. A spend refused so is
     * refused whatever the die, so each die value tries only the others (the same list, each
     * candidate still checked in full). */
    uint64_t buyable;
    unsigned increasable;
};

static void try_move(struct out *o, const struct move *m)
{
    if (engine_check(o->s, m, NULL) != 0)
        return;
    if (o->count < o->cap)
        o->buf[o->count] = *m;
    o->count++;
}

static struct move base_move(enum move_kind kind, int die, int from_reserve)
{
    struct move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.die = die;
    m.from_reserve = from_reserve;
    m.source = DIE_ANY;
    return m;
}

/* Spends of one die value (a turn die or a reserve die). */
static void spends(struct out *o, int v, int from_reserve)
{
    const struct gamedata *gd = o->s->gd;
    struct move m = base_move(MOVE_ASSET, v, from_reserve);
    for (m.target = 0; m.target < ASSET_COUNT; m.target++)
        if (o->increasable >> m.target & 1u)
            try_move(o, &m);
    m = base_move(MOVE_ACQUIRE, v, from_reserve);
    for (m.target = 0; m.target < gd->nitems; m.target++) {
        uint64_t bits = o->buyable >> (2 * m.target);
        if (gamedata_is_special(&gd->items[m.target])) {
            m.perk = 'a';
            if (bits & 1)
                try_move(o, &m);
            m.perk = 'b';
            bits >>= 1;
        } else {
            m.perk = 0;
        }
        if (bits & 1)
            try_move(o, &m);
    }
    m = base_move(MOVE_INFLUENCE, v, from_reserve);
    for (m.target = 0; m.target < LOCATION_COUNT; m.target++)
        try_move(o, &m);
    m = base_move(MOVE_STORE, v, from_reserve);
    try_move(o, &m);
}

/* Ability and split moves on a turn die showing v (none without the perks: most players have
 * none, and the split alone has hundreds of candidates). */
static void abilities(struct out *o, int v)
{
    static const enum die_source sources[] = {DIE_OWN, DIE_SHARED};
    int p = o->s->turn.player;
    int change = engine_perk(o->s, p, PERK_DIE_PLUS) || engine_perk(o->s, p, PERK_DIE_MINUS) ||
                 engine_perk(o->s, p, PERK_DIE_CHANGE) || engine_perk(o->s, p, PERK_REROLL_LOW);
    for (int k = 0; change && k < 2; k++) {
        struct move m = base_move(MOVE_SHERIFF, v, 0);
        m.source = sources[k];
        for (int to = 1; to <= 6; to++) {
            m.kind = MOVE_SHERIFF;
            m.to = to;
            if (to != v)
                try_move(o, &m);
            m.kind = MOVE_COURT;
            try_move(o, &m);
            m.kind = MOVE_COURT_REROLL;
            try_move(o, &m);
        }
    }
    if (!engine_perk(o->s, p, PERK_SPLIT_DIE))
        return;
    struct move m = base_move(MOVE_SPLIT, v, 0);
    for (int a = 1; a < v; a++) {
        int q = v - a;
        if (a > q)
            break;
        m.part[0] = a;
        m.part[1] = q;
        for (m.target = 0; m.target < ASSET_COUNT; m.target++)
            for (m.target2 = 0; m.target2 < ASSET_COUNT; m.target2++)
                if (m.target != m.target2 && (a < q || m.target < m.target2))
                    try_move(o, &m);
    }
}

/* Fills o->buyable and o->increasable: each purchase and increase checked once with its exact
 * die (or any die). */
static void spendable(struct out *o)
{
    const struct gamedata *gd = o->s->gd;
    o->increasable = 0;
    for (int a = 0; a < ASSET_COUNT; a++) {
        int v = gd->assets[a].die.value ? gd->assets[a].die.value : 1;
        if (engine_check_increase(o->s, a, v, 0, 0, NULL) == 0)
            o->increasable |= 1u << a;
    }
    o->buyable = 0;
    for (int i = 0; i < gd->nitems; i++) {
        const struct gd_item *it = &gd->items[i];
        struct move m = base_move(MOVE_ACQUIRE, it->die.value ? it->die.value : 1, 0);
        m.target = i;
        int special = gamedata_is_special(it);
        m.perk = special ? 'a' : 0;
        if (engine_check_acquire(o->s, &m, NULL) == 0)
            o->buyable |= 1ull << (2 * i);
        m.perk = 'b';
        if (special && engine_check_acquire(o->s, &m, NULL) == 0)
            o->buyable |= 2ull << (2 * i);
    }
}

size_t engine_legal_moves(const struct game_state *s, int die, struct move *out, size_t cap)
{
    struct out o = {s, out, cap, 0, 0, 0};
    if (s->turn.player < 0)
        return 0;
    spendable(&o);
    int seen = 0;   /* bit v: turn die value v done */
    for (int i = 0; i < XII_TURN_DICE; i++) {
        int v = s->turn.dice[i].value;
        if (s->turn.dice[i].spent || (die && v != die) || (seen >> v & 1))
            continue;
        seen |= 1 << v;
        spends(&o, v, 0);
        abilities(&o, v);
    }
    seen = 0;
    const struct player_state *ps = &s->p[s->turn.player];
    for (int k = 0; k < s->gd->reserve_slots; k++) {
        int v = ps->reserve[k].value;
        if (ps->reserve[k].state != SLOT_AVAILABLE || (die && v != die) || (seen >> v & 1))
            continue;
        seen |= 1 << v;
        spends(&o, v, 1);
    }
    return o.count;
}
