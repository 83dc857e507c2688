/* The files xii serve keeps beside FILE (FILE.links: the links' tokens; FILE.war: the war
 * entries waiting): private to the user who runs it. Each is a regular file of that user at
 * mode 0600, written atomically (core/atomicfile.h: atomicfile_write_private); anything else
 * under its name is refused, never followed, opened or written into: a symbolic link (even a
 * dangling one: it would carry the tokens elsewhere), a FIFO (opening it would wait for a
 * writer), a device, a folder, another user's file. One found with a wider mode (0644) is
 * made 0600 when read. The temporaries a killed server left beside it (".NAME.XXXXXX") are
 * removed at the start. */
#ifndef SERVE_BESIDE_H
#define SERVE_BESIDE_H
#include <stddef.h>
#include "core/strbuf.h"

/* Reads the file at path (at most max bytes) into *data (NUL-terminated, the caller frees)
 * and *len. Returns 0 read; 1 no such file; -1 with why in err (not a private regular file,
 * unreadable, too large). */
int serve_beside_read(const char *path, size_t max, char **data, size_t *len, struct strbuf *err);
/* Writes data to path privately and atomically. Returns 0, or -1 with why in err. */
int serve_beside_write(const char *path, const char *data, size_t len, struct strbuf *err);
/* Removes path (the name only: a link is removed, not followed). Returns 0 (removed, or there
 * was none), or -1 with why in err. */
int serve_beside_remove(const char *path, struct strbuf *err);
/* Removes the temporaries of path left by a server killed while writing it
 * (".NAME.XXXXXX" beside it, regular files of this user). Returns how many. */
int serve_beside_clean(const char *path);

#endif
