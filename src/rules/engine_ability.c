/* Abilities that change or split the turn's dice: the sheriff (+1 / -1 or -2), the town court
 * (2 -> 4, re-roll a low die) and the witch's split. Once per turn each, only on unspent
 * dice of the turn, never on reserve dice (A10, A14). */
#include "rules/engine_internal.h"

/* Refuses an ability whose perk `want` the player lacks, naming the item and the perk owned. */
static int engine_refuse_perk(const struct game_state *s, enum perk_id want, struct refusal *why)
{
    if (!why)
        return -1;  /* no facts wanted: no search for the item to name */
    int item = engine_item_with_perk(s->gd, want);
    int p = s->turn.player;
    if (item < 0)
        return REFUSE(why, .what = REF_PERK_MISSING, .thing = (short)want);
    if (engine_owns(s, p, item))
        return REFUSE(why, .what = REF_PERK_OTHER, .player = (signed char)p, .thing = (short)want,
                      .thing2 = (short)item, .n = {s->p[p].perk[item]});
    return REFUSE(why, .what = REF_PERK_NEEDS_ITEM, .player = (signed char)p, .thing = (short)want,
                  .thing2 = (short)item);
}

/* The ability's perk for this move kind (sheriff: the one whose direction matches). */
static const struct gd_perk *ability_perk(const struct game_state *s, const struct move *m,
                                          enum perk_id *want)
{
    int p = s->turn.player;
    switch (m->kind) {
    case MOVE_SHERIFF:
        /* The direction picks the perk; an unchanged value is refused with the perk owned. */
        *want = m->to > m->die || (m->to == m->die && engine_perk(s, p, PERK_DIE_PLUS))
                    ? PERK_DIE_PLUS : PERK_DIE_MINUS;
        break;
    case MOVE_COURT:
        *want = PERK_DIE_CHANGE;
        break;
    default:
        *want = PERK_REROLL_LOW;
        break;
    }
    return engine_perk(s, p, *want);
}

static int check_values(const struct game_state *s, const struct move *m, enum perk_id want,
                        const struct gd_perk *pk, struct refusal *why)
{
    short item = s->p[s->turn.player].perk_item[want];
    if (m->to < 1 || m->to > 6)
        return REFUSE(why, .what = REF_ABILITY_TO_RANGE, .thing = item, .n = {m->to});
    if ((want == PERK_DIE_PLUS || want == PERK_DIE_MINUS) && m->to == m->die)
        return REFUSE(why, .what = REF_ABILITY_UNCHANGED, .thing = item, .n = {m->die, m->to});
    switch (want) {
    case PERK_DIE_PLUS:     /* A15 */
        if (m->to != m->die + pk->params[0])
            return REFUSE(why, .what = REF_ABILITY_PLUS, .thing = item,
                          .n = {pk->params[0], m->die, m->to});
        break;
    case PERK_DIE_MINUS:
        if (m->die - m->to > pk->params[0])
            return REFUSE(why, .what = REF_ABILITY_MINUS, .thing = item,
                          .n = {pk->params[0], m->die, m->to});
        break;
    case PERK_DIE_CHANGE:   /* A16 */
        if (m->die != pk->params[0] || m->to != pk->params[1])
            return REFUSE(why, .what = REF_ABILITY_CHANGE, .thing = item,
                          .n = {pk->params[0], pk->params[1], m->die, m->to});
        break;
    default:
        if (m->die > pk->params[0])
            return REFUSE(why, .what = REF_ABILITY_REROLL, .thing = item,
                          .n = {pk->params[0], m->die});
        break;
    }
    return 0;
}

/* Which die an ability changes. DIE_ANY must be told own or shared when both show the value
 * and the choice matters: later players still play this round (a shared change stays), or
 * only one of them is restricted. Otherwise the own die. */
static int pick_ability_die(const struct game_state *s, const struct move *m, int item,
                            struct die_pick *pick, struct refusal *why)
{
    int i;
    if (m->source != DIE_ANY) {
        i = engine_pick_die(s, m->die, m->source, 0);
    } else {
        int own = engine_pick_die(s, m->die, DIE_OWN, 0);
        int shared = engine_pick_die(s, m->die, DIE_SHARED, 0);
        i = own >= 0 ? own : shared;
        if (own >= 0 && shared >= 0) {
            int later = s->turns_done + 1 < s->cfg.nplayers;
            if (later || s->turn.dice[own].restricted != s->turn.dice[shared].restricted)
                return REFUSE(why, .what = REF_ABILITY_WHICH_DIE, .thing = (short)item,
                              .n = {m->die});
        }
    }
    if (i < 0)
        return engine_refuse_unavailable(s, m->die, m->source, why);
    pick->die = i;
    pick->value = m->die;
    pick->restricted = s->turn.dice[i].restricted;
    return 0;
}

