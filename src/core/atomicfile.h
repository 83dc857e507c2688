/* Output files written atomically: bytes go to a temporary file in the same folder, which is
 * renamed over the target only when everything was written and flushed. On failure the
 * temporary file is removed and an existing target is left untouched. */
#ifndef CORE_ATOMICFILE_H
#define CORE_ATOMICFILE_H
#include <stdio.h>
#include "core/strbuf.h"

struct atomicfile {
    FILE *fp;        /* write through this */
    char *path;      /* the target */
    char *tmppath;   /* the temporary file beside it */
};

/* Opens a temporary file beside path. On failure returns -1 and puts the reason in err. */
int atomicfile_open(struct atomicfile *af, const char *path, struct strbuf *err);
/* Flushes, closes and renames over the target; on any failure removes the temporary file
 * and returns -1 with the reason in err. af is released either way. */
int atomicfile_commit(struct atomicfile *af, struct strbuf *err);
/* Closes and removes the temporary file; the target is untouched. Safe after a failed open. */
void atomicfile_abort(struct atomicfile *af);
/* Writes the whole buffer to path atomically. */
int atomicfile_write_all(const char *path, const void *data, size_t len, struct strbuf *err);

#endif
