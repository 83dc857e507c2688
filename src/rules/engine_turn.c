/* A player's turn: the four dice, spending them (and one reserve die) on assets, people,
 * infrastructures, influence and the reserve, with the four spending restrictions. */
#include <string.h>
#include "rules/engine_require.h"

int engine_next_player(const struct game_state *s)
{
    if (s->phase != PHASE_ROUND || s->turns_done >= s->cfg.nplayers)
        return -1;
    return (s->first_player + s->turns_done) % s->cfg.nplayers;
}

int engine_begin_turn(struct game_state *s, int player, int d1, int d2, struct refusal *why)
{
    engine_clear(why);
    if (s->phase != PHASE_ROUND)
        return REFUSE(why, .what = REF_NO_ROUND);
    if (s->turn.player >= 0)
        return REFUSE(why, .what = REF_TURN_OPEN, .player = (signed char)s->turn.player);
    if (player < 0 || player >= s->cfg.nplayers)
        return REFUSE(why, .what = REF_NO_SUCH_PLAYER, .n = {player + 1});
    int next = engine_next_player(s);
    if (next < 0)
        return REFUSE(why, .what = REF_TURNS_DONE, .player = (signed char)player, .n = {s->round});
    if (player != next)
        return REFUSE(why, .what = REF_TURN_EXPECTED, .player = (signed char)player,
                      .other = (signed char)next, .n = {s->round, s->turns_done == 0});
    if (s->outlaws_pending)
        return REFUSE(why, .what = REF_OUTLAWS_FIRST, .n = {s->round});
    if (!s->shared_set)
        return REFUSE(why, .what = REF_SHARED_UNSET, .n = {s->round});
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return REFUSE(why, .what = REF_TURN_DICE_RANGE, .player = (signed char)player, .n = {d1, d2});
    memset(&s->turn, 0, sizeof s->turn);
    s->turn.player = player;
    const int values[XII_TURN_DICE] = {d1, d2, s->shared[0], s->shared[1]};
    int high = 0;
    for (int i = 0; i < XII_TURN_DICE; i++) {
        struct turn_die *d = &s->turn.dice[i];
        d->value = values[i];
        d->shared = i >= 2;
        d->index = (unsigned char)(i & 1);
        if (values[i] > high)
            high = values[i];
    }
    /* Restriction 1 (A2-A4): every die showing the highest value now stays restricted. */
    s->turn.highest = high;
    for (int i = 0; i < XII_TURN_DICE; i++)
        s->turn.dice[i].restricted = s->turn.dice[i].value == high;
    return 0;
}

static int refuse_reserve(const struct game_state *s, int value, struct refusal *why)
{
    if (!why)
        return -1;
    const struct player_state *ps = &s->p[s->turn.player];
    signed char p = (signed char)s->turn.player;
    for (int k = 0; k < s->gd->reserve_slots; k++)
        if (ps->reserve[k].state == SLOT_NEW && ps->reserve[k].value == value)
            return REFUSE(why, .what = REF_RESERVE_NEW, .player = p, .n = {value});
    REFUSE(why, .what = REF_RESERVE_EMPTY, .player = p, .n = {value});
    for (int k = 0; k < s->gd->reserve_slots; k++)
        if (ps->reserve[k].state == SLOT_AVAILABLE)
            why->values[why->nvalues++] = (unsigned char)ps->reserve[k].value;
    return -1;
}

/* Finds the die a spend uses: a reserve slot or an unspent turn die. */
static int pick_source(const struct game_state *s, const struct move *m, int prefer_unrestricted,
                       struct die_pick *pick, struct refusal *why)
{
    pick->die = pick->slot = pick->item = -1;
    pick->value = m->die;
    pick->restricted = 0;
    if (m->die < 1 || m->die > 6)
        return REFUSE(why, .what = REF_DIE_RANGE, .n = {m->die});
    if (m->from_reserve) {
        if (s->turn.reserve_used >= s->gd->reserve_per_turn)
            return REFUSE(why, .what = REF_RESERVE_LIMIT, .player = (signed char)s->turn.player,
                          .n = {s->turn.reserve_used});
        const struct player_state *ps = &s->p[s->turn.player];
        for (int k = 0; k < s->gd->reserve_slots; k++)
            if (ps->reserve[k].state == SLOT_AVAILABLE && ps->reserve[k].value == m->die) {
                pick->slot = k;
                return 0;   /* A2: reserve dice are never restricted */
            }
        return refuse_reserve(s, m->die, why);
    }
    int i = engine_pick_die(s, m->die, m->source, prefer_unrestricted);
    if (i < 0)
        return engine_refuse_unavailable(s, m->die, m->source, why);
    pick->die = i;
    pick->restricted = s->turn.dice[i].restricted;
    return 0;
}

