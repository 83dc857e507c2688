/* xii play for a game of the shared recorder: the prompt, the lines typed or piped, what the
 * rules did and the waste warnings, undo, and the audit report at the end (cli/play_game.h). */
#include "cli/play_game.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <editline/readline.h>
#include "cli/audit_kingdom.h"
#include "cli/commands.h"
#include "cli/game_open.h"
#include "cli/play_input.h"
#include "cli/progress.h"
#include "cli/recorder_args.h"
#include "core/text.h"
#include "kingdom/game.h"
#include "log/words.h"
#include "record/gsession.h"
#include "advisor/grace_hint.h"

static const char help_text[] =
    "Type a line of the move log, or its short form as the prompt shows it (the statement's\n"
    "keyword left out: \"3 5\" at the fate dice, \"farm C4\" or \"2 food\" at building).\n"
    "  done        end the year's building and trading (feeding follows)\n"
    "  next        begin the next year (after done, or ending the building as done does)\n"
    "  # TEXT      a note, written as it is\n"
    "  undo        take back the last line (or the decisions not yet written)\n"
    "  log [N]     the last N lines of the file (10)\n"
    "  hint        the advisor's best decisions here (as xii hint on the file so far)\n"
    "  help        this help\n"
    "  quit        end the recorder (Ctrl-D too); the audit report follows\n";

struct table {
    int terminal, colour, quiet;
    long lines;
};

static void print_prompt(const struct gsession *s)
{
    struct strbuf sb = STRBUF_INIT;
    gsession_prompt(s, &sb);
    if (gsession_over(s))
        strbuf_puts(&sb, "Then quit (or Ctrl-D) for the audit report; undo takes back the last line.\n");
    fputs(strbuf_cstr(&sb), stdout);
    strbuf_free(&sb);
}

/* The last n lines of FILE, escaped for the terminal. */
static void show_log(const struct gsession *s, int n)
{
    const struct strbuf *t = gsession_text(s);
    const char *text = strbuf_cstr(t);
    size_t start = t->len;
    if (start > 0 && text[start - 1] == '\n')
        start--;
    for (int k = 0; k < n && start > 0;) {
        start--;
        if (text[start] == '\n' && ++k == n) {
            start++;
            break;
        }
    }
    struct strbuf shown = STRBUF_INIT;
    for (size_t i = start; i < t->len;) {
        const char *eol = memchr(text + i, '\n', t->len - i);
        size_t width = eol ? (size_t)(eol - (text + i)) : t->len - i;
        text_escape(&shown, text + i, width);
        strbuf_putc(&shown, '\n');
        i += width + 1;
    }
    fputs(strbuf_cstr(&shown), stdout);
    strbuf_free(&shown);
}

static void print_refusal(const struct table *t, const struct strbuf *why, const char *prefix)
{
    if (t->terminal)
        printf("%srefused%s (not written):\n%s", t->colour ? "\033[1;31m" : "", t->colour ? "\033[0m" : "",
               strbuf_cstr(why));
    else
        fprintf(stderr, "%s%s", prefix, strbuf_cstr(why));
}

enum command { NOT_A_COMMAND, CMD_DONE, CMD_QUIT, CMD_FAILED };

/* The advisor's hint at the state now, as `xii hint` at its defaults gives it, with xii hint's
 * progress bar while the rollouts run (on a terminal's standard error only). */
static void show_hint(const struct gsession *s)
{
    const struct game *g = gsession_game(s);
    struct grace_options o;
    grace_hint_defaults(g, gsession_state(s), &o);
    struct progress bar;
    progress_begin(&bar, "hint: rolling out", "rollouts");
    o.progress = progress_update;
    o.progress_ctx = &bar;
    struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
    int rc = grace_hint(g, gsession_state(s), &o, GRACE_HINT_TOP, 0, &out, &err);
    progress_end(&bar);
    if (rc == 0)
        fputs(strbuf_cstr(&out), stdout);
    else
        printf("hint: %s\n", strbuf_cstr(&err));
    strbuf_free(&out);
    strbuf_free(&err);
}

/* Runs a recorder command (undo, log, hint, help, quit). */
static enum command run_command(struct gsession *s, const char *line, const struct table *t)
{
    char w[16], arg[16];
    const char *rest = log_first_word(line, w, sizeof w, NULL);
    const char *after = log_first_word(rest, arg, sizeof arg, NULL);
    if (after[strspn(after, " \t")])
        return NOT_A_COMMAND;
    if (strcasecmp(w, "log") == 0) {
        int n = *arg ? atoi(arg) : 10;
        if (n <= 0)
            return NOT_A_COMMAND;
        show_log(s, n);
        return CMD_DONE;
    }
    if (*arg)
        return NOT_A_COMMAND;
    if (strcasecmp(w, "undo") == 0) {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        int n = gsession_undo(s, &undone, &err);
        if (n < 0)
            fprintf(stderr, "xii play: undo failed, nothing changed: %s\n", strbuf_cstr(&err));
        else if (t->terminal && n == 0)
            puts("nothing to take back");
        else if (t->terminal)
            printf("taken back:\n%s", undone.len ? strbuf_cstr(&undone) : "(decisions not yet written)\n");
        strbuf_free(&undone);
        strbuf_free(&err);
        if (n >= 0 && t->terminal)
            print_prompt(s);
        return n < 0 ? CMD_FAILED : CMD_DONE;
    }
    if (strcasecmp(w, "help") == 0) {
        fputs(help_text, stdout);
        return CMD_DONE;
    }
    if (strcasecmp(w, "hint") == 0) {
        show_hint(s);
        return CMD_DONE;
    }
    return strcasecmp(w, "quit") == 0 ? CMD_QUIT : NOT_A_COMMAND;
}

