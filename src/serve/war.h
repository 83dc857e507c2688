/* The king war entered seat by seat: each player's link enters that player's choice (avoid,
 * or support with the bonus rolls the war asks of them); the entries wait here, and once every
 * player has entered, the whole war goes to the recorder as the table's decision (a value). The
 * rules judge that line; what is checked here is only that an entry answers what the war
 * awaits of its player (the await's rolls due and POW).
 *
 * The entries waiting are kept beside FILE (FILE.war, private, written atomically and
 * flushed: serve/beside.h) so that a server stopped at any moment finds them again: never in
 * FILE itself, which holds the statements only (a war line lists every player). The file says how many statements FILE
 * had when they were entered; a restart takes them only when FILE still has that many, each
 * entry checked again, and otherwise ignores and removes them with a message:
 *   statements 41
 *   war Ann support 4 2
 *   war Ben avoid */
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

/* Keeps seat's entry e (its `entered` aside). Returns 0, or -1 with why in msg (no war
 * awaited, an entry that does not fit what the war awaits). */
int serve_war_enter(struct serve_war *w, const struct record_session *s, int seat, const struct serve_war_entry *e,
                    struct strbuf *msg);
/* The same for the war statement st (one entry, seat's own). */
int serve_war_enter_statement(struct serve_war *w, const struct record_session *s, int seat,
                              const struct log_stmt *st, struct strbuf *msg);

/* 1 when every player has entered, with the whole war as a decision in d; 0 otherwise. */
int serve_war_decision(const struct serve_war *w, const struct record_session *s, struct log_decision *d);

/* Writes the entries entered to path (privately and atomically, flushed: serve/beside.h),
 * with FILE's statement count; removes path when none is. Returns 0, or -1 with why in err. */
int serve_war_save(const struct serve_war *w, const struct record_session *s, const char *path, struct strbuf *err);
/* Reads the entries kept at path into w. Returns 0 (read, or no file); 1 when they do not fit
 * the game as FILE stands (another statement count, an entry the war does not await now, not
 * a file of entries): w is then empty, path removed, and msg says so; -1 when path is no
 * private regular file (a link, a FIFO, another user's: serve/beside.h) or cannot be read:
 * msg says why, nothing is removed. */
int serve_war_load(struct serve_war *w, const struct record_session *s, const char *path, struct strbuf *msg);

/* Drops the entries of a war no longer awaited (another round, or the war line written). */
void serve_war_sync(struct serve_war *w, const struct record_session *s);

#endif
