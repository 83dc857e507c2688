/* The outcome of a finished game for the rankings (the rollouts' and the exact solve's). */
#include "advisor/advice_outcome.h"
#include <string.h>

void advice_outcome(const struct game_state *s, struct rank_outcome *out)
{
    memset(out, 0, sizeof *out);
    for (int p = 0; p < s->cfg.nplayers; p++)
        out->score[p] = engine_score(s, p, NULL);
    out->objective = engine_objective_achieved(s) == 1;
    int w[XII_MAX_PLAYERS];
    int n = engine_winners(s, w);
    for (int k = 0; k < n; k++)
        out->winners |= 1u << w[k];
}
