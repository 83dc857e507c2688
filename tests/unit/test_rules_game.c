/* Rules engine: complete random games with 1-5 players, every difficulty and random events.
 * Random legal moves (from engine_legal_moves) and random, often illegal, moves: a refused move
 * must change nothing; after every step every asset is within 0..MAX; the history replayed from
 * zero gives the final values. Also 2000 five-player games with a fast policy, each to a winner. */
#include "test.h"
#include "test_rules_fixture.h"

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static int die(void)
{
    return 1 + (int)rnd(6);
}

static void check_bounds(const struct game_state *s)
{
    for (int p = 0; p < s->cfg.nplayers; p++)
        for (int a = 0; a < ASSET_COUNT; a++) {
            int v = s->p[p].asset[a];
            assert_true(v >= 0);
            assert_true(v <= engine_asset_max(s, p, a));
        }
}

static struct game_config random_config(void)
{
    struct game_config cfg = fx_config(1 + (int)rnd(5));
    cfg.difficulty = (int)rnd((unsigned)GD.ndifficulties);
    cfg.famine_halves_farms = (int)rnd(2);
    const struct gd_difficulty *d = &GD.difficulties[cfg.difficulty];
    int count[EVENT_COUNT] = {0};
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->fixed_event[r] >= 0)
            count[d->fixed_event[r]]++;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (!d->has_event[r] || d->fixed_event[r] >= 0)
            continue;
        int e;
        do
            e = (int)rnd(EVENT_COUNT);
        while (count[e] >= GD.max_same_event);
        count[e]++;
        cfg.events[r] = e;
    }
    if (cfg.nplayers == 1)
        cfg.objective = (int)rnd((unsigned)GD.nobjectives + 1) - 1;
    return cfg;
}

/* A random move, legal or not. */
static struct move random_move(void)
{
    struct move m;
    memset(&m, 0, sizeof m);
    m.kind = (enum move_kind)rnd(MOVE_MARKET + 1);
    m.die = (int)rnd(8);
    m.from_reserve = rnd(4) == 0;
    m.source = (enum die_source)rnd(3);
    m.target = (int)rnd(ASSET_COUNT + 2) - 1;
    m.perk = "\0ab"[rnd(3)];
    m.to = (int)rnd(8);
    m.part[0] = (int)rnd(6);
    m.part[1] = (int)rnd(6);
    m.target2 = (int)rnd(ASSET_COUNT);
    m.amount = (int)rnd(12);
    if (m.kind == MOVE_MARKET)
        m.target = rnd(2) ? A_FOOD : A_SUPPLY;
    if (m.kind == MOVE_ACQUIRE)
        m.target = (int)rnd((unsigned)GD.nitems);
    return m;
}

static int dice_left(const struct game_state *s)
{
    int n = 0;
    for (int i = 0; i < XII_TURN_DICE; i++)
        n += !s->turn.dice[i].spent;
    return n;
}

/* Every legal move applied then undone (engine_undo_*) leaves the state exactly as it was;
 * applied without its check (engine_apply_listed) it gives the same state as engine_apply;
 * its die fits (engine_spend_die_fits). */
static int try_every_move;

static void check_undo(struct game_state *s, const struct move *moves, size_t n)
{
    struct game_state before = *s;
    struct engine_undo u;
    engine_undo_save(s, &u);
    for (size_t k = 0; k < n; k++) {
        static struct game_state listed;
        listed = before;
        assert_int_equal(engine_apply_listed(&listed, &moves[k]), 0);
        if (moves[k].kind == MOVE_ASSET || moves[k].kind == MOVE_ACQUIRE)
            assert_true(engine_spend_die_fits(s->gd, &moves[k]));
        assert_int_equal(engine_apply(s, &moves[k], NULL, NULL), 0);
        assert_memory_equal(&listed, s, sizeof listed);
        engine_undo_restore(s, &u);
        assert_memory_equal(&before, s, sizeof before);
    }
}

