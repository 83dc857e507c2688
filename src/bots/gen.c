/* Random legal games as move-log text. */
#include "bots/gen.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/write.h"
#include "rules/flow.h"

#define MAX_MOVES 4096

struct gen {
    const struct gamedata *gd;
    const struct log_gen_options *opt;
    struct game_state s;
    struct strbuf *out;
    uint64_t rng;
    struct move *moves;     /* MAX_MOVES */
    int outlaws_first;      /* this round: the outlaws' rolls before the shared dice */
    int collect_first;      /* this round: the location choices before the war */
};

/* splitmix64 */
static uint64_t next(struct gen *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int rnd(struct gen *g, int n)
{
    return (int)(next(g) % (uint64_t)n);
}

static int die(struct gen *g)
{
    return 1 + rnd(g, 6);
}

static const char *const default_names[] = {"Jack", "Tom", "Martha", "Mary", "Ann Lee"};
static const char *const towns[] = {"Oakham", "Ely", "Bury St Edmunds", "Wells", "Lincoln"};

static void header(struct gen *g, const char *const *names, struct game_config *cfg)
{
    const struct gamedata *gd = g->gd;
    memset(cfg, 0, sizeof *cfg);
    cfg->nplayers = g->opt->nplayers;
    cfg->difficulty = rnd(g, gd->ndifficulties);
    cfg->famine_halves_farms = rnd(g, 4) == 0;
    cfg->objective = -1;
    for (int p = 0; p < cfg->nplayers; p++)
        snprintf(cfg->names[p], sizeof cfg->names[p], "%s", names[p]);
    struct game_config written = *cfg;     /* with the towns the header names */
    for (int p = 0; p < cfg->nplayers; p++)
        if (rnd(g, 2))
            snprintf(written.towns[p], sizeof written.towns[p], "%s", towns[p]);
    const struct gd_difficulty *d = &gd->difficulties[cfg->difficulty];
    int count[EVENT_COUNT] = {0};
    for (int r = 0; r <= GD_ROUNDS; r++) {
        cfg->events[r] = r > 0 ? d->fixed_event[r] : -1;
        if (cfg->events[r] >= 0)
            count[cfg->events[r]]++;
    }
    unsigned by_die = 0;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (!d->has_event[r] || d->fixed_event[r] >= 0)
            continue;
        int e;
        do
            e = rnd(g, EVENT_COUNT);
        while (count[e] >= gd->max_same_event);
        count[e]++;
        cfg->events[r] = e;
        /* Events by name or by die value, both are valid. */
        if (!rnd(g, 3))
            by_die |= 1u << r;
    }
    if (cfg->nplayers == 1)
        cfg->objective = rnd(g, gd->nobjectives + 1) - 1;
    for (int r = 0; r <= GD_ROUNDS; r++)       /* the events line names the rounds assigned */
        written.events[r] = d->fixed_event[r] >= 0 || r == 0 ? -1 : cfg->events[r];
    written.objective = cfg->objective;
    char title[64];
    snprintf(title, sizeof title, "Random game %llu", (unsigned long long)g->opt->seed);
    log_write_header_as(gd, &written, title, by_die, g->out);
}

/* How often a legal move is picked: people, infrastructures, abilities, a growing population
 * and the food the next feeding needs more often than the rest, reserve dice seldom, so that
 * games look played and reach the special items. */
static int weight(const struct game_state *s, const struct move *m)
{
    const struct player_state *ps = &s->p[s->turn.player];
    if (m->from_reserve)
        return 1;
    switch (m->kind) {
    case MOVE_ACQUIRE: return 24;
    case MOVE_ASSET:
        if (m->target == A_POPULATION && ps->asset[A_POPULATION] < 10)
            return 16;
        if (m->target == A_FOOD && ps->asset[A_FOOD] < (ps->asset[A_POPULATION] + 1) / 2 + 2)
            return 24;
        return 4;
    case MOVE_SHERIFF:
    case MOVE_COURT:
    case MOVE_COURT_REROLL:
    case MOVE_SPLIT: return 3;
    default: return 1;
    }
}

