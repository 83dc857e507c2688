/* The game's flow: what the game awaits next (a value: whose decision, of which kind, with
 * which dice and limits) and the one function that applies a decision (a value: the round
 * begun, the dice rolled, a move, the end of a turn, the war entries, the location choices).
 * Every driver of a game goes through here: the audit's replay and the live replay, the
 * random-game generator, the bots' game driver, the advisor; none of them sequences the round
 * itself. The automatic steps (the end of a round once nothing it needs is missing) happen
 * inside flow_apply, after the decision that completes the round.
 *
 * The model is OpenSpiel's State: flow_awaited is CurrentPlayer (with IsChanceNode,
 * IsTerminal), flow_apply is ApplyAction, and dice are decisions too, made by the chance
 * player (FLOW_CHANCE): the shared dice, a player's own dice at the turn line, the outlaws'
 * bonus rolls. The king war is a simultaneous decision of every seat, whose supporters' bonus
 * rolls are chance. Where the rules allow several decisions in either order (the outlaws'
 * rolls and the shared dice; the war and the location choices) `kind` is the first in the
 * order the rules list them and `pending` holds each of them: any pending one may be applied.
 *
 * The flow decides no rule itself: legality and effects are the engine's (engine.h), and a
 * refusal is the engine's refusal value. */
#ifndef RULES_FLOW_H
#define RULES_FLOW_H
#include <stddef.h>
#include "rules/engine.h"

/* The kinds of decision, in the order of a round. */
enum flow_kind {
    FLOW_ROUND,         /* the table begins round `round` (its event strikes) */
    FLOW_OUTLAWS,       /* chance: the outlaws' attack bonus rolls (rolls_due per seat) */
    FLOW_SHARED,        /* chance: the round's two shared dice (they differ) */
    FLOW_TURN,          /* chance: `player`'s own two dice; the turn begins */
    FLOW_DIE,           /* `player` spends a die (dice[] unspent) or a reserve die */
    FLOW_RESERVE,       /* `player` spent the four dice: a reserve die or a market conversion
                           may follow, else the turn ends (FLOW_DEC_END_TURN) */
    FLOW_WAR,           /* the king war: every seat supports (giving rolls_due rolls) or avoids */
    FLOW_COLLECT,       /* the location bonus choices owed (collect[] per seat) */
    FLOW_GAME_OVER,     /* round GD_ROUNDS has ended: nothing more is played */
    FLOW_KIND_COUNT
};

#define FLOW_TABLE (-1)     /* awaited.player: the table decides (a round line, the war) */
#define FLOW_CHANCE (-2)    /* awaited.player: the dice decide (no seat's turn dice) */

/* One unspent die of the turn. */
struct flow_die {
    int value;          /* as it shows now */
    int shared;         /* 0 own die, 1 shared die */
    int restricted;     /* showed the turn's highest value (restriction 1) */
};

/* What the game awaits. */
struct awaited {
    enum flow_kind kind;
    unsigned pending;           /* bit (1u << kind) for every decision that may come now */
    int chance;                 /* kind is decided by dice */
    int player;                 /* the seat who decides (FLOW_TURN: whose dice), FLOW_TABLE or
                                   FLOW_CHANCE */
    int round;                  /* the round in progress; FLOW_ROUND: the round to begin */
    int event;                  /* FLOW_ROUND: that round's event (enum event), or -1 */
    struct flow_die dice[XII_TURN_DICE];    /* DIE: the unspent turn dice, own first */
    int ndice;
    /* The fields below describe what is pending, `kind` or not. */
    int rolls_due[XII_MAX_PLAYERS];     /* OUTLAWS, WAR: bonus rolls due per seat */
    int must_avoid[XII_MAX_PLAYERS];    /* WAR: no POW, the seat can only avoid */
    unsigned collect[XII_MAX_PLAYERS];  /* COLLECT: bit l for each location whose choice the
                                           seat owes */
    int collect_player;         /* COLLECT: the first seat, from the round's first player, who
                                   owes choices (`player` when kind is FLOW_COLLECT), or -1 */
};

/* Says what s awaits. A round whose needs are all met (possible only on a state not made by
 * flow_apply) awaits its end: the next round (or the game's end) is reported. */
void flow_awaited(const struct game_state *s, struct awaited *a);

