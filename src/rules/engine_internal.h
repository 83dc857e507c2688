/* Helpers shared by the engine's files (not part of the public API). */
#ifndef RULES_ENGINE_INTERNAL_H
#define RULES_ENGINE_INTERNAL_H
#include "rules/engine.h"

/* Fills why (when not NULL) with the refusal r (its case and facts) and the case's rule;
 * returns -1. Inline, so a check called with why NULL gathers no facts. */
static inline int engine_refuse(struct refusal *why, struct refusal r)
{
    if (why) {
        r.rule = refusal_rule(r.what);
        *why = r;
    }
    return -1;
}
/* engine_refuse(why, (struct refusal){.what = REF_..., facts}): returns -1. */
#define REFUSE(why, ...) engine_refuse((why), (struct refusal){__VA_ARGS__})
/* Clears why (when not NULL): nothing refused, nothing noted. */
static inline void engine_clear(struct refusal *why)
{
    if (why) {
        why->rule = RULE_NONE;
        why->what = REF_NONE;
    }
}

/* The active perk `id` of a player (an owned item's chosen perk), or NULL. */
static inline const struct gd_perk *engine_perk(const struct game_state *s, int player, enum perk_id id)
{
    int item = s->p[player].perk_item[id];
    if (item < 0)
        return NULL;
    const struct gd_item *it = &s->gd->items[item];
    if (gamedata_is_special(it))
        return &it->perks[s->p[player].perk[item] == 'b' ? 1 : 0];
    return &it->perks[0];
}
/* The asset perk `id` (monks, masons, mercenaries) if an asset has it, with its asset; or NULL. */
const struct gd_perk *engine_asset_perk(const struct gamedata *gd, enum perk_id id, int *asset);
/* Whether no rule ever reduces this asset (mercenaries). */
int engine_never_lost(const struct gamedata *gd, int asset);

/* Appends a history record for the player in the current round (no-op when old == new). */
void engine_record(struct history *h, const struct game_state *s, int player, enum hist_what what,
                   enum hist_cause cause, int index, int die, int old_value, int new_value);
/* Appends a record that changed nothing (old == new == value): a cost the masons took off
 * entirely, so that a trace can say why the value did not fall. */
void engine_record_same(struct history *h, const struct game_state *s, int player, enum hist_what what,
                        enum hist_cause cause, int index, int die, int value);
/* Sets an asset to `value` (at least 0) and records it. */
void engine_set_asset(struct game_state *s, int player, int asset, int value, enum hist_cause cause,
                      int die, struct history *h);
/* Adds `amount` (>= 0) to an asset, capped at its MAX; records it. Returns the amount added. */
int engine_gain(struct game_state *s, int player, int asset, int amount, enum hist_cause cause,
                struct history *h);
/* Lowers every asset above its MAX to it, in dependency order (population, then what follows
 * population, then what follows those): rule "MAX after a decrease", ambiguity A45. */
void engine_clamp(struct game_state *s, int player, struct history *h);

/* Lists the values of the unspent turn dice into why's values. */
void engine_unspent_values(const struct game_state *s, struct refusal *why);

/* The item (index) whose perks include `id`, for naming it in messages; -1 when none. */
int engine_item_with_perk(const struct gamedata *gd, enum perk_id id);

/* The die a move uses: a turn die (die >= 0) or a reserve slot (slot >= 0). */
struct die_pick {
    int die;            /* index into s->turn.dice, or -1 */
    int slot;           /* reserve slot, or -1 */
    int value;          /* the value it shows */
    int restricted;     /* restriction 1 applies to it */
    int item;           /* ability moves: the item whose perk is used */
};
/* Chooses the unspent turn die showing `value` from `src`: restricted dice last when
 * prefer_unrestricted, first otherwise; own before shared. Returns its index or -1. */
static inline int engine_pick_die(const struct game_state *s, int value, enum die_source src,
                                  int prefer_unrestricted)
{
    int best = -1, best_key = 99;
    for (int i = 0; i < XII_TURN_DICE; i++) {
        const struct turn_die *d = &s->turn.dice[i];
        if (d->spent || d->value != value || (src == DIE_OWN && d->shared) || (src == DIE_SHARED && !d->shared))
            continue;
        int key = (d->restricted == (prefer_unrestricted != 0) ? 2 : 0) + d->shared;
        if (key < best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}
/* Refuses a move whose die no unspent turn die from `src` shows (REF_DIE_UNAVAILABLE). */
int engine_refuse_unavailable(const struct game_state *s, int value, enum die_source src,
                              struct refusal *why);
/* Checks a purchase (attract or build) m for the turn player, the die apart (which unspent
 * die shows m->die is pick_source's business): owned, perk letter, exact die, fire ban,
 * requirements, costs. */
int engine_check_acquire(const struct game_state *s, const struct move *m, struct refusal *why);
/* Refuses unless a turn is in progress. */
static inline int engine_need_turn(const struct game_state *s, struct refusal *why)
{
    if (s->turn.player < 0)
        return REFUSE(why, .what = REF_NO_TURN);
    return 0;
}
/* Checks one increase of `asset` by a die or split part showing `value` (restriction 2, exact
 * die, requirements). `part` names a split part in messages. */
int engine_check_increase(const struct game_state *s, int asset, int value, int from_reserve,
                          int part, struct refusal *why);
/* Applies a checked increase: restricted dice add gd->advanced_die_penalty less on advanced
 * assets; `real_die` enables the food die bonus (miller perk b). Returns the amount added. */
int engine_apply_increase(struct game_state *s, int asset, int value, int restricted,
                          int from_reserve, int real_die, struct history *h);
/* Ability and split moves (engine_ability.c). The pick is filled for apply. */
int engine_ability_check(const struct game_state *s, const struct move *m, struct die_pick *pick,
                         struct refusal *why);
void engine_ability_apply(struct game_state *s, const struct move *m, const struct die_pick *pick);
int engine_split_check(const struct game_state *s, const struct move *m, struct die_pick *pick,
                       struct refusal *why);
void engine_split_apply(struct game_state *s, const struct move *m, const struct die_pick *pick,
                        struct history *h);

/* Resolves the round's event for every player; r may be NULL (no bonus dice). */
void engine_event_resolve(struct game_state *s, const struct bonus_rolls r[], struct history *h);

#endif
