/* The move-log replay: the automatic steps happen where move-log.md says, refused statements
 * change nothing, missing information is reported, --until-round, claims, ids and player
 * names, the error limit, and random complete games that must replay with no diagnostic. */
#include "test.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/gen.h"
#include "log/ids.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "audit/report.h"
#include "test_rules_fixture.h"
#include "test_util.h"

struct run {
    struct diag_list dl;
    struct log_ast *ast;
    struct log_replay *r;
};

static void run_until(struct run *x, const char *text, size_t len, int until)
{
    memset(x, 0, sizeof *x);
    x->ast = log_parse(text, len, "t.xii", &x->dl);
    struct log_replay_options opt = {.until_round = until};
    x->r = log_replay_run(&GD, x->ast, &opt, &x->dl);
}

static void run(struct run *x, const char *text)
{
    run_until(x, text, strlen(text), 0);
}

static void run_free(struct run *x)
{
    log_replay_free(x->r);
    log_free(x->ast);
    diag_list_free(&x->dl);
}

/* Number of diagnostics with this code (NULL: mismatches). */
static int count(const struct run *x, const char *code)
{
    int n = 0;
    for (size_t i = 0; i < x->dl.count; i++) {
        const struct diag *d = &x->dl.items[i];
        if (code ? d->code && strcmp(d->code, code) == 0 : d->level == DIAG_MISMATCH)
            n++;
    }
    return n;
}

static void print_diags(const struct run *x, const char *text)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < x->dl.count; i++)
        diag_format(&sb, &x->dl.items[i], text, strlen(text));
    fputs(strbuf_cstr(&sb), stderr);
    strbuf_free(&sb);
}

static const struct player_state *player(const struct run *x, int p)
{
    return &x->r->state.p[p];
}

#define HEADER "players Jack Tom\nround 1\nshared 6 5\n"
#define JACK_TURN "turn Jack 4 3\n 6 population\n 5 food\n 4 supply\n"

/* ---- when the automatic steps happen ----------------------------------------------------- */

static void test_check_ends_turn_only_when_spent(void **state)
{
    (void)state;
    struct run x;
    /* Three dice spent: the check sees the state before feeding, and the turn goes on. */
    run(&x, HEADER JACK_TURN "check Jack population 6 food 5\n 3 farms\ncheck Jack food 2 farms 3\n");
    print_diags(&x, "");
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.r->state.turns_done, 1);
    run_free(&x);
}

static void test_end_of_log_inside_turn(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER JACK_TURN);
    assert_int_equal(x.dl.count, 0);          /* a log may stop in the middle of a turn */
    assert_int_equal(x.r->open_turn_line, 4);
    assert_int_equal(player(&x, 0)->asset[A_FOOD], 5);     /* not fed */
    run_free(&x);
    run(&x, HEADER JACK_TURN " 3 farms\n");
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.r->open_turn_line, 0);   /* its four dice are spent: the turn ended */
    assert_int_equal(player(&x, 0)->asset[A_FOOD], 2);
    run_free(&x);
}

/* Every accepted turn is listed with its line and the history records it wrote: the spends,
 * then feeding (so the last record of a finished turn is its food); a refused turn is not
 * listed; a turn the log leaves open has no end. */
static void test_turn_spans(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER JACK_TURN " 3 farms\nturn Jack 1 2\nturn Tom 2 1\n 6 population\n");
    assert_int_equal(x.dl.errors, 1);               /* Jack twice */
    assert_int_equal(x.r->nturns, 2);
    const struct log_turn_span *a = &x.r->turns[0], *b = &x.r->turns[1];
    assert_int_equal(a->line, 4);
    assert_int_equal(a->player, 0);
    assert_int_equal(a->round, 1);
    assert_true(a->hist_begin < a->hist_end && a->hist_end <= b->hist_begin);
    for (size_t i = a->hist_begin; i < a->hist_end; i++)
        assert_int_equal(x.r->history.items[i].player, 0);
    const struct hist_rec *fed = &x.r->history.items[a->hist_end - 1];
    assert_int_equal(fed->cause, CAUSE_FEEDING);
    assert_int_equal(fed->new_value, 2);
    assert_int_equal(b->line, 10);
    assert_int_equal(b->player, 1);
    assert_true(b->hist_end == SIZE_MAX);
    assert_int_equal(x.r->history.count, b->hist_begin + 1);   /* Tom's population, not yet fed */
    run_free(&x);
}

