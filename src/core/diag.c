/* The diagnostics list: source positions, severities, rule ids and messages, appended by library
 * code. */
#include "core/diag.h"
#include "core/text.h"
#include "core/utf8.h"
#include "core/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many of the list's newest strings a new one is looked for among: a game names a file, a
 * few codes and its players; a list kept for many files copies a string again rather than
 * search them all. */
enum { INTERN_WINDOW = 16 };

/* The list's copy of s: one of its newest strings when equal, else a new copy. Beyond
 * dl->keep (the spare entry) every string is looked at, so that a hostile input's diagnostics,
 * only counted, add no copy but of a string the list has never seen (the files, codes and
 * players are few). */
static const char *intern(struct diag_list *dl, const char *s)
{
    int counting = dl->keep && dl->count >= dl->keep;
    size_t low = counting || dl->nstrings <= INTERN_WINDOW ? 0 : dl->nstrings - INTERN_WINDOW;
    for (size_t i = dl->nstrings; i > low; i--) {
        const char *t = dl->strings[i - 1];
        if (t[0] == s[0] && strcmp(t, s) == 0)
            return t;
    }
    void *items = dl->strings;
    xgrow(&items, &dl->strings_cap, dl->nstrings + 1, sizeof *dl->strings);
    dl->strings = items;
    return dl->strings[dl->nstrings++] = xstrdup(s);
}

/* Frees what d owns: its message (its other strings are the list's). */
static void free_strings(struct diag *d)
{
    free(d->message);
    d->message = NULL;
    d->file = d->code = d->player = NULL;
}

/* A new entry (or the spare one beyond dl->keep) with its position, file and code; the
 * message is the caller's to set. */
static struct diag *new_entry(struct diag_list *dl, enum diag_level level, const char *file,
                              struct srcpos pos, int len, const char *code)
{
    struct diag *d;
    if (dl->keep && dl->count >= dl->keep) {
        d = &dl->spare;
        free_strings(d);
        dl->omitted++;
    } else {
        void *items = dl->items;
        xgrow(&items, &dl->cap, dl->count + 1, sizeof *dl->items);
        dl->items = items;
        d = &dl->items[dl->count++];
    }
    memset(d, 0, sizeof *d);
    d->level = level;
    d->pos = pos;
    d->len = len;
    d->file = intern(dl, file ? file : "");
    d->code = code ? intern(dl, code) : NULL;
    if (level == DIAG_ERROR)
        dl->errors++;
    else if (level == DIAG_WARNING)
        dl->warnings++;
    return d;
}

struct diag *diag_add(struct diag_list *dl, enum diag_level level, const char *file,
                      struct srcpos pos, int len, const char *code, const char *fmt, ...)
{
    struct diag *d = new_entry(dl, level, file, pos, len, code);
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&sb, fmt, ap);
    va_end(ap);
    d->message = strbuf_detach(&sb);
    return d;
}

struct diag *diag_add_message(struct diag_list *dl, enum diag_level level, const char *file,
                              struct srcpos pos, int len, const char *code, struct strbuf *message)
{
    struct diag *d = new_entry(dl, level, file, pos, len, code);
    d->message = strbuf_detach(message);
    return d;
}

void diag_set_player(struct diag_list *dl, struct diag *d, const char *player)
{
    d->player = player ? intern(dl, player) : NULL;
}

void diag_list_free(struct diag_list *dl)
{
    for (size_t i = 0; i < dl->count; i++)
        free_strings(&dl->items[i]);
    free_strings(&dl->spare);
    free(dl->items);
    for (size_t i = 0; i < dl->nstrings; i++)
        free(dl->strings[i]);
    free(dl->strings);
    size_t keep = dl->keep;
    memset(dl, 0, sizeof *dl);
    dl->keep = keep;
}

struct diag_mark diag_list_mark(const struct diag_list *dl)
{
    return (struct diag_mark){dl->count, dl->errors, dl->warnings, dl->omitted, dl->nstrings};
}

void diag_list_rewind(struct diag_list *dl, struct diag_mark m)
{
    for (size_t i = m.count; i < dl->count; i++)
        free_strings(&dl->items[i]);
    if (m.count < dl->count)
        dl->count = m.count;
    if (m.strings < dl->nstrings) {
        /* The spare may point at a string copied after the mark: it is scratch, emptied. */
        free_strings(&dl->spare);
        for (size_t i = m.strings; i < dl->nstrings; i++)
            free(dl->strings[i]);
        dl->nstrings = m.strings;
    }
    dl->errors = m.errors;
    dl->warnings = m.warnings;
    dl->omitted = m.omitted;
}

static const char *diag_level_name(enum diag_level level)
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
    diag_format_from(out, d, src, srclen, 1);
}

void diag_format_from(struct strbuf *out, const struct diag *d, const char *src, size_t srclen, int first_line)
{
    /* The file name and the message quote input: escaped like the line. */
    text_escape(out, d->file, strlen(d->file));
    if (d->pos.line > 0)
        strbuf_printf(out, ":%d:%d: ", d->pos.line, d->pos.col);
    else if (d->file[0])
        strbuf_puts(out, ": ");
    strbuf_printf(out, "%s: ", diag_level_name(d->level));
    text_escape(out, d->message, strlen(d->message));
    /* Errors and warnings name the rule they come from (mismatches and notes are findings,
     * not rules broken or bent). */
    if (d->code && (d->level == DIAG_ERROR || d->level == DIAG_WARNING))
        strbuf_printf(out, " [rule: %s]", d->code);
    strbuf_putc(out, '\n');
    /* Mismatches show no source line: finding it would scan the text from the start for each
     * of them (a log of a million check lines took hours). */
    if (d->level == DIAG_MISMATCH)
        return;
    size_t n;
    int at = d->pos.line - first_line + 1;
    const char *line = (src && at > 0) ? find_line(src, srclen, at, &n) : NULL;
    if (!line)
        return;
    /* Long lines are cut so a report stays readable. */
    size_t shown = n > 200 ? 200 : n;
    strbuf_printf(out, "%5d | ", d->pos.line);
    /* The line as a terminal may show it: control, C1 and bidirectional characters and bytes
     * that are not UTF-8 are escaped (core/text.h), whatever the log holds. */
    text_escape(out, line, shown);
    strbuf_puts(out, n > shown ? "...\n" : "\n");
    if (d->pos.col < 1 || (size_t)d->pos.col > shown + 1)
        return;
    /* Columns are bytes; the caret goes under the character as it was shown. */
    size_t before = (size_t)d->pos.col - 1;
    size_t pad = text_escaped_width(line, before);
    size_t len = d->len > 1 ? (size_t)d->len : 1;
    if (len > shown - before)
        len = shown - before;
    size_t width = len ? text_escaped_width(line + before, len) : 1;
    strbuf_puts(out, "      | ");
    for (size_t i = 0; i < pad; i++)
        strbuf_putc(out, ' ');
    strbuf_putc(out, '^');
    for (size_t i = 1; i < width; i++)
        strbuf_putc(out, '~');
    strbuf_putc(out, '\n');
}
