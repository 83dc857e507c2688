/* Typed words as the log's lexer reads them: the one splitter of text typed at the table (the
 * recorder's short forms, its prompt's commands, completion), so a quoted name with escapes
 * reads the same there as in a log file. */
#ifndef LOG_WORDS_H
#define LOG_WORDS_H
#include <stddef.h>
#include "core/strbuf.h"

/* The first word of text: a quoted name (quotes off, escapes resolved), or a plain word or
 * number, into out (size n > 0, cut to fit, NUL-terminated; "" when text holds no word).
 * Returns the text after it, past the blanks and a comma that follow; *quoted (may be NULL)
 * says whether the word was quoted. */
const char *log_first_word(const char *text, char *out, size_t n, int *quoted);

/* Where the comment of one typed line starts: the byte of its `#` outside quoted names, or the
 * line's length (up to its first line feed or carriage return) when it has none. */
size_t log_comment_start(const char *text);

/* Appends text with the blanks between its words folded to one space (none at either end),
 * quoted names kept as typed. */
void log_fold_blanks(const char *text, struct strbuf *out);

/* The keyword of a log's first statement (comments and blank lines before it aside): it names
 * the game ("xii", "kingdom"). Points *word into buf and returns its length; 0 when the first
 * statement does not open with a word. */
size_t log_first_keyword(const char *buf, size_t len, const char **word);

#endif
