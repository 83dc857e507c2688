/* The global-event setup sheet of a difficulty. */
#include "layout/setup_sheet.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/strbuf.h"

#define HEAD_H 16.0     /* section heading band */
#define GAP 9.0         /* between sections */

struct ctx {
    struct canvas *c;
    const struct setup_sheet_options *o;
    const struct gamedata *gd;
    const struct event_setup *s;
    const struct gd_difficulty *d;
    struct palette pal;
    struct box area;
};

static int event_rounds(const struct ctx *x)
{
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        n += x->s->event[r] >= 0;
    return n;
}

/* Title at the left, the difficulty and its good scores at the right. Returns the height. */
static double draw_title(struct ctx *x, double y)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    layout_small_caps(c, FONT_SERIF_BOLD, 22, x->pal.ink, a.x, y + 20, ALIGN_LEFT, "XII CENTURY", 1);
    canvas_text(c, FONT_SERIF_ITALIC, 13, x->pal.soft, a.x, y + 37, ALIGN_LEFT,
                "Global events for this game");
    double right = a.x + a.w;
    canvas_text(c, FONT_SANS, 7, x->pal.muted, right, y + 7, ALIGN_RIGHT, "DIFFICULTY");
    canvas_text(c, FONT_SERIF_BOLD, 18, x->pal.ink, right, y + 24, ALIGN_RIGHT, x->d->name);
    struct strbuf sb = STRBUF_INIT;
    if (x->d->good_high >= 0)
        strbuf_printf(&sb, "%d\xe2\x80\x93%d", x->d->good_low, x->d->good_high);
    else
        strbuf_printf(&sb, "above %d", x->d->good_low);
    double w = canvas_text_width(c, FONT_SANS_BOLD, 10, strbuf_cstr(&sb));
    canvas_text(c, FONT_SANS_BOLD, 10, x->pal.ink, right, y + 38, ALIGN_RIGHT, strbuf_cstr(&sb));
    canvas_text(c, FONT_SERIF_ITALIC, 11, x->pal.soft, right - w - 4, y + 38, ALIGN_RIGHT,
                "a good score:");
    strbuf_free(&sb);
    canvas_move_to(c, a.x, y + 46);
    canvas_line_to(c, a.x + a.w, y + 46);
    canvas_stroke(c, x->pal.rule, 1.2);
    return 46;
}

/* The two tracks of the town-sheet header with the letters filled in, and tick boxes for the
 * players who copied them. Returns the height. */
static double draw_track(struct ctx *x, double y)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    int n = event_rounds(x);
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "COPY ONTO EVERY TOWN-SHEET",
                   n ? "the letters go on the global-events track, under their round"
                     : "nothing to copy: no round has an event");
    y += HEAD_H + 7;
    double label_w = 86, round_h = 17, event_h = 34;
    double cw = (a.w - label_w) / GD_ROUNDS;
    canvas_text(c, FONT_SANS_BOLD, 7, pal->soft, a.x, y + round_h / 2 + 2.5, ALIGN_LEFT, "GAME ROUNDS");
    canvas_text(c, FONT_SANS_BOLD, 7, pal->soft, a.x, y + round_h + event_h / 2 + 2.5, ALIGN_LEFT,
                "GLOBAL EVENTS");
    for (int r = 1; r <= GD_ROUNDS; r++) {
        double cx = a.x + label_w + (r - 1) * cw;
        layout_cell(c, pal, (struct box){cx, y, cw, round_h}, 1);
        char num[12];
        snprintf(num, sizeof num, "%d", r);
        canvas_text(c, FONT_SANS_BOLD, 8.5, pal->ink, cx + cw / 2, y + round_h / 2 + 3, ALIGN_CENTER, num);
        struct box ev = {cx, y + round_h, cw, event_h};
        int e = x->s->event[r];
        layout_cell(c, pal, ev, e < 0);
        if (e >= 0) {
            canvas_text(c, FONT_SERIF_BOLD, 20, pal->ink, cx + cw / 2, ev.y + event_h / 2 + 7,
                        ALIGN_CENTER, x->gd->events[e].letters);
        } else {
            canvas_move_to(c, cx + cw / 2 - 4, ev.y + event_h / 2);
            canvas_line_to(c, cx + cw / 2 + 4, ev.y + event_h / 2);
            canvas_stroke(c, pal->line, 0.8);
        }
    }
    /* A heavier frame round the whole track, as on the town-sheet. */
    canvas_rect(c, a.x + label_w, y, cw * GD_ROUNDS, round_h + event_h);
    canvas_stroke(c, pal->rule, 1.0);
    y += round_h + event_h + 6;
    double h = HEAD_H + 7 + round_h + event_h + 6;
    /* Tick boxes: one per player, or five anonymous ones. */
    if (n > 0 && x->o->nplayers > 0) {
        double px = a.x + label_w;
        canvas_text(c, FONT_SANS, 7, pal->muted, a.x, y + 8, ALIGN_LEFT, "copied by");
        for (int i = 0; i < x->o->nplayers; i++) {
            char name[32];
            const char *nm = x->o->names ? x->o->names[i] : NULL;
            if (!nm) {
                snprintf(name, sizeof name, "Player %d", i + 1);
                nm = name;
            }
            canvas_rect(c, px, y + 1, 8, 8);
            canvas_stroke(c, pal->ink, 0.6);
            double w = layout_text_fit(c, FONT_SERIF, 9.5, LAYOUT_MIN_TEXT, pal->ink, px + 12, y + 8.5,
                                       (a.x + a.w - px) / (x->o->nplayers - i) - 20, ALIGN_LEFT, nm);
            px += 12 + w + 16;
        }
        h += 14;
    }
    return h;
}