static const struct move *pick(struct gen *g, size_t n)
{
    int total = 0;
    for (size_t k = 0; k < n; k++)
        total += weight(&g->s, &g->moves[k]);
    int x = rnd(g, total);
    for (size_t k = 0; k < n; k++) {
        x -= weight(&g->s, &g->moves[k]);
        if (x < 0)
            return &g->moves[k];
    }
    return &g->moves[n - 1];
}

/* A market conversion that will succeed after feeding, or none. */
static void market(struct gen *g, int p)
{
    struct game_state t = g->s;
    engine_end_turn(&t, NULL, NULL, NULL);
    int to = rnd(g, 2) ? A_SUPPLY : A_FOOD, from = to == A_FOOD ? A_SUPPLY : A_FOOD;
    int most = t.p[p].asset[from], room = g->gd->asset_cap - t.p[p].asset[to];
    if (room < most)
        most = room;
    if (most < 1)
        return;
    struct move m;
    memset(&m, 0, sizeof m);
    m.kind = MOVE_MARKET;
    m.amount = 1 + rnd(g, most);
    m.target = to;
    if (flow_apply(&g->s, &(struct decision){.kind = FLOW_DEC_MOVE, .move = m}, NULL, NULL) == 0)
        log_write_move(g->gd, &m, g->out);
}

static int has_market(const struct game_state *s, int p)
{
    for (int i = 0; i < s->gd->nitems; i++)
        for (int k = 0; k < s->gd->items[i].nperks; k++)
            if (s->gd->items[i].perks[k].id == PERK_MARKET && engine_owns(s, p, i) &&
                (!gamedata_is_special(&s->gd->items[i]) || s->p[p].perk[i] == "ab"[k]))
                return 1;
    return 0;
}

/* The outlaws' bonus rolls: the chance player's decision. */
static int outlaws(struct gen *g, const struct awaited *a)
{
    struct decision d = {.kind = FLOW_DEC_OUTLAWS};
    for (int p = 0; p < g->s.cfg.nplayers; p++) {
        d.rolls[p].nrolls = a->rolls_due[p];
        for (int i = 0; i < d.rolls[p].nrolls; i++)
            d.rolls[p].rolls[i] = die(g);
    }
    log_write_outlaws(&g->s, d.rolls, g->out);
    return flow_apply(&g->s, &d, NULL, NULL);
}

static int shared(struct gen *g)
{
    struct decision d = {.kind = FLOW_DEC_SHARED};
    d.dice[0] = die(g);
    do
        d.dice[1] = die(g);
    while (d.dice[1] == d.dice[0]);
    log_write_shared(d.dice[0], d.dice[1], g->out);
    return flow_apply(&g->s, &d, NULL, NULL);
}

static int begin_turn(struct gen *g, int p)
{
    struct decision d = {.kind = FLOW_DEC_TURN, .player = p};
    d.dice[0] = die(g);
    d.dice[1] = die(g);
    if (flow_apply(&g->s, &d, NULL, NULL) != 0)
        return -1;
    log_write_turn(&g->s, p, d.dice[0], d.dice[1], g->out);
    return 0;
}

static int spend(struct gen *g)
{
    size_t n = engine_legal_moves(&g->s, 0, g->moves, MAX_MOVES);
    if (n == 0)
        return -1;
    if (n > MAX_MOVES)
        n = MAX_MOVES;
    const struct move *m = pick(g, n);
    if (flow_apply(&g->s, &(struct decision){.kind = FLOW_DEC_MOVE, .move = *m}, NULL, NULL) != 0)
        return -1;
    log_write_move(g->gd, m, g->out);
    return 0;
}

/* The round's end: every sheet checked when the options ask. */
static void round_checks(struct gen *g)
{
    for (int p = 0; g->opt->checks && p < g->s.cfg.nplayers; p++)
        log_write_check(&g->s, p, g->s.phase == PHASE_GAME_OVER, g->out);
}

