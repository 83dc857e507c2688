/* What a replayed log awaits next (log/await.h): every prefix of the golden games and of
 * random complete games must await exactly what the next statement of the log gives, and
 * the special positions (outlaws with the shared dice, the reserve die after the fourth die,
 * the war's forced avoid, location choices, restricted dice, game over) say so.
 * Run from the repository root (the golden logs are in tests/golden/audit/). */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/await.h"
#include "bots/gen.h"
#include "log/parse.h"
#include "test_util.h"
#include "test_rules_fixture.h"

struct run {
    struct diag_list dl;
    struct log_ast *ast;
    struct log_replay *r;
    struct log_await a;
};

/* Replays text; clean: it must have no error (they are shown when it has). */
static void run_text(struct run *x, const char *text, size_t len, int clean)
{
    memset(x, 0, sizeof *x);
    x->ast = log_parse(text, len, "t.xii", &x->dl);
    x->r = log_replay_run(&GD, x->ast, NULL, &x->dl);
    log_await(x->r, &x->a);
    if (clean && x->dl.errors) {
        struct strbuf sb = STRBUF_INIT;
        for (size_t i = 0; i < x->dl.count; i++)
            diag_format(&sb, &x->dl.items[i], text, len);
        fputs(strbuf_cstr(&sb), stderr);
        strbuf_free(&sb);
        fail_msg("%zu errors", x->dl.errors);
    }
}

static void run(struct run *x, const char *text)
{
    run_text(x, text, strlen(text), 0);
}

static void run_free(struct run *x)
{
    log_replay_free(x->r);
    log_free(x->ast);
    diag_list_free(&x->dl);
}

static int has_value(const int *values, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (values[i] == v)
            return 1;
    return 0;
}

static int has_die(const struct log_await *a, int v)
{
    for (int i = 0; i < a->ndice; i++)
        if (a->dice[i].value == v)
            return 1;
    return 0;
}

static int pending(const struct log_await *a, enum log_await_kind k)
{
    return (int)(a->pending >> k & 1u);
}

static int seat(const struct log_replay *r, const struct log_word *w)
{
    for (int p = 0; p < r->state.cfg.nplayers; p++)
        if (strcmp(r->state.cfg.names[p], w->text) == 0)
            return p;
    return -1;
}

/* The statement st (the next game statement of a clean log) is what a awaits. */
static void expect_next(const struct log_replay *r, const struct log_await *a, const struct log_stmt *st)
{
    enum log_await_kind k = a->kind;
    if (k == LOG_AWAIT_RESERVE) {
        /* Either the reserve die, a market line, or what comes once the turn is over. */
        if (st->kind == LOG_SPEND && st->spend.reserve) {
            assert_true(has_value(a->reserve, a->nreserve, st->spend.die.value));
            return;
        }
        if (st->kind == LOG_MARKET)
            return;
        struct log_await then = *a;
        then.kind = a->then;
        then.player = a->then_player;
        then.round = a->then_round;
        assert_true(pending(a, then.kind));
        expect_next(r, &then, st);
        return;
    }
    switch (st->kind) {
    case LOG_ROUND:
        assert_int_equal(k, LOG_AWAIT_ROUND);
        assert_int_equal(a->round, st->round.value);
        assert_int_equal(a->event, r->state.cfg.events[a->round]);
        break;
    case LOG_OUTLAWS:
        assert_true(pending(a, LOG_AWAIT_OUTLAWS));
        assert_true(k == LOG_AWAIT_OUTLAWS || k == LOG_AWAIT_SHARED);
        for (size_t i = 0; i < st->outlaws.count; i++)
            assert_int_equal(a->rolls_due[seat(r, &st->outlaws.items[i].player)],
                             (int)st->outlaws.items[i].count);
        break;
    case LOG_SHARED:
        assert_true(pending(a, LOG_AWAIT_SHARED));
        break;
    case LOG_TURN:
        assert_int_equal(k, LOG_AWAIT_TURN);
        assert_int_equal(a->player, seat(r, &st->turn.player));
        break;
    case LOG_SPEND:
        if (st->spend.reserve) {
            assert_int_equal(k, LOG_AWAIT_DIE);
            assert_true(has_value(a->reserve, a->nreserve, st->spend.die.value));
        } else {
            assert_int_equal(k, LOG_AWAIT_DIE);
            assert_true(has_die(a, st->spend.die.value));
        }
        break;
    case LOG_SHERIFF:
    case LOG_COURT:
    case LOG_COURT_REROLL:
        assert_int_equal(k, LOG_AWAIT_DIE);
        assert_true(has_die(a, st->change.from.value));
        break;
    case LOG_SPLIT:
        assert_int_equal(k, LOG_AWAIT_DIE);
        assert_true(has_die(a, st->split.die.value));
        break;
    case LOG_MARKET:
        assert_int_equal(k, LOG_AWAIT_DIE);
        break;
    case LOG_WAR:
        assert_true(pending(a, LOG_AWAIT_WAR));
        for (size_t i = 0; i < st->war.count; i++) {
            const struct log_war_entry *e = &st->war.items[i];
            int p = seat(r, &e->player);
            if (e->choice == LOG_WAR_SUPPORT) {
                assert_false(a->must_avoid[p]);
                assert_int_equal(a->rolls_due[p], (int)e->count);
            }
        }
        break;
    case LOG_COLLECT: {
        assert_true(pending(a, LOG_AWAIT_COLLECT));
        if (a->collect_player == seat(r, &st->collect.player))
            for (size_t i = 0; i < st->collect.count; i++) {
                int l = gamedata_location(&GD, st->collect.items[i].location.norm,
                                          strlen(st->collect.items[i].location.norm));
                assert_true(a->collect >> l & 1u);
            }
        break;
    }
    default:
        fail_msg("unexpected statement kind %s", log_kind_name(st->kind));
    }
}

