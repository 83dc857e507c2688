/* A growable, always NUL-terminated byte string. */
#ifndef CORE_STRBUF_H
#define CORE_STRBUF_H
#include <stdarg.h>
#include <stddef.h>

struct strbuf {
    char *data; /* NULL until the first append; strbuf_cstr() never returns NULL */
    size_t len;
    size_t cap;
};

#define STRBUF_INIT {0, 0, 0}

/* Makes room for `extra` more bytes: appends up to them allocate nothing. */
void strbuf_reserve(struct strbuf *sb, size_t extra);
void strbuf_append(struct strbuf *sb, const char *s, size_t n);
void strbuf_puts(struct strbuf *sb, const char *s);
void strbuf_putc(struct strbuf *sb, char c);
/* printf-style append. The program never changes LC_NUMERIC, so numbers use a dot. */
void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* Appends s as a JSON string literal, quotes included. */
void strbuf_json_string(struct strbuf *sb, const char *s);
const char *strbuf_cstr(const struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_free(struct strbuf *sb);
/* Hands over the buffer (caller frees); sb is empty afterwards. */
char *strbuf_detach(struct strbuf *sb);

#endif
