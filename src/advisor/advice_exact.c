/* The last round's exact solve: every distinct plan once, on several threads, each way to end
 * its turn valued with the war's rolls weighed. */
#include "advisor/advice_exact.h"
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "advisor/advice_outcome.h"
#include "bots/drive.h"
#include "bots/rng.h"

/* ---- a set of states shared by the threads: hash -> the least (parent, index) seen -------- */

struct tt_entry {
    uint64_t h, parent;         /* h 0: empty */
    uint32_t index;
};

#define TT_STRIPES 64

struct tt_stripe {
    pthread_mutex_t mu;
    struct tt_entry *slot;
    size_t cap, count;
};

struct tt {
    struct tt_stripe st[TT_STRIPES];
};

static void tt_init(struct tt *t)
{
    for (int i = 0; i < TT_STRIPES; i++) {
        pthread_mutex_init(&t->st[i].mu, NULL);
        t->st[i].cap = 1024;
        t->st[i].count = 0;
        t->st[i].slot = xcalloc(t->st[i].cap, sizeof *t->st[i].slot);
    }
}

static void tt_free(struct tt *t)
{
    for (int i = 0; i < TT_STRIPES; i++) {
        pthread_mutex_destroy(&t->st[i].mu);
        free(t->st[i].slot);
    }
}

static size_t tt_home(uint64_t h, size_t cap)
{
    return (size_t)(h ^ (h >> 31)) & (cap - 1);
}

/* The slot of h in a stripe (empty when absent). */
static struct tt_entry *tt_slot(struct tt_stripe *s, uint64_t h)
{
    size_t i = tt_home(h, s->cap);
    while (s->slot[i].h && s->slot[i].h != h)
        i = (i + 1) & (s->cap - 1);
    return &s->slot[i];
}

static void tt_grow(struct tt_stripe *s)
{
    struct tt_entry *old = s->slot;
    size_t cap = s->cap;
    s->cap *= 2;
    s->slot = xcalloc(s->cap, sizeof *s->slot);
    for (size_t i = 0; i < cap; i++)
        if (old[i].h)
            *tt_slot(s, old[i].h) = old[i];
    free(old);
}

/* Adds h reached from (parent, index): 1 when h is new; else keeps the least (parent, index)
 * of the two and returns 0. */
static int tt_add(struct tt *t, uint64_t h, uint64_t parent, uint32_t index)
{
    if (h == 0)
        h = 1;
    struct tt_stripe *s = &t->st[h >> 58];
    pthread_mutex_lock(&s->mu);
    if (4 * (s->count + 1) > 3 * s->cap)
        tt_grow(s);
    struct tt_entry *e = tt_slot(s, h);
    int added = e->h == 0;
    if (added) {
        e->h = h;
        e->parent = parent;
        e->index = index;
        s->count++;
    } else if (parent < e->parent || (parent == e->parent && index < e->index)) {
        e->parent = parent;
        e->index = index;
    }
    pthread_mutex_unlock(&s->mu);
    return added;
}

/* The entry of h (after the threads ended); 0 when absent. */
static int tt_get(struct tt *t, uint64_t h, struct tt_entry *out)
{
    if (h == 0)
        h = 1;
    struct tt_entry *e = tt_slot(&t->st[h >> 58], h);
    *out = *e;
    return e->h != 0;
}

/* Four lanes of 8 bytes (independent multiplies), folded, then the tail: the search hashes a
 * state at every move it tries, so this is much of its time. */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t l[4] = {h, h ^ 0x9e3779b97f4a7c15ull, h ^ 0xbf58476d1ce4e5b9ull, h ^ 0x94d049bb133111ebull};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, b + i + 8 * k, 8);
            l[k] = (l[k] ^ w) * 0x9e3779b97f4a7c15ull;
            l[k] ^= l[k] >> 31;
        }
    h = l[0] ^ (l[1] * 0xbf58476d1ce4e5b9ull) ^ (l[2] * 0x94d049bb133111ebull) ^ (l[3] * 0xd6e8feb86659fd93ull);
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    h ^= h >> 29;
    return h ? h : 1;
}

/* A partial plan: what a turn's moves change (engine_undo's parts). */
static uint64_t hash_turn(const struct game_state *s)
{
    uint64_t h = hash_bytes(0x84222325cbf29ce4ull, &s->turn, sizeof s->turn);
    h = hash_bytes(h, &s->p[s->turn.player], sizeof s->p[0]);
    return hash_bytes(h, s->shared, sizeof s->shared);
}

/* A position after the turn's end: the player's sheet and the shared dice (the rest of the
 * state is the same after every plan). */
static uint64_t hash_end(const struct game_state *s, int player)
{
    uint64_t h = hash_bytes(0x2545f4914f6cdd1dull, &s->p[player], sizeof s->p[0]);
    return hash_bytes(h, s->shared, sizeof s->shared);
}

/* ---- the value of a position after the turn --------------------------------------------- */

/* The other seats' turns still to come this round, as played once (the continuation). */
struct later_turn {
    int player, d1, d2;
    struct play_plan plan;
};

/* A position in a list: its value, its hash and the way to it (the complete plans' sheet
 * and the market choice's index); plans are found from these once the search is over. */
