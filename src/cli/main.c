/* xii: the XII Century companion. Dispatches to the subcommands. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/usage.h"
#include "core/atomicfile.h"

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
    {"sheet", cmd_sheet, "blank town-sheets to print (two pages per player), or the kingdom's"},
    {"audit", cmd_audit, "check a move log against the rules: errors, mismatches, scores, winner"},
    {"play", cmd_play, "record a game at the table, each move checked as it is typed"},
    {"serve", cmd_serve, "record a game from every player's phone: a link each, over the recorder"},
    {"simulate", cmd_simulate, "play many games with bots: score statistics, plot, move logs"},
    {"hint", cmd_hint, "the best moves for the decision at the end of a move log, by rollouts"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *to)
{
    fprintf(to, "usage: xii COMMAND [OPTIONS]\n"
                "       xii help COMMAND\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(to, "  %-13s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\n'xii help COMMAND' (or 'xii COMMAND --help') describes a command's options.\n"
                "  -h, --help   this help\n"
                "  --version    print the version\n"
                "Exit status: 0 success, 1 the input has errors or mismatches, 2 bad options or\n"
                "bad input, 3 an output could not be written.\n");
}

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* Says that name is no command, naming the closest one. */
static void unknown_command(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    const char *near = cli_nearest(name, names, NCOMMANDS);
    char shown[CLI_ECHO_MAX];
    cli_echo(shown, sizeof shown, name);
    if (near)
        fprintf(stderr, "xii: unknown command '%s' (did you mean %s?)\n", shown, near);
    else
        fprintf(stderr, "xii: unknown command '%s'\n", shown);
    fputs("Try 'xii --help' for the list of commands.\n", stderr);
}

/* An interrupted run removes its temporary files (the old outputs stay as they were), then
 * dies of the signal, so that the shell sees why it stopped. */
static void on_signal(int sig)
{
    atomicfile_remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        /* A signal the caller ignores (nohup, a background job) stays ignored. */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

int main(int argc, char **argv)
{
    catch_signals();
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
        (strcmp(name, "help") == 0 && argc == 2)) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("xii %s\n", XII_VERSION);
        return EXIT_OK;
    }
    if (strcmp(name, "help") == 0) {
        /* xii help COMMAND is xii COMMAND --help. */
        if (argc > 3) {
            fprintf(stderr, "xii help: one command at a time ('%s' and '%s' given)\n", argv[2],
                    argv[3]);
            fputs("Try 'xii --help' for the list of commands.\n", stderr);
            return EXIT_USAGE;
        }
        const struct command *c = find_command(argv[2]);
        if (!c) {
            unknown_command(argv[2]);
            return EXIT_USAGE;
        }
        static char help_option[] = "--help";
        char *help_argv[] = {argv[2], help_option, NULL};
        return c->run(2, help_argv);
    }
    const struct command *c = find_command(name);
    if (c)
        return c->run(argc - 1, argv + 1);
    if (name[0] == '-') {
        static const char *const options[] = {"--help", "--version"};
        const char *near = cli_nearest(name, options, 2);
        char shown[CLI_ECHO_MAX];
        cli_echo(shown, sizeof shown, name);
        if (near)
            fprintf(stderr, "xii: unknown option '%s' (did you mean %s?)\n", shown, near);
        else
            fprintf(stderr, "xii: unknown option '%s' (a command's options come after it)\n", shown);
        fputs("Try 'xii --help' for the list of commands.\n", stderr);
    } else {
        unknown_command(name);
    }
    return EXIT_USAGE;
}
