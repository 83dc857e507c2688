/* The town-sheets for the page: a player's as SVG (kept until the game changes), and at the
 * end every player's filled sheets as one PDF; drawn by the filled-sheet layout into memory. */
#include "serve/sheet.h"
#include <string.h>
#include "layout/filled_sheet.h"

/* The filled sheets (seat's from 1, or every player's for 0) into pages: SVG pages, or one PDF. */
static int draw_sheets(const struct serve_server *sv, int only_seat, int svg, struct canvas_memory *pages,
                       struct strbuf *err)
{
    const struct record_session *s = sv->s;
    const struct log_replay *r = record_session_replay(s);
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = record_session_gd(s);
    in.state = &r->state;
    in.history = &r->history;
    in.mismatches = r->mismatches;
    in.nmismatches = r->nmismatches;
    in.mark = 1;
    in.log_name = serve_file_name(sv);
    in.paper = "a4";
    in.only_seat = only_seat;
    struct canvas_options opt;
    memset(&opt, 0, sizeof opt);
    opt.backend = CANVAS_CAIRO;
    opt.svg = svg;
    opt.memory = pages;
    opt.title = "Town-sheet";
    opt.creator = "xii " XII_VERSION;
    int rc = -1;
    struct canvas *c = canvas_new(&opt, err);
    if (c && filled_sheet_draw(c, &in, err) != 0)
        canvas_discard(c);
    else if (c)
        rc = canvas_finish(c, err);
    return rc;
}

static int draw(struct serve_server *sv, int seat, struct strbuf *err)
{
    struct canvas_memory pages = {NULL, 0};
    int rc = draw_sheets(sv, seat + 1, 1, &pages, err);
    if (rc == 0 && pages.npages != 2) {
        strbuf_printf(err, "the town-sheet came out with %zu pages, not 2", pages.npages);
        rc = -1;
    }
    for (size_t k = 0; rc == 0 && k < 2; k++) {
        strbuf_free(&sv->sheet[seat][k]);
        sv->sheet[seat][k] = pages.pages[k];
        pages.pages[k] = (struct strbuf)STRBUF_INIT;
        sv->sheet_version[seat][k] = sv->version + 1;
    }
    canvas_memory_free(&pages);
    return rc;
}

int serve_sheets_pdf(const struct serve_server *sv, struct strbuf *out, struct strbuf *err)
{
    if (record_session_replay(sv->s)->state.phase != PHASE_GAME_OVER) {
        strbuf_puts(err, "the filled sheets come once the game is over");
        return -1;
    }
    struct canvas_memory pdf = {NULL, 0};
    int rc = draw_sheets(sv, 0, 0, &pdf, err);
    if (rc == 0 && pdf.npages == 1)
        strbuf_append(out, strbuf_cstr(&pdf.pages[0]), pdf.pages[0].len);
    else if (rc == 0) {
        strbuf_puts(err, "the filled sheets came out as no document");
        rc = -1;
    }
    canvas_memory_free(&pdf);
    return rc;
}

const struct strbuf *serve_sheet_svg(struct serve_server *sv, int seat, int page, struct strbuf *err)
{
    if (!record_session_replay(sv->s)->started || seat < 0 || seat >= record_session_replay(sv->s)->state.cfg.nplayers) {
        strbuf_puts(err, "no sheet: the game has not started, or there is no such seat");
        return NULL;
    }
    if (sv->sheet_version[seat][page] != sv->version + 1 && draw(sv, seat, err) != 0)
        return NULL;
    return &sv->sheet[seat][page];
}