static void test_round_ends_when_nothing_is_missing(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER JACK_TURN " 3 farms\nturn Tom 2 1\n 6 population\n 5 food\n 2 influence grassland\n"
            " 1 supply\nwar Jack avoid, Tom avoid\n");
    assert_int_equal(x.dl.count, 0);
    /* Tom's grassland choice is still missing: the round goes on. */
    assert_int_equal(x.r->state.phase, PHASE_ROUND);
    struct log_missing m[LOG_MISSING_MAX];
    assert_int_equal(log_replay_missing(&x.r->state, m), 1);
    assert_int_equal(m[0].rule, RULE_COLLECT);
    assert_non_null(strstr(m[0].text, "collect Tom grassland food|supply"));
    run_free(&x);
    run(&x, HEADER JACK_TURN " 3 farms\nturn Tom 2 1\n 6 population\n 5 food\n 2 influence grassland\n"
            " 1 supply\nwar Jack avoid, Tom avoid\ncollect Tom grassland supply\n"
            "check Tom supply 2 food 2 farms 0\ncheck Jack food 3\n");
    print_diags(&x, "");
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.r->state.phase, PHASE_ROUND_OVER);
    run_free(&x);
}

static void test_early_round_line(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER JACK_TURN " 3 farms\nround 2\nshared 1 2\nturn Tom 1 2\n");
    /* Tom's turn and the war were missing; round 1 ended at the round line anyway. */
    assert_int_equal(count(&x, "turn-order"), 1);
    assert_int_equal(count(&x, "war"), 1);
    assert_int_equal(x.dl.errors, 2);
    assert_int_equal(x.r->state.round, 2);
    /* The last seat of round 1 is round 2's first player, whether he played or not. */
    assert_int_equal(x.r->state.turn.player, 1);
    assert_int_equal(x.r->nskipped, 0);
    /* The farms produced at the end of round 1: 2 - 0 + floor(3/2). */
    assert_int_equal(player(&x, 0)->asset[A_FOOD], 3);
    run_free(&x);
}

static void test_refused_lines_change_nothing(void **state)
{
    (void)state;
    struct run x;
    const char *base = HEADER JACK_TURN " 3 farms\n";
    run(&x, base);
    struct game_state ref = x.r->state;
    size_t hist = x.r->history.count;
    run_free(&x);
    static const char *const bad[] = {
        "4 food\n", "market 2 food\n", "sheriff 3 4\n", "split 4 1 food 3 supply\n",
        "war Jack avoid, Tom avoid\n", "collect Jack grassland food\n", "outlaws Jack 3\n",
        "shared 1 2\n", "turn Jack 1 1\n", "round 1\n", "players Ann\n", "check Nobody food 1\n",
        "check Jack fod 1\n", "turn Tom 9 1\n",
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", base, bad[k]);
        run(&x, text);
        assert_true(x.dl.errors >= 1);
        assert_int_equal(x.r->nskipped, 1);
        assert_int_equal(x.r->skipped[0], 9);
        /* Jack's turn ended at some of these lines: compare with that turn ended. */
        if (x.r->state.turn.player < 0 && ref.turn.player >= 0) {
            struct run y;
            char ended[512];
            snprintf(ended, sizeof ended, "%sturn Tom 1 1\n", base);
            run(&y, ended);
            assert_int_equal(memcmp(y.r->state.p, x.r->state.p, sizeof x.r->state.p), 0);
            run_free(&y);
        } else {
            assert_int_equal(memcmp(ref.p, x.r->state.p, sizeof ref.p), 0);
            assert_int_equal(x.r->history.count, hist);
        }
        run_free(&x);
    }
}

static void test_rejected_turn_skips_its_body(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER "turn Tom 4 3\n 6 population\n 5 food\n# comment\ncheck Tom food 0\n 4 supply\n"
            " 3 store\n" JACK_TURN);
    assert_int_equal(x.dl.errors, 1);
    assert_int_equal(count(&x, "turn-order"), 1);
    assert_int_equal(x.r->nskipped, 5);
    static const int lines[] = {4, 5, 6, 9, 10};
    for (int i = 0; i < 5; i++)
        assert_int_equal(x.r->skipped[i], lines[i]);
    assert_int_equal(player(&x, 0)->asset[A_POPULATION], 6);
    assert_int_equal(player(&x, 1)->asset[A_POPULATION], 0);
    run_free(&x);
}

