/* Bounds on what the rest of the last round can still give a player: the score at its end at
 * most and at least, and whether the solo objective can still hold (for a search's cuts). */
#include "rules/engine_require.h"
#include <limits.h>

/* The most any die adds to an asset: a face (abilities keep dice within 1..6) or a bonus value. */
static int most_added(const struct gamedata *gd)
{
    int v = 6;
    for (int i = 0; i < gd->nitems; i++)
        for (int k = 0; k < gd->items[i].nperks; k++)
            if (gd->items[i].perks[k].id == PERK_FOOD_DIE_BONUS && gd->items[i].perks[k].params[1] > v)
                v = gd->items[i].perks[k].params[1];
    return v;
}

/* The largest MAX an asset can ever have (a MAX that follows another asset: that asset's
 * largest, the effective population's extra units included). */
static int top_max(const struct gamedata *gd, int asset, int depth)
{
    const struct gd_asset *as = &gd->assets[asset];
    if (as->max_ref < 0)
        return as->max.value;
    if (depth > ASSET_COUNT)
        return gd->asset_cap;
    int m = top_max(gd, as->max_ref, depth + 1);
    if (as->max_ref == A_POPULATION)
        for (unsigned u = gd->perk_assets[PERK_EFFECTIVE_POPULATION]; u; u &= u - 1) {
            int a = __builtin_ctz(u);
            m += top_max(gd, a, depth + 1) * gd->assets[a].perk.params[0];
        }
    return m;
}

/* The VP a stone house-like unit can be worth with a VP-per-unit perk; the most over a's perks. */
static int perk_vp_per_unit(const struct gd_item *it)
{
    int v = 0;
    for (int k = 0; k < it->nperks; k++)
        if (it->perks[k].id == PERK_VP_PER_STONE_HOUSE && it->perks[k].params[0] > v)
            v = it->perks[k].params[0];
    return v;
}

/* What reaching a set of requirements takes at least: the items missing (with those their own
 * requirements need, transitively) and the units missing on assets, each die adding at most
 * `most` units to one asset (a split die's parts add up to its value). */
struct need {
    uint32_t items;             /* the items to acquire */
    int deficit[ASSET_COUNT];   /* the units missing on each asset (the largest requirement) */
    int impossible;             /* a requirement no spend can reach (reputation) */
};

/* Whether the turn's end or the round's (market, production) may change an asset. */
static int end_changes(const struct gamedata *gd, int asset)
{
    if (asset == A_FOOD || asset == A_SUPPLY)
        return 1;
    for (int l = 0; l < LOCATION_COUNT; l++)
        for (int k = 0; k < gd->locations[l].nbonus; k++)
            if (gd->locations[l].bonus_asset[k] == asset)
                return 1;
    return 0;
}

static void need_reqs(const struct game_state *s, int p, const struct gd_req *req, int nreq, int effective,
                      int end_free, struct need *n)
{
    for (int k = 0; k < nreq; k++) {
        const struct gd_req *r = &req[k];
        switch (r->kind) {
        case REQ_ASSET_GE:
        case REQ_ASSET_EQ: {
            if (end_free && end_changes(s->gd, r->asset))
                break;      /* the market or the production may still change it */
            int d = r->value - engine_req_asset_value(s, p, r->asset, effective);
            if (d > n->deficit[r->asset])
                n->deficit[r->asset] = d;
            break;
        }
        case REQ_REPUTATION_GE:
            if (s->p[p].reputation < r->value)
                n->impossible = 1;
            break;
        case REQ_HAS:
            if (!engine_owns(s, p, r->item))
                n->items |= 1u << r->item;
            break;
        case REQ_SCORE_GE:
            break;          /* the caller weighs the score */
        }
    }
}

/* Adds the requirements and costs of the missing items (transitively) into n. */
static void need_items(const struct game_state *s, int p, int discount, struct need *n)
{
    uint32_t done = 0;
    while (n->items & ~done) {
        int i = __builtin_ctz(n->items & ~done);
        done |= 1u << i;
        const struct gd_item *it = &s->gd->items[i];
        need_reqs(s, p, it->req, it->nreq, 1, 0, n);
        for (int k = 0; k < it->ncost; k++) {
            int c = it->cost[k].asset;
            int d = it->cost[k].amount - discount - s->p[p].asset[c];
            if (d > n->deficit[c])
                n->deficit[c] = d;
        }
    }
}

