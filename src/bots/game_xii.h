/* XII Century as a value of the game interface (core/game.h): the flow's awaited decisions and
 * decisions (rules/flow.h) cut into single choices for the shared players and driver.
 *
 * What the log gathers on one line is one decision of the flow but several here, each made by
 * whoever makes it at the table: a free round's event is drawn by chance one round at a time,
 * the outlaws' bonus rolls one die at a time, the king war seat by seat (support or avoid,
 * then a supporter's bonus rolls, by chance), the location bonus choices one location at a
 * time; the flow takes each line whole once its last part is in. The players are "Ann", "Ben",
 * "Cid", "Dee" and "Eve", the difficulty the data's default, a solo game is arcade. */
#ifndef BOTS_GAME_XII_H
#define BOTS_GAME_XII_H
#include "core/game.h"

extern const struct game xii_game;

#endif
