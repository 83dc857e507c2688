/* Output files written whole or not at all: a temporary beside the target, flushed, renamed. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "core/atomicfile.h"
#include "core/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Links followed before giving up, as the kernel does (ELOOP). */
#define MAX_LINKS 40
/* The longest file name most file systems take (NAME_MAX), and what mkstemp adds. */
#define NAME_BYTES 255
#define TMP_SUFFIX ".XXXXXX"

/* The temporaries not yet renamed or removed, for atomicfile_remove_temporaries(). Changed
 * only with the signals whose handler reads it blocked. */
static struct atomicfile *live;

static void block_signals(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGINT);
    sigaddset(&s, SIGTERM);
    sigaddset(&s, SIGHUP);
    sigprocmask(SIG_BLOCK, &s, old);
}

/* Puts af on the live list; call with the signals blocked. */
static void add_live(struct atomicfile *af)
{
    af->prev = NULL;
    af->next = live;
    if (live)
        live->prev = af;
    live = af;
}

/* Takes af off the live list; call with the signals blocked. */
static void drop_live(struct atomicfile *af)
{
    if (af->prev)
        af->prev->next = af->next;
    else if (live == af)
        live = af->next;
    if (af->next)
        af->next->prev = af->prev;
    af->prev = af->next = NULL;
}

void atomicfile_remove_temporaries(void)
{
    for (struct atomicfile *af = live; af; af = af->next)
        if (af->tmppath)
            unlink(af->tmppath);
}

static void release(struct atomicfile *af)
{
    free(af->path);
    free(af->target);
    free(af->tmppath);
    af->path = af->target = af->tmppath = NULL;
    af->fp = NULL;
    af->synced = 0;
}

/* The folder part of path: "." when it has none. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    if (slash == path)
        return xstrdup("/");
    return xstrndup(path, (size_t)(slash - path));
}

/* The text of the symbolic link path, or NULL with errno set. */
static char *read_link(const char *path)
{
    size_t size = 256;
    for (;;) {
        char *buf = xmalloc(size);
        ssize_t n = readlink(path, buf, size);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < size) {
            buf[n] = '\0';
            return buf;
        }
        free(buf);
        size *= 2;
    }
}

/* The file path names once the symbolic links of its last part are followed (the link itself
 * stays; its target is replaced). Sets *in_place when a link points into /proc (/dev/stdout,
 * /dev/fd/N): such a name stands for an open file, never replaced. NULL with errno on a loop. */
static char *follow_links(const char *path, int *in_place)
{
    char *cur = xstrdup(path);
    for (int n = 0;; n++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        char *to = n < MAX_LINKS ? read_link(cur) : NULL;
        if (!to) {
            if (n >= MAX_LINKS)
                errno = ELOOP;
            free(cur);
            return NULL;
        }
        if (strncmp(to, "/proc/", 6) == 0)
            *in_place = 1;
        if (to[0] == '/') {
            free(cur);
            cur = to;
        } else {
            char *dir = folder_of(cur);
            struct strbuf sb = STRBUF_INIT;
            strbuf_printf(&sb, "%s/%s", dir, to);
            free(dir);
            free(to);
            free(cur);
            cur = strbuf_detach(&sb);
        }
        if (*in_place)
            return cur;
    }
}

/* True when the folder of target is inside /proc (its files are opened, never replaced). */
static int in_proc(const char *target)
{
    char *dir = folder_of(target);
    char *real = realpath(dir, NULL);
    int yes = real && (strcmp(real, "/proc") == 0 || strncmp(real, "/proc/", 6) == 0);
    free(real);
    free(dir);
    return yes;
}

/* ".NAME.XXXXXX" beside target, NAME cut so that the whole name stays a legal one. */
static char *temporary_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    const char *base = slash ? slash + 1 : target;
    size_t len = strlen(base), room = NAME_BYTES - 1 - strlen(TMP_SUFFIX);
    struct strbuf sb = STRBUF_INIT;
    strbuf_append(&sb, target, (size_t)(base - target));
    strbuf_putc(&sb, '.');
    strbuf_append(&sb, base, len < room ? len : room);
    strbuf_puts(&sb, TMP_SUFFIX);
    return strbuf_detach(&sb);
}

static void discard(struct atomicfile *af);

static int fail_open(struct atomicfile *af, int fd, const char *path, int errnum,
                     struct strbuf *err)
{
    strbuf_printf(err, "cannot write %s: %s", path, strerror(errnum));
    if (fd >= 0)
        close(fd);
    discard(af);
    return -1;
}

/* Opens the target itself for writing (see the header: devices, FIFOs, links into /proc). */
static int open_in_place(struct atomicfile *af, const char *path, struct strbuf *err)
{
    int fd;
    if (strcmp(path, "-") == 0) {
        af->path = xstrdup("standard output");
        fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
    } else {
        af->path = xstrdup(path);
        struct stat st;
        int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;
        if (stat(path, &st) != 0)
            flags |= O_CREAT;
        else if (S_ISREG(st.st_mode))
            flags |= O_TRUNC;
        fd = open(path, flags, 0666);
    }
    if (fd < 0)
        return fail_open(af, -1, af->path, errno, err);
    af->fp = fdopen(fd, "wb");
    if (!af->fp)
        return fail_open(af, fd, af->path, errno, err);
    return 0;
}

