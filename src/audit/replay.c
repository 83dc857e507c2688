/* The replay: header, rounds, turns and their automatic steps, each statement checked by the
 * rules engine; refusals become diagnostics that say what was expected and what was found. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "log/write.h"
#include "core/xalloc.h"
#include "log/name.h"
#include "log/parse.h"
#include "audit/replay_internal.h"
#include "rules/flow.h"

/* ---- turns ------------------------------------------------------------------------------- */

static int dice_left(const struct game_state *s)
{
    int n = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

/* Whether an unspent die of the turn shows v. */
static int unspent_shows(const struct game_state *s, int v)
{
    for (int i = 0; i < XII_TURN_DICE; i++)
        if (!s->turn.dice[i].spent && s->turn.dice[i].value == v)
            return 1;
    return 0;
}

/* An example of a line that spends each unspent die, for the unspent-dice error. */
static void unspent_examples(const struct game_state *s, struct strbuf *out)
{
    int seen = 0, count = 0;
    for (int i = 0; i < XII_TURN_DICE; i++) {
        int v = s->turn.dice[i].value;
        if (s->turn.dice[i].spent || (seen >> v & 1))
            continue;
        seen |= 1 << v;
        struct strbuf line = STRBUF_INIT;
        if (log_example_move(s, v, 1, &line))
            strbuf_printf(out, "%s\"%s\"", count++ ? ", " : "", strbuf_cstr(&line));
        strbuf_free(&line);
    }
}

/* The first refused line that spent one of the unspent dice, when every unspent die is
 * accounted for by a refused line of its value (one line, one die); 0 otherwise. */
static int unspent_by_refused(const struct rp *rp)
{
    const struct game_state *s = rp->s;
    int left[7] = {0}, first = 0;
    for (int i = 0; i < XII_TURN_DICE; i++) {
        if (s->turn.dice[i].spent)
            continue;
        int v = s->turn.dice[i].value;
        if (v < 1 || v > 6 || ++left[v] > rp->refused_spends[v])
            return 0;
        int line = rp->refused_spend_line[v];
        if (first == 0 || line < first)
            first = line;
    }
    return first;
}

/* Ends the turn in progress: the unspent-dice error (at the turn line), feeding, the market
 * lines in order; then the round, if nothing else is missing (the flow ends it). */
static void end_turn(struct rp *rp)
{
    struct game_state *s = rp->s;
    if (s->turn.player < 0)
        return;
    int p = s->turn.player;
    struct strbuf examples = STRBUF_INIT;
    int left = dice_left(s), refused_line = left > 0 ? unspent_by_refused(rp) : 0;
    if (left > 0)
        unspent_examples(s, &examples);
    struct flow_outcome out = {0};
    flow_apply(s, &(struct decision){.kind = FLOW_DEC_END_TURN}, rp->h, &out);
    const struct turn_end te = out.turn_end;
    if (te.unspent.rule != RULE_NONE && refused_line > 0) {
        /* Not an error of its own: the refused line is the one to fix. */
        struct diag *d = diag_add(rp->dl, DIAG_NOTE, rp->ast->file, (struct srcpos){refused_line, 1}, 0,
                                  NULL, "so %s's turn (line %d) leaves %d %s unspent: fixing this line "
                                  "fixes the turn", s->cfg.names[p], rp->turn->at.line, left,
                                  left == 1 ? "die" : "dice");
        d->round = s->round;
        diag_set_player(rp->dl, d, s->cfg.names[p]);
    } else if (te.unspent.rule != RULE_NONE) {
        struct strbuf more = STRBUF_INIT;
        if (examples.len)
            strbuf_printf(&more, "; add a line under this turn %s, e.g. %s",
                          left > 1 ? "for each" : "that spends it", strbuf_cstr(&examples));
        replay_refused(rp, rp->turn->at, p, &te.unspent, strbuf_cstr(&more));
        strbuf_free(&more);
    }
    strbuf_free(&examples);
    for (int k = 0; k < te.nmarket && k < rp->nmarket; k++)
        if (!te.market_applied[k]) {
            replay_refused(rp, rp->market[k]->at, p, &te.market_why[k], NULL);
            replay_skip(rp, rp->market[k]);
        }
    if (rp->out->nturns > 0)
        rp->out->turns[rp->out->nturns - 1].hist_end = out.settled_from;
    rp->turn = NULL;
    rp->nmarket = 0;
    memset(rp->refused_spends, 0, sizeof rp->refused_spends);
    memset(rp->refused_spend_line, 0, sizeof rp->refused_spend_line);
}

/* Refuses a statement that needs a round in progress; returns 0 when one is. */
static int need_round(struct rp *rp, const struct log_stmt *st, const char *what)
{
    const struct game_state *s = rp->s;
    struct log_span at = st->at;
    switch (s->phase) {
    case PHASE_ROUND:
        return 0;
    case PHASE_SETUP:
        replay_error(rp, at, RULE_ROUND_ORDER, -1, "%s before round 1: expected \"round 1\" first", what);
        break;
    case PHASE_ROUND_OVER:
        replay_error(rp, at, RULE_ROUND_ORDER, -1, "round %d has ended: %s belongs to a round (expected "
                     "\"round %d\" first)", s->round, what, s->round + 1);
        break;
    case PHASE_GAME_OVER:
        replay_error(rp, at, RULE_ROUND_ORDER, -1, "the game ended after round %d: %s comes too late",
                     GD_ROUNDS, what);
        break;
    }
    replay_skip(rp, st);
    return -1;
}

static void turn_order_error(struct rp *rp, const struct log_stmt *st, int p, int next)
{
    const struct game_state *s = rp->s;
    if (s->turns_done == 0)
        replay_error(rp, st->turn.player.at, RULE_TURN_ORDER, p, "round %d: expected %s's turn (%s is the "
                     "first player of round %d), not %s's", s->round, s->cfg.names[next],
                     s->cfg.names[next], s->round, s->cfg.names[p]);
    else
        replay_error(rp, st->turn.player.at, RULE_TURN_ORDER, p, "round %d: expected %s's turn (after %s's), "
                     "not %s's", s->round, s->cfg.names[next],
                     s->cfg.names[(s->first_player + s->turns_done - 1) % s->cfg.nplayers],
                     s->cfg.names[p]);
}

static void do_turn(struct rp *rp, const struct log_stmt *st)
{
    struct game_state *s = rp->s;
    end_turn(rp);
    rp->skip = SKIP_TURN_BODY;      /* until the turn is accepted */
    if (need_round(rp, st, "a turn"))
        return;
    int p = replay_find_player(rp, &st->turn.player);
    if (p < 0) {
        replay_skip(rp, st);
        return;
    }
    if (s->outlaws_pending) {
        struct strbuf sb = STRBUF_INIT;
        replay_outlaws_line(s, &sb);
        replay_error(rp, st->at, RULE_BONUS_ROLLS, -1, "round %d: the outlaws' bonus rolls come before the first "
                     "turn: add \"%s\" before this line (the attack is resolved without them)", s->round,
                     strbuf_cstr(&sb));
        strbuf_free(&sb);
        flow_apply(s, &(struct decision){.kind = FLOW_DEC_OUTLAWS, .unrolled = 1}, rp->h, NULL);
    }
    int next = engine_next_player(s);
    struct flow_outcome out;
    if (next < 0) {
        if (!replay_follows(rp, st->at))
            replay_error(rp, st->turn.player.at, RULE_TURN_ORDER, p, "round %d: every player has had a "
                         "turn (%s named); expected the %s", s->round, s->cfg.names[p],
                         s->cfg.nplayers > 1 ? "war line" : "next round");
    } else if (p != next) {
        if (!replay_follows(rp, st->at))
            turn_order_error(rp, st, p, next);
    } else if (!s->shared_set) {
        if (!replay_follows(rp, st->at))
            replay_error(rp, st->at, RULE_ROUND_ORDER, p, "round %d has no shared dice: add \"shared D D\" "
                         "before the first turn", s->round);
    } else if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_TURN, .player = p,
                                                .dice = {st->turn.dice[0].value, st->turn.dice[1].value}},
                          rp->h, &out) != 0) {
        replay_refused(rp, st->at, p, &out.why, NULL);
    } else {
        rp->turn = st;
        rp->nmarket = 0;
        rp->skip = SKIP_NONE;
        void *items = rp->out->turns;
        xgrow(&items, &rp->turns_cap, rp->out->nturns + 1, sizeof *rp->out->turns);
        rp->out->turns = items;
        rp->out->turns[rp->out->nturns++] =
            (struct log_turn_span){st->at.line, s->round, p, rp->h->count, SIZE_MAX};
        if (rp->cascade.line && rp->cascade.player == p)
            replay_cascade_end(rp);     /* the refused turn is played after all */
        return;
    }
    replay_skip(rp, st);
    replay_cascade_start(rp, st, p);
}

