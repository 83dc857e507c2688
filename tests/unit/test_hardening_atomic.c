/* Hardening: outputs are all-or-nothing. A failed write (file size limit, a target that cannot
 * be replaced, a missing folder) returns an error, removes its temporary file and leaves the
 * old output byte for byte as it was, PNG pages included.
 *
 * Regression: when the PDF could not replace its target at the very end, canvas_finish had
 * already replaced the PNG pages and then deleted them, so the pages of the previous run were
 * lost (src/draw/canvas.c commit_files). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "test.h"
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/atomicfile.h"
#include "draw/canvas.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/xii-atomic-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_in(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/%s", dir, name);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

/* Fails unless the file holds exactly text. */
static void assert_file(const char *path, const char *text)
{
    char buf[256] = {0};
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    assert_int_equal(n, strlen(text));
    assert_string_equal(buf, text);
}

/* Fails when a temporary ".NAME.XXXXXX" is left in folder d. */
static void assert_no_temporary(const char *d)
{
    DIR *dp = opendir(d);
    assert_non_null(dp);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            fail_msg("temporary file left: %s/%s", d, e->d_name);
    closedir(dp);
}

/* Runs with a file size limit of `bytes`; SIGXFSZ ignored so write() fails with EFBIG. */
static struct rlimit limit_size(rlim_t bytes)
{
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = bytes;
    signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    return old;
}

static void unlimit(struct rlimit old)
{
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, SIG_DFL);
}

static void test_write_all_size_limit(void **state)
{
    (void)state;
    char path[128];
    path_in(path, sizeof path, "out.txt");
    write_file(path, "old output");
    static char big[1 << 16];
    memset(big, 'x', sizeof big);
    struct strbuf err = STRBUF_INIT;
    struct rlimit old = limit_size(4096);
    int rc = atomicfile_write_all(path, big, sizeof big, &err);
    unlimit(old);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(strbuf_cstr(&err), "cannot write"));
    assert_file(path, "old output");
    assert_no_temporary(dir);
    strbuf_free(&err);
}

static void test_open_failures(void **state)
{
    (void)state;
    struct atomicfile af;
    struct strbuf err = STRBUF_INIT;
    char path[128];
    path_in(path, sizeof path, "missing/out.txt");
    assert_int_equal(atomicfile_open(&af, path, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "No such file or directory"));
    atomicfile_abort(&af);   /* safe after a failed open */
    strbuf_reset(&err);
    assert_int_equal(atomicfile_open(&af, dir, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "it is a directory"));
    atomicfile_abort(&af);
    assert_no_temporary(dir);
    strbuf_free(&err);
}

/* The target becomes a folder (not empty) after the open: the rename fails at commit. */
static void test_commit_rename_fails(void **state)
{
    (void)state;
    char path[128], inner[160];
    path_in(path, sizeof path, "busy.txt");
    struct atomicfile af;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(atomicfile_open(&af, path, &err), 0);
    fputs("new output", af.fp);
    assert_int_equal(mkdir(path, 0777), 0);
    snprintf(inner, sizeof inner, "%s/keep", path);
    write_file(inner, "kept");
    assert_int_equal(atomicfile_commit(&af, &err), -1);
    assert_file(inner, "kept");
    assert_no_temporary(dir);
    unlink(inner);
    rmdir(path);
    strbuf_free(&err);
}

/* A one-page cairo canvas writing path (and PNG pages into png, when given). */
static struct canvas *one_page(const char *path, const char *png)
{
    struct canvas_options co = {0};
    co.backend = CANVAS_CAIRO;
    co.path = path;
    co.png_dir = png;
    co.png_dpi = 20;
    co.title = "t";
    co.creator = "t";
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    if (!c)
        fail_msg("%s", strbuf_cstr(&err));
    strbuf_free(&err);
    canvas_page_begin(c, 200, 200);
    canvas_rect(c, 10, 10, 100, 100);
    canvas_fill(c, (struct rgb){0.2, 0.3, 0.4});
    canvas_page_end(c);
    return c;
}

