/* The recorder's game file: open or create, lock, read, append durably, cut back. */
#define _DEFAULT_SOURCE     /* flock */
#include "record/gamefile.h"
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/sysmacros.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/text.h"
#include "core/xalloc.h"

/* The file's name as it is safe to show on a terminal. */
static void put_path(struct strbuf *err, const char *path)
{
    text_escape(err, path, strlen(path));
}

/* "cannot WHAT PATH: WHY". */
static void path_error(struct strbuf *err, const char *what, const char *path, const char *why)
{
    strbuf_printf(err, "cannot %s ", what);
    put_path(err, path);
    strbuf_printf(err, ": %s", why);
}

static const char *file_kind(mode_t mode)
{
    return S_ISDIR(mode) ? "a folder" : S_ISFIFO(mode) ? "a FIFO (named pipe)" : S_ISCHR(mode) ? "a character device"
         : S_ISBLK(mode) ? "a block device" : S_ISSOCK(mode) ? "a socket" : "not a regular file";
}

/* "PATH is KIND: the game is recorded in a regular file". */
static void not_regular(struct strbuf *err, const char *path, mode_t mode)
{
    put_path(err, path);
    strbuf_printf(err, " is %s: a game is recorded in a regular file", file_kind(mode));
}

/* Syncs the folder of path, so that a file just created survives a crash. */
static void sync_folder(const char *path)
{
    char *copy = xstrdup(path);
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(copy);
}

static void remember(struct record_gamefile *g, const struct stat *st)
{
    g->dev = st->st_dev;
    g->ino = st->st_ino;
    g->size = st->st_size;
    g->mtime = st->st_mtim;
}

/* Reads the whole file from fd into text; -1 with the reason in err. */
static int read_all(struct record_gamefile *g, struct strbuf *text, struct strbuf *err)
{
    char buf[65536];
    size_t total = 0;
    for (;;) {
        ssize_t n = read(g->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            path_error(err, "read", g->path, strerror(errno));
            return -1;
        }
        if (n == 0)
            return 0;
        total += (size_t)n;
        if (total > LOG_MAX_BYTES) {
            put_path(err, g->path);
            strbuf_printf(err, " is larger than %zu MB: not a game record", LOG_MAX_BYTES >> 20);
            return -1;
        }
        strbuf_append(text, buf, (size_t)n);
    }
}

/* The process holding the flock of the file st (from /proc/locks), and which recorder it is
 * ("xii play" or "xii serve", its command line says) into who: its process id, or 0 when it
 * cannot be told (no /proc, another program). */
static long lock_holder(const struct stat *st, char *who, size_t n)
{
    FILE *f = fopen("/proc/locks", "r");
    if (!f)
        return 0;
    char line[256], want[64];
    snprintf(want, sizeof want, "%02x:%02x:%llu", major(st->st_dev), minor(st->st_dev),
             (unsigned long long)st->st_ino);
    long pid = 0;
    while (!pid && fgets(line, sizeof line, f)) {
        char kind[16], dev[64];
        long p;
        if (sscanf(line, "%*[^:]: %15s %*s %*s %ld %63s", kind, &p, dev) == 3 && strcmp(kind, "FLOCK") == 0 &&
            strcmp(dev, want) == 0)
            pid = p;
    }
    fclose(f);
    if (pid <= 0)
        return 0;
    char path[64], args[256];
    snprintf(path, sizeof path, "/proc/%ld/cmdline", pid);
    f = fopen(path, "r");
    size_t got = f ? fread(args, 1, sizeof args - 1, f) : 0;
    if (f)
        fclose(f);
    args[got] = 0;
    const char *argv1 = args + strlen(args) + 1;    /* the arguments are NUL-separated */
    if (argv1 >= args + got)
        return 0;
    if (strcmp(argv1, "serve") != 0 && strcmp(argv1, "play") != 0)
        return 0;
    snprintf(who, n, "xii %s", argv1);
    return pid;
}

