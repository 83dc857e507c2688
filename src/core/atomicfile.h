/* Output files written the way careful Unix tools write them (sed -i, sort -o, install):
 *
 * - A regular file (or a new one) is written atomically: the bytes go to a temporary file
 *   beside it (".NAME.XXXXXX", NAME shortened so that any legal target name fits), which is
 *   flushed to disk, takes the old file's mode but for its setuid and setgid bits (and its
 *   owner, when we may), and is renamed over the target; then the folder is flushed too. On
 *   failure the temporary file is removed and an existing target is left untouched.
 * - A symbolic link is followed: the file it names is replaced, the link stays.
 * - Anything else that exists (a device, a FIFO, a terminal, /dev/stdout and the other links
 *   into /proc) is written in place, never replaced; "-" is standard output, written in place.
 * - A folder is refused.
 * Every error names the file and the reason (strerror). */
#ifndef CORE_ATOMICFILE_H
#define CORE_ATOMICFILE_H
#include <stdio.h>
#include "core/strbuf.h"

struct atomicfile {
    FILE *fp;        /* write through this */
    char *path;      /* the target, as given (for messages) */
    char *target;    /* the file renamed over: path with its symbolic links followed */
    char *tmppath;   /* the temporary file beside it; NULL when written in place */
    int synced;      /* flushed to disk and closed: only the rename is left */
    struct atomicfile *prev, *next;   /* the open temporaries, for a signal handler */
};

/* Opens the output path (see above). On failure returns -1 and puts the reason in err. */
int atomicfile_open(struct atomicfile *af, const char *path, struct strbuf *err);
/* Flushes the bytes to disk and closes the file, without renaming it yet (so that several
 * files can all be written before any of them replaces its target). On failure removes the
 * temporary file and returns -1 with the reason in err; af is then released. */
int atomicfile_sync(struct atomicfile *af, struct strbuf *err);
/* Syncs (when not done yet) and renames over the target, then flushes the folder; on any
 * failure removes the temporary file and returns -1 with the reason in err. af is released
 * either way. */
int atomicfile_commit(struct atomicfile *af, struct strbuf *err);
/* Closes and removes the temporary file; the target is untouched. Safe after a failed open. */
void atomicfile_abort(struct atomicfile *af);
/* Writes the whole buffer to path atomically. */
int atomicfile_write_all(const char *path, const void *data, size_t len, struct strbuf *err);
/* Writes the whole buffer to path atomically as a private file: mode 0600 whatever was there,
 * the temporary created new (O_EXCL, so never through a link), and renamed over path only
 * when path is a regular file or nothing: a symbolic link (even a dangling one) or anything
 * else there is refused, never followed nor written into. */
int atomicfile_write_private(const char *path, const void *data, size_t len, struct strbuf *err);
/* Removes every temporary file still open. Async-signal-safe: for a handler of SIGINT,
 * SIGTERM or SIGHUP, which then ends the process. */
void atomicfile_remove_temporaries(void);

#endif
