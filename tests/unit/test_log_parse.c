/* The move-log parser: every statement, alias and error path, recovery, limits, speed, and the
 * golden files of tests/golden/parse/ (run from the repository root; UPDATE=1, as make
 * golden-update sets it, rewrites the .expected files that differ). */
#include "test.h"
#include "test_util.h"
#include "core/readfile.h"
#include "log/lex.h"
#include "log/parse.h"
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tree, diagnostics and input of the last parse; freed by the next parse or the teardown. */
static struct log_ast *g_ast;
static struct diag_list g_dl = DIAG_LIST_INIT;
static char *g_buf;
static size_t g_len;

static void reset(void)
{
    log_free(g_ast);
    g_ast = NULL;
    diag_list_free(&g_dl);
    free(g_buf);
    g_buf = NULL;
}

static int teardown(void **state)
{
    (void)state;
    reset();
    return 0;
}

/* Parses exactly len bytes from a heap copy without a terminating NUL. */
static const struct log_ast *parse_n(const char *src, size_t len)
{
    reset();
    g_buf = malloc(len ? len : 1);
    assert_non_null(g_buf);
    memcpy(g_buf, src, len);
    g_len = len;
    g_ast = log_parse(g_buf, len, "t.xii", &g_dl);
    assert_non_null(g_ast);
    return g_ast;
}

static const struct log_ast *parse(const char *src)
{
    return parse_n(src, strlen(src));
}

/* Prints the diagnostics of the last parse (to explain a failure). */
static void show_diags(void)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < g_dl.count; i++)
        diag_format(&sb, &g_dl.items[i], g_buf, g_len);
    if (sb.len)
        print_message("%s", sb.data);
    strbuf_free(&sb);
}

/* src must parse without diagnostics into exactly one statement of the given kind. */
static const struct log_stmt *one(const char *src, enum log_kind kind)
{
    parse(src);
    if (g_dl.count)
        show_diags();
    assert_int_equal(g_dl.count, 0);
    assert_int_equal(g_ast->count, 1);
    assert_int_equal(g_ast->stmts[0].kind, kind);
    return &g_ast->stmts[0];
}

/* src must give exactly one error, at line 1:col, with exactly this message. */
static void error1(const char *src, int col, const char *message)
{
    parse(src);
    if (g_dl.count != 1)
        show_diags();
    assert_int_equal(g_dl.count, 1);
    assert_int_equal(g_dl.errors, 1);
    const struct diag *d = &g_dl.items[0];
    assert_int_equal(d->level, DIAG_ERROR);
    assert_string_equal(d->file, "t.xii");
    assert_string_equal(d->message, message);
    assert_int_equal(d->pos.line, 1);
    assert_int_equal(d->pos.col, col);
    assert_int_equal(g_ast->count, 1);
    assert_int_equal(g_ast->stmts[0].kind, LOG_INVALID);
}

static void word_is(const struct log_word *w, const char *text, const char *norm, int col,
                    int len)
{
    assert_non_null(w->text);
    assert_string_equal(w->text, text);
    assert_string_equal(w->norm, norm);
    assert_int_equal(w->at.line, 1);
    assert_int_equal(w->at.col, col);
    assert_int_equal(w->at.len, len);
}

static void num_is(const struct log_num *n, int value, int col, int len)
{
    assert_int_equal(n->value, value);
    assert_int_equal(n->at.line, 1);
    assert_int_equal(n->at.col, col);
    assert_int_equal(n->at.len, len);
}

static void span_is(struct log_span at, int line, int col, int len)
{
    assert_int_equal(at.line, line);
    assert_int_equal(at.col, col);
    assert_int_equal(at.len, len);
}

/* The canonical dump of the last parse. */
static char *dump(void)
{
    struct strbuf sb = STRBUF_INIT;
    log_dump(g_ast, &sb);
    for (size_t i = 0; i < g_dl.count; i++)
        diag_format(&sb, &g_dl.items[i], g_buf, g_len);
    return strbuf_detach(&sb);
}

/* Both inputs must give the same dump (diagnostics included). */
static void same_dump(const char *a, const char *b)
{
    parse(a);
    char *da = dump();
    parse(b);
    char *db = dump();
    assert_string_equal(da, db);
    free(da);
    free(db);
}

/* --- header ---------------------------------------------------------------------------------- */

static void test_version_and_game(void **state)
{
    (void)state;
    const struct log_stmt *st = one("xii 1", LOG_VERSION);
    num_is(&st->version, 1, 5, 1);
    span_is(st->at, 1, 1, 5);

    st = one("game \"Friday at the Crown\"   # title", LOG_GAME);
    word_is(&st->game, "Friday at the Crown", "friday at the crown", 6, 21);
    assert_true(st->game.quoted);
    span_is(st->at, 1, 1, 26);

    st = one("title Crown_Night", LOG_GAME);
    word_is(&st->game, "Crown_Night", "crown_night", 7, 11);
    assert_false(st->game.quoted);
}

static void test_players(void **state)
{
    (void)state;
    const struct log_stmt *st = one("players Jack Tom Martha Mary", LOG_PLAYERS);
    assert_int_equal(st->players.count, 4);
    word_is(&st->players.names[0], "Jack", "jack", 9, 4);
    word_is(&st->players.names[1], "Tom", "tom", 14, 3);
    word_is(&st->players.names[2], "Martha", "martha", 18, 6);
    word_is(&st->players.names[3], "Mary", "mary", 25, 4);

    st = one("players \"Jack Smith\", Tom_2,M\xC3\xA1ire , \"\\\"Ed\\\"\" E", LOG_PLAYERS);
    assert_int_equal(st->players.count, 5);
    word_is(&st->players.names[0], "Jack Smith", "jack smith", 9, 12);
    assert_true(st->players.names[0].quoted);
    word_is(&st->players.names[1], "Tom_2", "tom_2", 23, 5); /* names keep underscores */
    word_is(&st->players.names[2], "M\xC3\xA1ire", "m\xC3\xA1ire", 29, 6);
    word_is(&st->players.names[3], "\"Ed\"", "\"ed\"", 38, 8);

    st = one("player Solo", LOG_PLAYERS); /* alias, natural for one player */
    assert_int_equal(st->players.count, 1);
}

static void test_town_difficulty_solo_variant(void **state)
{
    (void)state;
    const struct log_stmt *st = one("town Jack \"Oakham\"", LOG_TOWN);
    word_is(&st->town.player, "Jack", "jack", 6, 4);
    word_is(&st->town.name, "Oakham", "oakham", 11, 8);
    st = one("town \"Jack Smith\" Ely", LOG_TOWN);
    word_is(&st->town.name, "Ely", "ely", 19, 3);

    st = one("difficulty Very_Easy", LOG_DIFFICULTY);
    word_is(&st->difficulty, "Very_Easy", "very-easy", 12, 9);
    st = one("DIFFICULTY forget-about-it", LOG_DIFFICULTY);
    word_is(&st->difficulty, "forget-about-it", "forget-about-it", 12, 15);

    st = one("solo Merchant", LOG_SOLO);
    word_is(&st->solo, "Merchant", "merchant", 6, 8);

    st = one("variant famine_halves_farms", LOG_VARIANT);
    assert_int_equal(st->variant.count, 1);
    word_is(&st->variant.items[0], "famine_halves_farms", "famine-halves-farms", 9, 19);
    st = one("variants a, b c", LOG_VARIANT);
    assert_int_equal(st->variant.count, 3);
    word_is(&st->variant.items[2], "c", "c", 15, 1);
}

