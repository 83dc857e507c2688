/* Kingdom as a value of the game interface (core/game.h): one seat, its dice as chance
 * decisions, its result the speed of a win, and the greedy player's evaluation
 * (kingdom/eval.h). */
#ifndef KINGDOM_GAME_H
#define KINGDOM_GAME_H
#include "core/game.h"

extern const struct game kingdom_game;

#endif
