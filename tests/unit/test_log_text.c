/* Log text has one owner (src/log): names written as the lexer reads them back, one keyword
 * table, one list of turn-body kinds; and a round-trip property: generated games with hostile
 * player names are written, parsed and replayed to the same state, and every line the audit
 * or the recorder suggests on the way parses. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_util.h"
#include "bots/gen.h"
#include "log/name.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "log/write.h"
#include "record/session.h"
#include "record/shortform.h"
#include "record/text.h"
#include "test_rules_fixture.h"

/* Names a careless writer gets wrong: spaces, quotes, backslashes, UTF-8, commas, comments,
 * keywords, numbers. */
static const char *const hostile[] = {
    "Jack", "Mary Ann", "O\"Neil", "back\\slash", "trail\\", "\"", "\\\"", "José", "Ærøskøbing",
    "war", "turn", "reserve", "support", "avoid", "check", "42", "007", "3rd", "a,b", "#1",
    "x#y", "two  spaces", " lead", "tab\there", "\"quoted\"", "-", "_",
};

/* Parses one line; fails the test on any diagnostic. The caller frees the tree. */
static struct log_ast *parse_clean(const char *line)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(line, strlen(line), "t.xii", &dl);
    if (dl.count)
        fail_msg("'%s' does not parse: %s", line, dl.items[0].message);
    diag_list_free(&dl);
    assert_int_equal(ast->count, 1);
    return ast;
}

static void test_names_read_back(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        const char *name = hostile[i];
        struct strbuf line = STRBUF_INIT;
        strbuf_puts(&line, "turn ");
        log_write_name(name, &line);
        strbuf_puts(&line, " 3 1");
        struct log_ast *ast = parse_clean(strbuf_cstr(&line));
        assert_int_equal(ast->stmts[0].kind, LOG_TURN);
        assert_string_equal(ast->stmts[0].turn.player.text, name);
        log_free(ast);
        /* The same word inside a sentence. */
        char word[LOG_NAME_WORD_SIZE];
        log_name_word(name, word);
        assert_int_equal(strlen(word), line.len - strlen("turn  3 1"));
        assert_memory_equal(word, strbuf_cstr(&line) + strlen("turn "), strlen(word));
        strbuf_reset(&line);
        /* A title is always quoted. */
        strbuf_puts(&line, "game ");
        log_write_quoted(name, &line);
        ast = parse_clean(strbuf_cstr(&line));
        assert_string_equal(ast->stmts[0].game.text, name);
        log_free(ast);
        strbuf_free(&line);
    }
    /* Bare when one word, as the log has always written plain names. */
    struct strbuf w = STRBUF_INIT;
    log_write_name("Jack", &w);
    log_write_name("Mary Ann", &w);
    log_write_name("42", &w);
    assert_string_equal(strbuf_cstr(&w), "Jack\"Mary Ann\"\"42\"");
    strbuf_free(&w);
}

