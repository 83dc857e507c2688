/* Typed words read through the log's lexer: the first word (quoted names with escapes, commas),
 * where a comment starts (never inside a quoted name), blanks folded, a log's first keyword. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "log/words.h"

static void first_words(void **st)
{
    (void)st;
    char w[64];
    int quoted = -1;
    const char *rest = log_first_word("  \"Jo \\\"Ace\\\"\" 3 1", w, sizeof w, &quoted);
    assert_string_equal(w, "Jo \"Ace\"");
    assert_int_equal(quoted, 1);
    assert_string_equal(rest, "3 1");
    rest = log_first_word("3, 4", w, sizeof w, &quoted);
    assert_string_equal(w, "3");
    assert_int_equal(quoted, 0);
    assert_string_equal(rest, "4");
    rest = log_first_word("round", w, sizeof w, NULL);
    assert_string_equal(w, "round");
    assert_string_equal(rest, "");
    rest = log_first_word("   ", w, sizeof w, &quoted);
    assert_string_equal(w, "");
    assert_int_equal(quoted, 0);
    /* Cut to fit. */
    char small[4];
    rest = log_first_word("population 3", small, sizeof small, NULL);
    assert_string_equal(small, "pop");
    assert_string_equal(rest, "3");
}

static void comments(void **st)
{
    (void)st;
    assert_int_equal(log_comment_start("round # x"), 6);
    assert_int_equal(log_comment_start("1 2#x"), 3);
    assert_int_equal(log_comment_start("turn \"B#n\" 3 4"), strlen("turn \"B#n\" 3 4"));
    assert_int_equal(log_comment_start("turn \"B\\\"#n\" 3 4 # seen"), strlen("turn \"B\\\"#n\" 3 4 "));
    assert_int_equal(log_comment_start("# only"), 0);
    assert_int_equal(log_comment_start("3 4 # caf\xe9"), 4);   /* the lexer refuses the byte */
    assert_int_equal(log_comment_start("3 4\n# next line"), 3);
}

static void folded(void **st)
{
    (void)st;
    struct strbuf out = STRBUF_INIT;
    log_fold_blanks("  turn   \"Ann  Lee\"\t3 ,4  ", &out);
    assert_string_equal(strbuf_cstr(&out), "turn \"Ann  Lee\" 3 ,4");
    strbuf_free(&out);
}

static void first_keyword(void **st)
{
    (void)st;
    const char *w;
    const char *log = "\n# a comment\n\n  Kingdom 1\n";
    size_t n = log_first_keyword(log, strlen(log), &w);
    assert_int_equal(n, 7);
    assert_memory_equal(w, "Kingdom", 7);
    assert_int_equal(log_first_keyword("xii 1", 5, &w), 3);
    assert_int_equal(log_first_keyword("# only a comment\n", 17, &w), 0);
    assert_int_equal(log_first_keyword("\"quoted\" 1", 10, &w), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_words),
        cmocka_unit_test(comments),
        cmocka_unit_test(folded),
        cmocka_unit_test(first_keyword),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
