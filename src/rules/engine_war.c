/* The king war (rules c1-c8): support or avoid, POW with bonus rolls, reputation, halving. */
#include <limits.h>
#include <string.h>
#include "rules/engine_internal.h"

int engine_war_can_support(const struct game_state *s, int player)
{
    return engine_pow_base(s, player) > 0;     /* A40 */
}

int engine_war_rolls_ok(const struct game_state *s, int player, int supporters, int nrolls)
{
    return nrolls == engine_bonus_rolls_due(s, player) || (supporters == 1 && nrolls == 0);
}

static int check_entry(const struct game_state *s, int p, const struct war_entry *e, int supporters,
                       struct refusal *why)
{
    signed char seat = (signed char)p;
    if (e->support != 0 && e->support != 1)
        return REFUSE(why, .what = REF_WAR_CHOICE, .player = seat);
    if (e->support && !engine_war_can_support(s, p))
        return REFUSE(why, .what = REF_WAR_NO_POW, .player = seat);
    int due = e->support ? engine_bonus_rolls_due(s, p) : 0;
    if (e->support ? !engine_war_rolls_ok(s, p, supporters, e->nrolls) : e->nrolls != 0) {
        if (!e->support)
            return REFUSE(why, .what = REF_WAR_AVOID_ROLLS, .player = seat, .n = {e->nrolls});
        return REFUSE(why, .what = REF_WAR_ROLLS, .player = seat, .n = {due, e->nrolls});
    }
    for (int i = 0; i < e->nrolls; i++)
        if (e->rolls[i] < 1 || e->rolls[i] > 6)
            return REFUSE(why, .what = REF_BONUS_ROLL_RANGE, .player = seat, .n = {e->rolls[i]});
    return 0;
}

int engine_war(struct game_state *s, const struct war_entry e[], struct history *h, struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    int n = s->cfg.nplayers;
    engine_clear(why);
    if (n == 1)
        return REFUSE(why, .what = REF_WAR_SOLO);
    if (s->phase != PHASE_ROUND)
        return REFUSE(why, .what = REF_NO_ROUND);
    if (s->war_done)
        return REFUSE(why, .what = REF_WAR_TWICE, .n = {s->round});
    if (s->turn.player >= 0 || s->turns_done < n)
        return REFUSE(why, .what = REF_WAR_EARLY, .n = {s->round, s->turns_done, n});
    int supporters = 0, top = -1, pows[XII_MAX_PLAYERS] = {0};
    for (int p = 0; p < n; p++)
        supporters += e[p].support == 1;
    for (int p = 0; p < n; p++) {
        if (check_entry(s, p, &e[p], supporters, why))
            return -1;
        if (!e[p].support)
            continue;
        int pow = engine_pow_base(s, p);    /* infrastructures do not count here */
        for (int i = 0; i < e[p].nrolls; i++)
            pow += e[p].rolls[i];
        pows[p] = pow;
        if (pow > top)
            top = pow;
    }
    for (int p = 0; p < n; p++) {
        struct player_state *ps = &s->p[p];
        ps->war_support = e[p].support;
        ps->war_pow = pows[p];
        if (!e[p].support)
            continue;
        /* c7, A41: ties for the top all gain the most; a sole supporter only war_sole. */
        int gain = supporters == 1 ? gd->war_sole : ps->war_pow == top ? gd->war_highest : gd->war_other;
        history_note(h, supporters == 1 ? 3 : ps->war_pow == top ? 1 : 2, 0);
        engine_record(h, s, p, HIST_REPUTATION, CAUSE_WAR, -1, 0, ps->reputation, ps->reputation + gain);
        ps->reputation += gain;
        /* c8, A42: supporters halve the assets that give POW, except the never-lost ones. */
        for (int a = 0; a < ASSET_COUNT; a++)
            if (gd->assets[a].pow.value > 0 && !engine_never_lost(gd, a))
                engine_set_asset(s, p, a, ps->asset[a] / 2, CAUSE_WAR, 0, h);
        engine_clamp(s, p, h);
    }
    s->war_done = 1;
    return 0;
}

