/* The options every rendering command shares: paper, grey, backend, output, PNG, DPI, SVG. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli/render_options.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/commands.h"
#include "cli/options.h"
#include "core/text.h"
#include "core/xalloc.h"

const char render_options_help[] =
    "  --paper a4|letter   paper size, printed at true scale (default a4)\n"
    "  --grey, --gray      greyscale output (requirements and costs told apart by style)\n"
    "  --backend cairo|haru\n"
    "                      PDF writer (default cairo; 'trace' writes the drawing calls as text)\n"
    "  -o FILE             output file; '-' writes to standard output (to pipe into lpr)\n"
    "  --png DIR           also write one PNG per page, DIR/page-01.png... (cairo; DIR is made)\n"
    "  --dpi N             resolution of those PNG pages, 50 to 600 (default 150)\n"
    "  --svg               write SVG instead of PDF (cairo; page N goes to FILE-N.svg)\n";

void render_options_init(struct render_options *ro)
{
    memset(ro, 0, sizeof *ro);
    ro->paper = layout_paper_find("a4");
    ro->backend = CANVAS_CAIRO;
}

/* Says why an option is refused, into err; returns -1. */
static int refuse(struct strbuf *err, const char *why)
{
    strbuf_puts(err, why);
    return -1;
}

/* "unknown WHAT 'VALUE' (expected EXPECTED)", the value escaped; returns -1. */
static int refuse_unknown(struct strbuf *err, const char *what, const char *value, const char *expected)
{
    strbuf_printf(err, "unknown %s '", what);
    text_escape(err, value, strlen(value));
    strbuf_printf(err, "' (expected %s)", expected);
    return -1;
}

static int set_paper(struct render_options *ro, const char *v, struct strbuf *err)
{
    const struct paper *p = layout_paper_find(v);
    if (!p)
        return refuse_unknown(err, "paper", v, "a4 or letter");
    ro->paper = p;
    return 1;
}

static int set_backend(struct render_options *ro, const char *v, struct strbuf *err)
{
    if (strcasecmp(v, "cairo") == 0)
        ro->backend = CANVAS_CAIRO;
    else if (strcasecmp(v, "haru") == 0 || strcasecmp(v, "libharu") == 0)
        ro->backend = CANVAS_HARU;
    else if (strcasecmp(v, "trace") == 0)
        ro->backend = CANVAS_TRACE;
    else
        return refuse_unknown(err, "backend", v, "cairo or haru");
    return 1;
}

/* --dpi V (V NULL: the value is missing). */
static int set_dpi(struct render_options *ro, const char *v, struct strbuf *err)
{
    char *end;
    errno = 0;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || errno || end == v || *end || n < RENDER_MIN_DPI || n > RENDER_MAX_DPI) {
        strbuf_printf(err, "--dpi needs a resolution from %d to %d dots per inch",
                      RENDER_MIN_DPI, RENDER_MAX_DPI);
        if (v) {
            strbuf_puts(err, ", not '");
            text_escape(err, v, strlen(v));
            strbuf_putc(err, '\'');
        }
        return -1;
    }
    ro->dpi = (int)n;
    return 1;
}

int render_options_parse(struct render_options *ro, int argc, char **argv, int *i,
                         struct strbuf *err)
{
    const char *a = argv[*i];
    const char *v = NULL;
    int m;
    int *flag = strcmp(a, "--grey") == 0 || strcmp(a, "--gray") == 0 ? &ro->grey
              : strcmp(a, "--svg") == 0 ? &ro->svg : NULL;
    if (flag) {
        *flag = 1;
        *i += 1;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--paper", NULL, &v)) != 0)
        return m < 0 ? refuse(err, "--paper needs a value: a4 or letter") : set_paper(ro, v, err);
    if ((m = cli_option(argc, argv, i, "--backend", NULL, &v)) != 0)
        return m < 0 ? refuse(err, "--backend needs a value: cairo or haru") : set_backend(ro, v, err);
    if ((m = cli_option(argc, argv, i, "--output", "-o", &v)) != 0) {
        if (m < 0 || !*v)
            return refuse(err, "-o needs a file name");
        ro->output = v;
        return 1;
    }
    if ((m = cli_option(argc, argv, i, "--dpi", NULL, &v)) != 0)
        return set_dpi(ro, m < 0 ? NULL : v, err);
    if ((m = cli_option(argc, argv, i, "--png", NULL, &v)) != 0) {
        if (m < 0 || !*v)
            return refuse(err, "--png needs a folder name");
        ro->png_dir = v;
        return 1;
    }
    return 0;
}

/* The identity of a file (device and inode, links followed), or 0 when it does not exist or
 * is not a regular file (a device or a pipe is never "the same file" as another name). */
struct file_id {
    dev_t dev;
    ino_t ino;
};

static int regular_id(const char *path, int fd, struct file_id *id)
{
    struct stat st;
    if ((path ? stat(path, &st) : fstat(fd, &st)) != 0 || !S_ISREG(st.st_mode))
        return 0;
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    return 1;
}

static int folder_id(const char *path, struct file_id *id)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return 0;
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    return 1;
}

