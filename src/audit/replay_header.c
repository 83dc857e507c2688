/* The replay's header: the lines before round 1, checked and turned into the game's
 * configuration when the first game statement comes. */
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "audit/replay_internal.h"
#include "rules/event_check.h"

static void list_push(struct stmt_list *l, const struct log_stmt *st)
{
    void *items = l->items;
    xgrow(&items, &l->cap, l->n + 1, sizeof *l->items);
    l->items = items;
    l->items[l->n++] = st;
}

int replay_is_header(enum log_kind k)
{
    return log_is_header_kind(k);
}

void replay_header_line(struct rp *rp, const struct log_stmt *st)
{
    if (rp->start_tried) {
        replay_error(rp, replay_keyword_span(st, log_kind_name(st->kind)), RULE_HEADER, -1,
                     "a %s line belongs to the header, before round 1", log_kind_name(st->kind));
        replay_skip(rp, st);
        return;
    }
    const struct log_stmt **slot = NULL;
    switch (st->kind) {
    case LOG_PLAYERS: slot = &rp->players; break;
    case LOG_DIFFICULTY: slot = &rp->difficulty; break;
    case LOG_EVENTS: slot = &rp->events; break;
    case LOG_SOLO: slot = &rp->solo; break;
    case LOG_GAME: slot = &rp->game; break;
    case LOG_TOWN: list_push(&rp->towns, st); return;
    case LOG_VARIANT: list_push(&rp->variants, st); return;
    default: return;    /* the version: the parser checked it */
    }
    if (*slot) {
        replay_error(rp, replay_keyword_span(st, log_kind_name(st->kind)), RULE_HEADER, -1,
                     "a second %s line (the first is line %d): a log has one", log_kind_name(st->kind),
                     (*slot)->at.line);
        replay_skip(rp, st);
        return;
    }
    *slot = st;
}

static int copy_name(struct rp *rp, char *dst, const struct log_word *w, const char *what,
                     enum rule_id code)
{
    size_t n = strlen(w->text);
    if (n >= XII_NAME_SIZE) {
        int shown = 20;     /* cut on a character boundary */
        while (shown > 0 && ((unsigned char)w->text[shown] & 0xC0) == 0x80)
            shown--;
        replay_error(rp, w->at, code, -1, "%s '%.*s...' is %zu bytes long: at most %d", what,
                     shown, w->text, n, XII_NAME_SIZE - 1);
        return -1;
    }
    memcpy(dst, w->text, n + 1);
    return 0;
}

/* Reports a header word that names no id of kind, then more: an id typed as several words
 * gets the hyphenated one to write (a syntax error, as in the moves), another word the
 * closest id. */
static void unknown_id(struct rp *rp, enum log_id_kind kind, const struct log_word *w, const char *more)
{
    struct strbuf sb = STRBUF_INIT;
    int spaced = log_ids_spaced(rp->gd, kind, w, &sb);
    if (!spaced)
        log_ids_unknown(rp->gd, kind, w->text, w->norm, &sb);
    replay_error(rp, w->at, spaced ? RULE_SYNTAX : RULE_UNKNOWN_ID, -1, "%s%s", strbuf_cstr(&sb), more);
    strbuf_free(&sb);
}

/* The events of the header, through the one check of an assignment (event_check.h): each
 * problem is an error at its entry, and the game is played with the events as written (the
 * table played them). Returns -1 when the difficulty has events and the log no events line:
 * what the table played is unknown, the game cannot start. */
