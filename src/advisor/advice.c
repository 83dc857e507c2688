/* The advisor's candidates and their rollouts. */
#include "play/advice.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/replay.h"
#include "log/write.h"
#include "play/advice_words.h"
#include "play/drive.h"
#include "play/rng.h"

/* A candidate: the choice, and the state to play out from (the choice applied, except for a
 * war choice, whose bonus rolls are drawn in each rollout). */
struct cand {
    struct advice_choice choice;
    struct game_state after;
    int played;
};

struct cands {
    struct cand *v;
    size_t n, cap;
};

static struct cand *cand_push(struct cands *cs)
{
    xgrow((void **)&cs->v, &cs->cap, cs->n + 1, sizeof *cs->v);
    struct cand *c = &cs->v[cs->n++];
    memset(c, 0, sizeof *c);
    return c;
}

void advice_outcome(const struct game_state *s, struct rank_outcome *out)
{
    memset(out, 0, sizeof *out);
    for (int p = 0; p < s->cfg.nplayers; p++)
        out->score[p] = engine_score(s, p, NULL);
    int w[XII_MAX_PLAYERS];
    int n = engine_winners(s, w);
    for (int k = 0; k < n; k++)
        out->winners |= 1u << w[k];
}

/* ---- turn plans -------------------------------------------------------------------------- */

static int uses_reroll(const struct play_plan *plan)
{
    for (int k = 0; k < plan->nmoves; k++)
        if (plan->move[k].kind == MOVE_COURT_REROLL)
            return 1;
    return 0;
}

/* The position a turn leads to: s with its turn ended (feeding, the market queued). */
static void turn_ended(const struct game_state *s, struct game_state *out)
{
    *out = *s;
    if (out->turn.player >= 0)
        engine_end_turn(out, NULL, NULL, NULL);
}

/* Whether two states with the turn of `player` ended are the same position. */
static int same_position(const struct game_state *x, const struct game_state *y, int player)
{
    return x->phase == y->phase && x->turns_done == y->turns_done &&
           memcmp(x->shared, y->shared, sizeof x->shared) == 0 &&
           memcmp(&x->p[player], &y->p[player], sizeof x->p[player]) == 0;
}

/* Adds plan as a candidate unless the engine refuses it or it reaches the position of an
 * earlier candidate (from `first` on; ends[] holds their positions). Returns 1 when added. */
static int add_plan(const struct advice_position *pos, const struct play_plan *plan, struct cands *cs,
                    size_t first, struct game_state *ends)
{
    struct cand *c = cand_push(cs);
    c->choice.kind = ADVICE_TURN;
    c->choice.plan = *plan;
    c->after = *pos->s;
    size_t i = cs->n - 1 - first;
    if (play_plan_apply(&c->after, plan, NULL) != 0) {
        cs->n--;        /* cannot happen: the plan came from the engine's moves */
        return 0;
    }
    turn_ended(&c->after, &ends[i]);
    for (size_t j = 0; j < i; j++)
        if (same_position(&ends[j], &ends[i], pos->player)) {
            cs->n--;
            return 0;
        }
    return 1;
}

/* The turn's candidates: the best plans of the bots' beam search (play_plans_best), each with
 * greedy's market decision, at most one per position reached (the same uses of the dice in
 * another order, or a shared die and a reserve die of the same value swapped, are one move):
 * the beam is twice as wide as the candidates wanted so that enough distinct ones remain.
 * With every die spent, ending the turn without a reserve die is a candidate too. */
