/* The icon file reader and drawer. A file is a list of icons; each icon is a list of paths,
 * each painted on its own (fill, stroke, clear, clear-stroke), so shapes on different lines
 * add up while the subpaths of one fill line combine by the even-odd rule. */
#include "layout/icons.h"
#include "core/embedded.h"
#include "core/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ICON_BOX 100.0          /* icons are drawn on a 0..100 box */
#define ICON_STROKE 6.0         /* default stroke width, in box units */
#define ICON_STROKE_MIN 0.5
#define ICON_STROKE_MAX 30.0
#define ICON_NAME_MAX 40

enum icon_paint { PAINT_FILL, PAINT_STROKE, PAINT_CLEAR, PAINT_CLEAR_STROKE };

struct icon_cmd {
    char op;                    /* 'M', 'L', 'C' (absolute) or 'Z' */
    double p[6];
};

struct icon_path {
    enum icon_paint paint;
    double width;               /* strokes only */
    struct icon_cmd *cmds;
    size_t n, cap;
};

struct icon {
    char *name;
    int line;                   /* where it is defined */
    struct icon_path *paths;
    size_t n, cap;
};

struct icon_set {
    struct icon *icons;
    size_t n, cap;
};

static const struct {
    const char *word;
    enum icon_paint paint;
} paints[] = {
    {"fill", PAINT_FILL},
    {"stroke", PAINT_STROKE},
    {"clear", PAINT_CLEAR},
    {"clear-stroke", PAINT_CLEAR_STROKE},
};

/* The reader's state: where it is, and the path being read (its data may span lines). */
struct reader {
    const char *file;
    struct diag_list *dl;
    struct icon_set *set;
    int line;
    const char *line_start;
    struct icon *icon;          /* the icon being read, or NULL */
    struct icon_path *path;     /* the path being read, or NULL */
    int path_failed;            /* skip the rest of a path after its first error */
    char cmd;                   /* the path command whose numbers are being read, or 0 */
    int need, have;             /* numbers the command takes, numbers read so far */
    double args[6];
    struct srcpos cmd_pos, arg_pos[6];
    double cx, cy, sx, sy;      /* current point and start of the subpath */
    int errors;
    int errors_before_icon;     /* r->errors when the current icon started */
};

static struct srcpos pos_at(const struct reader *r, const char *p)
{
    return (struct srcpos){r->line, (int)(p - r->line_start) + 1};
}

