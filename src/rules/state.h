/* The game state: a plain struct with fixed arrays and no pointer except the game data, so
 * copying a game is one assignment (the replay tries moves on copies, a bot can search, the
 * filled sheet can show any round). Every field is readable by other modules; only the
 * engine (src/rules/engine*.c) writes it. Sizes come from the gamedata maxima. */
#ifndef RULES_STATE_H
#define RULES_STATE_H
#include <stdint.h>
#include "rules/gamedata.h"

#define XII_MAX_PLAYERS 5
#define XII_NAME_SIZE 64        /* player and town names: up to 63 bytes + NUL */
#define XII_TURN_DICE 4         /* dice[0..1] own, dice[2..3] shared */
#define XII_SHARED_DICE 2
#define XII_MAX_MARKET 8        /* market conversions queued in one turn */

_Static_assert(GD_MAX_ITEMS <= 32, "owned items are a 32-bit set");
_Static_assert(PERK_COUNT <= 32, "active perks are a 32-bit set");

/* What the table decided before round 1 (the move-log header). */
struct game_config {
    int nplayers;                               /* 1..XII_MAX_PLAYERS, in seat order */
    char names[XII_MAX_PLAYERS][XII_NAME_SIZE];
    char towns[XII_MAX_PLAYERS][XII_NAME_SIZE]; /* "" when not given */
    int difficulty;                             /* index into gd->difficulties */
    int events[GD_ROUNDS + 1];                  /* [r] = enum event of round r, or -1; [0] unused */
    int objective;                              /* solo: index into gd->objectives, -1 = arcade;
                                                   multiplayer: -1 */
    int famine_halves_farms;                    /* variant: the famine also halves farms */
    int events_played;                          /* 1: the events were played at the table as
                                                   given, even where they break the assignment
                                                   rules (the audit reports that, then replays) */
};

enum phase {
    PHASE_SETUP,        /* engine_new_game done, round 1 not begun */
    PHASE_ROUND,        /* a round is in progress (see the round flags) */
    PHASE_ROUND_OVER,   /* round `round` ended; waiting for the next engine_begin_round */
    PHASE_GAME_OVER     /* round GD_ROUNDS ended: the game is complete */
};

enum slot_state {
    SLOT_EMPTY,         /* nothing written yet */
    SLOT_AVAILABLE,     /* a value that can be spent */
    SLOT_SPENT,         /* crossed out: never reused */
    SLOT_NEW            /* written during the current turn: cannot be spent before the next turn */
};

struct reserve_slot {
    int value;                  /* 1..6, 0 when empty */
    enum slot_state state;
};

struct player_state {
    int asset[ASSET_COUNT];
    int influence[LOCATION_COUNT];
    int reputation;
    uint32_t owned;             /* bit i set: owns gd->items[i] */
    char perk[GD_MAX_ITEMS];    /* 'a' or 'b' for owned special items, 0 otherwise */
    signed char perk_item[PERK_COUNT]; /* item whose active perk has this id, or -1 */
    struct reserve_slot reserve[GD_MAX_RESERVE_SLOTS];  /* gd->reserve_slots used */
    int collect[LOCATION_COUNT];/* this round: chosen bonus index of a choice location, -1 none */
    int outlaws_rolls[GD_MAX_BONUS_ROLLS];  /* this round's outlaws' attack bonus rolls */
    int outlaws_nrolls;
    int outlaws_hit;            /* this round's outlaws' attack hit this town */
    int war_support;            /* this round's king war: 1 supported, 0 avoided or not yet */
    int war_pow;                /* this round's king-war POW of a supporter (bonus rolls in) */
};

/* A die of the current turn. */
struct turn_die {
    int value;                  /* as it shows now (sheriff and court change it) */
    unsigned char spent;
    unsigned char restricted;   /* showed the turn's highest value at the turn line (restriction 1) */
    unsigned char shared;       /* 0 own die, 1 shared die */
    unsigned char index;        /* own die 0/1 or shared die 0/1 */
};

struct market_order {
    int amount;                 /* >= 1 */
    int to;                     /* A_SUPPLY: food into supply; A_FOOD: supply into food */
};

struct turn_state {
    int player;                 /* seat playing this turn, -1 when no turn is in progress */
    struct turn_die dice[XII_TURN_DICE];
    int highest;                /* restriction 1: the highest value at the turn line */
    unsigned char asset_dice[ASSET_COUNT];   /* dice put on each asset this turn (restriction 2) */
    unsigned char asset_reserve[ASSET_COUNT];/* the reserve die was put on this asset */
    unsigned char location_used[LOCATION_COUNT];
    unsigned char reserve_used;  /* a reserve die was spent this turn */
    unsigned char split_used;
    uint32_t ability_used;       /* bit i: the once-per-turn ability of item i was used */
    struct market_order market[XII_MAX_MARKET];  /* queued, run after feeding in this order */
    int nmarket;
};

struct game_state {
    const struct gamedata *gd;
    struct game_config cfg;
    enum phase phase;
    int round;                  /* last round begun, 0 before round 1 */
    int first_player;           /* seat of this round's first player */
    int turns_done;             /* turns ended this round; the next seat is first + turns_done */
    int shared[XII_SHARED_DICE];/* this round's shared dice as they show now */
    int shared_set;
    int event;                  /* this round's event (enum event) or -1 */
    int outlaws_pending;        /* the outlaws' attack waits for bonus rolls */
    int ban_people;             /* fire: no normal prominent person this round */
    int no_farm_production;     /* famine: farms produce nothing at this round's end */
    int war_done;
    struct turn_state turn;
    struct player_state p[XII_MAX_PLAYERS];
};

#endif
