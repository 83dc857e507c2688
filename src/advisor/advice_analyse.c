/* Game analysis: the decisions of a log, each ranked with the move played; luck; the chart. */
#include "advisor/advice_analyse.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "audit/await.h"
#include "audit/replay.h"
#include "bots/rng.h"

/* A decision found in the log. */
struct decision {
    enum advice_kind kind;
    size_t stmt;                /* its statement: turn, war or collect */
    size_t body_end;            /* turn: the statement after its last body line */
};

static struct log_replay *replay_prefix(const struct gamedata *gd, const struct log_ast *ast, size_t n)
{
    struct log_ast view = *ast;
    view.count = n;
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(gd, &view, &opt, &dl);
    diag_list_free(&dl);
    return r;
}

const char *analyse_mark_name(enum analyse_mark m)
{
    static const char *const names[] = {"", "inaccuracy", "mistake", "blunder"};
    return names[m];
}

enum analyse_mark analyse_mark_of(const struct estimate *cost)
{
    if (cost->low >= ANALYSE_BLUNDER)
        return MARK_BLUNDER;
    if (cost->low >= ANALYSE_MISTAKE)
        return MARK_MISTAKE;
    if (cost->low >= ANALYSE_INACCURACY)
        return MARK_INACCURACY;
    return MARK_NONE;
}

/* Whether a threshold lies inside the cost's interval: its mark may change with the seed. */
static int unsettled(const struct estimate *cost)
{
    static const double t[] = {ANALYSE_INACCURACY, ANALYSE_MISTAKE, ANALYSE_BLUNDER};
    for (int k = 0; k < 3; k++)
        if (cost->low < t[k] && cost->high >= t[k] && cost->mean >= ANALYSE_INACCURACY / 2)
            return 1;
    return 0;
}

const char *analyse_rating(double average_cost)
{
    static const struct {
        double below;
        const char *words;
    } r[] = {{0.25, "flawless"}, {0.75, "expert"}, {1.5, "strong"}, {3.0, "intermediate"}, {5.0, "casual"}};
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
        if (average_cost < r[k].below)
            return r[k].words;
    return "beginner";
}

/* The source lines of statements [from, to), trimmed, "; " between them. */
static char *source_lines(const struct log_ast *ast, const char *src, size_t len, size_t from, size_t to)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t k = from; k < to; k++) {
        const struct log_span *at = &ast->stmts[k].at;
        /* The statement's tokens: from its first column to the end of its last token. */
        size_t start = 0;
        for (int line = 1; line < at->line && start < len; start++)
            if (src[start] == '\n')
                line++;
        start += (size_t)(at->col > 0 ? at->col - 1 : 0);
        size_t end = start;
        while (end < len && src[end] != '\n' && src[end] != '#')
            end++;
        while (end > start && (src[end - 1] == ' ' || src[end - 1] == '\t' || src[end - 1] == '\r'))
            end--;
        if (sb.len)
            strbuf_puts(&sb, "; ");
        strbuf_append(&sb, src + start, end - start);
    }
    return strbuf_detach(&sb);
}

/* The lines of a choice, "; " between them. */
static char *choice_lines(const struct advice_position *pos, const struct advice_choice *c)
{
    struct strbuf raw = STRBUF_INIT, sb = STRBUF_INIT;
    advice_lines(pos, c, &raw);
    const char *p = strbuf_cstr(&raw);
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (sb.len)
            strbuf_puts(&sb, "; ");
        strbuf_append(&sb, p, n);
        p += n + (e ? 1 : 0);
    }
    strbuf_free(&raw);
    return strbuf_detach(&sb);
}

static char *choice_words(const struct advice_position *pos, const struct advice_choice *c)
{
    struct strbuf sb = STRBUF_INIT;
    advice_describe(pos, c, &sb);
    return strbuf_detach(&sb);
}

struct run {
    const struct gamedata *gd;
    const struct log_ast *ast;
    const char *src;
    size_t len;
    const struct analyse_options *o;
    struct analysis *out;
    struct strbuf *err;
};

static struct analyse_move *move_push(struct analysis *a)
{
    a->moves = xrealloc(a->moves, (a->nmoves + 1) * sizeof *a->moves);
    struct analyse_move *m = &a->moves[a->nmoves++];
    memset(m, 0, sizeof *m);
    return m;
}

/* Ranks one decision with the move played and records its cost: fresh paired rollouts of the
 * best and the played move (advice_cost), doubled while a mark's threshold lies inside the
 * cost's interval, up to ANALYSE_COST_GROWTH times. */
