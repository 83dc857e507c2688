/* The move-log lexer. It never reads past `end` and never relies on a terminating NUL. */
#include "log/lex.h"
#include "core/text.h"
#include "core/utf8.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>

void log_lex_init(struct log_lexer *lx, const char *buf, size_t len)
{
    lx->p = buf;
    lx->end = buf + len;
    /* A byte order mark is not text: skip it so columns match what an editor shows. */
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        lx->p += 3;
    lx->line_start = lx->p;
    lx->line = 1;
}

static int col_of(const struct log_lexer *lx, const char *p)
{
    size_t d = (size_t)(p - lx->line_start);
    return d >= (size_t)INT_MAX ? INT_MAX : (int)d + 1;
}

static void new_line(struct log_lexer *lx, const char *next)
{
    if (lx->line < INT_MAX)
        lx->line++;
    lx->line_start = next;
}

static bool is_control(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
}

static void make(struct log_lexer *lx, struct log_token *t, enum log_tok kind, const char *p,
                 size_t n)
{
    *t = (struct log_token){.kind = kind, .p = p, .n = n, .line = lx->line, .col = col_of(lx, p)};
}

/* An ERROR token for the byte at q; the lexer moves past it. */
static void bad_byte(struct log_lexer *lx, struct log_token *t, const char *q)
{
    unsigned char c = (unsigned char)*q;
    make(lx, t, LOG_TOK_ERROR, q, 1);
    t->error = c == 0 ? LOG_LEX_NUL : c >= 0x80 ? LOG_LEX_UTF8 : LOG_LEX_CONTROL;
    t->byte = c;
    lx->p = q + 1;
}

/* An ERROR token for the hostile character of n bytes at q (core/text.h); the lexer moves past it. */
static void bad_char(struct log_lexer *lx, struct log_token *t, const char *q, size_t n)
{
    make(lx, t, LOG_TOK_ERROR, q, n);
    t->error = LOG_LEX_HOSTILE;
    t->byte = (unsigned char)*q;
    lx->p = q + n;
}

/* True when the n bytes at q are a character no word or string may hold. */
static bool hostile(const char *q, size_t n)
{
    return n > 1 && text_hostile(text_code_point((const unsigned char *)q, n));
}

/* Checks one byte (or UTF-8 sequence) of a comment or string at q; returns its length, 0 if bad. */
static size_t text_char(const struct log_lexer *lx, const char *q)
{
    unsigned char c = (unsigned char)*q;
    if (c >= 0x80)
        return utf8_len((const unsigned char *)q, (size_t)(lx->end - q));
    return is_control(c) ? 0 : 1;
}

static void lex_string(struct log_lexer *lx, struct log_token *t)
{
    const char *start = lx->p, *q = start + 1;
    while (q < lx->end) {
        char c = *q;
        if (c == '"') {
            make(lx, t, LOG_TOK_STRING, start, (size_t)(q + 1 - start));
            lx->p = q + 1;
            return;
        }
        if (c == '\n' || (c == '\r' && (q + 1 == lx->end || q[1] == '\n')))
            break;
        if (c == '\\' && q + 1 < lx->end && (q[1] == '"' || q[1] == '\\')) {
            q += 2;
            continue;
        }
        size_t n = c == '\r' ? 0 : text_char(lx, q); /* a carriage return alone in a name */
        if (n == 0) {
            bad_byte(lx, t, q);
            return;
        }
        if (hostile(q, n)) {
            bad_char(lx, t, q, n);
            return;
        }
        q += n;
    }
    make(lx, t, LOG_TOK_ERROR, start, (size_t)(q - start));
    t->error = LOG_LEX_UNTERMINATED;
    t->byte = '"';
    lx->p = q;
}

static bool word_byte(unsigned char c)
{
    return c > ' ' && c != ',' && c != '#' && c != '"' && c != 0x7F;
}

static bool is_letter(unsigned char c)
{
    return (unsigned char)((c | 0x20) - 'a') < 26;
}