static void turn_cands(const struct advice_position *pos, const struct advice_options *o,
                       struct cands *cs, struct advice *out)
{
    struct play_plan_value best[64];
    int want = o->max_candidates < 1 ? 1 : o->max_candidates > 64 ? 64 : (int)o->max_candidates;
    int n = play_plans_best(pos->s, 2 * want > 64 ? 64 : 2 * want, best);
    out->plans_found = (size_t)n;
    size_t first = cs->n, added = 0;
    struct game_state *ends = xcalloc((size_t)want + 1, sizeof *ends);
    for (int k = 0; k < n && added < (size_t)want; k++)
        if (!uses_reroll(&best[k].plan))
            added += (size_t)add_plan(pos, &best[k].plan, cs, first, ends);
    if (play_turn_dice_left(pos->s) == 0) {
        struct play_plan none = {.nmoves = 0};
        play_greedy_market(pos->s, &none);
        add_plan(pos, &none, cs, first, ends);
    }
    free(ends);
}

/* ---- war and collect ----------------------------------------------------------------------- */

static void war_cands(const struct advice_position *pos, struct cands *cs)
{
    int can = engine_war_can_support(pos->s, pos->player);
    for (int support = 1; support >= 0; support--) {
        if (support && !can)
            continue;
        struct cand *c = cand_push(cs);
        c->choice.kind = ADVICE_WAR;
        c->choice.support = support;
        c->after = *pos->s;
    }
}

/* Applies a collect choice to a copy of s; returns -1 when the engine refuses it. */
static int apply_collect(const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                         struct game_state *out)
{
    *out = *s;
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (choice[l] >= 0 && engine_collect(out, player, l, choice[l], NULL) != 0)
            return -1;
    return 0;
}

static void collect_cands(const struct advice_position *pos, struct cands *cs)
{
    const struct gamedata *gd = pos->s->gd;
    int owed[LOCATION_COUNT], nowed = 0, combos = 1;
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (pos->collect >> l & 1u) {
            owed[nowed++] = l;
            combos *= gd->locations[l].nbonus;
        }
    for (int k = 0; k < combos; k++) {
        struct advice_choice ch;
        memset(&ch, 0, sizeof ch);
        ch.kind = ADVICE_COLLECT;
        for (int l = 0; l < LOCATION_COUNT; l++)
            ch.collect[l] = -1;
        int x = k;
        for (int i = nowed - 1; i >= 0; i--) {
            int nb = gd->locations[owed[i]].nbonus;
            ch.collect[owed[i]] = x % nb;
            x /= nb;
        }
        struct game_state t;
        if (apply_collect(pos->s, pos->player, ch.collect, &t) != 0)
            continue;
        struct cand *c = cand_push(cs);
        c->choice = ch;
        c->after = t;
    }
}

/* ---- the played move ------------------------------------------------------------------------ */

/* Whether two states reached by a turn of `player` are the same position. */
static int same_turn_result(const struct game_state *a, const struct game_state *b, int player)
{
    struct game_state x, y;
    turn_ended(a, &x);
    turn_ended(b, &y);
    return same_position(&x, &y, player);
}

static int same_choice(const struct advice_choice *a, const struct advice_choice *b)
{
    if (a->kind == ADVICE_WAR)
        return a->support == b->support;
    return memcmp(a->collect, b->collect, sizeof a->collect) == 0;
}

/* Marks the candidate that is the played move, or adds it. Returns -1 when it cannot be
 * played. */
static int add_played(const struct advice_position *pos, const struct advice_played *pl, struct cands *cs)
{
    for (size_t k = 0; k < cs->n; k++) {
        struct cand *c = &cs->v[k];
        int same = pos->kind == ADVICE_TURN ? same_turn_result(&c->after, pl->after, pos->player)
                                            : same_choice(&c->choice, &pl->choice);
        if (same) {
            c->played = 1;
            if (pos->kind == ADVICE_TURN)
                c->after = *pl->after;
            return 0;
        }
    }
    struct cand *c = cand_push(cs);
    c->played = 1;
    c->choice = pl->choice;
    if (pos->kind == ADVICE_TURN) {
        c->choice.kind = ADVICE_TURN;
        c->after = *pl->after;
    } else if (pos->kind == ADVICE_COLLECT) {
        if (apply_collect(pos->s, pos->player, pl->choice.collect, &c->after) != 0)
            return -1;
    } else {
        c->after = *pos->s;
    }
    return 0;
}