static int rank_decision(struct run *run, const struct advice_position *pos, const struct advice_played *pl,
                         int line, struct analyse_move **moved)
{
    struct advice adv;
    if (advice_rank(pos, pl, &run->o->advice, &adv, run->err) != 0)
        return -1;
    run->out->rollouts += adv.summary.rollouts;
    size_t k = 0;
    while (k < adv.n && !adv.ranked[k].played)
        k++;
    struct analyse_move *m = move_push(run->out);
    m->kind = pos->kind;
    m->player = pos->player;
    m->round = pos->s->round;
    m->line = line;
    m->candidates = adv.n;
    const struct advice_ranked *best = &adv.ranked[0], *played = &adv.ranked[k < adv.n ? k : 0];
    m->best = best->r.score.mean;
    m->played = played->r.score.mean;
    int same = played == best || (played->r.merged && played->r.same_as == best->r.candidate);
    memset(&m->cost, 0, sizeof m->cost);
    size_t n = run->o->cost_rollouts, most = n * ANALYSE_COST_GROWTH;
    uint64_t seed = play_seed_derive(play_seed_derive(run->o->advice.rank.seed, ANALYSE_COST_STREAM), (uint64_t)line);
    while (!same) {
        if (advice_cost(pos, &best->choice, pl, &run->o->advice, seed, n, &m->cost, run->err) != 0) {
            advice_free(&adv);
            return -1;
        }
        run->out->rollouts += 2 * n;
        if (!unsettled(&m->cost) || n >= most)
            break;
        n *= 2;
    }
    m->mark = analyse_mark_of(&m->cost);
    m->better = m->cost.high < 0;
    m->screen_cut = adv.plans_cut;
    m->best_words = choice_words(pos, &best->choice);
    m->best_lines = choice_lines(pos, &best->choice);
    if (played->choice.kind != ADVICE_TURN || played->choice.plan.nmoves >= 0)
        m->played_words = choice_words(pos, &played->choice);
    if (played->choice.kind != ADVICE_TURN)
        m->played_lines = choice_lines(pos, &played->choice);
    advice_free(&adv);
    *moved = m;
    return 0;
}

/* Rollouts of fixed states (the open turn played by the bot): luck and the chart. */
struct states {
    const struct game_state *const *v;
    const struct play_bot *bot;
};

static int state_rollout(void *ctx, size_t k, uint64_t seed, struct rank_outcome *out)
{
    const struct states *st = ctx;
    return advice_play_out(st->v[k], st->bot, seed, out);
}

static int rank_states(struct run *run, const struct game_state *const *v, size_t n, int player,
                       size_t rollouts, struct rank_result *r)
{
    struct states st = {v, &run->o->advice.bot};
    struct rank_options ro = run->o->advice.rank;
    ro.first_rollouts = ro.max_rollouts = rollouts;
    ro.race = 0;
    ro.halving = 0;
    ro.goal = RANK_GOAL_SCORE;
    ro.precision = 0;
    ro.seconds = 0;
    ro.protect = -1;
    ro.player = player;
    ro.nplayers = v[0]->cfg.nplayers;
    struct rank_summary sum;
    if (rank_run(n, state_rollout, &st, &ro, r, &sum) != 0) {
        strbuf_puts(run->err, "a rollout failed: the engine refused a bot's move");
        return -1;
    }
    run->out->rollouts += sum.rollouts;
    return 0;
}

#define LEGAL_CAP 1024

/* Whether state a reached by one move is the state the replay reached (the same sheet, dice
 * and shared dice). */
static int same_step(const struct game_state *a, const struct game_state *b, int player)
{
    if (memcmp(&a->p[player], &b->p[player], sizeof a->p[player]) != 0 ||
        memcmp(a->shared, b->shared, sizeof a->shared) != 0)
        return 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        if (a->turn.dice[i].spent != b->turn.dice[i].spent || a->turn.dice[i].value != b->turn.dice[i].value)
            return 0;
    return 1;
}

/* The moves of the turn the log played, for its words: line by line, the engine's legal move
 * that reaches the state the replay reached after the line; then the market lines queued
 * (`end`: the state after the whole turn). plan->nmoves is -1 when a line matches none. */
