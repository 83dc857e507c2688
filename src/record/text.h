/* The recorder's words: the prompt (round, player, dice still unspent), the sentence saying
 * what is awaited next and by whom, with an example of the line to type, and the help. */
#ifndef RECORD_TEXT_H
#define RECORD_TEXT_H
#include "record/session.h"

/* The short prompt: "r3 Mary 6 5 3 1> ", "players> ", "r7 war> "... */
void record_text_prompt(const struct record_session *s, struct strbuf *out);

/* What is awaited next, as a sentence with an example, ending with a line feed. */
void record_text_awaited(const struct record_session *s, struct strbuf *out);

/* The example the sentence gives: a line the recorder accepts now (legal moves come from the
 * engine); nothing once the game is over. */
void record_text_example(const struct record_session *s, struct strbuf *out);

/* The help of the recorder's commands and short forms. */
extern const char record_text_help[];

#endif
