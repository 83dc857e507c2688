/* The canvas writes files: the two pages go to a private temporary folder, are read back,
 * and the folder is removed. */
#include "serve/sheet.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/readfile.h"
#include "layout/filled_sheet.h"

#define SHEET_MAX_BYTES (64u << 20)

static int draw(struct serve_server *sv, int seat, struct strbuf *err)
{
    const struct record_session *s = sv->s;
    const struct log_replay *r = s->replay;
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/xii-serve-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        strbuf_printf(err, "no temporary folder for the sheet in %s", tmp && *tmp ? tmp : "/tmp");
        return -1;
    }
    char path[2][4200];
    snprintf(path[0], sizeof path[0], "%s/sheet.svg", dir);
    snprintf(path[1], sizeof path[1], "%s/sheet-2.svg", dir);
    struct filled_sheet_input in;
    memset(&in, 0, sizeof in);
    in.gd = s->gd;
    in.state = &r->state;
    in.history = &r->history;
    in.mismatches = r->mismatches;
    in.nmismatches = r->nmismatches;
    in.mark = 1;
    in.log_name = serve_file_name(sv);
    in.paper = "a4";
    in.only_seat = seat + 1;
    struct canvas_options opt;
    memset(&opt, 0, sizeof opt);
    opt.backend = CANVAS_CAIRO;
    opt.svg = 1;
    opt.path = path[0];
    opt.title = "Town-sheet";
    opt.creator = "xii " XII_VERSION;
    int rc = -1;
    struct canvas *c = canvas_new(&opt, err);
    if (c && filled_sheet_draw(c, &in, err) != 0)
        canvas_discard(c);
    else if (c)
        rc = canvas_finish(c, err);
    for (int k = 0; k < 2; k++) {
        char *data = NULL;
        size_t len = 0;
        if (rc == 0 && readfile(path[k], SHEET_MAX_BYTES, &data, &len, err) == 0) {
            strbuf_reset(&sv->sheet[seat][k]);
            strbuf_append(&sv->sheet[seat][k], data, len);
            sv->sheet_version[seat][k] = sv->version + 1;
        } else {
            rc = -1;
        }
        free(data);
        unlink(path[k]);
    }
    rmdir(dir);
    return rc;
}

const struct strbuf *serve_sheet_svg(struct serve_server *sv, int seat, int page, struct strbuf *err)
{
    if (!sv->s->replay->started || seat < 0 || seat >= sv->s->replay->state.cfg.nplayers) {
        strbuf_puts(err, "no sheet: the game has not started, or there is no such seat");
        return NULL;
    }
    if (sv->sheet_version[seat][page] != sv->version + 1 && draw(sv, seat, err) != 0)
        return NULL;
    return &sv->sheet[seat][page];
}
