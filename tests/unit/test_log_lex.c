/* The move-log lexer: tokens, positions, numbers, strings, comments and every bad byte. */
#include "test.h"
#include "log/lex.h"
#include <stdlib.h>
#include <string.h>

/* Lexes s (exactly len bytes, copied to a heap block without a terminating NUL so that ASan
 * catches any read past the end) into at most max tokens; returns how many, EOF included. */
static size_t lex_all(const char *s, size_t len, struct log_token *toks, size_t max, char **keep)
{
    char *buf = malloc(len ? len : 1);
    assert_non_null(buf);
    memcpy(buf, s, len);
    struct log_lexer lx;
    log_lex_init(&lx, buf, len);
    size_t n = 0;
    while (n < max) {
        log_lex_next(&lx, &toks[n]);
        if (toks[n++].kind == LOG_TOK_EOF)
            break;
    }
    *keep = buf;
    return n;
}

#define LEX(str, toks) lex_all(str, sizeof(str) - 1, toks, sizeof toks / sizeof toks[0], &buf)

static void check_tok(const struct log_token *t, enum log_tok kind, const char *text, int line,
                      int col)
{
    assert_int_equal(t->kind, kind);
    if (text) {
        assert_int_equal(t->n, strlen(text));
        assert_memory_equal(t->p, text, t->n);
    }
    assert_int_equal(t->line, line);
    assert_int_equal(t->col, col);
}

static void test_words_numbers_eol(void **state)
{
    (void)state;
    struct log_token t[16];
    char *buf;
    size_t n = LEX("turn Jack 3 1\n  6 population", t);
    assert_int_equal(n, 8);
    check_tok(&t[0], LOG_TOK_WORD, "turn", 1, 1);
    check_tok(&t[1], LOG_TOK_WORD, "Jack", 1, 6);
    check_tok(&t[2], LOG_TOK_NUMBER, "3", 1, 11);
    assert_int_equal(t[2].value, 3);
    check_tok(&t[3], LOG_TOK_NUMBER, "1", 1, 13);
    check_tok(&t[4], LOG_TOK_EOL, "\n", 1, 14);
    check_tok(&t[5], LOG_TOK_NUMBER, "6", 2, 3);
    check_tok(&t[6], LOG_TOK_WORD, "population", 2, 5);
    check_tok(&t[7], LOG_TOK_EOF, "", 2, 15);
    free(buf);

    /* After the end, EOF again and again. */
    struct log_lexer lx;
    log_lex_init(&lx, "x", 1);
    log_lex_next(&lx, &t[0]);
    log_lex_next(&lx, &t[1]);
    log_lex_next(&lx, &t[2]);
    assert_int_equal(t[1].kind, LOG_TOK_EOF);
    assert_int_equal(t[2].kind, LOG_TOK_EOF);
}

static void test_comments_commas_crlf(void **state)
{
    (void)state;
    struct log_token t[16];
    char *buf;
    size_t n = LEX("# header comment\r\nwar Jack,Tom , Mary # avoid all\r\n\r\n", t);
    assert_int_equal(n, 10);
    check_tok(&t[0], LOG_TOK_EOL, "\n", 1, 18);
    check_tok(&t[1], LOG_TOK_WORD, "war", 2, 1);
    check_tok(&t[2], LOG_TOK_WORD, "Jack", 2, 5);
    check_tok(&t[3], LOG_TOK_COMMA, ",", 2, 9);
    check_tok(&t[4], LOG_TOK_WORD, "Tom", 2, 10);
    check_tok(&t[5], LOG_TOK_COMMA, ",", 2, 14);
    check_tok(&t[6], LOG_TOK_WORD, "Mary", 2, 16);
    check_tok(&t[7], LOG_TOK_EOL, "\n", 2, 33);
    check_tok(&t[8], LOG_TOK_EOL, "\n", 3, 2);
    check_tok(&t[9], LOG_TOK_EOF, "", 4, 1);
    free(buf);
}

