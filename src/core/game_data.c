/* A game's data loaded into a block of its own for the game interface's data_load. */
#include "core/game_data.h"
#include <stdlib.h>
#include "core/xalloc.h"

void *game_data_new(size_t size, game_data_loader load, const char *path, struct strbuf *err)
{
    void *data = xcalloc(1, size);
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = load(data, path, &dl);
    for (size_t i = 0; i < dl.count; i++)
        diag_format(err, &dl.items[i], NULL, 0);
    diag_list_free(&dl);
    if (rc != 0) {
        free(data);
        return NULL;
    }
    return data;
}
