/* rewrite_ttf_dehint: the bundled fonts without hints keep every outline and advance, lose the
 * hinting tables and instructions, and stay valid (checksums); malformed fonts are refused.
 * Run from the repository root. */
#include "test.h"
#include "test_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include "core/readfile.h"
#include "rewrite/ttf_dehint.h"

static const char *const fonts[] = {
    "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/EBGaramond08-Regular.ttf",
    "fonts/EBGaramond08-Italic.ttf", "fonts/EBGaramond12-Bold.ttf", "fonts/Breip.ttf",
};

static unsigned long get32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

/* The table named tag in the font, or NULL. */
static const unsigned char *table(const unsigned char *ttf, const char *tag, size_t *len)
{
    unsigned n = (unsigned)ttf[4] << 8 | ttf[5];
    for (unsigned i = 0; i < n; i++) {
        const unsigned char *rec = ttf + 12 + 16 * i;
        if (memcmp(rec, tag, 4) == 0) {
            *len = get32(rec + 12);
            return ttf + get32(rec + 8);
        }
    }
    return NULL;
}

static unsigned long sum(const unsigned char *p, size_t n)
{
    unsigned long s = 0;
    for (size_t i = 0; i + 4 <= n; i += 4)
        s = (s + get32(p + i)) & 0xFFFFFFFFul;
    return s;
}

/* Same outline (unhinted, font units) and advance for every glyph of both faces. */
static void same_glyphs(FT_Face a, FT_Face b)
{
    assert_int_equal(a->num_glyphs, b->num_glyphs);
    for (FT_Long g = 0; g < a->num_glyphs; g++) {
        assert_int_equal(FT_Load_Glyph(a, (FT_UInt)g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING), 0);
        assert_int_equal(FT_Load_Glyph(b, (FT_UInt)g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING), 0);
        const FT_Outline *oa = &a->glyph->outline, *ob = &b->glyph->outline;
        assert_int_equal(a->glyph->advance.x, b->glyph->advance.x);
        assert_int_equal(oa->n_points, ob->n_points);
        assert_int_equal(oa->n_contours, ob->n_contours);
        if (oa->n_points > 0) {
            assert_memory_equal(oa->points, ob->points, (size_t)oa->n_points * sizeof *oa->points);
            assert_memory_equal(oa->tags, ob->tags, (size_t)oa->n_points);
        }
        if (oa->n_contours > 0)
            assert_memory_equal(oa->contours, ob->contours, (size_t)oa->n_contours * sizeof *oa->contours);
    }
}

/* Every glyph of a dehinted font (long loca) has no instructions. */
static void no_instructions(const unsigned char *ttf, size_t nglyphs)
{
    size_t glyf_len, loca_len;
    const unsigned char *glyf = table(ttf, "glyf", &glyf_len), *loca = table(ttf, "loca", &loca_len);
    assert_non_null(glyf);
    assert_non_null(loca);
    assert_int_equal(loca_len, 4 * (nglyphs + 1));
    for (size_t g = 0; g < nglyphs; g++) {
        const unsigned char *gl = glyf + get32(loca + 4 * g);
        size_t n = get32(loca + 4 * g + 4) - get32(loca + 4 * g);
        if (n == 0)
            continue;
        unsigned contours = (unsigned)gl[0] << 8 | gl[1];
        if (contours < 0x8000) {
            size_t at = 10 + 2 * contours;
            assert_int_equal(gl[at] << 8 | gl[at + 1], 0);
            continue;
        }
        for (size_t at = 10;;) {
            unsigned flags = (unsigned)gl[at] << 8 | gl[at + 1];
            assert_int_equal(flags & 0x100, 0);
            if (!(flags & 0x20))
                break;
            at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
        }
    }
}

