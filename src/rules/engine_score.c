/* POW, the score, solo objectives and the winners (section 9). */
#include "rules/engine_internal.h"

int engine_pow_base(const struct game_state *s, int player)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    int pow = 0;
    for (int a = 0; a < ASSET_COUNT; a++)
        pow += ps->asset[a] * gd->assets[a].pow.value;
    for (int i = 0; i < gd->nitems; i++)
        if (ps->owned >> i & 1u)
            pow += gd->items[i].pow.value;
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
    for (int i = 0; i < gd->nitems; i++) {
        if (!(ps->owned >> i & 1u))
            continue;
        const struct gd_item *it = &gd->items[i];
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

int engine_objective_achieved(const struct game_state *s)
{
    if (s->cfg.nplayers != 1 || s->cfg.objective < 0)
        return -1;
    const struct gd_objective *o = &s->gd->objectives[s->cfg.objective];
    for (int k = 0; k < o->nreq; k++)
        if (!engine_req_holds(s, 0, &o->req[k], 0))    /* quantities as held, no monk bonus */
            return 0;
    return 1;
}

int engine_winners(const struct game_state *s, int winners[XII_MAX_PLAYERS])
{
    if (s->phase != PHASE_GAME_OVER)
        return 0;
    if (s->cfg.nplayers == 1) {
        if (engine_objective_achieved(s) != 1)
            return 0;
        winners[0] = 0;
        return 1;
    }
    int score[XII_MAX_PLAYERS], pow[XII_MAX_PLAYERS], best = -1, best_pow = -1;
    for (int p = 0; p < s->cfg.nplayers; p++) {
        score[p] = engine_score(s, p, NULL);
        if (score[p] > best)
            best = score[p];
    }
    /* Tie-break (A43, rules.md): the higher POW with everything but bonus dice; then shared. */
    for (int p = 0; p < s->cfg.nplayers; p++) {
        pow[p] = score[p] == best ? engine_pow_full(s, p) : -1;
        if (pow[p] > best_pow)
            best_pow = pow[p];
    }
    int n = 0;
    for (int p = 0; p < s->cfg.nplayers; p++)
        if (score[p] == best && pow[p] == best_pow)
            winners[n++] = p;
    return n;
}
