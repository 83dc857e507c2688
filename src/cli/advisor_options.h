/* The options `xii hint` and `xii audit --analyse` share: the rollout budget, the seed, the
 * rollout bot, the goal and the threads, read into the hint's settings (advisor/advice_hint.h). */
#ifndef CLI_ADVISOR_OPTIONS_H
#define CLI_ADVISOR_OPTIONS_H
#include <stdint.h>
#include "advisor/advice_hint.h"

struct advisor_args {
    struct advice_hint_settings set;
    const char *given;      /* the first of these options given (for "needs --analyse") */
};

/* The help lines of these options (ending with a line feed). */
extern const char advisor_options_help[];

/* Sets the defaults; default_rollouts is the command's. */
void advisor_args_init(struct advisor_args *a, long default_rollouts);
/* Reads argv[*i] when it is one of these options. Returns 1 (read, *i moved on), 0 (another
 * argument) or -1 after printing "xii CMD: ..." on stderr. */
int advisor_args_parse(struct advisor_args *a, const char *cmd, int argc, char **argv, int *i);

#endif
