/* A seat's town-sheet as the paper should read now: the filled-sheet layout (layout/
 * filled_sheet.h) drawn through the canvas's SVG backend, page 1 (front) or 2 (back). The
 * drawing is kept until the log changes. */
#ifndef SERVE_SHEET_H
#define SERVE_SHEET_H
#include "core/strbuf.h"
#include "serve/server.h"

/* The SVG of seat's (from 0) page (0 or 1), valid until the lock is released. Returns it, or
 * NULL with why in err (no game yet, a drawing failure). Lock held. */
const struct strbuf *serve_sheet_svg(struct serve_server *sv, int seat, int page, struct strbuf *err);

/* Every player's filled sheets as one PDF, appended to out, once the game is over. Returns 0,
 * or -1 with why in err. Lock held. */
int serve_sheets_pdf(const struct serve_server *sv, struct strbuf *out, struct strbuf *err);

#endif
