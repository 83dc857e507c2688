/* `xii simulate --game kingdom`: Kingdom's games played by the shared players (bots/gsim.h),
 * and their report: the win rate, the distribution of the winning year, the losses by cause,
 * graveyards and disasters. */
#ifndef CLI_SIMULATE_KINGDOM_H
#define CLI_SIMULATE_KINGDOM_H
#include <stdint.h>

struct simulate_kingdom_args {
    const char *bot;            /* "random" or "greedy" (NULL: greedy) */
    int games, threads, json, grey;
    uint64_t seed;
    const char *logs, *plot, *rules;
};

/* Runs the simulation and prints its report; returns the exit status. */
int simulate_kingdom(const struct simulate_kingdom_args *a);

#endif
