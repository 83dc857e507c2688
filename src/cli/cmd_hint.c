/* xii hint: the best moves for the decision awaited at the end of a move log, ranked by
 * rollouts, with their expected final score, chance of winning and the log lines to type. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/advisor_options.h"
#include "cli/commands.h"
#include "cli/write_report.h"
#include "cli/games.h"
#include "cli/hint_kingdom.h"
#include "cli/options.h"
#include "cli/replayed_log.h"
#include "cli/usage.h"
#include "audit/await.h"
#include "audit/replay.h"
#include "advisor/advice_hint.h"
#include "core/readfile.h"
#include "kingdom/game.h"

static const char usage_head[] =
    "usage: xii hint [OPTIONS] LOG\n"
    "The best moves for the decision awaited at the end of the move log LOG (\"-\" reads\n"
    "standard input): the dice still unspent in a turn (a turn line with nothing under it\n"
    "asks about all four), a king-war choice, or a location bonus choice. Each move is played\n"
    "out to the end of the game many times (rollouts); moves are ranked by expected final\n"
    "score, with 95 % intervals and the chance of winning, and printed as the lines to type.\n"
    "A Kingdom log (first line \"kingdom 1\") gets the decisions its year awaits (setup,\n"
    "sixes, a disaster's or starvation's victim, a reroll, the capital's picks, builds,\n"
    "trades, the end of building) ranked by the chance to win (--goal score: the return,\n"
    "the sooner win), exact when the rest of the game is small, else raced by rollouts.\n"
    "  --player NAME       the player asking (the king war: who decides; default the first\n"
    "                      one with a choice)\n"
    "  --top K             show the K best moves (default 3)\n"
    "  --json              print one JSON object instead of the text\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n";

static const char usage_tail[] =
    "  -h, --help          this help\n"
    "Exit status: 0 moves ranked, 1 the log has errors, 2 bad options, an unreadable file or\n"
    "no decision due at the end of the log.\n";

static const char *const help_text[] = {usage_head, advisor_options_help, usage_tail, NULL};

struct hint_args {
    const char *log, *rules, *player;
    int json;
    long top;
    struct advisor_args adv;
};

/* Parses argv; returns -1 after printing an error, 1 after printing the help, 0 to go on. */
static int parse_args(int argc, char **argv, struct hint_args *ha)
{
    memset(ha, 0, sizeof *ha);
    ha->top = 3;
    advisor_args_init(&ha->adv, ADVICE_HINT_ROLLOUTS);
    int i = 1;
    while (i < argc) {
        const char *a = argv[i], *v = NULL;
        int m;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_print_help(help_text);
            return 1;
        }
        if (strcmp(a, "--json") == 0) {
            ha->json = 1;
            i++;
        } else if ((m = advisor_args_parse(&ha->adv, "hint", argc, argv, &i)) != 0) {
            if (m < 0)
                return -1;
        } else if ((m = cli_option(argc, argv, &i, "--player", NULL, &v)) != 0) {
            if (m < 0 || !*v) {
                fputs("xii hint: --player needs a name\n", stderr);
                return -1;
            }
            ha->player = v;
        } else if ((m = cli_option(argc, argv, &i, "--top", NULL, &v)) != 0) {
            char *end;
            errno = 0;
            long n = m < 0 ? 0 : strtol(v, &end, 10);
            if (m < 0 || errno || *end || end == v || n < 1 || n > 64) {
                fprintf(stderr, "xii hint: --top needs a whole number from 1 to 64%s%s%s\n",
                        m < 0 ? "" : ", not '", m < 0 ? "" : v, m < 0 ? "" : "'");
                return -1;
            }
            ha->top = n;
        } else if ((m = cli_option(argc, argv, &i, "--rules", NULL, &v)) != 0) {
            if (m < 0) {
                fputs("xii hint: --rules needs a value\n", stderr);
                return -1;
            }
            ha->rules = v;
        } else if (a[0] == '-' && a[1] != 0) {
            cli_unknown_option("hint", a, help_text);
            return -1;
        } else {
            if (ha->log) {
                fprintf(stderr, "xii hint: one log at a time ('%s' and '%s' given)\n", ha->log, a);
                return -1;
            }
            ha->log = a;
            i++;
        }
    }
    if (!ha->log) {
        fputs("xii hint: which log? (give a file name, or - for standard input)\n", stderr);
        cli_see_help("hint");
        return -1;
    }
    return 0;
}

