/* State helpers: the facts of refusals, perk lookups, recorded value changes, MAX and the clamp cascade,
 * requirements. */
#include <string.h>
#include "rules/engine_internal.h"

const struct gd_perk *engine_asset_perk(const struct gamedata *gd, enum perk_id id, int *asset)
{
    unsigned m = gd->perk_assets[id];
    if (!m)
        return NULL;
    int a = __builtin_ctz(m);
    if (asset)
        *asset = a;
    return &gd->assets[a].perk;
}

int engine_never_lost(const struct gamedata *gd, int asset)
{
    return gd->assets[asset].perk.id == PERK_NEVER_LOST;
}

int engine_item_with_perk(const struct gamedata *gd, enum perk_id id)
{
    for (int i = 0; i < gd->nitems; i++)
        for (int k = 0; k < gd->items[i].nperks; k++)
            if (gd->items[i].perks[k].id == id)
                return i;
    return -1;
}

/* Appends a record (old == new too when keep_same). */
static void record(struct history *h, const struct game_state *s, int player, enum hist_what what,
                   enum hist_cause cause, int index, int die, int old_value, int new_value,
                   int keep_same)
{
    if (!h)
        return;
    signed char ref = h->note_ref, ref2 = h->note_ref2;
    h->note_ref = h->note_ref2 = 0;
    if (old_value == new_value && !keep_same)
        return;
    struct hist_rec r;
    r.round = (unsigned char)s->round;
    r.player = (signed char)player;
    r.what = (unsigned char)what;
    r.cause = (unsigned char)cause;
    r.index = (signed char)index;
    r.die = (signed char)die;
    r.ref = ref;
    r.ref2 = ref2;
    r.old_value = (short)old_value;
    r.new_value = (short)new_value;
    history_push(h, r);
}

void engine_record(struct history *h, const struct game_state *s, int player, enum hist_what what,
                   enum hist_cause cause, int index, int die, int old_value, int new_value)
{
    record(h, s, player, what, cause, index, die, old_value, new_value, 0);
}

void engine_record_same(struct history *h, const struct game_state *s, int player, enum hist_what what,
                        enum hist_cause cause, int index, int die, int value)
{
    record(h, s, player, what, cause, index, die, value, value, 1);
}

void engine_set_asset(struct game_state *s, int player, int asset, int value, enum hist_cause cause,
                      int die, struct history *h)
{
    if (value < 0)
        value = 0;      /* nothing goes below 0 */
    int *v = &s->p[player].asset[asset];
    engine_record(h, s, player, HIST_ASSET, cause, asset, die, *v, value);
    *v = value;
}

int engine_gain(struct game_state *s, int player, int asset, int amount, enum hist_cause cause,
                struct history *h)
{
    int cur = s->p[player].asset[asset];
    int room = engine_asset_max(s, player, asset) - cur;
    int add = amount < room ? amount : room;
    if (add <= 0) {
        history_note(h, 0, 0);      /* the note was for this gain */
        return 0;
    }
    if (h && add < amount)
        history_note(h, h->note_ref, HIST_REF_MAX);     /* cut at the MAX */
    engine_set_asset(s, player, asset, cur + add, cause, 0, h);
    return add;
}

int engine_asset_max(const struct game_state *s, int player, int asset)
{
    const struct gd_asset *as = &s->gd->assets[asset];
    if (as->max_ref < 0)
        return as->max.value;
    if (as->max_ref == A_POPULATION)
        return engine_effective_population(s, player);   /* A30: monks count for MAXes */
    return s->p[player].asset[as->max_ref];
}

void engine_clamp(struct game_state *s, int player, struct history *h)
{
    /* A MAX may follow an asset whose own MAX follows another (knights -> men-at-arms ->
     * population): repeat until nothing changes; each pass settles one more level. The
     * effective population, which several MAXes follow, is counted again only after a change. */
    const int *asset = s->p[player].asset;
    int pop = engine_effective_population(s, player);
    for (int pass = 0; pass < ASSET_COUNT; pass++) {
        int changed = 0;
        for (int a = 0; a < ASSET_COUNT; a++) {
            if (engine_never_lost(s->gd, a))
                continue;
            int max = s->gd->assets[a].max_ref == A_POPULATION ? pop : engine_asset_max(s, player, a);
            if (asset[a] > max) {
                engine_set_asset(s, player, a, max, CAUSE_CLAMP, 0, h);
                changed = 1;
                pop = engine_effective_population(s, player);
            }
        }
        if (!changed)
            return;
    }
}

void engine_unspent_values(const struct game_state *s, struct refusal *why)
{
    why->nvalues = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        if (!s->turn.dice[i].spent)
            why->values[why->nvalues++] = (unsigned char)s->turn.dice[i].value;
}
