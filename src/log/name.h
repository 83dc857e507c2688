/* Player names, town names and titles as words of the move log: the one writer of them, so
 * that every line the program writes or suggests (the log writer, the audit's lines to add,
 * the recorder, the advisor) reads back through the lexer (log/lex.h) to the same text. */
#ifndef LOG_NAME_H
#define LOG_NAME_H
#include "core/strbuf.h"
#include "rules/state.h"

/* Room for a name of XII_NAME_SIZE - 1 bytes written by log_write_name, quotes, escapes, NUL. */
#define LOG_NAME_WORD_SIZE (2 * XII_NAME_SIZE + 2)

/* Appends a player's (or town's) name as a word of the log, the one way every part of the
 * program writes a name into log text: bare when the lexer reads it back as one word (a number,
 * several words, quotes or commas are not), else in double quotes with '"' and '\\' escaped (log_write_quoted). */
void log_write_name(const char *name, struct strbuf *out);
/* The name as log_write_name writes it, in buf (whole for any name of up to
 * XII_NAME_SIZE - 1 bytes; a longer one is cut): for a log line quoted inside a sentence. Returns buf. */
const char *log_name_word(const char *name, char buf[LOG_NAME_WORD_SIZE]);
/* Appends text in double quotes, '"' and '\\' escaped as the lexer reads them back. */
void log_write_quoted(const char *text, struct strbuf *out);

#endif
