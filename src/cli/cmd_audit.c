/* xii audit: replays a move log through the rules, reports every error and mismatch, the final
 * sheets, the scores and the winner. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/audit_analyse.h"
#include "cli/audit_kingdom.h"
#include "cli/games.h"
#include "kingdom/game.h"
#include "cli/commands.h"
#include "cli/write_report.h"
#include "cli/options.h"
#include "cli/render_options.h"
#include "cli/replayed_log.h"
#include "cli/usage.h"
#include "core/readfile.h"
#include "core/xalloc.h"
#include "kingdom/klog.h"
#include "cli/filled_output.h"
#include "audit/replay.h"
#include "audit/report.h"
#include "audit/trace.h"

/* The messages listed by default: a real game's mistakes fit, a hostile log's millions do not
 * (they are counted, not kept: memory stays bounded). */
#define AUDIT_MAX_MESSAGES 100

static const char usage_head[] =
    "usage: xii audit [OPTIONS] LOG\n"
    "Replays the move log LOG (\"-\" reads standard input) through the rules, reports every\n"
    "error and every check that differs from the rules, the final sheets, scores and winner.\n"
    "A log whose first line is \"kingdom 1\" is a game of Kingdom (docs/kingdom.md), whose\n"
    "report shows the map, the ledger and the result; it takes the options --json, the\n"
    "Kingdom's --until-year, --max-messages, --rules (its game data), --trace RESOURCE and\n"
    "the drawing options (--pdf FILE: its filled sheet).\n"
    "  --json              print one JSON object instead of the text report\n"
    "  --until-round N     the state (and the sheets) after round N (1-10)\n"
    "  --until-year N      Kingdom: the state after year N (1-99)\n"
    "  --max-messages N    list the first N errors and mismatches (default 100; 0 lists all),\n"
    "                      then how many more there are; all of them are counted\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n"
    "  --pdf FILE          also draw the filled town-sheets (two pages per player) into FILE\n"
    "  --mark              on those sheets, circle every value a check line got wrong\n"
    "  --trace NAME[:VALUE]\n"
    "                      instead of the report: player NAME's values turn by turn (after\n"
    "                      each of the player's turns, and a round's start or end that changed\n"
    "                      them), or every change of one VALUE with its cause; Kingdom:\n"
    "                      --trace RESOURCE (food, ore, work, farms, mines, villages, stage,\n"
    "                      graveyards), every change of it with its year and cause\n"
    "  --analyse           rate every decision against the best move found by rollouts: each\n"
    "                      player's cost, luck and costliest moves (and a page with --pdf);\n"
    "                      with it:\n";

static const char usage_render[] =
    "With --pdf (-o FILE is the same as --pdf FILE):\n";

static const char usage_tail[] =
    "  -h, --help          this help\n"
    "Exit status: 0 the log is valid and every check matches, 1 errors or mismatches,\n"
    "2 bad options or an unreadable file, 3 an output could not be written.\n";

static const char *const help_text[] = {usage_head, advisor_options_help, usage_render,
                                        render_options_help, usage_tail, NULL};


struct audit_args {
    const char *log, *rules, *trace;
    int json, until_round, until_year, mark, analyse;
    size_t max_messages;
    struct advisor_args adv;
    struct render_options ro;
    const char *render_given;   /* a render option given (it needs --pdf), or NULL */
};

/* --max-messages N: how many messages to list (0 for all). Returns 0, or -1 after saying why. */
static int parse_max_messages(int m, const char *v, size_t *max_messages)
{
    char *end;
    errno = 0;
    long long n = m < 0 ? -1 : strtoll(v, &end, 10);
    if (m < 0 || errno || end == v || *end || n < 0) {
        fputs("xii audit: --max-messages needs a number: how many messages to list "
              "(0 for all)\n", stderr);
        return -1;
    }
    *max_messages = (size_t)n;
    return 0;
}

/* --until-round N, a round of the game. Returns 0, or -1 after saying why. */
static int parse_until_round(int m, const char *v, int *until_round)
{
    if (m < 0) {
        fputs("xii audit: --until-round needs a value\n", stderr);
        return -1;
    }
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || *end || end == v || n < 1 || n > GD_ROUNDS) {
        fprintf(stderr, "xii audit: --until-round needs a round from 1 to %d, not '%s'\n",
                GD_ROUNDS, v);
        return -1;
    }
    *until_round = (int)n;
    return 0;
}

