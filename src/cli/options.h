/* Reading one option with a value from the command line, GNU style. */
#ifndef CLI_OPTIONS_H
#define CLI_OPTIONS_H

/* Matches argv[*i] against the long option name ("--name VALUE", "--name=VALUE") or the short
 * one ("-o FILE", "-oFILE"; shortname may be NULL). Returns 1 with *value set and *i moved past
 * what was used, 0 when argv[*i] is another argument, -1 when the value is missing. */
int cli_option(int argc, char **argv, int *i, const char *longname, const char *shortname,
               const char **value);

#endif
