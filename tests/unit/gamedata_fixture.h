/* The built-in game data, GD, loaded once for a test program (fx_load and fx_unload are cmocka
 * group setup and teardown) or a fuzz harness (fx_gamedata). Needs no cmocka: the harnesses of
 * tests/fuzz include it too. */
#ifndef GAMEDATA_FIXTURE_H
#define GAMEDATA_FIXTURE_H
#include <stdlib.h>
#include "core/diag.h"
#include "rules/gamedata.h"

static struct gamedata GD;

static inline int fx_load(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = gamedata_load_default(&GD, &dl);
    diag_list_free(&dl);
    return rc;
}

static inline int fx_unload(void **state)
{
    (void)state;
    gamedata_free(&GD);
    return 0;
}

/* GD, loaded at the first call; aborts when the built-in data does not load. */
static inline const struct gamedata *fx_gamedata(void)
{
    static int loaded;
    if (!loaded) {
        if (fx_load(NULL) != 0)
            abort();
        loaded = 1;
    }
    return &GD;
}

#endif
