/* The files of a canvas: the PNG folder made before anything is written (and removed again
 * when the run fails), the pages' file names, the commit of the document with its PNG and SVG
 * pages (every byte written and flushed before the first file is replaced), and the removal of
 * the pages an earlier, longer run left behind. */
#include "core/xalloc.h"
#include "draw/canvas_impl.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *canvas_png_page_path(const char *dir, int n)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/page-%02d.png", dir, n);
    return strbuf_detach(&sb);
}

char *canvas_svg_page_path(const char *path, int n)
{
    struct strbuf sb = STRBUF_INIT;
    size_t len = strlen(path);
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    if (dot && (!slash || dot > slash + 1))
        len = (size_t)(dot - path);
    else
        dot = "";
    strbuf_append(&sb, path, len);
    strbuf_printf(&sb, "-%d%s", n, dot);
    return strbuf_detach(&sb);
}

static void remember_folder(struct canvas *c, const char *dir)
{
    void *items = c->made_dirs;
    xgrow(&items, &c->capmade_dirs, c->nmade_dirs + 1, sizeof *c->made_dirs);
    c->made_dirs = items;
    c->made_dirs[c->nmade_dirs++] = xstrdup(dir);
}

/* Makes the PNG folder and the folders above it, as mkdir -p does, remembering those it made. */
static int make_png_folder(struct canvas *c, struct strbuf *err)
{
    char *p = xstrdup(c->opt.png_dir);
    size_t len = strlen(p);
    int rc = 0;
    for (size_t i = 1; i <= len && rc == 0; i++) {
        if ((p[i] != '/' && p[i] != '\0') || p[i - 1] == '/')
            continue;
        char saved = p[i];
        p[i] = '\0';
        struct stat st;
        if (mkdir(p, 0777) == 0) {
            remember_folder(c, p);
        } else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
            int e = errno == EEXIST || errno == 0 ? ENOTDIR : errno;
            strbuf_printf(err, "cannot create the PNG folder %s: %s", p, strerror(e));
            rc = -1;
        }
        p[i] = saved;
    }
    free(p);
    if (rc == 0 && access(c->opt.png_dir, W_OK | X_OK) != 0) {
        strbuf_printf(err, "cannot write PNG files into %s: %s", c->opt.png_dir, strerror(errno));
        rc = -1;
    }
    return rc;
}

/* Removes the folders this canvas made (the innermost first); only empty ones go. */
static void remove_made_folders(struct canvas *c)
{
    for (size_t i = c->nmade_dirs; i-- > 0;)
        rmdir(c->made_dirs[i]);
}

int canvas_output_open(struct canvas *c, struct strbuf *err)
{
    if (c->opt.png_dir && make_png_folder(c, err) != 0) {
        remove_made_folders(c);
        return -1;
    }
    if (c->opt.path && atomicfile_open(&c->out, c->opt.path, err) != 0) {
        remove_made_folders(c);
        return -1;
    }
    return 0;
}

void canvas_output_discard(struct canvas *c)
{
    if (c->out.path)
        atomicfile_abort(&c->out);
    remove_made_folders(c);
}

static void notice(const struct canvas *c, const char *what, const char *path)
{
    if (c->opt.notice)
        c->opt.notice(c->opt.notice_ctx, what, path);
}

/* Removes the pages after the last one of this run that an earlier, longer run wrote: files
 * of our own page naming, from the next number on, up to the first one that is missing. */
static void remove_stale_pages(const struct canvas *c)
{
    for (int svg = 0; svg < 2; svg++) {
        if (svg ? !(c->opt.svg && c->opt.path && strcmp(c->opt.path, "-") != 0) : !c->opt.png_dir)
            continue;
        for (int n = c->pages + 1;; n++) {
            char *path = svg ? canvas_svg_page_path(c->opt.path, n)
                             : canvas_png_page_path(c->opt.png_dir, n);
            struct stat st;
            int stale = lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0;
            if (stale)
                notice(c, "removed", path);
            free(path);
            if (!stale)
                break;
        }
    }
}

/* Writes every queued file to a temporary beside its target and flushes it, then the main
 * output; on failure nothing is replaced. Returns the count opened (all of them on success). */
static int write_all(struct canvas *c, struct atomicfile *tmp, size_t *opened, struct strbuf *err)
{
    for (*opened = 0; *opened < c->nfiles;) {
        const struct canvas_file *f = &c->files[*opened];
        if (atomicfile_open(&tmp[*opened], f->path, err) != 0)
            return -1;
        struct atomicfile *af = &tmp[(*opened)++];
        errno = 0;
        if (f->len && fwrite(f->data, 1, f->len, af->fp) != f->len) {
            strbuf_printf(err, "cannot write %s: %s", f->path, strerror(errno ? errno : EIO));
            return -1;
        }
        if (atomicfile_sync(af, err) != 0) {
            (*opened)--;    /* released by the failed sync */
            return -1;
        }
    }
    return c->out.path ? atomicfile_sync(&c->out, err) : 0;
}

int canvas_output_commit(struct canvas *c, struct strbuf *err)
{
    struct atomicfile *tmp = xcalloc(c->nfiles + 1, sizeof *tmp);
    size_t opened = 0;
    int failed = write_all(c, tmp, &opened, err) != 0;
    char *main_path = c->out.path ? xstrdup(c->out.path) : NULL;
    if (!failed && c->out.path && atomicfile_commit(&c->out, err) != 0)
        failed = 1;
    if (failed) {
        for (size_t i = 0; i < opened; i++)
            atomicfile_abort(&tmp[i]);
        canvas_output_discard(c);
        free(tmp);
        free(main_path);
        return -1;
    }
    if (main_path && strcmp(c->opt.path, "-") != 0)
        notice(c, "wrote", main_path);
    /* The document is replaced: replace every page, and name plainly those that could not be. */
    struct strbuf missed = STRBUF_INIT;
    size_t nmissed = 0;
    for (size_t i = 0; i < opened; i++) {
        struct strbuf why = STRBUF_INIT;
        if (atomicfile_commit(&tmp[i], &why) == 0) {
            notice(c, "wrote", c->files[i].path);
        } else {
            strbuf_printf(&missed, "%s%s", nmissed++ ? "; " : "", strbuf_cstr(&why));
        }
        strbuf_free(&why);
    }
    if (nmissed)
        strbuf_printf(err, "wrote %s, but %zu of its %zu page files could not be replaced (%s): "
                           "those pages are missing or from an earlier run",
                      main_path ? main_path : "the document", nmissed, opened,
                      strbuf_cstr(&missed));
    else
        remove_stale_pages(c);
    strbuf_free(&missed);
    free(main_path);
    free(tmp);
    return nmissed ? -1 : 0;
}
