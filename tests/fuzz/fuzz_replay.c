/* libFuzzer harness: the whole audit (what `xii audit` and `xii audit --json` do, minus the file
 * reading). Every input is parsed and replayed against the built-in game data, then reported as
 * text and as JSON; a replay that started is also scored, its mismatches described and its open
 * round listed. The replay runs twice: over the
 * whole log, and stopped after round (size % 11) as --until-round does, so stopping early is
 * fuzzed too. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "audit/claims.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "audit/report.h"
#include "rules/engine.h"
#include "rules/gamedata.h"
#include "../unit/gamedata_fixture.h"
#include "fuzz_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void replay_once(const char *buf, size_t size, const struct log_ast *ast, int until,
                        struct strbuf *out, struct diag_list *dl)
{
    const struct gamedata *gd = fx_gamedata();
    struct log_replay_options opt = {.until_round = until};
    struct log_replay *r = log_replay_run(gd, ast, &opt, dl);
    struct log_report_input in = {"fuzz.xii", buf, size, r, dl};
    fuzz_report(&in, out);
    log_report_ok(&in);
    if (r->started) {
        struct log_missing missing[LOG_MISSING_MAX];
        int n = log_replay_missing(&r->state, missing);
        for (int i = 0; i < n; i++)
            strbuf_puts(out, missing[i].text);
        for (size_t i = 0; i < r->nmismatches; i++) {
            mismatch_side_text(gd, &r->mismatches[i], 0, out);
            mismatch_side_text(gd, &r->mismatches[i], 1, out);
            log_claims_message(gd, &r->mismatches[i], "P", out);
        }
    }
    log_replay_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    struct log_ast *ast = log_parse(buf, size, "fuzz.xii", &dl);
    replay_once(buf, size, ast, 0, &out, &dl);
    struct diag_list dl2 = DIAG_LIST_INIT;
    replay_once(buf, size, ast, (int)(size % 11), &out, &dl2);
    strbuf_free(&out);
    log_free(ast);
    diag_list_free(&dl);
    diag_list_free(&dl2);
    return 0;
}
