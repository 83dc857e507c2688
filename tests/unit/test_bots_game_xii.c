/* XII Century through the game interface (bots/game_xii.h): the shared random and greedy
 * players, driven by the shared driver, play whole games of 1 to 5 players whose logs replay
 * through the audit with no fault to the same final scores; every decision they applied was
 * in the game's legal list, chance outcomes add up to 1, and a refused decision changes
 * nothing. */
#include "test.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test_rules_fixture.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "bots/game_xii.h"
#include "bots/gdrive.h"
#include "core/xalloc.h"

struct seen {
    struct gscratch sc;
    size_t decisions, chance;
    int bad;
};

/* Before each decision: it is in the legal list, and a chance node's outcomes add up to 1. */
static void listed(void *ctx, const void *state, const void *decision)
{
    struct seen *c = ctx;
    const struct game *g = &xii_game;
    size_t n = gscratch_legal(&c->sc, state);
    int found = 0;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        found |= memcmp((const char *)c->sc.legal + i * g->decision_size, decision, g->decision_size) == 0;
        sum += c->sc.p[i];
    }
    if (g->current(state) == GAME_CHANCE) {
        c->chance++;
        if (fabs(sum - 1) > 1e-9)
            c->bad++;
    }
    c->bad += !found;
    c->decisions++;
}

static void play_and_audit(int nseats, enum gplayer who, uint64_t seed)
{
    const struct game *g = &xii_game;
    struct gscratch sc;
    struct seen c;
    memset(&c, 0, sizeof c);
    gscratch_init(&sc, g);
    gscratch_init(&c.sc, g);
    void *state = xmalloc(g->state_size);
    struct strbuf log = STRBUF_INIT, err = STRBUF_INIT;
    struct gdrive d = {g, &GD, nseats, {who, who, who, who, who}, seed, &log, "a test game", listed, &c};
    assert_int_equal(gdrive_play(&d, state, &sc, &err), 0);
    assert_int_equal(g->current(state), GAME_OVER);
    assert_int_equal(c.bad, 0);
    assert_true(c.chance > 0 && c.decisions > c.chance);
    double ret[GAME_MAX_SEATS];
    g->returns(state, ret);

    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(log.data, log.len, "xii-game.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    size_t faults = 0;
    for (size_t i = 0; i < dl.count; i++)
        faults += !(dl.items[i].level == DIAG_WARNING && dl.items[i].code &&
                    strcmp(dl.items[i].code, rule_id_text(RULE_WASTE)) == 0);
    if (faults) {
        fprintf(stderr, "%s\n", strbuf_cstr(&log));
        for (size_t i = 0; i < dl.count; i++)
            fprintf(stderr, "line %d: %s\n", dl.items[i].pos.line, dl.items[i].message);
    }
    if (getenv("XII_TEST_SHOW_LOG"))
        fputs(strbuf_cstr(&log), stderr);
    assert_int_equal(faults, 0);
    assert_int_equal(r->state.phase, PHASE_GAME_OVER);
    assert_int_equal(r->state.cfg.nplayers, nseats);
    for (int p = 0; p < nseats; p++)
        assert_int_equal(engine_score(&r->state, p, NULL), (int)ret[p]);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    strbuf_free(&log);
    strbuf_free(&err);
    free(state);
    gscratch_free(&sc);
    gscratch_free(&c.sc);
}

static void random_games(void **st)
{
    (void)st;
    for (int n = 1; n <= XII_MAX_PLAYERS; n++)
        for (uint64_t seed = 1; seed <= 4; seed++)
            play_and_audit(n, GPLAYER_RANDOM, seed * 100 + (uint64_t)n);
}

static void greedy_games(void **st)
{
    (void)st;
    for (int n = 1; n <= XII_MAX_PLAYERS; n += 2)
        play_and_audit(n, GPLAYER_GREEDY, 7 + (uint64_t)n);
}

/* A refused decision leaves the state as it was, byte for byte, and says why. */
static void refusal_changes_nothing(void **st)
{
    (void)st;
    const struct game *g = &xii_game;
    struct gscratch sc;
    gscratch_init(&sc, g);
    void *state = xmalloc(g->state_size), *copy = xmalloc(g->state_size);
    g->init(state, &GD, 2);
    struct play_rng dice, choice;
    play_rng_init(&dice, 3);
    play_rng_init(&choice, 4);
    void *dec = xmalloc(g->decision_size);
    /* Play up to the first seat's decision of a turn. */
    while (g->current(state) < 0 && g->current(state) != GAME_OVER) {
        assert_int_equal(gplayer_choose(GPLAYER_RANDOM, &sc, state, &dice, &choice, dec), 0);
        assert_int_equal(g->apply(state, dec, NULL), 0);
    }
    assert_true(g->current(state) >= 0);
    size_t n = gscratch_legal(&sc, state);
    assert_true(n > 0);
    memcpy(dec, sc.legal, g->decision_size);
    /* The same move, its die changed to one the turn does not have. */
    struct { int kind, a, b, c; struct move move; } *x = dec;
    x->move.die = 7;
    memcpy(copy, state, g->state_size);
    struct strbuf why = STRBUF_INIT;
    assert_int_equal(g->apply(state, dec, &why), -1);
    assert_true(why.len > 0);
    assert_memory_equal(state, copy, g->state_size);
    strbuf_free(&why);
    free(dec);
    free(state);
    free(copy);
    gscratch_free(&sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
        cmocka_unit_test(greedy_games),
        cmocka_unit_test(refusal_changes_nothing),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