static void lex_word(struct log_lexer *lx, struct log_token *t)
{
    const char *start = lx->p, *q = start, *end = lx->end;
    long long value = 0;
    while (q < end && (unsigned char)(*q - '0') < 10) {
        if (value <= LOG_NUM_MAX)
            value = value * 10 + (*q - '0');
        q++;
    }
    if (q > start && (q == end || ((unsigned char)*q < 0x80 && !word_byte((unsigned char)*q)))) {
        make(lx, t, LOG_TOK_NUMBER, start, (size_t)(q - start));
        t->overflow = value > LOG_NUM_MAX;
        t->value = t->overflow ? LOG_NUM_MAX + 1 : (int)value;
        lx->p = q;
        return;
    }
    for (;;) {
        while (q < end && is_letter((unsigned char)*q))
            q++;    /* most bytes of a log */
        if (q == end)
            break;
        unsigned char c = (unsigned char)*q;
        if (c >= 0x80) {
            size_t n = utf8_len((const unsigned char *)q, (size_t)(end - q));
            if (n == 0) {
                bad_byte(lx, t, q);
                return;
            }
            if (hostile(q, n)) {
                bad_char(lx, t, q, n);
                return;
            }
            q += n;
        } else if (word_byte(c)) {
            q++;
        } else {
            break;
        }
    }
    make(lx, t, LOG_TOK_WORD, start, (size_t)(q - start));
    lx->p = q;
}

void log_lex_next(struct log_lexer *lx, struct log_token *t)
{
    const char *p = lx->p, *end = lx->end;
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        lx->p = p;
        if (p == end) {
            make(lx, t, LOG_TOK_EOF, p, 0);
            return;
        }
        unsigned char c = (unsigned char)*p;
        if (c == '\n') {
            make(lx, t, LOG_TOK_EOL, p, 1);
            lx->p = p + 1;
            new_line(lx, lx->p);
            return;
        }
        if (c == '#') {
            const char *q = p + 1;
            while (q < end && *q != '\n') {
                size_t n = text_char(lx, q);
                if (n == 0) {
                    bad_byte(lx, t, q);
                    return;
                }
                q += n;
            }
            p = q;
            continue;
        }
        if (c == ',') {
            make(lx, t, LOG_TOK_COMMA, p, 1);
            lx->p = p + 1;
            return;
        }
        if (c == '"') {
            lex_string(lx, t);
            return;
        }
        if (c < 0x80 && !word_byte(c)) {
            bad_byte(lx, t, p);
            return;
        }
        lex_word(lx, t);
        return;
    }
}

void log_lex_skip_line(struct log_lexer *lx)
{
    const char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
    if (!nl) {
        lx->p = lx->end;
        return;
    }
    lx->p = nl + 1;
    new_line(lx, lx->p);
}

size_t log_lex_unquote(const struct log_token *t, char *out)
{
    size_t n = 0;
    for (size_t i = 1; i + 1 < t->n; i++) {
        if (t->p[i] == '\\' && i + 2 < t->n && (t->p[i + 1] == '"' || t->p[i + 1] == '\\'))
            i++;
        out[n++] = t->p[i];
    }
    return n;
}

const char *log_lex_error_text(const struct log_token *t, char *buf, size_t size)
{
    switch (t->error) {
    case LOG_LEX_NUL:
        snprintf(buf, size, "unexpected NUL byte (a move log is UTF-8 text)");
        break;
    case LOG_LEX_CONTROL:
        snprintf(buf, size, "unexpected control character 0x%02X", t->byte);
        break;
    case LOG_LEX_UTF8:
        snprintf(buf, size, "invalid UTF-8 byte 0x%02X (a move log is UTF-8 text)", t->byte);
        break;
    case LOG_LEX_HOSTILE: {
        uint32_t cp = text_code_point((const unsigned char *)t->p, t->n);
        snprintf(buf, size, "%s U+%04X: names, towns and titles are plain text", text_hostile_kind(cp),
                 (unsigned)cp);
        break;
    }
    case LOG_LEX_UNTERMINATED:
        snprintf(buf, size, "unterminated string: the closing '\"' is missing on this line");
        break;
    case LOG_LEX_OK:
        snprintf(buf, size, "no error");
        break;
    }
    return buf;
}
