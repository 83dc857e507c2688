/* Playing games with named bots (play/drive.h is the driver underneath): whole games set up
 * from a seed, and rollouts (one bot in every seat, random future dice) for the tests and the
 * advisor. */
#ifndef PLAY_GAME_H
#define PLAY_GAME_H
#include <stdint.h>
#include "core/strbuf.h"
#include "bots/bot.h"
#include "bots/drive.h"
#include "bots/rng.h"
#include "rules/engine.h"

/* A game to set up: the configuration of play_setup. */
struct play_setup {
    int nplayers;               /* 1..5 */
    int difficulty;             /* index into gd->difficulties */
    int objective;              /* solo: index into gd->objectives, -1 arcade; multiplayer: -1 */
    uint64_t seed;              /* the game's seed: events (method 1), dice, bots' choices */
};
/* Fills cfg for a game: players "Bot1".."BotN", events drawn by the setup's method 1
 * (event_setup_seed) from the seed. Returns 0, or -1 when the data cannot place the events. */
int play_setup_config(const struct gamedata *gd, const struct play_setup *setup, struct game_config *cfg);
/* Sets up and plays a whole game with bots[p] in seat p; its log (title `title`, check lines
 * of the final values) is appended to log when not NULL. Returns 0, or -1 (setup or engine
 * refusal). */
int play_game_run(const struct gamedata *gd, const struct play_setup *setup,
                  const struct play_bot *const bots[], struct strbuf *log, const char *title,
                  struct game_state *final);

/* Plays a copy of s to the end with `bot` in every seat, the dice and the bot's choices drawn
 * from `seed`; writes each seat's play_outcome into out[] (score plus the solo objective
 * bonus). Returns 0, or -1 (engine refusal). play_drive_rollout with play_bot_seat(bot). */
int play_rollout(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                 double out[XII_MAX_PLAYERS]);

#endif
