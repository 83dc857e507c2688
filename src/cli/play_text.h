/* The recorder's words: the prompt (round, player, dice still unspent), the sentence saying
 * what is awaited next and by whom, with an example of the line to type, and the help. */
#ifndef CLI_PLAY_TEXT_H
#define CLI_PLAY_TEXT_H
#include "cli/play_session.h"

/* The short prompt: "r3 Mary 6 5 3 1> ", "players> ", "r7 war> "... */
void play_text_prompt(const struct play_session *s, struct strbuf *out);

/* What is awaited next, as a sentence with an example, ending with a line feed. */
void play_text_awaited(const struct play_session *s, struct strbuf *out);

/* The example the sentence gives: a line the recorder accepts now (legal moves come from the
 * engine); nothing once the game is over. */
void play_text_example(const struct play_session *s, struct strbuf *out);

/* The help of the recorder's commands and short forms. */
extern const char play_text_help[];

#endif