static void test_rejected_round_skips_its_statements(void **state)
{
    (void)state;
    struct run x;
    run(&x, "players Jack\nsolo arcade\nround 2\nshared 1 2\nturn Jack 1 2\n 1 food\nround 1\nshared 1 2\n");
    assert_int_equal(x.dl.errors, 1);
    assert_int_equal(x.r->nskipped, 4);
    assert_int_equal(x.r->state.round, 1);
    assert_int_equal(x.r->state.shared_set, 1);
    run_free(&x);
}

static void test_bad_first_round_line(void **state)
{
    (void)state;
    struct run x;
    /* "round 0" is a syntax error; it still ends the header, and its statements are skipped
     * up to the next round line. */
    run(&x, "players Jack\nsolo arcade\nround 0\nshared 1 2\nturn Jack 1 2\n 1 food\nround 1\n");
    assert_int_equal(x.dl.errors, 1);
    assert_int_equal(count(&x, "syntax"), 1);
    assert_int_equal(x.r->nskipped, 4);
    assert_int_equal(x.r->state.round, 1);
    run_free(&x);
}

/* A wrong round number after round 10: one message, the game's end, not "expected round 11"
 * as well (the round line was reported twice). */
static void test_round_line_after_the_last(void **state)
{
    (void)state;
    struct strbuf text = STRBUF_INIT;
    strbuf_puts(&text, "players Jack Tom\n");
    for (int r = 1; r <= 10; r++)
        strbuf_printf(&text, "round %d\nshared 1 2\n", r);
    strbuf_puts(&text, "round 5\n");
    struct run x;
    run_until(&x, text.data, text.len, 0);
    int at_line = 0, game_ended = 0;
    for (size_t i = 0; i < x.dl.count; i++) {
        const struct diag *d = &x.dl.items[i];
        if (d->pos.line != 22 || strstr(d->message, "round 10 ended without"))
            continue;
        at_line++;
        game_ended += strstr(d->message, "the game ended after round 10") != NULL;
        assert_null(strstr(d->message, "round 11"));
    }
    assert_int_equal(at_line, 1);
    assert_int_equal(game_ended, 1);
    run_free(&x);
    strbuf_free(&text);
}

static void test_until_round(void **state)
{
    (void)state;
    struct run x;
    const char *log = "players Jack\nsolo arcade\nround 1\nshared 6 5\nturn Jack 4 3\n 6 population\n"
                      " 5 food\n 4 supply\n 3 farms\ncheck Jack food 3\nround 2\nshared 1 2\n"
                      "turn Jack 1 1\n 1 food\n";
    run_until(&x, log, strlen(log), 1);
    assert_int_equal(x.dl.count, 0);      /* the unspent dice of round 2 are not reached */
    assert_int_equal(x.r->state.round, 1);
    assert_int_equal(x.r->state.phase, PHASE_ROUND_OVER);
    assert_int_equal(x.r->until_round, 1);
    run_free(&x);
    run_until(&x, log, strlen(log), 0);
    assert_int_equal(count(&x, "unspent-dice"), 0);     /* the log stops inside the turn */
    assert_int_equal(x.r->state.round, 2);
    run_free(&x);
}

static void test_outlaws_without_line(void **state)
{
    (void)state;
    struct run x;
    /* Forget-about-it: round 1's attack hits nobody with bonus rolls, so it is resolved at the
     * round line; a round 3 attack waits for Jack's roll, and a turn without it resolves it
     * as if nobody had rolled. */
    run(&x, "players Jack Tom\ndifficulty forget-about-it\nevents 2 fire, 3 outlaws, 4 plague, "
            "5 famine, 6 civil-war, 7 water-storm, 8 fire, 9 plague, 10 famine\nround 1\n");
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.r->state.outlaws_pending, 0);
    run_free(&x);
}

/* ---- header ------------------------------------------------------------------------------ */

