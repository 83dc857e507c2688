/* The one-page rules summary, every number from the game data. */
#include "layout/summary.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "rules/event_setup.h"

/* ---- a small rich-text flow: paragraphs of words, icons and die faces in columns ---- */

#define COLUMNS 3
#define COLUMN_GAP 13.0
#define TITLE_H 30.0
#define MAX_SIZE 9.5
#define LEADING 1.2

enum tok_kind { TOK_WORD, TOK_ICON, TOK_DIE };

struct tok {
    enum tok_kind kind;
    enum canvas_font font;
    double scale;       /* of the text size: figures are set smaller in the sans font */
    char *text;         /* the word, or the icon's name */
    int die;
    int space;          /* 0: glued to the token before; 1: a space, where a line may break;
                           2: a space but no break (after an icon or a die face) */
};

enum block_kind { B_HEAD, B_PARA, B_TABLE };

#define TABLE_COLS 3
#define TABLE_ROWS (GD_MAX_DIFFICULTIES + 1)

struct block {
    enum block_kind kind;
    char *title, *note;             /* B_HEAD */
    struct tok *toks;               /* B_PARA */
    size_t ntoks, cap;
    char *label;                    /* B_PARA: a hanging label ("1", "a"), or NULL */
    int label_die;                  /* B_PARA: a hanging die face, or 0 */
    double space;                   /* space above, in units of the text size */
    int keep;                       /* stays in the same column as the next block */
    char *cell[TABLE_ROWS][TABLE_COLS];   /* B_TABLE, row 0 is the header */
    int nrows;
    /* Placed by the flow. */
    int col;
    double y, h;
};

struct doc {
    struct block *b;
    size_t n, cap;
    const struct icon_set *icons;
};

