/* TrueType fonts rewritten without their hinting tables and glyph instructions. */
#include "rewrite/ttf_dehint.h"
#include "core/xalloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TAG(a, b, c, d) \
    ((unsigned long)(a) << 24 | (unsigned long)(b) << 16 | (unsigned long)(c) << 8 | (unsigned long)(d))

/* Composite glyph component flags. */
#define ARGS_ARE_WORDS 0x0001
#define HAVE_SCALE 0x0008
#define MORE_COMPONENTS 0x0020
#define HAVE_XY_SCALE 0x0040
#define HAVE_2X2 0x0080
#define HAVE_INSTRUCTIONS 0x0100

/* head: where checkSumAdjustment and indexToLocFormat are. */
#define HEAD_CHECKSUM 8
#define HEAD_LOCA_FORMAT 50

static unsigned get16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static unsigned long get32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v >> 8 & 0xFF);
    p[1] = (unsigned char)(v & 0xFF);
}

static void put32(unsigned char *p, unsigned long v)
{
    p[0] = (unsigned char)(v >> 24 & 0xFF);
    p[1] = (unsigned char)(v >> 16 & 0xFF);
    p[2] = (unsigned char)(v >> 8 & 0xFF);
    p[3] = (unsigned char)(v & 0xFF);
}

/* The tables of hints only: the programs, and the hinted metrics made with them. */
static int hint_table(unsigned long tag)
{
    return tag == TAG('c', 'v', 't', ' ') || tag == TAG('f', 'p', 'g', 'm')
        || tag == TAG('p', 'r', 'e', 'p') || tag == TAG('h', 'd', 'm', 'x')
        || tag == TAG('L', 'T', 'S', 'H') || tag == TAG('V', 'D', 'M', 'X');
}

/* Copies glyph g (n bytes) into out without its instructions; returns the bytes written (at
 * most n), or -1 when the glyph is malformed. */
static long strip_glyph(const unsigned char *g, size_t n, unsigned char *out)
{
    if (n == 0)
        return 0;
    if (n < 10)
        return -1;
    unsigned contours = get16(g);
    if (contours < 0x8000) {
        /* Simple: header, end points, instruction length, instructions, then the points. */
        size_t at = 10 + 2 * (size_t)contours;
        if (at + 2 > n)
            return -1;
        size_t ilen = get16(g + at);
        if (at + 2 + ilen > n)
            return -1;
        memcpy(out, g, at);
        put16(out + at, 0);
        memcpy(out + at + 2, g + at + 2 + ilen, n - at - 2 - ilen);
        return (long)(n - ilen);
    }
    /* Composite: components up to the one without MORE_COMPONENTS; the instructions after
     * them are dropped with the flags that announce them. */
    size_t at = 10;
    memcpy(out, g, at);
    for (unsigned flags = MORE_COMPONENTS; flags & MORE_COMPONENTS;) {
        if (at + 4 > n)
            return -1;
        flags = get16(g + at);
        size_t len = 4 + (flags & ARGS_ARE_WORDS ? 4 : 2);
        if (flags & HAVE_SCALE)
            len += 2;
        else if (flags & HAVE_XY_SCALE)
            len += 4;
        else if (flags & HAVE_2X2)
            len += 8;
        if (at + len > n)
            return -1;
        memcpy(out + at, g + at, len);
        put16(out + at, flags & ~(unsigned)HAVE_INSTRUCTIONS);
        at += len;
    }
    return (long)at;
}

/* The checksum of a table: its bytes as big-endian 32-bit words, summed modulo 2^32. The
 * table is zero-padded to a multiple of 4 bytes, n included. */
static unsigned long checksum(const unsigned char *p, size_t n)
{
    uint32_t sum = 0;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* A word at a time: the fonts are megabytes. */
    for (size_t i = 0; i < n; i += 4) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        sum += __builtin_bswap32(w);
    }
#else
    for (size_t i = 0; i < n; i += 4)
        sum += (uint32_t)p[i] << 24 | (uint32_t)p[i + 1] << 16 | (uint32_t)p[i + 2] << 8 | p[i + 3];
#endif
    return sum;
}

struct table {
    unsigned long tag;
    const unsigned char *data;
    size_t len;
};

/* The new glyf and loca tables; returns 0, or -1 when the old ones do not agree. */
static int strip_glyphs(const struct table *glyf, const struct table *loca, int long_loca,
                        size_t nglyphs, unsigned char **new_glyf, size_t *glyf_len,
                        unsigned char **new_loca)
{
    if (loca->len < (nglyphs + 1) * (long_loca ? 4 : 2))
        return -1;
    unsigned char *g = xmalloc(glyf->len + 4 * nglyphs + 4);
    unsigned char *l = xmalloc((nglyphs + 1) * 4);
    size_t out = 0;
    for (size_t i = 0; i < nglyphs; i++) {
        size_t from = long_loca ? get32(loca->data + 4 * i) : 2 * (size_t)get16(loca->data + 2 * i);
        size_t to = long_loca ? get32(loca->data + 4 * i + 4) : 2 * (size_t)get16(loca->data + 2 * i + 2);
        long n = to < from || to > glyf->len ? -1 : strip_glyph(glyf->data + from, to - from, g + out);
        if (n < 0) {
            free(g);
            free(l);
            return -1;
        }
        put32(l + 4 * i, out);
        out += (size_t)n;
        while (out % 4)
            g[out++] = 0;
    }
    put32(l + 4 * nglyphs, out);
    *new_glyf = g;
    *glyf_len = out;
    *new_loca = l;
    return 0;
}

