#include "core/atomicfile.h"
#include "core/xalloc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void release(struct atomicfile *af)
{
    free(af->path);
    free(af->tmppath);
    af->path = af->tmppath = NULL;
    af->fp = NULL;
}

int atomicfile_open(struct atomicfile *af, const char *path, struct strbuf *err)
{
    memset(af, 0, sizeof *af);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        strbuf_printf(err, "cannot write %s: it is a directory", path);
        return -1;
    }
    struct strbuf tmp = STRBUF_INIT;
    const char *slash = strrchr(path, '/');
    if (slash)
        strbuf_append(&tmp, path, (size_t)(slash - path + 1));
    strbuf_printf(&tmp, ".%s.XXXXXX", slash ? slash + 1 : path);
    char *name = strbuf_detach(&tmp);
    int fd = mkstemp(name);
    if (fd < 0) {
        strbuf_printf(err, "cannot write %s: %s", path, strerror(errno));
        free(name);
        return -1;
    }
    /* mkstemp makes the file 0600; outputs are ordinary files. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    af->fp = fdopen(fd, "wb");
    if (!af->fp) {
        strbuf_printf(err, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(name);
        free(name);
        return -1;
    }
    af->path = xstrdup(path);
    af->tmppath = name;
    return 0;
}

int atomicfile_commit(struct atomicfile *af, struct strbuf *err)
{
    if (!af->fp) {
        strbuf_printf(err, "cannot write %s", af->path ? af->path : "output");
        atomicfile_abort(af);
        return -1;
    }
    int failed = ferror(af->fp) || fflush(af->fp) != 0;
    int saved = errno;
    if (fclose(af->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    af->fp = NULL;
    if (!failed && rename(af->tmppath, af->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        strbuf_printf(err, "cannot write %s: %s", af->path, strerror(saved ? saved : EIO));
        unlink(af->tmppath);
        release(af);
        return -1;
    }
    release(af);
    return 0;
}

void atomicfile_abort(struct atomicfile *af)
{
    if (af->fp)
        fclose(af->fp);
    if (af->tmppath)
        unlink(af->tmppath);
    release(af);
}

int atomicfile_write_all(const char *path, const void *data, size_t len, struct strbuf *err)
{
    struct atomicfile af;
    if (atomicfile_open(&af, path, err) != 0)
        return -1;
    if (len && fwrite(data, 1, len, af.fp) != len) {
        strbuf_printf(err, "cannot write %s: %s", path, strerror(errno));
        atomicfile_abort(&af);
        return -1;
    }
    return atomicfile_commit(&af, err);
}
