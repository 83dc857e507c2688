/* The recorder's tab completion: the words that can follow what is typed, legal at that
 * point. Moves come from the engine's legal moves (written as log lines by the replay), the
 * war's choices from the POW the engine computes, location choices from what the round still
 * needs: nothing here decides a rule. */
#ifndef RECORD_COMPLETE_H
#define RECORD_COMPLETE_H
#include <stddef.h>
#include "record/session.h"

struct record_words {
    char **items;       /* distinct words, in the order found (owned) */
    size_t n, cap;
};

/* The words that complete `partial` (the word being typed, possibly empty) after `before`
 * (the text of the line before that word). out starts empty; free it with record_words_free. */
void record_complete(const struct record_session *s, const char *before, const char *partial,
                   struct record_words *out);
void record_words_free(struct record_words *w);

#endif
