#include "cli/render_options.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli/commands.h"
#include "cli/options.h"
#include <strings.h>

const char render_options_help[] =
    "  --paper a4|letter   paper size, printed at true scale (default a4)\n"
    "  --grey, --gray      greyscale output (requirements and costs told apart by style)\n"
    "  --backend cairo|haru\n"
    "                      PDF writer (default cairo; 'trace' writes the drawing calls as text)\n"
    "  -o FILE             output file\n"
    "  --png DIR           also write one PNG per page into DIR (cairo)\n"
    "  --svg               write SVG instead of PDF (cairo)\n";

void render_options_init(struct render_options *ro)
{
    memset(ro, 0, sizeof *ro);
    ro->paper = layout_paper_find("a4");
    ro->backend = CANVAS_CAIRO;
}

int render_options_parse(struct render_options *ro, int argc, char **argv, int *i,
                         struct strbuf *err)
{
    const char *a = argv[*i];
    const char *v = NULL;
    int m;
    if (strcmp(a, "--grey") == 0 || strcmp(a, "--gray") == 0) {
        ro->grey = 1;
        *i += 1;
        return 1;
    }
    if (strcmp(a, "--svg") == 0) {
        ro->svg = 1;
        *i += 1;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--paper", NULL, &v)) != 0) {
        if (m < 0) {
            strbuf_puts(err, "--paper needs a value: a4 or letter");
            return -1;
        }
        const struct paper *p = layout_paper_find(v);
        if (!p) {
            strbuf_printf(err, "unknown paper '%s' (expected a4 or letter)", v);
            return -1;
        }
        ro->paper = p;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--backend", NULL, &v)) != 0) {
        if (m < 0) {
            strbuf_puts(err, "--backend needs a value: cairo or haru");
            return -1;
        }
        if (strcasecmp(v, "cairo") == 0)
            ro->backend = CANVAS_CAIRO;
        else if (strcasecmp(v, "haru") == 0 || strcasecmp(v, "libharu") == 0)
            ro->backend = CANVAS_HARU;
        else if (strcasecmp(v, "trace") == 0)
            ro->backend = CANVAS_TRACE;
        else {
            strbuf_printf(err, "unknown backend '%s' (expected cairo or haru)", v);
            return -1;
        }
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--output", "-o", &v)) != 0) {
        if (m < 0 || !*v) {
            strbuf_puts(err, "-o needs a file name");
            return -1;
        }
        ro->output = v;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--png", NULL, &v)) != 0) {
        if (m < 0 || !*v) {
            strbuf_puts(err, "--png needs a folder name");
            return -1;
        }
        ro->png_dir = v;
        return 1;
    }
    return 0;
}

int render_options_check(const struct render_options *ro, struct strbuf *err)
{
    if (ro->backend != CANVAS_CAIRO && ro->png_dir) {
        strbuf_puts(err, "--png needs the cairo backend");
        return -1;
    }
    if (ro->backend != CANVAS_CAIRO && ro->svg) {
        strbuf_puts(err, "--svg needs the cairo backend");
        return -1;
    }
    if (ro->output && strcmp(ro->output, "-") == 0 && ro->backend != CANVAS_TRACE) {
        strbuf_puts(err, "-o - (standard output) works with --backend trace only");
        return -1;
    }
    return 0;
}

void render_options_describe(const struct render_options *ro, struct strbuf *out)
{
    strbuf_puts(out, ro->paper->label);
    strbuf_puts(out, ro->grey ? " \xc2\xb7 grey" : " \xc2\xb7 colour");
}

void render_options_canvas(const struct render_options *ro, const char *def, const char *title,
                           struct canvas_options *co)
{
    memset(co, 0, sizeof *co);
    co->backend = ro->backend;
    co->grey = ro->grey;
    co->path = ro->output ? ro->output : def;
    co->png_dir = ro->png_dir;
    co->png_dpi = 0;
    co->svg = ro->svg;
    co->font_dir = NULL;
    co->title = title;
    co->creator = "xii " XII_VERSION;
}

int render_document(const struct render_options *ro, const char *cmd, const char *stem,
                    const char *title, render_draw_fn draw, const void *ctx)
{
    int to_stdout = ro->output && strcmp(ro->output, "-") == 0;
    struct strbuf def = STRBUF_INIT, err = STRBUF_INIT;
    strbuf_printf(&def, "out/%s.%s", stem, ro->svg ? "svg" : ro->backend == CANVAS_TRACE ? "trace" : "pdf");
    struct canvas_options co;
    render_options_canvas(ro, strbuf_cstr(&def), title, &co);
    if (to_stdout)
        co.path = NULL;
    int status = EXIT_OK;
    if (!ro->output && mkdir("out", 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "xii %s: cannot create the folder out: %s\n", cmd, strerror(errno));
        status = EXIT_OUTPUT;
    } else {
        struct canvas *c = canvas_new(&co, &err);
        if (!c) {
            fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
            status = EXIT_OUTPUT;
        } else if (draw(c, ctx, &err) != 0) {
            fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
            canvas_discard(c);
            status = EXIT_USAGE;
        } else {
            if (to_stdout)
                fputs(canvas_trace(c), stdout);
            if (canvas_finish(c, &err) != 0) {
                fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
                status = EXIT_OUTPUT;
            } else if (to_stdout && (fflush(stdout) != 0 || ferror(stdout))) {
                /* ferror: a failed fputs leaves nothing for fflush to report. */
                fprintf(stderr, "xii %s: cannot write to standard output\n", cmd);
                status = EXIT_OUTPUT;
            } else if (!to_stdout) {
                fprintf(stderr, "xii %s: wrote %s\n", cmd, co.path);
            }
        }
    }
    strbuf_free(&def);
    strbuf_free(&err);
    return status;
}