static void play_turn(struct game_state *s, struct history *h, struct move *moves, size_t cap)
{
    int p = engine_next_player(s);
    assert_int_equal(engine_begin_turn(s, p, die(), die(), NULL), 0);
    for (int steps = 0; dice_left(s) > 0; steps++) {
        assert_true(steps < 64);
        struct move m = random_move();
        struct game_state before = *s;
        size_t hc = h->count;
        struct refusal why;
        int named = m.kind == MOVE_ACQUIRE ||
                    (m.kind == MOVE_ASSET && m.target >= 0 && m.target < ASSET_COUNT);
        int fits = !named || engine_spend_die_fits(s->gd, &m);
        if (engine_apply(s, &m, h, &why) != 0) {
            assert_int_not_equal(why.rule, RULE_NONE);
            assert_memory_equal(&before, s, sizeof before);
            assert_int_equal(h->count, hc);
        } else {
            assert_true(fits);      /* a spend whose die never fits is always refused */
        }
        check_bounds(s);
        size_t n = engine_legal_moves(s, 0, moves, cap);
        assert_true(n > 0 || dice_left(s) == 0);    /* A33: spending is always possible */
        if (n == 0)
            break;
        if (n > cap)
            n = cap;
        if (try_every_move)
            check_undo(s, moves, n);
        m = moves[rnd((unsigned)n)];
        assert_int_equal(engine_apply(s, &m, h, NULL), 0);
        check_bounds(s);
    }
    struct turn_end te;
    assert_int_equal(engine_end_turn(s, h, &te, NULL), 0);
    assert_int_equal(te.unspent.rule, RULE_NONE);
    check_bounds(s);
}

static void finish_round(struct game_state *s, struct history *h)
{
    int n = s->cfg.nplayers;
    if (n > 1) {
        struct war_entry e[XII_MAX_PLAYERS];
        memset(e, 0, sizeof e);
        for (int p = 0; p < n; p++) {
            assert_int_equal(engine_war_can_support(s, p), engine_pow_base(s, p) > 0);
            e[p].support = engine_war_can_support(s, p) && rnd(3) != 0;
            e[p].nrolls = e[p].support ? engine_bonus_rolls_due(s, p) : 0;
            for (int i = 0; i < e[p].nrolls; i++)
                e[p].rolls[i] = die();
        }
        assert_int_equal(engine_war(s, e, h, NULL), 0);
        check_bounds(s);
    }
    struct round_missing m;
    engine_round_missing(s, &m);
    for (int p = 0; p < n; p++)
        for (int l = 0; l < LOCATION_COUNT; l++)
            if (m.collect[p] >> l & 1u)
                assert_int_equal(engine_collect(s, p, l, (int)rnd(2), NULL), 0);
    assert_int_equal(engine_round_missing(s, NULL), 0);
    assert_int_equal(engine_end_round(s, h, NULL), 0);
    check_bounds(s);
}

/* Replays the history from zero: each record's old value is the tracked one. */
static void check_history(const struct game_state *s, const struct history *h)
{
    int asset[XII_MAX_PLAYERS][ASSET_COUNT] = {{0}}, inf[XII_MAX_PLAYERS][LOCATION_COUNT] = {{0}};
    int rep[XII_MAX_PLAYERS] = {0};
    for (size_t i = 0; i < h->count; i++) {
        const struct hist_rec *r = &h->items[i];
        int *v = NULL;
        if (r->what == HIST_ASSET)
            v = &asset[r->player][r->index];
        else if (r->what == HIST_INFLUENCE)
            v = &inf[r->player][r->index];
        else if (r->what == HIST_REPUTATION)
            v = &rep[r->player];
        if (!v)
            continue;
        assert_int_equal(*v, r->old_value);
        *v = r->new_value;
    }
    for (int p = 0; p < s->cfg.nplayers; p++) {
        for (int a = 0; a < ASSET_COUNT; a++)
            assert_int_equal(asset[p][a], s->p[p].asset[a]);
        for (int l = 0; l < LOCATION_COUNT; l++)
            assert_int_equal(inf[p][l], s->p[p].influence[l]);
        assert_int_equal(rep[p], s->p[p].reputation);
    }
}