static void test_events(void **state)
{
    (void)state;
    const struct log_stmt *st = one("events 7 fire, 8 plague, 9 famine, 10 outlaws", LOG_EVENTS);
    assert_int_equal(st->events.count, 4);
    num_is(&st->events.items[0].round, 7, 8, 1);
    word_is(&st->events.items[0].name, "fire", "fire", 10, 4);
    assert_int_equal(st->events.items[0].die.at.line, 0);
    num_is(&st->events.items[3].round, 10, 36, 2);
    word_is(&st->events.items[3].name, "outlaws", "outlaws", 39, 7);

    st = one("event 9 1 10 Water_Storm", LOG_EVENTS);
    assert_int_equal(st->events.count, 2);
    num_is(&st->events.items[0].die, 1, 9, 1);
    assert_null(st->events.items[0].name.text);
    word_is(&st->events.items[1].name, "Water_Storm", "water-storm", 14, 11);

    st = one("events   # none for very-easy", LOG_EVENTS);
    assert_int_equal(st->events.count, 0);
    assert_null(st->events.items);
}

/* --- round statements ------------------------------------------------------------------------ */

static void test_round_shared_turn(void **state)
{
    (void)state;
    const struct log_stmt *st = one("round 1", LOG_ROUND);
    num_is(&st->round, 1, 7, 1);
    st = one("Round 10", LOG_ROUND);
    num_is(&st->round, 10, 7, 2);

    st = one("shared 5 6", LOG_SHARED);
    num_is(&st->shared.dice[0], 5, 8, 1);
    num_is(&st->shared.dice[1], 6, 10, 1);
    st = one("shared 5,6", LOG_SHARED);
    num_is(&st->shared.dice[1], 6, 10, 1);
    st = one("shared 3 3", LOG_SHARED); /* the doubles rule is the replay's */
    num_is(&st->shared.dice[1], 3, 10, 1);

    st = one("  turn Jack 3 1", LOG_TURN);
    span_is(st->at, 1, 3, 13);
    word_is(&st->turn.player, "Jack", "jack", 8, 4);
    num_is(&st->turn.dice[0], 3, 13, 1);
    num_is(&st->turn.dice[1], 1, 15, 1);
    st = one("turn \"Mary Ann\" 6, 06", LOG_TURN);
    word_is(&st->turn.player, "Mary Ann", "mary ann", 6, 10);
    num_is(&st->turn.dice[1], 6, 20, 2);
}

static void test_outlaws(void **state)
{
    (void)state;
    const struct log_stmt *st = one("outlaws Tom 4, Martha 5 2", LOG_OUTLAWS);
    assert_int_equal(st->outlaws.count, 2);
    word_is(&st->outlaws.items[0].player, "Tom", "tom", 9, 3);
    assert_int_equal(st->outlaws.items[0].count, 1);
    num_is(&st->outlaws.items[0].rolls[0], 4, 13, 1);
    word_is(&st->outlaws.items[1].player, "Martha", "martha", 16, 6);
    assert_int_equal(st->outlaws.items[1].count, 2);
    num_is(&st->outlaws.items[1].rolls[0], 5, 23, 1);
    num_is(&st->outlaws.items[1].rolls[1], 2, 25, 1);

    same_dump("outlaws Tom 4, Martha 5 2", "outlaws Tom 4  Martha 5,2");
}

/* --- spend lines ----------------------------------------------------------------------------- */

static void test_spend(void **state)
{
    (void)state;
    const struct log_stmt *st = one("  6 population", LOG_SPEND);
    const struct log_spend *s = &st->spend;
    assert_false(s->reserve);
    num_is(&s->die, 6, 3, 1);
    assert_int_equal(s->action, LOG_ACT_ASSET);
    word_is(&s->target, "population", "population", 5, 10);
    span_is(s->action_at, 1, 5, 10);
    assert_int_equal(s->perk, 0);

    s = &one("4 Strong_Ale", LOG_SPEND)->spend;
    word_is(&s->target, "Strong_Ale", "strong-ale", 3, 10);

    s = &one("1 attract master-builder", LOG_SPEND)->spend;
    assert_int_equal(s->action, LOG_ACT_ATTRACT);
    span_is(s->action_at, 1, 3, 7);
    word_is(&s->target, "master-builder", "master-builder", 11, 14);
    assert_int_equal(s->perk, 0);
    assert_int_equal(s->perk_at.line, 0);

    s = &one("2 ATTRACT Sheriff B", LOG_SPEND)->spend;
    assert_int_equal(s->action, LOG_ACT_ATTRACT);
    word_is(&s->target, "Sheriff", "sheriff", 11, 7);
    assert_int_equal(s->perk, 'b');
    span_is(s->perk_at, 1, 19, 1);

    s = &one("1 build town_court a", LOG_SPEND)->spend;
    assert_int_equal(s->action, LOG_ACT_BUILD);
    word_is(&s->target, "town_court", "town-court", 9, 10);
    assert_int_equal(s->perk, 'a');

    s = &one("3 influence quarry", LOG_SPEND)->spend;
    assert_int_equal(s->action, LOG_ACT_INFLUENCE);
    word_is(&s->target, "quarry", "quarry", 13, 6);

    s = &one("5 store", LOG_SPEND)->spend;
    assert_int_equal(s->action, LOG_ACT_STORE);
    span_is(s->action_at, 1, 3, 5);
    assert_null(s->target.text);

    st = one("reserve 3 influence quarry", LOG_SPEND);
    s = &st->spend;
    assert_true(s->reserve);
    span_is(s->reserve_at, 1, 1, 7);
    num_is(&s->die, 3, 9, 1);
    span_is(st->at, 1, 1, 26);
    s = &one("Reserve 2 attract witch a", LOG_SPEND)->spend;
    assert_true(s->reserve);
    assert_int_equal(s->perk, 'a');
}

/* Ids typed with spaces parse as one id, joined with hyphens and marked: the replay names the
 * fix. A one-letter word, a perk letter at the end, a number or a check keyword ends them. */