static void test_lone_cr_and_tabs_are_spaces(void **state)
{
    (void)state;
    struct log_token t[8];
    char *buf;
    size_t n = LEX("a\rb\tc", t);
    assert_int_equal(n, 4);
    check_tok(&t[0], LOG_TOK_WORD, "a", 1, 1);
    check_tok(&t[1], LOG_TOK_WORD, "b", 1, 3);
    check_tok(&t[2], LOG_TOK_WORD, "c", 1, 5);
    free(buf);
}

static void test_numbers(void **state)
{
    (void)state;
    struct log_token t[16];
    char *buf;
    size_t n = LEX("0 007 999999999 1000000000 1234567890123456789012345678901234567890 3x -3 4.5", t);
    assert_int_equal(n, 9);
    assert_int_equal(t[0].kind, LOG_TOK_NUMBER);
    assert_int_equal(t[0].value, 0);
    assert_int_equal(t[1].value, 7);
    assert_int_equal(t[1].n, 3);
    assert_int_equal(t[2].value, 999999999);
    assert_false(t[2].overflow);
    assert_int_equal(t[3].kind, LOG_TOK_NUMBER);
    assert_true(t[3].overflow);
    assert_int_equal(t[3].value, LOG_NUM_MAX + 1);
    assert_int_equal(t[4].kind, LOG_TOK_NUMBER);
    assert_true(t[4].overflow);
    assert_int_equal(t[4].n, 40);
    check_tok(&t[5], LOG_TOK_WORD, "3x", 1, 69);
    check_tok(&t[6], LOG_TOK_WORD, "-3", 1, 72);
    check_tok(&t[7], LOG_TOK_WORD, "4.5", 1, 75);
    free(buf);
}

static void test_strings(void **state)
{
    (void)state;
    struct log_token t[8];
    char *buf;
    size_t n = LEX("game \"Friday at the Crown\" \"a\\\"b\\\\c\\n\" \"\"", t);
    assert_int_equal(n, 5);
    check_tok(&t[1], LOG_TOK_STRING, "\"Friday at the Crown\"", 1, 6);
    char out[64];
    size_t k = log_lex_unquote(&t[1], out);
    assert_int_equal(k, 19);
    assert_memory_equal(out, "Friday at the Crown", 19);
    assert_int_equal(t[2].kind, LOG_TOK_STRING);
    k = log_lex_unquote(&t[2], out);
    /* \" and \\ are escapes; any other backslash stays as written. */
    assert_int_equal(k, 7);
    assert_memory_equal(out, "a\"b\\c\\n", 7);
    assert_int_equal(t[3].kind, LOG_TOK_STRING);
    assert_int_equal(log_lex_unquote(&t[3], out), 0);
    free(buf);

    /* A '#' and a ',' inside quotes are text; UTF-8 is fine. */
    n = LEX("\"M\xC3\xA1ire #1, Esq.\"", t);
    assert_int_equal(n, 2);
    assert_int_equal(t[0].kind, LOG_TOK_STRING);
    assert_int_equal(t[0].n, 17);
    free(buf);
}

static void test_unterminated_string(void **state)
{
    (void)state;
    struct log_token t[8];
    char *buf;
    size_t n = LEX("town Jack \"Oak ham\nround 1", t);
    assert_int_equal(n, 7);
    check_tok(&t[2], LOG_TOK_ERROR, "\"Oak ham", 1, 11);
    assert_int_equal(t[2].error, LOG_LEX_UNTERMINATED);
    check_tok(&t[3], LOG_TOK_EOL, "\n", 1, 19);
    check_tok(&t[4], LOG_TOK_WORD, "round", 2, 1);
    free(buf);

    /* At the end of the buffer, before CRLF, and with an escaped quote at the end. */
    n = LEX("\"abc", t);
    assert_int_equal(t[0].kind, LOG_TOK_ERROR);
    assert_int_equal(t[0].n, 4);
    free(buf);
    n = LEX("\"abc\r\n", t);
    assert_int_equal(t[0].kind, LOG_TOK_ERROR);
    assert_int_equal(t[0].n, 4);
    assert_int_equal(t[1].kind, LOG_TOK_EOL);
    free(buf);
    n = LEX("\"abc\\\"", t);
    assert_int_equal(n, 2);
    assert_int_equal(t[0].error, LOG_LEX_UNTERMINATED);
    free(buf);
}