static void played_moves(struct run *run, const struct decision *d, const struct game_state *start,
                         const struct game_state *end, struct play_plan *plan)
{
    struct game_state s = *start;
    int p = s.turn.player;
    struct move *moves = xmalloc(LEGAL_CAP * sizeof *moves);
    plan->nmoves = 0;
    for (size_t j = d->stmt + 1; j < d->body_end && plan->nmoves >= 0; j++) {
        if (run->ast->stmts[j].kind == LOG_MARKET)
            continue;
        struct log_replay *r = replay_prefix(run->gd, run->ast, j + 1);
        const struct game_state *want = r->eof_turn_line ? &r->eof_turn_state : &r->state;
        size_t n = engine_legal_moves(&s, 0, moves, LEGAL_CAP);
        int found = 0;
        for (size_t k = 0; k < n && k < LEGAL_CAP && !found; k++) {
            struct game_state t = s;
            if (engine_apply(&t, &moves[k], NULL, NULL) == 0 && same_step(&t, want, p)) {
                s = t;
                play_plan_push(plan, &moves[k]);
                found = 1;
            }
        }
        log_replay_free(r);
        if (!found)
            plan->nmoves = -1;
    }
    for (int k = 0; plan->nmoves >= 0 && k < end->turn.nmarket; k++) {
        struct move m;
        memset(&m, 0, sizeof m);
        m.kind = MOVE_MARKET;
        m.amount = end->turn.market[k].amount;
        m.target = end->turn.market[k].to;
        play_plan_push(plan, &m);
    }
    free(moves);
}

static int turn_decision(struct run *run, const struct decision *d)
{
    const struct log_stmt *st = &run->ast->stmts[d->stmt];
    struct log_replay *r0 = replay_prefix(run->gd, run->ast, d->stmt);
    struct log_replay *r1 = replay_prefix(run->gd, run->ast, d->stmt + 1);
    struct log_replay *r2 = replay_prefix(run->gd, run->ast, d->body_end);
    int rc = -1;
    int p = r1->state.turn.player;
    if (p < 0 || !r2->started) {
        strbuf_printf(run->err, "line %d: the turn does not replay", st->at.line);
        goto done;
    }
    struct advice_position pos = {&r1->state, ADVICE_TURN, p, NULL, 0};
    struct advice_played pl;
    memset(&pl, 0, sizeof pl);
    pl.after = r2->eof_turn_line == st->at.line ? &r2->eof_turn_state : &r2->state;
    pl.choice.kind = ADVICE_TURN;
    played_moves(run, d, &r1->state, pl.after, &pl.choice.plan);
    struct analyse_move *m;
    if (rank_decision(run, &pos, &pl, st->at.line, &m) != 0)
        goto done;
    /* The turn played is quoted as the log wrote it. */
    m->played_lines = source_lines(run->ast, run->src, run->len, d->stmt + 1, d->body_end);
    if (!m->played_words)
        m->played_words = xstrdup(m->played_lines);
    /* Luck: the rollout bot plays the dice rolled, and dice drawn at random (the same future
     * dice in both, rollout by rollout). */
    const struct game_state *v[2] = {&r1->state, &r0->state};
    struct rank_result lr[2];
    if (rank_states(run, v, 2, p, run->o->luck_rollouts, lr) != 0)
        goto done;
    double rolled = lr[0].candidate == 0 ? lr[0].score.mean : lr[1].score.mean;
    double random = lr[0].candidate == 1 ? lr[0].score.mean : lr[1].score.mean;
    m->luck = rolled - random;
    m->luck_se = lr[1].vs_best.se;
    rc = 0;
done:
    log_replay_free(r0);
    log_replay_free(r1);
    log_replay_free(r2);
    return rc;
}

static int war_decisions(struct run *run, const struct decision *d)
{
    const struct log_stmt *st = &run->ast->stmts[d->stmt];
    struct log_replay *r = replay_prefix(run->gd, run->ast, d->stmt);
    const struct game_state *s = &r->state;
    struct war_entry e[XII_MAX_PLAYERS];
    memset(e, 0, sizeof e);
    int rc = 0;
    for (size_t k = 0; k < st->war.count; k++) {
        const struct log_war_entry *we = &st->war.items[k];
        int p = engine_seat_named(&s->cfg, we->player.text, strlen(we->player.text));
        if (p < 0)
            continue;
        e[p].support = we->choice == LOG_WAR_SUPPORT;
        for (size_t i = 0; i < we->count && i < GD_MAX_BONUS_ROLLS; i++)
            e[p].rolls[e[p].nrolls++] = we->rolls[i].value;
    }
    for (int p = 0; p < s->cfg.nplayers && rc == 0; p++) {
        if (!engine_war_can_support(s, p))
            continue;
        struct advice_position pos = {s, ADVICE_WAR, p, e, 0};
        struct advice_played pl;
        memset(&pl, 0, sizeof pl);
        pl.choice.kind = ADVICE_WAR;
        pl.choice.support = e[p].support;
        struct analyse_move *m;
        rc = rank_decision(run, &pos, &pl, st->at.line, &m);
    }
    log_replay_free(r);
    return rc;
}