static void use_die(struct game_state *s, const struct die_pick *pick, struct history *h)
{
    if (pick->die >= 0) {
        s->turn.dice[pick->die].spent = 1;
        return;
    }
    struct reserve_slot *slot = &s->p[s->turn.player].reserve[pick->slot];
    engine_record(h, s, s->turn.player, HIST_RESERVE, CAUSE_DIE, pick->slot, slot->value, SLOT_AVAILABLE,
                  SLOT_SPENT);
    slot->state = SLOT_SPENT;
    s->turn.reserve_used++;
}

/* Supply taken off a normal infrastructure's cost by the masons (A25). */
static int supply_discount(const struct game_state *s, const struct gd_item *it)
{
    int asset;
    const struct gd_perk *pk = engine_asset_perk(s->gd, PERK_INFRA_SUPPLY_DISCOUNT, &asset);
    if (!pk || it->kind != KIND_INFRA)
        return 0;
    return s->p[s->turn.player].asset[asset] * pk->params[0];
}

static int item_cost(const struct game_state *s, const struct gd_item *it, int k)
{
    int amount = it->cost[k].amount;
    if (it->cost[k].asset == A_SUPPLY)
        amount -= supply_discount(s, it);
    return amount > 0 ? amount : 0;
}

int engine_check_acquire(const struct game_state *s, const struct move *m, struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    int p = s->turn.player;
    const struct gd_item *it = &gd->items[m->target];
    if (engine_owns(s, p, m->target))
        return REFUSE(why, .what = REF_ALREADY_OWNED, .player = (signed char)p, .thing = (short)m->target);
    if (gamedata_is_special(it)) {
        if (m->perk != 'a' && m->perk != 'b')
            return REFUSE(why, .what = REF_PERK_LETTER_NEEDED, .thing = (short)m->target);
    } else if (m->perk) {
        return REFUSE(why, .what = REF_PERK_LETTER_NONE, .thing = (short)m->target, .n = {m->perk});
    }
    if (it->die.value && m->die != it->die.value)
        return REFUSE(why, .what = REF_ITEM_EXACT_DIE, .thing = (short)m->target,
                      .n = {it->die.value, m->die});
    if (it->kind == KIND_PERSON && s->ban_people)
        return REFUSE(why, .what = REF_FIRE_BAN, .player = (signed char)p, .thing = (short)m->target,
                      .n = {s->round});
    for (int k = 0; k < it->nreq; k++)
        if (!engine_req_holds(s, p, &it->req[k], 1))
            return engine_refuse_requirement(s, p, REF_ITEM_REQUIREMENT, m->target, k, &it->req[k],
                                             why);
    for (int k = 0; k < it->ncost; k++) {
        int c = it->cost[k].asset, need = item_cost(s, it, k);
        if (s->p[p].asset[c] < need)
            return REFUSE(why, .what = REF_COST, .player = (signed char)p, .thing = (short)m->target,
                          .thing2 = (short)c, .n = {need, s->p[p].asset[c]});
    }
    return 0;
}

