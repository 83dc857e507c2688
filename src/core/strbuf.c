/* A growable, always NUL-terminated byte string and its formatted appends. */
#include "core/strbuf.h"
#include "core/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(struct strbuf *sb, size_t extra)
{
    if (sb->len + extra < sb->cap)
        return;     /* the usual case: no call */
    void *p = sb->data;
    xgrow(&p, &sb->cap, sb->len + extra + 1, 1);
    sb->data = p;
}

/* strbuf_append inlined in the formatting loop (no call for each piece of a message). */
static inline void append(struct strbuf *sb, const char *s, size_t n)
{
    reserve(sb, n);
    if (n)      /* nothing to copy: s may be NULL ("%.*s" of 0 and NULL, an empty append) */
        memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void strbuf_reserve(struct strbuf *sb, size_t extra)
{
    reserve(sb, extra);
}

void strbuf_append(struct strbuf *sb, const char *s, size_t n)
{
    append(sb, s, n);
}

void strbuf_puts(struct strbuf *sb, const char *s)
{
    strbuf_append(sb, s, strlen(s));
}

void strbuf_putc(struct strbuf *sb, char c)
{
    strbuf_append(sb, &c, 1);
}

/* Appends v in decimal, as %d or %zu print it. */
static void put_decimal(struct strbuf *sb, unsigned long long v, int negative)
{
    char digits[24];
    size_t n = sizeof digits;
    do
        digits[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    if (negative)
        digits[--n] = '-';
    append(sb, digits + n, sizeof digits - n);
}

/* The conversions most messages are made of (%d, %s, %c, %zu and %%, no flag, width or
 * precision) appended as printf would, without the C library's printf, whose fixed cost is
 * most of a short message's. Returns -1 at any other conversion (what was appended is then
 * the caller's to take back), else 0. */
static int quick_format(struct strbuf *sb, const char *fmt, va_list ap)
{
    for (const char *p = fmt;;) {
        const char *pc = strchr(p, '%');
        if (!pc) {
            append(sb, p, strlen(p));
            return 0;
        }
        append(sb, p, (size_t)(pc - p));
        switch (pc[1]) {
        case 'd': {
            int v = va_arg(ap, int);
            put_decimal(sb, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0);
            p = pc + 2;
            break;
        }
        case 's': {
            const char *v = va_arg(ap, const char *);
            v = v ? v : "(null)";
            append(sb, v, strlen(v));
            p = pc + 2;
            break;
        }
        case 'c': {
            char c = (char)va_arg(ap, int);
            append(sb, &c, 1);
            p = pc + 2;
            break;
        }
        case '%':
            append(sb, "%", 1);
            p = pc + 2;
            break;
        case 'z':
            if (pc[2] != 'u')
                return -1;
            put_decimal(sb, va_arg(ap, size_t), 0);
            p = pc + 3;
            break;
        default:
            return -1;
        }
    }
}

void strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
    size_t start = sb->len;
    va_list again;
    va_copy(again, ap);
    reserve(sb, 64);
    if (quick_format(sb, fmt, ap) == 0) {
        va_end(again);
        return;
    }
    sb->len = start;
    /* Formats once into the spare room (at least 64 bytes of it), again only when it did not fit. */
    reserve(sb, 64);
    size_t room = sb->cap - sb->len;
    va_list twice;
    va_copy(twice, again);
    int n = vsnprintf(sb->data + sb->len, room, fmt, again);
    if (n > 0 && (size_t)n >= room) {
        reserve(sb, (size_t)n);
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, twice);
    }
    va_end(twice);
    va_end(again);
    if (n > 0)
        sb->len += (size_t)n;
    sb->data[sb->len] = '\0';
}

void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(sb, fmt, ap);
    va_end(ap);
}

void strbuf_json_string(struct strbuf *sb, const char *s)
{
    strbuf_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': strbuf_puts(sb, "\\\""); break;
        case '\\': strbuf_puts(sb, "\\\\"); break;
        case '\n': strbuf_puts(sb, "\\n"); break;
        case '\t': strbuf_puts(sb, "\\t"); break;
        case '\r': strbuf_puts(sb, "\\r"); break;
        default:
            if (*p < 0x20)
                strbuf_printf(sb, "\\u%04x", *p);
            else
                strbuf_putc(sb, (char)*p);
        }
    }
    strbuf_putc(sb, '"');
}

const char *strbuf_cstr(const struct strbuf *sb)
{
    return sb->data ? sb->data : "";
}

void strbuf_reset(struct strbuf *sb)
{
    sb->len = 0;
    if (sb->data)
        sb->data[0] = '\0';
}

void strbuf_free(struct strbuf *sb)
{
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

char *strbuf_detach(struct strbuf *sb)
{
    char *p = sb->data ? sb->data : xstrdup("");
    sb->data = NULL;
    sb->len = sb->cap = 0;
    return p;
}