static struct block *add_block(struct doc *d, enum block_kind kind)
{
    xgrow((void **)&d->b, &d->cap, d->n + 1, sizeof *d->b);
    struct block *b = &d->b[d->n++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    return b;
}

static void doc_free(struct doc *d)
{
    for (size_t i = 0; i < d->n; i++) {
        struct block *b = &d->b[i];
        free(b->title);
        free(b->note);
        free(b->label);
        for (size_t k = 0; k < b->ntoks; k++)
            free(b->toks[k].text);
        free(b->toks);
        for (int r = 0; r < b->nrows; r++)
            for (int k = 0; k < TABLE_COLS; k++)
                free(b->cell[r][k]);
    }
    free(d->b);
}

static void push_tok(struct block *b, enum tok_kind kind, enum canvas_font font, const char *text,
                     size_t len, int die, int space)
{
    xgrow((void **)&b->toks, &b->cap, b->ntoks + 1, sizeof *b->toks);
    b->toks[b->ntoks++] = (struct tok){kind, font, 1.0, text ? xstrndup(text, len) : NULL, die, space};
}

/* The serif's figures are old-style (a 1 looks like a small I, 10 like "io"), which reads
 * badly where numbers matter: a word's runs of digits go in the sans font, a little smaller. */
static void push_word(struct block *b, enum canvas_font font, const char *w, size_t len, int space)
{
    for (size_t i = 0; i < len;) {
        int digits = isdigit((unsigned char)w[i]) != 0;
        size_t j = i;
        while (j < len && (isdigit((unsigned char)w[j]) != 0) == digits)
            j++;
        enum canvas_font f = !digits ? font : font == FONT_SERIF_BOLD ? FONT_SANS_BOLD : FONT_SANS;
        push_tok(b, TOK_WORD, f, w + i, j - i, 0, i == 0 ? space : 0);
        if (digits)
            b->toks[b->ntoks - 1].scale = 0.86;
        i = j;
    }
}

static enum canvas_font style_font(int bold, int italic)
{
    return bold ? FONT_SERIF_BOLD : italic ? FONT_SERIF_ITALIC : FONT_SERIF;
}

/* Appends text to a paragraph. With marked set, "*...*" is bold, "_..._" italic, "[name]" an
 * icon (dropped when the icon set lacks it) and "[3]" a die face; otherwise the text is taken
 * as it is (text from the game data). */
static void para_add(struct doc *d, struct block *b, int marked, const char *text)
{
    int bold = 0, italic = 0, space = b->ntoks > 0, glue = 0;
    const char *p = text, *w = NULL;
    for (;; p++) {
        char ch = *p;
        int special = marked && (ch == '*' || ch == '_' || ch == '[');
        if (w && (ch == '\0' || ch == ' ' || special)) {
            push_word(b, style_font(bold, italic), w, (size_t)(p - w), space && glue ? 2 : space);
            w = NULL;
            space = glue = 0;
        }
        if (ch == '\0')
            break;
        if (ch == ' ') {
            space = 1;
        } else if (special && ch == '*') {
            bold = !bold;
        } else if (special && ch == '_') {
            italic = !italic;
        } else if (special) {
            const char *e = strchr(p, ']');
            size_t n = e ? (size_t)(e - p - 1) : strlen(p + 1);
            if (n == 1 && isdigit((unsigned char)p[1])) {
                push_tok(b, TOK_DIE, FONT_SERIF, NULL, 0, p[1] - '0', space);
                glue = 1;
            } else if (d->icons) {
                char *name = xstrndup(p + 1, n);
                if (icons_has(d->icons, name)) {
                    push_tok(b, TOK_ICON, FONT_SERIF, name, n, 0, space);
                    glue = 1;
                }
                free(name);
            }
            space = 0;
            p += n + (e ? 1 : 0);
        } else if (!w) {
            w = p;
        }
    }
}

/* A paragraph from printf-style marked text. */
static struct block *para(struct doc *d, double space, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static struct block *para(struct doc *d, double space, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    struct block *b = add_block(d, B_PARA);
    b->space = space;
    para_add(d, b, 1, text);
    free(text);
    return b;
}

static void heading(struct doc *d, const char *title, const char *note)
{
    struct block *b = add_block(d, B_HEAD);
    b->title = xstrdup(title);
    b->note = note ? xstrdup(note) : NULL;
}

/* ---- measuring and drawing ---- */

struct flow {
    struct canvas *c;
    const struct palette *pal;
    const struct icon_set *icons;
    double size, lead;      /* text size and line distance */
    double colw;
    struct box box;         /* the three columns, under the title */
};

static double label_width(const struct flow *f)
{
    return f->size * 1.45;
}

static double tok_width(const struct flow *f, const struct tok *t)
{
    switch (t->kind) {
    case TOK_WORD:
        return canvas_text_width(f->c, t->font, f->size * t->scale, t->text);
    case TOK_ICON:
        return f->size * 1.25;
    case TOK_DIE:
        return f->size * 1.05;
    }
    return 0;
}

/* Breaks a paragraph into lines of at most width: first token index of each line into
 * starts (at most max); returns the number of lines. */
static size_t wrap(const struct flow *f, const struct block *b, double width, size_t *starts,
                   size_t max)
{
    double space = canvas_text_width(f->c, FONT_SERIF, f->size, " ");
    size_t n = 0;
    double x = 0;
    for (size_t i = 0, j; i < b->ntoks; i = j) {
        /* Tokens glued together (no space between) break as one word. */
        double w = tok_width(f, &b->toks[i]);
        for (j = i + 1; j < b->ntoks && b->toks[j].space != 1; j++)
            w += (b->toks[j].space ? space : 0);
        for (j = i + 1; j < b->ntoks && b->toks[j].space != 1; j++)
            w += tok_width(f, &b->toks[j]);
        double gap = i > 0 ? space : 0;
        if (i == 0 || (x + gap + w > width && x > 0)) {
            if (n < max)
                starts[n] = i;
            n++;
            x = w;
        } else {
            x += gap + w;
        }
    }
    return n;
}

#define MAX_LINES 64

static double para_text_width(const struct flow *f, const struct block *b)
{
    return f->colw - ((b->label || b->label_die) ? label_width(f) : 0);
}

static double block_height(const struct flow *f, const struct block *b)
{
    size_t starts[MAX_LINES];
    switch (b->kind) {
    case B_HEAD:
        return f->size * 2.0;
    case B_PARA:
        return (double)wrap(f, b, para_text_width(f, b), starts, MAX_LINES) * f->lead;
    case B_TABLE:
        return (double)b->nrows * f->lead * 1.08 + f->size * 0.3;
    }
    return 0;
}

/* Places every block in the columns. Returns 0 when everything fits. */
static int flow_place(const struct flow *f, struct doc *d)
{
    int col = 0;
    double top = f->box.y, bottom = f->box.y + f->box.h, y = top;
    for (size_t i = 0; i < d->n; i++) {
        struct block *b = &d->b[i];
        double space = (b->kind == B_HEAD ? 0.75 : b->space) * f->size;
        double h = block_height(f, b);
        /* A heading keeps its first paragraph's first two lines with it; a block marked keep
         * stays with the ones after it. */
        double need = h;
        for (size_t k = i; k + 1 < d->n && d->b[k].keep; k++)
            need += d->b[k + 1].space * f->size + block_height(f, &d->b[k + 1]);
        if (b->kind == B_HEAD && i + 1 < d->n)
            need += fmin(block_height(f, &d->b[i + 1]), 2 * f->lead) + d->b[i + 1].space * f->size;
        if (y > top && y + space + need > bottom) {
            col++;
            y = top;
        }
        if (y > top)
            y += space;
        if (col >= COLUMNS || y + h > bottom)
            return -1;
        b->col = col;
        b->y = y;
        b->h = h;
        y += h;
    }
    return 0;
}

static void draw_para(const struct flow *f, const struct block *b, double x)
{
    struct canvas *c = f->c;
    const struct palette *pal = f->pal;
    double indent = (b->label || b->label_die) ? label_width(f) : 0;
    double base0 = b->y + f->size * 0.92;
    if (b->label)
        canvas_text(c, FONT_SANS_BOLD, f->size * 0.9, pal->accent, x, base0, ALIGN_LEFT, b->label);
    if (b->label_die)
        layout_die(c, pal, x, base0 - f->size * 0.88, f->size * 1.1, b->label_die);
    size_t starts[MAX_LINES];
    size_t n = wrap(f, b, f->colw - indent, starts, MAX_LINES);
    double space = canvas_text_width(c, FONT_SERIF, f->size, " ");
    for (size_t l = 0; l < n && l < MAX_LINES; l++) {
        size_t end = l + 1 < n ? starts[l + 1] : b->ntoks;
        double px = x + indent, base = base0 + (double)l * f->lead;
        for (size_t i = starts[l]; i < end; i++) {
            const struct tok *t = &b->toks[i];
            if (i > starts[l] && t->space)
                px += space;
            double w = tok_width(f, t);
            if (t->kind == TOK_WORD)
                canvas_text(c, t->font, f->size * t->scale, pal->ink, px, base, ALIGN_LEFT, t->text);
            else if (t->kind == TOK_ICON)
                icons_draw(c, f->icons, t->text, px + f->size * 0.05, base - f->size * 0.92,
                           f->size * 1.15, pal->soft);
            else
                layout_die(c, pal, px + f->size * 0.05, base - f->size * 0.8, f->size * 0.95, t->die);
            px += w;
        }
    }
}

static void draw_table(const struct flow *f, const struct block *b, double x)
{
    struct canvas *c = f->c;
    const struct palette *pal = f->pal;
    /* Column widths: the name, the event rounds, the good scores. */
    double w0 = f->colw * 0.38, w1 = f->colw * 0.27, w2 = f->colw - w0 - w1;
    double rh = f->lead * 1.08;
    for (int r = 0; r < b->nrows; r++) {
        double ry = b->y + r * rh;
        if (r > 0 && r % 2 == 1) {
            canvas_rect(c, x, ry, f->colw, rh);
            canvas_fill(c, pal->shade);
        }
        double base = ry + rh * 0.5 + f->size * 0.33;
        enum canvas_font font = r == 0 ? FONT_SANS_BOLD : FONT_SANS;
        double size = r == 0 ? f->size * 0.78 : f->size * 0.86;
        struct rgb ink = r == 0 ? pal->soft : pal->ink;
        layout_text_fit(c, r == 0 ? font : FONT_SERIF_BOLD, r == 0 ? size : f->size, LAYOUT_MIN_TEXT,
                        ink, x + 2, base, w0 - 4, ALIGN_LEFT, b->cell[r][0]);
        layout_text_fit(c, font, size, LAYOUT_MIN_TEXT, ink, x + w0, base, w1 - 2, ALIGN_LEFT, b->cell[r][1]);
        layout_text_fit(c, font, size, LAYOUT_MIN_TEXT, ink, x + w0 + w1 + w2 - 2, base, w2 - 2,
                        ALIGN_RIGHT, b->cell[r][2]);
    }
    canvas_move_to(c, x, b->y + rh);
    canvas_line_to(c, x + f->colw, b->y + rh);
    canvas_stroke(c, pal->line, 0.5);
}

static void flow_draw(const struct flow *f, const struct doc *d)
{
    for (size_t i = 0; i < d->n; i++) {
        const struct block *b = &d->b[i];
        double x = f->box.x + b->col * (f->colw + COLUMN_GAP);
        switch (b->kind) {
        case B_HEAD:
            layout_heading(f->c, f->pal, (struct box){x, b->y, f->colw, b->h * 0.82}, b->title, b->note);
            break;
        case B_PARA:
            draw_para(f, b, x);
            break;
        case B_TABLE:
            draw_table(f, b, x);
            break;
        }
    }
}

/* ---- the content: every number from the game data, every sentence our own ---- */

/* A printed name (in capitals) for running text: lower case, or with only its first letter
 * a capital when cap is set. */
static const char *lower_copy(const char *name, int cap, char *buf, size_t n)
{
    size_t i = 0;
    for (; name[i] && i + 1 < n; i++)
        buf[i] = (char)(i == 0 && cap ? toupper((unsigned char)name[i]) : tolower((unsigned char)name[i]));
    buf[i] = '\0';
    return buf;
}

/* An asset's name for running text ("men-at-arms"); a long printed name (with a comma)
 * gives way to the id ("supply"). */
static const char *lname(const struct gamedata *gd, int asset, char *buf, size_t n)
{
    const char *name = gd->assets[asset].name;
    return lower_copy(strchr(name, ',') ? gd->assets[asset].id : name, 0, buf, n);
}

/* A person's or infrastructure's name for running text ("town walls"). */
static const char *iname(const struct gamedata *gd, int item, char *buf, size_t n)
{
    return lower_copy(gd->items[item].name, 0, buf, n);
}

/* "a, b and c" from the items appended one by one. */
struct list {
    struct strbuf sb;
    int n;
    char last[128];
};

static void list_add(struct list *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void list_add(struct list *l, const char *fmt, ...)
{
    if (l->n > 0)
        strbuf_printf(&l->sb, "%s%s", l->n > 1 ? ", " : "", l->last);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->last, sizeof l->last, fmt, ap);
    va_end(ap);
    l->n++;
}

/* Finishes the list ("a, b and c") and returns it; the caller frees the strbuf. */
static const char *list_end(struct list *l, const char *and_word)
{
    if (l->n == 1)
        strbuf_puts(&l->sb, l->last);
    else if (l->n > 1)
        strbuf_printf(&l->sb, " %s %s", and_word, l->last);
    l->n = 0;
    return strbuf_cstr(&l->sb);
}

static int perk_param(const struct gamedata *gd, enum perk_id id, int *item, int *letter)
{
    for (int i = 0; i < gd->nitems; i++)
        for (int k = 0; k < gd->items[i].nperks; k++)
            if (gd->items[i].perks[k].id == id) {
                *item = i;
                *letter = 'a' + k;
                return gd->items[i].perks[k].nparams > 0 ? gd->items[i].perks[k].params[0] : 0;
            }
    return -1;
}

static void content_game(struct doc *d, const struct gamedata *gd, int grey)
{
    char a[64], b[64];
    heading(d, "THE GAME", NULL);
    para(d, 0, "Each player runs a small town in twelfth-century England and tries to make it "
               "the greatest of all over %d rounds, one per decade, through fires, plagues, "
               "famines, civil wars, storms, outlaws and the king's wars. After round %d the "
               "most victory points (VP) wins.", GD_ROUNDS, GD_ROUNDS);
    para(d, 0.35, "*Writing it down.* When a value changes, cross out the old one and write the "
                  "new one beside it. Put an X by each person you attract and each building "
                  "you build; tick the perk you pick for a special one.");
    para(d, 0.35, "*Needs and pay.* Requirements (%s) must hold when you spend the die. "
                  "Costs (%s) are paid from your stock: for an asset, per unit added, and you "
                  "add only as many units as you can pay for; for a person or building, once "
                  "and in full.",
         grey ? "the dark \xe2\x80\x9cneeds\xe2\x80\x9d tags" : "red, \xe2\x80\x9cneeds\xe2\x80\x9d",
         grey ? "the light \xe2\x80\x9cpay\xe2\x80\x9d tags" : "blue, \xe2\x80\x9cpay\xe2\x80\x9d");
    /* The MAX that follows another asset: "farms and men-at-arms never exceed population". */
    struct strbuf caps = STRBUF_INIT;
    for (int ref = 0; ref < ASSET_COUNT; ref++) {
        struct list l = {STRBUF_INIT, 0, ""};
        for (int x = 0; x < ASSET_COUNT; x++)
            if (gd->assets[x].max_ref == ref)
                list_add(&l, "%s", lname(gd, x, a, sizeof a));
        if (l.n > 0)
            strbuf_printf(&caps, "%s%s never exceed%s %s", caps.len ? "; " : "", list_end(&l, "and"),
                          l.n == 1 ? "s" : "", lname(gd, ref, b, sizeof b));
        strbuf_free(&l.sb);
    }
    if (caps.len)
        caps.data[0] = (char)toupper((unsigned char)caps.data[0]);
    para(d, 0.35, "*MAX.* No asset goes above its MAX: anything more is lost. %s, and when that "
                  "limit drops they drop with it at once. To halve, divide by 2 and round down. "
                  "Nothing goes below 0.", strbuf_cstr(&caps));
    strbuf_free(&caps);
}

static void content_setup(struct doc *d, const struct gamedata *gd)
{
    struct list l = {STRBUF_INIT, 0, ""};
    for (int i = 0; i < gd->nreserve_start; i++)
        list_add(&l, "%d", gd->reserve_start[i]);
    heading(d, "SETUP", NULL);
    para(d, 0, "Everyone takes a town-sheet (two pages) and names a town. Each player rolls a "
               "die: the lowest roll is the first player of round 1 (tied players roll again). "
               "Choose a difficulty, place its global events and copy their letters onto every "
               "sheet's global-events track. Every dice reserve starts with %s.",
         list_end(&l, "and"));
    strbuf_free(&l.sb);
}

static void content_round(struct doc *d, const struct gamedata *gd)
{
    char a[64];
    heading(d, "A ROUND", "in this order");
    struct block *b;
    b = para(d, 0, "Cross off the round. If it has a global event, every town resolves it now.");
    b->label = xstrdup("1");
    b = para(d, 0.2, "*Shared dice.* The first player rolls two dice that every player uses "
                     "this round. No doubles: while they match, the first player turns one of "
                     "them up or down by 1, or rolls both again.");
    b->label = xstrdup("2");
    b = para(d, 0.2, "*Turns*, from the first player round the table (see below).");
    b->label = xstrdup("3");
    b = para(d, 0.2, "*King war*, with two players or more (see below).");
    b->label = xstrdup("4");
    /* Production: farms, the perks that pay at the end of a round, the locations. */
    struct list perks = {STRBUF_INIT, 0, ""}, choice = {STRBUF_INIT, 0, ""};
    for (int i = 0; i < gd->nitems; i++)
        for (int k = 0; k < gd->items[i].nperks; k++)
            if (gd->items[i].perks[k].id == PERK_FOOD_PER_FARMS || gd->items[i].perks[k].id == PERK_ROUND_FOOD)
                list_add(&perks, "%s (%c)", iname(gd, i, a, sizeof a), 'a' + k);
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (gd->locations[l].nbonus > 1)
            list_add(&choice, "%s", lower_copy(gd->locations[l].name, 0, a, sizeof a));
    const char *perk_list = list_end(&perks, "and");
    b = para(d, 0.2, "*Production.* [farms] Every %d farms make 1 [food] food (none in a famine "
                     "round). Perks of the %s pay out. Each location where your influence has "
                     "reached this round's MIN gives its bonus (you choose which at %s).",
             gd->assets[A_FARMS].produce.value, perk_list, list_end(&choice, "and"));
    b->label = xstrdup("5");
    strbuf_free(&perks.sb);
    strbuf_free(&choice.sb);
    b = para(d, 0.2, "The last player of this round is the first player of the next. After "
                     "round %d, score.", GD_ROUNDS);
    b->label = xstrdup("6");
}

static void content_turn(struct doc *d, const struct gamedata *gd)
{
    char a[64];
    heading(d, "YOUR TURN", NULL);
    struct block *b;
    b = para(d, 0, "Roll your two own dice. With the two shared dice you have *four dice*, and "
                   "you spend all four, one at a time, in any order. A die can:");
    b->keep = 1;
    b = para(d, 0.1, "raise an asset by exactly its value;");
    b->label = xstrdup("\xe2\x80\xa2");
    b->keep = 1;
    b = para(d, 0.1, "attract a prominent person or build an infrastructure;");
    b->label = xstrdup("\xe2\x80\xa2");
    b->keep = 1;
    b = para(d, 0.1, "add its value to your influence at one location;");
    b->label = xstrdup("\xe2\x80\xa2");
    b->keep = 1;
    b = para(d, 0.1, "be stored: write its value in an empty reserve slot.");
    b->label = xstrdup("\xe2\x80\xa2");
    struct list adv = {STRBUF_INIT, 0, ""};
    for (int x = 0; x < ASSET_COUNT; x++)
        if (gd->assets[x].cls == CLASS_ADVANCED)
            list_add(&adv, "%s", lname(gd, x, a, sizeof a));
    heading(d, "RESTRICTIONS", NULL);
    b = para(d, 0, "*Highest die.* The highest die rolled this turn (every one of them if "
                   "tied) adds %d less when it raises an advanced asset: %s.",
             gd->advanced_die_penalty, list_end(&adv, "or"));
    b->label = xstrdup("1");
    strbuf_free(&adv.sb);
    b = para(d, 0.2, "*One die per asset* each turn.");
    b->label = xstrdup("2");
    b = para(d, 0.2, "*Exact value.* Special assets, special people and special buildings "
                     "take only a die showing the value printed beside them.");
    b->label = xstrdup("3");
    b = para(d, 0.2, "*One die per location* each turn.");
    b->label = xstrdup("4");
    struct list start = {STRBUF_INIT, 0, ""};
    for (int i = 0; i < gd->nreserve_start; i++)
        list_add(&start, "%d", gd->reserve_start[i]);
    para(d, 0.45, "*Reserve.* At most %d reserve die per turn, spent like an extra die, then "
                  "crossed out (a slot is never used twice). Restriction 1 leaves it alone, the "
                  "others do not; no ability changes it; never in the king war. It starts with "
                  "%s in the first of its %d slots.",
         gd->reserve_per_turn, list_end(&start, "and"), gd->reserve_slots);
    strbuf_free(&start.sb);
    para(d, 0.35, "*Feeding.* Then pay 1 [food] food for every %d [population] population, "
                  "rounding up. If you cannot, lower your population until you can, then pay.",
         gd->feeding_per);
    int market = -1, letter;
    perk_param(gd, PERK_MARKET, &market, &letter);
    if (market >= 0) {
        char cap[64];
        para(d, 0.35, "*%s.* With the %s built you may then swap [food] food and [supply] "
                      "supply one for one, never above %d.",
             lower_copy(gd->items[market].name, 1, cap, sizeof cap), iname(gd, market, a, sizeof a),
             gd->asset_cap);
    }
    para(d, 0.35, "Then pass your own dice on, leaving the shared dice as they are.");
}

static void content_war(struct doc *d, const struct gamedata *gd)
{
    char a[64];
    heading(d, "THE KING WAR", "not in solo");
    struct block *b;
    b = para(d, 0, "Each player secretly sets a die: [6] to *support* the king, [1] to *avoid* "
                   "the war. A town with no POW must avoid. Show them all at once.");
    b->label = xstrdup("1");
    struct list pow = {STRBUF_INIT, 0, ""}, rolls = {STRBUF_INIT, 0, ""};
    for (int x = 0; x < ASSET_COUNT; x++)
        if (gd->assets[x].pow.value > 0)
            list_add(&pow, "[%s] %s %d", gd->assets[x].id, lname(gd, x, a, sizeof a), gd->assets[x].pow.value);
    for (int i = 0; i < gd->nitems; i++)
        if (gd->items[i].pow.value > 0)
            list_add(&pow, "[%s] %s %d", gd->items[i].id, iname(gd, i, a, sizeof a), gd->items[i].pow.value);
    for (int k = 0; k < gd->nbonus_rolls; k++)
        list_add(&rolls, "%d+ %s", gd->bonus_roll_min[k], lname(gd, gd->bonus_roll_asset[k], a, sizeof a));
    const char *pow_list = list_end(&pow, "and");
    b = para(d, 0.2, "*Supporters* add up their [pow] POW: %s; then roll one more die for each of: "
                     "%s. Buildings do not count here.", pow_list, list_end(&rolls, "and"));
    b->label = xstrdup("2");
    strbuf_free(&pow.sb);
    strbuf_free(&rolls.sb);
    b = para(d, 0.2, "[reputation] *Reputation.* The highest POW gains %d (all of them if tied), every other "
                     "supporter %d. A lone supporter gains only %d.",
             gd->war_highest, gd->war_other, gd->war_sole);
    b->label = xstrdup("3");
    char k[64];
    int never = -1;
    for (int x = 0; x < ASSET_COUNT; x++)
        if (gd->assets[x].perk.id == PERK_NEVER_LOST)
            never = x;
    b = para(d, 0.2, "Every supporter then halves %s and %s%s%s%s.", lname(gd, A_MEN_AT_ARMS, a, sizeof a),
             lname(gd, A_KNIGHTS, k, sizeof k), never >= 0 ? " (" : "",
             never >= 0 ? gd->assets[never].id : "", never >= 0 ? " stay)" : "");
    b->label = xstrdup("4");
    para(d, 0.35, "Reputation is never lost; every %d reputation scores %d VP.",
         gd->reputation_per, gd->reputation_vp);
}

static void content_events(struct doc *d, const struct gamedata *gd)
{
    char a[64];
    heading(d, "GLOBAL EVENTS", "die, name, letters");
    para(d, 0, "An event strikes every town at the start of its round. No event may fall on "
               "more than %d rounds.", gd->max_same_event);
    for (int v = 1; v <= 6; v++) {
        int e = gamedata_event_by_die(gd, v);
        if (e < 0)
            continue;
        const struct gd_event *ev = &gd->events[e];
        struct block *b = add_block(d, B_PARA);
        b->space = 0.25;
        b->label_die = ev->die;
        struct strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "*%s* (%s).", ev->name, ev->letters);
        para_add(d, b, 1, strbuf_cstr(&sb));
        para_add(d, b, 0, ev->text);
        strbuf_free(&sb);
    }
    /* POW against the outlaws counts the buildings too. */
    struct list infra = {STRBUF_INIT, 0, ""};
    for (int i = 0; i < gd->nitems; i++)
        if (gd->items[i].infra_pow.value > 0)
            list_add(&infra, "%s %d", iname(gd, i, a, sizeof a), gd->items[i].infra_pow.value);
    int item, letter, castle = perk_param(gd, PERK_INFRA_POW, &item, &letter);
    if (castle > 0)
        list_add(&infra, "%s (%c) %d", iname(gd, item, a, sizeof a), letter, castle);
    if (infra.n > 0)
        para(d, 0.3, "_Against outlaws, POW counts everything: the king-war POW with its dice, "
                     "plus %s._", list_end(&infra, "and"));
    strbuf_free(&infra.sb);
    para(d, 0.3, "*Placing them.* Roll a die for each event round in order and take the event "
                 "it shows, rolling again when that event already has %d rounds; or, with two "
                 "players or more, take turns choosing. _xii setup_ does either.",
         gd->max_same_event);
}

static void content_difficulty(struct doc *d, const struct gamedata *gd)
{
    heading(d, "DIFFICULTY", "first game: no events");
    struct block *b = add_block(d, B_TABLE);
    b->cell[0][0] = xstrdup("LEVEL");
    b->cell[0][1] = xstrdup("EVENTS ON");
    b->cell[0][2] = xstrdup("GOOD SCORE");
    b->nrows = 1;
    for (int k = 0; k < gd->ndifficulties && b->nrows < TABLE_ROWS; k++) {
        const struct gd_difficulty *df = &gd->difficulties[k];
        struct strbuf sb = STRBUF_INIT;
        event_setup_format_rounds(gd, k, &sb);
        b->cell[b->nrows][0] = xstrdup(df->name);
        b->cell[b->nrows][1] = strbuf_detach(&sb);
        if (df->good_high >= 0)
            strbuf_printf(&sb, "%d\xe2\x80\x93%d", df->good_low, df->good_high);
        else
            strbuf_printf(&sb, "over %d", df->good_low);
        b->cell[b->nrows][2] = strbuf_detach(&sb);
        b->nrows++;
    }
    for (int k = 0; k < gd->ndifficulties; k++)
        for (int r = 1; r <= GD_ROUNDS; r++)
            if (gd->difficulties[k].fixed_event[r] >= 0)
                para(d, 0.3, "%s: round %d is always the %s.", gd->difficulties[k].name, r,
                     gd->events[gd->difficulties[k].fixed_event[r]].name);
}

static void content_score(struct doc *d, const struct gamedata *gd)
{
    char a[64], b[64];
    heading(d, "SCORING", "after round 10");
    struct list vp = {STRBUF_INIT, 0, ""}, none = {STRBUF_INIT, 0, ""};
    for (int x = 0; x < ASSET_COUNT; x++) {
        if (gd->assets[x].vp.value > 0)
            list_add(&vp, "[%s] %s %d", gd->assets[x].id, lname(gd, x, a, sizeof a), gd->assets[x].vp.value);
        else
            list_add(&none, "%s", lname(gd, x, a, sizeof a));
    }
    para(d, 0, "[vp] *VP per unit:* %s.", list_end(&vp, "and"));
    para(d, 0.3, "*Reputation:* %d VP for every %d. *People and buildings:* the VP printed "
                 "beside them, special ones too.", gd->reputation_vp, gd->reputation_per);
    int item, letter, per = perk_param(gd, PERK_VP_PER_STONE_HOUSE, &item, &letter);
    if (per > 0)
        para(d, 0.3, "*%s (%c):* %d more VP for each of your %s.",
             lower_copy(gd->items[item].name, 1, a, sizeof a), letter, per,
             lname(gd, A_STONE_HOUSES, b, sizeof b));
    para(d, 0.3, "No VP for %s.", list_end(&none, "or"));
    para(d, 0.3, "*Ties:* the higher POW wins, counting everything that gives POW (buildings "
                 "too, no dice); still tied, the victory is shared.");
    strbuf_free(&vp.sb);
    strbuf_free(&none.sb);
}

/* "attract the wealthy merchant; end with 20+ food, 20+ supply and 80+ VP". */
static void objective_text(const struct gamedata *gd, const struct gd_objective *ob, struct strbuf *out)
{
    char a[64];
    struct list have = {STRBUF_INIT, 0, ""}, end = {STRBUF_INIT, 0, ""};
    int people = 0;
    for (int k = 0; k < ob->nreq; k++) {
        const struct gd_req *r = &ob->req[k];
        if (r->kind == REQ_HAS) {
            list_add(&have, "the %s", iname(gd, r->item, a, sizeof a));
            people += gd->items[r->item].kind == KIND_PERSON || gd->items[r->item].kind == KIND_SPECIAL_PERSON;
        } else if (r->kind == REQ_SCORE_GE) {
            list_add(&end, "%d+ VP", r->value);
        } else if (r->kind == REQ_REPUTATION_GE) {
            list_add(&end, "%d+ reputation", r->value);
        } else {
            list_add(&end, "%d+ %s", r->value, lname(gd, r->asset, a, sizeof a));
        }
    }
    int n = have.n;
    const char *h = list_end(&have, "and");
    if (n > 0)
        strbuf_printf(out, "%s %s", people == n ? "attract" : people == 0 ? "build" : "get", h);
    if (end.n > 0)
        strbuf_printf(out, "%send with %s", n > 0 ? "; " : "", list_end(&end, "and"));
    strbuf_free(&have.sb);
    strbuf_free(&end.sb);
}

static void content_solo(struct doc *d, const struct gamedata *gd)
{
    heading(d, "SOLO", NULL);
    para(d, 0, "No king war (so no reputation), and you are the first player every round. "
               "Before you start, choose one objective and reach it to win; people and "
               "buildings count whenever you get them, amounts only at the end.");
    for (int k = 0; k < gd->nobjectives; k++) {
        struct strbuf sb = STRBUF_INIT;
        objective_text(gd, &gd->objectives[k], &sb);
        struct block *b = para(d, 0.15, "*%s:* ", gd->objectives[k].name);
        para_add(d, b, 0, strbuf_cstr(&sb));
        b->label = xstrdup("\xe2\x80\xa2");
        strbuf_free(&sb);
    }
    struct block *b = para(d, 0.15, "*Arcade:* no objective; beat the good score of your "
                                     "difficulty.");
    b->label = xstrdup("\xe2\x80\xa2");
}

static void build(struct doc *d, const struct gamedata *gd, int grey)
{
    content_game(d, gd, grey);
    content_setup(d, gd);
    content_round(d, gd);
    content_turn(d, gd);
    content_war(d, gd);
    content_events(d, gd);
    content_difficulty(d, gd);
    content_score(d, gd);
    content_solo(d, gd);
}

/* The box both A4 and Letter can print, centred on this paper. */
static struct box common_box(const struct paper *p)
{
    struct box a4 = layout_page_area(layout_paper_find("a4"));
    struct box letter = layout_page_area(layout_paper_find("letter"));
    struct box b;
    b.w = fmin(a4.w, letter.w);
    b.h = fmin(a4.h, letter.h);
    b.x = (p->width - b.w) / 2;
    b.y = LAYOUT_MARGIN;
    return b;
}

/* Finds the largest text size at which the document fits; returns it, or 0. */
static double fit(struct flow *f, struct doc *d)
{
    for (double s = MAX_SIZE; s >= LAYOUT_MIN_TEXT - 1e-9; s -= 0.1) {
        f->size = s;
        f->lead = s * LEADING;
        if (flow_place(f, d) == 0)
            return s;
    }
    return 0;
}

static void flow_init(struct flow *f, struct canvas *c, const struct palette *pal,
                      const struct summary_options *o)
{
    struct box b = common_box(o->paper);
    f->c = c;
    f->pal = pal;
    f->icons = o->icons;
    f->box = (struct box){b.x, b.y + TITLE_H, b.w, b.h - TITLE_H};
    f->colw = (b.w - (COLUMNS - 1) * COLUMN_GAP) / COLUMNS;
}

/* Builds the summary's text from the data and fits it into the columns (pal must outlive f);
 * returns the text size, 0 when it does not fit. The caller frees d. */
static double lay_out(struct canvas *c, const struct summary_options *o, struct palette *pal,
                      struct doc *d, struct flow *f)
{
    layout_palette(pal, o->grey);
    memset(d, 0, sizeof *d);
    d->icons = o->icons;
    build(d, o->gd, o->grey);
    flow_init(f, c, pal, o);
    return fit(f, d);
}

double summary_text_size(struct canvas *c, const struct summary_options *o)
{
    struct palette pal;
    struct doc d;
    struct flow f;
    double s = lay_out(c, o, &pal, &d, &f);
    doc_free(&d);
    return s;
}

int summary_draw(struct canvas *c, const struct summary_options *o, struct strbuf *err)
{
    struct palette pal;
    struct doc d;
    struct flow f;
    if (lay_out(c, o, &pal, &d, &f) == 0) {
        strbuf_printf(err, "the rules summary does not fit on one page even at %.1f pt",
                      LAYOUT_MIN_TEXT);
        doc_free(&d);
        return -1;
    }
    struct box b = common_box(o->paper);
    canvas_page_begin(c, o->paper->width, o->paper->height);
    layout_small_caps(c, FONT_SERIF_BOLD, 20, pal.ink, b.x, b.y + 18, ALIGN_LEFT, "XII CENTURY", 1);
    canvas_text(c, FONT_SERIF_ITALIC, 12, pal.soft, b.x + b.w, b.y + 18, ALIGN_RIGHT,
                "Rules summary");
    canvas_move_to(c, b.x, b.y + 24);
    canvas_line_to(c, b.x + b.w, b.y + 24);
    canvas_stroke(c, pal.rule, 1.2);
    /* Thin rules between the columns. */
    for (int k = 1; k < COLUMNS; k++) {
        double x = f.box.x + k * (f.colw + COLUMN_GAP) - COLUMN_GAP / 2;
        canvas_move_to(c, x, f.box.y);
        canvas_line_to(c, x, f.box.y + f.box.h);
        canvas_stroke(c, pal.line, 0.4);
    }
    flow_draw(&f, &d);
    layout_footer(c, &pal, o->paper, o->footer);
    canvas_page_end(c);
    doc_free(&d);
    return 0;
}
