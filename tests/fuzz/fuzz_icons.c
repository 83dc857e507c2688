/* libFuzzer harness: the icon file reader. A file that loads has every icon drawn on a trace
 * canvas (in memory), so the path data reaches the drawing code; every diagnostic is
 * formatted. */
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/icons.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    struct icon_set *set = icons_parse("fuzz.icons", buf, size, &dl);
    if (set) {
        struct canvas_options co = {0};
        co.backend = CANVAS_TRACE;
        struct canvas *c = canvas_new(&co, &out);
        if (c) {
            canvas_page_begin(c, 200, 200);
            for (size_t i = 0; i < icons_count(set); i++) {
                const char *name = icons_name(set, i);
                if (!icons_has(set, name))
                    __builtin_trap();   /* every listed icon must be found by its name */
                icons_draw(c, set, name, 10, 10, 20, (struct rgb){0.2, 0.4, 0.6});
            }
            canvas_page_end(c);
            canvas_discard(c);
        }
        icons_free(set);
    }
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, size);
    strbuf_free(&out);
    diag_list_free(&dl);
    return 0;
}