/* ---- spend, ability and market lines ----------------------------------------------------- */

static int is_body(const struct log_stmt *st)
{
    return log_kind_is_turn_body(st->kind == LOG_INVALID ? st->invalid.attempted : st->kind);
}

/* The token a refusal is about. */
static struct log_span refusal_span(const struct log_stmt *st, enum rule_id rule)
{
    int die_rule = rule == RULE_DIE_RANGE || rule == RULE_DIE_UNAVAILABLE || rule == RULE_DICE ||
                   rule == RULE_EXACT_DIE || rule == RULE_RESERVE_LIMIT ||
                   rule == RULE_RESERVE_EMPTY || rule == RULE_RESERVE_NEW;
    switch (st->kind) {
    case LOG_SPEND:
        if (die_rule)
            return st->spend.die.at;
        if (rule == RULE_PERK_LETTER && st->spend.perk_at.line)
            return st->spend.perk_at;
        if (rule == RULE_RESERVE_FULL || st->spend.action == LOG_ACT_STORE)
            return st->spend.action_at;
        return st->spend.target.at;
    case LOG_SHERIFF:
    case LOG_COURT:
    case LOG_COURT_REROLL:
        if (rule == RULE_DIE_RANGE)
            return st->change.to.at;
        if (die_rule)
            return st->change.from.at;
        return st->at;
    case LOG_SPLIT:
        if (rule == RULE_DIE_UNAVAILABLE)
            return st->split.die.at;
        return st->at;
    case LOG_MARKET:
        return st->market.amount.at;
    default:
        return st->at;
    }
}

static int apply_move(struct rp *rp, const struct log_stmt *st, const struct move *m)
{
    /* No refusal facts while moves are legal (the usual case), not even the restriction note.
     * A refused move changed nothing, so checking it again gives the same refusal. */
    struct engine_undo undo;
    if (m->kind == MOVE_ASSET)     /* only a spend on an asset may waste its die */
        engine_undo_save(rp->s, &undo);
    size_t from = rp->h->count;
    struct decision d;      /* a move: only the kind and the move are read */
    d.kind = FLOW_DEC_MOVE;
    d.move = *m;
    if (flow_apply(rp->s, &d, rp->h, NULL) == 0) {
        replay_waste(rp, st, &undo, m, from);
        return 0;
    }
    struct refusal why;
    engine_check(rp->s, m, &why);
    /* A die of the reserve (no unspent die shows it) spent without the word reserve: name the
     * line. */
    struct strbuf more = STRBUF_INIT;
    struct move r = *m;
    r.from_reserve = 1;
    if (why.rule == RULE_DIE_UNAVAILABLE && !m->from_reserve && m->kind <= MOVE_STORE &&
        !unspent_shows(rp->s, m->die) && engine_check(rp->s, &r, NULL) == 0) {
        strbuf_puts(&more, "; a die of the reserve takes the word reserve: \"");
        log_write_move_text(rp->gd, &r, &more);
        strbuf_putc(&more, '"');
    }
    replay_refused(rp, refusal_span(st, why.rule), rp->s->turn.player, &why, more.len ? strbuf_cstr(&more) : NULL);
    strbuf_free(&more);
    replay_skip(rp, st);
    return -1;
}

/* Reports an id typed as several words ("master builder"), naming the hyphenated id; returns 1.
 * Returns 0 for an ordinary word. */
static int spaced_word(struct rp *rp, enum log_id_kind kind, const struct log_word *w, int player)
{
    struct strbuf sb = STRBUF_INIT;
    int spaced = log_ids_spaced(rp->gd, kind, w, &sb);
    if (spaced)
        replay_error(rp, w->at, RULE_SYNTAX, player, "%s", strbuf_cstr(&sb));
    strbuf_free(&sb);
    return spaced;
}

/* Resolves the asset of a spend or split; reports an unknown id (or a person, an
 * infrastructure or a location written where an asset belongs). */