/* The kinds of decision. */
enum flow_decision_kind {
    FLOW_DEC_ROUND,     /* begin round `round` */
    FLOW_DEC_OUTLAWS,   /* the outlaws' bonus rolls rolls[] (every seat), or `unrolled` */
    FLOW_DEC_SHARED,    /* the shared dice dice[0], dice[1] */
    FLOW_DEC_TURN,      /* `player` begins the turn with own dice dice[0], dice[1] */
    FLOW_DEC_MOVE,      /* a move of the turn's player (a market conversion is queued) */
    FLOW_DEC_END_TURN,  /* the turn's player is done: feeding, then the queued conversions */
    FLOW_DEC_WAR,       /* the king war entries war[] (every seat) */
    FLOW_DEC_COLLECT,   /* `player`'s location bonus choices picks[0..npicks) */
    FLOW_DEC_END_ROUND  /* the round ends whatever it still misses (a missing war: everybody
                           avoided, a missing choice: that bonus lost, missing turns: not
                           played) */
};

/* One location bonus choice: gd->locations[location].bonus_*[choice]. */
struct flow_pick {
    int location, choice;
};

/* A decision. Only the fields of its kind are read (the union holds one kind's: a move is
 * made for every die of a game, and a decision is small to build). */
struct decision {
    enum flow_decision_kind kind;
    int player;                                     /* TURN, COLLECT */
    int round;                                      /* ROUND */
    int dice[2];                                    /* SHARED, TURN */
    int unrolled;                                   /* OUTLAWS: resolved as if nobody had rolled */
    union {     /* the largest first: an initializer zeroes it whole */
        struct war_entry war[XII_MAX_PLAYERS];      /* WAR */
        struct bonus_rolls rolls[XII_MAX_PLAYERS];  /* OUTLAWS */
        struct move move;                           /* MOVE */
        struct {
            const struct flow_pick *picks;          /* COLLECT, in order */
            size_t npicks;
        };
    };
};
_Static_assert(sizeof(struct war_entry[XII_MAX_PLAYERS]) >= sizeof(struct bonus_rolls[XII_MAX_PLAYERS]) &&
               sizeof(struct war_entry[XII_MAX_PLAYERS]) >= sizeof(struct move),
               "the decision's first union member is its largest");

/* What applying a decision did, or why not. */
struct flow_outcome {
    struct refusal why;         /* the engine's refusal (RULE_NONE when applied; a MOVE's note) */
    struct refusal *pick_why;   /* COLLECT: when not NULL, the caller's room for npicks refusals,
                                   one per pick (RULE_NONE for a pick the engine accepts) */
    struct turn_end turn_end;   /* END_TURN: the unspent dice and the conversions run */
    size_t settled_from;        /* the history's count before the automatic steps */
    int round_ended;            /* the decision completed the round, which then ended */
};

/* Applies decision d to s, recording into h (may be NULL), then the automatic steps: the
 * round ends as soon as nothing it needs is missing. out may be NULL (then the refusal's
 * facts are not even gathered). A COLLECT applies all its picks or none (each pick is tried
 * in order after those before it, a refused one changing nothing). Returns 0, or -1 with the
 * refusal in out->why and nothing changed (END_TURN always ends an open turn: unspent dice
 * and refused conversions are reported in out->turn_end, and return 0). */
int flow_apply(struct game_state *s, const struct decision *d, struct history *h,
               struct flow_outcome *out);
/* flow_apply's END_TURN for a player that must play complete turns (bots, generated logs):
 * 0 when the turn ended with every die spent and every queued market conversion applied,
 * else -1; what followed (the round's end) in out (not NULL). */
int flow_end_turn_complete(struct game_state *s, struct flow_outcome *out);

/* The automatic steps s awaits, run (flow_apply runs them after each decision; a state the
 * engine's own calls made may still await them): a round whose needs are all met ends,
 * recorded into h (may be NULL). Returns 1 when the round ended, else 0 (nothing changed). */
int flow_settle(struct game_state *s, struct history *h);

/* The reserve dice the turn's player may spend now (a legal move spends a die of that value):
 * each available one, a value held twice listed twice, ascending. Returns their number. */
int flow_reserve_spendable(const struct game_state *s, int out[GD_MAX_RESERVE_SLOTS]);

/* A short name of a kind ("round", "outlaws", "shared", "turn", "die", "reserve", "war",
 * "collect", "game-over"). */
const char *flow_kind_name(enum flow_kind kind);

#endif
