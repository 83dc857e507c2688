/* Tokens of the game-data file grouped into statements; internal to the game-data loader. */
#include "rules/gamedata_lex.h"
#include "core/text.h"
#include "core/utf8.h"
#include "core/xalloc.h"
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Blanks between tokens (a NUL byte is not one: it is an unexpected character). */
static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == ',';
}

static int is_word_char(unsigned char c)
{
    return isalnum(c) || c == '-' || c == '_' || c == '\'' || c >= 0x80;
}

/* Appends a lexical error while fewer than GD_MAX_ERRORS were found; always counts it. */
static void lex_error(struct diag_list *dl, size_t *errors, const char *file, struct srcpos pos,
                      int len, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void lex_error(struct diag_list *dl, size_t *errors, const char *file, struct srcpos pos,
                      int len, const char *fmt, ...)
{
    if ((*errors)++ >= GD_MAX_ERRORS)
        return;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(dl, DIAG_ERROR, file, pos, len, "data", "%s", msg);
}

/* Reports every byte that is not UTF-8 text (names and ids end up in PDFs and JSON). */
static size_t check_utf8(const char *file, const char *buf, size_t len, struct diag_list *dl)
{
    size_t errors = 0, line_start = 0;
    int line = 1;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_len((const unsigned char *)buf + i, len - i);
        if (n == 0) {
            struct srcpos pos = {line, (int)(i - line_start) + 1};
            lex_error(dl, &errors, file, pos, 1, "invalid UTF-8 byte 0x%02X (a game-data file is UTF-8 text)",
                     (unsigned char)buf[i]);
            n = 1;
        } else if (buf[i] == '\n') {
            line++;
            line_start = i + 1;
        }
        i += n;
    }
    return errors;
}

static void push_tok(struct gd_lexed *lx, struct gd_tok t)
{
    void *p = lx->toks;
    xgrow(&p, &lx->cap, lx->ntoks + 1, sizeof t);
    lx->toks = p;
    lx->toks[lx->ntoks++] = t;
}

static void push_stmt(struct gd_lexed *lx, size_t first)
{
    if (first == lx->ntoks)
        return;
    void *p = lx->stmts;
    xgrow(&p, &lx->stmtcap, lx->nstmts + 1, sizeof *lx->stmts);
    lx->stmts = p;
    /* Offsets now; turned into pointers once the token array stops moving. */
    lx->stmts[lx->nstmts].toks = (struct gd_tok *)(uintptr_t)first;
    lx->stmts[lx->nstmts].ntoks = lx->ntoks - first;
    lx->nstmts++;
}

/* Where the lexer stands in the buffer, and what it reports to. */
struct cursor {
    const char *file, *buf;
    size_t len, i;
    int line;
    size_t line_start;
    struct diag_list *dl;
    size_t errors;
};

static struct srcpos cursor_pos(const struct cursor *c, size_t at)
{
    return (struct srcpos){c->line, (int)(at - c->line_start) + 1};
}

/* Names and ids are printed on the sheets, in JSON and by xii rules: they must be plain text
 * (core/text.h). Returns 0 when text is; else reports where it is not and returns 1. */
static int refuse_unprintable(struct cursor *c, const char *text, size_t len, const char *where)
{
    size_t bad;
    struct strbuf why = STRBUF_INIT;
    if (!text_check_name(text, len, &bad, &why))
        return 0;
    lex_error(c->dl, &c->errors, c->file, cursor_pos(c, (size_t)(text - c->buf) + bad), 1, "%s in %s",
              strbuf_cstr(&why), where);
    strbuf_free(&why);
    return 1;
}

/* A "quoted string" on one line, the cursor on its opening quote. */
static int lex_string(struct cursor *c, struct gd_tok *t)
{
    size_t j = c->i + 1;
    while (j < c->len && c->buf[j] != '"' && c->buf[j] != '\n')
        j++;
    if (j >= c->len || c->buf[j] != '"') {
        lex_error(c->dl, &c->errors, c->file, t->pos, 1,
                  "unterminated string: expected '\"' before the end of the line");
        c->i = j;
        return 0;
    }
    t->kind = GT_STRING;
    t->text = c->buf + c->i + 1;
    t->len = j - c->i - 1;
    c->i = j + 1;
    return !refuse_unprintable(c, t->text, t->len, "a string");
}

/* A confidence mark [S], [I], [G] or [X], the cursor on its '['. */
static int lex_tag(struct cursor *c, struct gd_tok *t)
{
    const char *b = c->buf;
    if (c->i + 2 < c->len && b[c->i + 2] == ']' && strchr("SIGX", b[c->i + 1])) {
        t->kind = GT_TAG;
        t->text = b + c->i + 1;
        t->len = 1;
        c->i += 3;
        return 1;
    }
    lex_error(c->dl, &c->errors, c->file, t->pos, 1, "expected a confidence mark [S], [I], [G] or [X]");
    while (c->i < c->len && b[c->i] != '\n' && b[c->i] != ' ')
        c->i++;
    return 0;
}

