/* The greedy player's value of a kingdom state (the `evaluate` of the game interface): how
 * soon the kingdom can expect to win, seen from the year's end. */
#ifndef KINGDOM_EVAL_H
#define KINGDOM_EVAL_H

/* The value of state (a struct kstate) for its one seat, the higher the better. Within a year
 * it looks ahead to the year's end: chance by its expectation, the year's remaining choices
 * (sixes, disasters, capital picks, starvation victims) at their best, then the work left
 * traded and the kingdom fed; a year's end is valued by a projection of the coming years
 * with the expected fate (the year the last stage can be afforded), less the risk of
 * starving next year. */
double kingdom_evaluate(const void *state, int seat);

#endif
