/* How `xii play` reads the table's lines, whatever the game: a pipe line by line (a line it
 * cannot take refused with why), a terminal through libedit (line editing, history; Ctrl-C
 * drops the line being typed, Ctrl-Z and fg draw the prompt again). */
#ifndef CLI_PLAY_INPUT_H
#define CLI_PLAY_INPUT_H
#include "core/strbuf.h"

/* Sets the terminal's reading up: UTF-8 as a log is written, libedit's name, Ctrl-C and
 * resumption caught (call once, before the first terminal line). */
void play_input_terminal(void);
/* A line from a pipe (line number `number` of the input), without its end (LF or CR LF), or
 * NULL at the end of the input. A line the recorder cannot take comes with why in refusal:
 * a NUL byte or a carriage return inside, or more than RECORD_MAX_LINE_BYTES (the rest of the
 * input is then not read). The caller frees the line. */
char *play_input_piped(long number, struct strbuf *refusal);
/* A line typed at the terminal after prompt (added to the history), or NULL at Ctrl-D; a line
 * too long comes with why in refusal. The caller frees the line. */
char *play_input_typed(const char *prompt, struct strbuf *refusal);

#endif