static void test_spaced_ids(void **state)
{
    (void)state;
    const struct log_spend *s = &one("3 men  at Arms", LOG_SPEND)->spend;
    word_is(&s->target, "men  at Arms", "men-at-arms", 3, 12);
    assert_true(s->target.spaced);
    s = &one("1 attract master builder b", LOG_SPEND)->spend;
    word_is(&s->target, "master builder", "master-builder", 11, 14);
    assert_true(s->target.spaced);
    assert_int_equal(s->perk, 'b');
    s = &one("1 attract sheriff a", LOG_SPEND)->spend;
    assert_false(s->target.spaced);
    s = &one("2 influence grass land", LOG_SPEND)->spend;
    word_is(&s->target, "grass land", "grass-land", 13, 10);
    const struct log_stmt *st = one("check Jack strong ale 3 food 2 people master-builder", LOG_CHECK);
    assert_int_equal(st->check.count, 3);
    word_is(&st->check.items[0].what, "strong ale", "strong-ale", 12, 10);
    assert_true(st->check.items[0].what.spaced);
    assert_int_equal(st->check.items[0].value.value, 3);
    assert_false(st->check.items[1].what.spaced);
    error1("1 attract witch c", 17, "expected a perk letter a or b, or the end of the line after '1 "
                                    "attract witch', found 'c'");
    error1("check Jack food twelve", 17, "expected a number after 'check Jack food', found 'twelve'");
}

static void test_sheriff_court(void **state)
{
    (void)state;
    const struct log_stmt *st = one("sheriff 3 4", LOG_SHERIFF);
    assert_int_equal(st->change.which, LOG_WHICH_ANY);
    assert_int_equal(st->change.which_at.line, 0);
    num_is(&st->change.from, 3, 9, 1);
    num_is(&st->change.to, 4, 11, 1);
    st = one("sheriff own 3 2", LOG_SHERIFF);
    assert_int_equal(st->change.which, LOG_WHICH_OWN);
    span_is(st->change.which_at, 1, 9, 3);
    st = one("sheriff SHARED 3 1", LOG_SHERIFF);
    assert_int_equal(st->change.which, LOG_WHICH_SHARED);

    st = one("court 2 4", LOG_COURT);
    num_is(&st->change.from, 2, 7, 1);
    st = one("court shared 2 4", LOG_COURT);
    assert_int_equal(st->change.which, LOG_WHICH_SHARED);
    assert_int_equal(st->change.reroll_at.line, 0);

    st = one("court reroll 3 5", LOG_COURT_REROLL);
    span_is(st->change.reroll_at, 1, 7, 6);
    assert_int_equal(st->change.which, LOG_WHICH_ANY);
    num_is(&st->change.to, 5, 16, 1);
    st = one("court reroll own 3 5", LOG_COURT_REROLL);
    assert_int_equal(st->change.which, LOG_WHICH_OWN);
    span_is(st->change.which_at, 1, 14, 3);
    st = one("court own reroll 3 5", LOG_COURT_REROLL); /* either order */
    assert_int_equal(st->change.which, LOG_WHICH_OWN);
    span_is(st->change.reroll_at, 1, 11, 6);
    st = one("Court Re_Roll shared 1 6", LOG_COURT_REROLL);
    assert_int_equal(st->change.which, LOG_WHICH_SHARED);
}

static void test_split_market(void **state)
{
    (void)state;
    const struct log_stmt *st = one("split 5 1 monks 4 food", LOG_SPLIT);
    num_is(&st->split.die, 5, 7, 1);
    num_is(&st->split.first_part, 1, 9, 1);
    word_is(&st->split.first_asset, "monks", "monks", 11, 5);
    num_is(&st->split.second_part, 4, 17, 1);
    word_is(&st->split.second_asset, "food", "food", 19, 4);

    st = one("market 3 supply", LOG_MARKET);
    num_is(&st->market.amount, 3, 8, 1);
    word_is(&st->market.into, "supply", "supply", 10, 6);
    st = one("market 12 Stone", LOG_MARKET); /* `stone` is resolved later */
    word_is(&st->market.into, "Stone", "stone", 11, 5);
}

static void test_war(void **state)
{
    (void)state;
    const struct log_stmt *st =
        one("war Jack support, Tom support 1, Martha support 5 3, Mary avoid", LOG_WAR);
    assert_int_equal(st->war.count, 4);
    const struct log_war_entry *e = st->war.items;
    word_is(&e[0].player, "Jack", "jack", 5, 4);
    assert_int_equal(e[0].choice, LOG_WAR_SUPPORT);
    span_is(e[0].choice_at, 1, 10, 7);
    assert_int_equal(e[0].count, 0);
    assert_int_equal(e[1].count, 1);
    num_is(&e[1].rolls[0], 1, 31, 1);
    assert_int_equal(e[2].count, 2);
    num_is(&e[2].rolls[1], 3, 51, 1);
    assert_int_equal(e[3].choice, LOG_WAR_AVOID);
    span_is(e[3].choice_at, 1, 59, 5);
    assert_int_equal(e[3].count, 0);

    same_dump("war Jack support, Tom support 1, Martha support 5 3, Mary avoid",
              "war Jack support  Tom support 1  Martha support 5,3, Mary avoid");
    st = one("war Jack AVOID", LOG_WAR);
    assert_int_equal(st->war.count, 1);
}

static void test_collect(void **state)
{
    (void)state;
    const struct log_stmt *st = one("collect Jack grassland food, forest supply", LOG_COLLECT);
    word_is(&st->collect.player, "Jack", "jack", 9, 4);
    assert_int_equal(st->collect.count, 2);
    word_is(&st->collect.items[0].location, "grassland", "grassland", 14, 9);
    word_is(&st->collect.items[0].take, "food", "food", 24, 4);
    word_is(&st->collect.items[1].location, "forest", "forest", 30, 6);
    word_is(&st->collect.items[1].take, "supply", "supply", 37, 6);
    same_dump("collect Jack grassland food, forest supply",
              "collect Jack grassland food  forest supply");
}

static void test_check(void **state)
{
    (void)state;
    const struct log_stmt *st =
        one("check Jack population 10 food 12 supply 3 reputation 5 score 87", LOG_CHECK);
    word_is(&st->check.player, "Jack", "jack", 7, 4);
    assert_int_equal(st->check.count, 5);
    const struct log_check_item *it = st->check.items;
    assert_int_equal(it[0].kind, LOG_CHECK_VALUE);
    word_is(&it[0].what, "population", "population", 12, 10);
    num_is(&it[0].value, 10, 23, 2);
    word_is(&it[4].what, "score", "score", 56, 5);
    num_is(&it[4].value, 87, 62, 2);

    st = one("check Tom quarry 7 people master-builder blacksmith", LOG_CHECK);
    it = st->check.items;
    assert_int_equal(st->check.count, 2);
    assert_int_equal(it[1].kind, LOG_CHECK_PEOPLE);
    word_is(&it[1].what, "people", "people", 20, 6);
    assert_int_equal(it[1].count, 2);
    word_is(&it[1].ids[0], "master-builder", "master-builder", 27, 14);
    word_is(&it[1].ids[1], "blacksmith", "blacksmith", 42, 10);

    /* A word followed by a number ends a set; commas are optional everywhere. */
    st = one("check Tom people a, b, food 3, Infra x, reserve 2, 4 pow 0 person", LOG_CHECK);
    it = st->check.items;
    assert_int_equal(st->check.count, 6);
    assert_int_equal(it[0].kind, LOG_CHECK_PEOPLE);
    assert_int_equal(it[0].count, 2);
    assert_int_equal(it[1].kind, LOG_CHECK_VALUE);
    word_is(&it[1].what, "food", "food", 24, 4);
    assert_int_equal(it[2].kind, LOG_CHECK_INFRAS);
    word_is(&it[2].what, "Infra", "infra", 32, 5);
    assert_int_equal(it[2].count, 1);
    assert_int_equal(it[3].kind, LOG_CHECK_RESERVE);
    assert_int_equal(it[3].count, 2);
    num_is(&it[3].values[1], 4, 52, 1);
    num_is(&it[4].value, 0, 58, 1);
    assert_int_equal(it[5].kind, LOG_CHECK_PEOPLE);
    assert_int_equal(it[5].count, 0); /* an empty set: no people */
    assert_null(it[5].ids);

    st = one("check Jack infrastructures stables market infrastructure reserve", LOG_CHECK);
    it = st->check.items;
    assert_int_equal(st->check.count, 3);
    assert_int_equal(it[0].count, 2);
    assert_int_equal(it[1].kind, LOG_CHECK_INFRAS);
    assert_int_equal(it[2].kind, LOG_CHECK_RESERVE);
    assert_int_equal(it[2].count, 0);
}

