/* The recorder's game file (record/gamefile.h): a regular file or a new one, locked while
 * held, checked against outside changes before each append and cut, never left with part of
 * a line when a write fails, and never grown past what the readers take. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "test.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "record/gamefile.h"

static char dir[64];
static char path[128];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/xii-gamefile-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/g.xii", dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *p, const char *text)
{
    FILE *fp = fopen(p, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

/* Fails unless the file holds exactly text. */
static void assert_file(const char *p, const char *text)
{
    char buf[4096] = {0};
    FILE *fp = fopen(p, "rb");
    assert_non_null(fp);
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    assert_int_equal(n, strlen(text));
    assert_string_equal(buf, text);
}

static void open_ok(struct record_gamefile *g, const char *p, struct strbuf *text)
{
    struct strbuf err = STRBUF_INIT;
    int rc = record_gamefile_open(g, p, text, &err);
    if (rc != 0)
        fail_msg("%s", strbuf_cstr(&err));
    strbuf_free(&err);
}

static void test_create_read_append_cut(void **state)
{
    (void)state;
    struct record_gamefile g;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    open_ok(&g, path, &text);
    assert_int_equal(text.len, 0);
    assert_file(path, "");
    assert_int_equal(record_gamefile_append(&g, "players A B\n", 12, &err), 0);
    assert_int_equal(record_gamefile_append(&g, "difficulty hard\n", 16, &err), 0);
    assert_file(path, "players A B\ndifficulty hard\n");
    assert_int_equal(record_gamefile_cut(&g, 12, &err), 0);
    assert_file(path, "players A B\n");
    record_gamefile_close(&g);
    record_gamefile_close(&g);      /* twice is harmless */
    open_ok(&g, path, &text);
    assert_string_equal(strbuf_cstr(&text), "players A B\n");
    record_gamefile_close(&g);
    strbuf_free(&text);
    strbuf_free(&err);
}

/* flock locks belong to the open file: a second open, even in this process, is refused. */
static void test_second_holder_refused(void **state)
{
    (void)state;
    struct record_gamefile g, h;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    open_ok(&g, path, &text);
    assert_int_equal(record_gamefile_open(&h, path, &text, &err), RECORD_GAMEFILE_UNWRITABLE);
    assert_non_null(strstr(strbuf_cstr(&err), "g.xii is being recorded by another recorder, xii play or xii serve"));
    /* A cut keeps the file, and so the lock. */
    assert_int_equal(record_gamefile_append(&g, "# a\n", 4, &err), 0);
    assert_int_equal(record_gamefile_cut(&g, 0, &err), 0);
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_open(&h, path, &text, &err), RECORD_GAMEFILE_UNWRITABLE);
    record_gamefile_close(&g);
    open_ok(&h, path, &text);
    record_gamefile_close(&h);
    strbuf_free(&text);
    strbuf_free(&err);
}

static void test_outside_changes_refused(void **state)
{
    (void)state;
    struct record_gamefile g;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    /* Appended to. */
    open_ok(&g, path, &text);
    assert_int_equal(record_gamefile_append(&g, "players A B\n", 12, &err), 0);
    FILE *fp = fopen(path, "ab");
    assert_non_null(fp);
    fputs("# theirs", fp);
    fclose(fp);
    assert_int_equal(record_gamefile_append(&g, "# mine\n", 7, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "changed by someone else"));
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_cut(&g, 0, &err), -1);
    assert_file(path, "players A B\n# theirs");
    record_gamefile_close(&g);
    /* Deleted: never recreated. */
    open_ok(&g, path, &text);
    assert_int_equal(unlink(path), 0);
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_append(&g, "# mine\n", 7, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "deleted or moved away"));
    assert_int_equal(access(path, F_OK), -1);
    record_gamefile_close(&g);
    /* Replaced by another file. */
    open_ok(&g, path, &text);
    char other[160];
    snprintf(other, sizeof other, "%s/other", dir);
    write_file(other, "players C D\n");
    assert_int_equal(rename(other, path), 0);
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_cut(&g, 0, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "replaced by another file"));
    assert_file(path, "players C D\n");
    record_gamefile_close(&g);
    strbuf_free(&text);
    strbuf_free(&err);
}

/* A write cut short by a file size limit leaves the file as it was, and the next one (the
 * limit raised) goes on. */
static void test_failed_append_cut_back(void **state)
{
    (void)state;
    struct record_gamefile g;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    open_ok(&g, path, &text);
    assert_int_equal(record_gamefile_append(&g, "players A B\n", 12, &err), 0);
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = 20;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    int rc = record_gamefile_append(&g, "difficulty hard\n", 16, &err);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(strbuf_cstr(&err), "File too large; the line was not written"));
    assert_file(path, "players A B\n");
    assert_int_equal(record_gamefile_append(&g, "difficulty hard\n", 16, &err), 0);
    assert_file(path, "players A B\ndifficulty hard\n");
    record_gamefile_close(&g);
    strbuf_free(&text);
    strbuf_free(&err);
}

static void test_not_regular(void **state)
{
    (void)state;
    struct record_gamefile g;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    char fifo[160];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(record_gamefile_open(&g, fifo, &text, &err), RECORD_GAMEFILE_UNREADABLE);
    assert_non_null(strstr(strbuf_cstr(&err), "is a FIFO (named pipe)"));
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_open(&g, dir, &text, &err), RECORD_GAMEFILE_UNREADABLE);
    assert_non_null(strstr(strbuf_cstr(&err), "is a folder"));
    strbuf_free(&text);
    strbuf_free(&err);
}

static void test_size_limit(void **state)
{
    (void)state;
    struct record_gamefile g;
    struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
    open_ok(&g, path, &text);
    /* The limit is checked before anything is written (a sparse file of that size). */
    assert_int_equal(truncate(path, (off_t)LOG_MAX_BYTES - 4), 0);
    record_gamefile_close(&g);
    strbuf_reset(&text);
    open_ok(&g, path, &text);
    assert_int_equal(text.len, LOG_MAX_BYTES - 4);
    assert_int_equal(record_gamefile_append(&g, "# a\n", 4, &err), 0);
    assert_int_equal(record_gamefile_append(&g, "\n", 1, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "it would grow past 32 MB"));
    record_gamefile_close(&g);
    assert_int_equal(truncate(path, (off_t)LOG_MAX_BYTES + 1), 0);
    strbuf_reset(&text);
    strbuf_reset(&err);
    assert_int_equal(record_gamefile_open(&g, path, &text, &err), RECORD_GAMEFILE_UNREADABLE);
    assert_non_null(strstr(strbuf_cstr(&err), "is larger than 32 MB"));
    strbuf_free(&text);
    strbuf_free(&err);
}

static void test_same(void **state)
{
    (void)state;
    char dotted[160], hard[160], other[160];
    snprintf(dotted, sizeof dotted, "%s/./g.xii", dir);
    snprintf(hard, sizeof hard, "%s/link.pdf", dir);
    snprintf(other, sizeof other, "%s/g.pdf", dir);
    /* Not created yet: by folder and name. */
    assert_true(record_gamefile_same(path, dotted));
    assert_false(record_gamefile_same(path, other));
    write_file(path, "");
    assert_int_equal(link(path, hard), 0);
    assert_true(record_gamefile_same(path, hard));
    assert_true(record_gamefile_same(path, dotted));
    assert_false(record_gamefile_same(path, other));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create_read_append_cut, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_second_holder_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_outside_changes_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_failed_append_cut_back, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_not_regular, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_size_limit, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_same, make_dir, remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