static void test_png_pages_survive_failed_pdf(void **state)
{
    (void)state;
    char pdf[128], png[128], page[160], inner[160];
    path_in(pdf, sizeof pdf, "sheet.pdf");
    path_in(png, sizeof png, "png");
    snprintf(page, sizeof page, "%s/page-01.png", png);
    assert_int_equal(mkdir(png, 0777), 0);
    write_file(page, "old page");
    struct strbuf err = STRBUF_INIT;
    /* The PDF target turns into a folder before the end: its rename fails. */
    struct canvas *c = one_page(pdf, png);
    assert_int_equal(mkdir(pdf, 0777), 0);
    snprintf(inner, sizeof inner, "%s/keep", pdf);
    write_file(inner, "kept");
    assert_int_equal(canvas_finish(c, &err), -1);
    assert_file(page, "old page");
    assert_no_temporary(dir);
    assert_no_temporary(png);
    unlink(inner);
    rmdir(pdf);
    /* The pages are bigger than the size limit: nothing is replaced either. */
    write_file(pdf, "old pdf");
    c = one_page(pdf, png);
    strbuf_reset(&err);
    struct rlimit old = limit_size(64);
    int rc = canvas_finish(c, &err);
    unlimit(old);
    assert_int_equal(rc, -1);
    assert_file(page, "old page");
    assert_file(pdf, "old pdf");
    assert_no_temporary(dir);
    assert_no_temporary(png);
    /* And without a limit both are replaced. */
    c = one_page(pdf, png);
    strbuf_reset(&err);
    assert_int_equal(canvas_finish(c, &err), 0);
    struct stat st;
    assert_int_equal(stat(page, &st), 0);
    assert_true(st.st_size > 100);
    assert_int_equal(stat(pdf, &st), 0);
    assert_true(st.st_size > 100);
    strbuf_free(&err);
}

/* What a signal handler calls: every open temporary goes, the targets stay as they were.
 * Regression: an interrupted run left .NAME.XXXXXX files beside its outputs. */
static void test_remove_temporaries(void **state)
{
    (void)state;
    char a[128], b[128];
    path_in(a, sizeof a, "a.txt");
    path_in(b, sizeof b, "b.txt");
    write_file(a, "old a");
    struct atomicfile fa, fb;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(atomicfile_open(&fa, a, &err), 0);
    assert_int_equal(atomicfile_open(&fb, b, &err), 0);
    fputs("new", fa.fp);
    atomicfile_remove_temporaries();
    assert_no_temporary(dir);
    atomicfile_abort(&fb);
    atomicfile_abort(&fa);
    assert_file(a, "old a");
    assert_int_equal(access(b, F_OK), -1);
    strbuf_free(&err);
}

/* A target name of 255 bytes (the longest a file system takes) still gets its temporary.
 * Regression: ".NAME.XXXXXX" was 8 bytes too long for names over 247 bytes. */
static void test_longest_name(void **state)
{
    (void)state;
    char name[256], path[400];
    memset(name, 'n', 255);
    name[255] = '\0';
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(atomicfile_write_all(path, "x", 1, &err), 0);
    assert_file(path, "x");
    assert_int_equal(atomicfile_write_all(path, "y", 1, &err), 0);
    assert_file(path, "y");
    assert_int_equal(unlink(path), 0);
    strbuf_free(&err);
}

/* A replaced file keeps its mode. Regression: a 0600 file came back 0644. */
static void test_mode_kept(void **state)
{
    (void)state;
    char path[128];
    path_in(path, sizeof path, "private.txt");
    write_file(path, "old");
    assert_int_equal(chmod(path, 0600), 0);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(atomicfile_write_all(path, "new", 3, &err), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(unlink(path), 0);
    strbuf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_all_size_limit),
        cmocka_unit_test(test_open_failures),
        cmocka_unit_test(test_commit_rename_fails),
        cmocka_unit_test(test_png_pages_survive_failed_pdf),
        cmocka_unit_test(test_remove_temporaries),
        cmocka_unit_test(test_longest_name),
        cmocka_unit_test(test_mode_kept),
    };
    return cmocka_run_group_tests_name("hardening_atomic", tests, make_dir, remove_dir);
}
