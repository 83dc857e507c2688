/* The exact reference of the game's last turn, written apart from the advisor's solve
 * (advisor/advice_exact.c): a plain depth-first walk over the engine's legal move list with a
 * copy of the state at each step, each distinct partial plan's best kept by its hash (valued
 * once), every market conversion tried amount by amount, each distinct position after the
 * turn valued once with no bound: the player's better war choice, the other seats' as the bot
 * chooses, every combination of bonus rolls played, the rest played by the bot. The town
 * court's re-roll is chance: at every partial plan where it may be used, its value is the mean
 * of the bests after each of its six results. Include after test.h. */
#ifndef TESTS_TEST_ADVICE_EXACT_H
#define TESTS_TEST_ADVICE_EXACT_H
#include <stdlib.h>
#include <string.h>
#include "bots/bot.h"
#include "bots/drive.h"
#include "bots/rank.h"
#include "rules/engine.h"

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

/* Values by hash: the positions after the turn (one value), the partial plans (their bests:
 * the re-roll weighed, without it, as if its result were chosen). */
struct ref_values {
    uint64_t *key;
    double (*value)[3];
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

/* Whether h is in m; its values into v when it is. */
static inline int ref_value_get(const struct ref_values *m, uint64_t h, double v[3])
{
    if (!m->cap || m->key[ref_value_slot(m, h)] != h)
        return 0;
    memcpy(v, m->value[ref_value_slot(m, h)], sizeof m->value[0]);
    return 1;
}

static inline void ref_value_put(struct ref_values *m, uint64_t h, const double v[3])
{
    if (2 * (m->count + 1) > m->cap) {
        struct ref_values big = {calloc(m->cap ? 2 * m->cap : 4096, sizeof(uint64_t)),
                                 calloc(m->cap ? 2 * m->cap : 4096, sizeof m->value[0]), m->cap ? 2 * m->cap : 4096, 0};
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
    memcpy(m->value[i], v, sizeof m->value[0]);
}

struct ref {
    int player;
    enum rank_goal goal;
    const struct play_bot *bot;
    struct ref_values nodes, ends;
    struct move *moves;         /* REF_LEGAL_CAP per depth */
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

/* The value of the position after ending the turn of s (-inf when it does not end whole), into
 * *best when higher. */
static inline void ref_end(struct ref *r, const struct game_state *s, double *best)
{
    struct game_state t = *s;
    if (engine_end_turn_complete(&t) != 0)
        return;
    uint64_t h = ref_hash(0xcbf29ce484222325ull, &t.p[r->player], sizeof t.p[0]);
    h = ref_hash(h, t.shared, sizeof t.shared);
    double v[3];
    if (!ref_value_get(&r->ends, h, v)) {
        v[0] = v[1] = v[2] = ref_value(r, &t);
        ref_value_put(&r->ends, h, v);
    }
    if (v[0] > *best)
        *best = v[0];
}

/* The best of every way to end the turn of s: no market conversion, or one of any amount either
 * way. */
static inline double ref_complete(struct ref *r, const struct game_state *s)
{
    double best = -1e300;
    ref_end(r, s, &best);
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
                ref_end(r, &t, &best);
        }
    return best;
}

static inline int ref_dice_left(const struct game_state *s)
{
    int n = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

static inline void ref_node(struct ref *r, const struct game_state *s, int depth, double v[3]);

/* The bests of the partial plan t (depth moves in), valued once. */
static inline void ref_child(struct ref *r, const struct game_state *t, int depth, double v[3])
{
    uint64_t h = ref_hash(0xcbf29ce484222325ull, &t->turn, sizeof t->turn);
    h = ref_hash(h, &t->p[r->player], sizeof t->p[0]);
    h = ref_hash(h, t->shared, sizeof t->shared);
    if (ref_value_get(&r->nodes, h, v))
        return;
    ref_node(r, t, depth, v);
    ref_value_put(&r->nodes, h, v);
}

/* The bests of the partial plan s: v[0] the re-roll weighed (the mean over its six results of
 * the best after each), v[1] without the re-roll, v[2] as if its result were chosen. */
static inline void ref_node(struct ref *r, const struct game_state *s, int depth, double v[3])
{
    int left = ref_dice_left(s);
    v[0] = v[1] = v[2] = left == 0 ? ref_complete(r, s) : -1e300;
    assert_true(depth < REF_DEPTH);
    struct move *mv = r->moves + (size_t)depth * REF_LEGAL_CAP;
    size_t n = engine_legal_moves(s, 0, mv, REF_LEGAL_CAP);
    assert_true(n <= REF_LEGAL_CAP);
    for (size_t k = 0; k < n; k++) {
        if (left == 0 && !mv[k].from_reserve)
            continue;
        double x[3];
        if (mv[k].kind == MOVE_COURT_REROLL) {
            if (mv[k].to != 1)
                continue;       /* the results are taken together, below */
            double sum = 0, most = -1e300;
            for (int to = 1; to <= 6; to++) {
                struct game_state t = *s;
                struct move m = mv[k];
                m.to = to;
                assert_int_equal(engine_apply(&t, &m, NULL, NULL), 0);
                ref_child(r, &t, depth + 1, x);
                sum += x[0];
                if (x[0] > most)
                    most = x[0];
            }
            if (sum / 6 > v[0])
                v[0] = sum / 6;
            if (most > v[2])
                v[2] = most;
            continue;
        }
        struct game_state t = *s;
        assert_int_equal(engine_apply_listed(&t, &mv[k]), 0);
        ref_child(r, &t, depth + 1, x);
        for (int i = 0; i < 3; i++)
            if (x[i] > v[i])
                v[i] = x[i];
    }
}

/* The bests of a turn: the re-roll weighed, without it, and as if its result were chosen. */
struct ref_result {
    double best, without, choice;
    size_t nodes;               /* distinct partial plans, the re-roll's results included */
};

/* The bests of the open turn of s (the last of the round). */
static inline void ref_bests(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                             struct ref_result *out)
{
    struct ref r;
    memset(&r, 0, sizeof r);
    r.player = s->turn.player;
    r.goal = goal;
    r.bot = bot;
    r.moves = malloc((size_t)REF_DEPTH * REF_LEGAL_CAP * sizeof *r.moves);
    double v[3];
    ref_node(&r, s, 0, v);
    out->best = v[0];
    out->without = v[1];
    out->choice = v[2];
    out->nodes = r.nodes.count;
    free(r.moves);
    free(r.nodes.key);
    free(r.nodes.value);
    free(r.ends.key);
    free(r.ends.value);
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
