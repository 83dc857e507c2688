/* How xii play reads the table's lines, whatever the game (cli/play_input.h). */
#include "cli/play_input.h"
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>
#include "record/gamefile.h"

static volatile sig_atomic_t interrupted, resumed;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void on_resume(int sig)
{
    (void)sig;
    resumed = 1;
}

/* Ctrl-C at the prompt drops the line being typed, as in a shell, instead of ending the
 * recorder: the read is interrupted (no SA_RESTART) and libedit's own handler, which would
 * end the program, is not installed. For the same reason libedit does not see Ctrl-Z: when
 * the recorder is resumed (fg), the read is interrupted as well and the prompt drawn again,
 * the terminal set up anew for line editing. */
static void catch_interrupt(void)
{
    rl_catch_signals = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_resume;
    sigaction(SIGCONT, &sa, NULL);
}

/* A line from a pipe, without its end (LF or CR LF), or NULL at the end of the input. A line
 * the recorder cannot take is refused here, with why in refusal: a NUL byte or a carriage
 * return inside (each would cut the line short), or more than RECORD_MAX_LINE_BYTES (then
 * the rest of the input is not read: it may never end). */
char *play_input_piped(long number, struct strbuf *refusal)
{
    struct strbuf sb = STRBUF_INIT;
    int c = 0, any = 0;
    while ((c = getc(stdin)) != EOF && c != '\n') {
        any = 1;
        if (sb.len > RECORD_MAX_LINE_BYTES) {
            strbuf_printf(refusal, "line %ld of the input is longer than %d bytes: refused, nothing written\n",
                          number, RECORD_MAX_LINE_BYTES);
            return strbuf_detach(&sb);
        }
        strbuf_putc(&sb, (char)c);
    }
    if (!any && c == EOF) {
        strbuf_free(&sb);
        return NULL;
    }
    if (sb.len && sb.data[sb.len - 1] == '\r')
        sb.data[--sb.len] = 0;
    const char *text = strbuf_cstr(&sb);
    const char *nul = memchr(text, 0, sb.len), *cr = memchr(text, '\r', sb.len);
    if (nul || cr)
        strbuf_printf(refusal, "line %ld of the input holds %s at byte %zu: refused, nothing written (a line "
                               "is text, ended by a newline)\n",
                      number, nul ? "a NUL byte" : "a carriage return (CR)", (size_t)((nul ? nul : cr) - text) + 1);
    return strbuf_detach(&sb);
}


/* libedit reads what is typed in the locale's character set: UTF-8, as a log is written,
 * also where the environment names none (the C locale drops every other character). */
static void read_utf8(void)
{
    if (!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
        setlocale(LC_CTYPE, "C.UTF-8");
}

void play_input_terminal(void)
{
    read_utf8();
    rl_readline_name = "xii";
    catch_interrupt();
}

char *play_input_typed(const char *prompt, struct strbuf *refusal)
{
    char *line;
    for (;;) {
        interrupted = resumed = 0;
        line = readline(prompt);
        if (!interrupted && !(resumed && !line))
            break;
        free(line);
        if (interrupted)
            fputs("^C (line dropped; quit or Ctrl-D ends the recorder)\n", stdout);
    }
    if (line && strlen(line) > RECORD_MAX_LINE_BYTES)
        strbuf_printf(refusal, "the line is longer than %d bytes\n", RECORD_MAX_LINE_BYTES);
    else if (line && line[strspn(line, " \t")])
        add_history(line);
    return line;
}
