/* libFuzzer harness: the move-log parser. Every input is parsed, dumped and every diagnostic
 * formatted with its source line and caret, so the lexer, parser, tree dump and diag_format
 * all see arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "log/ast.h"
#include "log/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
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
