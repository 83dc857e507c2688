/* A plan said in words, for the advisor's reports: what each move does to the town, read from
 * the engine's records of the move (what each die or split part added, what was paid: so the
 * highest-die reduction, MAX clamps and partial increases are the engine's own), then what the
 * turn's end does (feeding, starving). The ids are the move log's ids. */
#ifndef ADVISOR_ADVICE_WORDS_H
#define ADVISOR_ADVICE_WORDS_H
#include "core/strbuf.h"
#include "rules/engine.h"

/* Appends the words for moves[0..n-1] played from state s by the turn's player, e.g.
 * "population +6; attract the blacksmith (pays 3 supply); store a 2 in the reserve; then
 * feeding eats 4 food". Returns 0, or -1 when the engine refuses a move (the words stop
 * there). */
int advice_words_plan(const struct game_state *s, const struct move *moves, int n,
                      struct strbuf *out);

#endif