static void test_nul_bytes(void **state)
{
    (void)state;
    struct log_token t[8];
    char *buf;
    /* Between tokens, inside a word, inside a string, inside a comment: never an end. */
    static const char in[] = "a \0 b";
    size_t n = lex_all(in, sizeof in - 1, t, 8, &buf);
    assert_int_equal(n, 4);
    check_tok(&t[1], LOG_TOK_ERROR, NULL, 1, 3);
    assert_int_equal(t[1].error, LOG_LEX_NUL);
    assert_int_equal(t[1].n, 1);
    check_tok(&t[2], LOG_TOK_WORD, "b", 1, 5);
    free(buf);

    static const char word[] = "Ja\0ck";
    n = lex_all(word, sizeof word - 1, t, 8, &buf);
    check_tok(&t[0], LOG_TOK_WORD, "Ja", 1, 1);
    check_tok(&t[1], LOG_TOK_ERROR, NULL, 1, 3);
    assert_int_equal(t[1].error, LOG_LEX_NUL);
    check_tok(&t[2], LOG_TOK_WORD, "ck", 1, 4);
    free(buf);

    static const char str[] = "\"Ja\0ck\"";
    lex_all(str, sizeof str - 1, t, 8, &buf);
    check_tok(&t[0], LOG_TOK_ERROR, NULL, 1, 4);
    assert_int_equal(t[0].error, LOG_LEX_NUL);
    free(buf);

    static const char comment[] = "round 1 # x\0y\n";
    lex_all(comment, sizeof comment - 1, t, 8, &buf);
    check_tok(&t[2], LOG_TOK_ERROR, NULL, 1, 12);
    assert_int_equal(t[2].error, LOG_LEX_NUL);
    free(buf);
}

static void test_control_characters(void **state)
{
    (void)state;
    struct log_token t[8];
    char *buf;
    LEX("a\x01 b", t);
    check_tok(&t[0], LOG_TOK_WORD, "a", 1, 1);
    check_tok(&t[1], LOG_TOK_ERROR, NULL, 1, 2);
    assert_int_equal(t[1].error, LOG_LEX_CONTROL);
    assert_int_equal(t[1].byte, 1);
    free(buf);
    LEX("\x7f", t);
    assert_int_equal(t[0].error, LOG_LEX_CONTROL);
    free(buf);
    LEX("# \x1b[0m", t);
    assert_int_equal(t[0].error, LOG_LEX_CONTROL);
    assert_int_equal(t[0].col, 3);
    free(buf);
    LEX("\"a\rb\"", t);
    assert_int_equal(t[0].error, LOG_LEX_CONTROL);
    assert_int_equal(t[0].byte, '\r');
    free(buf);
}

/* One word made of `bytes`: either valid (one WORD) or an ERROR at column `bad_col`. */
static void utf8_case(const char *bytes, size_t len, int bad_col)
{
    struct log_token t[4];
    char *buf;
    lex_all(bytes, len, t, 4, &buf);
    if (bad_col == 0) {
        assert_int_equal(t[0].kind, LOG_TOK_WORD);
        assert_int_equal(t[0].n, len);
    } else {
        assert_int_equal(t[0].kind, LOG_TOK_ERROR);
        assert_int_equal(t[0].error, LOG_LEX_UTF8);
        assert_int_equal(t[0].col, bad_col);
    }
    free(buf);
}

