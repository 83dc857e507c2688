/* The house's one way to write JSON: jansson documents laid out the house's way. */
#include "core/json.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

/* Set before main() runs: every jansson value of the program is allocated through xmalloc. */
__attribute__((constructor)) static void json_allocate_with_xmalloc(void)
{
    json_set_alloc_funcs(xmalloc, free);
}

json_t *json_fixed(double v, int decimals)
{
    if (!isfinite(v))
        return json_null();
    char text[400];
    snprintf(text, sizeof text, "%.*f", decimals, v);
    double rounded = strtod(text, NULL);
    return json_real(rounded == 0 ? 0.0 : rounded); /* no -0.0 */
}

json_t *json_uint(uint64_t v)
{
    if (v <= INT64_MAX)
        return json_integer((json_int_t)v);
    char digits[24];
    int n = snprintf(digits + 1, sizeof digits - 1, "%llu", (unsigned long long)v);
    digits[0] = '\0';
    return json_stringn_nocheck(digits, (size_t)n + 1);
}

json_t *json_text(const char *s)
{
    return s ? json_string_nocheck(s) : json_null();
}

static void write_real(double v, struct strbuf *out)
{
    char text[400];
    for (int d = 1; d <= 17; d++) {
        snprintf(text, sizeof text, "%.*f", d, v);
        if (strtod(text, NULL) == v) {
            strbuf_puts(out, text);
            return;
        }
    }
    strbuf_printf(out, "%.17g", v); /* tiny values: 17 significant digits read back exactly */
}

/* Where the writer is: the keys from the root ("*" for an array element). */
struct json_path {
    const char *key[64];
    int depth;
};

static int segment_matches(const char *pattern, size_t n, const char *key)
{
    if (n == 1 && pattern[0] == '*')
        return 1;
    return strlen(key) == n && memcmp(pattern, key, n) == 0;
}

static int path_matches(const char *pattern, const struct json_path *path)
{
    const char *p = pattern;
    for (int i = 0; i < path->depth; i++) {
        size_t n = strcspn(p, "/");
        if (!segment_matches(p, n, path->key[i]))
            return 0;
        p += n;
        if (*p == '/')
            p++;
        else if (i + 1 < path->depth)
            return 0;
    }
    return *p == '\0';
}

static int is_broken(const struct json_path *path, const char *const *broken)
{
    if (path->depth == 0)
        return 1;
    for (size_t i = 0; broken && broken[i]; i++)
        if (path_matches(broken[i], path))
            return 1;
    return 0;
}

static void write_value(const json_t *v, struct json_path *path, const char *const *broken,
                        struct strbuf *out);

static void newline(int depth, struct strbuf *out)
{
    strbuf_putc(out, '\n');
    for (int i = 0; i < depth; i++)
        strbuf_puts(out, "  ");
}

/* Opens the next member of a container: the separator, and the line break if broken. */
static void member_start(size_t index, int lines, int depth, struct strbuf *out)
{
    if (index)
        strbuf_putc(out, ',');
    if (lines)
        newline(depth + 1, out);
    else if (index)
        strbuf_putc(out, ' ');
}

static void write_child(const json_t *v, const char *key, struct json_path *path,
                        const char *const *broken, struct strbuf *out)
{
    if (path->depth >= (int)(sizeof path->key / sizeof path->key[0])) {
        strbuf_puts(out, "null"); /* deeper than any document of the house */
        return;
    }
    path->key[path->depth++] = key;
    write_value(v, path, broken, out);
    path->depth--;
}

static void write_object(const json_t *v, struct json_path *path, const char *const *broken,
                         struct strbuf *out)
{
    int lines = is_broken(path, broken), depth = path->depth;
    size_t index = 0;
    const char *key;
    json_t *member;
    strbuf_putc(out, '{');
    json_object_foreach((json_t *)v, key, member) {
        member_start(index++, lines, depth, out);
        strbuf_json_string(out, key);
        strbuf_puts(out, ": ");
        write_child(member, key, path, broken, out);
    }
    if (lines && index)
        newline(depth, out);
    strbuf_putc(out, '}');
}

static void write_array(const json_t *v, struct json_path *path, const char *const *broken,
                        struct strbuf *out)
{
    int lines = is_broken(path, broken), depth = path->depth;
    size_t index;
    json_t *member;
    strbuf_putc(out, '[');
    json_array_foreach(v, index, member) {
        member_start(index, lines, depth, out);
        write_child(member, "*", path, broken, out);
    }
    if (lines && json_array_size(v))
        newline(depth, out);
    strbuf_putc(out, ']');
}

static void write_value(const json_t *v, struct json_path *path, const char *const *broken,
                        struct strbuf *out)
{
    switch (v ? json_typeof(v) : JSON_NULL) {
    case JSON_OBJECT: write_object(v, path, broken, out); break;
    case JSON_ARRAY: write_array(v, path, broken, out); break;
    case JSON_STRING:
        if (json_string_length(v) > 0 && json_string_value(v)[0] == '\0')
            strbuf_puts(out, json_string_value(v) + 1); /* json_uint's digits */
        else
            strbuf_json_string(out, json_string_value(v));
        break;
    case JSON_INTEGER: strbuf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v)); break;
    case JSON_REAL: write_real(json_real_value(v), out); break;
    case JSON_TRUE: strbuf_puts(out, "true"); break;
    case JSON_FALSE: strbuf_puts(out, "false"); break;
    case JSON_NULL: strbuf_puts(out, "null"); break;
    }
}

void json_doc_write(const json_t *doc, const char *const *broken, struct strbuf *out)
{
    struct json_path path = {.depth = 0};
    write_value(doc, &path, broken, out);
    strbuf_putc(out, '\n');
}

int json_doc_fwrite(const json_t *doc, const char *const *broken, FILE *f)
{
    struct strbuf sb = STRBUF_INIT;
    json_doc_write(doc, broken, &sb);
    size_t written = fwrite(sb.data, 1, sb.len, f);
    int failed = written != sb.len || ferror(f);
    strbuf_free(&sb);
    return failed ? -1 : 0;
}
