/* Bots: policies that choose through the engine's legal-move listing and state copies.
 *
 *   random  uniform among the legal uses of each die, the market, the war and the collects
 *   greedy  one ply: each die's use (and ability, market, war, collect) maximises play_eval
 *   search  enumerates the complete plans of the turn (play/plan.h), keeps the best by
 *           play_eval, and chooses among them by greedy rollouts to the game's end
 *           (play_drive_rollout), budget rollouts per decision shared by successive halving
 *           (play/rank.h) with common random numbers (every candidate sees the same future
 *           dice in rollout i).
 *
 * A bot is a small value (kind and budget); it keeps no state between calls, so one bot may
 * play every seat and every thread. Each call is deterministic given its rng. Each kind's
 * decisions are a play_policy (play/drive.h) in its own file; this header's functions ask
 * them, and the game driver asks them through play_bot_seat. */
#ifndef PLAY_BOT_H
#define PLAY_BOT_H
#include "bots/drive.h"
#include "bots/plan.h"
#include "bots/rng.h"
#include "rules/engine.h"

enum play_bot_kind { PLAY_BOT_RANDOM, PLAY_BOT_GREEDY, PLAY_BOT_SEARCH };

#define PLAY_SEARCH_BUDGET 400      /* rollouts per decision of the search bot by default */

struct play_bot {
    enum play_bot_kind kind;
    int budget;                     /* search: rollouts per turn decision (>= 1) */
};

/* The bot named "random", "greedy" or "search" (default budget). Returns 0, or -1 when the
 * name is none of them. */
int play_bot_from_name(const char *name, struct play_bot *out);
/* "random", "greedy" or "search". */
const char *play_bot_name(const struct play_bot *b);
/* The seat b plays in the game driver: its kind's policy, given b. */
struct play_seat play_bot_seat(const struct play_bot *b);

/* The rest of the current turn of s: a plan that spends every unspent turn die, then any
 * market conversion. s must have a turn open. */
void play_bot_turn(const struct play_bot *b, const struct game_state *s, struct play_rng *rng,
                   struct play_plan *out);
/* The same, played on s itself (play_policy's turn): each move is applied to s as it is
 * chosen (market conversions queued) and written into out. Returns 0, or -1 when the engine
 * refused a move (a bug). */
int play_bot_play(const struct play_bot *b, struct game_state *s, struct play_rng *rng, struct play_plan *out);
/* This round's king war for `player`: 1 support, 0 avoid (always 0 when the engine says the
 * player must avoid). */
int play_bot_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng);
/* The bonus `player` takes at `location` (a choice location it qualifies for this round):
 * an index into gd->locations[location].bonus_*. */
int play_bot_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                     struct play_rng *rng);

/* The policies behind the bots (bot_random.c, bot_greedy.c, bot_search.c). */
extern const struct play_policy play_random_policy, play_greedy_policy, play_search_policy;
/* Greedy's decisions (the search bot and the beam search of plans use them too): the turn's
 * plan for s (as play_bot_turn), the market decision for the open turn of s, all dice spent,
 * appended to out; the war and the collect choice as play_policy's (b and rng unused). */
void play_greedy_turn(const struct game_state *s, struct play_plan *out);
void play_greedy_market(const struct game_state *s, struct play_plan *out);
int play_greedy_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng);
int play_greedy_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                        struct play_rng *rng);

#endif