/* Replays every prefix of a clean log (cut after each statement) and checks that what it
 * awaits is what the log does next. Returns the number of prefixes of each kind seen. */
static void walk(const char *text, size_t len, int seen[LOG_AWAIT_KIND_COUNT])
{
    struct run full;
    run_text(&full, text, len, 1);
    assert_int_equal(full.dl.errors, 0);
    assert_int_equal(full.a.kind, LOG_AWAIT_GAME_OVER);
    seen[LOG_AWAIT_GAME_OVER]++;
    const struct log_ast *ast = full.ast;
    /* Line starts, to cut the text after a line. */
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    size_t *end = calloc(nlines + 2, sizeof *end);
    size_t line = 1;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            end[line++] = i + 1;
    end[line] = len;
    int game_started = 0;
    for (size_t i = 0; i + 1 < ast->count; i++) {
        const struct log_stmt *next = NULL;
        for (size_t j = i + 1; j < ast->count && !next; j++)
            if (ast->stmts[j].kind != LOG_CHECK)
                next = &ast->stmts[j];
        game_started |= ast->stmts[i].kind == LOG_ROUND;
        if (!next || next->kind < LOG_ROUND)
            continue;   /* a header still incomplete, or the end of the game */
        struct run x;
        run_text(&x, text, end[ast->stmts[i].at.line], 1);
        assert_int_equal(x.dl.errors, 0);
        seen[x.a.kind]++;
        if (!game_started)
            assert_int_equal(x.a.kind, LOG_AWAIT_ROUND);
        expect_next(x.r, &x.a, next);
        run_free(&x);
    }
    free(end);
    run_free(&full);
}

static void test_golden_games(void **state)
{
    (void)state;
    static const char *const files[] = {"game-2p.xii", "game-5p.xii", "game-solo.xii", "abilities.xii"};
    int seen[LOG_AWAIT_KIND_COUNT] = {0};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[256];
        snprintf(path, sizeof path, "tests/golden/audit/%s", files[f]);
        size_t len;
        char *text = test_slurp(path, &len);
        assert_non_null(text);
        walk(text, len, seen);
        free(text);
    }
    /* Every kind but the header is met by the golden games. */
    for (int k = LOG_AWAIT_ROUND; k < LOG_AWAIT_KIND_COUNT; k++)
        if (!seen[k])
            fail_msg("no prefix awaits %s", log_await_kind_name((enum log_await_kind)k));
}