/* One row per round with an event: round, die face, letters, name, effect. */
static double draw_events(struct ctx *x, double y, double avail)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    const struct gamedata *gd = x->gd;
    int n = event_rounds(x);
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "THE EVENTS, ROUND BY ROUND",
                   "each strikes every town at the start of its round, before the shared dice");
    y += HEAD_H + 4;
    if (n == 0) {
        struct box b = {a.x + 10, y + 6, a.w - 20, 60};
        layout_text_box(c, FONT_SERIF, 12, 9, 1.3, pal->ink, b, ALIGN_LEFT,
                        "This difficulty has no global events: leave the global-events track "
                        "empty. A calm game like this is the best way to learn XII Century.", 1);
        return HEAD_H + 4 + 60;
    }
    double row_h = fmin(44, (avail - HEAD_H - 4) / n);
    double name_w = 118, round_w = 44, die_s = fmin(22, row_h - 10);
    double text_x = a.x + round_w + die_s + 12 + name_w;
    int i = 0;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        int e = x->s->event[r];
        if (e < 0)
            continue;
        const struct gd_event *ev = &gd->events[e];
        double ry = y + i * row_h;
        if (i % 2 == 0) {
            canvas_rect(c, a.x, ry, a.w, row_h);
            canvas_fill(c, pal->shade);
        }
        double mid = ry + row_h / 2;
        canvas_text(c, FONT_SANS, 6.5, pal->muted, a.x + round_w / 2, mid - 6, ALIGN_CENTER, "ROUND");
        char num[12];
        snprintf(num, sizeof num, "%d", r);
        canvas_text(c, FONT_SANS_BOLD, 14, pal->ink, a.x + round_w / 2, mid + 9, ALIGN_CENTER, num);
        layout_die(c, pal, a.x + round_w, mid - die_s / 2, die_s, ev->die);
        double nx = a.x + round_w + die_s + 10;
        layout_text_fit(c, FONT_SERIF_BOLD, 12, 9, pal->ink, nx, mid - 1, name_w - 4, ALIGN_LEFT, ev->name);
        struct strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "write \xe2\x80\x9c%s\xe2\x80\x9d", ev->letters);
        if (x->s->fixed[r])
            strbuf_printf(&sb, " \xc2\xb7 always on round %d", r);
        layout_text_fit(c, FONT_SANS, 7, LAYOUT_MIN_TEXT, pal->soft, nx, mid + 10, name_w - 4,
                        ALIGN_LEFT, strbuf_cstr(&sb));
        strbuf_free(&sb);
        struct box tb = {text_x, ry + 3, a.x + a.w - text_x - 4, row_h - 6};
        /* Vertically centre the effect text in the row. */
        struct layout_lines lines = {0};
        double size = layout_text_box(c, FONT_SERIF, 10.5, 8, 1.2, pal->ink, tb, ALIGN_LEFT, ev->text, 0);
        size_t nl = layout_wrap(c, FONT_SERIF, size, tb.w, ev->text, &lines);
        layout_lines_free(&lines);
        double th = 0.8 * size + (double)(nl - 1) * 1.2 * size + 0.25 * size;
        if (th < tb.h)
            tb.y += (tb.h - th) / 2;
        layout_text_box(c, FONT_SERIF, size, size, 1.2, pal->ink, tb, ALIGN_LEFT, ev->text, 1);
        i++;
    }
    canvas_move_to(c, a.x, y + n * row_h);
    canvas_line_to(c, a.x + a.w, y + n * row_h);
    canvas_stroke(c, pal->line, 0.5);
    return HEAD_H + 4 + n * row_h;
}

/* A small die face crossed out: a die that was re-rolled. */
static void crossed_die(struct ctx *x, double px, double py, double s, int value)
{
    layout_die(x->c, &x->pal, px, py, s, value);
    canvas_move_to(x->c, px - 1, py + s + 1);
    canvas_line_to(x->c, px + s + 1, py - 1);
    canvas_stroke(x->c, x->pal.ink, 1.2);
}