/* --- lexical conventions --------------------------------------------------------------------- */

static void test_comments_blank_lines_indentation(void **state)
{
    (void)state;
    parse("# a game\n\n   \t\nround 1   # first\n\t  turn Jack 3 1\n#end");
    assert_int_equal(g_dl.count, 0);
    assert_int_equal(g_ast->count, 2);
    span_is(g_ast->stmts[0].at, 4, 1, 7);
    span_is(g_ast->stmts[1].at, 5, 4, 13);
    assert_int_equal(g_ast->stmts[1].turn.player.at.line, 5);
}

static void test_empty_inputs(void **state)
{
    (void)state;
    parse_n("", 0);
    assert_int_equal(g_ast->count, 0);
    assert_int_equal(g_dl.count, 0);
    assert_false(g_ast->stopped);
    parse("\n\n# only comments\r\n   \n");
    assert_int_equal(g_ast->count, 0);
    assert_int_equal(g_dl.count, 0);
    reset();
    g_ast = log_parse(NULL, 0, NULL, &g_dl);
    assert_int_equal(g_ast->count, 0);
    assert_string_equal(g_ast->file, "");
}

static void test_crlf_same_as_lf(void **state)
{
    (void)state;
    same_dump("round 1\nturn Jack 3 1\n  6 population\nturn Jack 7 1\nwar Jack avoid\n",
              "round 1\r\nturn Jack 3 1\r\n  6 population\r\nturn Jack 7 1\r\nwar Jack avoid\r\n");
}

static void test_commas_same_as_spaces(void **state)
{
    (void)state;
    same_dump("players Jack Tom Mary", "players Jack,Tom,Mary");
    same_dump("players Jack  Tom  Mary", "players Jack, Tom, Mary");
    same_dump("events 7 fire 8 plague", "events 7 fire,8 plague");
    same_dump("variant a b", "variant a,b");
    same_dump("turn Jack 3 1", "turn Jack 3,1");
    same_dump("check Jack food 1 supply 2 people a b reserve 3 4",
              "check Jack food 1,supply 2,people a,b,reserve 3,4");
}

static void test_keywords_any_case(void **state)
{
    (void)state;
    same_dump("turn Jack 3 1", "TURN Jack 3 1");
    one("WAR Jack Support 2", LOG_WAR);
    one("ChEcK Jack PEOPLE blacksmith", LOG_CHECK);
    one("SPLIT 3 1 food 2 supply", LOG_SPLIT);
    one("xII 1", LOG_VERSION);
    /* Player names keep their case; ids keep the written text beside the normalized form. */
    const struct log_stmt *st = one("6 Men_At_Arms", LOG_SPEND);
    word_is(&st->spend.target, "Men_At_Arms", "men-at-arms", 3, 11);
}

/* --- errors ---------------------------------------------------------------------------------- */

struct err_case {
    const char *src;
    int col;
    const char *message;
};

