/* The game driver: takes a game from any state to its end, running every automatic step where
 * the move-log replay runs it and asking each seat's policy for the decisions (the turn, the
 * king war, the collect choices). It knows policies only through the table below, so that a
 * policy may itself play games (the search bot's rollouts) without the files calling each
 * other in a circle. */
#ifndef PLAY_DRIVE_H
#define PLAY_DRIVE_H
#include <stdint.h>
#include "core/strbuf.h"
#include "bots/plan.h"
#include "bots/rng.h"
#include "rules/engine.h"

struct play_bot;

/* A policy's decisions (bot.h's play_random_policy, play_greedy_policy, play_search_policy). */
struct play_policy {
    /* Plays the rest of the open turn on s (each move applied, market conversions queued) and
     * writes the moves into out (empty on entry). Returns 0, or -1 on an engine refusal. */
    int (*turn)(const struct play_bot *b, struct game_state *s, struct play_rng *rng, struct play_plan *out);
    /* This round's king war for `player`: 1 support, 0 avoid (0 when the player must avoid). */
    int (*war)(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng);
    /* The bonus `player` takes at a choice location it qualifies for: an index into
     * gd->locations[location].bonus_*. */
    int (*collect)(const struct play_bot *b, const struct game_state *s, int player, int location,
                   struct play_rng *rng);
};

/* Who plays a seat: a policy and the bot value it is given (its budget). */
struct play_seat {
    const struct play_policy *policy;
    const struct play_bot *bot;
};

struct play_drive {
    struct play_seat seat[XII_MAX_PLAYERS];
    uint64_t dice_seed;         /* the game's dice (play_dice_roll) */
    struct play_rng rng;        /* the policies' own choices */
    struct strbuf *log;         /* not NULL: the move log of the game is appended */
};

/* A driver (a rollout's, a whole game's): `seat` in every seat of a game of nplayers, the dice
 * drawn from seed, the policies' choices from play_seed_derive(seed, 2), no log. */
void play_drive_init(struct play_drive *d, int nplayers, const struct play_seat *seat, uint64_t seed);
/* Plays s to the game's end: the open turn, the round's missing steps (outlaws' bonus rolls,
 * shared dice, turns, king war, collects), then every round left. Returns 0, or -1 when the
 * engine refused a step (a bug: policies only play what the engine lists). */
int play_drive(struct game_state *s, struct play_drive *d);
/* Plays a copy of s to the end with `seat` in every seat (play_drive_init's draws from seed);
 * writes each seat's play_outcome into out[]. Returns 0, or -1 (engine refusal). */
int play_drive_rollout(const struct game_state *s, const struct play_seat *seat, uint64_t seed,
                       double out[XII_MAX_PLAYERS]);

#endif
