/* The game driver: each step asks the engine what is missing and lets the seat's bot choose. */
#include "play/game.h"
#include <stdio.h>
#include <string.h>
#include "log/write.h"
#include "play/eval.h"
#include "rules/event_setup.h"

static int outlaws(struct game_state *s, struct play_game *g)
{
    struct bonus_rolls r[XII_MAX_PLAYERS];
    memset(r, 0, sizeof r);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        r[p].nrolls = engine_outlaws_needs_rolls(s, p);
        for (int i = 0; i < r[p].nrolls; i++)
            r[p].rolls[i] = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_OUTLAWS, p, i);
    }
    if (g->log)
        log_write_outlaws(s, r, g->log);
    return engine_outlaws_resolve(s, r, NULL, NULL);
}

/* The shared dice must differ: equal dice are rolled again (the doubles rule at the table). */
static int shared(struct game_state *s, struct play_game *g)
{
    int k = 0, d1 = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++), d2;
    do
        d2 = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_SHARED, 0, k++);
    while (d2 == d1);
    if (g->log)
        log_write_shared(d1, d2, g->log);
    return engine_set_shared(s, d1, d2, NULL);
}

static int begin_turn(struct game_state *s, struct play_game *g)
{
    int p = engine_next_player(s);
    int d1 = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_OWN, p, 0);
    int d2 = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_OWN, p, 1);
    if (g->log)
        log_write_turn(s, p, d1, d2, g->log);
    return engine_begin_turn(s, p, d1, d2, NULL);
}

static int finish_turn(struct game_state *s, struct play_game *g)
{
    struct play_plan plan;
    if (play_bot_play(g->bots[s->turn.player], s, &g->rng, &plan) != 0)
        return -1;
    for (int k = 0; g->log && k < plan.nmoves; k++)
        log_write_move(s->gd, &plan.move[k], g->log);
    struct turn_end te;
    if (engine_end_turn(s, NULL, &te, NULL) != 0 || te.unspent.rule)
        return -1;
    for (int k = 0; k < te.nmarket; k++)
        if (!te.market_applied[k])
            return -1;
    return 0;
}

static int war(struct game_state *s, struct play_game *g)
{
    struct war_entry e[XII_MAX_PLAYERS];
    memset(e, 0, sizeof e);
    /* Every seat decides on the state before the war: the choices are simultaneous. */
    for (int p = 0; p < s->cfg.nplayers; p++)
        e[p].support = play_bot_war(g->bots[p], s, p, &g->rng);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        e[p].nrolls = e[p].support ? engine_bonus_rolls_due(s, p) : 0;
        for (int i = 0; i < e[p].nrolls; i++)
            e[p].rolls[i] = play_dice_roll(g->dice_seed, s->round, PLAY_DICE_WAR, p, i);
    }
    if (g->log)
        log_write_war(s, e, g->log);
    return engine_war(s, e, NULL, NULL);
}

static int collect(struct game_state *s, struct play_game *g, const struct round_missing *m)
{
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (!m->collect[p])
            continue;
        int choice[LOCATION_COUNT];
        for (int l = 0; l < LOCATION_COUNT; l++) {
            choice[l] = -1;
            if (m->collect[p] >> l & 1u) {
                choice[l] = play_bot_collect(g->bots[p], s, p, l, &g->rng);
                if (engine_collect(s, p, l, choice[l], NULL) != 0)
                    return -1;
            }
        }
        if (g->log)
            log_write_collect(s, p, choice, g->log);
    }
    return 0;
}

/* One step of the game; returns 1 when the game is over, 0 after a step, -1 on a refusal. */
static int step(struct game_state *s, struct play_game *g)
{
    if (s->phase == PHASE_GAME_OVER)
        return 1;
    if (s->phase != PHASE_ROUND) {
        if (g->log)
            log_write_round(s->round + 1, g->log);
        return engine_begin_round(s, s->round + 1, NULL, NULL);
    }
    struct round_missing m;
    engine_round_missing(s, &m);
    if (m.outlaws)
        return outlaws(s, g);
    if (m.shared)
        return shared(s, g);
    if (m.turn_active)
        return finish_turn(s, g);
    if (m.turns_left)
        return begin_turn(s, g);
    if (m.war)
        return war(s, g);
    for (int p = 0; p < s->cfg.nplayers; p++)
        if (m.collect[p])
            return collect(s, g, &m);
    return engine_end_round(s, NULL, NULL);
}

int play_advance(struct game_state *s, struct play_game *g)
{
    int rc;
    while ((rc = step(s, g)) == 0)
        ;
    return rc < 0 ? -1 : 0;
}

int play_setup_config(const struct gamedata *gd, const struct play_setup *setup, struct game_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->nplayers = setup->nplayers;
    for (int p = 0; p < setup->nplayers; p++)
        snprintf(cfg->names[p], sizeof cfg->names[p], "Bot%d", p + 1);
    cfg->difficulty = setup->difficulty;
    cfg->objective = setup->nplayers == 1 ? setup->objective : -1;
    struct event_setup ev;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = event_setup_seed(gd, setup->difficulty, setup->seed, &ev, &dl);
    if (rc == 0)
        for (int r = 0; r <= GD_ROUNDS; r++)
            cfg->events[r] = r > 0 ? ev.event[r] : -1;
    event_setup_free(&ev);
    diag_list_free(&dl);
    return rc;
}

int play_game_run(const struct gamedata *gd, const struct play_setup *setup,
                  const struct play_bot *const bots[], struct strbuf *log, const char *title,
                  struct game_state *final)
{
    struct game_config cfg;
    if (play_setup_config(gd, setup, &cfg) != 0)
        return -1;
    struct play_game g;
    memset(&g, 0, sizeof g);
    for (int p = 0; p < setup->nplayers; p++)
        g.bots[p] = bots[p];
    g.dice_seed = play_seed_derive(setup->seed, 1);
    play_rng_init(&g.rng, play_seed_derive(setup->seed, 2));
    g.log = log;
    if (log)
        log_write_header(gd, &cfg, title, log);
    if (engine_new_game(final, gd, &cfg, NULL, NULL) != 0 || play_advance(final, &g) != 0)
        return -1;
    if (log) {
        strbuf_putc(log, '\n');
        for (int p = 0; p < setup->nplayers; p++)
            log_write_check(final, p, 1, log);
    }
    return 0;
}

int play_rollout(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                 double out[XII_MAX_PLAYERS])
{
    struct game_state t = *s;
    struct play_game g;
    memset(&g, 0, sizeof g);
    for (int p = 0; p < t.cfg.nplayers; p++)
        g.bots[p] = bot;
    g.dice_seed = seed;
    play_rng_init(&g.rng, play_seed_derive(seed, 2));
    int rc = play_advance(&t, &g);
    for (int p = 0; p < t.cfg.nplayers; p++)
        out[p] = play_outcome(&t, p);
    return rc;
}
