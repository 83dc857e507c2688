/* What a replayed log awaits next: the decision the table makes at the end of the log, as
 * data (kind, player, round, the dice left), for the recorder's prompt and the advisor.
 *
 * It is the flow's answer (rules/flow.h: flow_awaited) on the replay's state, in the audit's
 * terms: before the game starts the header is awaited, and after a turn the end of the log
 * closed its player may still spend a reserve die. It decides no rule itself and does no I/O.
 * Where the rules allow several things in either order (the outlaws' bonus rolls and the
 * shared dice; the war and the location choices), `kind` is the first in the order the rules
 * list them and `pending` holds every one of them. */
#ifndef LOG_AWAIT_H
#define LOG_AWAIT_H
#include "audit/replay.h"

enum log_await_kind {
    LOG_AWAIT_HEADER,    /* the header cannot start a game yet (no players line, or errors) */
    LOG_AWAIT_ROUND,     /* the line "round N": round N begins and its event strikes */
    LOG_AWAIT_OUTLAWS,   /* the outlaws' attack waits for bonus rolls (rolls_due) */
    LOG_AWAIT_SHARED,    /* the round's two shared dice */
    LOG_AWAIT_TURN,      /* `player` rolls their own two dice (the turn line) */
    LOG_AWAIT_DIE,       /* `player` uses a die: dice[] are still unspent */
    LOG_AWAIT_RESERVE,   /* `player` spent all four dice and may still spend a reserve die;
                            when not, `then` says what comes next */
    LOG_AWAIT_WAR,       /* the king war: every player supports (with rolls_due) or avoids */
    LOG_AWAIT_COLLECT,   /* `player` (collect_player) chooses the production bonus of the
                            locations in `collect` (grassland, forest: food or supply) */
    LOG_AWAIT_GAME_OVER, /* round 10 has ended: nothing more is played */
    LOG_AWAIT_KIND_COUNT
};

/* One die of the turn still unspent. */
struct log_await_die {
    int value;          /* as it shows now */
    int shared;         /* 0 own die, 1 shared die */
    int restricted;     /* showed the turn's highest value (rule b3's restriction) */
};

struct log_await {
    enum log_await_kind kind;
    unsigned pending;           /* bit (1u << kind) for everything awaited now, kind included */
    int round;                  /* the round in progress; LOG_AWAIT_ROUND: the round to begin */
    int event;                  /* LOG_AWAIT_ROUND: that round's event (enum event), or -1 */
    int player;                 /* the seat who decides, -1 when it is the table */
    struct log_await_die dice[XII_TURN_DICE];   /* DIE: the unspent turn dice, own first */
    int ndice;
    int reserve[GD_MAX_RESERVE_SLOTS];  /* DIE, RESERVE: the reserve dice spendable this turn,
                                           ascending, a value held twice listed twice */
    int nreserve;
    /* The fields below describe what is pending, `kind` or not. */
    int rolls_due[XII_MAX_PLAYERS];     /* OUTLAWS, WAR: bonus rolls due per seat */
    int must_avoid[XII_MAX_PLAYERS];    /* WAR: no POW, the player can only avoid */
    int collect_player;         /* COLLECT: the first seat (from the round's first player) who
                                   owes location choices, or -1 */
    unsigned collect;           /* COLLECT: bit l for each location whose choice that seat owes */
    enum log_await_kind then;   /* RESERVE: what is awaited when no reserve die is spent (the
                                   fields above other than kind, round, player, dice and reserve
                                   describe it) */
    int then_player;            /* RESERVE: the seat of `then`, or -1 */
    int then_round;             /* RESERVE: the round of `then` */
};

/* Says what the log replayed in r awaits next (see log_replay's eof_turn_* fields for the
 * reserve die after a turn's last die). r must be the replay of the whole log (not cut by
 * until_round). */
void log_await(const struct log_replay *r, struct log_await *out);

/* The state where the awaited decision is taken: for LOG_AWAIT_RESERVE the state before the
 * turn ended (feeding not done), otherwise the replay's final state. */
const struct game_state *log_await_state(const struct log_replay *r, const struct log_await *a);

/* A short name of the kind ("header", "round", "outlaws", "shared", "turn", "die", "reserve",
 * "war", "collect", "game-over"). */
const char *log_await_kind_name(enum log_await_kind kind);

/* The forms of words for what is awaited (audit/await_text.c: each kind's words in one place). */
enum log_await_words {
    LOG_AWAIT_PROMPT,   /* the recorder's short prompt: "r3 Mary 6 5 3 1> ", "r7 war> " */
    LOG_AWAIT_SENTENCE, /* the sentence saying what comes next and by whom, with an example of
                           the line to type, ending with a line feed */
    LOG_AWAIT_EXAMPLE,  /* that example alone: a line the recorder accepts now (nothing for the
                           header) */
    LOG_AWAIT_OBJECT    /* the object of "it awaits ...", for a caller that needed a decision:
                           "the line \"round 2\"" */
};
/* Appends what a (read from the replay r) awaits, in the form asked. */
void log_await_say(const struct log_replay *r, const struct log_await *a, enum log_await_words form,
                   struct strbuf *out);

#endif