static const struct err_case err_cases[] = {
    {"xii", 4, "expected a format version number after 'xii', found end of line"},
    {"xii 2", 5, "unsupported format version 2: this program reads version 1"},
    {"game", 5, "expected a title (one word, or several in double quotes) after 'game', found "
                "end of line"},
    {"game Friday night", 13, "expected the end of the line (a name of several words needs "
                              "double quotes) after 'game Friday', found 'night'"},
    {"game \"Friday\" night", 15, "expected the end of the line after 'game \"Friday\"', found "
                                  "'night'"},
    {"town Jack Oak Hill", 15, "expected the end of the line (a name of several words needs "
                               "double quotes) after 'town Jack Oak', found 'Hill'"},
    {"game \"\"", 6, "expected a title (one word, or several in double quotes) after 'game', "
                     "found '\"\"'"},
    {"players", 8, "expected a player name after 'players', found end of line"},
    {"players Jack,", 14, "expected the next player name after 'players Jack,', found end of "
                          "line"},
    {"players Jack,,Tom", 14, "expected the next player name after 'players Jack,', found ','"},
    {"players 1 2", 9, "expected a player name after 'players', found '1'"},
    {"players A B C D E F", 19, "at most 5 players, found a sixth name 'F'"},
    {"players A B C D E \"F G\"", 19, "at most 5 players, found a sixth name '\"F G\"'"},
    {"players A B C D E 6", 19, "expected the end of the line after 'players A B C D E', found "
                                "'6'"},
    {"town", 5, "expected a player name after 'town', found end of line"},
    {"town Jack", 10, "expected a town name (one word, or several in double quotes) after 'town "
                      "Jack', found end of line"},
    {"difficulty", 11, "expected a difficulty (very-easy, easy, normal, hard, very-hard or "
                       "forget-about-it) after 'difficulty', found end of line"},
    {"difficulty 3", 12, "expected a difficulty (very-easy, easy, normal, hard, very-hard or "
                         "forget-about-it) after 'difficulty', found '3'"},
    {"events 7", 9, "expected an event (its name or its die value 1-6) after 'events 7', found "
                    "end of line"},
    {"events 7 fire,", 15, "expected a round number 1-10 after 'events 7 fire,', found end of "
                           "line"},
    {"events 11 fire", 8, "expected a round number 1-10 after 'events', found '11'"},
    {"events 0 fire", 8, "expected a round number 1-10 after 'events', found '0'"},
    {"events 7 7", 10, "expected an event (its name or its die value 1-6) after 'events 7', "
                       "found '7'"},
    {"events fire 7", 8, "expected a round number 1-10 after 'events', found 'fire'"},
    {"solo", 5, "expected a solo objective (merchant, miller, cathedral, castle or arcade) after "
                "'solo', found end of line"},
    {"variant", 8, "expected a rule variant such as famine-halves-farms after 'variant', found "
                   "end of line"},
    {"variant a,", 11, "expected a rule variant such as famine-halves-farms after 'variant a,', "
                       "found end of line"},
    {"round", 6, "expected a round number 1-10 after 'round', found end of line"},
    {"round 0", 7, "expected a round number 1-10 after 'round', found '0'"},
    {"round 11", 7, "expected a round number 1-10 after 'round', found '11'"},
    {"round x", 7, "expected a round number 1-10 after 'round', found 'x'"},
    {"round 1 2", 9, "expected the end of the line after 'round 1', found '2'"},
    {"shared", 7, "expected a die value 1-6 after 'shared', found end of line"},
    {"shared 5", 9, "expected a die value 1-6 after 'shared 5', found end of line"},
    {"shared 5,", 10, "expected a die value 1-6 after 'shared 5,', found end of line"},
    {"shared 7 1", 8, "expected a die value 1-6 after 'shared', found '7'"},
    {"shared 5 6 1", 12, "expected the end of the line after 'shared 5 6', found '1'"},
    {"outlaws", 8, "expected a player name after 'outlaws', found end of line"},
    {"outlaws Tom", 12, "expected a bonus roll 1-6 after 'outlaws Tom', found end of line"},
    {"outlaws Tom 4,", 15, "expected the next player after 'outlaws Tom 4,', found end of line"},
    {"outlaws Tom 4 7", 15, "expected a bonus roll 1-6 after 'outlaws Tom 4', found '7'"},
    {"outlaws 4", 9, "expected a player name after 'outlaws', found '4'"},
    {"turn", 5, "expected a player name after 'turn', found end of line"},
    {"turn Jack", 10, "expected a die value 1-6 after 'turn Jack', found end of line"},
    {"turn Jack 3", 12, "expected a die value 1-6 after 'turn Jack 3', found end of line"},
    {"turn Jack 3 x", 13, "expected a die value 1-6 after 'turn Jack 3', found 'x'"},
    {"turn Jack 3 7", 13, "expected a die value 1-6 after 'turn Jack 3', found '7'"},
    {"turn Jack 3 1 5", 15, "expected the end of the line after 'turn Jack 3 1', found '5'"},
    {"turn 3 1", 6, "expected a player name after 'turn', found '3'"},
    {"turn Jack 0 1", 11, "expected a die value 1-6 after 'turn Jack', found '0'"},
    {"reserve", 8, "expected a die value 1-6 after 'reserve', found end of line"},
    {"reserve 3", 10, "expected an asset, or attract, build, influence or store after 'reserve "
                      "3', found end of line"},
    {"reserve x", 9, "expected a die value 1-6 after 'reserve', found 'x'"},
    {"6", 2, "expected an asset, or attract, build, influence or store after '6', found end of "
             "line"},
    {"7 food", 1, "expected a die value 1-6 at the start of a spend line, found '7'"},
    {"0 food", 1, "expected a die value 1-6 at the start of a spend line, found '0'"},
    {"6 \"food\"", 3, "expected an asset, or attract, build, influence or store after '6', found "
                      "'\"food\"'"},
    {"6 food 2", 8, "expected the end of the line after '6 food', found '2'"},
    {"1 attract", 10, "expected a person such as master-builder after '1 attract', found end of "
                      "line"},
    {"1 attract witch c", 17, "expected a perk letter a or b, or the end of the line after '1 "
                              "attract witch', found 'c'"},
    {"1 attract witch 2", 17, "expected a perk letter a or b, or the end of the line after '1 "
                              "attract witch', found '2'"},
    {"1 attract witch a b", 19, "expected the end of the line after '1 attract witch a', found "
                                "'b'"},
    {"1 build", 8, "expected an infrastructure such as stables after '1 build', found end of "
                   "line"},
    {"3 influence", 12, "expected a location such as quarry after '3 influence', found end of "
                        "line"},
    {"3 influence 3", 13, "expected a location such as quarry after '3 influence', found '3'"},
    {"4 store x", 9, "expected the end of the line after '4 store', found 'x'"},
    {"sheriff", 8, "expected own, shared or a die value 1-6 after 'sheriff', found end of line"},
    {"sheriff own", 12, "expected a die value 1-6 (the value the die shows) after 'sheriff own', "
                        "found end of line"},
    {"sheriff 3", 10, "expected a die value 1-6 (the value it shows afterwards) after 'sheriff "
                      "3', found end of line"},
    {"sheriff x 3 4", 9, "expected own, shared or a die value 1-6 after 'sheriff', found 'x'"},
    {"sheriff 3 7", 11, "expected a die value 1-6 (the value it shows afterwards) after 'sheriff "
                        "3', found '7'"},
    {"sheriff reroll 3 4", 9, "expected own, shared or a die value 1-6 after 'sheriff', found "
                              "'reroll'"},
    {"court", 6, "expected reroll, own, shared or a die value 1-6 after 'court', found end of "
                 "line"},
    {"court x", 7, "expected reroll, own, shared or a die value 1-6 after 'court', found 'x'"},
    {"court 2", 8, "expected a die value 1-6 (the value it shows afterwards) after 'court 2', "
                   "found end of line"},
    {"court reroll", 13, "expected own, shared or a die value 1-6 after 'court reroll', found "
                         "end of line"},
    {"court reroll own", 17, "expected a die value 1-6 (the value the die shows) after 'court "
                             "reroll own', found end of line"},
    {"court own reroll 3", 19, "expected a die value 1-6 (the value it shows afterwards) after "
                               "'court own reroll 3', found end of line"},
    {"split", 6, "expected a die value 1-6 after 'split', found end of line"},
    {"split 5", 8, "expected the first part 1-5 after 'split 5', found end of line"},
    {"split 5 1", 10, "expected the asset of the first part after 'split 5 1', found end of line"},
    {"split 5 1 monks", 16, "expected the second part 1-5 after 'split 5 1 monks', found end of "
                            "line"},
    {"split 5 1 monks 4", 18, "expected the asset of the second part after 'split 5 1 monks 4', "
                              "found end of line"},
    {"split 5 0 monks 5 food", 9, "expected the first part 1-5 after 'split 5', found '0'"},
    {"split 5 1 monks 3 food", 9, "the split parts 1 and 3 do not add up to the die value 5"},
    {"split 7 3 monks 4 food", 7, "expected a die value 1-6 after 'split', found '7'"},
    {"market", 7, "expected an amount of at least 1 after 'market', found end of line"},
    {"market 0 food", 8, "expected an amount of at least 1 after 'market', found '0'"},
    {"market 3", 9, "expected supply or food (what the amount becomes) after 'market 3', found "
                    "end of line"},
    {"war", 4, "expected a player name after 'war', found end of line"},
    {"war Jack", 9, "expected support or avoid after 'war Jack', found end of line"},
    {"war Jack fight", 10, "expected support or avoid after 'war Jack', found 'fight'"},
    {"war Jack avoid 3", 16, "expected the next player (bonus rolls follow support, not avoid) "
                             "after 'war Jack avoid', found '3'"},
    {"war Jack support 7", 18, "expected a bonus roll 1-6 after 'war Jack support', found '7'"},
    {"war Jack support 3,", 20, "expected the next player after 'war Jack support 3,', found end "
                                "of line"},
    {"war Jack avoid,", 16, "expected the next player after 'war Jack avoid,', found end of "
                            "line"},
    {"collect", 8, "expected a player name after 'collect', found end of line"},
    {"collect Jack", 13, "expected a location such as grassland after 'collect Jack', found end "
                         "of line"},
    {"collect Jack grassland", 23, "expected food or supply (the bonus taken) after 'collect "
                                   "Jack grassland', found end of line"},
    {"collect Jack grassland food,", 29, "expected a location such as grassland after 'collect "
                                         "Jack grassland food,', found end of line"},
    {"check", 6, "expected a player name after 'check', found end of line"},
    {"check Jack", 11, "expected a value to check (an asset, a location, reputation, pow, score, "
                       "people, infrastructures or reserve) after 'check Jack', found end of "
                       "line"},
    {"check Jack food", 16, "expected a number after 'check Jack food', found end of line"},
    {"check Jack food x", 17, "expected a number after 'check Jack food', found 'x'"},
    {"check Jack 3", 12, "expected a value to check (an asset, a location, reputation, pow, "
                         "score, people, infrastructures or reserve) after 'check Jack', found "
                         "'3'"},
    {"check Jack reserve 7", 20, "expected a reserve die value 1-6 after 'check Jack reserve', "
                                 "found '7'"},
    {"check Jack people,", 19, "expected a value to check (an asset, a location, reputation, "
                               "pow, score, people, infrastructures or reserve) after 'check "
                               "Jack people,', found end of line"},
    {"check Jack people \"a b\"", 19, "expected a value to check (an asset, a location, "
                                      "reputation, pow, score, people, infrastructures or "
                                      "reserve) after 'check Jack people', found '\"a b\"'"},
    {"bogus", 1, "expected a statement (a keyword such as round, turn, war or check, or a die "
                 "value), found 'bogus'"},
    {"Jack 3 1", 1, "expected a statement (a keyword such as round, turn, war or check, or a die "
                    "value), found 'Jack'"},
    {", round 1", 1, "expected a statement (a keyword such as round, turn, war or check, or a "
                     "die value), found ','"},
    {"\"round\" 1", 1, "expected a statement (a keyword such as round, turn, war or check, or a "
                       "die value), found '\"round\"'"},
    {"people a", 1, "expected a statement (a keyword such as round, turn, war or check, or a die "
                    "value), found 'people'"},
    /* Numbers of any length are read safely and refused when too large. */
    {"round 1234567890123456789012345678901234567890", 7,
     "expected a round number 1-10 after 'round', found '1234567890123456789012345678901234567890' "
     "(a number above 999999999)"},
    {"check Jack food 1234567890123456789012345678901234567890", 17,
     "expected a number after 'check Jack food', found '1234567890123456789012345678901234567890' "
     "(a number above 999999999)"},
    {"market 12345678901234567890123456789012345678901234567890 food", 8,
     "expected an amount of at least 1 after 'market', found "
     "'1234567890123456789012345678901234567890...' (a number above 999999999)"},
    {"xii 99999999999999999999", 5, "expected a format version number after 'xii', found "
                                    "'99999999999999999999' (a number above 999999999)"},
    {"1000000000 food", 1, "expected a die value 1-6 at the start of a spend line, found "
                           "'1000000000' (a number above 999999999)"},
    {"turn Jack 3 0000000000000000000000000000000000000001", 13, NULL}, /* accepted: value 1 */
    /* Bytes that are not text. */
    {"turn Ja\xFF" "ck 3 1", 8, "invalid UTF-8 byte 0xFF (a move log is UTF-8 text)"},
    {"turn \"Ja\xC3\" 3 1", 9, "invalid UTF-8 byte 0xC3 (a move log is UTF-8 text)"},
    {"round 1 # caf\xE9", 14, "invalid UTF-8 byte 0xE9 (a move log is UTF-8 text)"},
    {"\xE9t\xE9 1", 1, "invalid UTF-8 byte 0xE9 (a move log is UTF-8 text)"},
    {"turn \"Jack 3 1", 6, "unterminated string: the closing '\"' is missing on this line"},
    {"turn Jack\x01 3 1", 10, "unexpected control character 0x01"},
};

