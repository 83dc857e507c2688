/* What a position is worth to a player, in victory points: the score now plus what the sheet
 * promises (food and supply to spend, production to come, location bonuses still reachable,
 * people and infrastructures whose requirements and costs are partly met, reserve dice, POW for
 * the wars and outlaws' attacks ahead, the solo objective), minus the feeding it cannot pay.
 * Reads the state and the game data only: no rule is decided here. */
#ifndef PLAY_EVAL_H
#define PLAY_EVAL_H
#include "rules/engine.h"

/* The bonus a bot adds to a solo game's final score when the objective is achieved: what the
 * bots aim at (the simulation reports score and achievement apart). */
#define PLAY_OBJECTIVE_BONUS 40

/* The position's worth to `player`. Once the game is over: exactly play_outcome. */
double play_eval(const struct game_state *s, int player);
/* A finished game's worth to `player`: the score, plus PLAY_OBJECTIVE_BONUS for an achieved
 * solo objective. */
double play_outcome(const struct game_state *s, int player);

#endif