int atomicfile_open(struct atomicfile *af, const char *path, struct strbuf *err)
{
    memset(af, 0, sizeof *af);
    if (strcmp(path, "-") == 0)
        return open_in_place(af, path, err);
    int in_place = 0;
    char *target = follow_links(path, &in_place);
    if (!target) {
        strbuf_printf(err, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        strbuf_printf(err, "cannot write %s: it is a directory", path);
        free(target);
        return -1;
    }
    if (in_place || (exists && !S_ISREG(st.st_mode)) || in_proc(target)) {
        free(target);
        return open_in_place(af, path, err);
    }
    af->path = xstrdup(path);
    af->target = target;
    af->tmppath = temporary_name(target);
    /* The temporary is on the live list from its first instant: a signal between its creation
     * and its listing would leave it behind. */
    sigset_t old;
    block_signals(&old);
    int fd = mkstemp(af->tmppath), saved = errno;
    if (fd >= 0)
        add_live(af);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        free(af->tmppath);
        af->tmppath = NULL;
        return fail_open(af, -1, path, saved, err);
    }
    if (exists) {
        /* The replaced file's owner (when we may give it) and mode, as sed -i keeps them, but
         * not its setuid and setgid bits: a document is no program (install and cp drop them). */
        if ((fchown(fd, st.st_uid, st.st_gid) != 0 && errno != EPERM) ||
            fchmod(fd, st.st_mode & 01777) != 0)
            return fail_open(af, fd, path, errno, err);
    } else {
        /* mkstemp makes the file 0600; a new output is an ordinary file. */
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0)
            return fail_open(af, fd, path, errno, err);
    }
    af->fp = fdopen(fd, "wb");
    if (!af->fp)
        return fail_open(af, fd, path, errno, err);
    return 0;
}

/* Removes the temporary file (when there is one) and releases af; the stream is closed. */
static void discard(struct atomicfile *af)
{
    if (af->tmppath) {
        sigset_t old;
        block_signals(&old);
        unlink(af->tmppath);
        drop_live(af);
        sigprocmask(SIG_SETMASK, &old, NULL);
    }
    release(af);
}

void atomicfile_abort(struct atomicfile *af)
{
    if (af->fp)
        fclose(af->fp);
    discard(af);
}

/* The reason of a failed write: errno, or EIO when the stream failed earlier without one. */
static int reason(void)
{
    return errno ? errno : EIO;
}

int atomicfile_sync(struct atomicfile *af, struct strbuf *err)
{
    if (af->synced)
        return 0;
    if (!af->fp) {
        strbuf_printf(err, "cannot write %s", af->path ? af->path : "output");
        atomicfile_abort(af);
        return -1;
    }
    errno = 0;
    int failed = ferror(af->fp) || fflush(af->fp) != 0;
    int saved = failed ? reason() : 0;
    /* EINVAL: a pipe, a terminal or a device that has no disk to flush. */
    if (!failed && fsync(fileno(af->fp)) != 0 && errno != EINVAL && errno != ENOTSUP) {
        failed = 1;
        saved = errno;
    }
    if (fclose(af->fp) != 0 && !failed) {
        failed = 1;
        saved = reason();
    }
    af->fp = NULL;
    if (failed) {
        strbuf_printf(err, "cannot write %s: %s", af->path, strerror(saved));
        atomicfile_abort(af);
        return -1;
    }
    af->synced = 1;
    return 0;
}

/* Flushes the folder of target, so that the rename survives a power cut. */
static int sync_folder(const char *target)
{
    char *dir = folder_of(target);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(dir);
    if (fd < 0)
        return -1;
    int rc = fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP ? -1 : 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

int atomicfile_commit(struct atomicfile *af, struct strbuf *err)
{
    if (atomicfile_sync(af, err) != 0)
        return -1;
    if (af->tmppath) {
        sigset_t old;
        block_signals(&old);
        int rc = rename(af->tmppath, af->target);
        int saved = errno;
        if (rc == 0)
            drop_live(af);
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (rc != 0) {
            strbuf_printf(err, "cannot write %s: %s", af->path, strerror(saved));
            atomicfile_abort(af);
            return -1;
        }
        if (sync_folder(af->target) != 0) {
            strbuf_printf(err, "wrote %s but cannot flush its folder to disk: %s", af->path,
                          strerror(errno));
            release(af);
            return -1;
        }
    }
    release(af);
    return 0;
}

int atomicfile_write_all(const char *path, const void *data, size_t len, struct strbuf *err)
{
    struct atomicfile af;
    if (atomicfile_open(&af, path, err) != 0)
        return -1;
    if (len && fwrite(data, 1, len, af.fp) != len) {
        strbuf_printf(err, "cannot write %s: %s", af.path, strerror(reason()));
        atomicfile_abort(&af);
        return -1;
    }
    return atomicfile_commit(&af, err);
}

int atomicfile_write_private(const char *path, const void *data, size_t len, struct strbuf *err)
{
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        strbuf_printf(err, "cannot write %s: it is %s, not a regular file (remove it)", path,
                      S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISFIFO(st.st_mode) ? "a FIFO" : "something else");
        return -1;
    }
    struct atomicfile af;
    memset(&af, 0, sizeof af);
    af.path = xstrdup(path);
    af.target = xstrdup(path);
    af.tmppath = temporary_name(path);
    sigset_t old;
    block_signals(&old);
    int fd = mkstemp(af.tmppath), saved = errno;    /* O_CREAT | O_EXCL, mode 0600 */
    if (fd >= 0)
        add_live(&af);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        free(af.tmppath);
        af.tmppath = NULL;
        return fail_open(&af, -1, path, saved, err);
    }
    if (fchmod(fd, 0600) != 0)
        return fail_open(&af, fd, path, errno, err);
    af.fp = fdopen(fd, "wb");
    if (!af.fp)
        return fail_open(&af, fd, path, errno, err);
    if (len && fwrite(data, 1, len, af.fp) != len) {
        strbuf_printf(err, "cannot write %s: %s", af.path, strerror(reason()));
        atomicfile_abort(&af);
        return -1;
    }
    return atomicfile_commit(&af, err);
}