/* The ways n bonus rolls make each sum: ways[t] for the sum t (0 .. 6n). */
static void roll_sums(int n, uint64_t ways[6 * GD_MAX_BONUS_ROLLS + 1])
{
    memset(ways, 0, (6 * GD_MAX_BONUS_ROLLS + 1) * sizeof ways[0]);
    ways[0] = 1;
    for (int k = 0; k < n; k++)
        for (int t = 6 * (k + 1); t >= 0; t--) {
            uint64_t w = 0;
            for (int r = 1; r <= 6 && r <= t; r++)
                w += ways[t - r];
            ways[t] = w;
        }
}

/* n rolls (1..6) that sum to t (n <= t <= 6n). */
static void rolls_summing(int n, int t, int rolls[])
{
    for (int i = 0; i < n; i++) {
        int rest = n - i - 1;   /* the rolls after this one take at least 1 each */
        rolls[i] = t - rest > 6 ? 6 : t - rest;
        t -= rolls[i];
    }
}

int engine_war_outcomes(const struct game_state *s, const int support[], struct war_outcome out[])
{
    int n = s->cfg.nplayers, nrolls[XII_MAX_PLAYERS] = {0}, base[XII_MAX_PLAYERS] = {0};
    int total = 0, lo = INT_MAX, hi = INT_MIN;
    unsigned supporters = 0;
    uint64_t ways[XII_MAX_PLAYERS][6 * GD_MAX_BONUS_ROLLS + 1];
    for (int p = 0; p < n; p++) {
        if (!support[p])
            continue;
        supporters |= 1u << p;
        nrolls[p] = engine_bonus_rolls_due(s, p);
        base[p] = engine_pow_base(s, p);
        total += nrolls[p];
        roll_sums(nrolls[p], ways[p]);
        if (base[p] + nrolls[p] < lo)
            lo = base[p] + nrolls[p];
        if (base[p] + 6 * nrolls[p] > hi)
            hi = base[p] + 6 * nrolls[p];
    }
    /* Count[mask]: the combinations whose top POW is held by exactly the seats of mask. */
    uint64_t count[1u << XII_MAX_PLAYERS] = {0}, combos = 1;
    int first[1u << XII_MAX_PLAYERS] = {0};   /* a top POW that gives the mask */
    for (int i = 0; i < total; i++)
        combos *= 6;
    if (__builtin_popcount(supporters) >= 2) {
        for (int v = lo; v <= hi; v++) {
            /* eq[p], below[p]: p's combinations at POW v, and under v. */
            uint64_t eq[XII_MAX_PLAYERS] = {0}, below[XII_MAX_PLAYERS] = {0};
            for (int p = 0; p < n; p++)
                for (int t = nrolls[p]; supporters >> p & 1u && t <= 6 * nrolls[p]; t++) {
                    if (base[p] + t == v)
                        eq[p] = ways[p][t];
                    else if (base[p] + t < v)
                        below[p] += ways[p][t];
                }
            for (unsigned m = supporters; m; m = (m - 1) & supporters) {
                uint64_t c = 1;
                for (int p = 0; p < n && c; p++)
                    if (supporters >> p & 1u)
                        c *= m >> p & 1u ? eq[p] : below[p];
                if (c && !count[m])
                    first[m] = v;
                count[m] += c;
            }
        }
    } else {
        count[supporters] = combos;     /* none or a sole supporter: the rolls change nothing */
    }
    int k = 0;
    for (unsigned m = 0; m < 1u << n; m++) {
        if (!count[m])
            continue;
        struct war_outcome *o = &out[k++];
        memset(o->e, 0, sizeof o->e);
        o->weight = (double)count[m] / (double)combos;
        for (int p = 0; p < n; p++) {
            o->e[p].support = support[p] != 0;
            o->e[p].nrolls = nrolls[p];
            if (__builtin_popcount(supporters) < 2 || !(m >> p & 1u))
                rolls_summing(nrolls[p], nrolls[p], o->e[p].rolls);   /* the least */
            else
                rolls_summing(nrolls[p], first[m] - base[p], o->e[p].rolls);
        }
    }
    return k;
}
