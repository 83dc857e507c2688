/* The arguments `xii play` and `xii serve` share: one FILE to record the game in (not standard
 * input), options that take a value, flags, and -h/--help. */
#ifndef CLI_RECORDER_ARGS_H
#define CLI_RECORDER_ARGS_H
#include "core/strbuf.h"

/* One option: a value option (value set) or a flag (flag set); short_name may be NULL. */
struct recorder_option {
    const char *name, *short_name;
    const char **value;
    int *flag;
};

/* Reads argv into the options (a list ending with a zeroed entry) and file. Returns 0; 1 after
 * printing usage (--help); -1 after printing "xii CMD: ..." on stderr (an option without its
 * value, an unknown option, two files, no file). */
int recorder_args_parse(const char *cmd, const char *usage, int argc, char **argv, const struct recorder_option *opts,
                        const char **file);

/* s as it is safe to show on a terminal, in the buffer sb (reset first). */
const char *recorder_shown(struct strbuf *sb, const char *s);

#endif
