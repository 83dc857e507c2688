/* The exact reference of the game's last turn, written apart from the advisor's solve
 * (advisor/advice_exact.c): a plain depth-first walk over the engine's legal move list with a
 * copy of the state at each step and a set of state hashes (each distinct partial plan once),
 * every market conversion tried amount by amount, each distinct position after the turn
 * valued with no bound: the player's better war choice, the other seats' as the bot chooses,
 * every combination of bonus rolls weighed, the rest played by the bot. The town court's
 * re-roll is chance: at each partial plan where it may be used, every result is enumerated
 * afresh from there (a walk of its own) and the mean of their bests weighed against the other
 * plans. Include after test.h. */
#ifndef TESTS_TEST_ADVICE_EXACT_H
#define TESTS_TEST_ADVICE_EXACT_H
#include <stdlib.h>
#include <string.h>
#include "bots/bot.h"
#include "bots/drive.h"
#include "bots/rank.h"
#include "rules/engine.h"

struct ref_set {
    uint64_t *slot;
    size_t cap, count;
};

/* Eight bytes at a time, multiplied and folded (every state part hashed is a multiple of 4
 * bytes long; the tail goes byte by byte). */
static inline uint64_t ref_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h + w) * 0xff51afd7ed558ccdull;
        h ^= h >> 33;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h ? h : 1;
}

/* Adds h; 1 when it was not there. */
static inline int ref_add(struct ref_set *s, uint64_t h)
{
    if (2 * (s->count + 1) > s->cap) {
        struct ref_set big = {calloc(s->cap ? 2 * s->cap : 4096, sizeof(uint64_t)), s->cap ? 2 * s->cap : 4096, 0};
        for (size_t i = 0; i < s->cap; i++)
            if (s->slot[i])
                ref_add(&big, s->slot[i]);
        free(s->slot);
        *s = big;
    }
    size_t i = (size_t)(((h ^ (h >> 32)) * 0x9e3779b97f4a7c15ull) >> 17) % s->cap;
    while (s->slot[i]) {
        if (s->slot[i] == h)
            return 0;
        i = (i + 1) % s->cap;
    }
    s->slot[i] = h;
    s->count++;
    return 1;
}

/* The values of the positions after the turn met so far, by their hash (shared by the walks
 * of the re-roll's results). */
struct ref_values {
    uint64_t *key;
    double *value;
    size_t cap, count;
};

/* The slot of h in m: where it is, or the empty one where it goes. */
static inline size_t ref_value_slot(const struct ref_values *m, uint64_t h)
{
    size_t i = (size_t)(((h ^ (h >> 32)) * 0x9e3779b97f4a7c15ull) >> 17) % m->cap;
    while (m->key[i] && m->key[i] != h)
        i = (i + 1) % m->cap;
    return i;
}

static inline void ref_value_put(struct ref_values *m, uint64_t h, double v)
{
    if (2 * (m->count + 1) > m->cap) {
        struct ref_values big = {calloc(m->cap ? 2 * m->cap : 4096, sizeof(uint64_t)),
                                 calloc(m->cap ? 2 * m->cap : 4096, sizeof(double)), m->cap ? 2 * m->cap : 4096, 0};
        for (size_t i = 0; i < m->cap; i++)
            if (m->key[i])
                ref_value_put(&big, m->key[i], m->value[i]);
        free(m->key);
        free(m->value);
        *m = big;
    }
    size_t i = ref_value_slot(m, h);
    m->count += !m->key[i];
    m->key[i] = h;
    m->value[i] = v;
}

struct ref {
    int player;
    enum rank_goal goal;
    const struct play_bot *bot;
    struct ref_set nodes, ends;
    struct ref_values *values;
    struct move *moves;         /* REF_LEGAL_CAP per depth */
    double best;                /* the best value: the re-roll weighed */
    double best_without;        /* the best of the plans with no re-roll */
    double best_choice;         /* the best if the re-roll's result were a choice */
};

#define REF_LEGAL_CAP 1024
#define REF_DEPTH 20

