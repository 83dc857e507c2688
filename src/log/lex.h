/* The move-log lexer: turns a buffer (any bytes, no terminating NUL needed) into tokens.
 *
 * Comments (`#` to the end of the line), spaces, tabs and carriage returns are skipped; a UTF-8
 * byte order mark at the very start is skipped. Words are runs of anything but whitespace,
 * `,`, `#`, `"` and control characters; a word of ASCII digits only is a NUMBER. Every byte that
 * is not valid UTF-8, a NUL or another control character gives an ERROR token. */
#ifndef LOG_LEX_H
#define LOG_LEX_H
#include <stdbool.h>
#include <stddef.h>

/* The largest number the lexer reads; a bigger one is a NUMBER token with overflow set. */
#define LOG_NUM_MAX 999999999

enum log_tok {
    LOG_TOK_EOF,    /* end of the buffer */
    LOG_TOK_EOL,    /* a line feed (with the carriage return before it, if any) */
    LOG_TOK_WORD,
    LOG_TOK_NUMBER,
    LOG_TOK_STRING, /* "..." on one line; \" and \\ are escapes */
    LOG_TOK_COMMA,
    LOG_TOK_ERROR   /* see enum log_lex_error */
};

enum log_lex_error {
    LOG_LEX_OK,
    LOG_LEX_NUL,          /* a NUL byte */
    LOG_LEX_CONTROL,      /* another control character (not tab, CR or LF) */
    LOG_LEX_UTF8,         /* a byte that does not start a valid UTF-8 sequence here */
    LOG_LEX_HOSTILE,      /* in a word or a string, a character no name may hold
                             (core/text.h: a C1 control, a bidirectional override) */
    LOG_LEX_UNTERMINATED  /* a string without its closing quote on the same line */
};

struct log_token {
    enum log_tok kind;
    const char *p;   /* first byte in the buffer */
    size_t n;        /* length in bytes (strings: quotes included; ERROR: the offending bytes) */
    int line, col;   /* 1-based line and byte column (saturated at INT_MAX) */
    int value;       /* NUMBER: its value, or LOG_NUM_MAX + 1 when overflow is set */
    bool overflow;   /* NUMBER: more than LOG_NUM_MAX */
    bool folds;      /* WORD: holds an ASCII upper-case letter or '_' (normalizing changes it) */
    enum log_lex_error error;
    unsigned char byte; /* ERROR: the offending byte (NUL, control, UTF-8) */
};

struct log_lexer {
    const char *p, *end, *line_start;
    int line;
};

/* Starts lexing buf[0..len). The lexer keeps pointers into buf. */
void log_lex_init(struct log_lexer *lx, const char *buf, size_t len);
/* Reads the next token. After EOF it keeps returning EOF. */
void log_lex_next(struct log_lexer *lx, struct log_token *t);
/* Skips the rest of the current line, line feed included, without looking at the bytes. */
void log_lex_skip_line(struct log_lexer *lx);
/* Writes the content of a STRING token (escapes resolved, no NUL added) to out, which must
 * hold t->n bytes; returns the number of bytes written. */
size_t log_lex_unquote(const struct log_token *t, char *out);
/* A sentence describing an ERROR token, e.g. "invalid UTF-8 byte 0xE9". */
const char *log_lex_error_text(const struct log_token *t, char *buf, size_t size);

#endif