static void test_keyword_table(void **state)
{
    (void)state;
    static const struct {
        const char *word;
        enum log_kind kind;
    } cases[] = {
        {"title", LOG_GAME}, {"game", LOG_GAME}, {"player", LOG_PLAYERS}, {"Players", LOG_PLAYERS},
        {"event", LOG_EVENTS}, {"variants", LOG_VARIANT}, {"reserve", LOG_SPEND},
        {"COURT", LOG_COURT}, {"xii", LOG_VERSION}, {"check", LOG_CHECK}, {"Jack", LOG_INVALID},
        {"rounds", LOG_INVALID}, {"", LOG_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(log_keyword_kind(cases[i].word, strlen(cases[i].word)), cases[i].kind);
    /* The table is the parser's: a line starting with a keyword is (tried as) that statement. */
    static const char *const lines[] = {"title Friday", "player Jack Tom", "event 3 fire",
                                        "variants famine-halves-farms", "war Jack avoid"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        struct log_ast *ast = parse_clean(lines[i]);
        size_t n = strcspn(lines[i], " ");
        assert_int_equal(ast->stmts[0].kind, log_keyword_kind(lines[i], n));
        log_free(ast);
    }
}

static void test_turn_body_kinds(void **state)
{
    (void)state;
    for (int k = 0; k < LOG_KIND_COUNT; k++) {
        int body = k == LOG_SPEND || k == LOG_SHERIFF || k == LOG_COURT || k == LOG_COURT_REROLL ||
                   k == LOG_SPLIT || k == LOG_MARKET;
        assert_int_equal(log_kind_is_turn_body((enum log_kind)k), body);
    }
}

/* Name sets for generated games: every name of the list above, five at a time. */
#define NAME_SETS 6
static void name_set(int set, int nplayers, const char *out[XII_MAX_PLAYERS])
{
    static const char *const more[] = {"Zoë", "ROLLo", "D-day", "Tom", "\\\\", "x y z"};
    size_t total = sizeof hostile / sizeof hostile[0];
    for (int p = 0; p < nplayers; p++) {
        size_t k = (size_t)(set * XII_MAX_PLAYERS + p);
        out[p] = k < total ? hostile[k] : more[k % 6];
    }
}

/* A suggested line made concrete: placeholders D and ROLL become dice, "a|b" its last
 * choice (support, which the rolls may follow) (the names of the sets avoid those words). */
static void instantiate(const char *tmpl, struct strbuf *out)
{
    const char *p = tmpl;
    while (*p) {
        int quoted = *p == '"';
        size_t n = 0;
        if (quoted) {
            for (n = 1; p[n] && p[n] != '"'; n += p[n] == '\\' && p[n + 1] ? 2 : 1)
                ;
            n += p[n] == '"';
        } else {
            n = strcspn(p, " ,\"");
        }
        if (n == 0) {
            strbuf_putc(out, *p++);
            continue;
        }
        if (!quoted && n == 1 && *p == 'D')
            strbuf_puts(out, "3");
        else if (!quoted && n == 4 && strncmp(p, "ROLL", 4) == 0)
            strbuf_puts(out, "4");
        else if (!quoted && memchr(p, '|', n)) {
            const char *bar = p + n;
            while (bar[-1] != '|')
                bar--;
            strbuf_append(out, bar, (size_t)(p + n - bar));
        }
        else
            strbuf_append(out, p, n);
        p += n;
    }
}

/* The line a sentence suggests: after `add "`, up to the quote that ends it (followed by the
 * end of the sentence or by " and", " before", " after", " to"; quoted names inside the line
 * are followed by other words). */
static int suggested_line(const char *text, struct strbuf *out)
{
    const char *a = strstr(text, "add \"");
    if (!a)
        return 0;
    a += 5;
    static const char *const after[] = {" and ", " before ", " after ", " to "};
    for (const char *b = strchr(a, '"'); b; b = strchr(b + 1, '"')) {
        int end = b[1] == 0;
        for (size_t k = 0; k < sizeof after / sizeof after[0]; k++)
            end |= strncmp(b + 1, after[k], strlen(after[k])) == 0;
        if (end) {
            strbuf_append(out, a, (size_t)(b - a));
            return 1;
        }
    }
    return 0;
}

/* Every line the replay suggests for the state s parses. Returns how many were checked. */
static int check_suggestions(const struct game_state *s)
{
    int checked = 0;
    struct log_missing items[LOG_MISSING_MAX];
    int n = log_replay_missing(s, items);
    for (int k = 0; k < n; k++) {
        struct strbuf tmpl = STRBUF_INIT, line = STRBUF_INIT;
        assert_true(suggested_line(items[k].text, &tmpl));
        instantiate(strbuf_cstr(&tmpl), &line);
        log_free(parse_clean(strbuf_cstr(&line)));
        checked++;
        strbuf_free(&tmpl);
        strbuf_free(&line);
    }
    if (s->turn.player >= 0)
        for (int i = 0; i <= XII_TURN_DICE; i++) {
            int die = i < XII_TURN_DICE ? s->turn.dice[i].value : 0;
            if (i < XII_TURN_DICE && s->turn.dice[i].spent)
                continue;
            for (int store_first = 0; store_first <= 1; store_first++) {
                struct strbuf line = STRBUF_INIT;
                if (log_example_move(s, die, store_first, &line)) {
                    struct log_ast *ast = parse_clean(strbuf_cstr(&line));
                    assert_int_equal(ast->stmts[0].kind, LOG_SPEND);
                    log_free(ast);
                    checked++;
                }
                strbuf_free(&line);
            }
        }
    return checked;
}

static void test_generated_games_hostile_names(void **state)
{
    (void)state;
    int suggestions = 0;
    for (int g = 0; g < 2 * NAME_SETS; g++) {
        const char *names[XII_MAX_PLAYERS];
        int np = 2 + g % 4;
        name_set(g % NAME_SETS, np, names);
        struct log_gen_options o = {np, 7000u + (unsigned)g, 1};
        struct strbuf text = STRBUF_INIT;
        struct game_state final;
        assert_int_equal(log_gen_game_named(&GD, &o, names, &text, &final), 0);
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(text.data, text.len, "t.xii", &dl);
        struct log_replay_options opt = {0};
        struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
        for (size_t i = 0; i < dl.count; i++)     /* warnings (a wasted die) are the rules' */
            if (dl.items[i].level != DIAG_WARNING)
                fail_msg("game %d: %s (line %d)", g, dl.items[i].message, dl.items[i].pos.line);
        const struct game_state *s = &r->state;
        assert_int_equal(s->phase, PHASE_GAME_OVER);
        for (int p = 0; p < np; p++) {
            assert_string_equal(s->cfg.names[p], names[p]);
            assert_memory_equal(s->p[p].asset, final.p[p].asset, sizeof final.p[p].asset);
            assert_memory_equal(s->p[p].influence, final.p[p].influence, sizeof final.p[p].influence);
            assert_int_equal(s->p[p].reputation, final.p[p].reputation);
            assert_int_equal(s->p[p].owned, final.p[p].owned);
            assert_int_equal(engine_score(s, p, NULL), engine_score(&final, p, NULL));
        }
        log_replay_free(r);
        log_free(ast);
        diag_list_free(&dl);
        /* Every prefix of the log, cut at a line: what the replay then suggests parses. */
        for (size_t at = 0; at < text.len; at++) {
            if (text.data[at] != '\n')
                continue;
            struct diag_list dl2 = DIAG_LIST_INIT;
            struct log_ast *a2 = log_parse(text.data, at + 1, "t.xii", &dl2);
            struct log_replay *r2 = log_replay_run(&GD, a2, &opt, &dl2);
            if (r2->started)
                suggestions += check_suggestions(&r2->state);
            log_replay_free(r2);
            log_free(a2);
            diag_list_free(&dl2);
        }
        strbuf_free(&text);
    }
    assert_true(suggestions > 1000);
}

/* The audit's own sentences that quote a line with a name in it. */
static void test_audit_messages_quote_names(void **state)
{
    (void)state;
    static const char log[] =
        "players Tom \"Mary Ann\"\nround 1\nshared 1 2\n"
        "turn Tom 3 4\n  3 population\n  4 population\n  1 population\n  2 population\n"
        "war Tom avoid\n";
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(log, strlen(log), "t.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    int seen = 0;
    for (size_t i = 0; i < dl.count; i++) {
        const char *m = dl.items[i].message;
        if (strstr(m, "Mary Ann avoid") || strstr(m, "turn Mary Ann"))
            fail_msg("a name written bare: %s", m);
        seen += strstr(m, "\"Mary Ann\" avoid") != NULL || strstr(m, "turn \"Mary Ann\"") != NULL;
    }
    assert_true(seen > 0);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
}

/* The recorder: a game typed line by line; at every step the example it gives, written out
 * in full, parses; `title Friday` at the first prompt is a title. */
static void test_recorder_lines(void **state)
{
    (void)state;
    char dir[] = "/tmp/xii-logtext-XXXXXX";
    assert_int_equal(test_tmpdir_make(dir), 0);
    struct record_session *s = NULL;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(&s, &GD, test_tmp_path(dir, "title.xii"), &err), 0);
    struct record_result res;
    record_session_submit(s, "title Friday", &res);
    assert_int_equal(res.outcome, RECORD_ACCEPTED);
    assert_null(strstr(strbuf_cstr(&res.written), "players"));
    record_result_free(&res);
    record_session_free(s);

    const char *names[] = {"Mary Ann", "O\"Neil", "42"};
    struct log_gen_options o = {3, 99, 0};
    struct strbuf text = STRBUF_INIT;
    assert_int_equal(log_gen_game_named(&GD, &o, names, &text, NULL), 0);
    assert_int_equal(record_session_open(&s, &GD, test_tmp_path(dir, "game.xii"), &err), 0);
    int examples = 0;
    for (const char *p = text.data, *e; *p; p = e + 1) {
        e = strchr(p, '\n');
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(e - p), p);
        record_session_submit(s, line, &res);
        if (line[0] && res.outcome != RECORD_ACCEPTED)
            fail_msg("'%s' refused: %s", line, strbuf_cstr(&res.message));
        record_result_free(&res);
        if (!record_session_started(s))
            continue;
        struct strbuf ex = STRBUF_INIT, full = STRBUF_INIT, comment = STRBUF_INIT;
        record_text_example(s, &ex);
        if (ex.len) {
            assert_int_equal(record_shortform_expand(s, strbuf_cstr(&ex), &full, &comment, &err), 0);
            log_free(parse_clean(strbuf_cstr(&full)));
            examples++;
        }
        strbuf_free(&ex);
        strbuf_free(&full);
        strbuf_free(&comment);
    }
    assert_true(examples > 100);
    record_session_free(s);
    strbuf_free(&text);
    strbuf_free(&err);
    assert_int_equal(test_tmpdir_remove(dir), 0);
}

/* The short forms' statements start with their kind's keyword (read back by the parser's
 * table), names written as log words; "round N" and the war line of avoids likewise. */
static void test_shortform_statements(void **state)
{
    (void)state;
    static const enum log_kind kinds[] = {LOG_PLAYERS, LOG_SOLO, LOG_DIFFICULTY, LOG_EVENTS, LOG_OUTLAWS,
                                          LOG_SHARED, LOG_TURN, LOG_SPEND, LOG_WAR, LOG_COLLECT, LOG_CHECK};
    struct strbuf sb = STRBUF_INIT;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        strbuf_reset(&sb);
        log_write_shortform(kinds[k], NULL, "3 1", &sb);
        size_t n = strcspn(sb.data, " ");
        assert_int_equal(log_keyword_kind(sb.data, n), kinds[k]);
        assert_string_equal(sb.data + n, " 3 1");
    }
    strbuf_reset(&sb);
    log_write_shortform(LOG_TURN, "Jo \"Ace\"", "3 1", &sb);
    assert_string_equal(strbuf_cstr(&sb), "turn \"Jo \\\"Ace\\\"\" 3 1");
    strbuf_reset(&sb);
    log_write_shortform(LOG_EVENTS, NULL, NULL, &sb);
    assert_string_equal(strbuf_cstr(&sb), "events");
    strbuf_reset(&sb);
    log_write_round_statement(4, &sb);
    assert_string_equal(strbuf_cstr(&sb), "round 4");
    struct game_config cfg = {.nplayers = 2, .names = {"Jack", "Ann Lee"}};
    strbuf_reset(&sb);
    log_write_war_all_avoid(&cfg, &sb);
    assert_string_equal(strbuf_cstr(&sb), "war Jack avoid, \"Ann Lee\" avoid");
    strbuf_free(&sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_read_back),
        cmocka_unit_test(test_keyword_table),
        cmocka_unit_test(test_turn_body_kinds),
        cmocka_unit_test(test_generated_games_hostile_names),
        cmocka_unit_test(test_audit_messages_quote_names),
        cmocka_unit_test(test_recorder_lines),
        cmocka_unit_test(test_shortform_statements),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