struct pick {
    double value;
    uint64_t key, leaf;
    uint32_t market;
    int chance;                 /* the re-roll weighed (index into the solver's chances), or -1 */
    struct advice_exact_value v;
};

/* A partial plan after which the town court's re-roll may be used: weighed once the search is
 * over (the threshold then at its highest), over its six results. */
struct chance {
    uint64_t h;                 /* the partial plan */
    struct move m;              /* the re-roll; its result (to) is the roll's */
    double cap[6];              /* a ceiling of the value after each result, in the goal's unit */
    double mean;                /* their mean */
};

/* The engine's bound on what the spends still open at a node can add (engine_spend_gains):
 * each move from the node is bounded with the first of these. */
struct gains {
    int g[ENGINE_MOST_SPENDS];
    int n, spends, end;
    int war, pow;               /* the war's gain (engine_war_gain), a POW spend's (pow_gain) */
};

/* The moves of a node in the order they are tried: the highest score ceiling first (a strong
 * plan found early raises the threshold sooner), then by index. */
struct order {
    int sc;
    uint32_t k;
};

struct solver {
    const struct game_state *root;
    int player;
    enum rank_goal goal;
    const struct play_bot *bot;
    uint64_t seed;
    int k;
    struct later_turn later[XII_MAX_PLAYERS];
    int nlater;
    struct tt nodes;            /* partial plans: (turn, sheet, shared dice) */
    struct tt leaves;           /* complete plans by what their turn's end depends on: the
                                   sheet and the shared dice (ended once whatever the dice's
                                   order) */
    /* the root's moves, taken one at a time by the threads */
    struct move *root_moves;
    struct order *root_order;   /* the root's moves that apply, in the order to try them */
    struct gains root_gains;
    size_t nroot;
    atomic_size_t next_root;
    pthread_mutex_t best_mu;
    struct pick best[ADVICE_EXACT_MAX];
    int nbest;
    _Atomic double threshold;           /* the k-th best value so far (-inf before k), at least
                                           floor */
    double floor;               /* no value below it is asked for (-inf: none) */
    int exact;                  /* no later seat: the values are exact, and the town court's
                                   re-rolls are weighed */
    struct engine_bounds bounds;
    int others_floor;           /* the most any other seat's score is sure to reach */
    atomic_size_t nnodes, nplans, nends, nvalued, nopen;
    atomic_int failed;
    int threads;
    int root_spends;            /* the spends left at the root (engine_turn_spends_left) */
    int root_rerolls;           /* the player has the town court's re-roll at the root */
    pthread_mutex_t chance_mu;
    struct chance *chance;      /* the re-rolls met (exact values only) */
    size_t nchance, chance_cap;
};

/* Adds w times u into v. */
static void add_value(struct advice_exact_value *v, const struct advice_exact_value *u, double w)
{
    v->goal += w * u->goal;
    v->score += w * u->score;
    v->win += w * u->win;
    v->objective += w * u->objective;
    for (int q = 0; q < XII_MAX_PLAYERS; q++)
        v->seat[q] += w * u->seat[q];
}

/* The rest of the round after every turn with the war entries e (the supports chosen, the
 * rolls set; NULL: no war run here, play_drive runs it as a rollout does): the war, the bot's
 * location choices, the round's end; adds the outcome with weight w into v. Returns 0 or -1. */
static int finish(const struct solver *sv, const struct game_state *s, const struct war_entry *e, double w,
                  struct advice_exact_value *v)
{
    struct game_state t = *s;
    if (e && engine_war(&t, e, NULL, NULL) != 0)
        return -1;
    struct play_seat seat = play_bot_seat(sv->bot);
    struct play_drive d;
    play_drive_init(&d, t.cfg.nplayers, &seat, sv->seed);
    if (play_drive(&t, &d) != 0)
        return -1;
    struct rank_outcome o;
    advice_outcome(&t, &o);
    int p = sv->player;
    struct advice_exact_value u;
    memset(&u, 0, sizeof u);
    u.goal = rank_goal_value(&o, p, sv->goal);
    u.score = o.score[p];
    if (t.cfg.nplayers > 1 && (o.winners >> p & 1u))
        u.win = 1.0 / __builtin_popcount(o.winners);
    u.objective = o.objective;
    for (int q = 0; q < t.cfg.nplayers; q++)
        u.seat[q] = o.score[q];
    add_value(v, &u, w);
    return 0;
}

/* The value of s (every turn of the round done) with the player's war choice `support`; each
 * distinct outcome of the war weighed by its chance (engine_war_outcomes) when `all`, else the
 * combination of bonus rolls most favourable to the player. With all, returns 1 (v unfinished)
 * as soon as the value is sure to be below t, no outcome being worth more than cap in the
 * goal's unit. */
