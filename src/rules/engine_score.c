/* POW and the score (section 9). */
#include "rules/engine_internal.h"

int engine_pow_base(const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    int pow = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        pow += ps->asset[a] * gd->assets[a].pow.value;
    for (uint32_t o = ps->owned; o; o &= o - 1)
        pow += gd->items[__builtin_ctz(o)].pow.value;
    return pow;
}

int engine_pow_full(const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    int pow = engine_pow_base(s, player);
    for (int i = 0; i < gd->nitems; i++)
        if (ps->owned >> i & 1u)
            pow += gd->items[i].infra_pow.value;
    const struct gd_perk *pk = engine_perk(s, player, PERK_INFRA_POW);     /* A48 */
    if (pk)
        pow += pk->params[0];
    return pow;
}

int engine_score(const struct game_state *s, int player, struct score_breakdown *out)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    struct score_breakdown b = {0};
    for (int a = 0; a < ASSET_COUNT; a++)
        b.assets += ps->asset[a] * gd->assets[a].vp.value;
    if (gd->reputation_per > 0)
        b.reputation = ps->reputation / gd->reputation_per * gd->reputation_vp;
    for (uint32_t o = ps->owned; o; o &= o - 1) {
        const struct gd_item *it = &gd->items[__builtin_ctz(o)];
        if (it->kind == KIND_PERSON || it->kind == KIND_SPECIAL_PERSON)
            b.people += it->vp.value;
        else
            b.infrastructures += it->vp.value;
    }
    const struct gd_perk *pk = engine_perk(s, player, PERK_VP_PER_STONE_HOUSE);    /* A49 */
    if (pk)
        b.castle = pk->params[0] * ps->asset[A_STONE_HOUSES];
    b.total = b.assets + b.reputation + b.people + b.infrastructures + b.castle;
    if (out)
        *out = b;
    return b.total;
}
