/* QR codes from libqrencode: level M, a quiet zone of 2 modules on the terminal (4 drawn). */
#include "serve/qr.h"
#include <qrencode.h>
#include <stdio.h>
#include <string.h>

static int dark(const QRcode *q, int x, int y)
{
    return x >= 0 && y >= 0 && x < q->width && y < q->width && (q->data[y * q->width + x] & 1);
}

int serve_qr_text(const char *url, int colour, struct strbuf *out)
{
    QRcode *q = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q)
        return -1;
    const int quiet = 2;
    /* Two rows of modules per line: upper half block, lower half block, full block, space. */
    for (int y = -quiet; y < q->width + quiet; y += 2) {
        if (colour)
            strbuf_puts(out, "\033[30;107m");
        for (int x = -quiet; x < q->width + quiet; x++) {
            int top = dark(q, x, y), bottom = dark(q, x, y + 1);
            strbuf_puts(out, top && bottom ? "\xe2\x96\x88" : top ? "\xe2\x96\x80" : bottom ? "\xe2\x96\x84" : " ");
        }
        strbuf_puts(out, colour ? "\033[0m\n" : "\n");
    }
    QRcode_free(q);
    return 0;
}

int serve_qr_draw(struct canvas *c, const char *url, double x, double y, double size)
{
    QRcode *q = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q)
        return -1;
    const int quiet = 4;
    double m = size / (q->width + 2 * quiet);
    canvas_rect(c, x, y, size, size);
    canvas_fill(c, rgb_hex(0xffffff));
    for (int row = 0; row < q->width; row++)
        for (int col = 0; col < q->width; col++)
            if (dark(q, col, row))
                canvas_rect(c, x + (col + quiet) * m, y + (row + quiet) * m, m, m);
    canvas_fill(c, rgb_hex(0x000000));
    QRcode_free(q);
    return 0;
}

int serve_join_sheet(const char *pdf, const char *file, const char *const *names, const char *const *urls, int n,
                     struct strbuf *err)
{
    struct canvas_options opt;
    memset(&opt, 0, sizeof opt);
    opt.backend = CANVAS_CAIRO;
    opt.path = pdf;
    opt.title = "Join the game";
    opt.creator = "xii " XII_VERSION;
    struct canvas *c = canvas_new(&opt, err);
    if (!c)
        return -1;
    const double w = 595.28, h = 841.89, margin = 48, qr = 150;
    canvas_page_begin(c, w, h);
    struct rgb ink = rgb_hex(0x1a1a1a);
    canvas_text(c, FONT_SERIF_BOLD, 22, ink, margin, margin + 16, ALIGN_LEFT, "XII Century: join the game");
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "Scan your own code with your phone (same network). Game file: %s", file);
    canvas_text(c, FONT_SERIF, 11, ink, margin, margin + 38, ALIGN_LEFT, strbuf_cstr(&sb));
    int rc = 0;
    for (int k = 0; k < n && rc == 0; k++) {
        double col = k % 2, row = k / 2;
        double x = margin + col * (w - 2 * margin) / 2, y = margin + 64 + row * (qr + 80);
        canvas_text(c, FONT_SANS_BOLD, 14, ink, x, y + 12, ALIGN_LEFT, names[k]);
        rc = serve_qr_draw(c, urls[k], x, y + 20, qr);
        canvas_text(c, FONT_SANS, 6, ink, x, y + 20 + qr + 12, ALIGN_LEFT, urls[k]);
    }
    canvas_text(c, FONT_SERIF_ITALIC, 9, ink, margin, h - margin, ALIGN_LEFT,
                "Each code is a key: a player's link enters only that player's moves. Keep them to yourselves.");
    canvas_page_end(c);
    strbuf_free(&sb);
    if (rc != 0) {
        canvas_discard(c);
        strbuf_puts(err, "a link is too long for a QR code");
        return -1;
    }
    return canvas_finish(c, err);
}
