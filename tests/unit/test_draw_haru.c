/* The libharu backend's fonts: text that Windows-1252 can hold uses single-byte fonts (no
 * Type0 font is made), other text a UTF-8 font, and pdftotext reads back every character
 * either way. Run from the repository root. */
#include "test.h"
#include "test_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "draw/canvas.h"

static char tmpdir[] = "/tmp/xii-draw-haru-XXXXXX";

TEST_TMPDIR_GROUP(tmpdir)

/* Writes a one-page PDF with each line of texts; returns its path. */
static const char *render(const char *name, const char *const *texts, int n)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s.pdf", tmpdir, name);
    struct canvas_options opt = {.backend = CANVAS_HARU, .path = path};
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&opt, &err);
    assert_non_null(c);
    canvas_page_begin(c, 400, 400);
    for (int i = 0; i < n; i++)
        canvas_text(c, FONT_SANS, 10, rgb_hex(0), 20, 30 + 20.0 * i, ALIGN_LEFT, texts[i]);
    canvas_page_end(c);
    if (canvas_finish(c, &err) != 0)
        fail_msg("%s", strbuf_cstr(&err));
    strbuf_free(&err);
    return path;
}

/* The output of a shell command (at most 4 kB). */
static char *run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    static char out[4096];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    pclose(p);
    return out;
}

/* s without its spaces (pdftotext drops some between narrow symbols), in out. */
static void squeeze(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        if (*s != ' ')
            out[k++] = *s;
    out[k] = '\0';
}

static void check_text(const char *path, const char *const *texts, int n)
{
    char cmd[1024], got[4096], want[256];
    snprintf(cmd, sizeof cmd, "pdftotext '%s' - 2>/dev/null", path);
    squeeze(run(cmd), got, sizeof got);
    for (int i = 0; i < n; i++) {
        squeeze(texts[i], want, sizeof want);
        if (!strstr(got, want))
            fail_msg("pdftotext does not find \"%s\" in:\n%s", want, got);
    }
}

/* What pdffonts lists for the PDF at path. */
static const char *fonts_of(const char *path)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null", path);
    return run(cmd);
}

static void test_single_byte(void **state)
{
    (void)state;
    /* ASCII, Latin-1 and every Windows-1252 character between 0x80 and 0x9F. */
    static const char *const texts[] = {
        "Stone houses: 3 supply",
        "Caf\xc3\xa9 \xc3\x97 \xc2\xb7 \xc3\xbf \xc2\xa1",
        "\xe2\x82\xac \xe2\x80\x9a \xc6\x92 \xe2\x80\x9e \xe2\x80\xa6 \xe2\x80\xa0 \xe2\x80\xa1 "
        "\xcb\x86 \xe2\x80\xb0 \xc5\xa0 \xe2\x80\xb9 \xc5\x92 \xc5\xbd",
        "\xe2\x80\x98 \xe2\x80\x99 \xe2\x80\x9c \xe2\x80\x9d \xe2\x80\xa2 \xe2\x80\x93 \xe2\x80\x94 "
        "\xcb\x9c \xe2\x84\xa2 \xc5\xa1 \xe2\x80\xba \xc5\x93 \xc5\xbe \xc5\xb8",
    };
    const char *path = render("single", texts, 4);
    check_text(path, texts, 4);
    const char *fonts = fonts_of(path);
    assert_non_null(strstr(fonts, "WinAnsi"));
    assert_null(strstr(fonts, "Identity-H"));
}

static void test_utf8(void **state)
{
    (void)state;
    static const char *const texts[] = {"population \xe2\x89\xa5 8", "food \xe2\x87\x84 supply",
                                        "plain"};
    const char *path = render("utf8", texts, 3);
    check_text(path, texts, 3);
    const char *fonts = fonts_of(path);
    assert_non_null(strstr(fonts, "Identity-H"));
    assert_non_null(strstr(fonts, "WinAnsi"));
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", path);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_byte),
        cmocka_unit_test(test_utf8),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