static void test_error_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof err_cases / sizeof err_cases[0]; i++) {
        const struct err_case *c = &err_cases[i];
        print_message("%s\n", c->src);
        if (!c->message) {
            parse(c->src);
            assert_int_equal(g_dl.count, 0);
            continue;
        }
        error1(c->src, c->col, c->message);
        const struct diag *d = &g_dl.items[0];
        bool encoding = strstr(c->message, "UTF-8") || strstr(c->message, "control");
        assert_string_equal(d->code, encoding ? "encoding" : "syntax");
    }
}

static void test_error_token_length(void **state)
{
    (void)state;
    error1("turn Jack 3 xyz", 13, "expected a die value 1-6 after 'turn Jack 3', found 'xyz'");
    assert_int_equal(g_dl.items[0].len, 3);
    span_is(g_ast->stmts[0].at, 1, 1, 15);
    error1("turn Jack 3", 12, "expected a die value 1-6 after 'turn Jack 3', found end of line");
    assert_int_equal(g_dl.items[0].len, 1);
    span_is(g_ast->stmts[0].at, 1, 1, 11);
    error1("split 5 1 monks 3 food", 9, "the split parts 1 and 3 do not add up to the die value 5");
    assert_int_equal(g_dl.items[0].len, 9); /* from the first part to the second */
    /* The end of the line is shown right after the last token, before a comment. */
    error1("turn Jack   # forgot the dice", 10,
           "expected a die value 1-6 after 'turn Jack', found end of line");
}

static void test_nul_bytes(void **state)
{
    (void)state;
    static const char in[] = "round 1\nturn Jack\0 3 1\n  6 food\n\0\nround 2";
    parse_n(in, sizeof in - 1);
    assert_int_equal(g_dl.count, 2);
    assert_string_equal(g_dl.items[0].message, "unexpected NUL byte (a move log is UTF-8 text)");
    assert_string_equal(g_dl.items[0].code, "encoding");
    assert_int_equal(g_dl.items[0].pos.line, 2);
    assert_int_equal(g_dl.items[0].pos.col, 10);
    assert_int_equal(g_dl.items[1].pos.line, 4);
    assert_int_equal(g_dl.items[1].pos.col, 1);
    /* Parsing goes on after each NUL: nothing is cut off. */
    assert_int_equal(g_ast->count, 5);
    assert_int_equal(g_ast->stmts[1].kind, LOG_INVALID);
    assert_int_equal(g_ast->stmts[1].invalid.attempted, LOG_TURN);
    assert_int_equal(g_ast->stmts[2].kind, LOG_SPEND);
    assert_int_equal(g_ast->stmts[3].kind, LOG_INVALID);
    assert_int_equal(g_ast->stmts[3].invalid.attempted, LOG_INVALID);
    assert_int_equal(g_ast->stmts[4].kind, LOG_ROUND);
    span_is(g_ast->stmts[4].at, 5, 1, 7);
}