static void test_header(void **state)
{
    (void)state;
    struct run x;
    run(&x, "game \"Friday\"\nplayers Jack \"Ann Lee\"\ntown \"Ann Lee\" Ely\ndifficulty normal\n"
            "events 7 fire, 8 2, 9 famine, 10 outlaws\nvariant famine_halves_farms\n");
    assert_int_equal(x.dl.count, 0);
    assert_true(x.r->started);
    assert_string_equal(x.r->title, "Friday");
    assert_string_equal(x.r->state.cfg.towns[1], "Ely");
    assert_int_equal(x.r->state.cfg.events[8], E_PLAGUE);
    assert_int_equal(x.r->state.cfg.events[10], E_OUTLAWS_ATTACK);
    assert_int_equal(x.r->state.cfg.famine_halves_farms, 1);
    assert_int_equal(x.r->state.phase, PHASE_SETUP);
    run_free(&x);
    /* forget-about-it: round 1 may be left out of the events line. */
    run(&x, "players Jack\nsolo miller\ndifficulty forget-about-it\nevents 2 1, 3 2, 4 3, 5 4, 6 6, "
            "7 1, 8 2, 9 3, 10 4\n");
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.r->state.cfg.events[1], E_OUTLAWS_ATTACK);
    assert_int_equal(x.r->state.cfg.objective, gamedata_objective(&GD, "miller", 6));
    run_free(&x);
    run(&x, "");
    assert_int_equal(count(&x, "setup"), 1);
    assert_false(x.r->started);
    run_free(&x);
}

/* An events line that breaks the assignment rules is reported, and the game is replayed with
 * the events as written (the table played them): here a fire in round 1, which normal does not
 * have, bans attracting people, and round 8's third fire still strikes. */
static void test_events_as_played(void **state)
{
    (void)state;
    struct run x;
    run(&x, "players Jack Tom\ndifficulty normal\nevents 1 fire, 7 fire, 8 fire, 9 plague, "
            "10 famine\nround 1\nshared 6 5\nturn Jack 4 3\n 4 attract blacksmith\n");
    assert_true(x.r->started);
    assert_int_equal(count(&x, "events"), 2);     /* round 1 has no event; a third fire */
    assert_int_equal(count(&x, "fire-ban"), 1);   /* the fire of round 1 was played */
    assert_int_equal(x.r->state.cfg.events[1], E_FIRE);
    assert_int_equal(x.r->state.cfg.events[8], E_FIRE);
    run_free(&x);
    /* A missing round: reported, played without an event. */
    run(&x, "players Jack Tom\ndifficulty normal\nevents 7 fire, 8 plague, 9 famine\nround 1\n");
    assert_true(x.r->started);
    assert_int_equal(count(&x, "events"), 1);
    assert_int_equal(x.r->state.cfg.events[10], -1);
    run_free(&x);
    /* No players: the game cannot be read, nothing is replayed. */
    run(&x, "difficulty normal\nevents 7 fire, 7 fire\nround 1\n");
    assert_false(x.r->started);
    run_free(&x);
}

static void test_player_names(void **state)
{
    (void)state;
    struct run x;
    run(&x, "players Jack jack\nround 1\nshared 1 2\nturn JACK 1 2\nturn jack 1 2\n");
    assert_int_equal(count(&x, "unknown-player"), 1);   /* ambiguous ignoring case */
    assert_int_equal(count(&x, "turn-order"), 1);       /* exact: jack, who is second */
    run_free(&x);
    run(&x, "players Jack Tom\nround 1\nshared 1 2\nturn JACK 1 2\n");
    assert_int_equal(x.dl.errors, 0);                    /* case-insensitive when unique */
    assert_int_equal(x.r->state.turn.player, 0);
    run_free(&x);
}

/* ---- claims ------------------------------------------------------------------------------ */

