/* The shared recorder over the game interface (core/game.h): the game file of a game recorded
 * at the table, for any game whose text edges are set (read, prompt, narrate, warn, check_log;
 * Kingdom's today). No terminal here: the callers read the lines and print.
 *
 * A new FILE gets the game's opening (write_start); a FILE with lines is continued only when
 * the game's audit finds no error and no mismatch in it (check_log: its words are the
 * refusal), replayed line by line through the game's reader. A decision comes as a value
 * (gsession_decide: `xii serve` picks it from gsession_legal) or as a typed line
 * (gsession_submit: the game's reader turns it into decisions, short forms included). Each
 * decision is checked and applied by the game's engine and written ONCE, with the game's
 * write_decision; a line is appended to FILE only whole (a line that gathers several
 * decisions waits in memory for its last one) and flushed to the disk (fsync) before the call
 * returns. FILE is locked, checked against outside changes and never left with half a line
 * (record/gamefile.h). When a decision ends the game, the game's closing lines (write_end: the
 * result) are written with it. Undo takes back the decisions not yet in FILE, if any, else
 * FILE's last line with the decisions it carried (the closing lines with the decision that
 * ended the game). */
#ifndef RECORD_GSESSION_H
#define RECORD_GSESSION_H
#include <stddef.h>
#include "core/game.h"
#include "core/strbuf.h"

/* A recorder's session over a game: opened by gsession_open, read and changed through the
 * functions below. */
struct gsession;

enum gsession_outcome {
    GSESSION_EMPTY,         /* nothing but blanks was typed: nothing happens */
    GSESSION_ACCEPTED,      /* applied (and written, when its line is whole) */
    GSESSION_REFUSED,       /* not applied, nothing written: message says why */
    GSESSION_WRITE_FAILED   /* legal, but FILE could not be written: nothing changed; message
                               says why */
};

struct gsession_result {
    enum gsession_outcome outcome;
    struct strbuf written;      /* the lines appended to FILE (empty while a line waits) */
    struct strbuf message;      /* refused, write failed: why */
    struct strbuf narration;    /* accepted: what the rules did by themselves (may be empty) */
    struct strbuf warnings;     /* accepted: the waste the game sees in the decisions */
    size_t decisions;           /* accepted: how many decisions were applied */
};

/* Opens FILE for game g with its data (the caller keeps data alive; a NULL comment or a text
 * written after the opening as a comment line of a new FILE), locks it, and starts or
 * continues the game, in a session *s allocated whatever the outcome (free it with
 * gsession_free). Returns 0; -1 with the reason in err when FILE cannot be read or created
 * (or is not a regular file); -2 when it cannot be written (or another recorder holds it); 1
 * when it has errors (err holds the audit's diagnostics); -3 when g has no text edges. */
int gsession_open(struct gsession **s, const struct game *g, const void *data, const char *path,
                  const char *comment, struct strbuf *err);
/* Frees the session (FILE stays, without a line still waiting); NULL is nothing. */
void gsession_free(struct gsession *s);

/* Reads the typed line (no line feed) with the game's reader and applies its decisions, all
 * or none; its comment is written after their line. A line without decisions (a note, a
 * check line, the names) is written when FILE with it still audits clean. The opening statement typed is nothing
 * before the first decision (a whole log piped in: FILE has its opening), else refused. A typed result is taken only when the steps it leaves implicit end the game (the
 * game's closing lines are then written for it). res is initialised here; free it with gsession_result_free. */
void gsession_submit(struct gsession *s, const char *line, struct gsession_result *res);
/* Applies one decision value (decision_size bytes) when the rules take it. res as above. */
void gsession_decide(struct gsession *s, const void *decision, struct gsession_result *res);
void gsession_result_free(struct gsession_result *res);

/* Takes back the decisions not yet in FILE when there are any, else FILE's last line with its
 * decisions. Writes the lines cut from FILE into undone (empty when only waiting decisions, or
 * nothing, were taken back). Returns the number of decisions taken back (0: nothing to take
 * back), or -1 with the reason in err when FILE could not be cut (the session is unchanged). */
int gsession_undo(struct gsession *s, struct strbuf *undone, struct strbuf *err);

/* The game. */
const struct game *gsession_game(const struct gsession *s);
/* The state where the next decision is taken. */
const void *gsession_state(const struct gsession *s);
/* Who decides now (the game's current: a seat, GAME_CHANCE, GAME_OVER...). */
int gsession_current(const struct gsession *s);
/* The legal decisions now, as the game's legal (p may be NULL). */
size_t gsession_legal(const struct gsession *s, void *out, double *p, size_t cap);
/* What the game awaits, in words (the game's prompt). */
void gsession_prompt(const struct gsession *s, struct strbuf *out);
/* The decisions applied so far (in FILE or waiting for the rest of their line). */
size_t gsession_decisions(const struct gsession *s);
/* Whether decisions wait in memory for the rest of their line. */
int gsession_waiting(const struct gsession *s);
/* Whether the game is over and its closing lines are in FILE. */
int gsession_over(const struct gsession *s);
/* FILE as given, and its content: every line written. */
const char *gsession_path(const struct gsession *s);
const struct strbuf *gsession_text(const struct gsession *s);
/* The game's audit of FILE as it stands: 1 when clean, else 0 with the diagnostics in out. */
int gsession_audit(const struct gsession *s, struct strbuf *out);

#endif
