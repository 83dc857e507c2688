/* Inside src/draw: the bundled font files, where they are, and their FreeType metrics (the
 * widths the cairo and trace backends draw with). */
#ifndef DRAW_CANVAS_FONT_H
#define DRAW_CANVAS_FONT_H
#include <stddef.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include "core/strbuf.h"
#include "draw/canvas.h"

/* The file of each font inside the fonts folder, e.g. "DejaVuSans.ttf". */
const char *canvas_font_file(enum canvas_font font);
/* The short name traces use: "serif", "serif-bold", "serif-italic", "sans", "sans-bold", "hand". */
const char *canvas_font_name(enum canvas_font font);

/* Finds the fonts folder: wanted when not NULL, else $XII_FONT_DIR, else the first "fonts" or
 * "share/xii/fonts" folder in the executable's parent folders. The folder must hold every
 * bundled file. Returns 0 with the folder in dir, or -1 with the reason in err. */
int canvas_font_dir(const char *wanted, struct strbuf *dir, struct strbuf *err);

/* The glyph index and unhinted advance of each character of a face, looked up in FreeType
 * once: asking FreeType for every character measured took a tenth of the drawing of a sheet. */
struct canvas_metrics;

/* Opens a font file: its face, read without its hints (rewrite/ttf_dehint.h), and the face's
 * metrics. Both belong to the process (created on first use and kept for its life, with the
 * FreeType library): every canvas shares them, and cairo may hold faces longer than any
 * canvas. Never free them. Returns 0, or -1 with the reason in err. */
int canvas_font_open(const char *path, FT_Face *face, struct canvas_metrics **metrics,
                     struct strbuf *err);

/* One glyph of a line of text. */
struct canvas_glyph {
    unsigned index;     /* glyph index in the face (0: the font lacks the character) */
    double x;           /* offset of its origin from the start of the line, in points */
    size_t byte;        /* where its character starts in the UTF-8 text */
    size_t nbytes;      /* the character's length in bytes */
};

/* Lays out valid UTF-8 text at size points with the face's unhinted advances (no kerning).
 * Returns the number of glyphs; *glyphs (caller frees) gets them unless glyphs is NULL, and
 * *width the total advance. */
size_t canvas_font_layout(struct canvas_metrics *m, double size, const char *utf8,
                          struct canvas_glyph **glyphs, double *width);

/* Decodes the UTF-8 character at *p and moves *p past it. Returns the code point, or -1 for
 * a malformed, overlong or surrogate sequence (then *p moves one byte). */
long canvas_font_utf8_next(const char **p);

#endif
