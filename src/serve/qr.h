/* The links as QR codes (libqrencode): on the terminal, in half-block characters with a
 * light background, and drawn on a canvas (the join sheet). */
#ifndef SERVE_QR_H
#define SERVE_QR_H
#include "core/strbuf.h"
#include "draw/canvas.h"

/* Appends url's QR code as lines of text; colour: ANSI colours that make it dark on light
 * whatever the terminal's. Returns 0, or -1 when it cannot be encoded. */
int serve_qr_text(const char *url, int colour, struct strbuf *out);

/* Draws url's QR code as a square of side `size` points, top-left at x, y. Returns 0 or -1. */
int serve_qr_draw(struct canvas *c, const char *url, double x, double y, double size);

/* Draws the join sheet: one page with a QR code and the address of each link. names[k] and
 * urls[k] for k < n. Returns 0, or -1 with why in err; the file is written atomically. */
int serve_join_sheet(const char *pdf, const char *file, const char *const *names, const char *const *urls, int n,
                     struct strbuf *err);

#endif