/* Checks and records one line; returns 0 to go on, else the exit status that stops. */
static int record_typed_line(struct gsession *s, const struct table *t, const char *line)
{
    struct gsession_result res;
    gsession_submit(s, line, &res);
    int stop = 0;
    if (res.outcome == GSESSION_REFUSED) {
        print_refusal(t, &res.message, "");
        if (!t->terminal)
            stop = EXIT_FINDINGS;
    } else if (res.outcome == GSESSION_WRITE_FAILED) {
        fprintf(stderr, "xii play: %s", strbuf_cstr(&res.message));
        if (!t->terminal)
            stop = EXIT_OUTPUT;
    } else if (res.outcome == GSESSION_ACCEPTED) {
        if (!t->quiet)
            fputs(strbuf_cstr(&res.narration), stdout);
        fputs(strbuf_cstr(&res.warnings), stdout);
        fflush(stdout);
    }
    if (t->terminal && res.outcome != GSESSION_EMPTY)
        print_prompt(s);
    gsession_result_free(&res);
    return stop;
}

/* Reads and records lines until quit, the end of the input or a line that stops; *report:
 * the audit report is due. Returns the exit status so far. */
static int record(struct gsession *s, struct table *t, int *report)
{
    for (;;) {
        struct strbuf refusal = STRBUF_INIT;
        t->lines++;
        char *line = t->terminal ? play_input_typed("> ", &refusal) : play_input_piped(t->lines, &refusal);
        if (line && refusal.len) {
            print_refusal(t, &refusal, "xii play: ");
            strbuf_free(&refusal);
            free(line);
            if (!t->terminal)
                return EXIT_FINDINGS;
            continue;
        }
        strbuf_free(&refusal);
        if (!line) {
            *report = t->terminal || gsession_over(s);
            if (t->terminal)
                putchar('\n');
            return EXIT_OK;
        }
        enum command c = run_command(s, line, t);
        int stop = 0;
        if (c == CMD_QUIT)
            *report = 1;
        else if (c == CMD_FAILED && !t->terminal)
            stop = EXIT_OUTPUT;
        else if (c == NOT_A_COMMAND)
            stop = record_typed_line(s, t, line);
        free(line);
        if (c == CMD_QUIT || stop)
            return stop;
    }
}

/* The audit of FILE, as `xii audit FILE [--pdf PDF] [--rules R]` prints it. */
static int final_report(const struct game *g, const struct play_game_args *a, const struct gsession *s)
{
    const struct strbuf *text = gsession_text(s);
    if (g == &kingdom_game) {
        struct render_options ro;
        render_options_init(&ro);
        ro.output = a->pdf;
        struct kingdom_audit_args ka = {.name = a->file, .rules = a->rules, .ro = &ro};
        return audit_kingdom(&ka, text->data ? text->data : "", text->len);
    }
    struct strbuf out = STRBUF_INIT;
    int ok = gsession_audit(s, &out);
    fputs(strbuf_cstr(&out), stdout);
    strbuf_free(&out);
    return ok ? EXIT_OK : EXIT_FINDINGS;
}

/* Tab offers nothing yet (libedit would offer file names, never a move). */
static char **no_completion(const char *text, int start, int end)
{
    (void)text;
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return NULL;
}

static void terminal_start(const struct gsession *s, const struct game *g, const char *path, struct table *t)
{
    struct strbuf name = STRBUF_INIT;
    const char *file = recorder_shown(&name, path);
    const char *term = getenv("TERM");
    t->colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb") != 0;
    play_input_terminal();
    rl_attempted_completion_function = no_completion;
    if (gsession_decisions(s) > 0)
        printf("Continuing %s (%s): %zu decisions.\n", file, g->title, gsession_decisions(s));
    else
        printf("Recording a new %s game in %s (type help for the short forms).\n", g->title, file);
    strbuf_free(&name);
    print_prompt(s);
}

int play_game(const struct game *g, const struct play_game_args *a)
{
    const void *data;
    struct gsession *s;
    int status = cli_game_open("play", g, a->rules, a->file, &data, &s);
    if (status != EXIT_OK)
        return status;
    struct table t = {isatty(STDIN_FILENO), 0, a->quiet, 0};
    if (t.terminal)
        terminal_start(s, g, a->file, &t);
    int report = 0;
    status = record(s, &t, &report);
    if (report) {
        fflush(stdout);
        int audit = final_report(g, a, s);
        if (status == EXIT_OK)
            status = audit;
    }
    gsession_free(s);
    g->data_free(data);
    return status;
}
