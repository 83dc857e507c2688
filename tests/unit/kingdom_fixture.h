/* The kingdom's built-in game data, loaded once for a kingdom test program (cmocka group
 * setup and teardown). Include after test.h. */
#ifndef KINGDOM_FIXTURE_H
#define KINGDOM_FIXTURE_H
#include "kingdom/data.h"

static struct kdata data;

static int setup_data(void **st)
{
    (void)st;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = kdata_load_default(&data, &dl);
    diag_list_free(&dl);
    return rc;
}

static int teardown_data(void **st)
{
    (void)st;
    kdata_free(&data);
    return 0;
}

#endif