int engine_ability_check(const struct game_state *s, const struct move *m, struct die_pick *pick,
                         struct refusal *why)
{
    enum perk_id want;
    pick->die = pick->slot = pick->item = -1;
    if (m->die < 1 || m->die > 6)
        return REFUSE(why, .what = REF_DIE_RANGE, .n = {m->die});
    const struct gd_perk *pk = ability_perk(s, m, &want);
    if (!pk)
        return engine_refuse_perk(s, want, why);
    int item = s->p[s->turn.player].perk_item[want];
    if (s->turn.ability_used >> item & 1u)
        return REFUSE(why, .what = REF_ABILITY_USED, .player = (signed char)s->turn.player,
                      .thing = (short)item);
    if (m->from_reserve)
        return REFUSE(why, .what = REF_ABILITY_RESERVE, .thing = (short)item);
    if (check_values(s, m, want, pk, why))
        return -1;
    if (pick_ability_die(s, m, item, pick, why))
        return -1;
    pick->item = item;
    return 0;
}

void engine_ability_apply(struct game_state *s, const struct move *m, const struct die_pick *pick)
{
    struct turn_die *d = &s->turn.dice[pick->die];
    d->value = m->to;           /* A4: the restricted status stays with the die */
    if (d->shared)
        s->shared[d->index] = m->to;    /* A17: permanent for the later players */
    s->turn.ability_used |= 1u << pick->item;
}

int engine_split_check(const struct game_state *s, const struct move *m, struct die_pick *pick,
                       struct refusal *why)
{
    const struct gamedata *gd = s->gd;
    pick->die = pick->slot = pick->item = -1;
    if (!engine_perk(s, s->turn.player, PERK_SPLIT_DIE))
        return engine_refuse_perk(s, PERK_SPLIT_DIE, why);
    if (s->turn.split_used)
        return REFUSE(why, .what = REF_SPLIT_USED, .player = (signed char)s->turn.player);
    if (m->from_reserve)
        return REFUSE(why, .what = REF_SPLIT_RESERVE);
    if (m->die < 1 || m->die > 6)
        return REFUSE(why, .what = REF_DIE_RANGE, .n = {m->die});
    if (m->part[0] < 1 || m->part[1] < 1 || m->part[0] + m->part[1] != m->die)
        return REFUSE(why, .what = REF_SPLIT_PARTS, .n = {m->die, m->part[0], m->part[1]});
    if (m->target < 0 || m->target >= ASSET_COUNT || m->target2 < 0 || m->target2 >= ASSET_COUNT)
        return REFUSE(why, .what = REF_SPLIT_ASSETS);
    if (m->target == m->target2)
        return REFUSE(why, .what = REF_SPLIT_SAME_ASSET, .thing = (short)m->target);
    int advanced = gd->assets[m->target].cls == CLASS_ADVANCED || gd->assets[m->target2].cls == CLASS_ADVANCED;
    int i = engine_pick_die(s, m->die, m->source, advanced);
    if (i < 0)  /* the words name no source, whichever was given */
        return engine_refuse_unavailable(s, m->die, DIE_ANY, why);
    pick->die = i;
    pick->value = m->die;
    pick->restricted = s->turn.dice[i].restricted;
    if (engine_check_increase(s, m->target, m->part[0], 0, 1, why))
        return -1;
    /* The second part sees the first one applied (its requirement may depend on it). */
    struct game_state t = *s;
    engine_apply_increase(&t, m->target, m->part[0], pick->restricted, 0, 0, NULL);
    return engine_check_increase(&t, m->target2, m->part[1], 0, 1, why);
}

void engine_split_apply(struct game_state *s, const struct move *m, const struct die_pick *pick,
                        struct history *h)
{
    s->turn.dice[pick->die].spent = 1;
    s->turn.split_used = 1;
    /* A6: each part keeps the die's restricted status; A19: no miller bonus on parts. */
    engine_apply_increase(s, m->target, m->part[0], pick->restricted, 0, 0, h);
    engine_apply_increase(s, m->target2, m->part[1], pick->restricted, 0, 0, h);
}
