/* Helpers shared by the unit tests that draw or write files. Include after test.h. */
#ifndef TESTS_TEST_UTIL_H
#define TESTS_TEST_UTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/readfile.h"
#include "draw/canvas.h"

/* A canvas with opt; fails the test, saying why, when it cannot be made. */
static inline struct canvas *test_canvas(const struct canvas_options *opt)
{
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(opt, &err);
    if (!c)
        fail_msg("canvas_new: %s", strbuf_cstr(&err));
    strbuf_free(&err);
    return c;
}

/* A trace canvas (colour or grey); fails the test when it cannot be made. */
static inline struct canvas *test_trace_canvas(int grey)
{
    struct canvas_options opt = {.backend = CANVAS_TRACE, .grey = grey};
    return test_canvas(&opt);
}

/* The whole file (NUL-terminated, caller frees), its length in *len (len may be NULL);
 * NULL when it cannot be read. */
static inline char *test_slurp(const char *path, size_t *len)
{
    struct strbuf err = STRBUF_INIT;
    char *data = NULL;
    size_t n = 0;
    if (readfile(path, (size_t)64 << 20, &data, &n, &err) != 0)
        data = NULL;
    strbuf_free(&err);
    if (len)
        *len = n;
    return data;
}

/* Under UPDATE=1 (make golden-update) rewrites the golden file at path with got when it
 * differs or is missing, and returns 1; otherwise returns 0 and writes nothing. */
static inline int test_golden_update(const char *path, const char *got)
{
    const char *update = getenv("UPDATE");
    if (!update || strcmp(update, "1") != 0)
        return 0;
    char *want = test_slurp(path, NULL);
    if (!want || strcmp(want, got) != 0) {
        FILE *f = fopen(path, "wb");
        if (!f || fputs(got, f) == EOF || fclose(f) != 0)
            fail_msg("cannot write the golden file %s", path);
    }
    free(want);
    return 1;
}

/* Makes the temporary folder named by tmpl ("/tmp/name-XXXXXX", changed in place). */
static inline int test_tmpdir_make(char *tmpl)
{
    return mkdtemp(tmpl) ? 0 : -1;
}

/* Removes the temporary folder and everything in it. */
static inline int test_tmpdir_remove(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A file's cmocka group setup and teardown, named setup and teardown: its temporary folder
 * tmpdir (a char array "/tmp/name-XXXXXX") made before its tests and removed after them. */
#define TEST_TMPDIR_GROUP(tmpdir)                                                                  \
    static int setup(void **state)                                                                 \
    {                                                                                              \
        (void)state;                                                                               \
        return test_tmpdir_make(tmpdir);                                                           \
    }                                                                                              \
    static int teardown(void **state)                                                              \
    {                                                                                              \
        (void)state;                                                                               \
        return test_tmpdir_remove(tmpdir);                                                         \
    }

/* dir/name in one of four rotating buffers (so a call can use two or three paths at once). */
static inline char *test_tmp_path(const char *dir, const char *name)
{
    static char path[4][512];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    return p;
}

#endif