static void test_generated_games(void **state)
{
    (void)state;
    int seen[LOG_AWAIT_KIND_COUNT] = {0};
    for (int g = 0; g < 10; g++) {
        struct strbuf text = STRBUF_INIT;
        struct log_gen_options o = {1 + g % 5, 7000 + (uint64_t)g, 0};
        assert_int_equal(log_gen_game(&GD, &o, &text, NULL), 0);
        walk(text.data, text.len, seen);
        strbuf_free(&text);
    }
}

static void test_header(void **state)
{
    (void)state;
    struct run x;
    run(&x, "");
    assert_int_equal(x.a.kind, LOG_AWAIT_HEADER);
    assert_int_equal(x.a.player, -1);
    run_free(&x);
    run(&x, "difficulty normal\n");
    assert_int_equal(x.a.kind, LOG_AWAIT_HEADER);
    run_free(&x);
    run(&x, "players Jack Tom\ndifficulty normal\n");  /* no events: the game cannot start */
    assert_int_equal(x.a.kind, LOG_AWAIT_HEADER);
    run_free(&x);
    run(&x, "players Jack Tom\ndifficulty normal\nevents 7 fire, 8 plague, 9 famine, 10 outlaws\n");
    assert_int_equal(x.a.kind, LOG_AWAIT_ROUND);
    assert_int_equal(x.a.round, 1);
    assert_int_equal(x.a.event, -1);
    run_free(&x);
}

/* The first n lines of a golden log, plus extra (may be ""). */
static void run_golden(struct run *x, const char *name, int n, const char *extra)
{
    char path[256];
    snprintf(path, sizeof path, "tests/golden/audit/%s", name);
    char *text = test_slurp(path, NULL);
    assert_non_null(text);
    struct strbuf sb = STRBUF_INIT;
    const char *p = text;
    for (int i = 0; i < n && *p; i++) {
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    strbuf_append(&sb, text, (size_t)(p - text));
    strbuf_puts(&sb, extra);
    run_text(x, sb.data, sb.len, 1);
    assert_int_equal(x->dl.errors, 0);
    strbuf_free(&sb);
    free(text);
}

static void test_round_and_event(void **state)
{
    (void)state;
    struct run x;
    run_golden(&x, "game-2p.xii", 115, "");    /* round 6 is over */
    assert_int_equal(x.a.kind, LOG_AWAIT_ROUND);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_ROUND);
    assert_int_equal(x.a.round, 7);
    assert_int_equal(x.a.event, gamedata_event(&GD, "outlaws-attack", 14));
    assert_int_equal(x.a.player, -1);
    run_free(&x);
}

/* Both the outlaws' bonus rolls and the shared dice are owed: either may come first. */
static void test_outlaws_and_shared(void **state)
{
    (void)state;
    struct run x;
    run_golden(&x, "game-2p.xii", 116, "");    /* round 7: Jack has one bonus roll */
    assert_int_equal(x.a.kind, LOG_AWAIT_OUTLAWS);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_OUTLAWS | 1u << LOG_AWAIT_SHARED);
    assert_int_equal(x.a.rolls_due[0], 1);
    assert_int_equal(x.a.rolls_due[1], 0);
    run_free(&x);
    run_golden(&x, "game-2p.xii", 116, "shared 3 4\n");
    assert_int_equal(x.a.kind, LOG_AWAIT_OUTLAWS);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_OUTLAWS);
    run_free(&x);
    run_golden(&x, "game-2p.xii", 116, "outlaws Jack 6\n");
    assert_int_equal(x.a.kind, LOG_AWAIT_SHARED);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_SHARED);
    run_free(&x);
    run_golden(&x, "game-2p.xii", 116, "outlaws Jack 6\nshared 3 4\n");
    assert_int_equal(x.a.kind, LOG_AWAIT_TURN);
    assert_int_equal(x.a.player, x.r->state.first_player);
    run_free(&x);
}