/* A cut at every token of a valid line is either valid itself or one "found end of line"
 * error right after the cut. */
static void test_truncated_statements(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "xii 1",
        "game \"Friday at the Crown\"",
        "players Jack Tom Martha Mary",
        "town Jack \"Oakham\"",
        "difficulty normal",
        "events 7 fire, 8 plague, 9 famine, 10 outlaws",
        "solo merchant",
        "variant famine-halves-farms, other",
        "round 7",
        "shared 5, 6",
        "outlaws Tom 4, Martha 5 2",
        "turn Jack 3, 1",
        "6 population",
        "1 attract witch b",
        "1 build mill a",
        "3 influence quarry",
        "4 store",
        "reserve 3 influence quarry",
        "sheriff own 3 4",
        "court 2 4",
        "court reroll shared 3 5",
        "court own reroll 3 5",
        "split 5 1 monks 4 food",
        "market 3 supply",
        "war Jack support 4, 5, Tom support 1, Martha avoid",
        "collect Jack grassland food, forest supply",
        "check Jack population 10, people a b, reserve 2 4, food 3",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const char *line = lines[i];
        parse(line);
        if (g_dl.count)
            show_diags();
        assert_int_equal(g_dl.count, 0);
        assert_int_equal(g_ast->count, 1);
        assert_int_not_equal(g_ast->stmts[0].kind, LOG_INVALID);
        struct log_lexer lx;
        struct log_token t;
        log_lex_init(&lx, line, strlen(line));
        size_t errors = 0;
        for (log_lex_next(&lx, &t); t.kind != LOG_TOK_EOF; log_lex_next(&lx, &t)) {
            size_t cut = (size_t)(t.p + t.n - line);
            if (cut == strlen(line))
                break;
            parse_n(line, cut);
            if (g_dl.count == 0) {
                assert_int_not_equal(g_ast->stmts[0].kind, LOG_INVALID);
                continue;
            }
            errors++;
            assert_int_equal(g_dl.count, 1);
            const char *m = g_dl.items[0].message;
            size_t ml = strlen(m);
            print_message("%.*s -> %s\n", (int)cut, line, m);
            assert_true(ml > 17 && strcmp(m + ml - 17, "found end of line") == 0);
            assert_int_equal(g_dl.items[0].pos.col, (int)cut + 1);
            assert_int_equal(g_ast->stmts[0].kind, LOG_INVALID);
        }
        assert_true(errors > 0);
    }
}

static void test_recovery_and_invalid_kinds(void **state)
{
    (void)state;
    parse("round 1\nturn Jack 3 x\n  6 population\ncourt reroll 3 9\nbogus words\nround 2\n");
    assert_int_equal(g_dl.count, 3);
    assert_int_equal(g_ast->count, 6);
    assert_int_equal(g_ast->stmts[0].kind, LOG_ROUND);
    assert_int_equal(g_ast->stmts[1].kind, LOG_INVALID);
    assert_int_equal(g_ast->stmts[1].invalid.attempted, LOG_TURN);
    span_is(g_ast->stmts[1].at, 2, 1, 13);
    assert_int_equal(g_ast->stmts[2].kind, LOG_SPEND);
    assert_int_equal(g_ast->stmts[3].invalid.attempted, LOG_COURT_REROLL);
    assert_int_equal(g_ast->stmts[4].invalid.attempted, LOG_INVALID);
    span_is(g_ast->stmts[4].at, 5, 1, 5);
    assert_int_equal(g_ast->stmts[5].kind, LOG_ROUND);
    assert_int_equal(g_ast->stmts[5].round.value, 2);
    /* One error per line, even when the rest of the line is bad too. */
    parse("turn \xFF \0 \x01 \"\n");
    assert_int_equal(g_dl.count, 1);
}

static void test_too_many_errors(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < LOG_MAX_ERRORS; i++)
        strbuf_puts(&sb, "round 11\n");
    strbuf_puts(&sb, "round 1\n");
    parse(sb.data);
    assert_int_equal(g_dl.count, LOG_MAX_ERRORS);
    assert_false(g_ast->stopped);
    assert_int_equal(g_ast->count, LOG_MAX_ERRORS + 1);

    for (int i = 0; i < 20; i++)
        strbuf_puts(&sb, "bogus\nround 2\n");
    parse(sb.data);
    assert_int_equal(g_dl.count, LOG_MAX_ERRORS + 1);
    assert_int_equal(g_dl.errors, LOG_MAX_ERRORS + 1);
    const struct diag *last = &g_dl.items[LOG_MAX_ERRORS];
    assert_string_equal(last->message, "too many errors: stopped after 50");
    assert_int_equal(last->pos.line, LOG_MAX_ERRORS + 2);
    assert_true(g_ast->stopped);
    assert_int_equal(g_ast->stop_line, LOG_MAX_ERRORS + 2);
    /* The statements up to the stop are kept; nothing after it. */
    assert_int_equal(g_ast->count, LOG_MAX_ERRORS + 1);
    strbuf_free(&sb);
}

/* Random bytes: never a crash, a bounded number of diagnostics, positions inside the input. */
static void test_binary_garbage(void **state)
{
    (void)state;
    uint32_t x = 12345;
    for (int round = 0; round < 40; round++) {
        size_t len = 1 + (size_t)round * 997;
        char *buf = malloc(len);
        for (size_t i = 0; i < len; i++) {
            x = x * 1103515245u + 12345u;
            buf[i] = (char)(x >> 16);
            /* Some rounds mix in text so that statements start and fail in many ways. */
            if (round % 2 && (x >> 8) % 3 == 0)
                buf[i] = "turn 3 1,\n\"#ab"[(x >> 4) % 15];
        }
        parse_n(buf, len);
        free(buf);
        assert_true(g_dl.count <= LOG_MAX_ERRORS + 1);
        for (size_t i = 0; i < g_dl.count; i++) {
            assert_true(g_dl.items[i].pos.line >= 1);
            assert_true(g_dl.items[i].pos.col >= 1);
            assert_true((size_t)g_dl.items[i].pos.col <= len + 1);
        }
        char *d = dump();
        free(d);
    }
}

static void test_log_free_null(void **state)
{
    (void)state;
    log_free(NULL);
    assert_string_equal(log_kind_name(LOG_COURT_REROLL), "court-reroll");
    assert_string_equal(log_kind_name(LOG_VERSION), "xii");
    assert_string_equal(log_kind_name(LOG_KIND_COUNT), "invalid");
}

/* A million lines of every kind parse, each statement in place (how fast: bench/bench_audit). */
static void test_million_lines(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "round 1\n", "shared 5 6\n", "turn Jack 3 1\n", "  6 population\n", "  3 food\n",
        "  1 attract master-builder\n", "  reserve 3 influence quarry\n",
        "war Jack support 1, Tom avoid\n", "check Jack population 10 people master-builder\n",
        "# a comment\n",
    };
    size_t n = 1000000;
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < n; i++)
        strbuf_puts(&sb, lines[i % 10]);
    parse_n(sb.data, sb.len);
    assert_int_equal(g_dl.count, 0);
    assert_int_equal(g_ast->count, n / 10 * 9);
    assert_int_equal(g_ast->stmts[g_ast->count - 1].at.line, (int)n - 1);
    strbuf_free(&sb);
}

