/* Abilities that change or split the turn's dice: the sheriff (+1 / -1 or -2), the town court
 * (2 -> 4, re-roll a low die) and the witch's split. Once per turn each, only on unspent
 * dice of the turn, never on reserve dice (A10, A14). */
#include <stdio.h>
#include "rules/engine_internal.h"

static const char *player_name(const struct game_state *s)
{
    return s->cfg.names[s->turn.player];
}

int engine_refuse_perk(const struct game_state *s, enum perk_id want, const char *what,
                       struct refusal *why)
{
    if (!why)
        return -1;  /* no message wanted: no search for the item to name */
    int item = engine_item_with_perk(s->gd, want);
    int p = s->turn.player;
    if (item < 0)
        return engine_refuse(why, "perk-not-owned", "no item of the game data can %s", what);
    const struct gd_item *it = &s->gd->items[item];
    if (engine_owns(s, p, item))
        return engine_refuse(why, "perk-not-owned", "%s's %s has perk %c, which cannot %s", player_name(s),
                             it->id, s->p[p].perk[item] ? s->p[p].perk[item] : '-', what);
    return engine_refuse(why, "perk-not-owned", "%s cannot %s: needs the %s", player_name(s), what, it->id);
}

/* The ability's perk for this move kind (sheriff: the one whose direction matches). */
static const struct gd_perk *ability_perk(const struct game_state *s, const struct move *m,
                                          enum perk_id *want, const char **what)
{
    int p = s->turn.player;
    switch (m->kind) {
    case MOVE_SHERIFF:
        /* The direction picks the perk; an unchanged value is refused with the perk owned. */
        if (m->to > m->die || (m->to == m->die && engine_perk(s, p, PERK_DIE_PLUS))) {
            *want = PERK_DIE_PLUS;
            *what = "raise a die";
        } else {
            *want = PERK_DIE_MINUS;
            *what = "lower a die";
        }
        break;
    case MOVE_COURT:
        *want = PERK_DIE_CHANGE;
        *what = "change a die";
        break;
    default:
        *want = PERK_REROLL_LOW;
        *what = "re-roll a die";
        break;
    }
    return engine_perk(s, p, *want);
}

static int check_values(const struct game_state *s, const struct move *m, enum perk_id want,
                        const struct gd_perk *pk, struct refusal *why)
{
    const char *name = s->gd->items[s->p[s->turn.player].perk_item[want]].id;
    if (m->to < 1 || m->to > 6)
        return engine_refuse(why, "die-range", "a die shows 1 to 6: the %s cannot make a %d", name, m->to);
    if ((want == PERK_DIE_PLUS || want == PERK_DIE_MINUS) && m->to == m->die)
        return engine_refuse(why, "die-range", "the %s must change the die (%d to %d given)", name, m->die, m->to);
    switch (want) {
    case PERK_DIE_PLUS:     /* A15 */
        if (m->to != m->die + pk->params[0])
            return engine_refuse(why, "die-range", "the %s raises a die by %d: %d can become %d, not %d",
                                 name, pk->params[0], m->die, m->die + pk->params[0], m->to);
        break;
    case PERK_DIE_MINUS:
        if (m->die - m->to > pk->params[0])
            return engine_refuse(why, "die-range", "the %s lowers a die by 1 to %d: %d cannot become %d",
                                 name, pk->params[0], m->die, m->to);
        break;
    case PERK_DIE_CHANGE:   /* A16 */
        if (m->die != pk->params[0] || m->to != pk->params[1])
            return engine_refuse(why, "die-range", "the %s turns a %d into a %d, not a %d into a %d", name,
                                 pk->params[0], pk->params[1], m->die, m->to);
        break;
    default:
        if (m->die > pk->params[0])
            return engine_refuse(why, "die-range", "the %s re-rolls a die showing %d or less, not %d", name,
                                 pk->params[0], m->die);
        break;
    }
    return 0;
}

/* Which die an ability changes. DIE_ANY must be told own or shared when both show the value
 * and the choice matters: later players still play this round (a shared change stays), or
 * only one of them is restricted. Otherwise the own die. */
static int pick_ability_die(const struct game_state *s, const struct move *m, const char *name,
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
                return engine_refuse(why, "dice", "an own die and a shared die both show %d: say which "
                                     "one the %s changes (own or shared)", m->die, name);
        }
    }
    if (i < 0) {
        char list[64];
        if (!why)
            return -1;
        engine_unspent_text(s, list, sizeof list);
        return engine_refuse(why, "die-unavailable", "no unspent %sdie shows %d (unspent: %s)",
                             m->source == DIE_OWN ? "own " : m->source == DIE_SHARED ? "shared " : "",
                             m->die, list);
    }
    pick->die = i;
    pick->value = m->die;
    pick->restricted = s->turn.dice[i].restricted;
    return 0;
}

int engine_ability_check(const struct game_state *s, const struct move *m, struct die_pick *pick,
                         struct refusal *why)
{
    enum perk_id want;
    const char *what;
    pick->die = pick->slot = pick->item = -1;
    if (m->die < 1 || m->die > 6)
        return engine_refuse(why, "die-range", "a die shows 1 to 6, not %d", m->die);
    const struct gd_perk *pk = ability_perk(s, m, &want, &what);
    if (!pk)
        return engine_refuse_perk(s, want, what, why);
    int item = s->p[s->turn.player].perk_item[want];
    const char *name = s->gd->items[item].id;
    if (s->turn.ability_used >> item & 1u)
        return engine_refuse(why, "once-per-turn", "%s has already used the %s this turn", player_name(s), name);
    if (m->from_reserve)
        return engine_refuse(why, "die-unavailable", "the %s cannot change a reserve die", name);
    if (check_values(s, m, want, pk, why))
        return -1;
    if (pick_ability_die(s, m, name, pick, why))
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
        return engine_refuse_perk(s, PERK_SPLIT_DIE, "split a die", why);
    if (s->turn.split_used)
        return engine_refuse(why, "once-per-turn", "%s has already split a die this turn", player_name(s));
    if (m->from_reserve)
        return engine_refuse(why, "split", "a reserve die cannot be split");
    if (m->die < 1 || m->die > 6)
        return engine_refuse(why, "die-range", "a die shows 1 to 6, not %d", m->die);
    if (m->part[0] < 1 || m->part[1] < 1 || m->part[0] + m->part[1] != m->die)
        return engine_refuse(why, "split", "%d cannot be split into %d and %d: the parts are at least 1 "
                             "and add up to the die", m->die, m->part[0], m->part[1]);
    if (m->target < 0 || m->target >= ASSET_COUNT || m->target2 < 0 || m->target2 >= ASSET_COUNT)
        return engine_refuse(why, "bad-move", "a split names two assets");
    if (m->target == m->target2)
        return engine_refuse(why, "split", "the two parts of a split go to two different assets (%s twice)",
                             gd->assets[m->target].id);
    int advanced = gd->assets[m->target].cls == CLASS_ADVANCED || gd->assets[m->target2].cls == CLASS_ADVANCED;
    int i = engine_pick_die(s, m->die, m->source, advanced);
    if (i < 0) {
        char list[64];
        if (!why)
            return -1;
        engine_unspent_text(s, list, sizeof list);
        return engine_refuse(why, "die-unavailable", "no unspent die shows %d (unspent: %s)", m->die, list);
    }
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
