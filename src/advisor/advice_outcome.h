/* A finished game as the rankings see it: every seat's score, the winners, the objective. */
#ifndef ADVISOR_ADVICE_OUTCOME_H
#define ADVISOR_ADVICE_OUTCOME_H
#include "bots/rank.h"
#include "rules/engine.h"

/* A rollout outcome for the ranking: every seat's score and the winners of the finished game s. */
void advice_outcome(const struct game_state *s, struct rank_outcome *out);

#endif
