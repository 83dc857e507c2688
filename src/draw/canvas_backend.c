/* What the backends share: the sticky failure, further output files, font paths, text
 * alignment, shapes made of path calls for backends without their own, and the pages of a
 * document kept in memory. Backends call these and the dispatcher (canvas.c) calls the
 * backends, never the other way round. */
#include "core/xalloc.h"
#include "draw/canvas_font.h"
#include "draw/canvas_impl.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Bezier control distance for a quarter circle of radius 1. */
#define CANVAS_KAPPA 0.5522847498307936

void canvas_fail(struct canvas *c, const char *fmt, ...)
{
    if (c->status)
        return;
    c->status = 1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        strbuf_puts(&c->error, "drawing failed");
        return;
    }
    char *msg = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    va_end(ap);
    strbuf_puts(&c->error, msg);
    free(msg);
}

void canvas_add_file(struct canvas *c, const char *path, char *data, size_t len)
{
    void *items = c->files;
    xgrow(&items, &c->capfiles, c->nfiles + 1, sizeof *c->files);
    c->files = items;
    c->files[c->nfiles++] = (struct canvas_file){xstrdup(path), data, len};
}

char *canvas_font_path(const struct canvas *c, enum canvas_font font)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", c->font_dir, canvas_font_file(font));
    return strbuf_detach(&sb);
}

double canvas_align_left(enum canvas_align align, double x, double width)
{
    switch (align) {
    case ALIGN_LEFT: return x;
    case ALIGN_CENTER: return x - width / 2;
    case ALIGN_RIGHT: return x - width;
    }
    return x;
}

void canvas_generic_rect(struct canvas *c, double x, double y, double w, double h)
{
    c->ops->move_to(c, x, y);
    c->ops->line_to(c, x + w, y);
    c->ops->line_to(c, x + w, y + h);
    c->ops->line_to(c, x, y + h);
    c->ops->close_path(c);
}

void canvas_generic_round_rect(struct canvas *c, double x, double y, double w, double h, double r)
{
    double k = r * (1 - CANVAS_KAPPA);
    c->ops->move_to(c, x + r, y);
    c->ops->line_to(c, x + w - r, y);
    c->ops->curve_to(c, x + w - k, y, x + w, y + k, x + w, y + r);
    c->ops->line_to(c, x + w, y + h - r);
    c->ops->curve_to(c, x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    c->ops->line_to(c, x + r, y + h);
    c->ops->curve_to(c, x + k, y + h, x, y + h - k, x, y + h - r);
    c->ops->line_to(c, x, y + r);
    c->ops->curve_to(c, x, y + k, x + k, y, x + r, y);
    c->ops->close_path(c);
}

void canvas_generic_circle(struct canvas *c, double cx, double cy, double r)
{
    double k = r * CANVAS_KAPPA;
    c->ops->move_to(c, cx + r, cy);
    c->ops->curve_to(c, cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    c->ops->curve_to(c, cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    c->ops->curve_to(c, cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    c->ops->curve_to(c, cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    c->ops->close_path(c);
}

void canvas_memory_free(struct canvas_memory *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->npages; i++)
        strbuf_free(&m->pages[i]);
    free(m->pages);
    m->pages = NULL;
    m->npages = 0;
}
