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

/* Rare paths are kept out of log_lex_next, so that its common path saves fewer registers. */
static void lex_string(struct log_lexer *lx, struct log_token *t) __attribute__((noinline, cold));
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

/* What a byte is to the lexer: one table look-up instead of a chain of comparisons. */
enum {
    C_BAD,     /* NUL, another control character, DEL: an ERROR token */
    C_SPACE,   /* space, tab, carriage return: skipped */
    C_NL,
    C_HASH,
    C_COMMA,
    C_QUOTE,
    C_HIGH,    /* 0x80-0xFF: a UTF-8 sequence, checked */
    C_DIGIT = 8,    /* from here on: ASCII bytes of a word, as bits (a word ORs its bytes') */
    C_WORD = 16,    /* any other ASCII byte of a word */
    C_FOLD = 48     /* a byte that normalizing changes: ASCII upper case, '_' (C_WORD too) */
};

#define RANGE16(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
static const unsigned char byte_class[256] = {
    /* 0x00 */ C_BAD, C_BAD, C_BAD, C_BAD, C_BAD, C_BAD, C_BAD, C_BAD,
               C_BAD, C_SPACE, C_NL, C_BAD, C_BAD, C_SPACE, C_BAD, C_BAD,
    /* 0x10 */ RANGE16(C_BAD),
    /* 0x20 */ C_SPACE, C_WORD, C_QUOTE, C_HASH, C_WORD, C_WORD, C_WORD, C_WORD,
               C_WORD, C_WORD, C_WORD, C_WORD, C_COMMA, C_WORD, C_WORD, C_WORD,
    /* 0x30 */ C_DIGIT, C_DIGIT, C_DIGIT, C_DIGIT, C_DIGIT, C_DIGIT, C_DIGIT, C_DIGIT,
               C_DIGIT, C_DIGIT, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD,
    /* 0x40 */ C_WORD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD,
               C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD,
    /* 0x50 */ C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD, C_FOLD,
               C_FOLD, C_FOLD, C_FOLD, C_WORD, C_WORD, C_WORD, C_WORD, C_FOLD,
    /* 0x60 */ RANGE16(C_WORD),
    /* 0x70 */ C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD,
               C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_WORD, C_BAD,
    /* 0x80 */ RANGE16(C_HIGH), RANGE16(C_HIGH), RANGE16(C_HIGH), RANGE16(C_HIGH),
               RANGE16(C_HIGH), RANGE16(C_HIGH), RANGE16(C_HIGH), RANGE16(C_HIGH)
};
#undef RANGE16

static unsigned class_of(const char *q)
{
    return byte_class[(unsigned char)*q];
}

/* Skips the comment at p; returns where it ends, or NULL with an ERROR token in t. */
static const char *comment(struct log_lexer *lx, struct log_token *t, const char *p) __attribute__((noinline));
static const char *comment(struct log_lexer *lx, struct log_token *t, const char *p)
{
    const char *q = p + 1, *end = lx->end;
    while (q < end && *q != '\n') {
        size_t n = text_char(lx, q);
        if (n == 0) {
            bad_byte(lx, t, q);
            return NULL;
        }
        q += n;
    }
    return q;
}

/* The rest of a word from q on, where a byte of 0x80 or more stands: the UTF-8 sequences are
 * checked, then the word goes on to its end. `bits` are the classes of its bytes before q, ORed.
 * Out of line: most logs are ASCII. */
static void word_rest(struct log_lexer *lx, struct log_token *t, const char *start, const char *q,
                      unsigned bits) __attribute__((noinline));
static void word_rest(struct log_lexer *lx, struct log_token *t, const char *start, const char *q,
                      unsigned bits)
{
    const char *end = lx->end;
    for (;;) {
        unsigned c;
        while (q < end && (c = class_of(q)) >= C_DIGIT) {
            bits |= c;
            q++;
        }
        if (q == end || class_of(q) != C_HIGH)
            break;
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
    }
    make(lx, t, LOG_TOK_WORD, start, (size_t)(q - start));
    t->folds = (bits & C_FOLD) == C_FOLD;
    lx->p = q;
}

/* What is not a word, a number or a line feed: a comment (skipped, then the next token), a
 * comma, a string, a bad byte. Out of line, so that the common path saves fewer registers. */
static void lex_other(struct log_lexer *lx, struct log_token *t, const char *p) __attribute__((noinline));
static void lex_other(struct log_lexer *lx, struct log_token *t, const char *p)
{
    switch (class_of(p)) {
    case C_HASH:
        p = comment(lx, t, p);
        if (p) {
            lx->p = p;
            log_lex_next(lx, t);
        }
        return;
    case C_COMMA:
        make(lx, t, LOG_TOK_COMMA, p, 1);
        lx->p = p + 1;
        return;
    case C_QUOTE:
        lx->p = p;
        lex_string(lx, t);
        return;
    default:
        bad_byte(lx, t, p);
        return;
    }
}

/* The common path: spaces, then a word of ASCII bytes, a number or a line feed. */
void log_lex_next(struct log_lexer *lx, struct log_token *t)
{
    const char *p = lx->p, *end = lx->end;
    while (p < end && class_of(p) == C_SPACE)
        p++;
    if (p == end) {
        lx->p = p;
        make(lx, t, LOG_TOK_EOF, p, 0);
        return;
    }
    unsigned c = class_of(p);
    if (c == C_NL) {
        make(lx, t, LOG_TOK_EOL, p, 1);
        lx->p = p + 1;
        new_line(lx, p + 1);
        return;
    }
    if (c < C_HIGH) {
        lex_other(lx, t, p);
        return;
    }
    const char *q = p;
    if (c == C_DIGIT) {
        long long value = 0;
        do {
            if (value <= LOG_NUM_MAX)
                value = value * 10 + (*q - '0');
            q++;
        } while (q < end && class_of(q) == C_DIGIT);
        if (q == end || class_of(q) < C_HIGH) {
            make(lx, t, LOG_TOK_NUMBER, p, (size_t)(q - p));
            t->overflow = value > LOG_NUM_MAX;
            t->value = t->overflow ? LOG_NUM_MAX + 1 : (int)value;
            lx->p = q;
            return;
        }
    }
    unsigned bits = 0;
    while (q < end && (c = class_of(q)) >= C_DIGIT) {
        bits |= c;
        q++;    /* most bytes of a log */
    }
    if (q < end && class_of(q) == C_HIGH) {
        word_rest(lx, t, p, q, bits);
        return;
    }
    make(lx, t, LOG_TOK_WORD, p, (size_t)(q - p));
    t->folds = (bits & C_FOLD) == C_FOLD;
    lx->p = q;
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
