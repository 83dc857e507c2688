/* The shared players, driver and simulation over the game interface (core/game.h): on a toy
 * game whose every number is known (the greedy player takes the decision evaluate values
 * most, chance is drawn by its probabilities, a refused decision is reported) and on Kingdom
 * (every game the random and greedy players play ends, every decision applied was one the
 * game listed, the results do not depend on the thread count). */
#include "test.h"
#include <stdlib.h>
#include <string.h>
#include "bots/gdrive.h"
#include "bots/gplayer.h"
#include "bots/game_xii.h"
#include "bots/gsim.h"
#include "kingdom/game.h"
#include "kingdom/kingdom.h"

/* ---- a toy game: climb from 0 past 10; the seat adds 1, 2 or 3, then a die adds 0 (1/2),
   1 (1/4) or 2 (1/4); evaluate is the total; with toy_liar set, apply refuses every step the
   seat takes (a game that lists what it refuses) ---- */

struct toy {
    int total, chance, steps, refuse_three;
};

static int toy_liar;

static void toy_init(void *state, const void *data, int nseats)
{
    (void)data;
    (void)nseats;
    struct toy *t = state;
    memset(t, 0, sizeof *t);
    t->refuse_three = toy_liar;
}

static int toy_current(const void *state)
{
    const struct toy *t = state;
    return t->total > 10 ? GAME_OVER : t->chance ? GAME_CHANCE : 0;
}

static size_t toy_legal(const void *state, void *out, double *p, size_t cap)
{
    const struct toy *t = state;
    static const double prob[3] = {0.5, 0.25, 0.25};
    if (t->total > 10)
        return 0;
    for (size_t i = 0; i < 3 && i < cap; i++) {
        ((int *)out)[i] = t->chance ? (int)i : (int)i + 1;
        if (p)
            p[i] = t->chance ? prob[i] : 0;
    }
    return 3;
}

static int toy_apply(void *state, const void *decision, struct strbuf *why)
{
    struct toy *t = state;
    int d = *(const int *)decision;
    if (!t->chance && t->refuse_three) {
        if (why)
            strbuf_puts(why, "no climbing");
        return -1;
    }
    t->total += d;
    t->chance = !t->chance;
    t->steps++;
    return 0;
}

static double toy_evaluate(const void *state, int seat)
{
    (void)seat;
    return ((const struct toy *)state)->total;
}

static const struct game toy_game = {
    .name = "toy", .title = "Toy", .min_seats = 1, .max_seats = 1,
    .state_size = sizeof(struct toy), .decision_size = sizeof(int),
    .init = toy_init, .current = toy_current, .legal = toy_legal, .apply = toy_apply,
    .evaluate = toy_evaluate,
};

/* The greedy player always adds 3 (the largest total); the random one each of 1, 2, 3 about a
 * third of the time; chance 0, 1, 2 about 1/2, 1/4, 1/4 of the time. */
static void test_toy_players(void **state)
{
    (void)state;
    struct gscratch sc;
    gscratch_init(&sc, &toy_game);
    struct play_rng dice, choice;
    play_rng_init(&dice, 7);
    play_rng_init(&choice, 8);
    struct toy t = {0, 0, 0, 0}, c = {0, 1, 0, 0};
    int d, seen[3] = {0, 0, 0}, rolled[3] = {0, 0, 0};
    for (int k = 0; k < 300; k++) {
        assert_int_equal(gplayer_choose(GPLAYER_GREEDY, &sc, &t, &dice, &choice, &d), 0);
        assert_int_equal(d, 3);
    }
    for (int k = 0; k < 30000; k++) {
        assert_int_equal(gplayer_choose(GPLAYER_RANDOM, &sc, &t, &dice, &choice, &d), 0);
        assert_true(d >= 1 && d <= 3);
        seen[d - 1]++;
        assert_int_equal(gplayer_choose(GPLAYER_GREEDY, &sc, &c, &dice, &choice, &d), 0);
        assert_true(d >= 0 && d <= 2);
        rolled[d]++;
    }
    for (int i = 0; i < 3; i++)
        assert_true(abs(seen[i] - 10000) < 500);
    assert_true(abs(rolled[0] - 15000) < 600 && abs(rolled[1] - 7500) < 500 && abs(rolled[2] - 7500) < 500);
    struct toy over = {11, 0, 0, 0};
    assert_int_equal(gplayer_choose(GPLAYER_RANDOM, &sc, &over, &dice, &choice, &d), -1);
    gscratch_free(&sc);
}

/* The driver plays the toy to its end; a game that refuses what it listed is reported, not
 * looped on. */
static void test_toy_driver(void **state)
{
    (void)state;
    struct gscratch sc;
    gscratch_init(&sc, &toy_game);
    struct gdrive d = {&toy_game, NULL, 1, {GPLAYER_GREEDY}, 5, NULL, NULL, NULL, NULL};
    struct toy t;
    struct strbuf err = STRBUF_INIT;
    toy_liar = 0;
    assert_int_equal(gdrive_play(&d, &t, &sc, &err), 0);
    assert_true(t.total > 10 && t.steps >= 6 && t.steps <= 8);
    toy_liar = 1;
    assert_int_equal(gdrive_play(&d, &t, &sc, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "no climbing"));
    toy_liar = 0;
    strbuf_free(&err);
    gscratch_free(&sc);
}

