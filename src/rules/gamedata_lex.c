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

size_t gd_lex(struct gd_lexed *lx, const char *file, const char *buf, size_t len,
              struct diag_list *dl)
{
    memset(lx, 0, sizeof *lx);
    size_t errors = check_utf8(file, buf, len, dl), i = 0, stmt_first = 0;
    int line = 1;
    size_t line_start = 0;
    int at_line_start = 1;
    while (i < len) {
        unsigned char c = (unsigned char)buf[i];
        struct srcpos pos = {line, (int)(i - line_start) + 1};
        if (c == '\n') {
            line++;
            line_start = ++i;
            at_line_start = 1;
            continue;
        }
        if (at_line_start) {
            at_line_start = 0;
            /* A line that starts in column 1 with something other than a comment begins a
             * new statement; indented lines continue the previous one. */
            if (c != ' ' && c != '\t' && c != '#' && c != '\r') {
                push_stmt(lx, stmt_first);
                stmt_first = lx->ntoks;
            }
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == ',') {
            i++;
            continue;
        }
        if (c == '#') {
            while (i < len && buf[i] != '\n')
                i++;
            continue;
        }
        struct gd_tok t = {0};
        t.pos = pos;
        if (c == '"') {
            size_t j = i + 1;
            while (j < len && buf[j] != '"' && buf[j] != '\n')
                j++;
            if (j >= len || buf[j] != '"') {
                lex_error(dl, &errors, file, pos, 1, "unterminated string: expected '\"' before the end of the line");
                i = j;
                continue;
            }
            /* Strings are names and titles printed on the sheets: plain text (core/text.h). */
            size_t bad;
            struct strbuf why = STRBUF_INIT;
            if (text_check_name(buf + i + 1, j - i - 1, &bad, &why)) {
                struct srcpos at = {line, (int)(i + 1 + bad - line_start) + 1};
                lex_error(dl, &errors, file, at, 1, "%s in a string", strbuf_cstr(&why));
                strbuf_free(&why);
                i = j + 1;
                continue;
            }
            t.kind = GT_STRING;
            t.text = buf + i + 1;
            t.len = j - i - 1;
            i = j + 1;
        } else if (c == '[') {
            if (i + 2 < len && buf[i + 2] == ']' && strchr("SIGX", buf[i + 1])) {
                t.kind = GT_TAG;
                t.text = buf + i + 1;
                t.len = 1;
                i += 3;
            } else {
                lex_error(dl, &errors, file, pos, 1, "expected a confidence mark [S], [I], [G] or [X]");
                while (i < len && buf[i] != '\n' && buf[i] != ' ')
                    i++;
                continue;
            }
        } else if (c == '>' && i + 1 < len && buf[i + 1] == '=') {
            t.kind = GT_OP_GE;
            t.text = buf + i;
            t.len = 2;
            i += 2;
        } else if (c == '=') {
            t.kind = GT_OP_EQ;
            t.text = buf + i;
            t.len = 1;
            i++;
        } else if (is_word_char(c)) {
            size_t j = i;
            int digits = 1;
            while (j < len && is_word_char((unsigned char)buf[j])) {
                if (!isdigit((unsigned char)buf[j]))
                    digits = 0;
                j++;
            }
            t.text = buf + i;
            t.len = j - i;
            if (digits) {
                t.kind = GT_NUMBER;
                if (t.len > 6) {
                    /* Above every range: the statement that reads it says which range. */
                    t.number = INT_MAX;
                    push_tok(lx, t);
                    i = j;
                    continue;
                }
                /* The buffer need not be NUL-terminated: convert from the bytes. */
                t.number = 0;
                for (size_t k = 0; k < t.len; k++)
                    t.number = t.number * 10 + (t.text[k] - '0');
            } else {
                t.kind = GT_WORD;
                /* Ids are printed too (xii rules): plain text, as names are. */
                size_t bad;
                struct strbuf why = STRBUF_INIT;
                if (text_check_name(t.text, t.len, &bad, &why)) {
                    struct srcpos at = {line, (int)(i + bad - line_start) + 1};
                    lex_error(dl, &errors, file, at, 1, "%s in a word", strbuf_cstr(&why));
                    strbuf_free(&why);
                    i = j;
                    continue;
                }
            }
            i = j;
        } else {
            lex_error(dl, &errors, file, pos, 1, "unexpected character '%c'", isprint(c) ? c : '?');
            i++;
            continue;
        }
        push_tok(lx, t);
    }
    push_stmt(lx, stmt_first);
    for (size_t s = 0; s < lx->nstmts; s++)
        lx->stmts[s].toks = lx->toks + (uintptr_t)lx->stmts[s].toks;
    return errors;
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
