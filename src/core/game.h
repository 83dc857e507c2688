/* A game as a value: the interface a game gives the shared rooms (bots' random and rollout
 * players, the simulation's driver, the audit's and the recorder's dispatch by the log's
 * first statement, the sheet and rules commands).
 *
 * The model is OpenSpiel's Game and State (CurrentPlayer, LegalActions, ApplyAction,
 * IsChanceNode with ChanceOutcomes, IsTerminal, Returns) and boardgame.io's game object (setup,
 * moves, turn order, end). A state is a plain struct of state_size bytes: a copy is memcpy, so a
 * player can try a decision on a copy. A decision is a value of decision_size bytes whose
 * meaning is the game's own; the shared rooms only store, compare, pick and hand back
 * decisions. Dice are decisions of the chance player, listed with their probabilities, so a
 * driver samples them the same way whatever the game.
 *
 * Types only: each game's room implements the functions (XII Century in src/rules and the
 * rooms above it, Kingdom in src/kingdom) and the command line lists the games.
 *
 * The text edges (read, prompt, narrate, warn, check_log) are what the shared recorder
 * (record/gsession.h) needs to take a game at the table: a line typed read into decisions by
 * the game's own parser, what the game awaits in words, what a decision did by itself, and
 * the audit of a log being continued. Kingdom gives them; XII Century's value leaves them
 * NULL (its recorder, record/session.h, reads its lines with the audit's live replay), so the
 * shared recorder takes only a game whose read is set. */
#ifndef CORE_GAME_H
#define CORE_GAME_H
#include <stddef.h>
#include "core/strbuf.h"

#define GAME_CHANCE   (-2)  /* game_current: the dice decide */
#define GAME_TABLE    (-1)  /* game_current: the table decides (a shared step of a round) */
#define GAME_OVER     (-3)  /* game_current: the game has ended */
#define GAME_MAX_SEATS 5

/* What a line read at a state is (struct game's read). */
enum game_line {
    GAME_LINE_EMPTY,        /* blanks only: nothing happens */
    GAME_LINE_DECISIONS,    /* one or more decisions, to apply in order (the steps the log leaves
                               implicit before the line included) */
    GAME_LINE_NOTE,         /* no decision, but a line the log keeps as typed: a comment, a check
                               line that agrees with the state, the names */
    GAME_LINE_START,        /* the log's opening statement (e.g. `kingdom 1`), before any decision */
    GAME_LINE_END,          /* the game's result, agreeing with the ended state */
    GAME_LINE_REFUSED       /* not legal or not readable here: why says where and why */
};

struct game {
    const char *name;           /* --game NAME, and the keyword of the log's first statement
                                   ("xii", "kingdom") */
    const char *title;          /* "XII Century", "Kingdom" */
    int min_seats, max_seats;
    size_t state_size;          /* bytes of a state */
    size_t decision_size;       /* bytes of a decision: its bytes are its value (no stray
                                   padding), so decisions compare with memcmp */

    /* The game's data: the built-in file, or the file at path; NULL with the reason in err. */
    const void *(*data_load)(const char *path, struct strbuf *err);
    void (*data_free)(const void *data);

    /* A new game for nseats seats (within min_seats..max_seats) from the data, before its
     * first decision. */
    void (*init)(void *state, const void *data, int nseats);
    /* Who decides now: a seat (0..), GAME_TABLE, GAME_CHANCE or GAME_OVER. */
    int (*current)(const void *state);
    /* The legal decisions now, up to cap written to out (cap decisions of decision_size
     * bytes); for the chance player every outcome, with its probability in p[] when p is not
     * NULL (they add up to 1). Returns how many there are (0 only when the game is over). */
    size_t (*legal)(const void *state, void *out, double *p, size_t cap);
    /* Applies a decision. Returns 0, or -1 with the rules' refusal in why (may be NULL) and
     * the state unchanged. */
    int (*apply)(void *state, const void *decision, struct strbuf *why);
    /* Each seat's result once the game is over, the higher the better (a score, or a win's
     * speed), into out[0..nseats). */
    void (*returns)(const void *state, double *out);
    /* The move log's opening for the new game in state (its first statement, e.g. `kingdom
     * 1`, with `comment` as a comment line when not NULL), its lines with their newlines. */
    void (*write_start)(const void *state, const char *comment, struct strbuf *out);
    /* Appends the decision, to be applied to state, as the move log writes it: whole lines
     * with their newlines, nothing for a decision the log leaves implicit, or part of a line
     * that a later decision ends (a line may gather several decisions). */
    void (*write_decision)(const void *state, const void *decision, struct strbuf *out);
    /* The move log's closing lines for the ended game in state (its result, final checks). */
    void (*write_end)(const void *state, struct strbuf *out);
    /* The greedy player's value of a state for a seat (the higher the better): the game's own
     * evaluation, which the shared one-step-lookahead player maximises. */
    double (*evaluate)(const void *state, int seat);

