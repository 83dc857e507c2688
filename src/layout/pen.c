/* The pen of the filled sheets: reproducible wobble, bowed lines, handwriting, rings. */
#include "layout/pen.h"
#include <math.h>

void layout_pen_at(struct layout_pen *p, double x, double y)
{
    unsigned h = p->seed * 0x9e3779b1u;
    h ^= (unsigned)lround(x * 8) * 0x85ebca77u;
    h = (h << 13 | h >> 19) ^ (unsigned)lround(y * 8) * 0xc2b2ae3du;
    h ^= h >> 16;
    p->rnd = h * 0x45d9f3bu;
}

double layout_pen_wobble(struct layout_pen *p)
{
    p->rnd = p->rnd * 1103515245u + 12345u;
    return ((double)((p->rnd >> 16) & 0x7fff) / 16383.5) - 1.0;
}

void layout_pen_line(struct layout_pen *p, double x1, double y1, double x2, double y2)
{
    layout_pen_at(p, x1, y1);
    double dx = x2 - x1, dy = y2 - y1;
    double len = sqrt(dx * dx + dy * dy);
    double bow = len * 0.04 * layout_pen_wobble(p);
    double nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 0;
    canvas_move_to(p->c, x1, y1);
    canvas_curve_to(p->c, x1 + dx / 3 + nx * bow, y1 + dy / 3 + ny * bow,
                    x1 + 2 * dx / 3 + nx * bow * 0.6, y1 + 2 * dy / 3 + ny * bow * 0.6, x2, y2);
}

enum canvas_font layout_pen_font(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x80)
            continue;
        /* Latin-1 above 0xA0 is C2 A1..BF or C3 80..BF. */
        if ((p[0] == 0xC2 && p[1] >= 0xA1 && p[1] <= 0xBF) || (p[0] == 0xC3 && p[1] >= 0x80 && p[1] <= 0xBF)) {
            p++;
            continue;
        }
        return FONT_SERIF_ITALIC;
    }
    return FONT_HAND;
}

double layout_pen_fit(struct canvas *c, double size, double width, const char *text)
{
    double tw = canvas_text_width(c, layout_pen_font(text), size, text);
    if (tw > width && tw > 0)
        size *= width / tw;
    return size < 5 ? 5 : size;
}

void layout_pen_text(struct layout_pen *p, double size, struct rgb colour, double x, double y,
                     enum canvas_align align, const char *text)
{
    layout_pen_at(p, x, y);
    double jx = 0.35 * layout_pen_wobble(p), jy = 0.35 * layout_pen_wobble(p);
    double rot = 0.035 * layout_pen_wobble(p);
    canvas_save(p->c);
    canvas_translate(p->c, x + jx, y + jy);
    canvas_rotate(p->c, rot);
    canvas_text(p->c, layout_pen_font(text), size, colour, 0, 0, align, text);
    canvas_restore(p->c);
}

void layout_pen_ring(struct layout_pen *p, double cx, double cy, double rx, double ry)
{
    const double k = 0.5523;
    layout_pen_at(p, cx, cy);
    double a0 = 0.3 * layout_pen_wobble(p);
    double px[5], py[5];
    for (int i = 0; i < 5; i++) {
        double t = a0 + i * 1.5707963267948966 + (i == 4 ? 0.35 : 0);
        px[i] = cx + rx * cos(t);
        py[i] = cy + ry * sin(t);
    }
    canvas_move_to(p->c, px[0], py[0]);
    for (int i = 0; i < 4; i++) {
        double t0 = a0 + i * 1.5707963267948966, t1 = t0 + 1.5707963267948966;
        canvas_curve_to(p->c, px[i] - k * rx * sin(t0), py[i] + k * ry * cos(t0),
                        px[i + 1] + k * rx * sin(t1) * (i == 3 ? 1.1 : 1),
                        py[i + 1] - k * ry * cos(t1), px[i + 1], py[i + 1]);
    }
}