static int resolve_asset(struct rp *rp, const struct log_word *w, int die, int player)
{
    const struct gamedata *gd = rp->gd;
    if (spaced_word(rp, LOG_ID_ASSET, w, player))
        return -1;
    int a = log_ids_asset(rp->gd, w->norm);
    if (a >= 0)
        return a;
    int i = log_ids_item(rp->gd, w->norm), l = log_ids_location(rp->gd, w->norm);
    if (i >= 0)
        replay_error(rp, w->at, RULE_BAD_MOVE, player, "the %s is %s: write \"%d %s %s%s\"", gd->items[i].id,
                     log_ids_item_kind(&gd->items[i]), die,
                     log_ids_is_person(gd, i) ? "attract" : "build", gd->items[i].id,
                     gamedata_is_special(&gd->items[i]) ? " a|b" : "");
    else if (l >= 0)
        replay_error(rp, w->at, RULE_BAD_MOVE, player, "the %s is a location: write \"%d influence %s\"",
                     gd->locations[l].id, die, gd->locations[l].id);
    else {
        struct strbuf sb = STRBUF_INIT;
        log_ids_unknown(gd, LOG_ID_ASSET, w->text, w->norm, &sb);
        replay_error(rp, w->at, RULE_UNKNOWN_ID, player, "%s", strbuf_cstr(&sb));
        strbuf_free(&sb);
    }
    return -1;
}

static int resolve_item(struct rp *rp, const struct log_stmt *st, int player)
{
    const struct gamedata *gd = rp->gd;
    const struct log_spend *sp = &st->spend;
    const struct log_word *w = &sp->target;
    int attract = sp->action == LOG_ACT_ATTRACT;
    if (spaced_word(rp, attract ? LOG_ID_PERSON : LOG_ID_INFRA, w, player))
        return -1;
    int i = log_ids_item(rp->gd, w->norm);
    if (i < 0) {
        int a = log_ids_asset(rp->gd, w->norm);
        if (a >= 0) {
            replay_error(rp, w->at, RULE_BAD_MOVE, player, "%s is an asset: write \"%d %s\"",
                         gd->assets[a].id, sp->die.value, gd->assets[a].id);
        } else {
            struct strbuf sb = STRBUF_INIT;
            log_ids_unknown(gd, attract ? LOG_ID_PERSON : LOG_ID_INFRA, w->text, w->norm, &sb);
            replay_error(rp, w->at, RULE_UNKNOWN_ID, player, "%s", strbuf_cstr(&sb));
            strbuf_free(&sb);
        }
        return -1;
    }
    if (log_ids_is_person(gd, i) != attract) {
        replay_error(rp, sp->action_at, RULE_BAD_MOVE, player, "the %s is %s: write \"%d %s %s\"",
                     gd->items[i].id, log_ids_item_kind(&gd->items[i]),
                     sp->die.value, attract ? "build" : "attract", gd->items[i].id);
        return -1;
    }
    return i;
}

static int resolve_location(struct rp *rp, const struct log_word *w, int player)
{
    if (spaced_word(rp, LOG_ID_LOCATION, w, player))
        return -1;
    int l = log_ids_location(rp->gd, w->norm);
    if (l < 0) {
        struct strbuf sb = STRBUF_INIT;
        log_ids_unknown(rp->gd, LOG_ID_LOCATION, w->text, w->norm, &sb);
        replay_error(rp, w->at, RULE_UNKNOWN_ID, player, "%s", strbuf_cstr(&sb));
        strbuf_free(&sb);
    }
    return l;
}

static enum die_source which_source(enum log_which w)
{
    return w == LOG_WHICH_OWN ? DIE_OWN : w == LOG_WHICH_SHARED ? DIE_SHARED : DIE_ANY;
}

/* Refuses a body line when no turn is in progress; returns 0 when one is. */
static int need_turn(struct rp *rp, const struct log_stmt *st)
{
    if (rp->s->turn.player >= 0)
        return 0;
    if (rp->s->phase == PHASE_ROUND)
        replay_error(rp, st->at, RULE_ROUND_ORDER, -1, "a %s line outside a turn: expected it under a "
                     "\"turn NAME D D\" line whose dice are not all spent", log_kind_name(st->kind));
    else
        need_round(rp, st, "this line");
    if (rp->s->phase == PHASE_ROUND)
        replay_skip(rp, st);
    return -1;
}

static void do_body(struct rp *rp, const struct log_stmt *st)
{
    if (need_turn(rp, st))
        return;
    int p = rp->s->turn.player;
    struct move m;
    memset(&m, 0, sizeof m);
    m.source = DIE_ANY;
    switch (st->kind) {
    case LOG_SPEND: {
        const struct log_spend *sp = &st->spend;
        m.die = sp->die.value;
        m.from_reserve = sp->reserve;
        m.perk = sp->perk;
        switch (sp->action) {
        case LOG_ACT_ASSET:
            m.kind = MOVE_ASSET;
            m.target = resolve_asset(rp, &sp->target, m.die, p);
            break;
        case LOG_ACT_ATTRACT:
        case LOG_ACT_BUILD:
            m.kind = MOVE_ACQUIRE;
            m.target = resolve_item(rp, st, p);
            break;
        case LOG_ACT_INFLUENCE:
            m.kind = MOVE_INFLUENCE;
            m.target = resolve_location(rp, &sp->target, p);
            break;
        case LOG_ACT_STORE:
            m.kind = MOVE_STORE;
            break;
        }
        break;
    }
    case LOG_SHERIFF:
    case LOG_COURT:
    case LOG_COURT_REROLL:
        m.kind = st->kind == LOG_SHERIFF ? MOVE_SHERIFF : st->kind == LOG_COURT ? MOVE_COURT
                                                                             : MOVE_COURT_REROLL;
        m.die = st->change.from.value;
        m.to = st->change.to.value;
        m.source = which_source(st->change.which);
        break;
    case LOG_SPLIT:
        m.kind = MOVE_SPLIT;
        m.die = st->split.die.value;
        m.part[0] = st->split.first_part.value;
        m.part[1] = st->split.second_part.value;
        m.target = resolve_asset(rp, &st->split.first_asset, m.part[0], p);
        m.target2 = m.target < 0 ? -1 : resolve_asset(rp, &st->split.second_asset, m.part[1], p);
        if (m.target2 < 0)
            m.target = -1;
        break;
    case LOG_MARKET: {
        const struct log_word *w = &st->market.into;
        m.kind = MOVE_MARKET;
        m.amount = st->market.amount.value;
        m.target = log_ids_asset(rp->gd, w->norm);
        if (m.target != A_FOOD && m.target != A_SUPPLY) {
            replay_error(rp, w->at, RULE_MARKET, p, "the market turns food into supply or supply into food: "
                         "expected \"market %d supply\" or \"market %d food\", found '%s'", m.amount,
                         m.amount, w->text);
            m.target = -1;
        }
        break;
    }
    default:
        return;
    }
    int refused = 0;
    if (m.target < 0 && m.kind != MOVE_STORE && m.kind != MOVE_SHERIFF && m.kind != MOVE_COURT &&
        m.kind != MOVE_COURT_REROLL) {
        replay_skip(rp, st);
        refused = 1;
    } else if (apply_move(rp, st, &m) != 0) {
        refused = 1;
    } else {
        if (m.kind == MOVE_MARKET)
            rp->market[rp->nmarket++] = st;
        rp->out->last_move = m;
        rp->out->last_move_line = st->at.line;
    }
    if (refused && !m.from_reserve && (m.kind <= MOVE_STORE || m.kind == MOVE_SPLIT) && m.die >= 1 &&
        m.die <= 6 && rp->refused_spends[m.die]++ == 0)
        rp->refused_spend_line[m.die] = st->at.line;
}