unsigned char *rewrite_ttf_dehint(const unsigned char *ttf, size_t len, size_t *out_len)
{
    if (len < 12 || (get32(ttf) != 0x00010000ul && get32(ttf) != TAG('t', 'r', 'u', 'e')))
        return NULL;
    size_t ntables = get16(ttf + 4);
    if (ntables == 0 || 12 + 16 * ntables > len)
        return NULL;
    struct table *t = xmalloc(ntables * sizeof *t);
    const struct table *glyf = NULL, *loca = NULL, *head = NULL, *maxp = NULL;
    size_t kept = 0;
    int hinted = 0;
    for (size_t i = 0; i < ntables; i++) {
        const unsigned char *rec = ttf + 12 + 16 * i;
        unsigned long tag = get32(rec), off = get32(rec + 8), n = get32(rec + 12);
        if (off > len || n > len - off) {
            free(t);
            return NULL;
        }
        if (hint_table(tag)) {
            hinted = 1;
            continue;
        }
        t[kept] = (struct table){tag, ttf + off, n};
        if (tag == TAG('g', 'l', 'y', 'f'))
            glyf = &t[kept];
        else if (tag == TAG('l', 'o', 'c', 'a'))
            loca = &t[kept];
        else if (tag == TAG('h', 'e', 'a', 'd'))
            head = &t[kept];
        else if (tag == TAG('m', 'a', 'x', 'p'))
            maxp = &t[kept];
        kept++;
    }
    unsigned char *new_glyf = NULL, *new_loca = NULL;
    size_t glyf_len = 0;
    if (!hinted || !glyf || !loca || !head || !maxp || head->len < 54 || maxp->len < 6
        || strip_glyphs(glyf, loca, get16(head->data + HEAD_LOCA_FORMAT) != 0,
                        get16(maxp->data + 4), &new_glyf, &glyf_len, &new_loca) != 0) {
        free(t);
        return NULL;
    }
    size_t nglyphs = get16(maxp->data + 4);
    /* The directory, then each table at a multiple of 4. */
    size_t total = 12 + 16 * kept;
    for (size_t i = 0; i < kept; i++) {
        size_t n = t[i].tag == TAG('g', 'l', 'y', 'f') ? glyf_len
                 : t[i].tag == TAG('l', 'o', 'c', 'a') ? (nglyphs + 1) * 4 : t[i].len;
        total += (n + 3) / 4 * 4;
    }
    unsigned char *out = xcalloc(1, total);
    put32(out, get32(ttf));
    put16(out + 4, (unsigned)kept);
    unsigned pow2 = 1, log2 = 0;
    while (pow2 * 2 <= kept)
        pow2 *= 2, log2++;
    put16(out + 6, pow2 * 16);
    put16(out + 8, log2);
    put16(out + 10, (unsigned)(kept * 16 - pow2 * 16));
    size_t at = 12 + 16 * kept, head_at = 0;
    for (size_t i = 0; i < kept; i++) {
        const unsigned char *data = t[i].data;
        size_t n = t[i].len;
        if (t[i].tag == TAG('g', 'l', 'y', 'f'))
            data = new_glyf, n = glyf_len;
        else if (t[i].tag == TAG('l', 'o', 'c', 'a'))
            data = new_loca, n = (nglyphs + 1) * 4;
        memcpy(out + at, data, n);
        if (t[i].tag == TAG('h', 'e', 'a', 'd')) {
            head_at = at;
            put32(out + at + HEAD_CHECKSUM, 0);
            put16(out + at + HEAD_LOCA_FORMAT, 1);
        }
        unsigned char *rec = out + 12 + 16 * i;
        put32(rec, t[i].tag);
        put32(rec + 4, checksum(out + at, (n + 3) / 4 * 4));
        put32(rec + 8, at);
        put32(rec + 12, n);
        at += (n + 3) / 4 * 4;
    }
    /* The whole file's sum is the directory's plus the tables'. */
    unsigned long sum = checksum(out, 12 + 16 * kept);
    for (size_t i = 0; i < kept; i++)
        sum += get32(out + 12 + 16 * i + 4);
    put32(out + head_at + HEAD_CHECKSUM, (0xB1B0AFBAul - sum) & 0xFFFFFFFFul);
    free(new_glyf);
    free(new_loca);
    free(t);
    *out_len = total;
    return out;
}