/* --until-year N, a year of a kingdom game. Returns 0, or -1 after saying why. */
static int parse_until_year(int m, const char *v, int *until_year)
{
    char *end;
    errno = 0;
    long n = m < 0 ? 0 : strtol(v, &end, 10);
    if (m < 0 || errno || *end || end == v || n < 1 || n > 99) {
        fprintf(stderr, "xii audit: --until-year needs a year from 1 to 99%s%s%s\n", m < 0 ? "" : ", not '",
                m < 0 ? "" : v, m < 0 ? "" : "'");
        return -1;
    }
    *until_year = (int)n;
    return 0;
}

/* --pdf FILE, the filled sheets' path (-o FILE says the same). Returns 0, or -1 after saying why. */
static int parse_pdf(int m, const char *v, struct audit_args *aa)
{
    if (m < 0) {
        fputs("xii audit: --pdf needs a value\n", stderr);
        return -1;
    }
    if (!*v) {
        fputs("xii audit: --pdf needs a file name\n", stderr);
        return -1;
    }
    if (aa->ro.output) {
        fputs("xii audit: give the PDF's path once (--pdf FILE or -o FILE)\n", stderr);
        return -1;
    }
    aa->ro.output = v;
    return 0;
}

/* The options that take a value and belong to the audit alone. Returns 1 when argv[*i] was one
 * (*i moved past it), 0 when it was not, -1 after printing an error. */
static int parse_value_option(int argc, char **argv, int *i, struct audit_args *aa)
{
    const char *v = NULL;
    int m;
    if ((m = cli_option(argc, argv, i, "--pdf", NULL, &v)) != 0)
        return parse_pdf(m, v, aa) == 0 ? 1 : -1;
    if ((m = cli_option(argc, argv, i, "--trace", NULL, &v)) != 0) {
        if (m < 0 || !*v) {
            fputs("xii audit: --trace needs a player's name, or NAME:VALUE (Jack:food)\n", stderr);
            return -1;
        }
        aa->trace = v;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--rules", NULL, &v)) != 0) {
        if (m < 0) {
            fputs("xii audit: --rules needs a value\n", stderr);
            return -1;
        }
        aa->rules = v;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--max-messages", NULL, &v)) != 0)
        return parse_max_messages(m, v, &aa->max_messages) == 0 ? 1 : -1;
    if ((m = cli_option(argc, argv, i, "--until-round", NULL, &v)) != 0)
        return parse_until_round(m, v, &aa->until_round) == 0 ? 1 : -1;
    if ((m = cli_option(argc, argv, i, "--until-year", NULL, &v)) != 0)
        return parse_until_year(m, v, &aa->until_year) == 0 ? 1 : -1;
    return 0;
}

/* The filled sheets' drawing options (render_options.h). Returns 1 when argv[*i] was one, 0
 * when it was not, -1 after printing an error. */
static int parse_render_option(int argc, char **argv, int *i, struct audit_args *aa)
{
    const char *a = argv[*i], *output = aa->ro.output;
    struct strbuf err = STRBUF_INIT;
    int m = render_options_parse(&aa->ro, argc, argv, i, &err);
    if (m < 0)
        fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    if (m <= 0)
        return m;
    if (output && aa->ro.output != output) {
        fputs("xii audit: give the PDF's path once (--pdf FILE or -o FILE)\n", stderr);
        return -1;
    }
    if (strcmp(a, "-o") != 0 && strncmp(a, "--output", 8) != 0 && !aa->render_given)
        aa->render_given = a;
    return 1;
}

/* One argument at argv[*i] (with its value); moves *i past it. Returns 0 to go on, 1 after
 * printing the help, -1 after printing an error. */
static int parse_arg(int argc, char **argv, int *i, struct audit_args *aa)
{
    const char *a = argv[*i];
    int m;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        cli_print_help(help_text);
        return 1;
    }
    int *flag = strcmp(a, "--json") == 0 ? &aa->json : strcmp(a, "--mark") == 0 ? &aa->mark
              : strcmp(a, "--analyse") == 0 ? &aa->analyse : NULL;
    if (flag) {
        *flag = 1;
        (*i)++;
        return 0;
    }
    if ((m = advisor_args_parse(&aa->adv, "audit", argc, argv, i)) != 0 ||
        (m = parse_value_option(argc, argv, i, aa)) != 0 ||
        (m = parse_render_option(argc, argv, i, aa)) != 0)
        return m < 0 ? -1 : 0;
    if (a[0] == '-' && a[1] != 0) {
        cli_unknown_option("audit", a, help_text);
        return -1;
    }
    if (aa->log) {
        fprintf(stderr, "xii audit: one log at a time ('%s' and '%s' given)\n", aa->log, a);
        return -1;
    }
    aa->log = a;
    (*i)++;
    return 0;
}