static void test_bundled_fonts(void **state)
{
    (void)state;
    FT_Library lib;
    assert_int_equal(FT_Init_FreeType(&lib), 0);
    for (size_t f = 0; f < sizeof fonts / sizeof fonts[0]; f++) {
        size_t len, out_len;
        char *ttf = test_slurp(fonts[f], &len);
        assert_non_null(ttf);
        unsigned char *plain = rewrite_ttf_dehint((const unsigned char *)ttf, len, &out_len);
        assert_non_null(plain);
        size_t n;
        static const char *const gone[] = {"cvt ", "fpgm", "prep", "hdmx", "LTSH", "VDMX"};
        for (size_t k = 0; k < sizeof gone / sizeof gone[0]; k++)
            assert_null(table(plain, gone[k], &n));
        /* Valid checksums: every table's, and the whole file's. */
        unsigned tables = (unsigned)plain[4] << 8 | plain[5];
        for (unsigned i = 0; i < tables; i++) {
            const unsigned char *rec = plain + 12 + 16 * i;
            unsigned long want = get32(rec + 4);
            if (memcmp(rec, "head", 4) != 0)
                assert_int_equal(sum(plain + get32(rec + 8), (get32(rec + 12) + 3) / 4 * 4), want);
        }
        assert_int_equal(sum(plain, out_len), 0xB1B0AFBAul);
        /* No glyph keeps instructions, and the font has nothing left to take out. */
        FT_Face a, b;
        assert_int_equal(FT_New_Memory_Face(lib, (const FT_Byte *)ttf, (FT_Long)len, 0, &a), 0);
        assert_int_equal(FT_New_Memory_Face(lib, plain, (FT_Long)out_len, 0, &b), 0);
        same_glyphs(a, b);
        no_instructions(plain, (size_t)b->num_glyphs);
        assert_null(rewrite_ttf_dehint(plain, out_len, &n));
        FT_Done_Face(a);
        FT_Done_Face(b);
        free(plain);
        free(ttf);
    }
    FT_Done_FreeType(lib);
}

/* Truncated or damaged fonts are refused, never read past their end. */
static void test_malformed(void **state)
{
    (void)state;
    size_t len, n;
    char *ttf = test_slurp("fonts/EBGaramond12-Bold.ttf", &len);
    assert_non_null(ttf);
    const unsigned char *u = (const unsigned char *)ttf;
    assert_null(rewrite_ttf_dehint(u, 0, &n));
    assert_null(rewrite_ttf_dehint((const unsigned char *)"OTTO\0\0\0\0\0\0\0\0", 12, &n));
    for (size_t cut = 12; cut < 4096; cut += 97) {
        unsigned char *copy = malloc(cut);
        memcpy(copy, u, cut);
        assert_null(rewrite_ttf_dehint(copy, cut, &n));
        free(copy);
    }
    /* A glyph whose instruction length runs past its end. */
    size_t glyf_len, loca_len, head_len;
    const unsigned char *glyf = table(u, "glyf", &glyf_len);
    const unsigned char *head = table(u, "head", &head_len);
    const unsigned char *loca = table(u, "loca", &loca_len);
    assert_non_null(glyf);
    assert_non_null(loca);
    int long_loca = head[51] != 0;
    unsigned char *bad = malloc(len);
    memcpy(bad, u, len);
    for (size_t g = 0;; g++) {
        size_t from = long_loca ? get32(loca + 4 * g) : 2 * ((size_t)loca[2 * g] << 8 | loca[2 * g + 1]);
        size_t to = long_loca ? get32(loca + 4 * g + 4)
                              : 2 * ((size_t)loca[2 * g + 2] << 8 | loca[2 * g + 3]);
        const unsigned char *gl = glyf + from;
        if (to - from >= 12 && gl[0] < 0x80) {
            size_t at = 10 + 2 * ((size_t)gl[0] << 8 | gl[1]);
            unsigned char *p = bad + (gl - u) + at;
            p[0] = 0xFF;
            p[1] = 0xFF;
            break;
        }
    }
    assert_null(rewrite_ttf_dehint(bad, len, &n));
    free(bad);
    free(ttf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bundled_fonts),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
