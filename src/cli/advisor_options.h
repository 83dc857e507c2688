/* The options `xii hint` and `xii audit --analyse` share: the rollout budget, the seed, the
 * rollout bot, the goal and the threads, read into the advisor's options (advisor/advice.h). */
#ifndef CLI_ADVISOR_OPTIONS_H
#define CLI_ADVISOR_OPTIONS_H
#include <stdint.h>
#include "advisor/advice.h"

struct advisor_args {
    long rollouts;          /* the most rollouts one candidate gets */
    int rollouts_given;     /* --rollouts was given (else the hint may give fewer early on) */
    double seconds;         /* --time: 0 none */
    uint64_t seed;
    int threads;
    const char *bot;        /* rollout bot name */
    int goal;               /* --goal: a rank_goal, -1 the game's default */
    const char *given;      /* the first of these options given (for "needs --analyse") */
};

/* The help lines of these options (ending with a line feed). */
extern const char advisor_options_help[];

/* Sets the defaults; default_rollouts is the command's. */
void advisor_args_init(struct advisor_args *a, long default_rollouts);
/* Reads argv[*i] when it is one of these options. Returns 1 (read, *i moved on), 0 (another
 * argument) or -1 after printing "xii CMD: ..." on stderr. */
int advisor_args_parse(struct advisor_args *a, const char *cmd, int argc, char **argv, int *i);
/* The advisor's options from the arguments (the goal and the rank settings). */
void advisor_args_apply(const struct advisor_args *a, struct advice_options *o);

#endif
