/* xii play: the recorder at the table. Reads lines (with libedit on a terminal: prompts,
 * line editing, history, tab completion; plain lines otherwise), checks each one with the
 * audit's parser and replay (record_session.h), writes the accepted ones to FILE as the game
 * goes, and prints the audit report when the game ends. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/stat.h>
#include <editline/readline.h>
#include "cli/commands.h"
#include "cli/write_report.h"
#include "log/words.h"
#include "cli/filled_output.h"
#include "cli/gamedata_option.h"
#include "cli/games.h"
#include "cli/play_game.h"
#include "cli/play_input.h"
#include "cli/recorder_args.h"
#include "core/text.h"
#include "record/complete.h"
#include "record/session.h"
#include "record/shortform.h"
#include "record/text.h"
#include "advisor/advice_hint.h"
#include "audit/report.h"
#include "rules/event_setup.h"

static const char usage_text[] =
    "usage: xii play [--game NAME] [OPTIONS] FILE\n"
    "Records a game at the table, move by move: each line typed is checked by the rules as the\n"
    "audit checks it, and written to FILE (flushed to the disk) once accepted. FILE is created,\n"
    "or continued where it stops. Type help at the prompt for the short forms and commands.\n"
    "Once round 10 is over, the check lines of the final sheets may follow; at quit (or at the\n"
    "end of a finished game's input) the audit report is printed.\n"
    "  --game NAME         the game of a new FILE: xii (XII Century, the default) or kingdom\n"
    "                      (a FILE with lines is continued in its own game, known from its\n"
    "                      first line)\n"
    "  --seed S            draw the events of the difficulty from seed S (setup method 1; XII\n"
    "                      Century only: a kingdom game's dice are typed, e.g. 3 5)\n"
    "  --pdf PDF           at the end, also draw the filled town-sheets (a kingdom game: its\n"
    "                      filled sheet) into PDF\n"
    "  -q, --quiet         do not say what the rules did by themselves (events, feeding,\n"
    "                      production, the war...); refusals, warnings and mismatches stay\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n"
    "  -h, --help          this help\n"
    "When standard input is not a terminal, lines are read without prompts; the first line\n"
    "refused stops the recorder with the audit's message (FILE keeps every line accepted).\n"
    "FILE is locked while recorded, checked before each write (a change by someone else is\n"
    "refused, never overwritten), and never left with part of a line.\n"
    "Exit status: 0 recorded (no errors, no mismatches), 1 a line was refused or a check line\n"
    "differs, 2 bad options or FILE has errors (or is not a regular file), 3 FILE could not be\n"
    "written (another recorder holds it, someone else changed it, the disk is full).\n";

struct play_args {
    const char *file, *pdf, *rules, *seed, *game;
    int quiet;
};

static int parse_args(int argc, char **argv, struct play_args *pa)
{
    memset(pa, 0, sizeof *pa);
    const struct recorder_option opts[] = {
        {"--quiet", "-q", NULL, &pa->quiet}, {"--seed", NULL, &pa->seed, NULL}, {"--pdf", NULL, &pa->pdf, NULL},
        {"--rules", NULL, &pa->rules, NULL}, {"--game", NULL, &pa->game, NULL}, {NULL, NULL, NULL, NULL},
    };
    int rc = recorder_args_parse("play", usage_text, argc, argv, opts, &pa->file);
    if (rc == 0 && pa->pdf && strcmp(pa->pdf, "-") == 0) {
        fputs("xii play: the report goes to standard output: write the sheets to a file\n", stderr);
        return -1;
    }
    return rc;
}

/* ---- the terminal -------------------------------------------------------------------------- */

static const struct record_session *completing;   /* the session tab completion reads */
static struct record_words candidates;
static size_t next_candidate;

/* libedit's generator: the candidates completion_list gathered, one per call (state 0: the first). */
static char *completion_next(const char *text, int state)
{
    (void)text;
    if (state == 0)
        next_candidate = 0;
    if (next_candidate >= candidates.n)
        return NULL;
    return strdup(candidates.items[next_candidate++]);
}