/* ---- round-level statements -------------------------------------------------------------- */

/* Starts round n at statement st: what the round in progress lacks is reported, it ends, and
 * the next one begins. */
static void begin_round(struct rp *rp, const struct log_stmt *st, int n)
{
    struct game_state *s = rp->s;
    int until = rp->out->until_round;
    end_turn(rp);
    if (s->phase == PHASE_ROUND) {
        struct log_missing items[LOG_MISSING_MAX];
        int count = log_replay_missing(s, items);
        for (int k = 0; k < count; k++) {
            enum rule_id rule = items[k].rule;
            const char *effect = rule == RULE_ROUND_ORDER ? "the round had no turns"
                               : rule == RULE_BONUS_ROLLS ? "resolved without bonus rolls"
                               : rule == RULE_TURN_ORDER ? "that turn is not played"
                               : rule == RULE_WAR ? "counted as everybody avoiding"
                               : rule == RULE_COLLECT ? "not collected" : "";
            if (!replay_follows(rp, st->at))
                replay_error(rp, replay_keyword_span(st, "round"), rule, items[k].player,
                             "round %d ended without %s (%s)", s->round, items[k].text, effect);
        }
        flow_apply(s, &(struct decision){.kind = FLOW_DEC_END_ROUND}, rp->h, NULL);
    }
    replay_cascade_end(rp);
    if (until > 0 && s->round >= until) {
        rp->done = 1;
        return;
    }
    struct flow_outcome out;
    if (flow_apply(s, &(struct decision){.kind = FLOW_DEC_ROUND, .round = n}, rp->h, &out) != 0) {
        replay_refused(rp, st->kind == LOG_ROUND ? st->round.at : st->at, -1, &out.why, NULL);
        replay_skip(rp, st);
        rp->skip = SKIP_ROUND;
        return;
    }
    rp->war_line = 0;
    rp->skip = SKIP_NONE;
}

/* The number of the next valid round line after st, or 0 when there is none. */
static int next_round_number(const struct rp *rp, const struct log_stmt *st)
{
    for (const struct log_stmt *q = st + 1; q < rp->ast->stmts + rp->ast->count; q++)
        if (q->kind == LOG_ROUND)
            return q->round.value;
    return 0;
}

/* A round line whose number is not the next round's (or that the parser refused: number -1):
 * when the next round line has that number, this one is out of place and its round is
 * skipped; otherwise the table played the next round under a wrong number, so it is replayed
 * as that round, and the round lines after it with the same shift are taken as they come. */
static void wrong_round(struct rp *rp, const struct log_stmt *st, int n)
{
    struct game_state *s = rp->s;
    int e = s->round + 1;
    if (next_round_number(rp, st) == e) {
        if (n > 0)
            replay_error(rp, st->round.at, RULE_ROUND_ORDER, -1, "expected round %d, not round %d (rounds "
                         "count up from 1 without gaps); the statements of this round are skipped", e, n);
        replay_skip(rp, st);
        rp->skip = SKIP_ROUND;
        return;
    }
    if (n > 0 && n + rp->round_shift == e && rp->round_shift != 0) {
        begin_round(rp, st, e);     /* reported at the first round line with this shift */
        return;
    }
    if (n > 0 && e <= GD_ROUNDS) {     /* after the last round, begin_round's refusal says it */
        int shifted = next_round_number(rp, st) == n + 1;
        replay_error(rp, st->round.at, RULE_ROUND_ORDER, -1, "expected round %d, not round %d (rounds "
                     "count up from 1 without gaps); replayed as round %d%s", e, n, e,
                     shifted ? ", and the round lines after it numbered the same way" : "");
        rp->round_shift = e - n;
    }
    begin_round(rp, st, e);
}

/* A round line. A wrong number does not stop the replay (wrong_round); a round begun again
 * before any turn is only a line too many. */
static void do_round(struct rp *rp, const struct log_stmt *st)
{
    struct game_state *s = rp->s;
    int n = st->round.value;
    int until = rp->out->until_round;
    if (until > 0 && s->round >= until && s->phase != PHASE_ROUND) {
        rp->done = 1;       /* --until-round: the state after that round */
        return;
    }
    if (s->phase == PHASE_GAME_OVER) {
        replay_error(rp, st->round.at, RULE_ROUND_ORDER, -1, "the game ended after round %d: expected "
                     "nothing more than checks", GD_ROUNDS);
        replay_skip(rp, st);
        rp->skip = SKIP_ROUND;
        return;
    }
    if (n == s->round + 1) {
        rp->round_shift = 0;
        begin_round(rp, st, n);
    } else if (s->phase == PHASE_ROUND && n == s->round &&
               s->turns_done + (s->turn.player >= 0) < s->cfg.nplayers) {
        /* Not every turn of this round is played: a repeated line, not the next round. */
        replay_error(rp, st->round.at, RULE_ROUND_ORDER, -1, "round %d has already begun: this line is "
                     "not needed", n);
        replay_skip(rp, st);
    } else
        wrong_round(rp, st, n);
}

/* A round line the parser refused ("round3"): as a wrong number. */
static void invalid_round(struct rp *rp, const struct log_stmt *st)
{
    struct game_state *s = rp->s;
    int until = rp->out->until_round;
    if (until > 0 && s->round >= until && s->phase != PHASE_ROUND) {
        rp->done = 1;
        return;
    }
    if (s->phase == PHASE_GAME_OVER) {
        replay_skip(rp, st);
        rp->skip = SKIP_ROUND;
        return;
    }
    wrong_round(rp, st, -1);
}