    /* ---- the text edges (NULL for a game the shared recorder does not take) ---- */
    /* Reads line (no line feed; line number lineno of the log file) at state: the decisions it
     * makes, in order, up to cap written to out and their number in *n (each to be applied to
     * the state the ones before it left; all of them are legal). The game's own parser reads
     * the line, with the short forms the state's prompt makes clear (e.g. "3 5" at the fate
     * dice). GAME_LINE_REFUSED: why gets the audit's words (file:line:col, rule, expected and
     * found). GAME_LINE_DECISIONS: the line's comment, if any, is appended to note (its text
     * after the `#`), for the recorder to write after the decisions' line. */
    enum game_line (*read)(const void *state, const char *line, const char *file, int lineno, void *out,
                           size_t cap, size_t *n, struct strbuf *note, struct strbuf *why);
    /* What state awaits, in words, with the legal choices briefly and the short forms; one or
     * more lines with their newlines. */
    void (*prompt)(const void *state, struct strbuf *out);
    /* What applying decision (legal) to state does by itself, beyond what the decision says
     * (production, feeding, losses; each resource as `old -> new` with its cause): lines with
     * their newlines, or nothing. */
    void (*narrate)(const void *state, const void *decision, struct strbuf *out);
    /* Warnings on the decision (legal) at state when it wastes something the rules would let
     * the player keep: lines with their newlines, or nothing. */
    void (*warn)(const void *state, const void *decision, struct strbuf *out);
    /* Audits the log buf[0..len) (named file) with the game's data as `xii audit` does: 0 when
     * it has no error and no mismatch, else 1 with the audit's diagnostics in diags. */
    int (*check_log)(const void *data, const char *buf, size_t len, const char *file, struct strbuf *diags);
    /* Optional (NULL: the game has none). The seat's share of the win once the game is over:
     * 1 won, 0 lost (1/k for a k-way tie); the advisor's goal "win". */
    double (*win)(const void *state, int seat);
    /* Optional. Upper bounds of the seat's share of the win and of its return whatever is
     * decided and rolled from state on (the exact solve leaves out what cannot beat the best
     * it has found); the game's value when it is over. */
    void (*bound)(const void *state, int seat, double *win, double *ret);
    /* Optional. What the decision, to be applied to state, means in a player's words when
     * write_decision alone does not say it (a decision the log leaves implicit, or part of a
     * line a later decision ends): appended to out; nothing for the other decisions. */
    void (*describe)(const void *state, const void *decision, struct strbuf *out);
    /* The board as a table's page draws it (NULL for a game no page draws): a new JSON object
     * (core/json.h) with the places, what stands on them, the stocks, "tap": what is awaited in
     * the page's words (taps, not typing: the recorder's prompt is a terminal's), and for each of the
     * legal decisions legal[0..n) at state its words and the places it names. */
    struct json_t *(*board)(const void *state, const void *legal, size_t n);
    /* Optional. The rounds (a kingdom's years) the game may still last from state, counting
     * the one in progress: the advisor's budgets are counted in rounds of play-out. */
    int (*horizon)(const void *state);
    /* Optional (the advisor's report needs it). What state awaits, in words, into awaits, and
     * what the game's return is, into return_words ("21 minus the year of the win ..."). */
    void (*advice_words)(const void *state, struct strbuf *awaits, struct strbuf *return_words);
};

#endif
