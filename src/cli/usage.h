/* Help texts and usage errors. A usage error is answered the way other command-line tools do:
 * one line saying what was wrong, "did you mean --json?" when a known name is close, and one
 * line pointing at --help (never the whole help). The known options are read from the command's own help text, so the
 * suggestion can never name an option the help does not show. */
#ifndef CLI_USAGE_H
#define CLI_USAGE_H
#include <stddef.h>

/* The candidate closest to word (edit distance with transpositions, or word a prefix of a
 * single candidate), or NULL when none is close enough to be a likely typo. */
const char *cli_nearest(const char *word, const char *const *candidates, size_t n);

/* Collects the options ("--json", "-o") a help text names, in order, each once, into out (at
 * most max): those that start its lines, after at most 4 spaces ("  -h, --help  this help" names two;
 * a description's continuation lines are indented deeper). Returns how many were found (more than max means some were dropped). The
 * returned pointers point into a static buffer of at most 4 kB overwritten by the next call. */
size_t cli_help_options(const char *const help[], const char **out, size_t max);

/* Prints "xii CMD: unknown option 'ARG' (did you mean --X?)" and the pointer to
 * "xii CMD --help" on stderr; help is the command's help text in pieces, NULL-terminated.
 * A word that does not start with '-' is reported as an unexpected argument. */
void cli_unknown_option(const char *cmd, const char *arg, const char *const help[]);

/* Prints a help text given in pieces (NULL-terminated) on stdout. */
void cli_print_help(const char *const help[]);

/* The room for an argument echoed in a message. */
#define CLI_ECHO_MAX 256
/* arg as it is safe to show on a terminal (core/text.h: control, C1 and bidirectional
 * characters escaped), cut with "..." to fit buf; returns buf. */
const char *cli_echo(char *buf, size_t size, const char *arg);

/* Prints the line pointing at "xii CMD --help" on stderr (after a usage error). */
void cli_see_help(const char *cmd);

/* The end of the help of a command that writes a document: -h and the exit statuses. */
extern const char cli_help_render_tail[];

#endif