/* How the events were drawn: the seed and its dice, the table's dice, or the players' choice. */
static double draw_method(struct ctx *x, double y)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    const struct event_setup *s = x->s;
    const struct gamedata *gd = x->gd;
    struct strbuf note = STRBUF_INIT, text = STRBUF_INIT;
    switch (s->method) {
    case EVENT_METHOD_SEED:
        strbuf_printf(&note, "rolled by xii from seed %llu", (unsigned long long)s->seed);
        strbuf_printf(&text, "One die per round with an event, in round order. A die that would "
                      "give an event more than %d rounds was rolled again (crossed out). The same "
                      "seed always gives the same dice: xii setup --difficulty %s --seed %llu",
                      gd->max_same_event, x->d->id, (unsigned long long)s->seed);
        break;
    case EVENT_METHOD_ROLL:
        strbuf_puts(&note, "dice rolled at the table");
        strbuf_printf(&text, "One die per round with an event, in round order. A die that would "
                      "give an event more than %d rounds was rolled again (crossed out).",
                      gd->max_same_event);
        break;
    case EVENT_METHOD_CHOOSE:
        strbuf_puts(&note, "chosen by the players");
        strbuf_printf(&text, "Taking turns from the first player, each player chose the event of "
                      "the next round with an event. No event may strike on more than %d rounds.",
                      gd->max_same_event);
        break;
    case EVENT_METHOD_NONE:
        break;
    }
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "HOW THEY WERE DRAWN", strbuf_cstr(&note));
    double h = HEAD_H + 5;
    y += h;
    struct box tb = {a.x, y, a.w, 24};
    double size = layout_text_box(c, FONT_SERIF, 10, LAYOUT_MIN_TEXT, 1.2, pal->soft, tb, ALIGN_LEFT,
                                  strbuf_cstr(&text), 1);
    struct layout_lines lines = {0};
    size_t nl = layout_wrap(c, FONT_SERIF, size, tb.w, strbuf_cstr(&text), &lines);
    layout_lines_free(&lines);
    double used = 0.8 * size + (double)(nl - 1) * 1.2 * size + 0.25 * size + 4;
    y += used;
    h += used;
    strbuf_free(&note);
    strbuf_free(&text);
    if (s->nrolls == 0)
        return h;
    /* The dice, grouped by round: "R7" then its faces. Groups wrap onto a second line. */
    double ds = 15, px = a.x, line_h = ds + 6;
    double gy = y;
    for (size_t i = 0; i < s->nrolls;) {
        size_t j = i;
        while (j < s->nrolls && s->rolls[j].round == s->rolls[i].round)
            j++;
        char label[16];
        snprintf(label, sizeof label, "R%d", s->rolls[i].round);
        double lw = canvas_text_width(c, FONT_SANS_BOLD, 7.5, label);
        double gw = lw + 3 + (double)(j - i) * (ds + 3) + 8;
        if (px + gw > a.x + a.w && px > a.x) {
            px = a.x;
            gy += line_h;
        }
        canvas_text(c, FONT_SANS_BOLD, 7.5, pal->soft, px, gy + ds / 2 + 2.7, ALIGN_LEFT, label);
        double dx = px + lw + 3;
        for (size_t k = i; k < j; k++, dx += ds + 3) {
            if (s->rolls[k].kept)
                layout_die(c, pal, dx, gy, ds, s->rolls[k].die);
            else
                crossed_die(x, dx, gy, ds, s->rolls[k].die);
        }
        px += gw;
        i = j;
    }
    return h + (gy - y) + line_h;
}