/* The value of an all-digit word; the buffer need not be NUL-terminated. */
static int digits_value(const char *text, size_t len)
{
    /* Above every range: the statement that reads it says which range. */
    if (len > 6)
        return INT_MAX;
    int n = 0;
    for (size_t k = 0; k < len; k++)
        n = n * 10 + (text[k] - '0');
    return n;
}

/* A word, or a number when it is all digits, the cursor on its first character. */
static int lex_word(struct cursor *c, struct gd_tok *t)
{
    size_t j = c->i;
    int digits = 1;
    while (j < c->len && is_word_char((unsigned char)c->buf[j])) {
        if (!isdigit((unsigned char)c->buf[j]))
            digits = 0;
        j++;
    }
    t->text = c->buf + c->i;
    t->len = j - c->i;
    c->i = j;
    if (digits) {
        t->kind = GT_NUMBER;
        t->number = digits_value(t->text, t->len);
        return 1;
    }
    t->kind = GT_WORD;
    return !refuse_unprintable(c, t->text, t->len, "a word");
}

/* One token at the cursor, which is on neither a blank, a comment nor a line end. Returns 0
 * (the cursor past the bad bytes) after reporting a lexical error. */
static int lex_token(struct cursor *c, struct gd_tok *t)
{
    unsigned char ch = (unsigned char)c->buf[c->i];
    struct srcpos pos = cursor_pos(c, c->i);
    *t = (struct gd_tok){.text = c->buf + c->i, .pos = pos};
    if (ch == '"')
        return lex_string(c, t);
    if (ch == '[')
        return lex_tag(c, t);
    if (ch == '>' && c->i + 1 < c->len && c->buf[c->i + 1] == '=') {
        *t = (struct gd_tok){.kind = GT_OP_GE, .text = t->text, .len = 2, .pos = pos};
        c->i += 2;
        return 1;
    }
    if (ch == '=') {
        *t = (struct gd_tok){.kind = GT_OP_EQ, .text = t->text, .len = 1, .pos = pos};
        c->i++;
        return 1;
    }
    if (is_word_char(ch))
        return lex_word(c, t);
    lex_error(c->dl, &c->errors, c->file, pos, 1, "unexpected character '%c'", isprint(ch) ? ch : '?');
    c->i++;
    return 0;
}

/* A line that starts in column 1 with something other than a comment begins a new statement;
 * indented lines continue the previous one. */
static int begins_statement(char first)
{
    return first != ' ' && first != '\t' && first != '#' && first != '\r' && first != '\n';
}

/* Steps over blanks, commas and a comment; returns 1 when the cursor moved. */
static int skip_blanks(struct cursor *c)
{
    size_t from = c->i;
    while (c->i < c->len && is_blank(c->buf[c->i]))
        c->i++;
    if (c->i < c->len && c->buf[c->i] == '#')
        while (c->i < c->len && c->buf[c->i] != '\n')
            c->i++;
    return c->i != from;
}

size_t gd_lex(struct gd_lexed *lx, const char *file, const char *buf, size_t len,
              struct diag_list *dl)
{
    memset(lx, 0, sizeof *lx);
    struct cursor c = {.file = file, .buf = buf, .len = len, .line = 1, .dl = dl};
    c.errors = check_utf8(file, buf, len, dl);
    size_t stmt_first = 0;
    while (c.i < len) {
        if (begins_statement(buf[c.i])) {
            push_stmt(lx, stmt_first);
            stmt_first = lx->ntoks;
        }
        while (c.i < len && buf[c.i] != '\n') {
            struct gd_tok t;
            if (!skip_blanks(&c) && lex_token(&c, &t))
                push_tok(lx, t);
        }
        if (c.i < len) {
            c.line++;
            c.line_start = ++c.i;
        }
    }
    push_stmt(lx, stmt_first);
    for (size_t s = 0; s < lx->nstmts; s++)
        lx->stmts[s].toks = lx->toks + (uintptr_t)lx->stmts[s].toks;
    return c.errors;
}

void gd_lexed_free(struct gd_lexed *lx)
{
    free(lx->toks);
    free(lx->stmts);
    memset(lx, 0, sizeof *lx);
}

int gd_tok_is(const struct gd_tok *t, const char *word)
{
    if (t->kind != GT_WORD || strlen(word) != t->len)
        return 0;
    for (size_t i = 0; i < t->len; i++) {
        char a = (char)tolower((unsigned char)t->text[i]), b = word[i];
        if (a == '_')
            a = '-';
        if (a != b)
            return 0;
    }
    return 1;
}
