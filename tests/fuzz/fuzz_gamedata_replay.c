/* libFuzzer harness: the engine driven by fuzzed game data. Each input is loaded as a game-data
 * file; when it loads, fixed move logs (complete games of 1, 2 and 5 players, and logs with
 * errors; read once, from tests/golden/audit, so run it from the repository root) are replayed
 * through it, reported as text and JSON and scored, and the event setups of every difficulty
 * are drawn from a seed. Nothing may crash, leak or hang, whatever numbers the data holds. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/diag.h"
#include "core/readfile.h"
#include "core/strbuf.h"
#include "log/parse.h"
#include "log/write.h"
#include "audit/replay.h"
#include "audit/report.h"
#include "rules/engine.h"
#include "rules/event_setup.h"
#include "rules/gamedata.h"
#include "fuzz_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const log_files[] = {
    "tests/golden/audit/game-solo.xii",
    "tests/golden/audit/game-2p.xii",
    "tests/golden/audit/game-5p.xii",
    "tests/golden/audit/abilities.xii",
    "tests/golden/audit/errors-abilities.xii",
    "tests/golden/audit/t14-king-war.xii",
};
#define NLOGS (sizeof log_files / sizeof log_files[0])

static struct {
    char *src;
    size_t len;
    struct log_ast *ast;
} logs[NLOGS];

/* Reads and parses the fixed logs once (parsing needs no game data). */
static void load_logs(void)
{
    static int loaded;
    if (loaded)
        return;
    for (size_t i = 0; i < NLOGS; i++) {
        struct strbuf err = STRBUF_INIT;
        if (readfile(log_files[i], (size_t)1 << 20, &logs[i].src, &logs[i].len, &err) != 0) {
            fprintf(stderr, "fuzz_gamedata_replay: %s (run from the repository root)\n",
                    strbuf_cstr(&err));
            abort();
        }
        strbuf_free(&err);
        struct diag_list dl = DIAG_LIST_INIT;
        logs[i].ast = log_parse(logs[i].src, logs[i].len, log_files[i], &dl);
        diag_list_free(&dl);
    }
    loaded = 1;
}

static void replay(const struct gamedata *gd, size_t i, struct strbuf *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(gd, logs[i].ast, &opt, &dl);
    struct log_report_input in = {log_files[i], logs[i].src, logs[i].len, r, &dl};
    fuzz_report(&in, out);
    log_replay_free(r);
    diag_list_free(&dl);
}

static void event_setups(const struct gamedata *gd, uint64_t seed, struct strbuf *out)
{
    for (int d = 0; d < gd->ndifficulties; d++) {
        struct event_setup es = {0};
        struct diag_list dl = DIAG_LIST_INIT;
        if (event_setup_seed(gd, d, seed, &es, &dl) == 0)
            log_write_events(gd, es.event, out);
        event_setup_free(&es);
        diag_list_free(&dl);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    load_logs();
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    if (gamedata_load(&gd, "fuzz.rules", (const char *)data, size, &dl) == 0) {
        struct strbuf out = STRBUF_INIT;
        for (size_t i = 0; i < NLOGS; i++)
            replay(&gd, i, &out);
        event_setups(&gd, size, &out);
        strbuf_free(&out);
        gamedata_free(&gd);
    }
    diag_list_free(&dl);
    return 0;
}
