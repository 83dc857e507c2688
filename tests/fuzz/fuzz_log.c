/* libFuzzer harness: the move-log parser. Every input is parsed, dumped and every diagnostic
 * formatted with its source line and caret, so the lexer, parser, tree dump and diag_format
 * all see arbitrary bytes. The lexer's tokens are checked on their own too: in the buffer, in
 * order, and a word's `folds` true exactly when an ASCII upper-case letter or '_' is in it
 * (the parser copies the other words without looking at their bytes). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "log/ast.h"
#include "log/lex.h"
#include "log/parse.h"

static bool folds(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((p[i] >= 'A' && p[i] <= 'Z') || p[i] == '_')
            return true;
    return false;
}

static void check_tokens(const char *buf, size_t size)
{
    if (size == 0)
        return;
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, buf, size);
    const char *prev = buf;
    do {
        log_lex_next(&lx, &t);
        if (t.p < prev || t.p + t.n > buf + size || t.line < 1 || t.col < 1)
            abort();
        if (t.folds != (t.kind == LOG_TOK_WORD && folds(t.p, t.n)))
            abort();
        prev = t.p + t.n;
    } while (t.kind != LOG_TOK_EOF);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    check_tokens(buf, size);
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(buf, size, "fuzz.xii", &dl);
    struct strbuf out = STRBUF_INIT;
    log_dump(ast, &out);
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, size);
    strbuf_free(&out);
    log_free(ast);
    diag_list_free(&dl);
    return 0;
}
