/* Spending a die on an asset, shared by the turn's moves and the witch's split: which unspent
 * die a move takes, the checks of an increase (restrictions 2 and 3, requirements) and the
 * increase itself (restriction 1's penalty, costs per unit, the miller's food bonus). */
#include "rules/engine_require.h"

int engine_refuse_unavailable(const struct game_state *s, int value, enum die_source src,
                              struct refusal *why)
{
    if (!why)
        return -1;
    REFUSE(why, .what = REF_DIE_UNAVAILABLE, .n = {value, (int)src});
    engine_unspent_values(s, why);
    return -1;
}

int engine_check_increase(const struct game_state *s, int asset, int value, int from_reserve,
                          int part, struct refusal *why)
{
    int p = s->turn.player;
    const struct gd_asset *as = &s->gd->assets[asset];
    int used = s->turn.asset_dice[asset];
    if (used > 0) {
        /* Restriction 2 (A7, A8): one die per asset; the witch's perk a allows a second one,
         * never a third, never with the reserve die (A10). */
        if (!engine_perk(s, p, PERK_TWO_DICE_SAME_ASSET))
            return REFUSE(why, .what = REF_ASSET_SECOND_DIE, .player = (signed char)p, .thing = (short)asset);
        if (used >= 2)
            return REFUSE(why, .what = REF_ASSET_THIRD_DIE, .player = (signed char)p, .thing = (short)asset);
        if (from_reserve || s->turn.asset_reserve[asset])
            return REFUSE(why, .what = REF_ASSET_WITCH_RESERVE, .player = (signed char)p,
                          .thing = (short)asset);
    }
    /* Restriction 3: special assets need the exact die value. */
    if (as->die.value && value != as->die.value)
        return REFUSE(why, .what = REF_ASSET_EXACT_DIE, .thing = (short)asset,
                      .n = {part != 0, as->die.value, value});
    for (int k = 0; k < as->nreq; k++)
        if (!engine_req_holds(s, p, &as->req[k], 1))
            return engine_refuse_requirement(s, p, REF_ASSET_REQUIREMENT, asset, k, &as->req[k], why);
    return 0;
}

/* The food a unit of `asset` costs in `cost`, after the bread discount (mill perk b, A20). */
static int unit_cost(const struct game_state *s, int asset, const struct gd_cost *cost)
{
    int unit = cost->amount;
    if (asset == A_BREAD && cost->asset == A_FOOD) {
        const struct gd_perk *pk = engine_perk(s, s->turn.player, PERK_BREAD_DISCOUNT);
        if (pk)
            unit -= pk->params[0];
    }
    return unit > 0 ? unit : 0;
}

int engine_apply_increase(struct game_state *s, int asset, int value, int restricted,
                          int from_reserve, int real_die, struct history *h)
{
    int p = s->turn.player;
    struct player_state *ps = &s->p[p];
    const struct gd_asset *as = &s->gd->assets[asset];
    int v = value, why = 0;
    if (as->cls == CLASS_ADVANCED && restricted) {
        v -= s->gd->advanced_die_penalty;   /* restriction 1, not permanent (A5) */
        why |= HIST_REF_RESTRICTED;
    }
    if (asset == A_FOOD && real_die) {
        const struct gd_perk *pk = engine_perk(s, p, PERK_FOOD_DIE_BONUS);
        if (pk && value == pk->params[0]) {
            v = pk->params[1];              /* miller perk b (A19) */
            why |= HIST_REF_DIE_BONUS;
        }
    }
    int cur = ps->asset[asset];
    int add = engine_asset_max(s, p, asset) - cur;
    if (v < add)
        add = v;
    else if (add < v)
        why |= HIST_REF_MAX;
    if (add < 0)
        add = 0;
    /* A31: added = min(die, room to MAX, units affordable); paid per unit added. */
    int units[GD_MAX_COSTS];
    for (int k = 0; k < as->ncost; k++) {
        units[k] = unit_cost(s, asset, &as->cost[k]);
        if (units[k] > 0 && ps->asset[as->cost[k].asset] / units[k] < add) {
            add = ps->asset[as->cost[k].asset] / units[k];
            why = (why & ~HIST_REF_MAX) | HIST_REF_AFFORD;
        }
    }
    history_note(h, why, 0);
    engine_set_asset(s, p, asset, cur + add, CAUSE_DIE, value, h);
    int paid = 0;
    for (int k = 0; k < as->ncost; k++)
        if (units[k] * add > 0) {
            int c = as->cost[k].asset;
            history_note(h, HIST_REF_ASSET(asset), 0);
            engine_set_asset(s, p, c, ps->asset[c] - units[k] * add, CAUSE_COST, value, h);
            paid = 1;
        }
    s->turn.asset_dice[asset]++;
    if (from_reserve)
        s->turn.asset_reserve[asset] = 1;
    if (paid)
        engine_clamp(s, p, h);
    return add;
}