/* After the fourth die: maybe a market conversion, then the turn ends with nothing left. */
static int end_turn(struct gen *g, int p)
{
    struct game_state *s = &g->s;
    if (has_market(s, p) && rnd(g, 2))
        market(g, p);
    struct flow_outcome out;
    if (flow_end_turn_complete(s, &out) != 0)
        return -1;
    if (g->opt->checks && rnd(g, 4) == 0)
        log_write_check(s, p, 0, g->out);
    /* After the round's last turn: the war or the location choices first. */
    if (engine_next_player(s) < 0)
        g->collect_first = rnd(g, 2);
    if (out.round_ended)
        round_checks(g);
    return 0;
}

static int war(struct gen *g, const struct awaited *a)
{
    struct game_state *s = &g->s;
    struct decision d = {.kind = FLOW_DEC_WAR};
    for (int p = 0; p < s->cfg.nplayers; p++) {
        d.war[p].support = !a->must_avoid[p] && rnd(g, 3) != 0;
        d.war[p].nrolls = d.war[p].support ? a->rolls_due[p] : 0;
        for (int i = 0; i < d.war[p].nrolls; i++)
            d.war[p].rolls[i] = die(g);
    }
    log_write_war(s, d.war, g->out);
    struct flow_outcome out;
    if (flow_apply(s, &d, NULL, &out) != 0)
        return -1;
    if (out.round_ended)
        round_checks(g);
    return 0;
}

/* Every location choice owed, seat by seat. */
static int collect(struct gen *g, const struct awaited *a)
{
    struct game_state *s = &g->s;
    int ended = 0;
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (!a->collect[p])
            continue;
        int choice[LOCATION_COUNT];
        struct flow_pick picks[LOCATION_COUNT];
        size_t n = 0;
        for (int l = 0; l < LOCATION_COUNT; l++) {
            choice[l] = -1;
            if (a->collect[p] >> l & 1u) {
                choice[l] = rnd(g, g->gd->locations[l].nbonus);
                picks[n++] = (struct flow_pick){l, choice[l]};
            }
        }
        struct flow_outcome out = {0};
        if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_COLLECT, .player = p, .picks = picks, .npicks = n},
                       NULL, &out) != 0)
            return -1;
        ended |= out.round_ended;
        log_write_collect(s, p, choice, g->out);
    }
    if (ended)
        round_checks(g);
    return 0;
}

/* One decision, the one the flow awaits (of those pending, in the generator's random order). */
static int step(struct gen *g)
{
    struct game_state *s = &g->s;
    struct awaited a;
    flow_awaited(s, &a);
    switch (a.kind) {
    case FLOW_ROUND:
        log_write_round(a.round, g->out);
        if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_ROUND, .round = a.round}, NULL, NULL) != 0)
            return -1;
        g->outlaws_first = rnd(g, 2);
        return 0;
    case FLOW_OUTLAWS:
        return (a.pending >> FLOW_SHARED & 1u) && !g->outlaws_first ? shared(g) : outlaws(g, &a);
    case FLOW_SHARED:
        return shared(g);
    case FLOW_TURN:
        return begin_turn(g, a.player);
    case FLOW_DIE:
        return spend(g);
    case FLOW_RESERVE:
        return end_turn(g, a.player);
    case FLOW_WAR:
    case FLOW_COLLECT:
        if ((a.pending >> FLOW_COLLECT & 1u) && (g->collect_first || !(a.pending >> FLOW_WAR & 1u)))
            return collect(g, &a);
        return war(g, &a);
    default:
        return -1;
    }
}

int log_gen_game(const struct gamedata *gd, const struct log_gen_options *opt, struct strbuf *out,
                 struct game_state *final)
{
    return log_gen_game_named(gd, opt, default_names, out, final);
}

int log_gen_game_named(const struct gamedata *gd, const struct log_gen_options *opt,
                       const char *const *names, struct strbuf *out, struct game_state *final)
{
    struct gen g;
    memset(&g, 0, sizeof g);
    g.moves = xmalloc(MAX_MOVES * sizeof *g.moves);
    g.gd = gd;
    g.opt = opt;
    g.out = out;
    g.rng = opt->seed;
    struct game_config cfg;
    header(&g, names, &cfg);
    int rc = engine_new_game(&g.s, gd, &cfg, NULL, NULL);
    while (rc == 0 && g.s.phase != PHASE_GAME_OVER)
        rc = step(&g);
    if (final)
        *final = g.s;
    free(g.moves);
    return rc;
}
