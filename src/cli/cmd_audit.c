/* xii audit: replays a move log through the rules, reports every error and mismatch, the final
 * sheets, the scores and the winner. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "core/readfile.h"
#include "log/parse.h"
#include "log/replay.h"
#include "log/report.h"

#define MAX_LOG_BYTES ((size_t)256 << 20)

static const char usage_text[] =
    "usage: xii audit [OPTIONS] LOG\n"
    "Replays the move log LOG (\"-\" reads standard input) through the rules, reports every\n"
    "error and every check that differs from the rules, the final sheets, scores and winner.\n"
    "  --json              print one JSON object instead of the text report\n"
    "  --until-round N     the state after round N (1-10)\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n"
    "  -h, --help          this help\n"
    "Exit status: 0 the log is valid and every check matches, 1 errors or mismatches,\n"
    "2 bad options or an unreadable file, 3 the output could not be written.\n";

struct audit_args {
    const char *log, *rules;
    int json, until_round;
};

/* The value of "--name VALUE" or "--name=VALUE"; 0 when argv[*i] is another argument. */
static int option_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0 || (a[n] != 0 && a[n] != '='))
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        *i += 1;
        return 1;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "xii audit: %s needs a value\n", name);
        return -1;
    }
    *value = argv[*i + 1];
    *i += 2;
    return 1;
}

/* Parses argv; returns -1 after printing an error, 1 after printing the help, 0 to go on. */
static int parse_args(int argc, char **argv, struct audit_args *aa)
{
    memset(aa, 0, sizeof *aa);
    int i = 1;
    while (i < argc) {
        const char *a = argv[i], *v = NULL;
        int m;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return 1;
        }
        if (strcmp(a, "--json") == 0) {
            aa->json = 1;
            i++;
        } else if ((m = option_value(argc, argv, &i, "--rules", &v)) != 0) {
            if (m < 0)
                return -1;
            aa->rules = v;
        } else if ((m = option_value(argc, argv, &i, "--until-round", &v)) != 0) {
            if (m < 0)
                return -1;
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno || *end || end == v || n < 1 || n > GD_ROUNDS) {
                fprintf(stderr, "xii audit: --until-round needs a round from 1 to %d, not '%s'\n",
                        GD_ROUNDS, v);
                return -1;
            }
            aa->until_round = (int)n;
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "xii audit: unknown option '%s'\n", a);
            fputs(usage_text, stderr);
            return -1;
        } else {
            if (aa->log) {
                fprintf(stderr, "xii audit: one log at a time ('%s' and '%s' given)\n", aa->log, a);
                return -1;
            }
            aa->log = a;
            i++;
        }
    }
    if (!aa->log) {
        fputs("xii audit: which log? (give a file name, or - for standard input)\n", stderr);
        fputs(usage_text, stderr);
        return -1;
    }
    return 0;
}

int cmd_audit(int argc, char **argv)
{
    struct audit_args aa;
    int rc = parse_args(argc, argv, &aa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    char *src = NULL;
    size_t len = 0;
    struct strbuf err = STRBUF_INIT;
    if (readfile(aa.log, MAX_LOG_BYTES, &src, &len, &err) != 0) {
        fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_USAGE;
    }
    strbuf_free(&err);
    struct gamedata gd;
    if (cli_load_gamedata(&gd, aa.rules) != 0) {
        free(src);
        return EXIT_USAGE;
    }
    const char *name = strcmp(aa.log, "-") == 0 ? "<stdin>" : aa.log;
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(src, len, name, &dl);
    struct log_replay_options opt = {aa.until_round};
    struct log_replay *r = log_replay_run(&gd, ast, &opt, &dl);
    struct log_report_input in = {name, src, len, r, &dl};
    struct strbuf out = STRBUF_INIT;
    if (aa.json)
        log_report_json(&in, &out);
    else
        log_report_text(&in, &out);
    int status = log_report_ok(&in) ? EXIT_OK : EXIT_FINDINGS;
    if (fwrite(out.data ? out.data : "", 1, out.len, stdout) != out.len || fflush(stdout) != 0) {
        fprintf(stderr, "xii audit: cannot write the report: %s\n", strerror(errno));
        status = EXIT_OUTPUT;
    }
    strbuf_free(&out);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    gamedata_free(&gd);
    free(src);
    return status;
}