static int collect_decision(struct run *run, const struct decision *d)
{
    const struct log_stmt *st = &run->ast->stmts[d->stmt];
    struct log_replay *r = replay_prefix(run->gd, run->ast, d->stmt);
    const struct game_state *s = &r->state;
    const struct gamedata *gd = run->gd;
    int p = engine_seat_named(&s->cfg, st->collect.player.text, strlen(st->collect.player.text)), rc = 0;
    struct round_missing miss;
    engine_round_missing(s, &miss);
    if (p >= 0 && miss.collect[p]) {
        struct advice_played pl;
        memset(&pl, 0, sizeof pl);
        pl.choice.kind = ADVICE_COLLECT;
        for (int l = 0; l < LOCATION_COUNT; l++)
            pl.choice.collect[l] = -1;
        for (size_t k = 0; k < st->collect.count; k++) {
            const struct log_pick *pk = &st->collect.items[k];
            int l = gamedata_location(gd, pk->location.norm, strlen(pk->location.norm));
            int a = gamedata_asset(gd, pk->take.norm, strlen(pk->take.norm));
            for (int b = 0; l >= 0 && b < gd->locations[l].nbonus; b++)
                if (gd->locations[l].bonus_asset[b] == a)
                    pl.choice.collect[l] = b;
        }
        struct advice_position pos = {s, ADVICE_COLLECT, p, NULL, miss.collect[p]};
        struct analyse_move *m;
        rc = rank_decision(run, &pos, &pl, st->at.line, &m);
    }
    log_replay_free(r);
    return rc;
}

/* One point of the chart: every seat's expected final score at the state after round r. */
static int chart_point(struct run *run, size_t prefix)
{
    struct log_replay *r = replay_prefix(run->gd, run->ast, prefix);
    const struct game_state *s = &r->state;
    int rc = 0;
    int round = s->phase == PHASE_SETUP ? 0 : s->phase == PHASE_ROUND ? -1 : s->round;
    if (round >= 0) {
        const struct game_state *v[1] = {s};
        struct rank_result res;
        rc = rank_states(run, v, 1, 0, run->o->chart_rollouts, &res);
        for (int p = 0; rc == 0 && p < s->cfg.nplayers; p++) {
            run->out->players[p].expected[round] = res.seat[p].mean;
            run->out->players[p].low[round] = res.seat[p].low;
            run->out->players[p].high[round] = res.seat[p].high;
        }
        if (rc == 0 && round > run->out->last_round)
            run->out->last_round = round;
    }
    log_replay_free(r);
    return rc;
}

static void totals(struct analysis *a)
{
    double cost_var[XII_MAX_PLAYERS] = {0}, luck_var[XII_MAX_PLAYERS] = {0};
    for (size_t k = 0; k < a->nmoves; k++) {
        const struct analyse_move *m = &a->moves[k];
        struct analyse_player *pl = &a->players[m->player];
        pl->total_cost += m->cost.mean;
        cost_var[m->player] += m->cost.se * m->cost.se;
        pl->marks[m->mark]++;
        pl->decisions++;
        pl->errors += m->mark != MARK_NONE;
        if (m->kind == ADVICE_TURN) {
            pl->turns++;
            pl->luck += m->luck;
            luck_var[m->player] += m->luck_se * m->luck_se;
        }
    }
    for (int p = 0; p < a->nplayers; p++) {
        struct analyse_player *pl = &a->players[p];
        pl->average_cost = pl->turns ? pl->total_cost / pl->turns : 0;
        pl->error_rate = pl->decisions ? (double)pl->errors / pl->decisions : 0;
        pl->rating = analyse_rating(pl->decisions ? pl->total_cost / pl->decisions : 0);
        double c = 1.96 * sqrt(cost_var[p]), l = 1.96 * sqrt(luck_var[p]);
        pl->total_cost_low = pl->total_cost - c;
        pl->total_cost_high = pl->total_cost + c;
        pl->luck_low = pl->luck - l;
        pl->luck_high = pl->luck + l;
    }
}