static int war_value(const struct solver *sv, const struct game_state *s, const int others[XII_MAX_PLAYERS],
                     int support, int all, double cap, double t, struct advice_exact_value *v)
{
    int n = s->cfg.nplayers, sup[XII_MAX_PLAYERS];
    memset(v, 0, sizeof *v);
    for (int q = 0; q < n; q++)
        sup[q] = q == sv->player ? support : others[q];
    if (!all) {
        struct war_entry e[XII_MAX_PLAYERS];
        memset(e, 0, sizeof e);
        for (int q = 0; q < n; q++) {
            e[q].support = sup[q];
            e[q].nrolls = sup[q] ? engine_bonus_rolls_due(s, q) : 0;
            for (int i = 0; i < e[q].nrolls; i++)
                e[q].rolls[i] = q == sv->player ? 6 : 1;
        }
        return finish(sv, s, e, 1.0, v);
    }
    struct war_outcome o[ENGINE_WAR_OUTCOMES];
    int no = engine_war_outcomes(s, sup, o);
    double left = 1.0;
    for (int i = 0; i < no; i++) {
        if (finish(sv, s, o[i].e, o[i].weight, v) != 0)
            return -1;
        left -= o[i].weight;
        /* Even if every outcome left were worth the ceiling cap, below the threshold. */
        if (i + 1 < no && v->goal + left * cap < t)
            return 1;
    }
    return 0;
}

/* The value of s with every turn of the round done: the better of the player's war choices
 * (multiplayer), the rolls weighed (all) or the most favourable. Sets *rolls when some
 * supporter rolls. Returns 0, 1 when the rolls weighed put every choice below t (war_value),
 * or -1. */
static int rest_value(const struct solver *sv, const struct game_state *s, int all, double cap, double t,
                      struct advice_exact_value *v, int *rolls)
{
    *rolls = 0;
    struct round_missing m;
    engine_round_missing(s, &m);
    if (s->cfg.nplayers == 1 || !m.war) {
        memset(v, 0, sizeof *v);
        return finish(sv, s, NULL, 1.0, v);
    }
    int others[XII_MAX_PLAYERS] = {0};
    struct play_rng rng;
    play_rng_init(&rng, play_seed_derive(sv->seed, 2));
    for (int q = 0; q < s->cfg.nplayers; q++)
        if (q != sv->player)
            others[q] = play_bot_war(sv->bot, s, q, &rng);
    for (int q = 0; q < s->cfg.nplayers; q++)
        if (q != sv->player && others[q] && engine_bonus_rolls_due(s, q) > 0)
            *rolls = 1;
    int can = engine_war_can_support(s, sv->player);
    if (can && engine_bonus_rolls_due(s, sv->player) > 0)
        *rolls = 1;
    int first = 1;
    for (int support = 0; support <= can; support++) {
        struct advice_exact_value x;
        int rc = war_value(sv, s, others, support, all, cap, t, &x);
        if (rc < 0)
            return -1;
        if (rc == 0 && (first || x.goal > v->goal)) {
            *v = x;
            first = 0;
        }
    }
    return first;   /* 1: every choice below t */
}

/* The later seats' turns of the continuation on s (the player's turn ended): each recorded
 * plan replayed, or the bot's turn where the engine refuses it. Returns 0 or -1. */
static int continue_round(const struct solver *sv, struct game_state *s)
{
    for (int i = 0; i < sv->nlater; i++) {
        const struct later_turn *l = &sv->later[i];
        if (engine_begin_turn(s, l->player, l->d1, l->d2, NULL) != 0)
            return -1;
        struct game_state keep = *s;
        if (play_plan_apply(s, &l->plan, NULL) != 0 || engine_end_turn_complete(s) != 0) {
            *s = keep;
            struct play_seat seat = play_bot_seat(sv->bot);
            struct play_rng rng;
            play_rng_init(&rng, play_seed_derive(sv->seed, 3));
            struct play_plan plan = {.nmoves = 0};
            if (seat.policy->turn(sv->bot, s, &rng, &plan) != 0 || engine_end_turn_complete(s) != 0)
                return -1;
        }
    }
    return 0;
}

/* ---- the bound ---------------------------------------------------------------------------- */

/* A value no position reached with at most `spends` more spends can exceed, in the goal's
 * unit (rank_goal_value's form), for a score ceiling sc: the chance to win 0 when the ceiling
 * is below another seat's floor, the objective 0 when the engine says it can no longer hold
 * (asked only when that decides). */
static double ceiling(const struct solver *sv, const struct game_state *s, int spends, double sc, double t)
{
    if (sv->goal == RANK_GOAL_WIN)
        return (s->cfg.nplayers > 1 && sc < sv->others_floor ? 0.0 : 1.0) + RANK_TIEBREAK * sc;
    if (sv->goal == RANK_GOAL_OBJECTIVE) {
        /* Asked only where the objective decides: below t even if it held, above even if not. */
        if (RANK_TIEBREAK * sc >= t || 1.0 + RANK_TIEBREAK * sc < t)
            return 1.0 + RANK_TIEBREAK * sc;
        return engine_objective_open_below(&sv->bounds, s, spends, (int)sc) + RANK_TIEBREAK * sc;
    }
    return sc;
}

static void gains_of(const struct solver *sv, const struct game_state *s, struct gains *x)
{
    x->spends = engine_turn_spends_left(s);
    x->n = engine_spend_gains(&sv->bounds, s, sv->player, x->spends, x->g, &x->pow);
    x->end = engine_end_gain(&sv->bounds, s, sv->player);
    x->war = engine_war_gain(&sv->bounds, s, sv->player);
}

/* Whether every position reached from s (one move after a node, sc its score ceiling: reach)
 * is below the k-th best found so far: the threshold only rises, so such a position could
 * never enter the list. */