static void do_shared(struct rp *rp, const struct log_stmt *st)
{
    if (need_round(rp, st, "the shared dice"))
        return;
    struct flow_outcome out;
    struct decision d = {.kind = FLOW_DEC_SHARED, .dice = {st->shared.dice[0].value, st->shared.dice[1].value}};
    if (flow_apply(rp->s, &d, rp->h, &out) != 0) {
        replay_refused(rp, out.why.rule == RULE_DICE ? st->shared.dice[1].at : st->at, -1, &out.why, NULL);
        replay_skip(rp, st);
        replay_cascade_start(rp, st, -1);
    } else if (rp->cascade.line && rp->cascade.player < 0) {
        replay_cascade_end(rp);         /* the shared dice are set after all */
    }
}

static void do_outlaws(struct rp *rp, const struct log_stmt *st)
{
    char word[LOG_NAME_WORD_SIZE];
    struct game_state *s = rp->s;
    if (need_round(rp, st, "an outlaws line"))
        return;
    if (!s->outlaws_pending) {
        const struct gd_event *ev = s->event >= 0 ? &rp->gd->events[s->event] : NULL;
        if (!ev || ev->pow_below_per_round == 0)
            replay_error(rp, replay_keyword_span(st, "outlaws"), RULE_ROUND_ORDER, -1, "round %d has no outlaws' "
                         "attack (its event: %s)", s->round, ev ? ev->id : "none");
        else if (s->turns_done > 0 || s->turn.player >= 0)
            replay_error(rp, replay_keyword_span(st, "outlaws"), RULE_ROUND_ORDER, -1, "the outlaws' bonus rolls "
                         "come before the first turn of round %d", s->round);
        else
            replay_error(rp, replay_keyword_span(st, "outlaws"), RULE_BONUS_ROLLS, -1, "nobody has bonus rolls for "
                         "the outlaws' attack of round %d (men-at-arms or knights 4 or more): no outlaws "
                         "line is needed", s->round);
        replay_skip(rp, st);
        return;
    }
    struct decision d = {.kind = FLOW_DEC_OUTLAWS};
    struct bonus_rolls *r = d.rolls;
    int seen[XII_MAX_PLAYERS] = {0}, bad = 0;
    for (size_t k = 0; k < st->outlaws.count; k++) {
        const struct log_rolls *e = &st->outlaws.items[k];
        int p = replay_find_player(rp, &e->player);
        if (p < 0) {
            bad = 1;
            continue;
        }
        int due = engine_outlaws_needs_rolls(s, p);
        if (seen[p]) {
            replay_error(rp, e->player.at, RULE_BONUS_ROLLS, p, "%s is listed twice", s->cfg.names[p]);
            bad = 1;
        } else if ((int)e->count != due) {
            replay_error(rp, due == 0 ? e->player.at : e->count > (size_t)due ? e->rolls[due].at : e->player.at,
                         RULE_BONUS_ROLLS, p, "%s has %d bonus roll%s for the outlaws' attack (one per "
                         "men-at-arms or knights of 4 or more), %zu given", s->cfg.names[p], due,
                         due == 1 ? "" : "s", e->count);
            bad = 1;
        } else {
            r[p].nrolls = due;
            for (int i = 0; i < due; i++)
                r[p].rolls[i] = e->rolls[i].value;
        }
        seen[p] = 1;
    }
    for (int p = 0; p < s->cfg.nplayers; p++) {
        int due = engine_outlaws_needs_rolls(s, p);
        if (!seen[p] && due > 0) {
            replay_error(rp, st->at, RULE_BONUS_ROLLS, p, "%s has %d bonus roll%s for the outlaws' attack: "
                         "add \"%s%s\" to this line", s->cfg.names[p], due, due == 1 ? "" : "s",
                         log_name_word(s->cfg.names[p], word), due == 1 ? " ROLL" : " ROLL ROLL");
            bad = 1;
        }
    }
    struct flow_outcome out;
    if (!bad && flow_apply(s, &d, rp->h, &out) != 0) {
        replay_refused(rp, st->at, -1, &out.why, NULL);
        bad = 1;
    }
    if (bad)
        replay_skip(rp, st);
}

/* A war or collect line (keyword kw) comes after every turn of the round: while a player has
 * still to play, the line is skipped, reported (for player, or the one to play when -1) unless
 * it follows from a refused line, and 1 is returned. what: the sentence's subject and verb. */
static int before_every_turn(struct rp *rp, const struct log_stmt *st, const char *kw, int player,
                             const char *what)
{
    const struct game_state *s = rp->s;
    int next = engine_next_player(s);
    if (next < 0)
        return 0;
    if (!replay_follows(rp, st->at)) {
        char word[LOG_NAME_WORD_SIZE];
        replay_error(rp, replay_keyword_span(st, kw), RULE_ROUND_ORDER, player >= 0 ? player : next,
                     "round %d: %s after every turn, and %s has not played (expected \"turn %s D D\" "
                     "before this line)", s->round, what, s->cfg.names[next],
                     log_name_word(s->cfg.names[next], word));
    }
    replay_skip(rp, st);
    return 1;
}

static void do_war(struct rp *rp, const struct log_stmt *st)
{
    char word[LOG_NAME_WORD_SIZE];
    struct game_state *s = rp->s;
    end_turn(rp);
    if (need_round(rp, st, "a war line"))
        return;
    int np = s->cfg.nplayers;
    if (np == 1) {
        replay_error(rp, replay_keyword_span(st, "war"), RULE_WAR, -1, "there is no king war in a solo game");
        replay_skip(rp, st);
        return;
    }
    if (s->war_done) {
        replay_error(rp, replay_keyword_span(st, "war"), RULE_WAR, -1, "round %d already has its war line (line %d)",
                     s->round, rp->war_line);
        replay_skip(rp, st);
        return;
    }
    if (before_every_turn(rp, st, "war", -1, "the war comes"))
        return;
    struct decision d = {.kind = FLOW_DEC_WAR};
    struct war_entry *e = d.war;
    int seen[XII_MAX_PLAYERS] = {0}, bad = 0, supporters = 0;
    for (size_t k = 0; k < st->war.count; k++)
        supporters += st->war.items[k].choice == LOG_WAR_SUPPORT;
    for (size_t k = 0; k < st->war.count; k++) {
        const struct log_war_entry *we = &st->war.items[k];
        int p = replay_find_player(rp, &we->player);
        if (p < 0) {
            bad = 1;
            continue;
        }
        if (seen[p]) {
            replay_error(rp, we->player.at, RULE_WAR, p, "%s is listed twice", s->cfg.names[p]);
            bad = 1;
            continue;
        }
        seen[p] = 1;
        int support = we->choice == LOG_WAR_SUPPORT;
        int due = support ? engine_bonus_rolls_due(s, p) : 0;
        if (support && engine_pow_base(s, p) == 0) {
            replay_error(rp, we->choice_at, RULE_WAR, p, "%s has no POW (no men-at-arms, knights or "
                         "mercenaries) and must avoid the king war", s->cfg.names[p]);
            bad = 1;
        } else if (support ? !engine_war_rolls_ok(s, p, supporters, (int)we->count) : we->count != 0) {
            replay_error(rp, we->count > (size_t)due ? we->rolls[due].at : we->choice_at, RULE_BONUS_ROLLS, p,
                         "%s supports the king war with %d bonus roll%s due (one per men-at-arms or "
                         "knights of 4 or more), %zu given%s", s->cfg.names[p], due, due == 1 ? "" : "s",
                         we->count, supporters == 1 ? " (or none: a sole supporter's rolls change nothing)" : "");
            bad = 1;
        } else {
            e[p].support = support;
            e[p].nrolls = (int)we->count;
            for (size_t i = 0; i < we->count; i++)
                e[p].rolls[i] = we->rolls[i].value;
        }
    }
    for (int p = 0; p < np; p++)
        if (!seen[p]) {
            replay_error(rp, replay_keyword_span(st, "war"), RULE_WAR, p, "the war line lists every player: %s is "
                         "missing (add \"%s avoid\" or \"%s support\" with the bonus rolls)",
                         s->cfg.names[p], log_name_word(s->cfg.names[p], word), word);
            bad = 1;
        }
    struct flow_outcome out;
    if (!bad && flow_apply(s, &d, rp->h, &out) != 0) {
        replay_refused(rp, st->at, -1, &out.why, NULL);
        bad = 1;
    }
    if (bad) {
        replay_skip(rp, st);
        replay_cascade_start(rp, st, -1);   /* the round lacks its war: that follows from here */
        return;
    }
    rp->war_line = st->at.line;
}

