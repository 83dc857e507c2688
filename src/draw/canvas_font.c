/* The bundled fonts: where they are, opened without hints, and their FreeType metrics. */
#include "draw/canvas_font.h"
#include "core/xalloc.h"
#include "rewrite/ttf_dehint.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *file, *name;
} fonts[] = {
    [FONT_SERIF] = {"EBGaramond08-Regular.ttf", "serif"},
    [FONT_SERIF_BOLD] = {"EBGaramond12-Bold.ttf", "serif-bold"},
    [FONT_SERIF_ITALIC] = {"EBGaramond08-Italic.ttf", "serif-italic"},
    [FONT_SANS] = {"DejaVuSans.ttf", "sans"},
    [FONT_SANS_BOLD] = {"DejaVuSans-Bold.ttf", "sans-bold"},
    [FONT_HAND] = {"Breip.ttf", "hand"},
};
_Static_assert(sizeof fonts / sizeof fonts[0] == FONT_COUNT, "one row per enum canvas_font");

/* Parent folders of the executable searched for fonts: enough for out/BUILD/asan/bin/xii. */
#define FONT_SEARCH_DEPTH 6

const char *canvas_font_file(enum canvas_font font)
{
    return fonts[font].file;
}

const char *canvas_font_name(enum canvas_font font)
{
    return fonts[font].name;
}

/* The first bundled file that dir lacks, or NULL when it holds them all. */
static const char *missing_font(const char *dir)
{
    struct strbuf path = STRBUF_INIT;
    const char *missing = NULL;
    for (int f = 0; f < FONT_COUNT && !missing; f++) {
        strbuf_reset(&path);
        strbuf_printf(&path, "%s/%s", dir, fonts[f].file);
        if (access(strbuf_cstr(&path), R_OK) != 0)
            missing = fonts[f].file;
    }
    strbuf_free(&path);
    return missing;
}

/* Looks for fonts/ or share/xii/fonts/ in the parents of the executable's folder. */
static int search_beside_executable(struct strbuf *dir)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    static const char *const below[] = {"fonts", "share/xii/fonts"};
    for (int depth = 0; depth < FONT_SEARCH_DEPTH; depth++) {
        char *slash = strrchr(exe, '/');
        if (!slash || slash == exe)
            return -1;
        *slash = '\0';     /* first the executable's folder goes, then one parent each turn */
        if (depth == 0)
            continue;
        for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
            strbuf_reset(dir);
            strbuf_printf(dir, "%s/%s", exe, below[i]);
            if (!missing_font(strbuf_cstr(dir)))
                return 0;
        }
    }
    strbuf_reset(dir);
    return -1;
}

int canvas_font_dir(const char *wanted, struct strbuf *dir, struct strbuf *err)
{
    const char *from = "the font folder";
    if (!wanted || !*wanted) {
        wanted = getenv("XII_FONT_DIR");
        from = "XII_FONT_DIR";
    }
    if (wanted && *wanted) {
        const char *missing = missing_font(wanted);
        if (missing) {
            strbuf_printf(err, "%s %s has no readable %s", from, wanted, missing);
            return -1;
        }
        strbuf_reset(dir);
        strbuf_puts(dir, wanted);
        return 0;
    }
    if (search_beside_executable(dir) == 0)
        return 0;
    strbuf_printf(err, "cannot find the fonts folder (looked beside the program for fonts/ and "
                       "share/xii/fonts/); set XII_FONT_DIR");
    return -1;
}

/* Font files larger than this are refused. */
#define FONT_MAX_BYTES ((size_t)64 << 20)

/* A font file opened: its bytes as the face reads them (without its hints when it has them,
 * rewrite/ttf_dehint.c), the face and its metrics. Kept for the life of the process, like the
 * FreeType library: every canvas shares them, so the next document finds its characters
 * measured and cairo finds its scaled fonts and glyphs again (cairo may also hold faces
 * longer than any canvas). */
struct font_file {
    char *path;
    unsigned char *data;
    size_t len;
    FT_Face face;
    struct canvas_metrics *metrics;
};

static struct canvas_metrics *metrics_new(FT_Face face);

/* Maps the font file into memory (read-only, shared with the page cache: no copy, and the
 * kernel maps it ahead). Returns the bytes, or NULL with the reason in err. */
static unsigned char *map_file(const char *path, size_t *len, struct strbuf *err)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        strbuf_printf(err, "cannot load font %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode) || st.st_size == 0 || (unsigned long long)st.st_size > FONT_MAX_BYTES) {
        strbuf_printf(err, "cannot load font %s: not a font file", path);
        close(fd);
        return NULL;
    }
    void *data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int e = errno;
    close(fd);
    if (data == MAP_FAILED) {
        strbuf_printf(err, "cannot load font %s: %s", path, strerror(e));
        return NULL;
    }
    *len = (size_t)st.st_size;
    return data;
}

