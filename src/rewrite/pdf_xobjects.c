/* Repair of cairo's finished PDF: repeated XObject names dropped, cross-references moved. */
#include "rewrite/pdf_xobjects.h"
#include "core/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One entry of a classic cross-reference table: "0000012345 00000 n \n". */
#define XREF_ENTRY 20

/* Byte ranges to drop, in file order. */
struct drops {
    size_t *at, *len;
    size_t n, cap, caplen;
};

static void drops_add(struct drops *d, size_t at, size_t len)
{
    void *items = d->at;
    xgrow(&items, &d->cap, d->n + 1, sizeof *d->at);
    d->at = items;
    items = d->len;
    xgrow(&items, &d->caplen, d->n + 1, sizeof *d->len);
    d->len = items;
    d->at[d->n] = at;
    d->len[d->n++] = len;
}

/* Where needle first occurs in data[from, to), or to. */
static size_t find(const char *data, size_t from, size_t to, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = from; i + n <= to; i++)
        if (data[i] == needle[0] && memcmp(data + i, needle, n) == 0)
            return i;
    return to;
}

/* Reads the decimal digits at data[*p] (at most end); returns 0, or -1 when there are none. */
static int read_uint(const char *data, size_t *p, size_t end, size_t *v)
{
    size_t x = 0, start = *p;
    while (*p < end && data[*p] >= '0' && data[*p] <= '9' && *p - start < 19)
        x = x * 10 + (size_t)(data[(*p)++] - '0');
    *v = x;
    return *p > start ? 0 : -1;
}

static int expect(const char *data, size_t *p, size_t end, char ch)
{
    if (*p >= end || data[*p] != ch)
        return -1;
    (*p)++;
    return 0;
}

/* Reads the entries " /name N G R" of the resource list that starts at data[p] (just after its
 * "<<") up to its ">>", and adds each entry whose name came earlier in the list to d.
 * Returns 0, or -1 (nothing added) when the list is not written as cairo writes it. */
static int scan_list(const char *data, size_t p, size_t end, struct drops *d)
{
    struct drops mine = {0};
    size_t *name_at = NULL, *name_len = NULL, nnames = 0, cap1 = 0, cap2 = 0;
    int rc = -1;
    for (;;) {
        size_t start = p;
        while (p < end && (data[p] == ' ' || data[p] == '\n'))
            p++;
        if (p + 1 < end && data[p] == '>' && data[p + 1] == '>') {
            rc = 0;
            break;
        }
        if (p == start || expect(data, &p, end, '/') != 0)
            break;
        size_t name = p;
        while (p < end && data[p] != ' ' && data[p] != '\n' && data[p] != '/' && data[p] != '>')
            p++;
        size_t nlen = p - name, v;
        if (nlen == 0 || expect(data, &p, end, ' ') != 0 || read_uint(data, &p, end, &v) != 0
            || expect(data, &p, end, ' ') != 0 || read_uint(data, &p, end, &v) != 0
            || expect(data, &p, end, ' ') != 0 || expect(data, &p, end, 'R') != 0)
            break;
        int seen = 0;
        for (size_t i = 0; i < nnames && !seen; i++)
            seen = name_len[i] == nlen && memcmp(data + name_at[i], data + name, nlen) == 0;
        if (seen) {
            drops_add(&mine, start, p - start);
            continue;
        }
        void *items = name_at;
        xgrow(&items, &cap1, nnames + 1, sizeof *name_at);
        name_at = items;
        items = name_len;
        xgrow(&items, &cap2, nnames + 1, sizeof *name_len);
        name_len = items;
        name_at[nnames] = name;
        name_len[nnames++] = nlen;
    }
    if (rc == 0)
        for (size_t i = 0; i < mine.n; i++)
            drops_add(d, mine.at[i], mine.len[i]);
    free(mine.at);
    free(mine.len);
    free(name_at);
    free(name_len);
    return rc;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Bytes dropped before offset off (prefix[i]: the bytes of drops 0..i-1). */
static size_t dropped_before(const struct drops *d, const size_t *prefix, size_t off)
{
    size_t lo = 0, hi = d->n;   /* the number of drops that start before off */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->at[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return prefix[lo];
}

long rewrite_pdf_xobjects(struct strbuf *pdf)
{
    const char *data = pdf->data;
    size_t len = pdf->len;
    if (!data || len < 64)
        return -1;
    /* The tail: "startxref\nOFFSET\n%%EOF\n". */
    size_t sx = len - 64, last = len;
    for (size_t at; (at = find(data, sx, len, "startxref\n")) < len; sx = at + 1)
        last = at;
    if (last == len)
        return -1;
    size_t p = last + strlen("startxref\n"), xref;
    if (read_uint(data, &p, len, &xref) != 0 || xref >= last
        || memcmp(data + xref, "xref\n0 ", 7) != 0)
        return -1;
    size_t tail = p;
    size_t q = xref + 7, count;
    if (read_uint(data, &q, len, &count) != 0 || expect(data, &q, len, '\n') != 0
        || count > (last - q) / XREF_ENTRY)
        return -1;
    size_t entries = q;
    size_t *objs = xmalloc((count + 1) * sizeof *objs);
    size_t nobjs = 0;
    for (size_t i = 0; i < count; i++) {
        const char *e = data + entries + i * XREF_ENTRY;
        size_t off, at = 0;
        if (read_uint(e, &at, 10, &off) != 0 || at != 10 || e[10] != ' ' || e[16] != ' '
            || (e[17] != 'n' && e[17] != 'f') || e[18] != ' ' || e[19] != '\n' || off >= xref) {
            free(objs);
            return -1;
        }
        if (e[17] == 'n')
            objs[nobjs++] = off;
    }
    qsort(objs, nobjs, sizeof *objs, cmp_size);
    objs[nobjs] = xref;
    /* Resource lists sit in an object's dictionary, before any stream data. */
    struct drops d = {0};
    for (size_t i = 0; i < nobjs; i++) {
        size_t end = find(data, objs[i], objs[i + 1], "stream\n");
        for (size_t at = objs[i]; (at = find(data, at, end, "/XObject <<")) < end; at++)
            scan_list(data, at + strlen("/XObject <<"), end, &d);
    }
    free(objs);
    long dropped = (long)d.n;
    if (d.n > 0) {
        size_t *prefix = xmalloc((d.n + 1) * sizeof *prefix);
        prefix[0] = 0;
        for (size_t i = 0; i < d.n; i++)
            prefix[i + 1] = prefix[i] + d.len[i];
        struct strbuf out = STRBUF_INIT;
        size_t from = 0;
        for (size_t i = 0; i < d.n; i++) {
            strbuf_append(&out, data + from, d.at[i] - from);
            from = d.at[i] + d.len[i];
        }
        strbuf_append(&out, data + from, tail - from);
        size_t shift = prefix[d.n];
        char *moved = out.data + (entries - shift);
        for (size_t i = 0; i < count; i++) {
            char *e = moved + i * XREF_ENTRY;
            if (e[17] != 'n')
                continue;
            size_t off = 0, at = 0;
            read_uint(e, &at, 10, &off);
            char digits[24];
            snprintf(digits, sizeof digits, "%010zu", off - dropped_before(&d, prefix, off));
            memcpy(e, digits, 10);
        }
        out.len -= tail - last - strlen("startxref\n");   /* drop the old offset */
        strbuf_printf(&out, "%zu", xref - shift);
        strbuf_append(&out, data + tail, len - tail);
        strbuf_free(pdf);
        *pdf = out;
        free(prefix);
    }
    free(d.at);
    free(d.len);
    return dropped;
}
