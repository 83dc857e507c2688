/* libFuzzer harness: the filled town-sheets of a fuzzed log (what `xii audit --pdf --mark`
 * draws), on the trace backend. Each input is parsed and replayed against the built-in game
 * data; when the game started, its sheets are drawn once, with the mismatches marked: A4 in
 * colour or Letter in grey by the size's parity, the whole log or, for a size that is a
 * multiple of 3, stopped after round (size % 11) as --until-round does (one drawing per input:
 * a drawing is the slow part).
 * The drawing may refuse a state with an error, never crash, leak or draw outside the canvas
 * rules (every call is checked by the canvas). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/filled_sheet.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "rules/gamedata.h"
#include "../unit/gamedata_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);


static void draw(const struct log_replay *r, const struct diag_list *dl, int letter)
{
    struct filled_sheet_input in = {0};
    in.gd = r->gd;
    in.state = &r->state;
    in.history = &r->history;
    in.mismatches = r->mismatches;
    in.nmismatches = r->nmismatches;
    in.mark = 1;
    in.nerrors = dl->errors;
    in.refused = r->skipped;
    in.nrefused = r->nskipped;
    in.stopped = r->stopped;
    in.log_name = "fuzz.xii";
    in.paper = letter ? "letter" : "a4";
    in.grey = letter;
    in.footer_options = "fuzz";
    struct canvas_options co = {0};
    co.backend = CANVAS_TRACE;
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    if (c && filled_sheet_draw(c, &in, &err) == 0)
        canvas_finish(c, &err);
    else
        canvas_discard(c);
    strbuf_free(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct gamedata *gd = fx_gamedata();
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(buf, size, "fuzz.xii", &dl);
    struct diag_list rdl = DIAG_LIST_INIT;
    struct log_replay_options opt = {.until_round = size % 3 == 0 ? (int)(size % 11) : 0};
    struct log_replay *r = log_replay_run(gd, ast, &opt, &rdl);
    if (r->started)
        draw(r, &rdl, (int)(size & 1));
    log_replay_free(r);
    diag_list_free(&rdl);
    log_free(ast);
    diag_list_free(&dl);
    return 0;
}
