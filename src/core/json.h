/* The house's one way to write JSON. A document is built as jansson values (json_object(),
 * json_array(), json_integer(), json_true() ..., json_object_set_new(), json_array_append_new())
 * and written once by json_doc_write() or json_doc_fwrite(); nothing else in the program spells
 * a JSON key, a quote or a bracket.
 *
 * The layout: object members in the order they were set; ": " after a key and ", " between
 * members on one line; a container either on one line or one member per line, indented by two
 * spaces a level, the closing bracket on its own line at its container's indentation; empty
 * containers as {} and []; a newline at the end. The root is always broken over lines; any
 * other container only when its path is listed in `broken` (NULL-terminated, may be NULL): keys
 * from the root separated by '/', a '*' matching any key or array element: "players" breaks
 * the "players" array, "players/" followed by a '*' each of its elements.
 *
 * Strings are written as they are (UTF-8 passes through), with ", \ and control characters
 * escaped. An integer is written in decimal. A real is written as the shortest decimal text
 * that reads back as the same double, with at least one decimal: a value made by
 * json_fixed(80.4999999, 1) is written 80.5, json_fixed(69, 4) 69.0. Jansson allocates through
 * xmalloc here, so running out of memory aborts with one line, as everywhere in the house. */
#ifndef CORE_JSON_H
#define CORE_JSON_H
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include "core/strbuf.h"

/* v rounded to `decimals` decimals (as printf rounds); JSON null if v is not finite. */
json_t *json_fixed(double v, int decimals);
/* An unsigned 64-bit integer. Jansson's integers are signed, so a value above INT64_MAX is
 * held as its decimal digits in a jansson string that starts with a NUL byte, which
 * json_doc_write writes bare; below, it is a plain json_integer. */
json_t *json_uint(uint64_t v);
/* A string value of s (bytes kept as they are), or JSON null if s is NULL. */
json_t *json_text(const char *s);
/* Appends the document to out. */
void json_doc_write(const json_t *doc, const char *const *broken, struct strbuf *out);
/* Writes the document to f; 0, or -1 if f reports an error. */
int json_doc_fwrite(const json_t *doc, const char *const *broken, FILE *f);

#endif
