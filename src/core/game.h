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
 * rooms above it, Kingdom in src/kingdom) and the command line lists the games. */
#ifndef CORE_GAME_H
#define CORE_GAME_H
#include <stddef.h>
#include "core/strbuf.h"

#define GAME_CHANCE   (-2)  /* game_current: the dice decide */
#define GAME_TABLE    (-1)  /* game_current: the table decides (a shared step of a round) */
#define GAME_OVER     (-3)  /* game_current: the game has ended */
#define GAME_MAX_SEATS 5

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
};

#endif