/* Says the log has errors and to fix them first; a log whose reading stopped at the error
 * limit has more than it was read to (the "too many errors" line is no error of the log). */
static void refuse_errors(const char *name, const struct diag_list *dl, int stopped)
{
    if (stopped) {
        fprintf(stderr, "xii hint: %s has more than %d errors: fix them first (xii audit %s lists "
                        "the first %d)\n", name, LOG_MAX_ERRORS, name, LOG_MAX_ERRORS);
        return;
    }
    fprintf(stderr, "xii hint: %s has %zu error%s: fix %s first (xii audit %s lists %s)\n", name, dl->errors,
            dl->errors == 1 ? "" : "s", dl->errors == 1 ? "it" : "them", name, dl->errors == 1 ? "it" : "them");
}

/* A kingdom log: --player is XII Century's alone (the kingdom is a solo game). */
static int hint_kingdom_log(const struct hint_args *ha, char *src, size_t len)
{
    const char *name = strcmp(ha->log, "-") == 0 ? "<stdin>" : ha->log;
    int status;
    if (ha->player) {
        fprintf(stderr, "xii hint: --player is for XII Century logs; %s is a Kingdom log (one player)\n", name);
        status = EXIT_USAGE;
    } else {
        struct kingdom_hint_args ka = {name, ha->rules, ha->json, (size_t)ha->top, &ha->adv.set};
        status = hint_kingdom(&ka, src, len);
    }
    free(src);
    return status;
}

int cmd_hint(int argc, char **argv)
{
    struct hint_args ha;
    int rc = parse_args(argc, argv, &ha);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    char *src;
    size_t len;
    struct strbuf rerr = STRBUF_INIT;
    if (readfile(ha.log, LOG_MAX_BYTES, &src, &len, &rerr) != 0) {
        fprintf(stderr, "xii hint: %s\n", strbuf_cstr(&rerr));
        strbuf_free(&rerr);
        return EXIT_USAGE;
    }
    strbuf_free(&rerr);
    if (cli_game_of_log(src, len) == &kingdom_game)
        return hint_kingdom_log(&ha, src, len);
    struct log_replay_options opt = {0};
    struct replayed_log rl;
    if (replayed_log_from(&rl, ha.log, src, len, ha.rules, 0, &opt) != 0)
        return EXIT_USAGE;
    const char *name = rl.name;
    struct log_replay *r = rl.replay;
    struct strbuf err = STRBUF_INIT;
    int status = EXIT_OK;
    int asked = -1;
    if (rl.dl.errors > 0) {
        refuse_errors(name, &rl.dl, r->stopped);
        status = EXIT_FINDINGS;
    } else if (ha.player && r->started && (asked = engine_seat_named(&r->state.cfg, ha.player, strlen(ha.player))) < 0) {
        fprintf(stderr, "xii hint: %s is not a player of %s\n", ha.player, name);
        status = EXIT_USAGE;
    } else {
        struct log_await a;
        log_await(r, &a);
        struct strbuf out = STRBUF_INIT;
        struct advice_hint hint;
        ha.adv.set.shown = (size_t)ha.top;
        int ranked = advice_hint_rank(r, &a, asked, &ha.adv.set, &hint, &err);
        status = ranked > 0 ? EXIT_USAGE : ranked < 0 ? EXIT_FINDINGS : EXIT_OK;
        if (ranked == 0) {
            advice_hint_report(&hint, &ha.adv.set, (size_t)ha.top, ha.json, &out);
            advice_hint_free(&hint);
        }
        if (status == EXIT_USAGE)
            fprintf(stderr, "xii hint: %s: %s\n", name, strbuf_cstr(&err));
        else if (status != EXIT_OK)
            fprintf(stderr, "xii hint: %s\n", strbuf_cstr(&err));
        else
            status = cli_write_report("hint", &out);
        strbuf_free(&out);
    }
    strbuf_free(&err);
    replayed_log_free(&rl);
    return status;
}