static int same_id(const struct file_id *a, const struct file_id *b)
{
    return a->dev == b->dev && a->ino == b->ino;
}

/* True when name is PREFIX, at least min digits, SUFFIX: a page file of our own naming. */
static int page_name(const char *name, const char *prefix, size_t prefix_len, const char *suffix,
                     size_t min)
{
    if (strncmp(name, prefix, prefix_len) != 0)
        return 0;
    size_t digits = strspn(name + prefix_len, "0123456789");
    return digits >= min && digits > 0 && strcmp(name + prefix_len + digits, suffix) == 0;
}

/* True when path (or the file its links lead to; a file that does not exist yet counts by its
 * name) lies in the folder dir and has the page naming PREFIX NN SUFFIX. */
static int is_page_in(const char *path, const struct file_id *dir, const char *prefix,
                      size_t prefix_len, const char *suffix, size_t min)
{
    char *real = realpath(path, NULL);
    const char *p = real ? real : path;
    const char *slash = strrchr(p, '/');
    char *folder = slash ? xstrndup(p, slash == p ? 1 : (size_t)(slash - p)) : xstrdup(".");
    struct file_id id;
    int yes = folder_id(folder, &id) && same_id(&id, dir) &&
              page_name(slash ? slash + 1 : p, prefix, prefix_len, suffix, min);
    free(folder);
    free(real);
    return yes;
}

/* Checks one file name (an input, or the document when it is also written) against the page
 * files of the run; says why in err. */
static int clashes_with_pages(const struct render_options *ro, const char *document,
                              const char *path, const char *what, struct strbuf *err)
{
    struct file_id dir;
    if (ro->png_dir && folder_id(ro->png_dir, &dir) &&
        is_page_in(path, &dir, "page-", 5, ".png", 2)) {
        strbuf_printf(err, "%s %s is one of the PNG pages --png %s writes: nothing was written",
                      what, path, ro->png_dir);
        return 1;
    }
    if (!ro->svg || !document || strcmp(document, "-") == 0 || path == document)
        return 0;
    /* SVG pages: "x.svg" has "x-2.svg", "x-3.svg"... beside it. */
    const char *slash = strrchr(document, '/');
    const char *base = slash ? slash + 1 : document;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base)
        dot = base + strlen(base);
    struct strbuf prefix = STRBUF_INIT;
    strbuf_append(&prefix, base, (size_t)(dot - base));
    strbuf_putc(&prefix, '-');
    char *folder = slash ? xstrndup(document, slash == document ? 1 : (size_t)(slash - document))
                         : xstrdup(".");
    int clash = folder_id(folder, &dir) &&
                is_page_in(path, &dir, strbuf_cstr(&prefix), prefix.len, dot, 1);
    if (clash)
        strbuf_printf(err, "%s %s is one of the SVG pages of %s: nothing was written", what, path,
                      document);
    free(folder);
    strbuf_free(&prefix);
    return clash;
}

/* The document's file: -o, or STEM.EXT in the current folder; NULL for none. Caller frees. */
static char *document_path(const struct render_options *ro, const char *stem)
{
    if (ro->output)
        return xstrdup(ro->output);
    if (!stem)
        return NULL;
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s.%s", stem, ro->svg ? "svg" : ro->backend == CANVAS_TRACE ? "trace" : "pdf");
    return strbuf_detach(&sb);
}

/* Refuses an output that is an input or another output (see render_options_check). */
static int check_same_files(const struct render_options *ro, const char *stem,
                            const char *const *inputs, size_t ninputs, struct strbuf *err)
{
    char *document = document_path(ro, stem);
    struct file_id out;
    int have_out = document && (strcmp(document, "-") == 0 ? regular_id(NULL, STDOUT_FILENO, &out)
                                                           : regular_id(document, -1, &out));
    int clash = document && strcmp(document, "-") != 0 &&
                clashes_with_pages(ro, document, document, "the output", err);
    for (size_t i = 0; i < ninputs && !clash; i++) {
        if (!inputs[i])
            continue;
        int std = strcmp(inputs[i], "-") == 0;
        struct file_id in;
        if (have_out && (std ? regular_id(NULL, STDIN_FILENO, &in) : regular_id(inputs[i], -1, &in)) &&
            same_id(&in, &out)) {
            strbuf_printf(err, "the output %s is the input %s (the same file): nothing was read "
                               "or written; give the output another name",
                          strcmp(document, "-") == 0 ? "(standard output)" : document,
                          std ? "(standard input)" : inputs[i]);
            clash = 1;
        } else if (!std) {
            clash = clashes_with_pages(ro, document, inputs[i], "the input", err);
        }
    }
    free(document);
    return clash ? -1 : 0;
}

/* The extensions of the formats a file of ours could be taken for. */
static const char *const format_extensions[] = {"pdf", "svg", "png", "ps", "eps", NULL};