static int header_events(struct rp *rp, struct game_config *cfg, struct log_span at)
{
    const struct gamedata *gd = rp->gd;
    size_t count = rp->events ? rp->events->events.count : 0;
    struct event_entry *entries = xmalloc((count + 1) * sizeof *entries);
    const struct log_event **from = xmalloc((count + 1) * sizeof *from);
    int *unknown = xcalloc(count + 1, sizeof *unknown);
    size_t n = 0;
    for (size_t k = 0; k < count; k++) {
        const struct log_event *e = &rp->events->events.items[k];
        int ev = e->name.spaced ? -1
                 : e->name.text ? gamedata_event(gd, e->name.norm, strlen(e->name.norm))
                                : gamedata_event_by_die(gd, e->die.value);
        unknown[k] = e->name.text && ev < 0;
        if (e->round.value < 1 || e->round.value > GD_ROUNDS || ev < 0)
            continue;   /* unknown, or refused by the parser already */
        from[n] = e;
        entries[n++] = (struct event_entry){e->round.value, ev};
    }
    struct event_check c;
    event_check(gd, cfg->difficulty, entries, n, &c);
    /* In the order of the line: each entry's unknown id or its own problems; then the limit
     * and the missing rounds. */
    struct strbuf sb = STRBUF_INIT;
    size_t next = 0;
    for (size_t k = 0; k < count; k++) {
        const struct log_event *e = &rp->events->events.items[k];
        if (unknown[k])
            unknown_id(rp, LOG_ID_EVENT, &e->name, "");
        for (int p = 0; next < n && from[next] == e && p < c.nproblems; p++)
            if (c.entry[p] == (int)next && c.problem[p].what != REF_EVENT_TOO_MANY)
                replay_refused(rp, e->round.at, -1, &c.problem[p], NULL);
        if (next < n && from[next] == e)
            next++;
    }
    for (int k = 0; k < c.nproblems; k++) {
        int entry = c.entry[k];
        if (entry >= 0 && c.problem[k].what != REF_EVENT_TOO_MANY)
            continue;   /* reported above */
        if (entry >= 0) {
            replay_refused(rp, from[entry]->round.at, -1, &c.problem[k], NULL);
        } else if (rp->events) {
            replay_refused(rp, replay_keyword_span(rp->events, "events"), -1, &c.problem[k], NULL);
        } else {
            /* No events line at all: say which line to add. */
            const struct gd_difficulty *d = &gd->difficulties[cfg->difficulty];
            int rounds[GD_ROUNDS], nr = 0;
            for (int r = 1; r <= GD_ROUNDS; r++)
                if (d->has_event[r] || d->fixed_event[r] >= 0)
                    rounds[nr++] = r;
            strbuf_reset(&sb);
            for (int q = 0; q < nr; q++)
                strbuf_printf(&sb, "%s%d", q == 0 ? "" : q + 1 == nr ? " and " : ", ", rounds[q]);
            replay_error(rp, rp->difficulty ? replay_keyword_span(rp->difficulty, "difficulty") : at,
                         RULE_EVENTS, -1, "difficulty %s has events in rounds %s: add an events "
                         "line such as \"events 7 fire, 8 plague, ...\"", d->id, strbuf_cstr(&sb));
        }
    }
    memcpy(cfg->events, c.events, sizeof cfg->events);
    cfg->events_played = 1;
    strbuf_free(&sb);
    free(unknown);
    free(entries);
    free(from);
    return !rp->events && c.nproblems > 0 ? -1 : 0;
}

static void header_solo(struct rp *rp, struct game_config *cfg)
{
    const struct gamedata *gd = rp->gd;
    if (cfg->nplayers > 1) {
        if (rp->solo) {
            replay_error(rp, replay_keyword_span(rp->solo, "solo"), RULE_SETUP, -1,
                         "a game of %d players has no solo objective", cfg->nplayers);
            replay_skip(rp, rp->solo);
        }
        return;
    }
    if (!rp->solo) {
        replay_error(rp, replay_keyword_span(rp->players, "players"), RULE_SETUP, -1,
                     "a solo game needs a solo line: \"solo merchant\", miller, cathedral, castle or arcade");
        return;
    }
    const struct log_word *w = &rp->solo->solo;
    if (strcmp(w->norm, LOG_ID_ARCADE) == 0)
        return;
    int o = gamedata_objective(gd, w->norm, strlen(w->norm));
    if (o < 0) {
        unknown_id(rp, LOG_ID_OBJECTIVE, w, "");
        replay_skip(rp, rp->solo);
        return;
    }
    cfg->objective = o;
}

