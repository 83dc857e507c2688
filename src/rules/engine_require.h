/* Requirements (red on the sheet): whether one holds, and the refusal when it does not. A
 * header of its own, apart from engine_internal.h: a score requirement calls engine_score,
 * whose file uses engine_internal.h's perks, and the house has no circle. */
#ifndef RULES_ENGINE_REQUIRE_H
#define RULES_ENGINE_REQUIRE_H
#include "rules/engine_internal.h"

/* The value a requirement on `asset` reads (the effective population when `effective`). */
static inline int engine_req_asset_value(const struct game_state *s, int player, int asset, int effective)
{
    if (asset == A_POPULATION && effective)
        return engine_effective_population(s, player);
    return s->p[player].asset[asset];
}
/* Requirement test (population uses the effective population when `effective`). Inline: the
 * legal-move listing tests the requirements of every candidate. */
static inline int engine_req_holds(const struct game_state *s, int player, const struct gd_req *r,
                                   int effective)
{
    switch (r->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:  /* A29: "= N" is evaluated as ">= N" */
        return engine_req_asset_value(s, player, r->asset, effective) >= r->value;
    case REQ_REPUTATION_GE:
        return s->p[player].reputation >= r->value;
    case REQ_HAS:
        return engine_owns(s, player, r->item);
    case REQ_SCORE_GE:
        return engine_score(s, player, NULL) >= r->value;
    }
    return 0;
}
/* Refuses requirement k of an asset (REF_ASSET_REQUIREMENT) or an item (REF_ITEM_REQUIREMENT)
 * with what the player has. */
int engine_refuse_requirement(const struct game_state *s, int player, enum refusal_case what,
                              int owner, int k, const struct gd_req *r, struct refusal *why);

#endif
