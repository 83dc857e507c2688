/* The game data a command loads: the built-in file, or the one --rules names. */
#include "cli/gamedata_option.h"
#include <stdio.h>
#include "core/diag.h"

int cli_load_gamedata(struct gamedata *gd, const char *path)
{
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = path ? gamedata_load_file(gd, path, &dl) : gamedata_load_default(gd, &dl);
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], NULL, 0);
    if (dl.count > 20)
        strbuf_printf(&out, "%zu problems in the game data\n", dl.count);
    fputs(strbuf_cstr(&out), stderr);
    strbuf_free(&out);
    diag_list_free(&dl);
    return rc;
}
