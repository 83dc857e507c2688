/* The filled town-sheets of a replayed log as a document (xii audit --pdf, xii play --pdf), with
 * the analysis page after them when there is one. */
#include "cli/filled_output.h"
#include <stdio.h>
#include <string.h>
#include "layout/filled_sheet.h"

/* What the document holds: the filled sheets, and the analysis page with --analyse. */
struct filled_document {
    const struct filled_sheet_input *sheets;
    const struct filled_extra *extra;
};

static int draw_filled(struct canvas *c, const void *ctx, struct strbuf *err)
{
    const struct filled_document *d = ctx;
    if (filled_sheet_draw(c, d->sheets, err) != 0)
        return -1;
    if (d->extra && d->extra->draw)
        d->extra->draw(c, d->extra->ctx);
    return 0;
}

int filled_output(const struct render_options *ro, const char *cmd, const char *name, const struct log_replay *r,
                  const struct diag_list *dl, int mark, const struct filled_extra *extra)
{
    if (!r->started) {
        fprintf(stderr, "xii %s: no sheets to draw: the game did not start\n", cmd);
        return EXIT_USAGE;
    }
    struct strbuf footer = STRBUF_INIT;
    render_options_describe(ro, &footer);
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = r->gd;
    in.state = &r->state;
    in.history = &r->history;
    in.mismatches = r->mismatches;
    in.nmismatches = r->nmismatches;
    in.mark = mark;
    in.nerrors = dl->errors;
    in.refused = r->skipped;
    in.nrefused = r->nskipped;
    in.stopped = r->stopped;
    in.log_name = name;
    in.paper = ro->paper->name;
    in.grey = ro->grey;
    in.footer_options = strbuf_cstr(&footer);
    struct filled_document doc = {&in, extra};
    int status = render_document(ro, cmd, NULL, "Filled town-sheets", draw_filled, &doc);
    if (status == EXIT_OK && mark && r->mismatches_omitted)
        fprintf(stderr, "xii %s: the sheets ring the first %zu mismatches; %zu more are counted "
                        "in the report (--max-messages 0 rings them all)\n",
                cmd, r->nmismatches, r->mismatches_omitted);
    strbuf_free(&footer);
    return status;
}
