/* Requirements (red on the sheet): whether one holds, and the refusal when it does not. A
 * score requirement needs the score (engine_score.c), hence a file of its own. */
#include "rules/engine_internal.h"

static int req_asset_value(const struct game_state *s, int player, int asset, int effective)
{
    if (asset == A_POPULATION && effective)
        return engine_effective_population(s, player);
    return s->p[player].asset[asset];
}

int engine_req_holds(const struct game_state *s, int player, const struct gd_req *r, int effective)
{
    switch (r->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:  /* A29: "= N" is evaluated as ">= N" */
        return req_asset_value(s, player, r->asset, effective) >= r->value;
    case REQ_REPUTATION_GE:
        return s->p[player].reputation >= r->value;
    case REQ_HAS:
        return engine_owns(s, player, r->item);
    case REQ_SCORE_GE:
        return engine_score(s, player, NULL) >= r->value;
    }
    return 0;
}

int engine_refuse_requirement(const struct game_state *s, int player, enum refusal_case what,
                              int owner, int k, const struct gd_req *r, struct refusal *why)
{
    if (!why)
        return -1;
    int has = 0, extra = -1;
    switch (r->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:
        has = req_asset_value(s, player, r->asset, 1);
        if (has != s->p[player].asset[r->asset])
            engine_asset_perk(s->gd, PERK_EFFECTIVE_POPULATION, &extra);
        break;
    case REQ_REPUTATION_GE:
        has = s->p[player].reputation;
        break;
    case REQ_HAS:
        break;
    case REQ_SCORE_GE:
        has = engine_score(s, player, NULL);
        break;
    }
    return REFUSE(why, .what = what, .player = (signed char)player, .thing = (short)owner,
                  .thing2 = (short)extra, .n = {k, has});
}
