/* Reading whole input files. */
#ifndef CORE_READFILE_H
#define CORE_READFILE_H
#include <stddef.h>
#include "core/strbuf.h"

/* Reads the whole file ("-" is standard input) into *data (NUL-terminated, caller frees) and
 * its length into *len. Refuses files over max_bytes. Returns 0, or -1 with the reason in err. */
int readfile(const char *path, size_t max_bytes, char **data, size_t *len, struct strbuf *err);

#endif