static int hopeless(const struct solver *sv, const struct game_state *s, int sc)
{
    if (sc == INT_MAX)
        return 0;
    double t = atomic_load(&sv->threshold);
    return t > -1e300 && ceiling(sv, s, engine_turn_spends_left(s), sc, t) < t;
}

/* The score ceiling of s, one move after the node of x; INT_MAX when x cannot tell. */
static int reach(const struct solver *sv, const struct game_state *s, const struct gains *x)
{
    int spends = engine_turn_spends_left(s), sum = 0;
    if (spends > x->spends)
        return INT_MAX;
    for (int k = 0; k < spends && k < x->n; k++)
        sum += x->g[k];
    int last = spends > 0 && spends <= x->n ? x->g[spends - 1] : 0;
    /* The war's share as the state has it (its base POW, its spends left: with none left, at
     * base POW 0, no war gain). */
    return engine_score(s, sv->player, NULL) + x->end +
           engine_war_ceiling(sum, last, x->war, x->war > 0 ? engine_pow_base(s, sv->player) : 0, spends, x->pow);
}

static int by_reach(const void *a, const void *b)
{
    const struct order *x = a, *y = b;
    if (x->sc != y->sc)
        return x->sc > y->sc ? -1 : 1;
    return x->k < y->k ? -1 : x->k > y->k;
}

/* Fills o with the moves of mv[0..n) that apply to s (left: the turn dice not all spent), in
 * the order to try them; returns how many. s is left as it was (u). */
static size_t order_moves(const struct solver *sv, struct game_state *s, const struct engine_undo *u,
                          const struct move *mv, size_t n, int left, const struct gains *g, struct order *o)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        /* Once the turn dice are spent only a reserve die may still be spent; the court's
         * re-roll is chance, not a choice. */
        if ((left == 0 && !mv[k].from_reserve) || mv[k].kind == MOVE_COURT_REROLL)
            continue;
        if (engine_apply_listed(s, &mv[k]) != 0)
            continue;
        o[m].sc = reach(sv, s, g);
        o[m++].k = (uint32_t)k;
        engine_undo_restore(s, u);
    }
    qsort(o, m, sizeof *o, by_reach);
    return m;
}

/* The same for a position with no spend left (the turn's end, or after it). */
static int hopeless_end(const struct solver *sv, const struct game_state *s)
{
    double t = atomic_load(&sv->threshold);
    return t > -1e300 && ceiling(sv, s, 0, engine_score_ceiling(&sv->bounds, s, sv->player, 0), t) < t;
}

/* ---- the lists of the best ---------------------------------------------------------------- */

static int better(double a, uint64_t ka, double b, uint64_t kb)
{
    return a > b || (a == b && ka < kb);
}

/* Offers a position to a list of cap, best first. A position already in it keeps the least
 * way to it (leaf, market): what the threads found first does not matter. Returns 1 when it
 * entered or was there. */
static int offer(struct pick *list, int *n, int cap, const struct pick *x)
{
    for (int i = 0; i < *n; i++)
        if (list[i].key == x->key) {
            if (x->leaf < list[i].leaf || (x->leaf == list[i].leaf && x->market < list[i].market)) {
                list[i].leaf = x->leaf;
                list[i].market = x->market;
            }
            return 1;
        }
    if (*n == cap && !better(x->value, x->key, list[*n - 1].value, list[*n - 1].key))
        return 0;
    int i = *n < cap ? (*n)++ : *n - 1;
    while (i > 0 && better(x->value, x->key, list[i - 1].value, list[i - 1].key)) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = *x;
    return 1;
}

/* The threshold once the list is full: its k-th value, never below the floor. */
static void raise_threshold(struct solver *sv)
{
    double t = sv->best[sv->k - 1].value;
    atomic_store(&sv->threshold, t > sv->floor ? t : sv->floor);
}

/* Values the position t after the turn, reached by the complete plans of sheet `leaf` and the
 * market choice `market`, and offers it to the list. */
static void value_end(struct solver *sv, const struct game_state *t, uint64_t leaf, uint32_t market)
{
    int p = sv->player;
    struct pick x;
    memset(&x, 0, sizeof x);
    x.chance = -1;
    x.key = hash_end(t, p);
    x.leaf = leaf;
    x.market = market;
    struct game_state r = *t;
    int rolls = 0;
    if (hopeless_end(sv, t))
        return;
    /* Other seats still to play: their turns as the continuation has them first (the value
     * is then the player's final score given those turns: a key for the race). */
    if ((sv->nlater && continue_round(sv, &r) != 0) || rest_value(sv, &r, 0, 0, -1e300, &x.v, &rolls) != 0) {
        atomic_store(&sv->failed, 1);
        return;
    }
    /* With rolls, x.v was valued with one combination: weigh them all. (The combination most
     * favourable to the player is no bound: valued first and dropped below the threshold,
     * positions worth exactly the 16th best went missing, as the thread count decided.) */
    if (rolls) {
        atomic_fetch_add(&sv->nvalued, 1);
        double th = atomic_load(&sv->threshold);
        double cap = th > -1e300 ? ceiling(sv, t, 0, engine_score_ceiling(&sv->bounds, t, p, 0), th) : 0;
        int rc = rest_value(sv, &r, 1, cap, th, &x.v, &rolls);
        if (rc < 0)
            atomic_store(&sv->failed, 1);
        if (rc != 0)
            return;
    }
    x.value = x.v.goal;
    pthread_mutex_lock(&sv->best_mu);
    if (offer(sv->best, &sv->nbest, sv->k, &x) && sv->nbest == sv->k)
        raise_threshold(sv);
    pthread_mutex_unlock(&sv->best_mu);
}