/* The spends that n takes at least. */
static int need_spends(const struct need *n, int most)
{
    if (n->impossible)
        return INT_MAX / 2;
    int units = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        if (n->deficit[a] > 0)
            units += n->deficit[a];
    return __builtin_popcount(n->items) + (units + most - 1) / most;
}

/* The most supply any discount takes off an infrastructure (masons at their largest MAX). */
static int most_discount(const struct gamedata *gd)
{
    int d = 0;
    for (unsigned u = gd->perk_assets[PERK_INFRA_SUPPLY_DISCOUNT]; u; u &= u - 1) {
        int a = __builtin_ctz(u);
        d += top_max(gd, a, 0) * gd->assets[a].perk.params[0];
    }
    return d;
}

void engine_bounds_init(const struct gamedata *gd, struct engine_bounds *b)
{
    b->most = most_added(gd);
    b->discount = most_discount(gd);
    for (int a = 0; a < ASSET_COUNT; a++)
        b->top[a] = top_max(gd, a, 0);
    b->perk_items = b->alter_items = b->split_items = 0;
    for (int i = 0; i < gd->nitems; i++) {
        if (perk_vp_per_unit(&gd->items[i]) > 0)
            b->perk_items |= 1u << i;
        for (int k = 0; k < gd->items[i].nperks; k++) {
            enum perk_id id = gd->items[i].perks[k].id;
            if (id == PERK_DIE_PLUS || id == PERK_DIE_CHANGE || id == PERK_REROLL_LOW || id == PERK_DIE_MINUS)
                b->alter_items |= 1u << i;
            if (id == PERK_SPLIT_DIE)
                b->split_items |= 1u << i;
        }
    }
    b->market_vp = gd->assets[A_FOOD].vp.value > gd->assets[A_SUPPLY].vp.value ? gd->assets[A_FOOD].vp.value
                                                                              : gd->assets[A_SUPPLY].vp.value;
    b->production = gd->assets[A_FOOD].vp.value > 0 ? gd->asset_cap * gd->assets[A_FOOD].vp.value : 0;
    for (int l = 0; l < LOCATION_COUNT; l++) {
        const struct gd_location *loc = &gd->locations[l];
        int g = 0;
        for (int k = 0; k < loc->nbonus; k++) {
            int v = loc->bonus_amount[k] * gd->assets[loc->bonus_asset[k]].vp.value;
            if (v > g)
                g = v;
        }
        b->production += g;
    }
    b->war = gd->war_highest;
    if (gd->war_other > b->war)
        b->war = gd->war_other;
    if (gd->war_sole > b->war)
        b->war = gd->war_sole;
}

