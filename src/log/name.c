/* Names and quoted text written as the lexer reads them back (see log/name.h). */
#include "log/name.h"
#include <string.h>
#include "log/lex.h"

void log_write_name(const char *name, struct strbuf *out)
{
    /* Bare when the lexer itself reads the whole name as one word (not a number). */
    size_t n = strlen(name);
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, name, n);
    log_lex_next(&lx, &t);
    if (t.kind == LOG_TOK_WORD && t.p == name && t.n == n)
        strbuf_puts(out, name);
    else
        log_write_quoted(name, out);
}

void log_write_quoted(const char *text, struct strbuf *out)
{
    strbuf_putc(out, '"');
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\')
            strbuf_putc(out, '\\');
        strbuf_putc(out, *c);
    }
    strbuf_putc(out, '"');
}

const char *log_name_word(const char *name, char buf[LOG_NAME_WORD_SIZE])
{
    struct strbuf sb = STRBUF_INIT;
    log_write_name(name, &sb);
    size_t n = sb.len < LOG_NAME_WORD_SIZE ? sb.len : LOG_NAME_WORD_SIZE - 1;
    memcpy(buf, strbuf_cstr(&sb), n);
    buf[n] = 0;
    strbuf_free(&sb);
    return buf;
}