/* Records the town court's re-roll m (listed with the result 1) on s, the partial plan h,
 * unless even its best results could not lift it to the threshold. s is left as it was. */
static void record_chance(struct solver *sv, struct game_state *s, uint64_t h, const struct move *m)
{
    struct chance c;
    memset(&c, 0, sizeof c);
    c.h = h;
    c.m = *m;
    struct engine_undo u;
    engine_undo_save(s, &u);
    double t = atomic_load(&sv->threshold);
    for (int r = 1; r <= 6; r++) {
        c.m.to = r;
        if (engine_apply_listed(s, &c.m) != 0) {
            atomic_store(&sv->failed, 1);
            return;
        }
        int spends = engine_turn_spends_left(s);
        c.cap[r - 1] = ceiling(sv, s, spends, engine_score_ceiling(&sv->bounds, s, sv->player, spends), t);
        c.mean += c.cap[r - 1] / 6;
        engine_undo_restore(s, &u);
    }
    c.m.to = 0;
    if (t > -1e300 && c.mean < t)
        return;
    pthread_mutex_lock(&sv->chance_mu);
    if (sv->nchance == sv->chance_cap) {
        sv->chance_cap = sv->chance_cap ? 2 * sv->chance_cap : 64;
        sv->chance = xrealloc(sv->chance, sv->chance_cap * sizeof *sv->chance);
    }
    sv->chance[sv->nchance++] = c;
    pthread_mutex_unlock(&sv->chance_mu);
}

/* The re-rolls listed among mv[0..n) on s (h), each once (its result 1), recorded when the
 * values are exact and nothing was spent since the root (abilities only), or only the town
 * court bought when the root had not its re-roll: a re-roll after a spend is worth no more than
 * the same re-roll before it (every plan after the later re-roll can be played after the
 * earlier one, the spend included, knowing the result). */
static void record_chances(struct solver *sv, struct game_state *s, uint64_t h, const struct move *mv, size_t n)
{
    if (sv->root_spends - engine_turn_spends_left(s) > (sv->root_rerolls ? 0 : 1))
        return;
    for (size_t k = 0; sv->exact && k < n; k++)
        if (mv[k].kind == MOVE_COURT_REROLL && mv[k].to == 1) {
            atomic_fetch_add(&sv->nopen, 1);
            record_chance(sv, s, h, &mv[k]);
        }
}

/* ---- the search --------------------------------------------------------------------------- */

#define LEGAL_CAP 1024

struct worker {
    struct solver *sv;
    struct game_state s;
    struct move *moves;         /* LEGAL_CAP per depth */
    struct order *order;        /* LEGAL_CAP per depth */
    size_t nodes, plans, ends;
};

/* The turn of s ended (into t) with the market conversion m queued when not NULL; 0 when every
 * die is spent and every conversion queued was applied. */
static int end_with(const struct game_state *s, const struct move *m, struct game_state *t)
{
    *t = *s;
    struct turn_end te;
    if ((m && engine_apply(t, m, NULL, NULL) != 0) || engine_end_turn(t, NULL, &te, NULL) != 0 ||
        te.unspent.rule != RULE_NONE)
        return -1;
    for (int k = 0; k < te.nmarket; k++)
        if (!te.market_applied[k])
            return -1;
    return 0;
}

/* The ways to end the turn of s: index 0 no market conversion, then each conversion the market
 * takes, towards supply then food, by amount (as play_market_choices lists them: legality
 * grows no larger with the amount). Calls fn for each; stops when it returns nonzero. */
static void each_end(const struct game_state *s, void (*fn)(void *, const struct game_state *, uint32_t), void *ctx)
{
    static const int to[2] = {A_SUPPLY, A_FOOD};
    struct game_state t;
    uint32_t index = 0;
    if (end_with(s, NULL, &t) == 0)
        fn(ctx, &t, index);
    for (int d = 0; d < 2; d++) {
        struct move m;
        memset(&m, 0, sizeof m);
        m.kind = MOVE_MARKET;
        m.target = to[d];
        for (m.amount = 1; m.amount <= s->gd->asset_cap; m.amount++) {
            if (end_with(s, &m, &t) != 0)
                break;
            fn(ctx, &t, ++index);
        }
    }
}

struct leaf_ctx {
    struct worker *w;
    uint64_t leaf;
};

static void leaf_end(void *ctx, const struct game_state *t, uint32_t index)
{
    struct leaf_ctx *c = ctx;
    c->w->ends++;
    if (!atomic_load(&c->w->sv->failed))
        value_end(c->w->sv, t, c->leaf, index);
}

/* A complete plan at w->s (hash h): unless a plan with the same sheet was ended already, the
 * turn ended with no market conversion and with each. */
static void leaf(struct worker *w, uint64_t h)
{
    uint64_t key = hash_end(&w->s, w->sv->player);
    w->plans++;
    if (hopeless_end(w->sv, &w->s) || !tt_add(&w->sv->leaves, key, h, 0))
        return;
    struct leaf_ctx c = {w, key};
    each_end(&w->s, leaf_end, &c);
}