int engine_turn_spends_left(const struct game_state *s)
{
    if (s->turn.player < 0)
        return 0;
    int n = !s->turn.reserve_used;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

/* The VP of one unit of asset a, with a VP-per-unit perk owned or still to acquire. */
static int unit_vp(const struct game_state *s, int a, int perk_vp)
{
    int vp = s->gd->assets[a].vp.value;
    if (a == A_STONE_HOUSES)
        vp += perk_vp;
    return vp;
}

/* Inserts g into the `cap` largest gains kept in top (descending; n of them). */
static void keep_top(int *top, int *n, int cap, int g)
{
    if (g <= 0 || (*n == cap && g <= top[*n - 1]))
        return;
    int i = *n < cap ? (*n)++ : *n - 1;
    while (i > 0 && top[i - 1] < g) {
        top[i] = top[i - 1];
        i--;
    }
    top[i] = g;
}

int engine_spend_gains(const struct engine_bounds *b, const struct game_state *s, int player, int spends,
                       int gains[], int *pow_gain)
{
    int powg = -1;
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    if (spends > ENGINE_MOST_SPENDS)
        spends = ENGINE_MOST_SPENDS;
    int *top = gains, ntop = 0;
    if (spends > 0) {
        int most = b->most, discount = b->discount;
        /* A VP-per-stone-house perk owned counts in every unit; one still to acquire, in the
         * units and in the item's own gain. */
        const struct gd_perk *own = engine_perk(s, player, PERK_VP_PER_STONE_HOUSE);
        int perk_vp = own ? own->params[0] : 0, could = 0;
        /* An item still to acquire with a VP-per-unit perk makes every unit worth more: the
         * most such an item gives, if any can still be acquired. */
        for (uint32_t m = b->perk_items; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            int pv = perk_vp_per_unit(&gd->items[i]);
            if (pv > could && !engine_owns(s, player, i)) {
                struct need n = {0};
                n.items = 1u << i;
                need_items(s, player, discount, &n);
                if (need_spends(&n, most) <= spends)
                    could = pv;
            }
        }
        perk_vp += could;
        int houses = b->top[A_STONE_HOUSES];
        /* The most VP one spend of a die showing v puts on one asset (bc[v]), over the assets
         * the spends left can make legal; a special asset takes its own value's units. */
        int bc[7] = {0};
        /* The same over the assets that give POW (pa[v]; -1: none may be increased). */
        int pa[7] = {-1, -1, -1, -1, -1, -1, -1};
        for (int a = 0; a < ASSET_COUNT; a++) {
            int vp = unit_vp(s, a, perk_vp);
            int room = b->top[a] - ps->asset[a];
            int pow = gd->assets[a].pow.value > 0;
            if ((vp <= 0 && !pow) || room <= 0)
                continue;
            const struct gd_asset *as = &gd->assets[a];
            struct need n = {0};
            need_reqs(s, player, as->req, as->nreq, 1, 0, &n);
            need_items(s, player, discount, &n);
            if (need_spends(&n, most) + 1 > spends)
                continue;
            for (int v = 1; v <= 6; v++) {
                int u = as->die.value ? as->die.value : (a == A_FOOD ? most : v);
                if (u > room)
                    u = room;
                if (u * vp > bc[v])
                    bc[v] = u * vp;
                if (pow && u * vp > pa[v])
                    pa[v] = u * vp;
            }
        }
        for (int v = 2; v <= 6; v++)
            if (bc[v - 1] > bc[v])
                bc[v] = bc[v - 1];
        for (int v = 2; v <= 6; v++)
            if (pa[v - 1] > pa[v])
                pa[v] = pa[v - 1];
        /* The dice left: their values, or 6 when an ability may still change them; the
         * reserve's die may be any value (a die stored this turn, a perk's). */
        int alter = 0;      /* the abilities that may still change a die, once each */
        for (uint32_t m = b->alter_items; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if (engine_owns(s, player, i)) {
                alter += !(s->turn.ability_used >> i & 1u);
                continue;
            }
            struct need n = {0};
            n.items = 1u << i;
            need_items(s, player, discount, &n);
            alter += need_spends(&n, most) + 1 <= spends;
        }
        int vals[XII_TURN_DICE + 1], nv = 0;
        if (s->turn.player == player) {
            for (int i = 0; i < XII_TURN_DICE; i++)
                if (!s->turn.dice[i].spent)
                    vals[nv++] = s->turn.dice[i].value;
            /* Each ability at most raises one die to 6: the lowest first. */
            for (int k = 0; k < alter; k++) {
                int low = -1;
                for (int i = 0; i < nv; i++)
                    if (vals[i] < 6 && (low < 0 || vals[i] < vals[low]))
                        low = i;
                if (low >= 0)
                    vals[low] = 6;
            }
            if (!s->turn.reserve_used)
                vals[nv++] = 6;
        }
        /* A split die (once a turn) puts its parts on two assets. */
        int split = engine_perk(s, player, PERK_SPLIT_DIE) ? !s->turn.split_used : (b->split_items & ~ps->owned) != 0;
        int big = 0;
        for (int k = 1; k < nv; k++)
            if (vals[k] > vals[big])
                big = k;
        for (int k = 0; k < nv && k < spends; k++) {
            int g = bc[vals[k]];
            for (int x = 1; split && k == big && x < vals[k]; x++)
                if (bc[x] + bc[vals[k] - x] > g)
                    g = bc[x] + bc[vals[k] - x];
            keep_top(top, &ntop, spends, g);
            /* Raising POW: the die on a POW asset, or a split die's part there. */
            if (pa[vals[k]] > powg)
                powg = pa[vals[k]];
            for (int x = 1; split && x < vals[k]; x++)
                if (pa[x] >= 0 && pa[x] + bc[vals[k] - x] > powg)
                    powg = pa[x] + bc[vals[k] - x];
        }
        for (int i = 0; i < gd->nitems; i++) {
            int g = gd->items[i].vp.value + (b->perk_items >> i & 1u ? perk_vp_per_unit(&gd->items[i]) * houses : 0);
            int pow = gd->items[i].pow.value > 0 && g > powg;
            if (engine_owns(s, player, i) || ((g <= 0 || (ntop == spends && g <= top[ntop - 1])) && !pow))
                continue;   /* it could not add to the largest kept, nor raise POW more */
            struct need n = {0};
            n.items = 1u << i;
            need_items(s, player, discount, &n);
            if (need_spends(&n, most) <= spends) {
                keep_top(top, &ntop, spends, g);
                if (pow)
                    powg = g < 0 ? 0 : g;
            }
        }
    }
    if (pow_gain)
        *pow_gain = powg;
    return ntop;
}

/* Whether player has no spend left this round: his turn open with every die and the reserve
 * spent, or ended. Nothing before the war can then raise his POW (other turns change only
 * their own sheets; his turn's end, feeding and the market, none of its assets): at base POW
 * 0 he must avoid the war, and gains no reputation from it. */
static int spent(const struct game_state *s, int player)
{
    if (s->phase != PHASE_ROUND)
        return 0;
    if (s->turn.player == player)
        return engine_turn_spends_left(s) == 0;
    int n = s->cfg.nplayers;
    return s->turn.player < 0 && (player - s->first_player + n) % n < s->turns_done;
}

int engine_end_gain(const struct engine_bounds *b, const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    int gain = b->production;
    /* The turn's end still to come (the market may convert into an asset worth VP), the
     * production. */
    if (s->turn.player == player && b->market_vp > 0)
        gain += gd->asset_cap * b->market_vp;
    return gain;
}

int engine_war_gain(const struct engine_bounds *b, const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    int rep = s->p[player].reputation;
    if (s->cfg.nplayers == 1 || s->war_done || gd->reputation_per <= 0 ||
        (spent(s, player) && !engine_war_can_support(s, player)))
        return 0;
    return ((rep + b->war) / gd->reputation_per - rep / gd->reputation_per) * gd->reputation_vp;
}

int engine_war_ceiling(int sum, int last, int war, int pow_base, int spends, int pow_gain)
{
    if (war <= 0 || pow_base > 0)
        return sum + (war > 0 ? war : 0);
    if (spends <= 0 || pow_gain < 0)
        return sum;
    /* One of the spends must raise POW: at best it takes the place of the least counted. */
    return pow_gain + war > last ? sum - last + pow_gain + war : sum;
}

int engine_score_ceiling(const struct engine_bounds *b, const struct game_state *s, int player, int spends)
{
    int gains[ENGINE_MOST_SPENDS], powg;
    int n = engine_spend_gains(b, s, player, spends, gains, &powg), sum = 0;
    for (int k = 0; k < n; k++)
        sum += gains[k];
    int last = n > 0 && n >= spends ? gains[n - 1] : 0;
    return engine_score(s, player, NULL) + engine_end_gain(b, s, player) +
           engine_war_ceiling(sum, last, engine_war_gain(b, s, player), engine_pow_base(s, player), spends, powg);
}

int engine_score_floor(const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    int score = engine_score(s, player, NULL);
    if (s->cfg.nplayers > 1 && !s->war_done)
        for (int a = 0; a < ASSET_COUNT; a++) {
            const struct gd_asset *as = &gd->assets[a];
            int halved = as->pow.value > 0 && !engine_never_lost(gd, a);
            int follows = as->max_ref >= 0 && gd->assets[as->max_ref].pow.value > 0;
            if (halved || follows) {
                const struct gd_perk *pk = engine_perk(s, player, PERK_VP_PER_STONE_HOUSE);
                int vp = as->vp.value + (a == A_STONE_HOUSES && pk ? pk->params[0] : 0);
                score -= (follows ? ps->asset[a] : ps->asset[a] - ps->asset[a] / 2) * vp;
            }
        }
    return score;
}

int engine_objective_open(const struct engine_bounds *b, const struct game_state *s, int spends)
{
    return engine_objective_open_below(b, s, spends, INT_MAX);
}

int engine_objective_open_below(const struct engine_bounds *b, const struct game_state *s, int spends, int ceiling)
{
    if (s->cfg.nplayers != 1 || s->cfg.objective < 0)
        return 0;
    const struct gd_objective *o = &s->gd->objectives[s->cfg.objective];
    struct need n = {0};
    need_reqs(s, 0, o->req, o->nreq, 0, 1, &n);
    for (int k = 0; k < o->nreq; k++)
        if (o->req[k].kind == REQ_SCORE_GE) {
            if (ceiling == INT_MAX)
                ceiling = engine_score_ceiling(b, s, 0, spends);
            if (ceiling < o->req[k].value)
                return 0;
        }
    if (spends == 0)
        return !n.impossible && n.items == 0 && need_spends(&n, 1) == 0;
    need_items(s, 0, b->discount, &n);
    return need_spends(&n, b->most) <= spends;
}
