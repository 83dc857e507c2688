/* xii rules [--json] [--rules FILE]: prints the game data the engine uses. */
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/options.h"
#include "cli/usage.h"
#include "rules/gamedata_print.h"

static const char usage[] =
    "usage: xii rules [--json] [--rules FILE]\n"
    "Prints the game data the rules engine uses. Values reconstructed from an illegible source\n"
    "are marked [I] (inferred), [G] (guessed) or [X] (lost: a placeholder).\n"
    "  --json        one JSON object instead of the listing\n"
    "  --rules FILE  read this game-data file instead of the built-in one\n"
    "  -h, --help    this help\n"
    "Exit status: 0 printed, 2 bad options or game data, 3 standard output could not be\n"
    "written.\n";

static const char *const help_text[] = {usage, NULL};

int cmd_rules(int argc, char **argv)
{
    int json = 0;
    const char *rules = NULL;
    for (int i = 1; i < argc;) {
        int m = cli_option(argc, argv, &i, "--rules", NULL, &rules);
        if (m > 0)
            continue;
        if (m < 0) {
            fputs("xii rules: --rules needs a value\n", stderr);
            return EXIT_USAGE;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
            i++;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return EXIT_OK;
        } else {
            cli_unknown_option("rules", argv[i], help_text);
            return EXIT_USAGE;
        }
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, rules) != 0)
        return EXIT_USAGE;
    struct strbuf out = STRBUF_INIT;
    if (json)
        gamedata_print_json(&gd, &out);
    else
        gamedata_print_text(&gd, &out);
    fwrite(out.data, 1, out.len, stdout);
    strbuf_free(&out);
    gamedata_free(&gd);
    /* ferror: a failed fwrite of a large listing leaves nothing for fflush to report. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("xii rules: cannot write to standard output\n", stderr);
        return EXIT_OUTPUT;
    }
    return EXIT_OK;
}
