/* Help texts and usage errors: one line naming the mistake, a did-you-mean, a pointer to --help. */
#include "cli/usage.h"
#include "core/text.h"
#include <stdio.h>
#include <string.h>

#define MAX_WORD 64

const char cli_help_render_tail[] =
    "  -h, --help          this help\n"
    "Exit status: 0 written, 2 bad options or game data, 3 an output could not be written.\n";

/* Optimal string alignment distance: insertions, deletions, substitutions and transpositions
 * of neighbours each cost 1. Words longer than MAX_WORD count as far from everything. */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAX_WORD || lb > MAX_WORD)
        return (size_t)-1;
    size_t d[MAX_WORD + 1][MAX_WORD + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *cli_nearest(const char *word, const char *const *candidates, size_t n)
{
    size_t len = strlen(word);
    const char *best = NULL, *prefix_of = NULL;
    size_t best_d = (size_t)-1, prefixes = 0;
    for (size_t k = 0; k < n; k++) {
        size_t d = distance(word, candidates[k]);
        if (d < best_d) {
            best_d = d;
            best = candidates[k];
        }
        /* "--until" for "--until-round": a beginning with at least two letters after the dashes. */
        if (len >= 4 && strncmp(candidates[k], word, len) == 0) {
            prefixes++;
            prefix_of = candidates[k];
        }
    }
    /* One typo in a short word, two in a long one: more would suggest unrelated names ("--bogus"
     * is two edits from "--bots"). A one-letter option ("-x") is as close to every other one:
     * no guess. */
    size_t allowed = len <= 2 ? 0 : len <= 8 ? 1 : 2;
    if (best_d == 0)
        return NULL;
    if (best_d <= allowed)
        return best;
    return prefixes == 1 ? prefix_of : NULL;
}

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

/* Reads the option name at s ("--json", "-o"): its length, or 0 when s holds none. */
static size_t option_at(const char *s)
{
    const char *e = s + 1;
    if (*s != '-')
        return 0;
    if (*e == '-')
        e++;
    if (!((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z')))
        return 0;
    while (is_name_char(*e))
        e++;
    /* A short option is one letter: "-h," or "-o FILE"; "-2" or "-e.g." are not. */
    if (s[1] != '-' && e - s != 2)
        return 0;
    return (size_t)(e - s);
}

size_t cli_help_options(const char *const help[], const char **out, size_t max)
{
    static char names[4096];
    size_t used = 0, count = 0;
    for (size_t p = 0; help[p]; p++)
        for (const char *line = help[p]; *line; line += strcspn(line, "\n"), line += *line != 0) {
            /* An option line starts with the option, after at most 4 spaces (deeper lines
             * continue a description); "-h, --help" names two. */
            size_t indent = strspn(line, " ");
            const char *s = indent <= 4 ? line + indent : "";
            for (size_t len; (len = option_at(s)) != 0; s += len + 2) {
                int seen = 0;
                for (size_t k = 0; k < count && k < max && !seen; k++)
                    seen = strlen(out[k]) == len && strncmp(out[k], s, len) == 0;
                if (!seen) {
                    if (count < max && used + len + 1 <= sizeof names) {
                        memcpy(names + used, s, len);
                        names[used + len] = 0;
                        out[count] = names + used;
                        used += len + 1;
                    }
                    count++;
                }
                if (s[len] != ',' || s[len + 1] != ' ')
                    break;
            }
        }
    return count;
}

void cli_print_help(const char *const help[])
{
    for (size_t p = 0; help[p]; p++)
        fputs(help[p], stdout);
}

const char *cli_echo(char *buf, size_t size, const char *arg)
{
    struct strbuf sb = STRBUF_INIT;
    text_escape(&sb, arg, strlen(arg));
    size_t n = sb.len < size ? sb.len : size - 1;
    memcpy(buf, strbuf_cstr(&sb), n);
    buf[n] = 0;
    if (sb.len >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
    strbuf_free(&sb);
    return buf;
}

void cli_see_help(const char *cmd)
{
    fprintf(stderr, "Try 'xii %s --help' for the list of options.\n", cmd);
}

void cli_unknown_option(const char *cmd, const char *arg, const char *const help[])
{
    if (arg[0] != '-' || arg[1] == 0) {
        char shown[CLI_ECHO_MAX];
        fprintf(stderr, "xii %s: unexpected argument '%s'\n", cmd, cli_echo(shown, sizeof shown, arg));
        cli_see_help(cmd);
        return;
    }
    const char *options[128];
    size_t n = cli_help_options(help, options, sizeof options / sizeof options[0]);
    if (n > sizeof options / sizeof options[0])
        n = sizeof options / sizeof options[0];
    /* "--paperr=a4" is a typo of "--paper": compare the name without its value. */
    char word[MAX_WORD + 1];
    size_t len = strcspn(arg, "=");
    const char *near = NULL;
    if (len <= MAX_WORD) {
        memcpy(word, arg, len);
        word[len] = 0;
        near = cli_nearest(word, options, n);
    }
    char shown[CLI_ECHO_MAX];
    cli_echo(shown, sizeof shown, arg);
    if (near)
        fprintf(stderr, "xii %s: unknown option '%s' (did you mean %s?)\n", cmd, shown, near);
    else
        fprintf(stderr, "xii %s: unknown option '%s'\n", cmd, shown);
    cli_see_help(cmd);
}
