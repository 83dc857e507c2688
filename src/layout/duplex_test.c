/* The duplex alignment test page pair, printed on both sides before sheets with summaries on
 * their backs. */
#include "layout/duplex_test.h"

#define MM (72.0 / 25.4)

/* A registration cross with a circle, centred on (x, y). */
static void cross(struct canvas *c, struct rgb ink, double x, double y)
{
    double r = 6 * MM;
    canvas_circle(c, x, y, r * 0.6);
    canvas_stroke(c, ink, 0.6);
    canvas_move_to(c, x - r, y);
    canvas_line_to(c, x + r, y);
    canvas_move_to(c, x, y - r);
    canvas_line_to(c, x, y + r);
    canvas_stroke(c, ink, 0.4);
}

/* Millimetre ticks from -5 to +5 mm around (x, y): along x when horizontal, else along y.
 * The back's scale stands on the other side of the cross so the two do not hide each other. */
static void scale(struct canvas *c, const struct palette *pal, double x, double y, int horizontal,
                  int side)
{
    for (int mm = -5; mm <= 5; mm++) {
        double len = (mm % 5 == 0 ? 3.0 : 1.6) * MM * side;
        double d = mm * MM;
        if (horizontal) {
            canvas_move_to(c, x + d, y + 7 * MM * side);
            canvas_line_to(c, x + d, y + 7 * MM * side + len);
        } else {
            canvas_move_to(c, x + 7 * MM * side, y + d);
            canvas_line_to(c, x + 7 * MM * side + len, y + d);
        }
    }
    canvas_stroke(c, pal->ink, 0.3);
}

/* One side: crosses at the four corners of the printable area and at the centre, each with
 * scales; the back is drawn where the front's points fall after a long-edge flip (x mirrored). */
static void side(struct canvas *c, const struct duplex_test_options *o, const struct palette *pal,
                 int back)
{
    const struct paper *p = o->paper;
    struct box a = layout_page_area(p);
    canvas_page_begin(c, p->width, p->height);
    struct rgb ink = back ? pal->cost : pal->req;
    double inset = 10 * MM;
    double xs[3] = {a.x + inset, p->width / 2, a.x + a.w - inset};
    double ys[3] = {a.y + inset + 20, p->height / 2, a.y + a.h - inset};
    int sidemark = back ? -1 : 1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            if ((i == 1) != (j == 1))
                continue;
            /* A point at x on the front lies behind width - x on the back. */
            double x = back ? p->width - xs[i] : xs[i];
            cross(c, ink, x, ys[j]);
            scale(c, pal, x, ys[j], 1, sidemark);
            scale(c, pal, x, ys[j], 0, sidemark);
        }
    const char *title = back ? "DUPLEX TEST: BACK" : "DUPLEX TEST: FRONT";
    layout_small_caps(c, FONT_SERIF_BOLD, 16, pal->ink, p->width / 2, a.y + 14, ALIGN_CENTER, title, 1);
    static const char *const front_text =
        "Print this file on both sides of one sheet, flipping on the long edge, as you will print "
        "town-sheets with the rules summary on their backs. Hold the sheet against the light: the "
        "red crosses of this side and the blue crosses of the back should overlap. The small "
        "scales are in millimetres (long ticks every 5 mm): read how far the back is shifted.";
    static const char *const back_text =
        "This is the back. If this text is upside down compared with the front, your printer "
        "flipped on the short edge: choose long-edge flipping (often called \"long-edge binding\" "
        "or \"book\"). A shift of one or two millimetres is normal and harmless.";
    struct box t = {p->width / 2 - 62 * MM, p->height / 2 + 16 * MM, 124 * MM, 40 * MM};
    layout_text_box(c, FONT_SERIF, 10, LAYOUT_MIN_TEXT, 1.3, pal->ink, t, ALIGN_CENTER,
                    back ? back_text : front_text, 1);
    /* An arrow to the top edge: both sides must show it pointing the same way. */
    double ax = p->width / 2, ay = p->height / 2 - 16 * MM;
    canvas_move_to(c, ax, ay - 8 * MM);
    canvas_line_to(c, ax - 4 * MM, ay - 3 * MM);
    canvas_line_to(c, ax + 4 * MM, ay - 3 * MM);
    canvas_close_path(c);
    canvas_fill(c, pal->ink);
    canvas_text(c, FONT_SANS, 8, pal->muted, ax, ay + 1 * MM, ALIGN_CENTER, "top of the page");
    layout_footer(c, pal, p, o->footer);
    canvas_page_end(c);
}

void duplex_test_draw(struct canvas *c, const struct duplex_test_options *o)
{
    struct palette pal;
    layout_palette(&pal, o->grey);
    side(c, o, &pal, 0);
    side(c, o, &pal, 1);
}