/* The rest of the round with war entries e (NULL: no war), played to the end; the goal value. */
static inline double ref_finish(const struct ref *r, const struct game_state *s, const struct war_entry *e)
{
    struct game_state t = *s;
    if (e)
        assert_int_equal(engine_war(&t, e, NULL, NULL), 0);
    struct play_seat seat = play_bot_seat(r->bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, 1);
    assert_int_equal(play_drive(&t, &d), 0);
    struct rank_outcome o;
    memset(&o, 0, sizeof o);
    for (int p = 0; p < t.cfg.nplayers; p++)
        o.score[p] = engine_score(&t, p, NULL);
    o.objective = engine_objective_achieved(&t) == 1;
    int w[XII_MAX_PLAYERS];
    int n = engine_winners(&t, w);
    for (int k = 0; k < n; k++)
        o.winners |= 1u << w[k];
    return rank_goal_value(&o, r->player, r->goal);
}

/* The value of a position after the player's turn, the last of the round. */
static inline double ref_value(const struct ref *r, const struct game_state *s)
{
    struct round_missing m;
    engine_round_missing(s, &m);
    assert_int_equal(m.turns_left, 0);
    if (!m.war)
        return ref_finish(r, s, NULL);
    struct war_entry e[XII_MAX_PLAYERS];
    struct play_rng rng;
    play_rng_init(&rng, 7);
    memset(e, 0, sizeof e);
    for (int q = 0; q < s->cfg.nplayers; q++)
        if (q != r->player)
            e[q].support = play_bot_war(r->bot, s, q, &rng);
    double best = -1e300;
    for (int support = 0; support <= engine_war_can_support(s, r->player); support++) {
        e[r->player].support = support;
        int idx[2 * XII_MAX_PLAYERS][2], nr = 0;
        for (int q = 0; q < s->cfg.nplayers; q++) {
            e[q].nrolls = e[q].support ? engine_bonus_rolls_due(s, q) : 0;
            for (int i = 0; i < e[q].nrolls; i++) {
                idx[nr][0] = q;
                idx[nr++][1] = i;
                e[q].rolls[i] = 1;
            }
        }
        /* Every combination: an odometer over the rolls; a combination that ends the war in a
         * state met before has that state's value. */
        double sum = 0;
        long n = 0;
        uint64_t seen_key[64];
        double seen_value[64];
        int nseen = 0;
        for (;;) {
            struct game_state t = *s;
            assert_int_equal(engine_war(&t, e, NULL, NULL), 0);
            uint64_t key = ref_hash(0xcbf29ce484222325ull, t.p, sizeof t.p);
            int i = 0;
            while (i < nseen && seen_key[i] != key)
                i++;
            double v = i < nseen ? seen_value[i] : ref_finish(r, &t, NULL);
            if (i == nseen && nseen < 64) {
                seen_key[nseen] = key;
                seen_value[nseen++] = v;
            }
            sum += v;
            n++;
            int k = 0;
            while (k < nr && e[idx[k][0]].rolls[idx[k][1]] == 6) {
                e[idx[k][0]].rolls[idx[k][1]] = 1;
                k++;
            }
            if (k == nr)
                break;
            e[idx[k][0]].rolls[idx[k][1]]++;
        }
        if (sum / (double)n > best)
            best = sum / (double)n;
    }
    return best;
}

/* The position after ending the turn of s: its value when it is new. */
static inline void ref_end(struct ref *r, const struct game_state *s)
{
    struct game_state t = *s;
    if (engine_end_turn_complete(&t) != 0)
        return;
    uint64_t h = ref_hash(0xcbf29ce484222325ull, &t.p[r->player], sizeof t.p[0]);
    h = ref_hash(h, t.shared, sizeof t.shared);
    if (!ref_add(&r->ends, h))
        return;
    struct ref_values *m = r->values;
    double v;
    if (m->cap && m->key[ref_value_slot(m, h)] == h) {
        v = m->value[ref_value_slot(m, h)];
    } else {
        v = ref_value(r, &t);
        ref_value_put(m, h, v);
    }
    if (v > r->best_without)
        r->best_without = v;
}

/* Every way to end the turn of s: no market conversion, or one of any amount either way. */
static inline void ref_complete(struct ref *r, const struct game_state *s)
{
    ref_end(r, s);
    static const int to[2] = {A_SUPPLY, A_FOOD};
    for (int d = 0; d < 2; d++)
        for (int a = 1; a <= s->gd->asset_cap; a++) {
            struct move m;
            memset(&m, 0, sizeof m);
            m.kind = MOVE_MARKET;
            m.target = to[d];
            m.amount = a;
            struct game_state t = *s;
            if (engine_apply(&t, &m, NULL, NULL) == 0)
                ref_end(r, &t);
        }
}