/* Lines of 1 MB parse, and the message quotes a short piece of them (how fast: bench_audit). */
static void test_long_lines(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    /* 1 MB of set members and values on one line. */
    strbuf_puts(&sb, "check Jack people");
    size_t count = 0;
    while (sb.len < (1u << 20)) {
        strbuf_printf(&sb, " person-%zu,", count++);
    }
    strbuf_puts(&sb, " food 3\n# ");
    for (int i = 0; i < 1 << 20; i++)
        strbuf_putc(&sb, 'c');
    strbuf_puts(&sb, "\nturn Jack 3 ");
    size_t bad_col = 13;
    for (int i = 0; i < 1 << 20; i++)
        strbuf_putc(&sb, 'x');
    parse_n(sb.data, sb.len);
    assert_int_equal(g_ast->count, 2);
    assert_int_equal(g_ast->stmts[0].kind, LOG_CHECK);
    assert_int_equal(g_ast->stmts[0].check.items[0].count, count);
    assert_int_equal(g_ast->stmts[0].check.items[1].value.value, 3);
    /* The message quotes a short piece of the long token and of the long statement. */
    assert_int_equal(g_dl.count, 1);
    assert_int_equal(g_dl.items[0].pos.line, 3);
    assert_int_equal(g_dl.items[0].pos.col, (int)bad_col);
    assert_int_equal(g_dl.items[0].len, 1 << 20);
    assert_true(strlen(g_dl.items[0].message) < 200);
    strbuf_free(&sb);

    /* A long statement is shortened in the middle of the context. */
    strbuf_puts(&sb, "war");
    for (int i = 0; i < 10000; i++)
        strbuf_printf(&sb, " P%d avoid,", i);
    strbuf_puts(&sb, " Last");
    parse(sb.data);
    assert_int_equal(g_dl.count, 1);
    assert_string_equal(g_dl.items[0].message,
                        "expected support or avoid after 'war P0 avoid, P1 avoid, ... , P9998 "
                        "avoid, P9999 avoid, Last', found end of line");
    strbuf_free(&sb);
}

/* --- golden files ---------------------------------------------------------------------------- */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reports the first line where got and want differ. */
static void show_difference(const char *name, const char *got, const char *want)
{
    int line = 1;
    while (*got && *got == *want) {
        if (*got == '\n')
            line++;
        got++;
        want++;
    }
    print_error("%s: output differs from the .expected file at line %d\n", name, line);
}

static void test_golden(void **state)
{
    (void)state;
    const char *dir = "tests/golden/parse";
    DIR *d = opendir(dir);
    assert_non_null(d);
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".xii") == 0) {
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                names = realloc(names, cap * sizeof *names);
            }
            names[n++] = strdup(e->d_name);
        }
    }
    closedir(d);
    assert_true(n >= 10);
    qsort(names, n, sizeof *names, cmp_names);
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        char path[512], want_path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(want_path, sizeof want_path, "%.*s.expected", (int)(strlen(path) - 4), path);
        char *src;
        size_t len;
        struct strbuf err = STRBUF_INIT;
        assert_int_equal(readfile(path, 1u << 26, &src, &len, &err), 0);
        reset();
        g_buf = src;
        g_len = len;
        g_ast = log_parse(src, len, names[i], &g_dl);
        char *got = dump();
        if (!test_golden_update(want_path, got)) {
            char *want;
            size_t wlen;
            if (readfile(want_path, 1u << 26, &want, &wlen, &err) != 0) {
                print_error("%s\n", strbuf_cstr(&err));
                failures++;
            } else {
                if (strcmp(got, want) != 0) {
                    show_difference(names[i], got, want);
                    failures++;
                }
                free(want);
            }
        }
        free(got);
        strbuf_free(&err);
        free(names[i]);
    }
    free(names);
    assert_int_equal(failures, 0);
}

/* A line's tree takes memory in proportion to it (issue 29: the recorder keeps a tree per
 * statement, and each took a block of 64 kB as soon as it held a word). */
static void test_tree_memory(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "  4 build tavern",
        "turn \"Jo \\\"Ace\\\"\" 3 1",
        "check Ann food 3 supply 2 population 4 stone 0 wood 0 gold 0 reputation 1 pow 2 score 3 "
        "people monks farmer infrastructures mill reserve 3 5",
        "turn Ann 3 1\n  3 food\n  1 wood\n",
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        struct diag_list dl = DIAG_LIST_INIT;
        size_t len = strlen(lines[k]);
        struct log_ast *ast = log_parse_from(lines[k], len, "x.xii", 7, &dl);
        assert_true(ast->count >= 1);
        if (log_ast_bytes(ast) > 1024 + 16 * len)
            fail_msg("'%s' (%zu bytes) takes %zu bytes of tree", lines[k], len, log_ast_bytes(ast));
        log_free(ast);
        diag_list_free(&dl);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_version_and_game, teardown),
        cmocka_unit_test_teardown(test_players, teardown),
        cmocka_unit_test_teardown(test_town_difficulty_solo_variant, teardown),
        cmocka_unit_test_teardown(test_events, teardown),
        cmocka_unit_test_teardown(test_round_shared_turn, teardown),
        cmocka_unit_test_teardown(test_outlaws, teardown),
        cmocka_unit_test_teardown(test_spend, teardown),
        cmocka_unit_test_teardown(test_spaced_ids, teardown),
        cmocka_unit_test_teardown(test_sheriff_court, teardown),
        cmocka_unit_test_teardown(test_split_market, teardown),
        cmocka_unit_test_teardown(test_war, teardown),
        cmocka_unit_test_teardown(test_collect, teardown),
        cmocka_unit_test_teardown(test_check, teardown),
        cmocka_unit_test_teardown(test_comments_blank_lines_indentation, teardown),
        cmocka_unit_test_teardown(test_empty_inputs, teardown),
        cmocka_unit_test_teardown(test_crlf_same_as_lf, teardown),
        cmocka_unit_test_teardown(test_commas_same_as_spaces, teardown),
        cmocka_unit_test_teardown(test_keywords_any_case, teardown),
        cmocka_unit_test_teardown(test_error_messages, teardown),
        cmocka_unit_test_teardown(test_error_token_length, teardown),
        cmocka_unit_test_teardown(test_nul_bytes, teardown),
        cmocka_unit_test_teardown(test_truncated_statements, teardown),
        cmocka_unit_test_teardown(test_recovery_and_invalid_kinds, teardown),
        cmocka_unit_test_teardown(test_too_many_errors, teardown),
        cmocka_unit_test_teardown(test_binary_garbage, teardown),
        cmocka_unit_test_teardown(test_log_free_null, teardown),
        cmocka_unit_test_teardown(test_million_lines, teardown),
        cmocka_unit_test_teardown(test_long_lines, teardown),
        cmocka_unit_test_teardown(test_golden, teardown),
        cmocka_unit_test(test_tree_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
