/* Typed words read through the log's lexer: first word, comment start, folded blanks, a log's
 * first keyword. */
#include "log/words.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/lex.h"

/* The line's tokens end at a line feed or the end of the text. */
static int ends_line(const struct log_token *t)
{
    return t->kind == LOG_TOK_EOF || t->kind == LOG_TOK_EOL;
}

const char *log_first_word(const char *text, char *out, size_t n, int *quoted)
{
    struct log_lexer lx;
    struct log_token t;
    size_t len = strlen(text);
    log_lex_init(&lx, text, len);
    log_lex_next(&lx, &t);
    out[0] = '\0';
    if (quoted)
        *quoted = 0;
    if (ends_line(&t) || t.kind == LOG_TOK_COMMA)
        return ends_line(&t) ? t.p : t.p + t.n;
    const char *after = t.p + t.n;
    if (t.kind == LOG_TOK_STRING && t.error == LOG_LEX_OK) {
        char *buf = xmalloc(t.n);
        size_t k = log_lex_unquote(&t, buf);
        size_t m = k < n - 1 ? k : n - 1;
        memcpy(out, buf, m);
        out[m] = '\0';
        free(buf);
        if (quoted)
            *quoted = 1;
    } else {
        size_t m = t.n < n - 1 ? t.n : n - 1;
        memcpy(out, t.p, m);
        out[m] = '\0';
    }
    while (*after == ' ' || *after == '\t')
        after++;
    if (*after == ',')
        after++;
    while (*after == ' ' || *after == '\t')
        after++;
    return after;
}

size_t log_comment_start(const char *text)
{
    size_t len = strcspn(text, "\n\r");
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, text, len);
    const char *end = text;
    /* A # between two tokens starts the comment, whatever the lexer finds in it (a byte it
     * refuses there is the parser's to report). */
    for (log_lex_next(&lx, &t);; log_lex_next(&lx, &t)) {
        const char *upto = ends_line(&t) ? text + len : t.p;
        const char *hash = memchr(end, '#', (size_t)(upto - end));
        if (hash)
            return (size_t)(hash - text);
        if (ends_line(&t))
            return len;
        end = t.p + t.n;
    }
}

void log_fold_blanks(const char *text, struct strbuf *out)
{
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, text, strlen(text));
    const char *end = NULL;
    for (log_lex_next(&lx, &t); t.kind != LOG_TOK_EOF; log_lex_next(&lx, &t)) {
        if (end && t.p > end)
            strbuf_putc(out, ' ');
        strbuf_append(out, t.p, t.n);
        end = t.p + t.n;
    }
}

size_t log_first_keyword(const char *buf, size_t len, const char **word)
{
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, buf, len);
    do
        log_lex_next(&lx, &t);
    while (t.kind == LOG_TOK_EOL);
    *word = t.p;
    return t.kind == LOG_TOK_WORD ? t.n : 0;
}
