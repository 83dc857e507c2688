/* The fields of a recorder's session, for src/record's own files only: the other rooms read
 * and change a session through record/session.h's functions. */
#ifndef RECORD_SESSION_FIELDS_H
#define RECORD_SESSION_FIELDS_H
#include "record/session.h"

struct record_session {
    const struct gamedata *gd;
    char *path;                 /* FILE (owned) */
    struct record_gamefile file;    /* FILE, open and locked while the session lasts */
    struct strbuf text;         /* FILE's content: every accepted line */
    int has_seed;               /* --seed: a difficulty's events are drawn from seed */
    uint64_t seed;
    int lines;                  /* line feeds in text */
    /* The live replay of text, the replay it shows, and what it awaits. */
    struct log_live *live;
    const struct log_replay *replay;
    struct log_await await;
};

#endif
