/* Whole games with named bots, set up from a seed, and rollouts with a named bot. */
#include "bots/game.h"
#include <stdio.h>
#include <string.h>
#include "log/write.h"
#include "rules/event_setup.h"

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
    /* The driver as a rollout's, from the game's dice seed; then each seat's own bot. */
    struct play_drive d;
    struct play_seat first = play_bot_seat(bots[0]);
    play_drive_init(&d, setup->nplayers, &first, play_seed_derive(setup->seed, 1));
    for (int p = 1; p < setup->nplayers; p++)
        d.seat[p] = play_bot_seat(bots[p]);
    d.log = log;
    if (log)
        log_write_header(gd, &cfg, title, log);
    if (engine_new_game(final, gd, &cfg, NULL, NULL) != 0 || play_drive(final, &d) != 0)
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
    struct play_seat seat = play_bot_seat(bot);
    return play_drive_rollout(s, &seat, seed, out);
}