static void test_utf8(void **state)
{
    (void)state;
    utf8_case("M\xC3\xA1ire", 6, 0);             /* two-byte */
    utf8_case("\xE2\x82\xAC", 3, 0);             /* three-byte (euro sign) */
    utf8_case("\xF0\x9F\x8E\xB2", 4, 0);         /* four-byte (game die) */
    utf8_case("\xEF\xBF\xBF", 3, 0);             /* U+FFFF */
    utf8_case("\xF4\x8F\xBF\xBF", 4, 0);         /* U+10FFFF */
    utf8_case("ab\xFF", 3, 3);                   /* never valid */
    utf8_case("ab\x80", 3, 3);                   /* lone continuation */
    utf8_case("\xC0\x80", 2, 1);                 /* overlong NUL */
    utf8_case("\xC1\xBF", 2, 1);                 /* overlong */
    utf8_case("\xE0\x80\xAF", 3, 1);             /* overlong three-byte */
    utf8_case("\xF0\x80\x80\xAF", 4, 1);         /* overlong four-byte */
    utf8_case("\xED\xA0\x80", 3, 1);             /* surrogate */
    utf8_case("\xF4\x90\x80\x80", 4, 1);         /* above U+10FFFF */
    utf8_case("\xF5\x80\x80\x80", 4, 1);
    utf8_case("x\xC3", 2, 2);                    /* truncated at the end of the buffer */
    utf8_case("x\xE2\x82", 3, 2);
    utf8_case("x\xF0\x9F\x8E", 4, 2);
    utf8_case("x\xC3x", 3, 2);                   /* continuation missing */
    utf8_case("Mu\xE9ller", 7, 3);               /* Latin-1 text */

    /* In a string and in a comment too. */
    struct log_token t[4];
    char *buf;
    LEX("\"Mu\xE9ller\"", t);
    check_tok(&t[0], LOG_TOK_ERROR, NULL, 1, 4);
    assert_int_equal(t[0].error, LOG_LEX_UTF8);
    assert_int_equal(t[0].byte, 0xE9);
    free(buf);
    LEX("# caf\xE9", t);
    check_tok(&t[0], LOG_TOK_ERROR, NULL, 1, 6);
    free(buf);
}

/* A word says whether normalizing changes it (an ASCII upper-case letter or '_' in it, before
 * or after a UTF-8 sequence, after digits): the parser copies the others without a look. */
static void test_word_folds(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        bool folds;
    } cases[] = {
        {"population", false}, {"Population", true}, {"populatioN", true}, {"men_at_arms", true},
        {"men-at-arms", false}, {"3rd", false}, {"3Rd", true}, {"3_", true}, {"M\xC3\xA1ire", true},
        {"m\xC3\xA1ire", false}, {"m\xC3\xA1irE", true}, {"\xC3\xA1_", true}, {"@[]^`{}~", false},
        {"a\\b", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct log_token t[4];
        char *buf;
        size_t n = lex_all(cases[i].text, strlen(cases[i].text), t, 4, &buf);
        assert_int_equal(n, 2);
        assert_int_equal(t[0].kind, LOG_TOK_WORD);
        assert_int_equal(t[0].n, strlen(cases[i].text));
        if (t[0].folds != cases[i].folds)
            fail_msg("'%s': folds %d", cases[i].text, t[0].folds);
        free(buf);
    }
    /* Other tokens never fold: a number, a string with capitals, a comma. */
    struct log_token t[8];
    char *buf;
    size_t n = LEX("12 \"Ab_\" , # X_Y", t);
    assert_int_equal(n, 4);
    for (size_t i = 0; i < n; i++)
        assert_false(t[i].folds);
    free(buf);
}

static void test_bom_and_empty(void **state)
{
    (void)state;
    struct log_token t[4];
    char *buf;
    size_t n = LEX("\xEF\xBB\xBFround 1", t);
    assert_int_equal(n, 3);
    check_tok(&t[0], LOG_TOK_WORD, "round", 1, 1);
    free(buf);
    n = lex_all("", 0, t, 4, &buf);
    assert_int_equal(n, 1);
    check_tok(&t[0], LOG_TOK_EOF, "", 1, 1);
    free(buf);
    /* A BOM later in the file is an ordinary character of a word. */
    n = LEX("a \xEF\xBB\xBF", t);
    assert_int_equal(n, 3);
    assert_int_equal(t[1].kind, LOG_TOK_WORD);
    free(buf);
}

