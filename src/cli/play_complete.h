/* The recorder's tab completion: the words that can follow what is typed, legal at that
 * point. Moves come from the engine's legal moves (written as log lines by the replay), the
 * war's choices from the POW the engine computes, location choices from what the round still
 * needs: nothing here decides a rule. */
#ifndef CLI_PLAY_COMPLETE_H
#define CLI_PLAY_COMPLETE_H
#include <stddef.h>
#include "cli/play_session.h"

struct play_words {
    char **items;       /* distinct words, in the order found (owned) */
    size_t n, cap;
};

/* The words that complete `partial` (the word being typed, possibly empty) after `before`
 * (the text of the line before that word). out starts empty; free it with play_words_free. */
void play_complete(const struct play_session *s, const char *before, const char *partial,
                   struct play_words *out);
void play_words_free(struct play_words *w);

#endif