static void error_at(struct reader *r, struct srcpos pos, int len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void error_at(struct reader *r, struct srcpos pos, int len, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(r->dl, DIAG_ERROR, r->file, pos, len, NULL, "%s", msg);
    r->errors++;
}

/* ---- path data ---- */

static int arity(char op)
{
    switch (op) {
    case 'M': case 'L': return 2;
    case 'H': case 'V': return 1;
    case 'C': return 6;
    case 'Q': return 4;
    case 'Z': return 0;
    }
    return -1;
}

static void add_cmd(struct reader *r, char op, const double *p, int n)
{
    struct icon_path *path = r->path;
    void *items = path->cmds;
    xgrow(&items, &path->cap, path->n + 1, sizeof *path->cmds);
    path->cmds = items;
    struct icon_cmd *cmd = &path->cmds[path->n++];
    memset(cmd, 0, sizeof *cmd);
    cmd->op = op;
    if (n)
        memcpy(cmd->p, p, (size_t)n * sizeof *p);
}

static int in_box(double v)
{
    return v >= -1e-9 && v <= ICON_BOX + 1e-9;
}

/* Checks that a point is inside the box; arg is the index of its x among the command's
 * numbers (its y follows unless the command takes a single number). */
static int inside(struct reader *r, double x, double y, int arg)
{
    if (in_box(x) && in_box(y))
        return 1;
    int bad = !in_box(x) || r->need == 1 ? arg : arg + 1;
    error_at(r, r->arg_pos[bad], 1, "point %g,%g lies outside the 0..100 box", x, y);
    r->path_failed = 1;
    return 0;
}

/* Runs the command whose numbers are all read. */
static void run_cmd(struct reader *r)
{
    char op = r->cmd;
    int rel = op >= 'a' && op <= 'z';
    char up = (char)(rel ? op - 'a' + 'A' : op);
    double *a = r->args;
    double ox = rel ? r->cx : 0, oy = rel ? r->cy : 0;
    double p[6];
    switch (up) {
    case 'M':
    case 'L':
        p[0] = a[0] + ox, p[1] = a[1] + oy;
        if (!inside(r, p[0], p[1], 0))
            return;
        add_cmd(r, up, p, 2);
        if (up == 'M') {
            r->sx = p[0], r->sy = p[1];
            r->cmd = rel ? 'l' : 'L';   /* further pairs after a move are lines */
        }
        r->cx = p[0], r->cy = p[1];
        break;
    case 'H':
    case 'V':
        p[0] = up == 'H' ? a[0] + ox : r->cx;
        p[1] = up == 'V' ? a[0] + oy : r->cy;
        if (!inside(r, p[0], p[1], 0))
            return;
        add_cmd(r, 'L', p, 2);
        r->cx = p[0], r->cy = p[1];
        break;
    case 'C':
        for (int i = 0; i < 6; i += 2) {
            p[i] = a[i] + ox, p[i + 1] = a[i + 1] + oy;
            if (!inside(r, p[i], p[i + 1], i))
                return;
        }
        add_cmd(r, 'C', p, 6);
        r->cx = p[4], r->cy = p[5];
        break;
    case 'Q': {
        double qx = a[0] + ox, qy = a[1] + oy, ex = a[2] + ox, ey = a[3] + oy;
        if (!inside(r, qx, qy, 0) || !inside(r, ex, ey, 2))
            return;
        /* The cubic with the same shape: control points 2/3 of the way to the quadratic's. */
        p[0] = r->cx + 2.0 / 3 * (qx - r->cx), p[1] = r->cy + 2.0 / 3 * (qy - r->cy);
        p[2] = ex + 2.0 / 3 * (qx - ex), p[3] = ey + 2.0 / 3 * (qy - ey);
        p[4] = ex, p[5] = ey;
        add_cmd(r, 'C', p, 6);
        r->cx = ex, r->cy = ey;
        break;
    }
    }
    r->have = 0;
}

/* Reads a number in the C locale's syntax: [sign] digits [. digits], never at or past end (the
 * text need not end with a NUL). Returns the end, or NULL. */
static const char *read_number(const char *p, const char *end, double *v)
{
    const char *s = p;
    int neg = 0;
    if (p < end && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
    double whole = 0, frac = 0, scale = 1;
    int digits = 0;
    while (p < end && *p >= '0' && *p <= '9')
        whole = whole * 10 + (*p++ - '0'), digits++;
    if (p < end && *p == '.') {
        p++;
        while (p < end && *p >= '0' && *p <= '9')
            frac = frac * 10 + (*p++ - '0'), scale *= 10, digits++;
    }
    if (!digits || digits > 15)
        return NULL;
    *v = (whole + frac / scale) * (neg ? -1 : 1);
    return p > s ? p : NULL;
}

/* Checks the end of the path being read: a command must have all its numbers. */
static void end_path(struct reader *r)
{
    if (r->path && !r->path_failed && r->have > 0)
        error_at(r, r->cmd_pos, 1, "path command '%c' takes %d numbers, the path ends after %d",
                 r->cmd, r->need, r->have);
    else if (r->path && !r->path_failed && r->path->n == 0)
        error_at(r, r->cmd_pos, 1, "empty path");
    r->path = NULL;
    r->cmd = 0;
    r->have = 0;
}

/* Reads path data from p to the end of the line. */
static void read_path_data(struct reader *r, const char *p, const char *end)
{
    while (p < end && !r->path_failed) {
        if (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r') {
            p++;
            continue;
        }
        if (*p == '#')
            return;
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) {
            char op = *p, up = (char)(op >= 'a' ? op - 'a' + 'A' : op);
            struct srcpos at = pos_at(r, p);
            if (arity(up) < 0) {
                error_at(r, at, 1, "unknown path command '%c' (expected M, L, H, V, C, Q or Z)", op);
                r->path_failed = 1;
                return;
            }
            if (r->have > 0) {
                error_at(r, at, 1, "path command '%c' takes %d numbers, found %d before '%c'",
                         r->cmd, r->need, r->have, op);
                r->path_failed = 1;
                return;
            }
            if (r->path->n == 0 && up != 'M') {
                error_at(r, at, 1, "a path starts with M or m, not '%c'", op);
                r->path_failed = 1;
                return;
            }
            r->cmd = op;
            r->cmd_pos = at;
            r->need = arity(up);
            r->have = 0;
            if (up == 'Z') {
                add_cmd(r, 'Z', NULL, 0);
                r->cx = r->sx, r->cy = r->sy;
            }
            p++;
            continue;
        }
        double v;
        const char *after = read_number(p, end, &v);
        struct srcpos at = pos_at(r, p);
        if (!after) {
            error_at(r, at, 1, "expected a number or a path command, found '%c'", *p);
            r->path_failed = 1;
            return;
        }
        if (!r->cmd || r->need == 0) {
            error_at(r, at, (int)(after - p), "a number needs a path command before it");
            r->path_failed = 1;
            return;
        }
        r->arg_pos[r->have] = at;
        r->args[r->have++] = v;
        if (r->have == r->need)
            run_cmd(r);
        p = after;
    }
}

/* ---- statements ---- */

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* The end of a keyword or name: letters, digits and '-'. */
static const char *word_end(const char *p, const char *end)
{
    while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'))
        p++;
    return p;
}

static void end_icon(struct reader *r)
{
    end_path(r);
    if (r->icon && r->icon->n == 0 && r->errors == r->errors_before_icon)
        error_at(r, (struct srcpos){r->icon->line, 1}, 4, "icon '%s' has no paths", r->icon->name);
    r->icon = NULL;
}

/* Checks the name of an icon line; returns 0, or -1 after reporting the problem. */
static int check_name(struct reader *r, const char *p, const char *name_end, const char *end)
{
    size_t n = (size_t)(name_end - p);
    struct srcpos at = pos_at(r, p);
    if (n == 0) {
        error_at(r, at, 1, "an icon name is expected after 'icon'");
        return -1;
    }
    if (n > ICON_NAME_MAX) {
        error_at(r, at, (int)n, "icon name is longer than %d characters", ICON_NAME_MAX);
        return -1;
    }
    for (const char *c = p; c < name_end; c++)
        if (*c >= 'A' && *c <= 'Z') {
            error_at(r, at, (int)n, "icon name '%.*s' must be lower case", (int)n, p);
            return -1;
        }
    const char *rest = skip_space(name_end, end);
    if (rest < end && *rest != '#') {
        error_at(r, pos_at(r, rest), 1, "unexpected text after the icon name '%.*s'", (int)n, p);
        return -1;
    }
    for (size_t i = 0; i < r->set->n; i++)
        if (strlen(r->set->icons[i].name) == n && strncmp(r->set->icons[i].name, p, n) == 0) {
            error_at(r, at, (int)n, "icon '%.*s' is defined twice (first at line %d)", (int)n, p,
                     r->set->icons[i].line);
            return -1;
        }
    return 0;
}

static void read_icon_line(struct reader *r, const char *p, const char *end)
{
    end_icon(r);
    r->errors_before_icon = r->errors;
    p = skip_space(p, end);
    const char *name_end = word_end(p, end);
    /* A faulty icon is still read (and thrown away with the set), so that its paths do not
     * raise errors of their own. */
    check_name(r, p, name_end, end);
    void *items = r->set->icons;
    xgrow(&items, &r->set->cap, r->set->n + 1, sizeof *r->set->icons);
    r->set->icons = items;
    r->icon = &r->set->icons[r->set->n++];
    memset(r->icon, 0, sizeof *r->icon);
    r->icon->name = xstrndup(p, (size_t)(name_end - p));
    r->icon->line = r->line;
}

static void read_paint_line(struct reader *r, enum icon_paint paint, const char *word,
                            const char *p, const char *end)
{
    end_path(r);
    if (!r->icon) {
        error_at(r, pos_at(r, word), (int)(p - word), "'%s' comes before any 'icon' line",
                 paints[paint].word);
        return;
    }
    double width = ICON_STROKE;
    p = skip_space(p, end);
    if (paint == PAINT_STROKE || paint == PAINT_CLEAR_STROKE) {
        double v;
        const char *after = read_number(p, end, &v);
        if (after) {
            if (!(v >= ICON_STROKE_MIN && v <= ICON_STROKE_MAX)) {
                error_at(r, pos_at(r, p), (int)(after - p), "stroke width %g is not between %g and %g",
                         v, ICON_STROKE_MIN, ICON_STROKE_MAX);
                return;
            }
            width = v;
            p = after;
        }
    }
    struct icon *icon = r->icon;
    void *items = icon->paths;
    xgrow(&items, &icon->cap, icon->n + 1, sizeof *icon->paths);
    icon->paths = items;
    r->path = &icon->paths[icon->n++];
    memset(r->path, 0, sizeof *r->path);
    r->path->paint = paint;
    r->path->width = width;
    r->path_failed = 0;
    r->cmd = 0;
    r->have = 0;
    r->cx = r->cy = r->sx = r->sy = 0;   /* a leading 'm' is absolute, as in SVG */
    r->cmd_pos = pos_at(r, word);
    read_path_data(r, p, end);
}

static void read_line(struct reader *r, const char *p, const char *end)
{
    p = skip_space(p, end);
    if (p == end || *p == '#')
        return;
    const char *w = word_end(p, end);
    /* A keyword has two letters or more; a single letter is a path command continuing the
     * path data of the line above. */
    if (w - p >= 2 && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
        size_t n = (size_t)(w - p);
        if (n == 4 && strncmp(p, "icon", 4) == 0) {
            read_icon_line(r, w, end);
            return;
        }
        for (size_t i = 0; i < sizeof paints / sizeof paints[0]; i++)
            if (strlen(paints[i].word) == n && strncmp(p, paints[i].word, n) == 0) {
                read_paint_line(r, paints[i].paint, p, w, end);
                return;
            }
        error_at(r, pos_at(r, p), (int)n,
                 "unknown word '%.*s' (expected icon, fill, stroke, clear or clear-stroke)",
                 (int)(n < 24 ? n : 24), p);
        end_path(r);
        return;
    }
    if (!r->path) {
        error_at(r, pos_at(r, p), 1, "path data outside a fill, stroke or clear line");
        return;
    }
    read_path_data(r, p, end);
}

struct icon_set *icons_parse(const char *file, const char *text, size_t len, struct diag_list *dl)
{
    struct icon_set *set = xcalloc(1, sizeof *set);
    struct reader r = {.file = file, .dl = dl, .set = set};
    const char *end = text + len;
    for (const char *p = text; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        r.line++;
        r.line_start = p;
        if (memchr(p, '\0', (size_t)(eol - p))) {
            error_at(&r, (struct srcpos){r.line, 1}, 1, "the line holds a NUL byte");
        } else {
            read_line(&r, p, eol);
        }
        p = nl ? nl + 1 : end;
    }
    end_icon(&r);
    if (r.errors) {
        icons_free(set);
        return NULL;
    }
    return set;
}

struct icon_set *icons_load_embedded(const char *name, struct diag_list *dl)
{
    const struct embedded_file *f = embedded_find(name);
    if (!f) {
        diag_add(dl, DIAG_ERROR, name, (struct srcpos){0, 0}, 0, NULL,
                 "the program was built without its icons");
        return NULL;
    }
    return icons_parse(name, (const char *)f->data, f->size, dl);
}

struct icon_set *icons_load_default(struct diag_list *dl)
{
    return icons_load_embedded("xii.icons", dl);
}

void icons_free(struct icon_set *set)
{
    if (!set)
        return;
    for (size_t i = 0; i < set->n; i++) {
        for (size_t j = 0; j < set->icons[i].n; j++)
            free(set->icons[i].paths[j].cmds);
        free(set->icons[i].paths);
        free(set->icons[i].name);
    }
    free(set->icons);
    free(set);
}

size_t icons_count(const struct icon_set *set)
{
    return set->n;
}

const char *icons_name(const struct icon_set *set, size_t i)
{
    return i < set->n ? set->icons[i].name : NULL;
}

static const struct icon *find(const struct icon_set *set, const char *name)
{
    for (size_t i = 0; i < set->n; i++)
        if (strcmp(set->icons[i].name, name) == 0)
            return &set->icons[i];
    return NULL;
}

int icons_has(const struct icon_set *set, const char *name)
{
    return find(set, name) != NULL;
}

int icons_draw(struct canvas *c, const struct icon_set *set, const char *name, double x, double y,
               double size, struct rgb colour)
{
    const struct icon *icon = find(set, name);
    if (!icon)
        return -1;
    const struct rgb paper = {1, 1, 1};
    canvas_save(c);
    canvas_translate(c, x, y);
    canvas_scale(c, size / ICON_BOX, size / ICON_BOX);
    /* Drawn once per colour, then painted again (a form): the box leaves room for the widest
     * stroke around the 0..100 square. */
    char key[ICON_NAME_MAX + 96];
    snprintf(key, sizeof key, "icon %s %.17g %.17g %.17g", icon->name, colour.r, colour.g, colour.b);
    const double m = ICON_STROKE_MAX / 2 + 1;
    if (canvas_form_begin(c, key, 0, -m, -m, ICON_BOX + 2 * m, ICON_BOX + 2 * m)) {
        canvas_form_end(c);
        canvas_restore(c);
        return 0;
    }
    canvas_dash(c, NULL, 0);
    canvas_line_style(c, CAP_ROUND, JOIN_ROUND);
    for (size_t i = 0; i < icon->n; i++) {
        const struct icon_path *path = &icon->paths[i];
        for (size_t j = 0; j < path->n; j++) {
            const double *p = path->cmds[j].p;
            switch (path->cmds[j].op) {
            case 'M': canvas_move_to(c, p[0], p[1]); break;
            case 'L': canvas_line_to(c, p[0], p[1]); break;
            case 'C': canvas_curve_to(c, p[0], p[1], p[2], p[3], p[4], p[5]); break;
            case 'Z': canvas_close_path(c); break;
            }
        }
        switch (path->paint) {
        case PAINT_FILL: canvas_fill_even_odd(c, colour); break;
        case PAINT_STROKE: canvas_stroke(c, colour, path->width); break;
        case PAINT_CLEAR: canvas_fill_even_odd(c, paper); break;
        case PAINT_CLEAR_STROKE: canvas_stroke(c, paper, path->width); break;
        }
    }
    canvas_form_end(c);
    canvas_restore(c);
    return 0;
}
