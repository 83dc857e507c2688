/* libFuzzer harness: the game-data loader. A file that loads is printed as JSON and as text
 * (every table the printers walk must be consistent); every diagnostic is formatted. */
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "rules/gamedata.h"
#include "rules/gamedata_print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    struct strbuf out = STRBUF_INIT;
    if (gamedata_load(&gd, "fuzz.rules", buf, size, &dl) == 0) {
        gamedata_print_json(&gd, &out);
        gamedata_print_text(&gd, &out);
        gamedata_free(&gd);
    }
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, size);
    strbuf_free(&out);
    diag_list_free(&dl);
    return 0;
}
