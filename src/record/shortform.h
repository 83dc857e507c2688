/* The recorder's short forms: what the context makes unambiguous may be left out of a typed
 * line, and is written out in full in FILE. A line that starts with a statement keyword is a
 * statement as it is; otherwise, by what is awaited:
 *   header       "Jack Tom Mary" -> players ..., "normal" -> difficulty normal,
 *                events: "3 5 1 6" (the dice rolled, setup method 1), "seed 42", or
 *                "7 fire, 8 plague, ..." (chosen), "merchant" -> solo merchant
 *   round        "round" -> round N
 *   outlaws      "Tom 4, Mary 5 2" -> outlaws ...; "4" when one player rolls
 *   shared dice  "5 6" -> shared 5 6
 *   turn         "3 1" -> turn NAME 3 1; "Tom 3 1" -> turn Tom 3 1
 *   reserve die  after the fourth die, "3 food" -> reserve 3 food
 *   war          "Jack avoid, Tom support 4" -> war ...; "avoid" when no player has POW ->
 *                war Jack avoid, Tom avoid
 *   collect      "grassland food" -> collect NAME grassland food; "Tom forest supply" too
 *   game over    "Tom food 8 score 30" -> check Tom food 8 score 30
 * Expansion only rewrites the text: whether the statement is legal is the replay's business. */
#ifndef RECORD_SHORTFORM_H
#define RECORD_SHORTFORM_H
#include "record/session.h"

/* Where the header stands: what the recorder asks for next before round 1. */
enum record_header_step {
    RECORD_STEP_PLAYERS,      /* no players line yet */
    RECORD_STEP_SOLO,         /* one player: the solo objective */
    RECORD_STEP_DIFFICULTY,   /* no difficulty line yet (round 1 may still start at very-easy) */
    RECORD_STEP_EVENTS,       /* the difficulty has event rounds to assign */
    RECORD_STEP_READY,        /* towns, variants, a title, or round 1 */
    RECORD_STEP_GAME          /* round 1 has begun */
};

/* The header step of the session's log. */
enum record_header_step record_header_step(const struct record_session *s);

/* Expands the typed line (no line feed) into a statement in out, and a comment to write after
 * it in comment (the dice rolled for the events; may stay empty). Returns 0, or -1 with the
 * reason in err (dice that cannot assign the events, a bad seed). */
int record_shortform_expand(const struct record_session *s, const char *typed, struct strbuf *out,
                          struct strbuf *comment, struct strbuf *err);

/* The events line drawn from a seed for difficulty d (setup method 1), with its comment. */
int record_shortform_seeded_events(const struct gamedata *gd, int d, uint64_t seed, struct strbuf *out,
                                 struct strbuf *comment, struct strbuf *err);

/* The seat whose name is word (exactly, then ignoring case), or -1. */
int record_find_player(const struct game_state *s, const char *word);

#endif
