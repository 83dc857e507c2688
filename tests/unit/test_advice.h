/* Helpers of the advisor's tests: a log cut at a decision, replayed, and the position the
 * advisor ranks there. Include after test.h and test_rules_fixture.h (GD). */
#ifndef TESTS_TEST_ADVICE_H
#define TESTS_TEST_ADVICE_H
#include <string.h>
#include "advisor/advice_position.h"
#include "audit/await.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "bots/game.h"

/* A log's replay and the decision awaited at its end. */
struct cut_log {
    struct diag_list dl;
    struct log_ast *ast;
    struct log_replay *r;
    struct log_await aw;
    struct advice_position pos;
};

/* Replays the first n bytes of text (which must replay with no error) and finds the decision
 * at their end: 0, or nonzero when the advisor has none there (advice_position_from_await). */
static inline int cut_open_n(struct cut_log *c, const char *text, size_t n)
{
    c->dl = (struct diag_list)DIAG_LIST_INIT;
    c->ast = log_parse(text, n, "t.xii", &c->dl);
    struct log_replay_options opt = {0};
    c->r = log_replay_run(&GD, c->ast, &opt, &c->dl);
    assert_int_equal(c->dl.errors, 0);
    log_await(c->r, &c->aw);
    struct strbuf why = STRBUF_INIT;
    int none = advice_position_from_await(c->r, &c->aw, -1, &c->pos, &why);
    strbuf_free(&why);
    return none;
}

/* The same for a whole text, which must end at a decision. */
static inline void cut_open(struct cut_log *c, const char *text)
{
    assert_int_equal(cut_open_n(c, text, strlen(text)), 0);
}

static inline void cut_close(struct cut_log *c)
{
    log_replay_free(c->r);
    log_free(c->ast);
    diag_list_free(&c->dl);
}

/* The log of a greedy game cut after the last turn line of the game; the caller owns it. */
static inline char *last_turn_log(int nplayers, int difficulty, int objective, uint64_t seed)
{
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct play_setup st = {nplayers, difficulty, objective, seed};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    assert_int_equal(play_game_run(&GD, &st, bots, &log, "last turn", &fin), 0);
    char *text = strbuf_detach(&log);
    char *cut = strstr(text, "\nround 10\n");
    assert_non_null(cut);
    char *line = NULL;
    for (char *p = strstr(cut, "\nturn "); p; p = strstr(p + 1, "\nturn "))
        line = p;
    assert_non_null(line);
    char *eol = strchr(line + 1, '\n');
    assert_non_null(eol);
    eol[1] = 0;
    return text;
}

#endif