/* The words that may follow what is typed before start, as the session's prompt reads them. */
static char **completion_list(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;      /* never file names */
    record_words_free(&candidates);
    char *before = strndup(rl_line_buffer, (size_t)start);
    if (!before)
        return NULL;
    record_complete(completing, before, text, &candidates);
    free(before);
    return rl_completion_matches(text, completion_next);
}

struct reader {
    int terminal;       /* prompts, colours, libedit */
    int colour;
    int quiet;          /* --quiet: not what the rules did by themselves */
    long lines;         /* the lines read so far */
};

/* The next line (caller frees), or NULL at the end of the input. A line that cannot be
 * taken comes with why in refusal. */
static char *read_line(struct reader *rd, const struct record_session *s, struct strbuf *refusal)
{
    rd->lines++;
    if (rd->terminal) {
        struct strbuf prompt = STRBUF_INIT;
        record_text_prompt(s, &prompt);
        completing = s;
        char *line = play_input_typed(strbuf_cstr(&prompt), refusal);
        strbuf_free(&prompt);
        return line;
    }
    return play_input_piped(rd->lines, refusal);
}

/* ---- commands ------------------------------------------------------------------------------ */

static void print_awaited(const struct record_session *s)
{
    struct strbuf sb = STRBUF_INIT;
    record_text_awaited(s, &sb);
    if (record_session_started(s) && record_session_awaited(s)->kind == LOG_AWAIT_GAME_OVER)
        strbuf_puts(&sb, "Then quit (or Ctrl-D) for the audit report; show NAME prints a sheet, undo takes back "
                         "the last line.\n");
    fputs(strbuf_cstr(&sb), stdout);
    strbuf_free(&sb);
}

/* The last n lines of FILE. */
static void show_log(const struct record_session *s, int n)
{
    const char *text = strbuf_cstr(record_session_text(s));
    size_t len = record_session_text(s)->len;
    size_t start = len;
    if (start > 0 && text[start - 1] == '\n')
        start--;
    for (int k = 0; k < n && start > 0; ) {
        start--;
        if (text[start] == '\n' && ++k == n) {
            start++;
            break;
        }
    }
    if (len == 0)
        puts("(the file is empty)");
    /* As it is safe to show: a line written by hand may hold what a terminal acts on. */
    struct strbuf shown = STRBUF_INIT;
    for (size_t i = start; i < len;) {
        const char *eol = memchr(text + i, '\n', len - i);
        size_t width = eol ? (size_t)(eol - (text + i)) : len - i;
        text_escape(&shown, text + i, width);
        strbuf_putc(&shown, '\n');
        i += width + 1;
    }
    fputs(strbuf_cstr(&shown), stdout);
    strbuf_free(&shown);
}

static void show_sheet(const struct record_session *s, const char *who)
{
    if (!record_session_replay(s)->started) {
        puts("No game yet: the header is not complete.");
        return;
    }
    const struct game_state *st = record_session_state(s);
    struct strbuf sb = STRBUF_INIT;
    int p = -1;
    if (*who) {
        p = record_find_player(st, who);
        if (p < 0) {
            struct strbuf x = STRBUF_INIT;
            printf("'%s' is not a player.\n", recorder_shown(&x, who));
            strbuf_free(&x);
            strbuf_free(&sb);
            return;
        }
    } else {
        p = record_session_awaited(s)->kind == LOG_AWAIT_COLLECT ? record_session_awaited(s)->collect_player : record_session_awaited(s)->player;
    }
    for (int q = 0; q < st->cfg.nplayers; q++)
        if (p < 0 || q == p)
            log_report_player(st, q, 1, &sb);
    fputs(strbuf_cstr(&sb), stdout);
    strbuf_free(&sb);
}

/* The advisor's best moves for what the session awaits (top 3, with fewer rollouts than xii
 * hint's default: an answer within a few seconds at the table). */