int analyse_run(const struct gamedata *gd, const struct log_ast *ast, const char *src, size_t len,
                const struct analyse_options *o, struct analysis *out, struct strbuf *err)
{
    memset(out, 0, sizeof *out);
    struct log_replay *whole = replay_prefix(gd, ast, ast->count);
    if (!whole->started) {
        log_replay_free(whole);
        strbuf_puts(err, "the game did not start");
        return -1;
    }
    out->nplayers = whole->state.cfg.nplayers;
    memcpy(out->names, whole->state.cfg.names, sizeof out->names);
    struct log_await aw;
    log_await(whole, &aw);
    log_replay_free(whole);
    /* The decisions and the chart's points, in log order. */
    struct decision *ds = xcalloc(ast->count + 1, sizeof *ds);
    size_t *points = xcalloc(ast->count + 2, sizeof *points), nd = 0, np = 0;
    for (size_t i = 0; i < ast->count; i++) {
        enum log_kind k = ast->stmts[i].kind;
        if (k == LOG_ROUND)
            points[np++] = i;   /* the state before it: round 0 or the end of the last round */
        if (k == LOG_TURN) {
            size_t j = i + 1;
            while (j < ast->count && log_kind_is_turn_body(ast->stmts[j].kind))
                j++;
            ds[nd++] = (struct decision){ADVICE_TURN, i, j};
        } else if (k == LOG_WAR) {
            ds[nd++] = (struct decision){ADVICE_WAR, i, i + 1};
        } else if (k == LOG_COLLECT) {
            ds[nd++] = (struct decision){ADVICE_COLLECT, i, i + 1};
        }
    }
    points[np++] = ast->count;
    /* A turn whose dice the log has not all spent is still being decided. */
    if (aw.kind == LOG_AWAIT_DIE && nd > 0 && ds[nd - 1].kind == ADVICE_TURN && ds[nd - 1].body_end == ast->count) {
        nd--;
        out->unfinished_line = ast->stmts[ds[nd].stmt].at.line;
        out->unfinished_player = aw.player;
        out->unfinished_dice = aw.ndice;
    }
    /* The analysis ranks by the expected final score unless a goal is given: its costs, marks
     * and ratings are then in VP. */
    struct analyse_options oo = *o;
    if (oo.advice.goal < 0)
        oo.advice.goal = RANK_GOAL_SCORE;
    out->goal = (enum rank_goal)oo.advice.goal;
    struct run run = {gd, ast, src, len, &oo, out, err};
    size_t total = nd + np, done = 0;
    int rc = 0;
    for (size_t k = 0; k < np && rc == 0; k++) {
        rc = chart_point(&run, points[k]);
        if (o->progress)
            o->progress(o->progress_arg, ++done, total);
    }
    for (size_t k = 0; k < nd && rc == 0; k++) {
        const struct decision *d = &ds[k];
        rc = d->kind == ADVICE_TURN ? turn_decision(&run, d)
             : d->kind == ADVICE_WAR ? war_decisions(&run, d) : collect_decision(&run, d);
        if (o->progress)
            o->progress(o->progress_arg, ++done, total);
    }
    free(ds);
    free(points);
    if (rc != 0) {
        analysis_free(out);
        return -1;
    }
    totals(out);
    return 0;
}

void analysis_free(struct analysis *a)
{
    if (!a)
        return;
    for (size_t k = 0; k < a->nmoves; k++) {
        free(a->moves[k].played_words);
        free(a->moves[k].best_words);
        free(a->moves[k].played_lines);
        free(a->moves[k].best_lines);
    }
    free(a->moves);
    memset(a, 0, sizeof *a);
}

size_t analyse_costliest(const struct analysis *a, int player, size_t *out, size_t n)
{
    size_t got = 0;
    for (size_t k = 0; k < a->nmoves; k++) {
        const struct analyse_move *m = &a->moves[k];
        if (m->player != player || !(m->cost.mean > 0))
            continue;
        /* Insertion into the sorted list: costliest first, earlier first on a tie. */
        size_t at = got < n ? got : n;
        while (at > 0 && a->moves[out[at - 1]].cost.mean < m->cost.mean)
            at--;
        if (at >= n)
            continue;
        size_t last = got < n ? got : n - 1;
        for (size_t j = last; j > at; j--)
            out[j] = out[j - 1];
        out[at] = k;
        if (got < n)
            got++;
    }
    return got;
}
