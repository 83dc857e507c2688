/* xii: the XII Century companion. Dispatches to the subcommands. */
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"rules", cmd_rules, "print the game data the engine uses"},
    {"setup", cmd_setup, "assign the global events to rounds and write the setup sheet"},
    {"organiser", cmd_organiser, "write the dice organiser sheet"},
    {"record-sheet", cmd_record_sheet, "write the game record to fill in at the table"},
    {"summary", cmd_summary, "write the one-page rules summary"},
    {"sheet", cmd_sheet, "blank town-sheets to print (two pages per player)"},
    {"audit", cmd_audit, "check a move log against the rules: errors, mismatches, scores, winner"},
};

static void usage(FILE *to)
{
    fprintf(to, "usage: xii COMMAND [OPTIONS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(to, "  %-13s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\n'xii COMMAND --help' describes a command's options.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("xii %s\n", XII_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].run && strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "xii: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