/* Whether a pick names a location whose bonus has no choice: it needs no collect line. Says
 * so in a warning (the bonus is collected anyway), once. l: the pick's location as
 * log_ids_location finds it (-1: none). */
static int needless_pick(struct rp *rp, const struct log_pick *pk, int l, int player, int warn)
{
    const struct gamedata *gd = rp->gd;
    if (l < 0 || gd->locations[l].nbonus >= 2)
        return 0;
    if (warn && !rp->done) {
        const struct gd_location *loc = &gd->locations[l];
        struct diag *d = diag_add(rp->dl, DIAG_WARNING, rp->ast->file,
                                  (struct srcpos){pk->location.at.line, pk->location.at.col},
                                  pk->location.at.len, rule_id_text(RULE_COLLECT), "no collect line is needed for the %s: "
                                  "its bonus (%d %s) has no choice and is collected by itself at the end "
                                  "of the round; remove \"%s %s\"", loc->id, loc->bonus_amount[0],
                                  gd->assets[loc->bonus_asset[0]].id, pk->location.text, pk->take.text);
        d->round = rp->s->round;
        if (player >= 0)
            diag_set_player(rp->dl, d, rp->s->cfg.names[player]);
    }
    return 1;
}

/* The locations a collect line's first picks name, looked up once (log_ids_location, -1 for
 * none); a longer line's later picks are looked up when asked. */
#define PICKS_KEPT 16
struct pick_locations {
    int l[PICKS_KEPT];
    size_t n;
};

static void pick_locations_find(const struct gamedata *gd, const struct log_pick *items, size_t count,
                                struct pick_locations *pl)
{
    pl->n = count < PICKS_KEPT ? count : PICKS_KEPT;
    for (size_t k = 0; k < pl->n; k++)
        pl->l[k] = log_ids_location(gd, items[k].location.norm);
}

/* The location pick k names (-1: none). */
static int pick_location(const struct gamedata *gd, const struct log_pick *items, const struct pick_locations *pl,
                         size_t k)
{
    return k < pl->n ? pl->l[k] : log_ids_location(gd, items[k].location.norm);
}

