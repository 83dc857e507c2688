/* Private files beside FILE: read without following or waiting, written through the
 * private atomic writer, stale temporaries removed. */
#include "serve/beside.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/atomicfile.h"
#include "core/xalloc.h"

/* What st is, for a refusal. */
static const char *kind_of(const struct stat *st)
{
    return S_ISLNK(st->st_mode) ? "a symbolic link" : S_ISFIFO(st->st_mode) ? "a FIFO (named pipe)"
         : S_ISDIR(st->st_mode) ? "a folder" : S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device"
         : S_ISSOCK(st->st_mode) ? "a socket" : "not a regular file";
}

/* Whether st is a private file's: a regular file of this user; if not, why in err. */
static int ours(const char *path, const struct stat *st, struct strbuf *err)
{
    if (!S_ISREG(st->st_mode)) {
        strbuf_printf(err, "%s is %s: xii serve keeps it only as a regular file of its own (remove it)", path,
                      kind_of(st));
        return 0;
    }
    if (st->st_uid != geteuid()) {
        strbuf_printf(err, "%s belongs to another user: xii serve keeps it only as a file of its own (remove it)",
                      path);
        return 0;
    }
    return 1;
}

int serve_beside_read(const char *path, size_t max, char **data, size_t *len, struct strbuf *err)
{
    *data = NULL;
    *len = 0;
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT)
            return 1;
        strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    if (!ours(path, &st, err))
        return -1;
    /* No link followed, no wait on a FIFO put there meanwhile: checked again once open. */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !ours(path, &st, err)) {
        if (!err->len)
            strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if ((st.st_mode & 07777) != 0600 && fchmod(fd, 0600) != 0) {
        strbuf_printf(err, "cannot make %s private (mode 0600): %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    struct strbuf text = STRBUF_INIT;
    char buf[4096];
    int rc = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
            rc = -1;
            break;
        }
        if (n == 0)
            break;
        if (text.len + (size_t)n > max) {
            strbuf_printf(err, "%s is larger than %zu bytes: not a file xii serve wrote", path, max);
            rc = -1;
            break;
        }
        strbuf_append(&text, buf, (size_t)n);
    }
    close(fd);
    if (rc != 0) {
        strbuf_free(&text);
        return -1;
    }
    *len = text.len;
    *data = strbuf_detach(&text);
    return 0;
}

int serve_beside_write(const char *path, const char *data, size_t len, struct strbuf *err)
{
    return atomicfile_write_private(path, data, len, err);
}

int serve_beside_remove(const char *path, struct strbuf *err)
{
    if (unlink(path) == 0 || errno == ENOENT)
        return 0;
    strbuf_printf(err, "cannot remove %s: %s", path, strerror(errno));
    return -1;
}

int serve_beside_clean(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
    /* The temporary's name as core/atomicfile.c makes it: "." NAME (cut to 247 bytes) ".XXXXXX". */
    size_t keep = strlen(base) < 247 ? strlen(base) : 247;
    int removed = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        const char *n = e->d_name;
        static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        if (n[0] != '.' || strlen(n) != keep + 8 || strncmp(n + 1, base, keep) != 0 || n[keep + 1] != '.' ||
            strspn(n + keep + 2, alnum) != 6)
            continue;
        struct stat st;
        struct strbuf full = STRBUF_INIT;
        strbuf_printf(&full, "%s/%s", dir, n);
        if (lstat(full.data, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && unlink(full.data) == 0)
            removed++;
        strbuf_free(&full);
    }
    if (d)
        closedir(d);
    free(dir);
    return removed;
}