static void header_variants(struct rp *rp, struct game_config *cfg)
{
    for (size_t k = 0; k < rp->variants.n; k++) {
        const struct log_stmt *st = rp->variants.items[k];
        int ok = 1;
        for (size_t i = 0; i < st->variant.count; i++) {
            const struct log_word *w = &st->variant.items[i];
            if (w->spaced || strcmp(w->norm, LOG_ID_FAMINE_VARIANT) != 0) {
                unknown_id(rp, LOG_ID_VARIANT, w, "");
                ok = 0;
            }
        }
        if (ok)
            cfg->famine_halves_farms = 1;
        else
            replay_skip(rp, st);
    }
}

static void header_towns(struct rp *rp, struct game_config *cfg)
{
    int line[XII_MAX_PLAYERS] = {0};
    for (size_t k = 0; k < rp->towns.n; k++) {
        const struct log_stmt *st = rp->towns.items[k];
        int p = replay_find_player(rp, &st->town.player);
        if (p >= 0 && line[p]) {
            replay_error(rp, st->town.player.at, RULE_HEADER, p, "%s's town is already named (line %d)",
                         cfg->names[p], line[p]);
            p = -1;
        }
        if (p < 0 || copy_name(rp, cfg->towns[p], &st->town.name, "the town name", RULE_HEADER) != 0) {
            replay_skip(rp, st);
            continue;
        }
        line[p] = st->at.line;
    }
}

int replay_start(struct rp *rp, struct log_span at)
{
    const struct gamedata *gd = rp->gd;
    rp->start_tried = 1;
    struct game_config *cfg = &rp->s->cfg;  /* names are found through it while starting */
    memset(cfg, 0, sizeof *cfg);
    cfg->difficulty = gd->default_difficulty;
    cfg->objective = -1;
    for (int r = 0; r <= GD_ROUNDS; r++)
        cfg->events[r] = -1;
    int fatal = 0;
    if (!rp->players) {
        if (rp->bad_players)
            replay_error(rp, replay_keyword_span(rp->bad_players, "players"), RULE_SETUP, -1,
                         "the game cannot start: its players line has an error");
        else if (rp->nstmts == 0)
            replay_error(rp, at, RULE_SETUP, -1, "the log is empty: expected a players line, then rounds");
        else
            replay_error(rp, at, RULE_SETUP, -1, "the log has no players line: expected \"players NAME ...\" "
                         "before round 1");
        rp->done = 1;
        return -1;
    }
    cfg->nplayers = (int)rp->players->players.count;
    for (int p = 0; p < cfg->nplayers; p++) {
        const struct log_word *w = &rp->players->players.names[p];
        if (copy_name(rp, cfg->names[p], w, "the player name", RULE_SETUP) != 0) {
            fatal = 1;
            continue;
        }
        for (int q = 0; q < p; q++)
            if (strcmp(cfg->names[q], cfg->names[p]) == 0) {
                replay_error(rp, w->at, RULE_SETUP, -1, "two players are called %s: names must differ",
                             cfg->names[p]);
                fatal = 1;
            }
    }
    if (fatal) {
        rp->done = 1;
        return -1;
    }
    header_towns(rp, cfg);
    if (rp->difficulty) {
        const struct log_word *w = &rp->difficulty->difficulty;
        int d = w->spaced ? -1 : gamedata_difficulty(gd, w->norm, strlen(w->norm));
        if (d < 0) {
            unknown_id(rp, LOG_ID_DIFFICULTY, w, ": the game cannot start without it");
            rp->done = 1;
            return -1;
        }
        cfg->difficulty = d;
    }
    if (header_events(rp, cfg, at) != 0) {
        rp->done = 1;
        return -1;
    }
    header_solo(rp, cfg);
    header_variants(rp, cfg);
    if (rp->game) {
        free(rp->out->title);
        rp->out->title = xstrdup(rp->game->game.text);
    }
    struct game_config c = *cfg;
    struct refusal why;
    if (rp->done || engine_new_game(rp->s, gd, &c, rp->h, &why) != 0) {
        if (!rp->done)
            replay_refused(rp, replay_keyword_span(rp->players, "players"), -1, &why, NULL);
        rp->done = 1;
        return -1;
    }
    rp->out->started = 1;
    return 0;
}