/* The options that go together and those that do not. Returns 0, or -1 after saying why. */
static int check_args(struct audit_args *aa)
{
    if (!aa->log) {
        fputs("xii audit: which log? (give a file name, or - for standard input)\n", stderr);
        cli_see_help("audit");
        return -1;
    }
    if (aa->trace && aa->json) {
        fputs("xii audit: --trace prints text: give it without --json\n", stderr);
        return -1;
    }
    if (!aa->ro.output && (aa->render_given || aa->mark)) {
        fprintf(stderr, "xii audit: %s is about the filled sheets: give --pdf FILE too\n",
                aa->mark ? "--mark" : aa->render_given);
        return -1;
    }
    if (aa->adv.given && !aa->analyse) {
        fprintf(stderr, "xii audit: %s is about the analysis: give --analyse too\n", aa->adv.given);
        return -1;
    }
    const char *conflict = !aa->analyse ? NULL
        : aa->adv.set.seconds > 0 ? "--time is for xii hint; the analysis takes --rollouts"
        : aa->trace ? "--trace replaces the report: leave out --analyse"
        : aa->until_round ? "--analyse rates the whole log: leave out --until-round" : NULL;
    if (conflict) {
        fprintf(stderr, "xii audit: %s\n", conflict);
        return -1;
    }
    if (aa->ro.output && strcmp(aa->ro.output, "-") == 0) {
        fputs("xii audit: the report goes to standard output: write the sheets to a file\n", stderr);
        return -1;
    }
    const char *inputs[] = {aa->log, aa->rules};
    struct strbuf err = STRBUF_INIT;
    int rc = render_options_check(&aa->ro, NULL, inputs, 2, &err);
    if (rc != 0)
        fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return rc != 0 ? -1 : 0;
}

/* Parses argv; returns -1 after printing an error, 1 after printing the help, 0 to go on. */
static int parse_args(int argc, char **argv, struct audit_args *aa)
{
    memset(aa, 0, sizeof *aa);
    aa->max_messages = AUDIT_MAX_MESSAGES;
    render_options_init(&aa->ro);
    advisor_args_init(&aa->adv, AUDIT_ANALYSE_ROLLOUTS);
    for (int i = 1; i < argc;) {
        int rc = parse_arg(argc, argv, &i, aa);
        if (rc != 0)
            return rc;
    }
    return check_args(aa);
}

/* The analysis page after the sheets. */
struct analysis_page {
    const struct analysis *an;
    const struct audit_args *aa;
    const char *title, *footer;
};

static void draw_analysis(struct canvas *c, const void *ctx)
{
    const struct analysis_page *p = ctx;
    audit_analyse_page(c, p->an, &p->aa->adv, p->aa->ro.paper, p->aa->ro.grey, p->title, p->footer);
}

/* Draws the filled sheets (and the analysis page when an is not NULL); returns the exit status. */
static int draw_sheets(const struct audit_args *aa, const char *name, const struct log_replay *r,
                       const struct diag_list *dl, const struct analysis *an)
{
    struct strbuf footer = STRBUF_INIT;
    render_options_describe(&aa->ro, &footer);
    struct analysis_page page = {an, aa, r->title ? r->title : name, strbuf_cstr(&footer)};
    struct filled_extra extra = {draw_analysis, &page};
    int status = filled_output(&aa->ro, "audit", name, r, dl, aa->mark, an ? &extra : NULL);
    strbuf_free(&footer);
    return status;
}

/* Whether a file can be made where path says (its folder exists and is writable); says why
 * not. The analysis takes minutes: its outputs are checked before it, not after. */