static void show_hint(const struct record_session *s)
{
    struct advice_hint_settings h;
    advice_hint_settings_init(&h, ADVICE_TABLE_HINT_ROLLOUTS);
    struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
    fputs("thinking...\n", stdout);
    fflush(stdout);
    struct advice_hint hint;
    if (advice_hint_rank(record_session_replay(s), record_session_awaited(s), -1, &h, &hint, &err) == 0) {
        advice_hint_report(&hint, &h, 3, 0, &out);
        advice_hint_free(&hint);
        fputs(strbuf_cstr(&out), stdout);
    } else {
        printf("hint: %s\n", strbuf_cstr(&err));
    }
    strbuf_free(&out);
    strbuf_free(&err);
}

enum command { NOT_A_COMMAND, CMD_DONE, CMD_UNDONE, CMD_QUIT, CMD_FAILED };

/* Runs a recorder command (undo, show, log, hint, help, quit). */
static enum command run_command(struct record_session *s, const char *line, const struct reader *rd)
{
    char w[16];
    const char *rest = log_first_word(line, w, sizeof w, NULL);
    static const char *const names[] = {"undo", "show", "log", "hint", "help", "quit"};
    int k = -1;
    for (int i = 0; i < 6; i++)
        if (strcasecmp(w, names[i]) == 0)
            k = i;
    size_t restlen = strcspn(rest, "\r\n");
    while (restlen > 0 && (rest[restlen - 1] == ' ' || rest[restlen - 1] == '\t'))
        restlen--;
    char arg[128];
    snprintf(arg, sizeof arg, "%.*s", (int)(restlen < sizeof arg ? restlen : sizeof arg - 1), rest);
    if (k < 0 || (k != 1 && k != 2 && *arg))
        return NOT_A_COMMAND;
    switch (k) {
    case 0: {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        int rc = record_session_undo(s, &undone, &err);
        if (rc != 0)
            fprintf(stderr, "xii play: undo failed, nothing changed: %s\n", strbuf_cstr(&err));
        else if (rd->terminal)
            printf(undone.len ? "taken back:\n%s" : "nothing to take back\n", strbuf_cstr(&undone));
        strbuf_free(&undone);
        strbuf_free(&err);
        return rc ? CMD_FAILED : CMD_UNDONE;
    }
    case 1: {
        char who[XII_NAME_SIZE + 2];
        log_first_word(arg, who, sizeof who, NULL);
        show_sheet(s, who);
        return CMD_DONE;
    }
    case 2: {
        int n = *arg ? atoi(arg) : 10;
        if (n <= 0)
            return NOT_A_COMMAND;
        show_log(s, n);
        return CMD_DONE;
    }
    case 3:
        show_hint(s);
        return CMD_DONE;
    case 4:
        fputs(record_text_help, stdout);
        return CMD_DONE;
    default:
        return CMD_QUIT;
    }
}

/* ---- the end ------------------------------------------------------------------------------- */

/* The audit of FILE, exactly as `xii audit FILE [--pdf PDF] [--rules R]` prints it. */
static int final_report(const struct play_args *pa, const struct record_session *s)
{
    struct strbuf out = STRBUF_INIT;
    int status = record_session_report(s, &out) ? EXIT_OK : EXIT_FINDINGS;
    if (cli_write_report("play", &out) != EXIT_OK)
        status = EXIT_OUTPUT;
    strbuf_free(&out);
    if (pa->pdf) {
        struct render_options ro;
        render_options_init(&ro);
        ro.output = pa->pdf;
        int drawn = filled_output(&ro, "play", record_session_path(s), record_session_replay(s), log_live_diags(record_session_live(s)), 0, NULL);
        if (drawn != EXIT_OK && status != EXIT_OUTPUT)
            status = drawn;
    }
    return status;
}

/* why a line is refused: at the prompt, in red; through a pipe, on standard error (prefixed
 * with the program's name when the message is the recorder's, not the audit's). */
static void print_refusal(const struct reader *rd, const struct strbuf *why, const char *prefix)
{
    if (rd->terminal) {
        printf("%srefused%s (not written):\n%s", rd->colour ? "\033[1;31m" : "",
               rd->colour ? "\033[0m" : "", strbuf_cstr(why));
        return;
    }
    fprintf(stderr, "%s%s", prefix, strbuf_cstr(why));
}

