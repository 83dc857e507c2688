/* The recorder's game file (xii play), held the way careful Unix tools hold a file they write
 * (compare flock(1), git's index.lock, sqlite's journal):
 *
 * - Only a regular file, or a new one, is taken. It is opened once and locked (flock,
 *   exclusive, advisory) for as long as the recorder holds it: a second recorder on the same
 *   file is refused, with the file named.
 * - Before each append and each cut, the file under its name must still be the one opened
 *   (device and inode), with the size and modification time the recorder left it with: a
 *   change from outside (lines appended, an edit, the file deleted or replaced) is refused
 *   and nothing is written; the file is never overwritten nor recreated.
 * - An append counts once it is flushed to the disk (fsync). When it fails (a full disk, a
 *   file size limit), the file is cut back to its length before: never part of a line.
 * - Undo cuts the end of the file off in place (ftruncate, fsync), so the locked file stays
 *   the game file.
 * - The file never grows past LOG_MAX_BYTES (log/parse.h), the most the readers of a log take.
 * Every error names the file (escaped for a terminal) and says why. */
#ifndef RECORD_GAMEFILE_H
#define RECORD_GAMEFILE_H
#include <stddef.h>
#include <sys/types.h>
#include <time.h>
#include "core/strbuf.h"
#include "log/parse.h"

/* The longest line typed at the recorder, in bytes: a statement with its note is far shorter. */
#define RECORD_MAX_LINE_BYTES 4096

struct record_gamefile {
    char *path;                 /* as given (owned) */
    int fd;                     /* open and locked; -1 when closed */
    dev_t dev;                  /* the file opened */
    ino_t ino;
    off_t size;                 /* its length and modification time as last left */
    struct timespec mtime;
};

enum record_gamefile_error {
    RECORD_GAMEFILE_UNREADABLE = -1,    /* missing folder, not a regular file, too large... */
    RECORD_GAMEFILE_UNWRITABLE = -2     /* no permission to write, or another recorder holds it */
};

/* Opens path (created empty when missing, its folder then flushed), locks it and appends its
 * content to text. Returns 0, or a record_gamefile_error with the reason in err (g is then
 * closed). */
int record_gamefile_open(struct record_gamefile *g, const char *path, struct strbuf *text,
                         struct strbuf *err);
/* Appends len bytes and flushes them to the disk. Returns 0, or -1 with the reason in err: the
 * file is then as it was before the call (when it could be cut back; err says so if not). */
int record_gamefile_append(struct record_gamefile *g, const char *data, size_t len,
                           struct strbuf *err);
/* Cuts the file back to its first len bytes (len at most its size) and flushes it. Returns 0,
 * or -1 with the reason in err (nothing changed when the file changed from outside). */
int record_gamefile_cut(struct record_gamefile *g, size_t len, struct strbuf *err);
/* Unlocks and closes (the file stays). Safe after a failed open, and twice. */
void record_gamefile_close(struct record_gamefile *g);

/* Whether the names a and b lead to the same file: by device and inode when both exist;
 * otherwise by folder (device and inode) and last name, so that a file still to be created
 * is recognised under two spellings (g.xii, ./g.xii). */
int record_gamefile_same(const char *a, const char *b);

#endif
