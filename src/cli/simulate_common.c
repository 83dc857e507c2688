/* The log folder and the plot's file of `xii simulate`, for every game. */
#include "cli/simulate_common.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "core/strbuf.h"
#include "cli/commands.h"

/* Logs of an earlier run would mix with this run's, and removing files the user may want is
 * not ours to do: the folder must be new or empty. */
int simulate_make_folder(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) == 0)
        return 0;
    int err = errno;
    if (err != EEXIST || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "xii simulate: cannot use the log folder %s: %s\n", dir,
                err == EEXIST ? "it is not a folder" : strerror(err));
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "xii simulate: cannot read the log folder %s: %s\n", dir, strerror(errno));
        return -1;
    }
    const struct dirent *e;
    while ((e = readdir(d)) && (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0))
        continue;
    int empty = e == NULL;
    closedir(d);
    if (!empty) {
        fprintf(stderr, "xii simulate: the log folder %s is not empty: give a new or an empty folder "
                "(the logs of another run would mix with this run's)\n", dir);
        return -1;
    }
    return 0;
}

struct canvas *simulate_open_plot(const char *path, int grey, const char *title)
{
    const char *dot = strrchr(path, '.');
    struct canvas_options co = {.backend = CANVAS_CAIRO, .grey = grey, .path = path,
                                .svg = strcmp(dot, ".svg") == 0, .png = strcmp(dot, ".png") == 0,
                                .png_dpi = 150, .title = title, .creator = "xii " XII_VERSION};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    if (!c)
        fprintf(stderr, "xii simulate: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return c;
}

int simulate_finish_plot(struct canvas *c, const struct score_plot *plot, const char *path)
{
    struct strbuf err = STRBUF_INIT;
    int status = EXIT_OK;
    score_plot_draw(c, plot);
    if (canvas_finish(c, &err) == 0) {
        fprintf(stderr, "xii simulate: wrote %s\n", path);
    } else {
        status = EXIT_OUTPUT;
        fprintf(stderr, "xii simulate: %s\n", strbuf_cstr(&err));
    }
    strbuf_free(&err);
    return status;
}