/* ---- rollouts -------------------------------------------------------------------------------- */

struct job {
    const struct advice_position *pos;
    const struct advice_options *o;
    const struct cand *v;
};

/* The king war with the candidate's choice for the player; the others' entries as played, or
 * the bot's; every bonus roll of a choice not played is drawn from the rollout's dice. */
static int play_war(const struct job *j, const struct cand *c, struct game_state *t, uint64_t seed,
                    struct play_rng *rng)
{
    const struct game_state *s = j->pos->s;
    struct war_entry e[XII_MAX_PLAYERS];
    memset(e, 0, sizeof e);
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (p != j->pos->player && j->pos->war_played) {
            e[p] = j->pos->war_played[p];
            continue;
        }
        e[p].support = p == j->pos->player ? c->choice.support : play_bot_war(&j->o->bot, s, p, rng);
        e[p].nrolls = e[p].support ? engine_bonus_rolls_due(s, p) : 0;
        for (int i = 0; i < e[p].nrolls; i++)
            e[p].rolls[i] = play_dice_roll(seed, s->round, PLAY_DICE_WAR, p, i);
    }
    return engine_war(t, e, NULL, NULL);
}

int advice_play_out(const struct game_state *s, const struct play_bot *bot, uint64_t seed,
                    struct rank_outcome *out)
{
    struct game_state t = *s;
    struct play_seat seat = play_bot_seat(bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, seed);
    if (play_drive(&t, &d) != 0)
        return -1;
    advice_outcome(&t, out);
    return 0;
}

static int rollout(void *ctx, size_t k, uint64_t seed, struct rank_outcome *out)
{
    const struct job *j = ctx;
    const struct cand *c = &j->v[k];
    struct game_state t = c->after;
    struct play_seat seat = play_bot_seat(&j->o->bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, seed);
    if (c->choice.kind == ADVICE_WAR && play_war(j, c, &t, seed, &d.rng) != 0)
        return -1;
    /* A turn plan is the whole turn: it ends here, so the bot adds no reserve die to it. */
    if (t.turn.player >= 0 && engine_end_turn(&t, NULL, NULL, NULL) != 0)
        return -1;
    if (play_drive(&t, &d) != 0)
        return -1;
    advice_outcome(&t, out);
    return 0;
}

int advice_rank(const struct advice_position *pos, const struct advice_played *played,
                const struct advice_options *o, struct advice *out, struct strbuf *err)
{
    memset(out, 0, sizeof *out);
    out->kind = pos->kind;
    out->player = pos->player;
    out->round = pos->s->round;
    struct cands cs = {0};
    if (pos->kind == ADVICE_TURN)
        turn_cands(pos, o, &cs, out);
    else if (pos->kind == ADVICE_WAR)
        war_cands(pos, &cs);
    else
        collect_cands(pos, &cs);
    if (played && add_played(pos, played, &cs) != 0) {
        strbuf_puts(err, "the move played cannot be replayed");
        free(cs.v);
        return -1;
    }
    if (cs.n == 0) {
        strbuf_puts(err, "no legal move was found");
        free(cs.v);
        return -1;
    }
    struct rank_options ro = o->rank;
    ro.player = pos->player;
    ro.nplayers = pos->s->cfg.nplayers;
    ro.protect = -1;
    for (size_t k = 0; k < cs.n; k++)
        if (cs.v[k].played)
            ro.protect = (long)k;
    struct rank_result *r = xcalloc(cs.n, sizeof *r);
    struct job j = {pos, o, cs.v};
    if (rank_run(cs.n, rollout, &j, &ro, r, &out->summary) != 0) {
        strbuf_puts(err, "a rollout failed: the engine refused a bot's move");
        free(r);
        free(cs.v);
        return -1;
    }
    out->ranked = xcalloc(cs.n, sizeof *out->ranked);
    out->n = cs.n;
    for (size_t k = 0; k < cs.n; k++) {
        out->ranked[k].choice = cs.v[r[k].candidate].choice;
        out->ranked[k].played = cs.v[r[k].candidate].played;
        out->ranked[k].r = r[k];
    }
    free(r);
    free(cs.v);
    return 0;
}