static void test_random_games(void **state)
{
    (void)state;
    static struct move moves[8192];
    rng_state = 0x9e3779b97f4a7c15ull;
    for (int g = 0; g < 150; g++) {
        try_every_move = g < 40;
        struct game_state s;
        struct history h = HISTORY_INIT;
        struct game_config cfg = random_config();
        struct refusal why;
        assert_int_equal(engine_new_game(&s, &GD, &cfg, &h, &why), 0);
        for (int r = 1; r <= GD_ROUNDS; r++) {
            assert_int_equal(engine_begin_round(&s, r, &h, NULL), 0);
            if (s.outlaws_pending) {
                struct bonus_rolls br[XII_MAX_PLAYERS];
                memset(br, 0, sizeof br);
                for (int p = 0; p < cfg.nplayers; p++) {
                    br[p].nrolls = engine_outlaws_needs_rolls(&s, p);
                    for (int i = 0; i < br[p].nrolls; i++)
                        br[p].rolls[i] = die();
                }
                assert_int_equal(engine_outlaws_resolve(&s, br, &h, NULL), 0);
            }
            check_bounds(&s);
            int d1 = die(), d2;
            do
                d2 = die();
            while (d2 == d1);
            assert_int_equal(engine_set_shared(&s, d1, d2, NULL), 0);
            while (engine_next_player(&s) >= 0)
                play_turn(&s, &h, moves, sizeof moves / sizeof moves[0]);
            finish_round(&s, &h);
        }
        assert_int_equal(s.phase, PHASE_GAME_OVER);
        int w[XII_MAX_PLAYERS];
        int nw = engine_winners(&s, w);
        if (cfg.nplayers > 1)
            assert_true(nw >= 1);
        else
            assert_int_equal(nw, engine_objective_achieved(&s) == 1);
        check_history(&s, &h);
        history_free(&h);
    }
}

/* A fast policy: each die goes to the first of a shuffled list of actions that is accepted. */
static void fast_turn(struct game_state *s, struct history *h)
{
    static const enum move_kind kinds[] = {MOVE_ASSET, MOVE_ACQUIRE, MOVE_INFLUENCE};
    assert_int_equal(engine_begin_turn(s, engine_next_player(s), die(), die(), NULL), 0);
    for (int i = 0; i < XII_TURN_DICE; i++) {
        struct move m;
        memset(&m, 0, sizeof m);
        m.die = s->turn.dice[i].value;
        if (s->turn.dice[i].spent)
            continue;
        int done = 0;
        for (int tries = 0; tries < 12 && !done; tries++) {
            m.kind = kinds[rnd(3)];
            m.target = (int)rnd(m.kind == MOVE_ASSET ? ASSET_COUNT : m.kind == MOVE_ACQUIRE ? (unsigned)GD.nitems
                                                                                         : LOCATION_COUNT);
            m.perk = m.kind == MOVE_ACQUIRE && gamedata_is_special(&GD.items[m.target]) ? 'a' : 0;
            done = engine_apply(s, &m, h, NULL) == 0;
        }
        m.kind = MOVE_INFLUENCE;
        for (m.target = 0; !done && m.target < LOCATION_COUNT; m.target++)
            done = engine_apply(s, &m, h, NULL) == 0;
        assert_true(done);
    }
    assert_int_equal(engine_end_turn(s, h, NULL, NULL), 0);
}

/* 2000 five-player games with the fast policy and the war, each to a winner (the engine's
 * speed is measured by bench/bench_audit and bench/bench_bots, not here). */
static void test_five_player_games_to_the_end(void **state)
{
    (void)state;
    const int games = 2000;
    struct history h = HISTORY_INIT;
    rng_state = 0x2545f4914f6cdd1dull;
    int total = 0;
    for (int g = 0; g < games; g++) {
        struct game_state s;
        struct game_config cfg = fx_config(5);
        h.count = 0;
        assert_int_equal(engine_new_game(&s, &GD, &cfg, &h, NULL), 0);
        for (int r = 1; r <= GD_ROUNDS; r++) {
            assert_int_equal(engine_begin_round(&s, r, &h, NULL), 0);
            assert_int_equal(engine_set_shared(&s, 1 + r % 6, 1 + (r + 1) % 6, NULL), 0);
            while (engine_next_player(&s) >= 0)
                fast_turn(&s, &h);
            struct war_entry e[XII_MAX_PLAYERS];
            memset(e, 0, sizeof e);
            for (int p = 0; p < 5; p++) {
                e[p].support = engine_pow_base(&s, p) > 0;
                e[p].nrolls = e[p].support ? engine_bonus_rolls_due(&s, p) : 0;
                for (int i = 0; i < e[p].nrolls; i++)
                    e[p].rolls[i] = die();
            }
            assert_int_equal(engine_war(&s, e, &h, NULL), 0);
            assert_int_equal(engine_end_round(&s, &h, NULL), 0);
        }
        int w[XII_MAX_PLAYERS];
        total += engine_winners(&s, w);
    }
    assert_true(total >= games);
    history_free(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_five_player_games_to_the_end),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
