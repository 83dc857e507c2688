/* The end of the game: the solo objective and the winners (section 9). */
#include "rules/engine_require.h"

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
