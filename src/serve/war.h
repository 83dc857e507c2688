/* The king war entered seat by seat: each player's link enters that player's choice (avoid,
 * or support with the bonus rolls the war asks of them); the entries wait here, in memory,
 * and once every player has entered, the whole war line goes to the recorder as the table
 * would type it. The rules judge that line; what is checked here is only that an entry
 * answers what the war awaits of its player (the await's rolls due and POW). */
#ifndef SERVE_WAR_H
#define SERVE_WAR_H
#include "core/strbuf.h"
#include "log/ast.h"
#include "record/session.h"

#define SERVE_WAR_MAX_ROLLS 8

struct serve_war_entry {
    int entered;
    int support;
    int rolls[SERVE_WAR_MAX_ROLLS];
    int nrolls;
};

struct serve_war {
    int round;              /* the round of the war entered (0: no entry yet) */
    struct serve_war_entry seat[XII_MAX_PLAYERS];
};

/* Keeps seat's entry from the war statement st (one entry, seat's own). Returns 0, or -1
 * with why in msg (no war awaited, an entry that does not fit what the war awaits). */
int serve_war_enter(struct serve_war *w, const struct record_session *s, int seat, const struct log_stmt *st,
                    struct strbuf *msg);

/* 1 when every player has entered, with the war line in line; 0 otherwise. */
int serve_war_line(const struct serve_war *w, const struct record_session *s, struct strbuf *line);

/* Drops the entries of a war no longer awaited (another round, or the war line written). */
void serve_war_sync(struct serve_war *w, const struct record_session *s);

#endif