/* Loads the file and opens its face; returns 0, or -1 with the reason in err. */
static int load(FT_Library library, const char *path, struct font_file *f, struct strbuf *err)
{
    size_t len;
    unsigned char *file = map_file(path, &len, err);
    if (!file)
        return -1;
    /* Without hints: a copy, and the file goes; else the file itself stays mapped. */
    f->data = rewrite_ttf_dehint(file, len, &f->len);
    if (f->data) {
        munmap(file, len);
    } else {
        f->data = file;
        f->len = len;
    }
    int mapped = f->data == file;
    FT_Error e = FT_New_Memory_Face(library, f->data, (FT_Long)f->len, 0, &f->face);
    if (e == 0 && (!f->face->charmap || f->face->units_per_EM == 0)) {
        FT_Done_Face(f->face);
        e = -1;
    }
    if (e != 0) {
        if (e < 0)
            strbuf_printf(err, "font %s has no Unicode character map", path);
        else
            strbuf_printf(err, "cannot load font %s (FreeType error %d)", path, (int)e);
        if (mapped)
            munmap(f->data, f->len);
        else
            free(f->data);
        return -1;
    }
    f->path = xstrdup(path);
    f->metrics = metrics_new(f->face);
    return 0;
}

int canvas_font_open(const char *path, FT_Face *face, struct canvas_metrics **metrics,
                     struct strbuf *err)
{
    static FT_Library library;
    static struct font_file *files;
    static size_t nfiles, capfiles;
    if (!library && FT_Init_FreeType(&library) != 0) {
        library = NULL;
        strbuf_printf(err, "cannot start FreeType");
        return -1;
    }
    size_t i = 0;
    while (i < nfiles && strcmp(files[i].path, path) != 0)
        i++;
    if (i == nfiles) {
        struct font_file f;
        if (load(library, path, &f, err) != 0)
            return -1;
        void *items = files;
        xgrow(&items, &capfiles, nfiles + 1, sizeof *files);
        files = items;
        files[nfiles++] = f;
    }
    *face = files[i].face;
    *metrics = files[i].metrics;
    return 0;
}

/* The metrics of the characters U+0000..U+FFFF are kept in blocks of 256, made on first use;
 * the rare characters above are looked up each time. */
#define METRICS_BLOCK 256
#define METRICS_BLOCKS (0x10000 / METRICS_BLOCK)

struct char_metrics {
    FT_UInt index;
    FT_Fixed advance;   /* in font units; -1: not looked up yet */
};

struct canvas_metrics {
    FT_Face face;
    struct char_metrics *block[METRICS_BLOCKS];
};

static struct canvas_metrics *metrics_new(FT_Face face)
{
    struct canvas_metrics *m = xcalloc(1, sizeof *m);
    m->face = face;
    return m;
}

static struct char_metrics lookup(FT_Face face, long cp)
{
    struct char_metrics cm = {cp < 0 ? 0 : FT_Get_Char_Index(face, (FT_ULong)cp), 0};
    if (FT_Get_Advance(face, cm.index, FT_LOAD_NO_SCALE, &cm.advance) != 0 || cm.advance < 0)
        cm.advance = 0;
    return cm;
}

static struct char_metrics char_metrics(struct canvas_metrics *m, long cp)
{
    if (cp < 0 || cp >= 0x10000)
        return lookup(m->face, cp);
    struct char_metrics **b = &m->block[cp / METRICS_BLOCK];
    if (!*b) {
        *b = xmalloc(METRICS_BLOCK * sizeof **b);
        for (int i = 0; i < METRICS_BLOCK; i++)
            (*b)[i].advance = -1;
    }
    struct char_metrics *cm = &(*b)[cp % METRICS_BLOCK];
    if (cm->advance < 0)
        *cm = lookup(m->face, cp);
    return *cm;
}

size_t canvas_font_layout(struct canvas_metrics *m, double size, const char *utf8,
                          struct canvas_glyph **glyphs, double *width)
{
    size_t n = 0, cap = 0;
    struct canvas_glyph *g = NULL;
    long pen = 0;     /* in font units: summing integers keeps the widths exact */
    double scale = size / m->face->units_per_EM;
    for (const char *p = utf8; *p;) {
        const char *start = p;
        long cp = canvas_font_utf8_next(&p);
        struct char_metrics cm = char_metrics(m, cp);
        FT_UInt index = cm.index;
        FT_Fixed advance = cm.advance;
        if (glyphs) {
            void *items = g;
            xgrow(&items, &cap, n + 1, sizeof *g);
            g = items;
            g[n] = (struct canvas_glyph){index, (double)pen * scale, (size_t)(start - utf8),
                                         (size_t)(p - start)};
        }
        n++;
        pen += (long)advance;
    }
    if (glyphs)
        *glyphs = g;
    *width = (double)pen * scale;
    return n;
}

long canvas_font_utf8_next(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    unsigned char b = s[0];
    int extra;
    long cp, min;
    if (b < 0x80) {
        *p += 1;
        return b;
    } else if ((b & 0xE0) == 0xC0) {
        extra = 1, cp = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
        extra = 2, cp = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
        extra = 3, cp = b & 0x07, min = 0x10000;
    } else {
        *p += 1;
        return -1;
    }
    for (int i = 1; i <= extra; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p += 1;
            return -1;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        *p += 1;
        return -1;
    }
    *p += 1 + extra;
    return cp;
}