static void test_claims(void **state)
{
    (void)state;
    struct run x;
    run(&x, HEADER "turn Jack 4 3\n 6 population\n 5 food\n 4 attract blacksmith\n 3 store\n"
            "check Jack people blacksmith, infrastructures, reserve 5 3 4 2 3 pow 0 score 7\n"
            "check Jack people blacksmith prior, reserve 2 3 4, infrastructures stables\n"
            "check Jack score 8 people market\n");
    assert_int_equal(count(&x, "unknown-id"), 1);       /* market is not a person */
    assert_int_equal(x.r->nmismatches, 4);              /* score 8 is still compared */
    const struct mismatch *m = x.r->mismatches;
    assert_int_equal(m[0].claim.kind, CLAIM_PEOPLE);
    assert_int_equal(m[0].nsheet, 2);
    assert_int_equal(m[0].nrules, 1);
    assert_int_equal(m[1].claim.kind, CLAIM_RESERVE);
    assert_int_equal(m[1].nrules, 5);
    assert_int_equal(m[1].rules[0], 2);
    assert_int_equal(m[1].rules[4], 5);
    assert_int_equal(m[2].claim.kind, CLAIM_INFRAS);
    assert_int_equal(m[2].nrules, 0);
    struct strbuf sb = STRBUF_INIT;
    log_claims_message(&GD, &m[2], "Jack", &sb);
    assert_string_equal(strbuf_cstr(&sb), "Jack's sheet says infrastructures stables, the rules give none "
                                           "(on the sheet but not in the rules: stables)");
    strbuf_reset(&sb);
    log_claims_message(&GD, &m[0], "Jack", &sb);
    assert_string_equal(strbuf_cstr(&sb), "Jack's sheet says people blacksmith prior, the rules give "
                                           "blacksmith (on the sheet but not in the rules: prior)");
    strbuf_reset(&sb);
    log_claims_message(&GD, &m[1], "Jack", &sb);
    assert_string_equal(strbuf_cstr(&sb), "Jack's sheet says reserve 2 3 4, the rules give 2 3 3 4 5 "
                                           "(missing on the sheet: reserve 3, 5)");
    strbuf_free(&sb);
    assert_int_equal(m[3].claim.kind, CLAIM_SCORE);
    assert_int_equal(count(&x, NULL), 4);
    run_free(&x);
}

/* ---- ids --------------------------------------------------------------------------------- */

static void test_ids(void **state)
{
    (void)state;
    assert_int_equal(log_ids_distance("food", "food"), 0);
    assert_int_equal(log_ids_distance("fod", "food"), 1);
    assert_int_equal(log_ids_distance("blakcsmith", "blacksmith"), 1);   /* a swap */
    assert_int_equal(log_ids_distance("", "abc"), 3);
    assert_string_equal(log_ids_closest(&GD, LOG_ID_ASSET, "fod"), "food");
    assert_string_equal(log_ids_closest(&GD, LOG_ID_ASSET, "hoses"), "stone-houses");   /* alias */
    assert_string_equal(log_ids_closest(&GD, LOG_ID_PERSON, "blaksmith"), "blacksmith");
    assert_null(log_ids_closest(&GD, LOG_ID_PERSON, "market"));
    assert_null(log_ids_closest(&GD, LOG_ID_LOCATION, "xyzzy"));
    const struct gamedata *t = &GD;
    /* The table gives the same answers as the game data's lookups. */
    for (int a = 0; a < ASSET_COUNT; a++)
        assert_int_equal(log_ids_asset(t, GD.assets[a].id), a);
    for (int i = 0; i < GD.nitems; i++)
        assert_int_equal(log_ids_item(t, GD.items[i].id), i);
    for (int l = 0; l < LOCATION_COUNT; l++)
        assert_int_equal(log_ids_location(t, GD.locations[l].id), l);
    for (int i = 0; i < GD.naliases; i++) {
        const char *w = GD.aliases[i].word;
        assert_int_equal(log_ids_asset(t, w), gamedata_asset(&GD, w, strlen(w)));
        assert_int_equal(log_ids_item(t, w), gamedata_item(&GD, w, strlen(w)));
        assert_int_equal(log_ids_location(t, w), gamedata_location(&GD, w, strlen(w)));
    }
    assert_int_equal(log_ids_asset(t, "foo"), -1);
    assert_int_equal(log_ids_item(t, ""), -1);
    /* The table keys a word by its length and its first and last 4 bytes: words that share
     * those with an id but not their middle, or a prefix or the bytes of a short one, are not
     * that id. */
    assert_int_equal(log_ids_asset(t, "men-xx-arms"), -1);
    assert_int_equal(log_ids_asset(t, "men-at-arms"), A_MEN_AT_ARMS);
    assert_int_equal(log_ids_asset(t, "stone-hxuses"), -1);
    assert_int_equal(log_ids_asset(t, "foo"), -1);
    assert_int_equal(log_ids_asset(t, "foodfood"), -1);
    assert_int_equal(log_ids_asset(t, "fooo"), -1);
    assert_int_equal(log_ids_asset(t, "fod"), -1);
    assert_int_equal(log_ids_asset(t, "food"), A_FOOD);
    assert_int_equal(log_ids_asset(t, "supplyy"), -1);
}

/* A data file's alias of an alias: the replay's moves follow it, check lines (the strict
 * lookups) refuse it as the game data's lookups do. */
