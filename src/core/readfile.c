/* Reading a whole input file into memory, with a size limit and an error that says why. */
#include "core/readfile.h"
#include "core/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int readfile(const char *path, size_t max_bytes, char **data, size_t *len, struct strbuf *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "rb");
    if (!fp) {
        strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        strbuf_printf(err, "cannot read %s: it is a directory", path);
        if (!is_stdin)
            fclose(fp);
        return -1;
    }
    struct strbuf sb = STRBUF_INIT;
    char chunk[65536];
    size_t n;
    int rc = 0;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (sb.len + n > max_bytes) {
            strbuf_printf(err, "cannot read %s: larger than %zu MB", path, max_bytes >> 20);
            rc = -1;
            break;
        }
        strbuf_append(&sb, chunk, n);
    }
    if (rc == 0 && ferror(fp)) {
        strbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        rc = -1;
    }
    if (!is_stdin)
        fclose(fp);
    if (rc != 0) {
        strbuf_free(&sb);
        return -1;
    }
    *len = sb.len;
    *data = strbuf_detach(&sb);
    return 0;
}