static void dfs(struct worker *w, uint64_t h, int depth)
{
    struct solver *sv = w->sv;
    int left = play_turn_dice_left(&w->s);
    if (left == 0)
        leaf(w, h);
    /* A plan holds the market conversion after its moves. */
    if (depth >= PLAY_PLAN_MAX_MOVES - 1 || atomic_load(&sv->failed))
        return;
    /* The node's own bound (tighter than its parent's): when every move from it is hopeless,
     * its moves are not even listed. */
    struct gains g;
    gains_of(sv, &w->s, &g);
    if (hopeless(sv, &w->s, reach(sv, &w->s, &g)))
        return;
    struct move *mv = w->moves + (size_t)depth * LEGAL_CAP;
    size_t n = engine_legal_moves(&w->s, 0, mv, LEGAL_CAP);
    if (n > LEGAL_CAP)
        n = LEGAL_CAP;
    record_chances(sv, &w->s, h, mv, n);
    struct engine_undo u;
    engine_undo_save(&w->s, &u);
    struct order *o = w->order + (size_t)depth * LEGAL_CAP;
    size_t m = order_moves(sv, &w->s, &u, mv, n, left, &g, o);
    for (size_t i = 0; i < m; i++) {
        size_t k = o[i].k;
        /* The moves come highest ceiling first: under the score or the chance to win (which
         * grow with the score ceiling alone), once one is hopeless so is every later one. */
        if (sv->goal != RANK_GOAL_OBJECTIVE && o[i].sc != INT_MAX && hopeless(sv, &w->s, o[i].sc))
            break;
        if (engine_apply_listed(&w->s, &mv[k]) != 0)
            continue;
        if (hopeless(sv, &w->s, o[i].sc)) {
            engine_undo_restore(&w->s, &u);
            continue;
        }
        uint64_t c = hash_turn(&w->s);
        if (tt_add(&sv->nodes, c, h, (uint32_t)k)) {
            w->nodes++;
            dfs(w, c, depth + 1);
        }
        engine_undo_restore(&w->s, &u);
    }
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct solver *sv = w->sv;
    uint64_t h0 = hash_turn(sv->root);
    for (;;) {
        size_t i = atomic_fetch_add(&sv->next_root, 1);
        if (i >= sv->nroot)
            break;
        size_t k = sv->root_order[i].k;
        w->s = *sv->root;
        if (engine_apply_listed(&w->s, &sv->root_moves[k]) != 0 || hopeless(sv, &w->s, sv->root_order[i].sc))
            continue;
        uint64_t c = hash_turn(&w->s);
        if (tt_add(&sv->nodes, c, h0, (uint32_t)k)) {
            w->nodes++;
            dfs(w, c, 1);
        }
    }
    return NULL;
}

/* The plan to the partial plan h: its moves from the root, found back through the least
 * parents. Returns 0 or -1. */
static int plan_to(struct solver *sv, uint64_t h, struct play_plan *plan)
{
    uint64_t h0 = hash_turn(sv->root);
    uint32_t index[PLAY_PLAN_MAX_MOVES];
    int n = 0;
    while (h != h0) {
        struct tt_entry e;
        if (n == PLAY_PLAN_MAX_MOVES || !tt_get(&sv->nodes, h, &e))
            return -1;
        index[n++] = e.index;
        h = e.parent;
    }
    struct game_state s = *sv->root;
    struct move *mv = xmalloc(LEGAL_CAP * sizeof *mv);
    plan->nmoves = 0;
    int rc = 0;
    for (int i = n - 1; i >= 0 && rc == 0; i--) {
        size_t cnt = engine_legal_moves(&s, 0, mv, LEGAL_CAP);
        if (index[i] >= cnt || index[i] >= LEGAL_CAP || engine_apply_listed(&s, &mv[index[i]]) != 0)
            rc = -1;
        else
            play_plan_push(plan, &mv[index[i]]);
    }
    free(mv);
    return rc;
}

/* The plan of a position in a list: the moves to its complete plan, then its market
 * conversion (the index-th way to end the turn). */
static int plan_of(struct solver *sv, const struct pick *x, struct play_plan *plan)
{
    if (x->chance >= 0) {
        const struct chance *c = &sv->chance[x->chance];
        if (plan_to(sv, c->h, plan) != 0)
            return -1;
        play_plan_push(plan, &c->m);
        return 0;
    }
    struct tt_entry e;
    if (!tt_get(&sv->leaves, x->leaf, &e) || plan_to(sv, e.parent, plan) != 0)
        return -1;
    if (x->market == 0)
        return 0;
    struct game_state s = *sv->root;
    if (play_plan_apply(&s, plan, NULL) != 0)
        return -1;
    static const int to[2] = {A_SUPPLY, A_FOOD};
    uint32_t index = 0;
    for (int d = 0; d < 2; d++) {
        struct move m;
        memset(&m, 0, sizeof m);
        m.kind = MOVE_MARKET;
        m.target = to[d];
        struct game_state t;
        for (m.amount = 1; m.amount <= s.gd->asset_cap && end_with(&s, &m, &t) == 0; m.amount++)
            if (++index == x->market) {
                play_plan_push(plan, &m);
                return 0;
            }
    }
    return -1;
}

