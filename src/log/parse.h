/* The move-log parser: .xii text -> struct log_ast (see log/ast.h), syntax errors -> diag_list.
 *
 * Syntax only: the parser knows the statement keywords and the ranges the format fixes (die 1-6,
 * round 1-10, 1-5 players, perk a|b, split parts adding up to the die), nothing about the game
 * data. Ids are kept as written plus a normalized form for the replay to resolve. */
#ifndef LOG_PARSE_H
#define LOG_PARSE_H
#include <stddef.h>
#include "core/diag.h"
#include "log/ast.h"

/* The largest move log xii reads, and the recorder writes. A hand-written log is a few kB; the
 * tree of a log costs about 7 times its size in memory whatever it holds: 32 MB of failing
 * check lines stay under 256 MB (bench/NOTES.md). */
#define LOG_MAX_BYTES ((size_t)32 << 20)

/* After this many syntax errors the parser adds one "too many errors" diagnostic and stops. */
#define LOG_MAX_ERRORS 50

/* The statement a line's first word names: the kind of the keyword or alias word[0..n) spells
 * (ASCII case ignored, '_' for '-': "Title" -> LOG_GAME, "reserve" -> LOG_SPEND), or
 * LOG_INVALID when it is no statement keyword. The parser's own table: the one list of them. */
enum log_kind log_keyword_kind(const char *word, size_t n);

/* Parses buf[0..len) (no terminating NUL needed; NUL bytes are errors). Diagnostics name
 * `filename` and use code "syntax" (grammar, ranges) or "encoding" (NUL, control characters,
 * invalid UTF-8). A line with an error becomes a LOG_INVALID statement and parsing goes on at
 * the next line. Never returns NULL; the caller frees the result with log_free(). */
struct log_ast *log_parse(const char *buf, size_t len, const char *filename,
                          struct diag_list *diags);
/* The same for a text that starts at line first_line of the file (a line appended to a log). */
struct log_ast *log_parse_from(const char *buf, size_t len, const char *filename, int first_line,
                               struct diag_list *diags);

/* How many texts have been parsed so far (log_parse and log_parse_from calls, every thread's):
 * what a test counts a path's parses by. */
unsigned long log_parse_count(void);

#endif
