/* Where the advisor is asked: the decision awaited at the end of a replayed move log
 * (log/await.h) as an advice position, or in words why there is none (the log awaits dice, a
 * round line, the end of the game...). Used by `xii hint` and the recorder's hint command. */
#ifndef ADVISOR_ADVICE_POSITION_H
#define ADVISOR_ADVICE_POSITION_H
#include "core/strbuf.h"
#include "audit/await.h"
#include "advisor/advice.h"

/* Fills pos for the decision a awaits at the end of the replay r. asked: the seat asking, or
 * -1. At a king war the asking seat decides (default: the first seat that may support); a
 * location bonus choice owed by the asking seat is answered when the war is not theirs to
 * choose; after a turn's fourth die, another seat asking is answered about the king war that
 * follows (the turn then ends without a reserve die). Returns 0, or -1 with a sentence in why: no decision is due (what the log awaits
 * instead), or the decision is another player's. */
int advice_position_from_await(const struct log_replay *r, const struct log_await *a, int asked,
                               struct advice_position *pos, struct strbuf *why);

/* The turns of play-out one candidate's rollouts may take by default (see below): about 100
 * rollouts of a whole 4-player game, which keeps a hint at its start near 2 s on 2 cores. */
#define ADVICE_TURN_BUDGET 4096
/* The turns left to play from pos to the game's end, the open one included (at least 1): what
 * one rollout costs. */
int advice_position_turns_left(const struct advice_position *pos);
/* The most rollouts a candidate gets by default at pos: `most`, or fewer where many turns are
 * left (at most ADVICE_TURN_BUDGET turns of rollouts per candidate), never fewer than one and
 * a half race stages (ADVICE_RACE_MIN + ADVICE_RACE_MIN / 2: the survivors of the first
 * verdict get more). The answer is the same on every machine. */
size_t advice_position_rollouts(const struct advice_position *pos, size_t most);

#endif