/* Line editing, the history of FILE's lines, and where the game stands. */
static void terminal_start(const struct record_session *s, const char *path, struct reader *rd)
{
    struct strbuf name = STRBUF_INIT;
    const char *file = recorder_shown(&name, path);
    const char *term = getenv("TERM");
    rd->colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb") != 0;
    play_input_terminal();
    rl_attempted_completion_function = completion_list;
    rl_completer_word_break_characters = (char *)" \t,";
    /* The lines already in FILE are the history to recall. */
    const char *p = strbuf_cstr(record_session_text(s));
    while (*p) {
        size_t n = strcspn(p, "\n");
        size_t lead = strspn(p, " \t");
        if (lead < n && p[lead] != '#') {
            char *line = strndup(p + lead, n - lead);
            if (line)
                add_history(line);
            free(line);
        }
        p += n + (p[n] == '\n');
    }
    if (record_session_text(s)->len) {
        size_t n = record_session_statements(s);
        printf("Continuing %s: %zu statement%s", file, n, n == 1 ? "" : "s");
        const struct game_state *st = &record_session_replay(s)->state;
        if (st->phase == PHASE_ROUND)
            printf(", round %d in progress", st->round);
        else if (st->phase == PHASE_ROUND_OVER)
            printf(", round %d over", st->round);
        puts(".");
    } else {
        printf("Recording a new game in %s (type help for the short forms).\n", file);
    }
    strbuf_free(&name);
    print_awaited(s);
}

/* Checks and writes one line typed (not a command); returns 0 to go on, else the exit status
 * that stops the recorder. */
static int record_typed_line(struct record_session *s, const struct reader *rd, const char *line)
{
    struct record_result res;
    enum log_await_kind before = record_session_awaited(s)->kind;
    enum record_header_step before_step = record_header_step(s);
    record_session_submit(s, line, &res);
    int stop = 0;
    if (res.outcome == RECORD_REFUSED) {
        print_refusal(rd, &res.message, "");
        if (!rd->terminal)
            stop = EXIT_FINDINGS;
    } else if (res.outcome == RECORD_WRITE_FAILED) {
        /* Nothing was written: at the table the line may be typed again once the file is
         * right (room made, the file put back); a script stops. */
        fprintf(stderr, "xii play: %s", strbuf_cstr(&res.message));
        if (!rd->terminal)
            stop = EXIT_OUTPUT;
    } else if (res.outcome == RECORD_ACCEPTED) {
        /* What the rules did and the wasted dice, on a terminal and in a pipe alike. */
        if (!rd->quiet)
            fputs(strbuf_cstr(&res.narration), stdout);
        fputs(strbuf_cstr(&res.warnings), stdout);
        fputs(strbuf_cstr(&res.message), rd->terminal ? stdout : stderr);   /* a check's mismatches */
        if (res.mismatch)
            fputs("The line is written as the table typed it; type undo to take it back.\n",
                  rd->terminal ? stdout : stderr);
        fflush(stdout);
    }
    /* What comes next, when it changed or names a new player. */
    if (rd->terminal && res.outcome != RECORD_EMPTY &&
        (res.outcome == RECORD_REFUSED || record_session_awaited(s)->kind != before || record_header_step(s) != before_step ||
         record_session_awaited(s)->kind == LOG_AWAIT_TURN || record_session_awaited(s)->kind == LOG_AWAIT_COLLECT))
        print_awaited(s);
    record_result_free(&res);
    return stop;
}

/* Reads and records lines until quit, the end of the input, or a line that stops the
 * recorder. Once the game is over, the check lines of the final sheets may still come.
 * *report: the audit report is due. Returns the exit status so far. */