/* Refuses an output named for another format than the one written (--svg -o x.pdf would put
 * SVG into x.pdf and x-2.pdf); a name without one of those extensions is the user's choice.
 * The trace backend writes text for the tests, whatever the name. */
static int check_extension(const struct render_options *ro, struct strbuf *err)
{
    if (!ro->output || strcmp(ro->output, "-") == 0 || ro->backend == CANVAS_TRACE)
        return 0;
    const char *slash = strrchr(ro->output, '/');
    const char *base = slash ? slash + 1 : ro->output;
    const char *dot = strrchr(base, '.');
    const char *want = ro->svg ? "svg" : "pdf";
    if (!dot || dot == base || strcasecmp(dot + 1, want) == 0)
        return 0;
    for (const char *const *e = format_extensions; *e; e++) {
        if (strcasecmp(dot + 1, *e) != 0)
            continue;
        strbuf_puts(err, "the output ");
        text_escape(err, ro->output, strlen(ro->output));
        strbuf_printf(err, " is named for another format than the %s written: name it FILE.%s%s",
                      ro->svg ? "SVG" : "PDF", want, ro->svg ? "" : " (or give --svg)");
        return -1;
    }
    return 0;
}

/* True when the output is a terminal: standard output for "-", or a name that leads to one
 * (/dev/tty, /dev/stdout, /dev/pts/N). */
static int output_is_terminal(const char *output)
{
    if (strcmp(output, "-") == 0)
        return isatty(STDOUT_FILENO);
    struct stat st;
    if (stat(output, &st) != 0 || !S_ISCHR(st.st_mode))
        return 0;
    int fd = open(output, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    int tty = isatty(fd);
    close(fd);
    return tty;
}

int render_options_check(const struct render_options *ro, const char *stem,
                         const char *const *inputs, size_t ninputs, struct strbuf *err)
{
    int to_stdout = ro->output && strcmp(ro->output, "-") == 0;
    if (ro->backend != CANVAS_CAIRO && ro->png_dir) {
        strbuf_puts(err, "--png needs the cairo backend");
        return -1;
    }
    if (ro->backend != CANVAS_CAIRO && ro->svg) {
        strbuf_puts(err, "--svg needs the cairo backend");
        return -1;
    }
    if (ro->dpi && !ro->png_dir) {
        strbuf_puts(err, "--dpi is the resolution of the PNG pages: give --png DIR too");
        return -1;
    }
    if (to_stdout && ro->svg) {
        strbuf_puts(err, "-o - cannot hold the SVG pages (one file each): give -o FILE.svg");
        return -1;
    }
    if (ro->output && ro->backend != CANVAS_TRACE && output_is_terminal(ro->output)) {
        if (to_stdout) {
            strbuf_puts(err, "standard output is a terminal: pipe the PDF (-o - | lpr) or give -o FILE");
        } else {
            strbuf_puts(err, "the output ");
            text_escape(err, ro->output, strlen(ro->output));
            strbuf_puts(err, " is a terminal: pipe the PDF (-o - | lpr) or give -o FILE");
        }
        return -1;
    }
    if (check_same_files(ro, stem, inputs, ninputs, err) != 0)
        return -1;
    return check_extension(ro, err);
}

void render_options_describe(const struct render_options *ro, struct strbuf *out)
{
    strbuf_puts(out, ro->paper->label);
    strbuf_puts(out, ro->grey ? " \xc2\xb7 grey" : " \xc2\xb7 colour");
}

/* Prints "xii CMD: wrote PATH" (or removed) for every file the canvas writes. */
static void print_notice(void *ctx, const char *what, const char *path)
{
    fprintf(stderr, "xii %s: %s %s\n", (const char *)ctx, what, path);
}

int render_document(const struct render_options *ro, const char *cmd, const char *stem,
                    const char *title, render_draw_fn draw, const void *ctx)
{
    char *document = document_path(ro, stem);
    struct canvas_options co;
    memset(&co, 0, sizeof co);
    co.backend = ro->backend;
    co.grey = ro->grey;
    co.path = document;
    co.png_dir = ro->png_dir;
    co.png_dpi = ro->dpi ? ro->dpi : RENDER_DEFAULT_DPI;
    co.svg = ro->svg;
    co.title = title;
    co.creator = "xii " XII_VERSION;
    co.notice = print_notice;
    co.notice_ctx = (void *)cmd;
    struct strbuf err = STRBUF_INIT;
    int status = EXIT_OK;
    /* "-o -": the document goes to file descriptor 1 after what stdout holds already. */
    if (document && strcmp(document, "-") == 0)
        fflush(stdout);
    struct canvas *c = canvas_new(&co, &err);
    if (!c) {
        status = EXIT_OUTPUT;
    } else if (draw(c, ctx, &err) != 0) {
        canvas_discard(c);
        status = EXIT_USAGE;
    } else if (canvas_finish(c, &err) != 0) {
        status = EXIT_OUTPUT;
    }
    if (status != EXIT_OK)
        fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
    free(document);
    strbuf_free(&err);
    return status;
}
