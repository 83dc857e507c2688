/* Checks of outside text that will be printed (names, towns, titles) and its escaping for
 * terminals. */
#include "core/text.h"
#include "core/utf8.h"
#include <stdio.h>

int text_hostile(uint32_t cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

const char *text_hostile_kind(uint32_t cp)
{
    return cp < 0x80 ? "a control character"
         : cp <= 0x9F ? "a C1 control character"
         : cp <= 0x202E ? "a bidirectional override"
                        : "a bidirectional isolate";
}

uint32_t text_code_point(const unsigned char *p, size_t n)
{
    static const unsigned char lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t cp = p[0] & lead_mask[n];
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (p[i] & 0x3F);
    return cp;
}

const char *text_check_name(const char *s, size_t len, size_t *at, struct strbuf *why)
{
    for (size_t i = 0; i < len;) {
        const unsigned char *u = (const unsigned char *)s + i;
        size_t n = utf8_len(u, len - i);
        uint32_t cp = n ? text_code_point(u, n) : 0;
        if (n == 0 || text_hostile(cp)) {
            *at = i;
            if (n == 0)
                strbuf_puts(why, "bytes that are not UTF-8");
            else
                strbuf_printf(why, "%s U+%04X", text_hostile_kind(cp), (unsigned)cp);
            return strbuf_cstr(why);
        }
        i += n;
    }
    return NULL;
}

/* Calls emit for each piece of the escaped text: (text, bytes, columns). */
static void escape_each(const char *s, size_t len,
                        void (*emit)(void *ctx, const char *p, size_t n, size_t cols), void *ctx)
{
    for (size_t i = 0; i < len;) {
        const unsigned char *u = (const unsigned char *)s + i;
        size_t n = utf8_len(u, len - i);
        uint32_t cp = n ? text_code_point(u, n) : 0;
        char buf[16];
        if (n == 1 && cp == '\t') {
            emit(ctx, " ", 1, 1);
        } else if (n == 0 || (n == 1 && text_hostile(cp))) {
            snprintf(buf, sizeof buf, "\\x%02X", u[0]);
            emit(ctx, buf, 4, 4);
            n = 1;
        } else if (text_hostile(cp)) {
            snprintf(buf, sizeof buf, "\\u%04X", (unsigned)cp);
            emit(ctx, buf, 6, 6);
        } else {
            emit(ctx, s + i, n, 1);
        }
        i += n;
    }
}

static void emit_text(void *ctx, const char *p, size_t n, size_t cols)
{
    (void)cols;
    strbuf_append(ctx, p, n);
}

static void emit_width(void *ctx, const char *p, size_t n, size_t cols)
{
    (void)p;
    (void)n;
    *(size_t *)ctx += cols;
}

void text_escape(struct strbuf *out, const char *s, size_t len)
{
    escape_each(s, len, emit_text, out);
}

size_t text_escaped_width(const char *s, size_t len)
{
    size_t cols = 0;
    escape_each(s, len, emit_width, &cols);
    return cols;
}