/* The continuation: the player's turn ended as it stands (the shared dice as the position has
 * them: most plans leave them so), then the later seats' turns of the round with dice from
 * the seed, played by the bot; their dice and plans are kept. Returns 0 or -1. */
static int record_later(struct solver *sv)
{
    struct game_state t = *sv->root;
    struct play_seat seat = play_bot_seat(sv->bot);
    struct play_rng rng;
    play_rng_init(&rng, play_seed_derive(sv->seed, 3));
    if (engine_end_turn(&t, NULL, NULL, NULL) != 0)
        return -1;
    int q;
    while ((q = engine_next_player(&t)) >= 0) {
        struct later_turn *l = &sv->later[sv->nlater++];
        l->player = q;
        l->d1 = play_dice_roll(sv->seed, t.round, PLAY_DICE_OWN, q, 0);
        l->d2 = play_dice_roll(sv->seed, t.round, PLAY_DICE_OWN, q, 1);
        l->plan.nmoves = 0;
        if (engine_begin_turn(&t, q, l->d1, l->d2, NULL) != 0 ||
            seat.policy->turn(sv->bot, &t, &rng, &l->plan) != 0 || engine_end_turn_complete(&t) != 0)
            return -1;
    }
    return 0;
}

static int solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot, uint64_t seed,
                 int threads, int k, double floor, struct advice_exact *out);

static int by_mean(const void *a, const void *b)
{
    const struct chance *x = a, *y = b;
    if (x->mean != y->mean)
        return x->mean > y->mean ? -1 : 1;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return memcmp(&x->m, &y->m, sizeof x->m);
}

/* The value a re-roll must exceed to be weighed: the best found (a re-roll that cannot beat
 * every plan is not worth its solves: the hint says it is no better), else the threshold. */
static double chance_bar(struct solver *sv)
{
    double t = atomic_load(&sv->threshold);
    return sv->nbest > 0 && sv->best[0].value > t ? sv->best[0].value : t;
}

/* Weighs the re-roll c (index i): the best plan after each of its six results, each solved
 * exactly (the best one), their mean offered to the list; stops as soon as the results left,
 * each worth its ceiling, could not lift it above the bar (chance_bar). A result's solve is
 * asked for no value below what it needs to lift the mean there. Returns 0 or -1. */
static int weigh_chance(struct solver *sv, const struct chance *c, int i, struct advice_exact *sub)
{
    struct play_plan plan;
    struct game_state *x = xmalloc(sizeof *x);
    *x = *sv->root;
    int rc = plan_to(sv, c->h, &plan) != 0 || play_plan_apply(x, &plan, NULL) != 0 ? -1 : 0;
    struct engine_undo u;
    engine_undo_save(x, &u);
    struct pick p;
    memset(&p, 0, sizeof p);
    p.chance = i;
    p.key = hash_bytes(c->h, &c->m, sizeof c->m);
    double left = c->mean;
    for (int r = 1; r <= 6 && rc == 0; r++) {
        double t = chance_bar(sv);
        left -= c->cap[r - 1] / 6;
        /* The least this result's best must be worth for the mean to reach t (a margin for
         * the rounding of the sums). */
        double need = t > -1e300 ? 6 * (t - p.v.goal - left) - 1e-9 : -1e300;
        struct move m = c->m;
        m.to = r;
        if (engine_apply_listed(x, &m) != 0 || solve(x, sv->goal, sv->bot, sv->seed, sv->threads, 1, need, sub) != 0) {
            rc = -1;
            break;
        }
        engine_undo_restore(x, &u);
        if (sub->nbest == 0 || sub->best[0].v.goal < need) {
            free(x);
            return 0;           /* below the threshold, or no plan spends every die */
        }
        add_value(&p.v, &sub->best[0].v, 1.0 / 6);
        if (t > -1e300 && p.v.goal + left <= t + 1e-12) {
            free(x);
            return 0;
        }
    }
    free(x);
    if (rc == 0) {
        p.value = p.v.goal;
        if (offer(sv->best, &sv->nbest, sv->k, &p) && sv->nbest == sv->k)
            raise_threshold(sv);
    }
    return rc;
}

/* Weighs the re-rolls recorded, the most promising first, while their ceilings can still reach
 * the threshold. Returns 0 or -1. */
static int weigh_chances(struct solver *sv, size_t *weighed)
{
    if (sv->nchance == 0)
        return 0;
    qsort(sv->chance, sv->nchance, sizeof *sv->chance, by_mean);
    struct advice_exact *sub = xcalloc(1, sizeof *sub);
    int rc = 0;
    for (size_t i = 0; i < sv->nchance && rc == 0; i++) {
        double t = chance_bar(sv);
        if (t > -1e300 && sv->chance[i].mean <= t)
            break;
        (*weighed)++;
        rc = weigh_chance(sv, &sv->chance[i], (int)i, sub);
    }
    free(sub);
    return rc;
}

static int fill_plans(struct solver *sv, const struct pick *from, int n, struct advice_exact_plan *to)
{
    for (int i = 0; i < n; i++) {
        memset(&to[i], 0, sizeof to[i]);
        to[i].v = from[i].v;
        to[i].key = from[i].key;
        to[i].reroll = from[i].chance >= 0;
        if (plan_of(sv, &from[i], &to[i].plan) != 0)
            return -1;
    }
    return 0;
}

