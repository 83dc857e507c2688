/* The UTF-8 check shared by every reader of text (logs, game data, names given on the command
 * line): what is accepted here can be drawn in a PDF and written in JSON (core/text.h says
 * which characters a name may not hold). */
#ifndef CORE_UTF8_H
#define CORE_UTF8_H
#include <stddef.h>

/* Length of the valid UTF-8 sequence at p (1-4 bytes, at most avail), or 0 when the bytes
 * there are not one: no overlong forms, surrogates or code points above U+10FFFF. */
size_t utf8_len(const unsigned char *p, size_t avail);

#endif