static void do_collect(struct rp *rp, const struct log_stmt *st)
{
    struct game_state *s = rp->s;
    const struct gamedata *gd = rp->gd;
    end_turn(rp);
    /* Picks of a fixed bonus are harmless: warn, and go on with the others. */
    size_t needless = 0;
    int who = -1;   /* the player, once found (the names do not change on the way) */
    struct pick_locations pl;
    pick_locations_find(gd, st->collect.items, st->collect.count, &pl);
    if (s->phase != PHASE_SETUP) {
        who = replay_find_player(rp, &st->collect.player);
        if (who < 0) {
            replay_skip(rp, st);
            return;
        }
        for (size_t k = 0; k < st->collect.count; k++)
            needless += (size_t)needless_pick(rp, &st->collect.items[k], pick_location(gd, st->collect.items, &pl, k),
                                              who, 1);
        if (needless == st->collect.count)
            return;
    }
    if (s->phase == PHASE_ROUND_OVER || s->phase == PHASE_GAME_OVER) {
        /* The round ended when nothing was missing: say why this choice was not needed. */
        int p = who >= 0 ? who : replay_find_player(rp, &st->collect.player);
        for (size_t k = 0; p >= 0 && k < st->collect.count; k++) {
            const struct log_pick *pk = &st->collect.items[k];
            int l = gamedata_location(gd, pk->location.norm, strlen(pk->location.norm));
            int il = pick_location(gd, st->collect.items, &pl, k);
            if (l < 0 || needless_pick(rp, pk, il, p, 0) || engine_location_qualifies(s, p, l))
                continue;
            replay_error(rp, pk->location.at, RULE_COLLECT, p, "%s earns no %s bonus in round %d: influence "
                         "%d, MIN %d", s->cfg.names[p], gd->locations[l].id, s->round,
                         s->p[p].influence[l], gd->locations[l].min[s->round - 1]);
            replay_skip(rp, st);
            return;
        }
        if (p < 0) {
            replay_skip(rp, st);
            return;
        }
    }
    if (need_round(rp, st, "a collect line"))
        return;
    int p = who >= 0 ? who : replay_find_player(rp, &st->collect.player);
    if (p < 0) {
        replay_skip(rp, st);
        return;
    }
    if (before_every_turn(rp, st, "collect", p, "location bonuses are chosen"))
        return;
    /* One bad pair rejects the line: the picks the game data knows go to the flow as one
     * decision, which applies them all or none and says why each one it refused was. The
     * errors are then told in the order of the picks. */
    size_t count = st->collect.count;
    struct flow_pick picks_local[16], *picks = count <= 16 ? picks_local : xmalloc(count * sizeof *picks);
    struct refusal why_local[16], *why = count <= 16 ? why_local : xmalloc(count * sizeof *why);
    int slot_local[16], *slot = count <= 16 ? slot_local : xmalloc(count * sizeof *slot);
    /* slot[k]: pick k's index in picks[], or -1 */
    size_t npicks = 0;
    for (size_t k = 0; k < count; k++) {
        const struct log_pick *pk = &st->collect.items[k];
        slot[k] = -1;
        /* A needless pick (a bonus without a choice: warned about above), a spaced or an
         * unknown location: not a pick for the flow. One lookup for the three. */
        int l = pick_location(gd, st->collect.items, &pl, k);
        if (l < 0 || gd->locations[l].nbonus < 2 || pk->location.spaced)
            continue;
        const struct gd_location *loc = &gd->locations[l];
        int a = log_ids_asset(rp->gd, pk->take.norm), choice = -1;
        for (int c = 0; c < loc->nbonus; c++)
            if (loc->bonus_asset[c] == a)
                choice = c;
        if (choice < 0)
            continue;
        slot[k] = (int)npicks;
        picks[npicks++] = (struct flow_pick){l, choice};
    }
    struct flow_outcome out = {.pick_why = why};
    struct decision d = {.kind = FLOW_DEC_COLLECT, .player = p, .picks = picks, .npicks = npicks};
    /* A pick the game data does not know rejects the line: the others are only tried. */
    int bad = npicks < count - needless;
    struct game_state tried;
    if (bad)
        tried = *s;
    if (npicks > 0 && flow_apply(bad ? &tried : s, &d, bad ? NULL : rp->h, &out) != 0)
        bad = 1;
    for (size_t k = 0; bad && k < count; k++) {
        const struct log_pick *pk = &st->collect.items[k];
        if (slot[k] >= 0) {
            if (why[slot[k]].rule != RULE_NONE)
                replay_refused(rp, pk->location.at, p, &why[slot[k]], NULL);
            continue;
        }
        if (needless_pick(rp, pk, pick_location(gd, st->collect.items, &pl, k), p, 0))
            continue;
        int l = resolve_location(rp, &pk->location, p);
        if (l < 0)
            continue;
        const struct gd_location *loc = &gd->locations[l];
        struct strbuf sb = STRBUF_INIT;
        for (int c = 0; c < loc->nbonus; c++)
            strbuf_printf(&sb, "%s%s", c ? " or " : "", gd->assets[loc->bonus_asset[c]].id);
        replay_error(rp, pk->take.at, RULE_COLLECT, p, "the %s bonus is %s, not '%s'", loc->id,
                     strbuf_cstr(&sb), pk->take.text);
        strbuf_free(&sb);
    }
    if (picks != picks_local)
        free(picks);
    if (why != why_local)
        free(why);
    if (slot != slot_local)
        free(slot);
    if (bad) {
        replay_skip(rp, st);
        replay_cascade_start(rp, st, p);    /* the round lacks this choice: that follows from here */
    }
}

static void add_mismatch(struct rp *rp, struct mismatch *m)
{
    struct log_replay *o = rp->out;
    if (rp->max_mismatches && o->nmismatches >= rp->max_mismatches) {
        mismatch_free(m);
        o->mismatches_omitted++;
        return;
    }
    void *items = o->mismatches;
    xgrow(&items, &rp->mismatch_cap, o->nmismatches + 1, sizeof *o->mismatches);
    o->mismatches = items;
    o->mismatches[o->nmismatches++] = *m;
}

/* A check inside a round that has not ended: says so, and what of the round is still to come
 * for player p (the engine says what is missing and which bonuses p earns). */
static void still_to_come(struct rp *rp, int p, struct strbuf *out)
{
    const struct game_state *s = rp->s;
    const struct gamedata *gd = rp->gd;
    struct round_missing miss;
    engine_round_missing(s, &miss);
    struct strbuf sb = STRBUF_INIT;
    int n = 0;
#define ITEM(...) do { strbuf_puts(&sb, n++ ? ", " : ""); strbuf_printf(&sb, __VA_ARGS__); } while (0)
    if (s->turn.player == p)
        ITEM("the end of %s's turn (feeding)", s->cfg.names[p]);
    else if (miss.turns_left > 0)
        ITEM("%d more turn%s", miss.turns_left, miss.turns_left == 1 ? "" : "s");
    if (miss.war)
        ITEM("the king war");
    for (int a = 0; a < ASSET_COUNT; a++)
        if (gd->assets[a].produce.value > 0 && s->p[p].asset[a] >= gd->assets[a].produce.value &&
            !s->no_farm_production)
            ITEM("the %s' food", gd->assets[a].id);
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (engine_location_qualifies(s, p, l))
            ITEM("the %s bonus", gd->locations[l].id);
#undef ITEM
    strbuf_printf(out, " (round %d has not ended at this line%s%s)", s->round, n ? "; still to come: " : "",
                  strbuf_cstr(&sb));
    strbuf_free(&sb);
}

static void do_check(struct rp *rp, const struct log_stmt *st)
{
    struct game_state *s = rp->s;
    if (s->turn.player >= 0 && dice_left(s) == 0)
        end_turn(rp);
    int p = replay_find_player(rp, &st->check.player);
    if (p < 0) {
        replay_skip(rp, st);
        return;
    }
    struct claim claims[64], *c = claims;
    if (st->check.count > sizeof claims / sizeof claims[0])
        c = xmalloc(st->check.count * sizeof *c);
    /* A bad item is reported alone: the other items of the line are still compared. */
    size_t bad = 0;
    unsigned char *ok = xmalloc(st->check.count + 1);
    struct strbuf sb = STRBUF_INIT;
    for (size_t k = 0; k < st->check.count; k++) {
        struct log_span at;
        strbuf_reset(&sb);
        int rc = log_claims_resolve(rp->gd, &st->check.items[k], &c[k], &sb, &at);
        ok[k] = rc == 0;
        if (!ok[k]) {
            /* An id typed with spaces is a syntax error, as in the moves. */
            replay_error(rp, at, rc == -2 ? RULE_SYNTAX : RULE_UNKNOWN_ID, p, "%s", strbuf_cstr(&sb));
            bad++;
        }
    }
    if (bad == st->check.count) {
        replay_skip(rp, st);
    } else {
        for (size_t k = 0; k < st->check.count; k++) {
            struct mismatch m;
            if (!ok[k] || !log_claims_compare(s, p, &st->check.items[k], &c[k], &m))
                continue;
            if (replay_check_follows(rp, (struct log_span){m.line, m.col, m.len}, p)) {
                mismatch_free(&m);
                continue;
            }
            m.round = s->round;
            m.history_count = rp->h->count;
            strbuf_reset(&sb);
            log_claims_message(rp->gd, &m, s->cfg.names[p], &sb);
            if (s->phase == PHASE_ROUND && mismatch_is_value(&m))
                still_to_come(rp, p, &sb);
            struct diag *d = diag_add(rp->dl, DIAG_MISMATCH, rp->ast->file,
                                      (struct srcpos){m.line, m.col}, m.len, NULL, "%s", strbuf_cstr(&sb));
            d->round = s->round;
            diag_set_player(rp->dl, d, s->cfg.names[p]);
            add_mismatch(rp, &m);
        }
    }
    strbuf_free(&sb);
    free(ok);
    if (c != claims)
        free(c);
}