int record_gamefile_open(struct record_gamefile *g, const char *path, struct strbuf *text,
                         struct strbuf *err)
{
    memset(g, 0, sizeof *g);
    g->fd = -1;
    g->path = xstrdup(path);
    struct stat st;
    /* Nothing but a regular file is opened: opening a FIFO waits, a device may act. */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        not_regular(err, path, st.st_mode);
        record_gamefile_close(g);
        return RECORD_GAMEFILE_UNREADABLE;
    }
    int created = 0;
    g->fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (g->fd >= 0)
        created = 1;
    else if (errno == EEXIST)
        g->fd = open(path, O_RDWR | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (g->fd < 0) {
        int e = errno;
        int exists = access(path, F_OK) == 0;
        path_error(err, exists ? "write" : "create", path, strerror(e));
        record_gamefile_close(g);
        return exists && (e == EACCES || e == EPERM || e == EROFS || e == ETXTBSY) ? RECORD_GAMEFILE_UNWRITABLE
                                                                                   : RECORD_GAMEFILE_UNREADABLE;
    }
    if (fstat(g->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fstat(g->fd, &st) != 0)
            path_error(err, "read", path, strerror(errno));
        else
            not_regular(err, path, st.st_mode);
        record_gamefile_close(g);
        return RECORD_GAMEFILE_UNREADABLE;
    }
    if (flock(g->fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        if (e == EWOULDBLOCK) {
            char who[16];
            long pid = lock_holder(&st, who, sizeof who);
            put_path(err, path);
            if (pid > 0)
                strbuf_printf(err, " is being recorded by %s (process %ld holds the file's lock): one recorder "
                                   "per game file; stop the other one first", who, pid);
            else
                strbuf_puts(err, " is being recorded by another recorder, xii play or xii serve (it holds the "
                                 "file's lock): one recorder per game file; stop the other one first");
        } else {
            path_error(err, "lock", path, strerror(e));
        }
        record_gamefile_close(g);
        return RECORD_GAMEFILE_UNWRITABLE;
    }
    struct stat named;
    if (stat(path, &named) != 0 || named.st_dev != st.st_dev || named.st_ino != st.st_ino) {
        put_path(err, path);
        strbuf_puts(err, " was replaced or removed while it was being opened: try again");
        record_gamefile_close(g);
        return RECORD_GAMEFILE_UNREADABLE;
    }
    if (read_all(g, text, err) != 0 || fstat(g->fd, &st) != 0) {
        if (!err->len)
            path_error(err, "read", path, strerror(errno));
        record_gamefile_close(g);
        return RECORD_GAMEFILE_UNREADABLE;
    }
    remember(g, &st);
    if (created)
        sync_folder(path);
    return 0;
}

/* Whether the file under its name is still the one the recorder left; 0, or -1 with the
 * reason in err (what has to be written is not: nothing is). */
static int unchanged(const struct record_gamefile *g, const char *what, struct strbuf *err)
{
    struct stat named, held;
    int gone = stat(g->path, &named) != 0;
    if (gone || named.st_dev != g->dev || named.st_ino != g->ino) {
        path_error(err, what, g->path, gone ? "it was deleted or moved away while the game was recorded"
                                            : "it was replaced by another file while the game was recorded");
        strbuf_puts(err, "; nothing was written (the recorder never recreates nor overwrites it: quit, and "
                         "start xii play again on the file to keep)");
        return -1;
    }
    if (fstat(g->fd, &held) != 0) {
        path_error(err, what, g->path, strerror(errno));
        return -1;
    }
    if (held.st_size != g->size || held.st_mtim.tv_sec != g->mtime.tv_sec ||
        held.st_mtim.tv_nsec != g->mtime.tv_nsec) {
        path_error(err, what, g->path, "");
        if (held.st_size != g->size)
            strbuf_printf(err, "it was changed by someone else while the game was recorded (%lld bytes, "
                               "the recorder left %lld)",
                          (long long)held.st_size, (long long)g->size);
        else
            strbuf_puts(err, "it was changed by someone else while the game was recorded (modified since "
                             "the recorder's last line)");
        strbuf_puts(err, "; nothing was written (the recorder never overwrites a change: stop the "
                         "recorder, look at the file, and start it again)");
        return -1;
    }
    return 0;
}

/* Cuts the file back to size and flushes it; -1 when that failed. */
static int cut_to(struct record_gamefile *g, off_t size)
{
    int rc;
    do
        rc = ftruncate(g->fd, size);
    while (rc != 0 && errno == EINTR);
    return rc == 0 && fsync(g->fd) == 0 ? 0 : -1;
}

/* Takes the file's new length and time after a write of our own. */
static void refresh(struct record_gamefile *g, off_t expected)
{
    struct stat st;
    if (fstat(g->fd, &st) == 0)
        remember(g, &st);
    else
        g->size = expected;
}

int record_gamefile_append(struct record_gamefile *g, const char *data, size_t len, struct strbuf *err)
{
    if (unchanged(g, "write", err) != 0)
        return -1;
    if ((size_t)g->size + len > LOG_MAX_BYTES) {
        path_error(err, "write", g->path, "");
        strbuf_printf(err, "it would grow past %zu MB, the most xii reads back; nothing was written",
                      LOG_MAX_BYTES >> 20);
        return -1;
    }
    size_t done = 0;
    const char *failed = NULL;
    int e = 0;
    while (done < len && !failed) {
        ssize_t n = pwrite(g->fd, data + done, len - done, g->size + (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e = n < 0 ? errno : 0;
            failed = "write";
        } else {
            done += (size_t)n;
        }
    }
    if (!failed && fsync(g->fd) != 0) {
        e = errno;
        failed = "flush to the disk";
    }
    if (!failed) {
        refresh(g, g->size + (off_t)len);
        return 0;
    }
    path_error(err, failed, g->path, e ? strerror(e) : "nothing written");
    if (cut_to(g, g->size) == 0) {
        strbuf_puts(err, "; the line was not written (the file is as it was: make room and type it again)");
        refresh(g, g->size);
    } else {
        strbuf_printf(err, "; it could not be cut back to its last full line (%s): it may end with part of "
                           "a line, fix it before going on",
                      strerror(errno));
    }
    return -1;
}

int record_gamefile_cut(struct record_gamefile *g, size_t len, struct strbuf *err)
{
    if (unchanged(g, "cut back", err) != 0)
        return -1;
    if ((off_t)len > g->size)
        len = (size_t)g->size;
    if (cut_to(g, (off_t)len) != 0) {
        path_error(err, "cut back", g->path, strerror(errno));
        refresh(g, g->size);
        return -1;
    }
    refresh(g, (off_t)len);
    return 0;
}

void record_gamefile_close(struct record_gamefile *g)
{
    if (g->fd >= 0)
        close(g->fd);       /* the lock goes with the last descriptor */
    free(g->path);
    memset(g, 0, sizeof *g);
    g->fd = -1;
}

/* The identity of a name: the file's when it exists, else its folder's (with *file = 0). */
static int identify(const char *path, struct stat *st, int *file, char **last)
{
    *last = NULL;
    if (stat(path, st) == 0) {
        *file = 1;
        return 0;
    }
    *file = 0;
    char *a = xstrdup(path), *b = xstrdup(path);
    int rc = stat(dirname(a), st);
    *last = xstrdup(basename(b));
    free(a);
    free(b);
    return rc;
}

int record_gamefile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    int fa, fb;
    char *la, *lb;
    int ia = identify(a, &sa, &fa, &la), ib = identify(b, &sb, &fb, &lb);
    int same = ia == 0 && ib == 0 && fa == fb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
               (fa || strcmp(la, lb) == 0);
    free(la);
    free(lb);
    return same;
}