/* The start of the game, as a checklist. */
static double draw_checklist(struct ctx *x, double y, double bottom)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    const struct gamedata *gd = x->gd;
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "BEFORE ROUND 1", "tick as you go");
    y += HEAD_H + 5;
    struct strbuf reserve = STRBUF_INIT;
    for (int i = 0; i < gd->nreserve_start; i++)
        strbuf_printf(&reserve, "%s%d", i == 0 ? "" : i + 1 == gd->nreserve_start ? " and " : ", ",
                      gd->reserve_start[i]);
    struct strbuf step[7];
    int n = 0;
    for (int i = 0; i < 7; i++)
        step[i] = (struct strbuf)STRBUF_INIT;
    strbuf_puts(&step[n++], "Everyone takes a town-sheet and gives their town a name.");
    strbuf_puts(&step[n++], "Each player rolls a die: the lowest roll plays first in round 1 "
                            "(tied players roll again).");
    strbuf_puts(&step[n++], "The first player takes four dice: two shared dice for everybody "
                            "and two of their own.");
    if (event_rounds(x) > 0)
        strbuf_puts(&step[n++], "Copy the event letters above onto the global-events track of "
                                "every town-sheet.");
    strbuf_printf(&step[n++], "Every dice reserve starts with %s; the other %d slots are empty.",
                  strbuf_cstr(&reserve), gd->reserve_slots - gd->nreserve_start);
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (x->s->fixed[r] && r == 1)
            strbuf_printf(&step[n++], "Round 1 opens with the %s: with nothing built yet, it "
                          "changes nothing, but it counts as one of its %d rounds.",
                          gd->events[x->s->event[1]].name, gd->max_same_event);
    strbuf_puts(&step[n++], "Mark round 1 on every sheet and start.");
    double line = fmin(15, (bottom - y) / n);
    for (int i = 0; i < n; i++) {
        double ly = y + i * line;
        canvas_rect(c, a.x + 2, ly + 1.5, 8, 8);
        canvas_stroke(c, pal->ink, 0.6);
        layout_text_fit(c, FONT_SERIF, 10.5, LAYOUT_MIN_TEXT, pal->ink, a.x + 16, ly + 9.5, a.w - 16,
                        ALIGN_LEFT, strbuf_cstr(&step[i]));
    }
    for (int i = 0; i < 7; i++)
        strbuf_free(&step[i]);
    strbuf_free(&reserve);
    return HEAD_H + 5 + n * line;
}

/* The players' final scores, when there is room: a row per player (five blank rows when the
 * players are not known) for the town, the score and the POW that breaks a tie. */
static void draw_scores(struct ctx *x, double y, double bottom)
{
    struct canvas *c = x->c;
    const struct box a = x->area;
    const struct palette *pal = &x->pal;
    int n = x->o->nplayers > 0 ? x->o->nplayers : 5;
    double row = 19, head = HEAD_H + 5 + 12;
    if (bottom - y < head + n * row)
        return;
    struct strbuf note = STRBUF_INIT;
    if (x->d->good_high >= 0)
        strbuf_printf(&note, "a good score here: %d to %d", x->d->good_low, x->d->good_high);
    else
        strbuf_printf(&note, "a good score here: above %d", x->d->good_low);
    layout_heading(c, pal, (struct box){a.x, y, a.w, HEAD_H}, "AFTER ROUND 10", strbuf_cstr(&note));
    strbuf_free(&note);
    y += HEAD_H + 5;
    static const char *const cols[] = {"PLAYER", "TOWN", "SCORE", "POW (FOR A TIE)"};
    const double frac[] = {0.30, 0.34, 0.16, 0.20};
    double cx = a.x;
    for (int k = 0; k < 4; k++) {
        canvas_text(c, FONT_SANS_BOLD, 7, pal->soft, cx + 2, y + 8, ALIGN_LEFT, cols[k]);
        cx += a.w * frac[k];
    }
    y += 12;
    for (int i = 0; i < n; i++) {
        cx = a.x;
        for (int k = 0; k < 4; k++) {
            layout_cell(c, pal, (struct box){cx, y + i * row, a.w * frac[k], row}, k == 0 && i % 2);
            cx += a.w * frac[k];
        }
        const char *nm = x->o->names ? x->o->names[i] : NULL;
        if (nm)
            layout_text_fit(c, FONT_SERIF, 11, LAYOUT_MIN_TEXT, pal->ink, a.x + 5, y + i * row + 13.5,
                            a.w * frac[0] - 10, ALIGN_LEFT, nm);
    }
}

void setup_sheet_draw(struct canvas *c, const struct setup_sheet_options *o)
{
    struct ctx x = {c, o, o->gd, o->setup, &o->gd->difficulties[o->setup->difficulty], {0}, {0, 0, 0, 0}};
    layout_palette(&x.pal, o->grey);
    x.area = layout_page_area(o->paper);
    canvas_page_begin(c, o->paper->width, o->paper->height);
    double y = x.area.y;
    double bottom = x.area.y + x.area.h;
    y += draw_title(&x, y) + GAP + 2;
    y += draw_track(&x, y) + GAP;
    /* The checklist and the method take what they need; the event rows share the rest. */
    double checklist_h = HEAD_H + 5 + 7 * 15;
    double method_h = HEAD_H + 5 + 30 + (x.s->nrolls ? 2 * 21 : 0);
    double avail = bottom - y - GAP - method_h - GAP - checklist_h;
    y += draw_events(&x, y, avail) + GAP + 4;
    /* Nothing was drawn when the difficulty leaves no round to fill. */
    if (event_setup_free_rounds(x.gd, x.s->difficulty) > 0)
        y += draw_method(&x, y) + GAP + 4;
    y += draw_checklist(&x, y, bottom) + GAP + 4;
    draw_scores(&x, y, bottom);
    layout_footer(c, &x.pal, o->paper, o->footer);
    canvas_page_end(c);
}
