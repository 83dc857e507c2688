/* What a position is worth to a player, in victory points: the score now plus what the sheet
 * promises (food and supply to spend, production to come, location bonuses still reachable,
 * people and infrastructures whose requirements and costs are partly met, reserve dice, POW for
 * the wars and outlaws' attacks ahead, the solo objective), minus the feeding it cannot pay.
 * Reads the state and the game data only: no rule is decided here. */
#ifndef PLAY_EVAL_H
#define PLAY_EVAL_H
#include <stdint.h>
#include "rules/engine.h"

/* The bonus a bot adds to a solo game's final score when the objective is achieved: what the
 * bots aim at (the simulation reports score and achievement apart). */
#define PLAY_OBJECTIVE_BONUS 40

/* The position's worth to `player`. Once the game is over: exactly play_outcome. */
double play_eval(const struct game_state *s, int player);
/* A finished game's worth to `player`: the score, plus PLAY_OBJECTIVE_BONUS for an achieved
 * solo objective. */
double play_outcome(const struct game_state *s, int player);

/* What a position's worth depends on besides the sheet: the time left (eval.c's own). */
struct play_eval_timing {
    int first;          /* first round whose production is still to come */
    int rounds;         /* rounds whose production is still to come */
    int turns;          /* this player's turns still to play, the open one included */
    int turn_open;      /* the player's turn is open: its feeding is still to pay */
    double late;        /* resources are worth less near the end */
};

/* The worth of positions that differ from one base position by moves of the same turn,
 * computed by updating only the terms the moves touched (the bots try dozens of moves from
 * each position). */
struct play_eval_cache {
    int player, round, phase, turns_done, turn_player, first_player;
    struct play_eval_timing tm;     /* the same for every position of the turn */
    int asset[ASSET_COUNT], influence[LOCATION_COUNT];
    uint32_t owned;
    int reputation, effpop;
    double item[GD_MAX_ITEMS];      /* each item's term at the base position */
    double reqs[GD_MAX_ITEMS];      /* how far its requirements are met there (live items) */
    double items, locations, pow;   /* the items' sum, the locations' and the POW terms */
    double other;                   /* every other term (eval.c's other_terms) */
    struct reserve_slot reserve[GD_MAX_RESERVE_SLOTS];  /* which other_terms reads */
    int avail;                      /* the reserve dice available in it */
    unsigned produce;               /* the assets that produce */
    /* The items whose term reads each input: an asset as a cost, an asset as a requirement,
     * whether item j is owned, reputation, population (the last three as requirements); and
     * what POW reads. */
    uint32_t by_asset[ASSET_COUNT], reqs_by_asset[ASSET_COUNT], by_owned[GD_MAX_ITEMS], by_reputation,
        by_population;
    uint32_t live;                  /* the items whose term may differ from 0 this turn */
    unsigned pow_assets;
    uint32_t pow_items;
};
/* Takes s as the base position, for `player`. */
void play_eval_cache_init(struct play_eval_cache *c, const struct game_state *s, int player);
/* play_eval(s, player) (equal up to rounding), cheaply when s is the base position changed by
 * moves of the same turn; any other state is evaluated in full. */
double play_eval_cached(const struct play_eval_cache *c, const struct game_state *s);

#endif