static void apply_acquire(struct game_state *s, const struct move *m, struct history *h)
{
    int p = s->turn.player;
    struct player_state *ps = &s->p[p];
    const struct gd_item *it = &s->gd->items[m->target];
    int costs[GD_MAX_COSTS];
    for (int k = 0; k < it->ncost; k++)
        costs[k] = item_cost(s, it, k);     /* before the purchase changes anything */
    ps->owned |= 1u << m->target;
    engine_record(h, s, p, HIST_ITEM, CAUSE_DIE, m->target, m->die, 0, 1);
    const struct gd_perk *active = NULL;
    if (gamedata_is_special(it)) {
        ps->perk[m->target] = m->perk;      /* A46: chosen now, for good */
        engine_record(h, s, p, HIST_PERK, CAUSE_PERK, m->target, m->die, 0, m->perk);
        active = &it->perks[m->perk == 'b' ? 1 : 0];
    } else if (it->nperks > 0) {
        active = &it->perks[0];
    }
    if (active && active->id != PERK_NONE && ps->perk_item[active->id] < 0)
        ps->perk_item[active->id] = (signed char)m->target;
    int paid = 0;
    for (int k = 0; k < it->ncost; k++) {
        int c = it->cost[k].asset;
        history_note(h, m->target, it->cost[k].amount - costs[k]);
        if (costs[k] > 0) {
            engine_set_asset(s, p, c, ps->asset[c] - costs[k], CAUSE_COST, m->die, h);
            paid = 1;
        } else if (it->cost[k].amount > 0) {
            /* The masons took the whole cost off: recorded all the same (it explains a sheet
             * that paid it). */
            engine_record_same(h, s, p, HIST_ASSET, CAUSE_COST, c, m->die, ps->asset[c]);
        } else {
            history_note(h, 0, 0);
        }
    }
    if (paid)
        engine_clamp(s, p, h);      /* A45, A56: paying men-at-arms may lower knights */
    if (active && active->id == PERK_RESERVE_ADD) {
        /* A13: written once, in printed order, into free slots; the rest is lost. */
        int k = 0;
        for (int i = 0; i < active->nparams; i++) {
            while (k < s->gd->reserve_slots && ps->reserve[k].state != SLOT_EMPTY)
                k++;
            if (k >= s->gd->reserve_slots)
                break;
            ps->reserve[k].value = active->params[i];
            ps->reserve[k].state = SLOT_NEW;
            engine_record(h, s, p, HIST_RESERVE, CAUSE_PERK, k, active->params[i], SLOT_EMPTY, SLOT_AVAILABLE);
        }
    }
}

static int free_slot(const struct game_state *s)
{
    const struct player_state *ps = &s->p[s->turn.player];
    for (int k = 0; k < s->gd->reserve_slots; k++)
        if (ps->reserve[k].state == SLOT_EMPTY)
            return k;
    return -1;
}

static int check_market(const struct game_state *s, const struct move *m, struct refusal *why)
{
    if (m->amount < 1)
        return REFUSE(why, .what = REF_MARKET_AMOUNT, .n = {m->amount});
    if (m->target != A_FOOD && m->target != A_SUPPLY)
        return REFUSE(why, .what = REF_MARKET_TARGET);
    if (s->turn.nmarket >= XII_MAX_MARKET)
        return REFUSE(why, .what = REF_MARKET_COUNT);
    return 0;
}

static int check_move(const struct game_state *s, const struct move *m, struct die_pick *pick,
                      struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    if (engine_need_turn(s, why))
        return -1;
    switch (m->kind) {
    case MOVE_ASSET:
        if (m->target < 0 || m->target >= ASSET_COUNT)
            return REFUSE(why, .what = REF_NO_ASSET, .n = {m->target});
        /* Without a refusal to fill, the verdict does not depend on the order of the checks:
         * the spend's own checks, which refuse most candidates, go before finding the die. */
        if (!why)
            return engine_check_increase(s, m->target, m->die, m->from_reserve, 0, NULL)
                       ? -1 : pick_source(s, m, gd->assets[m->target].cls == CLASS_ADVANCED, pick, NULL);
        if (pick_source(s, m, gd->assets[m->target].cls == CLASS_ADVANCED, pick, why))
            return -1;
        return engine_check_increase(s, m->target, m->die, m->from_reserve, 0, why);
    case MOVE_ACQUIRE:
        if (m->target < 0 || m->target >= gd->nitems)
            return REFUSE(why, .what = REF_NO_ITEM, .n = {m->target});
        if (!why)   /* as for an asset */
            return engine_check_acquire(s, m, NULL) ? -1 : pick_source(s, m, 0, pick, NULL);
        if (pick_source(s, m, 0, pick, why))
            return -1;
        return engine_check_acquire(s, m, why);
    case MOVE_INFLUENCE:
        if (m->target < 0 || m->target >= LOCATION_COUNT)
            return REFUSE(why, .what = REF_NO_LOCATION, .n = {m->target});
        if (pick_source(s, m, 0, pick, why))
            return -1;
        if (s->turn.location_used[m->target])
            return REFUSE(why, .what = REF_LOCATION_SECOND_DIE, .player = (signed char)s->turn.player,
                          .thing = (short)m->target);
        return 0;
    case MOVE_STORE:
        if (pick_source(s, m, 0, pick, why))
            return -1;
        if (free_slot(s) < 0)
            return REFUSE(why, .what = REF_RESERVE_FULL, .player = (signed char)s->turn.player,
                          .n = {gd->reserve_slots});
        return 0;
    case MOVE_SHERIFF:
    case MOVE_COURT:
    case MOVE_COURT_REROLL:
        return engine_ability_check(s, m, pick, why);
    case MOVE_SPLIT:
        return engine_split_check(s, m, pick, why);
    case MOVE_MARKET:
        return check_market(s, m, why);
    }
    return REFUSE(why, .what = REF_MOVE_KIND, .n = {(int)m->kind});
}

