/* What a link may decide now, listed once per version of the log: the engine's legal moves of
 * the turn awaited (the market conversions included), each with its line as src/log writes it
 * and the audit's waste mark, and the location choices owed, each seat's as whole collect
 * lines (one per combination of the bonuses). A page shows these lists and posts a decision by
 * its index in them (serve/decide.h); the lists are kept until the log changes, so a poll
 * writes no log text. */
#ifndef SERVE_CHOICES_H
#define SERVE_CHOICES_H
#include <stddef.h>
#include "record/session.h"

struct serve_move_choice {
    struct move m;
    int wastes;                 /* the audit's waste rule: the die adds nothing or less */
    char *line;                 /* the line as written (owned) */
};

struct serve_collect_choice {
    int seat;
    int choice[LOCATION_COUNT]; /* the bonus taken at each location owed (-1: not owed) */
    char *line;                 /* the collect line as written (owned) */
};

struct serve_choices {
    unsigned long listed;       /* the log version they were listed for, plus 1 (0: none yet) */
    int seat;                   /* whose turn the moves are (-1: no turn awaits a die) */
    struct serve_move_choice *moves;
    size_t nmoves;
    struct serve_collect_choice *collects;
    size_t ncollects;
};

/* Lists what the session s awaits at log version `version`, unless c already holds that
 * version's lists. */
void serve_choices_update(struct serve_choices *c, const struct record_session *s, unsigned long version);
void serve_choices_free(struct serve_choices *c);

#endif