static void test_ids_alias_of_alias(void **state)
{
    (void)state;
    struct gamedata *g = malloc(sizeof *g);
    *g = GD;
    assert_true(g->naliases < GD_ALIAS_SLOTS);
    g->aliases[g->naliases++] = (struct gd_alias){.word = "homes", .id = "houses"};
    assert_true(gamedata_asset(g, "houses", 6) >= 0);
    assert_int_equal(gamedata_asset(g, "homes", 5), -1);
    gamedata_index_build(g);
    const struct gamedata *t = g;
    assert_int_equal(log_ids_asset(t, "homes"), gamedata_asset(g, "houses", 6));
    assert_int_equal(log_ids_asset_strict(t, "homes"), -1);
    assert_int_equal(log_ids_asset_strict(t, "houses"), gamedata_asset(g, "houses", 6));
    for (int a = 0; a < ASSET_COUNT; a++)
        assert_int_equal(log_ids_asset_strict(t, g->assets[a].id), a);
    for (int i = 0; i < g->naliases; i++) {
        const char *w = g->aliases[i].word;
        assert_int_equal(log_ids_asset_strict(t, w), gamedata_asset(g, w, strlen(w)));
        assert_int_equal(log_ids_item_strict(t, w), gamedata_item(g, w, strlen(w)));
        assert_int_equal(log_ids_location_strict(t, w), gamedata_location(g, w, strlen(w)));
    }
    free(g);
}

/* ---- limits and robustness --------------------------------------------------------------- */

static void test_too_many_errors(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    strbuf_puts(&sb, HEADER);
    for (int i = 0; i < 80; i++)
        strbuf_puts(&sb, "check Nobody food 1\n");
    struct run x;
    run(&x, strbuf_cstr(&sb));
    assert_int_equal(x.dl.errors, LOG_MAX_ERRORS + 1);
    assert_int_equal(count(&x, "too-many-errors"), 1);
    assert_true(x.r->stopped);
    assert_int_equal(x.r->nskipped, LOG_MAX_ERRORS);
    run_free(&x);
    strbuf_free(&sb);
}

static void test_million_lines(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    strbuf_puts(&sb, HEADER JACK_TURN " 3 farms\n");
    for (int i = 0; i < 1000000; i++)
        strbuf_puts(&sb, "check Jack food 2 farms 3\n");
    struct run x;
    run_until(&x, sb.data, sb.len, 0);
    assert_int_equal(x.dl.count, 0);
    assert_int_equal(x.ast->count, 1000008);
    run_free(&x);
    /* A million bad lines: the parser stops after 50 errors, the replay adds none. */
    strbuf_reset(&sb);
    for (int i = 0; i < 1000000; i++)
        strbuf_puts(&sb, "??\n");
    run_until(&x, sb.data, sb.len, 0);
    assert_int_equal(x.dl.errors, LOG_MAX_ERRORS + 1);
    assert_false(x.r->started);
    run_free(&x);
    strbuf_free(&sb);
}

/* Both reports of a replay of text (len bytes), text and JSON, finish with something to say. */
static void reports_finish(const struct run *x, const char *text, size_t len)
{
    struct log_report_input in = {"t.xii", text, len, x->r, &x->dl};
    struct strbuf out = STRBUF_INIT;
    log_report_text(&in, &out);
    log_report_json(&in, &out);
    assert_true(out.len > 0);
    strbuf_free(&out);
}

/* Random bytes and mangled logs: whatever comes in, the replay and both reports finish. */
static void test_mangled_logs(void **state)
{
    (void)state;
    struct strbuf good = STRBUF_INIT;
    struct log_gen_options o = {3, 99, 1};
    assert_int_equal(log_gen_game(&GD, &o, &good, NULL), 0);
    unsigned long long rng = 12345;
    for (int k = 0; k < 300; k++) {
        struct strbuf text = STRBUF_INIT;
        strbuf_append(&text, good.data, good.len);
        for (int e = 0; e < 1 + k % 20; e++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            size_t at = (size_t)(rng >> 33) % text.len;
            static const char pool[] = "0123456789 \n,#\"abxyz\x01\xff-";
            text.data[at] = pool[(rng >> 13) % (sizeof pool - 1)];
        }
        struct run x;
        run_until(&x, text.data, text.len, (int)(k % 11));
        reports_finish(&x, text.data, text.len);
        run_free(&x);
        strbuf_free(&text);
    }
    strbuf_free(&good);
}

