/* Starting a game: the configuration check and every player's starting sheet. */
#include <string.h>
#include <strings.h>
#include "rules/engine_internal.h"
#include "rules/event_check.h"

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

/* The events through the one check of an assignment (event_check.h): the first problem is
 * the refusal, unless cfg->events_played says the table played them as written (then only an
 * entry that is no event or no round is refused). The fixed rounds are filled in. */
static int check_events(const struct gamedata *gd, struct game_config *cfg, struct refusal *why)
{
    struct event_entry entries[GD_ROUNDS];
    size_t n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (cfg->events[r] != -1)
            entries[n++] = (struct event_entry){r, cfg->events[r]};
    struct event_check c;
    event_check(gd, cfg->difficulty, entries, n, &c);
    for (int k = 0; k < c.nproblems; k++)
        if (!cfg->events_played || c.problem[k].what == REF_EVENT_INVALID) {
            if (why)
                *why = c.problem[k];
            return -1;
        }
    memcpy(cfg->events, c.events, sizeof cfg->events);
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

int engine_seat_named(const struct game_config *cfg, const char *name, size_t n)
{
    for (int pass = 0; pass < 2; pass++)
        for (int p = 0; p < cfg->nplayers; p++)
            if (strlen(cfg->names[p]) == n &&
                (pass ? strncasecmp(cfg->names[p], name, n) : strncmp(cfg->names[p], name, n)) == 0)
                return p;
    return -1;
}