int engine_check(const struct game_state *s, const struct move *m, struct refusal *why)
{
    struct die_pick pick;
    engine_clear(why);
    return check_move(s, m, &pick, why);
}

static void note_restricted(const struct game_state *s, const struct die_pick *pick, int asset,
                            struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    if (!why || !pick->restricted || gd->assets[asset].cls != CLASS_ADVANCED || gd->advanced_die_penalty == 0)
        return;
    REFUSE(why, .what = REF_HIGHEST_DIE, .thing = (short)asset,
           .n = {s->turn.highest, gd->advanced_die_penalty});
}

/* Applies m, checked, with the die pick found for it. */
static void apply_picked(struct game_state *s, const struct move *m, const struct die_pick *pick,
                         struct history *h, struct refusal *why)
{
    switch (m->kind) {
    case MOVE_ASSET:
        use_die(s, pick, h);
        engine_apply_increase(s, m->target, m->die, pick->restricted, m->from_reserve, pick->die >= 0, h);
        note_restricted(s, pick, m->target, why);
        break;
    case MOVE_ACQUIRE:
        use_die(s, pick, h);
        apply_acquire(s, m, h);
        break;
    case MOVE_INFLUENCE: {
        use_die(s, pick, h);
        int *inf = &s->p[s->turn.player].influence[m->target];
        engine_record(h, s, s->turn.player, HIST_INFLUENCE, CAUSE_DIE, m->target, m->die, *inf, *inf + m->die);
        *inf += m->die;
        s->turn.location_used[m->target] = 1;
        break;
    }
    case MOVE_STORE: {
        use_die(s, pick, h);
        int k = free_slot(s);
        struct reserve_slot *slot = &s->p[s->turn.player].reserve[k];
        slot->value = m->die;
        slot->state = SLOT_NEW;     /* A11: not spendable from the reserve before the next turn */
        engine_record(h, s, s->turn.player, HIST_RESERVE, CAUSE_RESERVE, k, m->die, SLOT_EMPTY, SLOT_AVAILABLE);
        break;
    }
    case MOVE_SHERIFF:
    case MOVE_COURT:
    case MOVE_COURT_REROLL:
        engine_ability_apply(s, m, pick);
        break;
    case MOVE_SPLIT:
        engine_split_apply(s, m, pick, h);
        note_restricted(s, pick, m->target, why);
        if (!why || why->rule == RULE_NONE)
            note_restricted(s, pick, m->target2, why);
        break;
    case MOVE_MARKET:
        s->turn.market[s->turn.nmarket].amount = m->amount;
        s->turn.market[s->turn.nmarket].to = m->target;
        s->turn.nmarket++;
        break;
    }
}

int engine_apply(struct game_state *s, const struct move *m, struct history *h, struct refusal *why)
{
    struct die_pick pick;
    engine_clear(why);
    if (check_move(s, m, &pick, why))
        return -1;
    apply_picked(s, m, &pick, h, why);
    return 0;
}

int engine_apply_listed(struct game_state *s, const struct move *m)
{
    struct die_pick pick;
    switch (m->kind) {
    case MOVE_ASSET:
        /* The die a legal spend takes, found as check_move finds it. */
        if (pick_source(s, m, s->gd->assets[m->target].cls == CLASS_ADVANCED, &pick, NULL))
            return -1;
        break;
    case MOVE_ACQUIRE:
    case MOVE_INFLUENCE:
    case MOVE_STORE:
        if (pick_source(s, m, 0, &pick, NULL))
            return -1;
        break;
    case MOVE_MARKET:
        break;
    default:    /* the abilities and the split find their die while checking: rare, checked */
        if (check_move(s, m, &pick, NULL))
            return -1;
        break;
    }
    apply_picked(s, m, &pick, NULL, NULL);
    return 0;
}