static int can_write_in_folder(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        slash[1] = 0;
    else
        *slash = 0;
    struct stat st;
    int err = 0;
    if (stat(dir, &st) != 0)
        err = errno;
    else if (!S_ISDIR(st.st_mode))
        err = ENOTDIR;
    else if (access(dir, W_OK | X_OK) != 0)
        err = errno;
    if (err)
        fprintf(stderr, "xii audit: cannot write %s: %s\n", path, strerror(err));
    free(dir);
    return err == 0;
}

/* A kingdom log: the options that are XII Century's alone are refused. */
static int audit_kingdom_log(const struct audit_args *aa, const char *name, char *src, size_t len)
{
    const char *xii_only = aa->until_round ? "--until-round" : aa->mark ? "--mark" : aa->analyse ? "--analyse" : NULL;
    if (xii_only) {
        fprintf(stderr, "xii audit: %s is for XII Century logs; %s is a Kingdom log%s\n", xii_only, name,
                aa->until_round ? " (give --until-year N)" : "");
        free(src);
        return EXIT_USAGE;
    }
    struct kingdom_audit_args ka = {name, aa->rules, aa->trace, aa->json, aa->until_year, aa->max_messages, &aa->ro};
    int status = audit_kingdom(&ka, src, len);
    free(src);
    return status;
}

int cmd_audit(int argc, char **argv)
{
    struct audit_args aa;
    int rc = parse_args(argc, argv, &aa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    if (aa.analyse && aa.ro.output && strcmp(aa.ro.output, "-") != 0 && !can_write_in_folder(aa.ro.output))
        return EXIT_OUTPUT;
    char *src;
    size_t len;
    struct strbuf rerr = STRBUF_INIT;
    if (readfile(aa.log, LOG_MAX_BYTES, &src, &len, &rerr) != 0) {
        fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&rerr));
        strbuf_free(&rerr);
        return EXIT_USAGE;
    }
    strbuf_free(&rerr);
    const char *shown = strcmp(aa.log, "-") == 0 ? "<stdin>" : aa.log;
    if (cli_game_of_log(src, len) == &kingdom_game)
        return audit_kingdom_log(&aa, shown, src, len);
    if (aa.until_year) {
        fprintf(stderr, "xii audit: --until-year is for Kingdom logs; %s is a XII Century log (give --until-round N)\n",
                shown);
        free(src);
        return EXIT_USAGE;
    }
    struct log_replay_options opt = {aa.until_round, aa.max_messages};
    struct replayed_log rl;
    if (replayed_log_from(&rl, aa.log, src, len, aa.rules, aa.max_messages, &opt) != 0)
        return EXIT_USAGE;
    const char *name = rl.name;
    struct log_replay *r = rl.replay;
    struct log_report_input in = {name, rl.src, rl.len, r, &rl.dl};
    struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
    json_t *doc = NULL;     /* --json --analyse: the audit's object, the analysis added */
    int status = log_report_ok(&in) ? EXIT_OK : EXIT_FINDINGS;
    if (aa.trace) {
        if (log_trace_text(r, aa.trace, &out, &err) != 0) {
            fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&err));
            strbuf_free(&err);
            status = EXIT_USAGE;
        }
    } else if (aa.json && aa.analyse) {
        doc = log_report_json_value(&in);
    } else if (aa.json) {
        log_report_json(&in, &out);
    } else {
        log_report_text(&in, &out);
    }
    struct analysis an, *analysed = NULL;
    if (aa.analyse && rl.dl.errors > 0) {
        fprintf(stderr, "xii audit: no analysis: the log has errors (the report lists them)\n");
    } else if (aa.analyse && audit_analyse_run(&rl.gd, rl.ast, rl.src, rl.len, &aa.adv, &an) == 0) {
        analysed = &an;
        if (doc)
            audit_analyse_json(&an, &aa.adv, doc);
        else
            audit_analyse_text(&an, &aa.adv, &out);
    } else if (aa.analyse) {
        status = EXIT_FINDINGS;
    }
    if (doc) {
        audit_analyse_json_write(doc, &out);
        json_decref(doc);
    }
    if (cli_write_report("audit", &out) != EXIT_OK)
        status = EXIT_OUTPUT;
    if (aa.ro.output) {
        int drawn = draw_sheets(&aa, name, r, &rl.dl, analysed);
        if (drawn != EXIT_OK && status != EXIT_OUTPUT)
            status = drawn;
    }
    analysis_free(analysed);
    strbuf_free(&out);
    replayed_log_free(&rl);
    return status;
}
