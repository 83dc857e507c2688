/* The game driver: each step asks the flow what is awaited and the seat's policy (or the dice) to decide. */
#include "bots/drive.h"
#include <string.h>
#include "log/write.h"
#include "bots/eval.h"
#include "rules/flow.h"

static int outlaws(struct game_state *s, struct play_drive *d, const struct awaited *a)
{
    struct decision dec = {.kind = FLOW_DEC_OUTLAWS};
    for (int p = 0; p < s->cfg.nplayers; p++) {
        dec.rolls[p].nrolls = a->rolls_due[p];
        for (int i = 0; i < dec.rolls[p].nrolls; i++)
            dec.rolls[p].rolls[i] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OUTLAWS, p, i);
    }
    if (d->log)
        log_write_outlaws(s, dec.rolls, d->log);
    return flow_apply(s, &dec, NULL, NULL);
}

/* The shared dice must differ: equal dice are rolled again (the doubles rule at the table). */
static int shared(struct game_state *s, struct play_drive *d)
{
    struct decision dec = {.kind = FLOW_DEC_SHARED};
    int k = 0;
    dec.dice[0] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++);
    do
        dec.dice[1] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++);
    while (dec.dice[1] == dec.dice[0]);
    if (d->log)
        log_write_shared(dec.dice[0], dec.dice[1], d->log);
    return flow_apply(s, &dec, NULL, NULL);
}

static int begin_turn(struct game_state *s, struct play_drive *d, int p)
{
    struct decision dec = {.kind = FLOW_DEC_TURN, .player = p};
    dec.dice[0] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OWN, p, 0);
    dec.dice[1] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OWN, p, 1);
    if (d->log)
        log_write_turn(s, p, dec.dice[0], dec.dice[1], d->log);
    return flow_apply(s, &dec, NULL, NULL);
}

/* The seat's policy plays the rest of the turn, which then ends complete. */
static int finish_turn(struct game_state *s, struct play_drive *d)
{
    struct play_plan plan;
    const struct play_seat *seat = &d->seat[s->turn.player];
    plan.nmoves = 0;
    if (seat->policy->turn(seat->bot, s, &d->rng, &plan) != 0)
        return -1;
    for (int k = 0; d->log && k < plan.nmoves; k++)
        log_write_move(s->gd, &plan.move[k], d->log);
    struct flow_outcome out;
    return flow_end_turn_complete(s, &out);
}

static int war(struct game_state *s, struct play_drive *d, const struct awaited *a)
{
    struct decision dec = {.kind = FLOW_DEC_WAR};
    /* Every seat decides on the state before the war: the choices are simultaneous. */
    for (int p = 0; p < s->cfg.nplayers; p++)
        dec.war[p].support = d->seat[p].policy->war(d->seat[p].bot, s, p, &d->rng);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        dec.war[p].nrolls = dec.war[p].support ? a->rolls_due[p] : 0;
        for (int i = 0; i < dec.war[p].nrolls; i++)
            dec.war[p].rolls[i] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_WAR, p, i);
    }
    if (d->log)
        log_write_war(s, dec.war, d->log);
    return flow_apply(s, &dec, NULL, NULL);
}

/* Every choice owed, seat by seat; each location's choice is made on the state after the
 * ones before it. */
static int collect(struct game_state *s, struct play_drive *d, const struct awaited *a)
{
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (!a->collect[p])
            continue;
        int choice[LOCATION_COUNT];
        for (int l = 0; l < LOCATION_COUNT; l++) {
            choice[l] = -1;
            if (a->collect[p] >> l & 1u) {
                choice[l] = d->seat[p].policy->collect(d->seat[p].bot, s, p, l, &d->rng);
                struct flow_pick pick = {l, choice[l]};
                if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_COLLECT, .player = p, .picks = &pick,
                                                     .npicks = 1}, NULL, NULL) != 0)
                    return -1;
            }
        }
        if (d->log)
            log_write_collect(s, p, choice, d->log);
    }
    return 0;
}

/* One step of the game, the decision the flow awaits; returns 1 when the game is over, 0
 * after a step, -1 on a refusal. */
static int step(struct game_state *s, struct play_drive *d)
{
    struct awaited a;
    flow_awaited(s, &a);
    switch (a.kind) {
    case FLOW_GAME_OVER:
        return 1;
    case FLOW_ROUND:
        if (d->log)
            log_write_round(a.round, d->log);
        return flow_apply(s, &(struct decision){.kind = FLOW_DEC_ROUND, .round = a.round}, NULL, NULL);
    case FLOW_OUTLAWS:
        return outlaws(s, d, &a);
    case FLOW_SHARED:
        return shared(s, d);
    case FLOW_TURN:
        return begin_turn(s, d, a.player);
    case FLOW_DIE:
    case FLOW_RESERVE:
        return finish_turn(s, d);
    case FLOW_WAR:
        return war(s, d, &a);
    case FLOW_COLLECT:
        return collect(s, d, &a);
    default:
        return -1;
    }
}

int play_drive(struct game_state *s, struct play_drive *d)
{
    int rc;
    flow_settle(s, NULL);   /* a state the engine's calls left with its round complete */
    while ((rc = step(s, d)) == 0)
        ;
    return rc < 0 ? -1 : 0;
}

void play_drive_init(struct play_drive *d, int nplayers, const struct play_seat *seat, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < nplayers; p++)
        d->seat[p] = *seat;
    d->dice_seed = seed;
    play_rng_init(&d->rng, play_seed_derive(seed, 2));
}

int play_drive_rollout(const struct game_state *s, const struct play_seat *seat, uint64_t seed,
                       double out[XII_MAX_PLAYERS])
{
    struct game_state t = *s;
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, seat, seed);
    int rc = play_drive(&t, &d);
    for (int p = 0; p < t.cfg.nplayers; p++)
        out[p] = play_outcome(&t, p);
    return rc;
}