/* The unspent dice, own first, with restriction 1; a die stored this turn waits a turn. */
static void test_dice_left(void **state)
{
    (void)state;
    struct run x;
    run_golden(&x, "game-2p.xii", 16, "");     /* shared 5 6, turn Jack 3 1 */
    assert_int_equal(x.a.kind, LOG_AWAIT_DIE);
    assert_int_equal(x.a.player, 0);
    assert_int_equal(x.a.round, 1);
    assert_int_equal(x.a.ndice, 4);
    static const struct log_await_die want[4] = {{3, 0, 0}, {1, 0, 0}, {5, 1, 0}, {6, 1, 1}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(x.a.dice[i].value, want[i].value);
        assert_int_equal(x.a.dice[i].shared, want[i].shared);
        assert_int_equal(x.a.dice[i].restricted, want[i].restricted);
    }
    assert_int_equal(x.a.nreserve, 4);      /* the initial reserve: 2 3 4 5 */
    run_free(&x);
    run_golden(&x, "game-2p.xii", 17, "1 store\n");
    assert_int_equal(x.a.ndice, 2);
    assert_int_equal(x.a.dice[0].value, 3);
    assert_int_equal(x.a.dice[1].value, 5);
    assert_int_equal(x.a.nreserve, 4);      /* not the 1 just stored */
    assert_false(has_value(x.a.reserve, x.a.nreserve, 1));
    run_free(&x);
}

/* After the fourth die the turn may still take a reserve die; once it has, the next turn. */
static void test_reserve_after_last_die(void **state)
{
    (void)state;
    struct run x;
    run_golden(&x, "game-2p.xii", 20, "");     /* Jack's four dice spent */
    assert_int_equal(x.a.kind, LOG_AWAIT_RESERVE);
    assert_int_equal(x.a.player, 0);
    assert_int_equal(x.a.ndice, 0);
    assert_int_equal(x.a.nreserve, 4);
    assert_true(has_value(x.a.reserve, x.a.nreserve, 3));
    assert_int_equal(x.a.then, LOG_AWAIT_TURN);
    assert_int_equal(x.a.then_player, 1);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_RESERVE | 1u << LOG_AWAIT_TURN);
    /* The state of the decision is before feeding; the replay's own is after it. */
    const struct game_state *s = log_await_state(x.r, &x.a);
    assert_int_equal(s->turn.player, 0);
    assert_int_equal(x.r->state.turn.player, -1);
    run_free(&x);
    run_golden(&x, "game-2p.xii", 21, "");     /* reserve 3 influence quarry */
    assert_int_equal(x.a.kind, LOG_AWAIT_TURN);
    assert_int_equal(x.a.player, 1);
    assert_ptr_equal(log_await_state(x.r, &x.a), &x.r->state);
    run_free(&x);
}

/* The war: who can only avoid and the rolls due; then each location choice owed. */
static void test_war_and_collect(void **state)
{
    (void)state;
    struct run x;
    run_golden(&x, "game-5p.xii", 132, "");    /* round 3, every turn played */
    assert_int_equal(x.a.kind, LOG_AWAIT_WAR);
    assert_true(x.a.pending & 1u << LOG_AWAIT_COLLECT);
    assert_int_equal(x.a.player, -1);
    assert_true(x.a.collect_player >= 0);
    assert_int_equal(x.a.collect, 1u << L_GRASSLAND);
    assert_int_equal(x.a.rolls_due[4], 1);      /* "Ann Lee" support 1 */
    int avoiders = 0;
    for (int p = 0; p < 5; p++)
        avoiders += x.a.must_avoid[p];
    assert_true(avoiders > 0);
    run_free(&x);
    run_golden(&x, "game-5p.xii", 133, "");
    assert_int_equal(x.a.kind, LOG_AWAIT_COLLECT);
    assert_int_equal(x.a.pending, 1u << LOG_AWAIT_COLLECT);
    assert_int_equal(x.a.collect, 1u << L_GRASSLAND);
    int jack = x.a.player == 0, mary = x.a.player == 3, ann = x.a.player == 4;
    assert_true(jack || mary || ann);
    run_free(&x);
    run_golden(&x, "game-5p.xii", 136, "");
    assert_int_equal(x.a.kind, LOG_AWAIT_ROUND);
    assert_int_equal(x.a.round, 4);
    run_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_round_and_event),
        cmocka_unit_test(test_outlaws_and_shared),
        cmocka_unit_test(test_dice_left),
        cmocka_unit_test(test_reserve_after_last_die),
        cmocka_unit_test(test_war_and_collect),
        cmocka_unit_test(test_golden_games),
        cmocka_unit_test(test_generated_games),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