void advice_free(struct advice *out)
{
    if (!out)
        return;
    free(out->ranked);
    memset(out, 0, sizeof *out);
}

/* ---- lines and words ------------------------------------------------------------------------- */

void advice_lines(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out)
{
    const struct game_state *s = pos->s;
    switch (c->kind) {
    case ADVICE_TURN:
        for (int k = 0; k < c->plan.nmoves; k++)
            log_write_move(s->gd, &c->plan.move[k], out);
        break;
    case ADVICE_WAR: {
        /* The whole war line when the other entries are known (as the log played them, or
         * "avoid" for players without POW); otherwise the player's entry of it. */
        struct war_entry e[XII_MAX_PLAYERS];
        memset(e, 0, sizeof e);
        int known = 1;
        for (int p = 0; p < s->cfg.nplayers; p++)
            if (p == pos->player && !(pos->war_played && pos->war_played[p].support == c->support))
                e[p].support = c->support;      /* the bonus rolls: once rolled */
            else if (pos->war_played)
                e[p] = pos->war_played[p];
            else if (engine_war_can_support(s, p))
                known = 0;
        if (known) {
            log_write_war(s, e, out);
        } else {
            log_write_name(s->cfg.names[pos->player], out);
            strbuf_puts(out, c->support ? " support\n" : " avoid\n");
        }
        break;
    }
    case ADVICE_COLLECT:
        log_write_collect(s, pos->player, c->collect, out);
        break;
    }
}

/* Whether a plan uses a die (not only market conversions). */
static int spends_a_die(const struct play_plan *plan)
{
    for (int k = 0; k < plan->nmoves; k++)
        if (plan->move[k].kind != MOVE_MARKET)
            return 1;
    return 0;
}

void advice_describe(const struct advice_position *pos, const struct advice_choice *c, struct strbuf *out)
{
    const struct game_state *s = pos->s;
    const struct gamedata *gd = s->gd;
    switch (c->kind) {
    case ADVICE_TURN:
        if (c->plan.nmoves < 0) {
            strbuf_puts(out, "the moves as the log wrote them");
            break;
        }
        if (!spends_a_die(&c->plan))
            strbuf_puts(out, "no reserve die: the turn ends; ");
        if (advice_words_plan(s, c->plan.move, c->plan.nmoves, out) != 0)
            strbuf_puts(out, "(the engine refuses this plan)");
        break;
    case ADVICE_WAR:
        if (c->support) {
            int n = engine_bonus_rolls_due(s, pos->player);
            strbuf_puts(out, "support the king");
            if (n > 0)
                strbuf_printf(out, " and roll %d bonus di%s (write %s after \"support\")", n,
                              n == 1 ? "e" : "ce", n == 1 ? "it" : "them");
        } else {
            strbuf_puts(out, "avoid the king war");
        }
        break;
    case ADVICE_COLLECT: {
        int n = 0;
        for (int l = 0; l < LOCATION_COUNT; l++) {
            if (!(pos->collect >> l & 1u))
                continue;
            const struct gd_location *loc = &gd->locations[l];
            strbuf_puts(out, n++ ? "; " : "");
            if (c->collect[l] < 0)
                strbuf_printf(out, "no bonus at the %s", loc->id);
            else
                strbuf_printf(out, "the %s's bonus as %d %s", loc->id, loc->bonus_amount[c->collect[l]],
                              gd->assets[loc->bonus_asset[c->collect[l]]].id);
        }
        break;
    }
    }
}
