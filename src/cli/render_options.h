/* The options every rendering command shares (cli.md): --paper a4|letter, --grey/--gray,
 * --backend cairo|haru|trace, -o FILE, --png DIR, --dpi N, --svg. Commands parse their own
 * options and hand every other argument to render_options_parse(). */
#ifndef CLI_RENDER_OPTIONS_H
#define CLI_RENDER_OPTIONS_H
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "layout/common.h"

struct render_options {
    const struct paper *paper;      /* default A4 */
    int grey;
    enum canvas_backend backend;    /* default cairo */
    const char *output;             /* -o; NULL until given */
    const char *png_dir;            /* --png DIR, or NULL */
    int dpi;                        /* --dpi N, or 0 (RENDER_DEFAULT_DPI) */
    int svg;                        /* --svg: cairo writes SVG instead of PDF */
};

/* The resolution of the PNG pages: what people print proofs at, and the range --dpi takes
 * (an A4 page at 600 dpi is a 140 MB image while it is drawn). */
#define RENDER_DEFAULT_DPI 150
#define RENDER_MIN_DPI 50
#define RENDER_MAX_DPI 600

/* The defaults: A4, colour, cairo, no output path, no previews. */
void render_options_init(struct render_options *ro);

/* Tries argv[*i] (and its value, as the next argument or after '=') as a render option.
 * Returns 1 and moves *i past what it used; 0 when argv[*i] is not a render option; -1 with
 * the reason in err for a bad value or a missing one. */
int render_options_parse(struct render_options *ro, int argc, char **argv, int *i,
                         struct strbuf *err);

/* Checks the combination once every argument is read (--png and --svg need cairo, --dpi needs
 * --png, "-o -" is not a terminal), and that no output (the document: -o, or STEM.pdf in the
 * current folder when stem is not NULL; its PNG and SVG pages) is one of the inputs (file
 * names, "-" standard input; NULL entries are skipped) or another output, comparing device
 * and inode through links. Call it before reading anything.
 * Returns 0, or -1 with the reason in err. */
int render_options_check(const struct render_options *ro, const char *stem,
                         const char *const *inputs, size_t ninputs, struct strbuf *err);

/* The help lines for these options, to include in a command's usage text. */
extern const char render_options_help[];

/* "A4 · grey · haru": the part of a page footer that names these options. */
void render_options_describe(const struct render_options *ro, struct strbuf *out);

/* Draws one document: draw(c, ctx, err) returns 0, or -1 with the reason in err. */
typedef int (*render_draw_fn)(struct canvas *c, const void *ctx, struct strbuf *err);

/* Renders a document the way every command does: the output is -o, or STEM.pdf (.svg with
 * --svg, .trace with the trace backend) in the current folder; "-o -" writes it to standard
 * output. Messages go to stderr prefixed "xii CMD: ", with "wrote PATH" for every file written
 * (the document and each page file) and "removed PATH" for each page of an earlier, longer run.
 * Returns the exit status: 0, 2 when draw fails (bad input), 3 when an output cannot be
 * written (then no file is left and an old one is untouched, or the message names the page
 * files that could not be replaced). */
int render_document(const struct render_options *ro, const char *cmd, const char *stem,
                    const char *title, render_draw_fn draw, const void *ctx);

#endif
