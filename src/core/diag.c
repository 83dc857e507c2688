#include "core/diag.h"
#include "core/utf8.h"
#include "core/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct diag *diag_add(struct diag_list *dl, enum diag_level level, const char *file,
                      struct srcpos pos, int len, const char *code, const char *fmt, ...)
{
    void *items = dl->items;
    xgrow(&items, &dl->cap, dl->count + 1, sizeof *dl->items);
    dl->items = items;
    struct diag *d = &dl->items[dl->count++];
    memset(d, 0, sizeof *d);
    d->level = level;
    d->pos = pos;
    d->len = len;
    d->file = xstrdup(file ? file : "");
    d->code = code ? xstrdup(code) : NULL;
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        char *msg = xmalloc((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        va_end(ap);
        d->message = msg;
    } else {
        d->message = strbuf_detach(&sb);
    }
    if (level == DIAG_ERROR)
        dl->errors++;
    return d;
}

void diag_set_player(struct diag *d, const char *player)
{
    free(d->player);
    d->player = player ? xstrdup(player) : NULL;
}

void diag_list_free(struct diag_list *dl)
{
    for (size_t i = 0; i < dl->count; i++) {
        free(dl->items[i].file);
        free(dl->items[i].code);
        free(dl->items[i].message);
        free(dl->items[i].player);
    }
    free(dl->items);
    dl->items = NULL;
    dl->count = dl->cap = dl->errors = 0;
}

const char *diag_level_name(enum diag_level level)
{
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_MISMATCH: return "mismatch";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

/* Finds line number `line` (1-based) in src; returns its start and sets *n to its length. */
static const char *find_line(const char *src, size_t srclen, int line, size_t *n)
{
    const char *p = src, *end = src + srclen;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *n = (size_t)((nl ? nl : end) - p);
    if (*n > 0 && p[*n - 1] == '\r')
        (*n)--;
    return p;
}

void diag_format(struct strbuf *out, const struct diag *d, const char *src, size_t srclen)
{
    if (d->pos.line > 0)
        strbuf_printf(out, "%s:%d:%d: ", d->file, d->pos.line, d->pos.col);
    else if (d->file[0])
        strbuf_printf(out, "%s: ", d->file);
    strbuf_printf(out, "%s: %s", diag_level_name(d->level), d->message);
    if (d->code && d->level == DIAG_ERROR)
        strbuf_printf(out, " [rule: %s]", d->code);
    strbuf_putc(out, '\n');
    /* Mismatches show no source line: finding it would scan the text from the start for each
     * of them (a log of a million check lines took hours). */
    if (d->level == DIAG_MISMATCH)
        return;
    size_t n;
    const char *line = (src && d->pos.line > 0) ? find_line(src, srclen, d->pos.line, &n) : NULL;
    if (!line)
        return;
    /* Long lines are cut so a report stays readable. */
    size_t shown = n > 200 ? 200 : n;
    strbuf_printf(out, "%5d | ", d->pos.line);
    /* Control characters become spaces and bytes that are not UTF-8 become '?', so the
     * report stays clean text whatever the log holds. */
    for (size_t i = 0; i < shown;) {
        const unsigned char *u = (const unsigned char *)line + i;
        size_t k = utf8_len(u, shown - i);
        if (k == 0) {
            strbuf_putc(out, '?');
            i++;
        } else if (k == 1) {
            strbuf_putc(out, (u[0] < 0x20 || u[0] == 0x7F) ? ' ' : (char)u[0]);
            i++;
        } else {
            strbuf_append(out, line + i, k);
            i += k;
        }
    }
    strbuf_puts(out, n > shown ? "...\n" : "\n");
    if (d->pos.col < 1 || (size_t)d->pos.col > shown + 1)
        return;
    strbuf_puts(out, "      | ");
    /* Columns are bytes; the caret goes under the character, so UTF-8 continuation bytes
     * take no room. */
    for (int i = 1; i < d->pos.col; i++)
        if (((unsigned char)line[i - 1] & 0xC0) != 0x80)
            strbuf_putc(out, ' ');
    strbuf_putc(out, '^');
    int len = d->len > 1 ? d->len : 1;
    for (int i = 1; i < len && (size_t)(d->pos.col + i) <= shown + 1; i++)
        strbuf_putc(out, '~');
    strbuf_putc(out, '\n');
}
