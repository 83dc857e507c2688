/* Starting a game: the configuration check and every player's starting sheet. */
#include <string.h>
#include "rules/engine_internal.h"

static int check_names(const struct game_config *cfg, struct refusal *why)
{
    if (cfg->nplayers < 1 || cfg->nplayers > XII_MAX_PLAYERS)
        return REFUSE(why, .what = REF_PLAYER_COUNT, .n = {cfg->nplayers});
    for (int p = 0; p < cfg->nplayers; p++) {
        if (!memchr(cfg->names[p], '\0', XII_NAME_SIZE) || !memchr(cfg->towns[p], '\0', XII_NAME_SIZE))
            return REFUSE(why, .what = REF_NAME_TOO_LONG, .player = (signed char)p);
        if (!cfg->names[p][0])
            return REFUSE(why, .what = REF_NAME_EMPTY, .player = (signed char)p);
        for (int q = 0; q < p; q++)
            if (!strcmp(cfg->names[p], cfg->names[q]))
                return REFUSE(why, .what = REF_NAME_TWICE, .player = (signed char)p);
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
            return REFUSE(why, .what = REF_EVENT_INVALID, .n = {r, e});
        if (d->fixed_event[r] >= 0) {
            if (e < 0)
                e = cfg->events[r] = d->fixed_event[r];
            else if (e != d->fixed_event[r])
                return REFUSE(why, .what = REF_EVENT_FIXED, .thing = (short)d->fixed_event[r],
                              .thing2 = (short)e, .n = {r, cfg->difficulty});
        }
        if (d->has_event[r] && e < 0)
            return REFUSE(why, .what = REF_EVENT_MISSING, .n = {r, cfg->difficulty});
        if (!d->has_event[r] && e >= 0)
            return REFUSE(why, .what = REF_EVENT_NO_ROUND, .thing = (short)e,
                          .n = {r, cfg->difficulty});
        if (e >= 0 && ++count[e] > gd->max_same_event)
            return REFUSE(why, .what = REF_EVENT_TOO_MANY, .thing = (short)e,
                          .n = {gd->max_same_event, r});
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
        return REFUSE(why, .what = REF_NO_DIFFICULTY, .n = {cfg->difficulty});
    if (check_events(gd, &s->cfg, why))
        return -1;
    if (cfg->nplayers > 1 && cfg->objective != -1)
        return REFUSE(why, .what = REF_SOLO_OBJECTIVE, .n = {cfg->nplayers});
    if (cfg->objective < -1 || cfg->objective >= gd->nobjectives)
        return REFUSE(why, .what = REF_NO_OBJECTIVE, .n = {cfg->objective});
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
