/* Plans: the complete uses of the dice still unspent in a turn, as the engine lists them.
 *
 * A plan is a sequence of moves (engine_apply's struct move) that spends every unspent turn
 * die, with at most the reserve dice the rules allow and any ability (sheriff, town court,
 * witch's split) along the way, optionally followed by market conversions. Every move of a
 * plan came from engine_legal_moves on the state it is applied to: nothing here decides
 * legality. Plans that reach the same sheet are the same plan (only the first one found is
 * visited), so the enumeration is exact and much smaller than every order of every move. */
#ifndef PLAY_PLAN_H
#define PLAY_PLAN_H
#include <stddef.h>
#include "rules/engine.h"

#define PLAY_PLAN_MAX_MOVES 16

struct play_plan {
    struct move move[PLAY_PLAN_MAX_MOVES];
    int nmoves;
};

/* Appends a move (ignored when the plan is full: a plan cannot hold more moves than a turn). */
void play_plan_push(struct play_plan *plan, const struct move *m);
/* Applies the plan's moves in order with engine_apply. Returns 0, or -1 at the first refusal
 * (the moves before it stay applied). */
int play_plan_apply(struct game_state *s, const struct play_plan *plan, struct history *h);

/* Called once per distinct plan: `after` is the state with the plan applied (the turn still
 * open: feeding and the market come at engine_end_turn). Return nonzero to stop. */
typedef int (*play_plan_fn)(void *ctx, const struct play_plan *plan, const struct game_state *after);

struct play_plans_stats {
    size_t plans;       /* plans visited */
    size_t nodes;       /* distinct partial plans explored */
    int truncated;      /* max_nodes was reached: some plans were not visited */
};

/* Visits every distinct complete plan for the current turn of s (no market conversions: see
 * play_market_choices). max_nodes bounds the work (0: no bound). Returns the number of plans
 * visited; st may be NULL. Returns 0 when no turn is open. */
size_t play_plans_visit(const struct game_state *s, size_t max_nodes, play_plan_fn fn, void *ctx,
                        struct play_plans_stats *st);

/* The market conversions the turn player may queue now, one conversion each (every amount in
 * both directions), each checked by ending the turn on a copy. Writes at most cap, returns the
 * number found (0 without a market). Not queuing any is always possible. */
size_t play_market_choices(const struct game_state *s, struct move *out, size_t cap);

/* A plan with its worth to the turn player: play_eval after the plan and the turn's end. */
struct play_plan_value {
    struct play_plan plan;      /* the dice's uses, then greedy's market conversion if any */
    double value;
};
/* The best complete plans of the open turn, best first, at most `width` (1..64): a beam
 * search over the turn's moves that keeps, at each step, the `width` best partial plans with
 * distinct sheets (play_eval), and ranks the complete ones by play_eval after the turn's end
 * with greedy's market decision. Far cheaper than play_plans_visit and what the search bot
 * starts from. Returns the number written to out (0 when no turn is open). */
int play_plans_best(const struct game_state *s, int width, struct play_plan_value *out);

/* The number of unspent dice of the current turn (0 when no turn is open). */
int play_turn_dice_left(const struct game_state *s);

#endif