/* advice_exact_solve with no value below floor asked for: a list whose values are below it is
 * not exact (then nothing reaches the floor). */
static int solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot, uint64_t seed,
                 int threads, int k, double floor, struct advice_exact *out)
{
    memset(out, 0, sizeof *out);
    if (s->turn.player < 0 || s->round != GD_ROUNDS || k < 1)
        return -1;
    struct solver *sv = xcalloc(1, sizeof *sv);
    sv->root = s;
    sv->player = s->turn.player;
    sv->goal = goal;
    sv->bot = bot;
    sv->seed = seed;
    sv->k = k < ADVICE_EXACT_MAX ? k : ADVICE_EXACT_MAX;
    sv->floor = floor;
    atomic_init(&sv->threshold, floor);
    atomic_init(&sv->next_root, 0);
    atomic_init(&sv->failed, 0);
    pthread_mutex_init(&sv->best_mu, NULL);
    pthread_mutex_init(&sv->chance_mu, NULL);
    int rc = record_later(sv);
    out->exact = sv->nlater == 0;
    sv->exact = out->exact;
    /* With later seats the key is the player's final score, which the engine bounds whatever
     * those seats play (the chance to win would need their scores bounded too). */
    if (!out->exact)
        sv->goal = RANK_GOAL_SCORE;
    sv->others_floor = INT_MIN;
    engine_bounds_init(s->gd, &sv->bounds);
    for (int q = 0; q < s->cfg.nplayers; q++)
        if (q != sv->player && engine_score_floor(s, q) > sv->others_floor)
            sv->others_floor = engine_score_floor(s, q);
    if (rc == 0) {
        tt_init(&sv->nodes);
        tt_init(&sv->leaves);
        uint64_t h0 = hash_turn(s);
        tt_add(&sv->nodes, h0, 0, 0);
        sv->root_moves = xmalloc(LEGAL_CAP * sizeof *sv->root_moves);
        size_t n = engine_legal_moves(s, 0, sv->root_moves, LEGAL_CAP);
        if (n > LEGAL_CAP)
            n = LEGAL_CAP;
        gains_of(sv, s, &sv->root_gains);
        sv->root_order = xmalloc(LEGAL_CAP * sizeof *sv->root_order);
        struct game_state *r = xmalloc(sizeof *r);
        *r = *s;
        struct engine_undo u;
        engine_undo_save(r, &u);
        sv->nroot = order_moves(sv, r, &u, sv->root_moves, n, play_turn_dice_left(s), &sv->root_gains, sv->root_order);
        if (threads < 1)
            threads = 1;
        if (threads > RANK_MAX_THREADS)
            threads = RANK_MAX_THREADS;
        sv->threads = threads;
        sv->root_spends = engine_turn_spends_left(s);
        sv->root_rerolls = s->p[sv->player].perk_item[PERK_REROLL_LOW] >= 0;
        record_chances(sv, r, h0, sv->root_moves, n);
        free(r);
        struct worker *w = xcalloc((size_t)threads, sizeof *w);
        pthread_t *tid = xcalloc((size_t)threads, sizeof *tid);
        for (int i = 0; i < threads; i++) {
            w[i].sv = sv;
            w[i].moves = xmalloc((size_t)PLAY_PLAN_MAX_MOVES * LEGAL_CAP * sizeof *w[i].moves);
            w[i].order = xmalloc((size_t)PLAY_PLAN_MAX_MOVES * LEGAL_CAP * sizeof *w[i].order);
        }
        /* The root itself may be a complete plan (every die spent): its ends first. */
        if (play_turn_dice_left(s) == 0) {
            w[0].s = *s;
            leaf(&w[0], h0);
        }
        int started = 0;
        for (int i = 1; i < threads; i++)
            if (pthread_create(&tid[i], NULL, work, &w[i]) == 0)
                started = i;
        work(&w[0]);
        for (int i = 1; i <= started; i++)
            pthread_join(tid[i], NULL);
        for (int i = 0; i < threads; i++) {
            out->nodes += w[i].nodes;
            out->plans += w[i].plans;
            out->ends += w[i].ends;
            free(w[i].moves);
            free(w[i].order);
        }
        free(w);
        free(tid);
        out->valued = atomic_load(&sv->nvalued);
        out->rerolls_open = atomic_load(&sv->nopen);
        rc = atomic_load(&sv->failed) ? -1 : 0;
        if (rc == 0)
            rc = weigh_chances(sv, &out->rerolls);
        if (rc == 0 && fill_plans(sv, sv->best, sv->nbest, out->best) != 0)
            rc = -1;
        out->nbest = sv->nbest;
        free(sv->root_moves);
        free(sv->root_order);
        tt_free(&sv->nodes);
        tt_free(&sv->leaves);
    }
    pthread_mutex_destroy(&sv->best_mu);
    pthread_mutex_destroy(&sv->chance_mu);
    free(sv->chance);
    free(sv);
    return rc;
}

int advice_exact_solve(const struct game_state *s, enum rank_goal goal, const struct play_bot *bot,
                       uint64_t seed, int threads, int k, struct advice_exact *out)
{
    return solve(s, goal, bot, seed, threads, k, -1e300, out);
}
