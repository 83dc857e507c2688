/* Starting a game: the configuration check and every player's starting sheet. */
#include <string.h>
#include "rules/engine_internal.h"

static int check_names(const struct game_config *cfg, struct refusal *why)
{
    if (cfg->nplayers < 1 || cfg->nplayers > XII_MAX_PLAYERS)
        return engine_refuse(why, "setup", "a game has 1 to %d players, not %d", XII_MAX_PLAYERS,
                             cfg->nplayers);
    for (int p = 0; p < cfg->nplayers; p++) {
        if (!memchr(cfg->names[p], '\0', XII_NAME_SIZE) || !memchr(cfg->towns[p], '\0', XII_NAME_SIZE))
            return engine_refuse(why, "setup", "player %d: names are at most %d bytes", p + 1,
                                 XII_NAME_SIZE - 1);
        if (!cfg->names[p][0])
            return engine_refuse(why, "setup", "player %d has no name", p + 1);
        for (int q = 0; q < p; q++)
            if (!strcmp(cfg->names[p], cfg->names[q]))
                return engine_refuse(why, "setup", "two players are called %s", cfg->names[p]);
    }
    return 0;
}

/* Events exactly on the difficulty's rounds (fixed ones filled in), each at most max_same_event
 * times (A27: a fixed event counts too). */
static int check_events(const struct gamedata *gd, struct game_config *cfg, struct refusal *why)
{
    const struct gd_difficulty *d = &gd->difficulties[cfg->difficulty];
    int count[EVENT_COUNT] = {0};
    for (int r = 1; r <= GD_ROUNDS; r++) {
        int e = cfg->events[r];
        if (e < -1 || e >= EVENT_COUNT)
            return engine_refuse(why, "events", "round %d: %d is not an event", r, e);
        if (d->fixed_event[r] >= 0) {
            if (e < 0)
                e = cfg->events[r] = d->fixed_event[r];
            else if (e != d->fixed_event[r])
                return engine_refuse(why, "events", "round %d is always %s in difficulty %s, not %s", r,
                                     gd->events[d->fixed_event[r]].id, d->id, gd->events[e].id);
        }
        if (d->has_event[r] && e < 0)
            return engine_refuse(why, "events", "round %d needs an event in difficulty %s", r, d->id);
        if (!d->has_event[r] && e >= 0)
            return engine_refuse(why, "events", "round %d has no event in difficulty %s (%s given)", r,
                                 d->id, gd->events[e].id);
        if (e >= 0 && ++count[e] > gd->max_same_event)
            return engine_refuse(why, "events", "%s is on more than %d rounds (round %d is one too many)",
                                 gd->events[e].id, gd->max_same_event, r);
    }
    return 0;
}

int engine_new_game(struct game_state *s, const struct gamedata *gd, const struct game_config *cfg,
                    struct history *h, struct refusal *why)
{
    memset(s, 0, sizeof *s);
    s->gd = gd;
    s->cfg = *cfg;
    engine_clear(why);
    if (check_names(cfg, why))
        return -1;
    if (cfg->difficulty < 0 || cfg->difficulty >= gd->ndifficulties)
        return engine_refuse(why, "setup", "difficulty %d does not exist", cfg->difficulty);
    if (check_events(gd, &s->cfg, why))
        return -1;
    if (cfg->nplayers > 1 && cfg->objective != -1)
        return engine_refuse(why, "setup", "a solo objective needs a solo game (%d players)", cfg->nplayers);
    if (cfg->objective < -1 || cfg->objective >= gd->nobjectives)
        return engine_refuse(why, "setup", "objective %d does not exist", cfg->objective);
    s->phase = PHASE_SETUP;
    s->event = -1;
    s->turn.player = -1;
    for (int p = 0; p < cfg->nplayers; p++) {
        struct player_state *ps = &s->p[p];
        memset(ps->perk_item, -1, sizeof ps->perk_item);
        for (int l = 0; l < LOCATION_COUNT; l++)
            ps->collect[l] = -1;
        for (int k = 0; k < gd->nreserve_start; k++) {
            ps->reserve[k].value = gd->reserve_start[k];
            ps->reserve[k].state = SLOT_AVAILABLE;
            engine_record(h, s, p, HIST_RESERVE, CAUSE_RESERVE, k, gd->reserve_start[k], SLOT_EMPTY,
                          SLOT_AVAILABLE);
        }
    }
    return 0;
}
