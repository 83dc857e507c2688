/* The game driver: each step asks the engine what is missing and the seat's policy to choose. */
#include "bots/drive.h"
#include <string.h>
#include "log/write.h"
#include "bots/eval.h"

static int outlaws(struct game_state *s, struct play_drive *d)
{
    struct bonus_rolls r[XII_MAX_PLAYERS];
    memset(r, 0, sizeof r);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        r[p].nrolls = engine_outlaws_needs_rolls(s, p);
        for (int i = 0; i < r[p].nrolls; i++)
            r[p].rolls[i] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OUTLAWS, p, i);
    }
    if (d->log)
        log_write_outlaws(s, r, d->log);
    return engine_outlaws_resolve(s, r, NULL, NULL);
}

/* The shared dice must differ: equal dice are rolled again (the doubles rule at the table). */
static int shared(struct game_state *s, struct play_drive *d)
{
    int k = 0, d1 = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++), d2;
    do
        d2 = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++);
    while (d2 == d1);
    if (d->log)
        log_write_shared(d1, d2, d->log);
    return engine_set_shared(s, d1, d2, NULL);
}

static int begin_turn(struct game_state *s, struct play_drive *d)
{
    int p = engine_next_player(s);
    int d1 = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OWN, p, 0);
    int d2 = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_OWN, p, 1);
    if (d->log)
        log_write_turn(s, p, d1, d2, d->log);
    return engine_begin_turn(s, p, d1, d2, NULL);
}

static int finish_turn(struct game_state *s, struct play_drive *d)
{
    struct play_plan plan;
    const struct play_seat *seat = &d->seat[s->turn.player];
    plan.nmoves = 0;
    if (seat->policy->turn(seat->bot, s, &d->rng, &plan) != 0)
        return -1;
    for (int k = 0; d->log && k < plan.nmoves; k++)
        log_write_move(s->gd, &plan.move[k], d->log);
    return engine_end_turn_complete(s);
}

/* The round's turns left, one after the other: ending a turn leaves nothing else missing
 * before the next one (a turn begins only after the outlaws' rolls and the shared dice). */
static int turns(struct game_state *s, struct play_drive *d)
{
    do
        if (begin_turn(s, d) != 0 || finish_turn(s, d) != 0)
            return -1;
    while (engine_next_player(s) >= 0);
    return 0;
}

static int war(struct game_state *s, struct play_drive *d)
{
    struct war_entry e[XII_MAX_PLAYERS];
    memset(e, 0, sizeof e);
    /* Every seat decides on the state before the war: the choices are simultaneous. */
    for (int p = 0; p < s->cfg.nplayers; p++)
        e[p].support = d->seat[p].policy->war(d->seat[p].bot, s, p, &d->rng);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        e[p].nrolls = e[p].support ? engine_bonus_rolls_due(s, p) : 0;
        for (int i = 0; i < e[p].nrolls; i++)
            e[p].rolls[i] = play_dice_roll(d->dice_seed, s->round, PLAY_DICE_WAR, p, i);
    }
    if (d->log)
        log_write_war(s, e, d->log);
    return engine_war(s, e, NULL, NULL);
}

static int collect(struct game_state *s, struct play_drive *d, const struct round_missing *m)
{
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (!m->collect[p])
            continue;
        int choice[LOCATION_COUNT];
        for (int l = 0; l < LOCATION_COUNT; l++) {
            choice[l] = -1;
            if (m->collect[p] >> l & 1u) {
                choice[l] = d->seat[p].policy->collect(d->seat[p].bot, s, p, l, &d->rng);
                if (engine_collect(s, p, l, choice[l], NULL) != 0)
                    return -1;
            }
        }
        if (d->log)
            log_write_collect(s, p, choice, d->log);
    }
    return 0;
}

/* One step of the game; returns 1 when the game is over, 0 after a step, -1 on a refusal. */
static int step(struct game_state *s, struct play_drive *d)
{
    if (s->phase == PHASE_GAME_OVER)
        return 1;
    if (s->phase != PHASE_ROUND) {
        if (d->log)
            log_write_round(s->round + 1, d->log);
        return engine_begin_round(s, s->round + 1, NULL, NULL);
    }
    /* An open turn comes before anything else the round misses: no need to ask. */
    if (s->turn.player >= 0)
        return finish_turn(s, d);
    struct round_missing m;
    engine_round_missing(s, &m);
    if (m.outlaws)
        return outlaws(s, d);
    if (m.shared)
        return shared(s, d);
    if (m.turns_left)
        return turns(s, d);
    if (m.war)
        return war(s, d);
    for (int p = 0; p < s->cfg.nplayers; p++)
        if (m.collect[p])
            return collect(s, d, &m);
    return engine_end_round(s, NULL, NULL);
}

int play_drive(struct game_state *s, struct play_drive *d)
{
    int rc;
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