/* Every token of two golden games cut after (before each space, tab, comma or line end that
 * follows a word, and the whole file): each prefix replays and both reports finish, in one
 * process (tests/run-catalogue.sh does the same through xii audit; make asan leaves that
 * sweep of a thousand processes to this test). Run from the repository root. */
static void test_truncated_logs(void **state)
{
    (void)state;
    static const char *const logs[] = {"tests/golden/audit/game-2p.xii", "tests/golden/audit/game-solo.xii"};
    for (size_t f = 0; f < sizeof logs / sizeof logs[0]; f++) {
        size_t len;
        char *text = test_slurp(logs[f], &len);
        assert_non_null(text);
        size_t cuts = 0;
        for (size_t n = 1; n <= len; n++) {
            int sep = n < len && strchr(" \t\n,", text[n]) != NULL;
            if (n < len && (!sep || strchr(" \t\n,", text[n - 1]) != NULL))
                continue;
            struct run x;
            run_until(&x, text, n, 0);
            reports_finish(&x, text, n);
            run_free(&x);
            cuts++;
        }
        assert_true(cuts > 500);
        free(text);
    }
}

/* ---- end to end: random complete games --------------------------------------------------- */

static void test_generated_games(void **state)
{
    (void)state;
    for (int g = 0; g < 250; g++) {
        struct strbuf text = STRBUF_INIT;
        struct log_gen_options o = {1 + g % 5, 1000 + (uint64_t)g, g % 2};
        struct game_state final;
        assert_int_equal(log_gen_game(&GD, &o, &text, &final), 0);
        struct run x;
        run_until(&x, text.data, text.len, 0);
        /* Random moves waste dice: warnings, never errors or mismatches. */
        size_t wasted = 0;
        for (size_t i = 0; i < x.dl.count; i++)
            wasted += x.dl.items[i].level == DIAG_WARNING && strcmp(x.dl.items[i].code, "waste") == 0;
        if (x.dl.count != wasted)
            print_diags(&x, text.data);
        assert_int_equal(x.dl.count, wasted);
        const struct game_state *s = &x.r->state;
        assert_int_equal(s->phase, PHASE_GAME_OVER);
        for (int p = 0; p < s->cfg.nplayers; p++) {
            assert_memory_equal(s->p[p].asset, final.p[p].asset, sizeof final.p[p].asset);
            assert_memory_equal(s->p[p].influence, final.p[p].influence, sizeof final.p[p].influence);
            assert_int_equal(s->p[p].reputation, final.p[p].reputation);
            assert_int_equal(s->p[p].owned, final.p[p].owned);
            assert_memory_equal(s->p[p].perk, final.p[p].perk, sizeof final.p[p].perk);
            assert_memory_equal(s->p[p].reserve, final.p[p].reserve, sizeof final.p[p].reserve);
        }
        int w1[XII_MAX_PLAYERS], w2[XII_MAX_PLAYERS];
        int n = engine_winners(s, w1);
        assert_int_equal(n, engine_winners(&final, w2));
        assert_memory_equal(w1, w2, (size_t)n * sizeof w1[0]);
        run_free(&x);
        strbuf_free(&text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_ends_turn_only_when_spent),
        cmocka_unit_test(test_end_of_log_inside_turn),
        cmocka_unit_test(test_turn_spans),
        cmocka_unit_test(test_round_ends_when_nothing_is_missing),
        cmocka_unit_test(test_early_round_line),
        cmocka_unit_test(test_refused_lines_change_nothing),
        cmocka_unit_test(test_rejected_turn_skips_its_body),
        cmocka_unit_test(test_rejected_round_skips_its_statements),
        cmocka_unit_test(test_bad_first_round_line),
        cmocka_unit_test(test_round_line_after_the_last),
        cmocka_unit_test(test_until_round),
        cmocka_unit_test(test_outlaws_without_line),
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_events_as_played),
        cmocka_unit_test(test_player_names),
        cmocka_unit_test(test_claims),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_ids_alias_of_alias),
        cmocka_unit_test(test_too_many_errors),
        cmocka_unit_test(test_million_lines),
        cmocka_unit_test(test_mangled_logs),
        cmocka_unit_test(test_truncated_logs),
        cmocka_unit_test(test_generated_games),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
