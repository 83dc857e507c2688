/* Helpers of the recorder's tests: the game data, a temporary folder, sessions on a file in it
 * with lines of the golden logs typed. Include after test.h. Run from the repository root. */
#ifndef TESTS_TEST_PLAY_H
#define TESTS_TEST_PLAY_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "record/session.h"
#include "gamedata_fixture.h"
#include "test_util.h"

static char DIR_[64];

static int play_test_setup(void **state)
{
    int rc = fx_load(state);
    /* Every accepted line is flushed to the disk: in memory (tmpfs) when there is one, the
     * thousands of fsyncs of these tests cost nothing. */
    struct stat st;
    strcpy(DIR_, stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm/xii-play-XXXXXX"
                                                                     : "/tmp/xii-play-XXXXXX");
    return rc || test_tmpdir_make(DIR_);
}

static int play_test_teardown(void **state)
{
    fx_unload(state);
    return test_tmpdir_remove(DIR_);
}

static inline char *file_path(const char *name)
{
    return test_tmp_path(DIR_, name);
}

/* A whole file (the caller frees); fails the test when it cannot be read. */
static inline char *slurp(const char *path)
{
    char *text = test_slurp(path, NULL);
    assert_non_null(text);
    return text;
}

/* Opens a new session on name in the temporary folder (removed first). */
static inline void open_new(struct record_session **s, const char *name)
{
    remove(file_path(name));
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(s, &GD, file_path(name), &err), 0);
    strbuf_free(&err);
}

/* Types the first n lines of a golden log (tests/golden/audit/), as written, but line skip
 * (a line the golden log refuses; 0: none), replaced by instead (NULL: left out): each must
 * be accepted (or be blank or a comment). */
static inline void type_golden_but(struct record_session *s, const char *golden, int n, int skip,
                                   const char *instead)
{
    char path[256];
    snprintf(path, sizeof path, "tests/golden/audit/%s", golden);
    char *text = slurp(path);
    char *p = text;
    for (int i = 0; i < n && *p; i++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        const char *line = i + 1 == skip ? instead : p;
        if (line) {
            struct record_result res;
            record_session_submit(s, line, &res);
            if (res.outcome != RECORD_ACCEPTED && res.outcome != RECORD_EMPTY)
                fail_msg("%s:%d '%s' not accepted:\n%s", golden, i + 1, line, strbuf_cstr(&res.message));
            record_result_free(&res);
        }
        p = nl ? nl + 1 : p + strlen(p);
    }
    free(text);
}

/* Types the first n lines of a golden log, as written: each must be accepted. */
static inline void type_golden(struct record_session *s, const char *golden, int n)
{
    type_golden_but(s, golden, n, 0, NULL);
}

#endif
