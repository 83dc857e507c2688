/* Requirements (red on the sheet): the refusal when one does not hold (whether it holds is
 * engine_req_holds, inline in engine_require.h). A score requirement needs the score
 * (engine_score.c), hence a file of its own. */
#include "rules/engine_require.h"

int engine_refuse_requirement(const struct game_state *s, int player, enum refusal_case what,
                              int owner, int k, const struct gd_req *r, struct refusal *why)
{
    if (!why)
        return -1;
    int has = 0, extra = -1;
    switch (r->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:
        has = engine_req_asset_value(s, player, r->asset, 1);
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