/* ---- the main loop ----------------------------------------------------------------------- */

static void statement(struct rp *rp, const struct log_stmt *st)
{
    enum log_kind kind = st->kind == LOG_INVALID ? st->invalid.attempted : st->kind;
    if (rp->skip == SKIP_ROUND && kind != LOG_ROUND) {
        replay_skip(rp, st);
        return;
    }
    if (rp->skip == SKIP_TURN_BODY) {
        if (is_body(st)) {
            replay_skip(rp, st);
            return;
        }
        if (kind != LOG_CHECK)      /* a check among the skipped lines does not end them */
            rp->skip = SKIP_NONE;
    }
    if (st->kind == LOG_INVALID) {
        /* The parser reported it; it has no effect, like a refused statement, except a round
         * line: the next round begins all the same. */
        if (kind != LOG_ROUND)
            replay_skip(rp, st);
        if (kind == LOG_PLAYERS && !rp->start_tried)
            rp->bad_players = st;
        /* A game statement, even a bad one, ends the header. */
        if (kind != LOG_INVALID && !replay_is_header(kind) && !rp->start_tried &&
            replay_start(rp, st->at) != 0)
            return;
        if (kind == LOG_TURN) {
            /* What follows from a turn that is not played is folded as for a refused one; whose
             * turn it was is not known, so every player's checked values may follow from it. */
            rp->skip = SKIP_TURN_BODY;
            if (rp->s->phase == PHASE_ROUND)
                replay_cascade_start(rp, st, -1);
        }
        if ((kind == LOG_WAR || kind == LOG_COLLECT) && rp->s->phase == PHASE_ROUND)
            replay_cascade_start(rp, st, -1);
        if (kind == LOG_ROUND)
            invalid_round(rp, st);
        return;
    }
    if (replay_is_header(st->kind)) {
        replay_header_line(rp, st);
        return;
    }
    if (!rp->start_tried && replay_start(rp, st->at) != 0)
        return;
    switch (st->kind) {
    case LOG_ROUND: do_round(rp, st); break;
    case LOG_SHARED: do_shared(rp, st); break;
    case LOG_OUTLAWS: do_outlaws(rp, st); break;
    case LOG_TURN: do_turn(rp, st); break;
    case LOG_WAR: do_war(rp, st); break;
    case LOG_COLLECT: do_collect(rp, st); break;
    case LOG_CHECK: do_check(rp, st); break;
    default: do_body(rp, st); break;
    }
}

/* Gives every history record written since the last call the line of the statement that wrote
 * it. */
static void note_lines(struct rp *rp, int line)
{
    struct log_replay *out = rp->out;
    size_t n = out->history.count;
    if (n < rp->lines_done)
        rp->lines_done = n;     /* records dropped since (history_truncate) */
    if (n == rp->lines_done)
        return;
    void *lines = out->history_lines;
    xgrow(&lines, &rp->lines_cap, n, sizeof *out->history_lines);
    out->history_lines = lines;
    for (size_t i = rp->lines_done; i < n; i++)
        out->history_lines[i] = line;
    rp->lines_done = n;
}

void replay_init(struct rp *rp, struct log_replay *out, const struct gamedata *gd, struct diag_list *dl,
                 const struct log_replay_options *opt)
{
    memset(out, 0, sizeof *out);
    out->gd = gd;
    out->until_round = opt ? opt->until_round : 0;
    memset(rp, 0, sizeof *rp);
    rp->out = out;
    rp->gd = gd;
    rp->dl = dl;
    rp->max_mismatches = opt ? opt->max_mismatches : 0;
    rp->s = &out->state;
    rp->h = &out->history;
    out->state.gd = gd;
    out->state.turn.player = -1;
}

void replay_feed(struct rp *rp, const struct log_ast *ast, size_t i)
{
    if (rp->done)
        return;
    rp->ast = ast;
    rp->nstmts++;
    statement(rp, &ast->stmts[i]);
    note_lines(rp, ast->stmts[i].at.line);
}

void replay_finish(struct rp *rp, int last_line)
{
    struct log_replay *out = rp->out;
    if (!rp->start_tried && !rp->done)
        replay_start(rp, (struct log_span){last_line, last_line ? 1 : 0, 0});
    if (!rp->done && out->state.turn.player >= 0) {
        /* The end of the log ends a turn whose dice are spent; otherwise the log stops inside
         * it and the state is the one before feeding. */
        if (dice_left(&out->state) == 0) {
            out->eof_turn_line = rp->turn->at.line;
            out->eof_turn_state = out->state;
            end_turn(rp);
        } else
            out->open_turn_line = rp->turn->at.line;
    }
    note_lines(rp, last_line);
    if (rp->turn && out->state.turn.player >= 0)
        out->open_turn_line = rp->turn->at.line;
}

void replay_release(struct rp *rp)
{
    free(rp->towns.items);
    free(rp->variants.items);
    rp->towns = (struct stmt_list){0};
    rp->variants = (struct stmt_list){0};
}

struct log_replay *log_replay_run(const struct gamedata *gd, const struct log_ast *ast,
                                  const struct log_replay_options *opt, struct diag_list *dl)
{
    struct log_replay *out = xmalloc(sizeof *out);
    struct rp rp;
    replay_init(&rp, out, gd, dl, opt);
    rp.ast = ast;
    out->stopped = ast->stopped;
    for (size_t i = 0; i < ast->count && !rp.done; i++)
        replay_feed(&rp, ast, i);
    replay_finish(&rp, ast->count ? ast->stmts[ast->count - 1].at.line : 0);
    replay_release(&rp);
    return out;
}

void log_replay_free(struct log_replay *r)
{
    if (!r)
        return;
    history_free(&r->history);
    free(r->history_lines);
    for (size_t i = 0; i < r->nmismatches; i++)
        mismatch_free(&r->mismatches[i]);
    free(r->mismatches);
    free(r->skipped);
    free(r->turns);
    free(r->title);
    free(r);
}