static int record(struct record_session *s, struct reader *rd, int *report)
{
    for (;;) {
        struct strbuf refusal = STRBUF_INIT;
        char *line = read_line(rd, s, &refusal);
        if (line && refusal.len) {
            print_refusal(rd, &refusal, "xii play: ");
            strbuf_free(&refusal);
            free(line);
            if (!rd->terminal)
                return EXIT_FINDINGS;
            continue;
        }
        strbuf_free(&refusal);
        if (!line) {
            /* Ctrl-D at the table ends like quit; a script's input ends the game once it is over. */
            *report = rd->terminal || record_session_replay(s)->state.phase == PHASE_GAME_OVER;
            if (rd->terminal)
                putchar('\n');
            return EXIT_OK;
        }
        enum command c = run_command(s, line, rd);
        int stop = 0;
        if (c == CMD_QUIT)
            *report = 1;
        else if (c == CMD_FAILED && !rd->terminal)
            stop = EXIT_OUTPUT;
        else if (c == CMD_UNDONE && rd->terminal)
            print_awaited(s);
        else if (c == NOT_A_COMMAND)
            stop = record_typed_line(s, rd, line);
        free(line);
        if (c == CMD_QUIT || stop)
            return stop;
    }
}

int cmd_play(int argc, char **argv)
{
    struct play_args pa;
    int rc = parse_args(argc, argv, &pa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    const struct game *g = cli_game_of_file("play", pa.game, pa.file);
    if (!g)
        return EXIT_USAGE;
    if (g->read) {
        if (pa.seed) {
            fprintf(stderr, "xii play: --seed draws XII Century's events; a %s game's dice are the table's\n", g->title);
            return EXIT_USAGE;
        }
        if (pa.pdf && record_gamefile_same(pa.pdf, pa.file)) {
            fputs("xii play: the PDF would be the game file (the same file): nothing was read or written\n", stderr);
            return EXIT_USAGE;
        }
        signal(SIGXFSZ, SIG_IGN);
        struct play_game_args a = {pa.file, pa.rules, pa.pdf, pa.quiet};
        return play_game(g, &a);
    }
    uint64_t seed = 0;
    if (pa.seed && event_setup_parse_seed(pa.seed, &seed) != 0) {
        struct strbuf x = STRBUF_INIT;
        fprintf(stderr, "xii play: --seed needs a number from 0 to 18446744073709551615, not '%s'\n",
                recorder_shown(&x, pa.seed));
        strbuf_free(&x);
        return EXIT_USAGE;
    }
    if (pa.pdf && record_gamefile_same(pa.pdf, pa.file)) {
        struct strbuf x = STRBUF_INIT;
        fprintf(stderr, "xii play: the PDF %s would be the game file (the same file): nothing was read or "
                        "written; give the PDF another name\n",
                recorder_shown(&x, pa.pdf));
        strbuf_free(&x);
        return EXIT_USAGE;
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, pa.rules) != 0)
        return EXIT_USAGE;
    /* A file size limit (ulimit -f) makes a write fail (EFBIG), which the game file takes
     * back, instead of ending the program in the middle of a line. */
    signal(SIGXFSZ, SIG_IGN);
    struct record_session *s = NULL;
    struct strbuf err = STRBUF_INIT;
    rc = record_session_open(&s, &gd, pa.file, &err);
    if (rc != 0) {
        if (rc > 0) {
            struct strbuf x = STRBUF_INIT;
            const char *file = recorder_shown(&x, pa.file);
            fprintf(stderr, "%sxii play: %s has errors: the recorder continues only a log the rules accept "
                            "(see xii audit %s)\n", strbuf_cstr(&err), file, file);
            strbuf_free(&x);
        } else {
            fprintf(stderr, "xii play: %s\n", strbuf_cstr(&err));
        }
        strbuf_free(&err);
        record_session_free(s);
        gamedata_free(&gd);
        return rc == -2 ? EXIT_OUTPUT : EXIT_USAGE;
    }
    strbuf_free(&err);
    record_session_set_seed(s, pa.seed != NULL, seed);
    struct reader rd = {isatty(STDIN_FILENO), 0, pa.quiet, 0};
    if (rd.terminal)
        terminal_start(s, pa.file, &rd);
    int report = 0;
    int status = record(s, &rd, &report);
    if (report) {
        int audit = final_report(&pa, s);
        if (status == EXIT_OK)
            status = audit;
    }
    record_words_free(&candidates);
    record_session_free(s);
    gamedata_free(&gd);
    return status;
}