static inline int ref_dice_left(const struct game_state *s)
{
    int n = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

/* The bests of a turn: the re-roll weighed, without it, and as if its result were chosen. */
struct ref_result {
    double best, without, choice;
    size_t nodes;               /* distinct partial plans, the re-roll's walks included */
};

static inline void ref_solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                             struct ref_values *values, struct ref_result *out);

/* The town court's re-roll m (listed with the result 1) on s: each result walked afresh. */
static inline void ref_chance(struct ref *r, const struct game_state *s, const struct move *m, size_t *nodes)
{
    double sum = 0, most = -1e300;
    for (int to = 1; to <= 6; to++) {
        struct game_state t = *s;
        struct move x = *m;
        x.to = to;
        assert_int_equal(engine_apply(&t, &x, NULL, NULL), 0);
        struct ref_result sub;
        ref_solve(&t, r->goal, r->bot, r->values, &sub);
        *nodes += sub.nodes;
        sum += sub.best;
        if (sub.best > most)
            most = sub.best;
    }
    if (sum / 6 > r->best)
        r->best = sum / 6;
    if (most > r->best_choice)
        r->best_choice = most;
}

static inline void ref_walk(struct ref *r, const struct game_state *s, int depth, size_t *nodes)
{
    int left = ref_dice_left(s);
    if (left == 0)
        ref_complete(r, s);
    assert_true(depth < REF_DEPTH);
    struct move *mv = r->moves + (size_t)depth * REF_LEGAL_CAP;
    size_t n = engine_legal_moves(s, 0, mv, REF_LEGAL_CAP);
    assert_true(n <= REF_LEGAL_CAP);
    for (size_t k = 0; k < n; k++) {
        if (left == 0 && !mv[k].from_reserve)
            continue;
        if (mv[k].kind == MOVE_COURT_REROLL) {
            if (mv[k].to == 1)
                ref_chance(r, s, &mv[k], nodes);
            continue;
        }
        struct game_state t = *s;
        assert_int_equal(engine_apply_listed(&t, &mv[k]), 0);
        uint64_t h = ref_hash(0xcbf29ce484222325ull, &t.turn, sizeof t.turn);
        h = ref_hash(h, &t.p[r->player], sizeof t.p[0]);
        h = ref_hash(h, t.shared, sizeof t.shared);
        if (ref_add(&r->nodes, h))
            ref_walk(r, &t, depth + 1, nodes);
    }
}

static inline void ref_solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                             struct ref_values *values, struct ref_result *out)
{
    struct ref r;
    memset(&r, 0, sizeof r);
    r.player = s->turn.player;
    r.goal = goal;
    r.bot = bot;
    r.values = values;
    r.best = r.best_without = r.best_choice = -1e300;
    r.moves = malloc((size_t)REF_DEPTH * REF_LEGAL_CAP * sizeof *r.moves);
    out->nodes = 0;
    ref_walk(&r, s, 0, &out->nodes);
    out->nodes += r.nodes.count;
    out->without = r.best_without;
    out->best = r.best > r.best_without ? r.best : r.best_without;
    out->choice = r.best_choice > r.best_without ? r.best_choice : r.best_without;
    free(r.moves);
    free(r.nodes.slot);
    free(r.ends.slot);
}

/* The bests of the open turn of s (the last of the round). */
static inline void ref_bests(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                             struct ref_result *out)
{
    struct ref_values values = {NULL, NULL, 0, 0};
    ref_solve(s, goal, bot, &values, out);
    free(values.key);
    free(values.value);
}

/* The exact best value of the open turn of s (the last of the round), the re-roll weighed,
 * with every distinct partial plan counted in *nodes. */
static inline double ref_best(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                              size_t *nodes)
{
    struct ref_result x;
    ref_bests(s, goal, bot, &x);
    if (nodes)
        *nodes = x.nodes;
    return x.best;
}

/* The value of the position a plan of s reaches, as the reference values it. */
static inline double ref_plan_value(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                                    const struct move *moves, int nmoves)
{
    struct ref r;
    memset(&r, 0, sizeof r);
    r.player = s->turn.player;
    r.goal = goal;
    r.bot = bot;
    struct game_state t = *s;
    for (int k = 0; k < nmoves; k++)
        assert_int_equal(engine_apply(&t, &moves[k], NULL, NULL), 0);
    assert_int_equal(engine_end_turn_complete(&t), 0);
    return ref_value(&r, &t);
}

#endif