static void test_skip_line(void **state)
{
    (void)state;
    static const char in[] = "turn \xFF\0 junk \"\nround 2";
    char *buf = malloc(sizeof in - 1);
    memcpy(buf, in, sizeof in - 1);
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, buf, sizeof in - 1);
    log_lex_next(&lx, &t);
    log_lex_next(&lx, &t);
    assert_int_equal(t.kind, LOG_TOK_ERROR);
    log_lex_skip_line(&lx);
    log_lex_next(&lx, &t);
    check_tok(&t, LOG_TOK_WORD, "round", 2, 1);
    log_lex_skip_line(&lx); /* no line feed left: goes to the end */
    log_lex_next(&lx, &t);
    assert_int_equal(t.kind, LOG_TOK_EOF);
    free(buf);
}

static void test_long_line(void **state)
{
    (void)state;
    size_t len = 1u << 20;
    char *buf = malloc(len + 4);
    memset(buf, 'x', len);
    memcpy(buf + len, " 42\n", 4);
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, buf, len + 4);
    log_lex_next(&lx, &t);
    assert_int_equal(t.kind, LOG_TOK_WORD);
    assert_int_equal(t.n, len);
    log_lex_next(&lx, &t);
    assert_int_equal(t.kind, LOG_TOK_NUMBER);
    assert_int_equal(t.col, (int)len + 2);
    assert_int_equal(t.value, 42);
    free(buf);
}

static void test_many_lines(void **state)
{
    (void)state;
    size_t lines = 100000;
    char *buf = malloc(lines * 2);
    for (size_t i = 0; i < lines; i++)
        memcpy(buf + 2 * i, "a\n", 2);
    struct log_lexer lx;
    struct log_token t;
    log_lex_init(&lx, buf, lines * 2);
    size_t words = 0;
    do {
        log_lex_next(&lx, &t);
        if (t.kind == LOG_TOK_WORD) {
            words++;
            assert_int_equal(t.line, (int)words);
        }
    } while (t.kind != LOG_TOK_EOF);
    assert_int_equal(words, lines);
    free(buf);
}

static void test_error_text(void **state)
{
    (void)state;
    char msg[128];
    struct log_token t;
    memset(&t, 0, sizeof t);
    t.kind = LOG_TOK_ERROR;
    t.error = LOG_LEX_UTF8;
    t.byte = 0xE9;
    assert_string_equal(log_lex_error_text(&t, msg, sizeof msg),
                        "invalid UTF-8 byte 0xE9 (a move log is UTF-8 text)");
    t.error = LOG_LEX_NUL;
    t.byte = 0;
    assert_string_equal(log_lex_error_text(&t, msg, sizeof msg),
                        "unexpected NUL byte (a move log is UTF-8 text)");
    t.error = LOG_LEX_CONTROL;
    t.byte = 0x1B;
    assert_string_equal(log_lex_error_text(&t, msg, sizeof msg),
                        "unexpected control character 0x1B");
    t.error = LOG_LEX_UNTERMINATED;
    assert_string_equal(log_lex_error_text(&t, msg, sizeof msg),
                        "unterminated string: the closing '\"' is missing on this line");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_numbers_eol),
        cmocka_unit_test(test_comments_commas_crlf),
        cmocka_unit_test(test_lone_cr_and_tabs_are_spaces),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_unterminated_string),
        cmocka_unit_test(test_nul_bytes),
        cmocka_unit_test(test_control_characters),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_word_folds),
        cmocka_unit_test(test_bom_and_empty),
        cmocka_unit_test(test_skip_line),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_many_lines),
        cmocka_unit_test(test_error_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
