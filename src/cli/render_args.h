/* The command line of a drawing command (sheet, summary, organiser, record-sheet, setup):
 * -h/--help, the command's own options, and the drawing options of render_options.h. */
#ifndef CLI_RENDER_ARGS_H
#define CLI_RENDER_ARGS_H
#include "cli/render_options.h"

/* One of the command's own options: a flag (sets *flag to 1) or, when value is not NULL, an
 * option with a value ("--name VALUE" or "--name=VALUE"). */
struct render_arg {
    const char *name;
    const char **value;
    int *flag;
};

/* Reads argv[1..]: each argument is -h/--help, one of own (ended by an entry whose name is
 * NULL) or a drawing option into ro. Returns 0 when all were read, 1 after printing the help,
 * -1 after printing what is wrong ("xii CMD: ..."). */
int render_args_parse(const char *cmd, const char *const help[], const struct render_arg *own,
                      struct render_options *ro, int argc, char **argv);

#endif
