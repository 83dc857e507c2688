/* Text that comes from outside (a log, game data, the command line) and is printed: one check
 * for what may be a name, a town or a title, and one escaping for whatever is echoed to a
 * terminal. Both treat the same characters as hostile: C0 controls and DEL, C1 controls
 * (U+0080-U+009F: a terminal reads U+009B as the start of an escape sequence), the
 * bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: they make
 * a line show in another order than it is read), and bytes that are not UTF-8. */
#ifndef CORE_TEXT_H
#define CORE_TEXT_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"

/* True for a code point no name, town or title may hold (the list above). */
int text_hostile(uint32_t cp);
/* What kind of hostile character cp is: "a control character", "a C1 control character",
 * "a bidirectional override" or "a bidirectional isolate". */
const char *text_hostile_kind(uint32_t cp);
/* The code point of the valid UTF-8 sequence of n bytes at p (utf8_len gave n). */
uint32_t text_code_point(const unsigned char *p, size_t n);

/* Checks s[0..len) as a name, town or title. Returns NULL when it is clean text; otherwise
 * what is wrong ("a control character U+001B", "a C1 control character U+009B", "a
 * bidirectional override U+202E", "bytes that are not UTF-8"), written into why, with the
 * byte offset of the problem in *at. */
const char *text_check_name(const char *s, size_t len, size_t *at, struct strbuf *why);

/* Appends s[0..len) as it is safe to show on a terminal: clean text as it is, a tab as one
 * space, every hostile character as \xHH (a byte below 0x80, or one that is not UTF-8) or
 * \uHHHH (a C1 control or a bidirectional character). */
void text_escape(struct strbuf *out, const char *s, size_t len);
/* The columns text_escape(s, len) takes on a terminal (one per character shown). */
size_t text_escaped_width(const char *s, size_t len);

#endif
