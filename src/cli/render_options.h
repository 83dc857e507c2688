/* The options every rendering command shares (cli.md): --paper a4|letter, --grey/--gray,
 * --backend cairo|haru|trace, -o FILE, --png DIR, --svg. Commands parse their own options
 * and hand every other argument to render_options_parse(). */
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
    int svg;                        /* --svg: cairo writes SVG instead of PDF */
};

/* The defaults: A4, colour, cairo, no output path, no previews. */
void render_options_init(struct render_options *ro);

/* Tries argv[*i] (and its value, as the next argument or after '=') as a render option.
 * Returns 1 and moves *i past what it used; 0 when argv[*i] is not a render option; -1 with
 * the reason in err for a bad value or a missing one. */
int render_options_parse(struct render_options *ro, int argc, char **argv, int *i,
                         struct strbuf *err);

/* Checks the combination once every argument is read (--png and --svg need cairo, "-o -"
 * needs the trace backend).
 * Returns 0, or -1 with the reason in err. */
int render_options_check(const struct render_options *ro, struct strbuf *err);

/* The help lines for these options, to include in a command's usage text. */
extern const char render_options_help[];

/* "A4 · grey · haru": the part of a page footer that names these options. */
void render_options_describe(const struct render_options *ro, struct strbuf *out);

/* Fills the canvas options from these (path: the output, or def when -o was not given). */
void render_options_canvas(const struct render_options *ro, const char *def, const char *title,
                           struct canvas_options *co);

/* Draws one document: draw(c, ctx, err) returns 0, or -1 with the reason in err. */
typedef int (*render_draw_fn)(struct canvas *c, const void *ctx, struct strbuf *err);

/* Renders a document the way every command does: the output is -o, or out/STEM.pdf (.svg with
 * --svg, .trace with the trace backend) with out/ created when needed; "-o -" prints the trace
 * on standard output (render_options_check allows it with the trace backend only). Messages go
 * to stderr prefixed "xii CMD: ", and "wrote PATH" on success. Returns the exit status: 0, 2
 * when draw fails,
 * 3 when the output cannot be written (then no file is left and an old one is untouched). */
int render_document(const struct render_options *ro, const char *cmd, const char *stem,
                    const char *title, render_draw_fn draw, const void *ctx);

#endif