/* ---- Kingdom ---- */

struct check {
    const struct game *g;
    struct gscratch sc;
    long decisions, unlisted;
};

/* Whether the decision about to be applied is one of the game's legal ones now. */
static void listed(void *ctx, const void *state, const void *decision)
{
    struct check *c = ctx;
    size_t n = gscratch_legal(&c->sc, state);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = memcmp((const char *)c->sc.legal + i * c->g->decision_size, decision, c->g->decision_size) == 0;
    c->decisions++;
    c->unlisted += !found;
}

/* Every game the random player plays ends, with a result, each decision from the list. */
static void test_kingdom_random_games_end(void **state)
{
    (void)state;
    const struct game *g = &kingdom_game;
    struct strbuf err = STRBUF_INIT;
    const void *data = g->data_load(NULL, &err);
    assert_non_null(data);
    struct check c = {g, {0}, 0, 0};
    gscratch_init(&c.sc, g);
    struct gscratch sc;
    gscratch_init(&sc, g);
    struct kstate s;
    for (int k = 0; k < 200; k++) {
        struct gdrive d = {g, data, 1, {GPLAYER_RANDOM}, (uint64_t)k, NULL, NULL, listed, &c};
        assert_int_equal(gdrive_play(&d, &s, &sc, &err), 0);
        assert_int_equal(g->current(&s), GAME_OVER);
        assert_int_not_equal(kingdom_end(&s).end, KEND_NONE);
    }
    assert_true(c.decisions > 200 * 10);
    assert_int_equal(c.unlisted, 0);
    gscratch_free(&c.sc);
    gscratch_free(&sc);
    g->data_free(data);
    strbuf_free(&err);
}

/* What a simulation keeps of each game. */
struct kept {
    int end[40], year[40], graveyards[40], decisions[40];
};

static void count(void *ctx, int game, const void *state, const void *decision)
{
    (void)state;
    (void)decision;
    ((struct kept *)ctx)->decisions[game]++;
}

static int keep(void *ctx, int game, const void *state, const char *log, size_t len, struct strbuf *err)
{
    (void)log;
    (void)len;
    (void)err;
    struct kept *k = ctx;
    const struct kstate *s = state;
    k->end[game] = s->end;
    k->year[game] = s->end_year;
    k->graveyards[game] = s->graveyards;
    return 0;
}

/* Game k is the same game with 1 and 3 threads, for either player; the greedy player wins
 * some of them. */
static void test_kingdom_threads(void **state)
{
    (void)state;
    const struct game *g = &kingdom_game;
    struct strbuf err = STRBUF_INIT;
    const void *data = g->data_load(NULL, &err);
    for (int p = 0; p < GPLAYER_COUNT; p++) {
        int games = p == GPLAYER_GREEDY ? 12 : 40;
        struct kept one, three;
        memset(&one, 0, sizeof one);
        memset(&three, 0, sizeof three);
        struct gsim_options o = {g, data, 1, {(enum gplayer)p}, games, 42, 1, 0, "test", count, keep, NULL, &one};
        assert_int_equal(gsim_run(&o, &err), 0);
        o.threads = 3;
        o.ctx = &three;
        assert_int_equal(gsim_run(&o, &err), 0);
        assert_memory_equal(&one, &three, sizeof one);
        int wins = 0;
        for (int k = 0; k < games; k++)
            wins += one.end[k] == KEND_WIN;
        if (p == GPLAYER_GREEDY)
            assert_true(wins >= games / 2);
    }
    g->data_free(data);
    strbuf_free(&err);
}

/* Logs asked of a game without log writers are refused before any game is played. */
static void test_logs_need_writers(void **state)
{
    (void)state;
    struct strbuf err = STRBUF_INIT;
    struct gsim_options o = {&toy_game, NULL, 1, {GPLAYER_RANDOM}, 3, 1, 1, 1, "test", NULL, NULL, NULL, NULL};
    assert_int_equal(gsim_run(&o, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "move logs"));
    strbuf_free(&err);
}

/* Both games' data_load: the built-in data, a file that loads, and one that does not (NULL, the
 * file's line in the error). */
static void test_data_load(void **state)
{
    (void)state;
    const struct game *games[] = {&xii_game, &kingdom_game};
    const char *files[] = {"templates/xii-century.rules", "templates/kingdom.rules"};
    for (int k = 0; k < 2; k++) {
        struct strbuf err = STRBUF_INIT;
        const void *data = games[k]->data_load(NULL, &err);
        assert_non_null(data);
        games[k]->data_free(data);
        data = games[k]->data_load(files[k], &err);
        assert_non_null(data);
        games[k]->data_free(data);
        assert_int_equal(err.len, 0);
        data = games[k]->data_load("tests/golden/kingdom/build-too-dear.kingdom", &err);
        assert_null(data);
        assert_non_null(strstr(strbuf_cstr(&err), "build-too-dear.kingdom:"));
        assert_non_null(strstr(strbuf_cstr(&err), "error"));
        games[k]->data_free(NULL);
        strbuf_free(&err);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_toy_players),
        cmocka_unit_test(test_toy_driver),
        cmocka_unit_test(test_kingdom_random_games_end),
        cmocka_unit_test(test_kingdom_threads),
        cmocka_unit_test(test_logs_need_writers),
        cmocka_unit_test(test_data_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
