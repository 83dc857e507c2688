/* The usage-error helpers of the command line: the closest name to a typo, and the options a
 * help text names (the only names a suggestion may offer). */
#include "test.h"
#include <string.h>
#include "cli/usage.h"

static const char *const audit_like[] = {"--json", "--until-round", "--rules", "--pdf",
                                         "--mark", "--paper", "--grey", "--gray", "-o", "-h",
                                         "--help"};
#define N_AUDIT (sizeof audit_like / sizeof audit_like[0])

static void test_nearest_typos(void **state)
{
    (void)state;
    assert_string_equal(cli_nearest("--jsno", audit_like, N_AUDIT), "--json");     /* swap */
    assert_string_equal(cli_nearest("--jso", audit_like, N_AUDIT), "--json");      /* missing */
    assert_string_equal(cli_nearest("--marks", audit_like, N_AUDIT), "--mark");    /* extra */
    assert_string_equal(cli_nearest("--ruels", audit_like, N_AUDIT), "--rules");
    assert_string_equal(cli_nearest("--until", audit_like, N_AUDIT), "--until-round"); /* prefix */
    assert_string_equal(cli_nearest("-json", audit_like, N_AUDIT), "--json");
}

static void test_nearest_refuses_far_words(void **state)
{
    (void)state;
    assert_null(cli_nearest("--colour", audit_like, N_AUDIT));
    static const char *const sim[] = {"--bots", "--bot", "--budget", "--threads", "--until-round"};
    assert_null(cli_nearest("--bogus", sim, 5));                /* two edits in a short word */
    assert_string_equal(cli_nearest("--thread", sim, 5), "--threads");
    assert_string_equal(cli_nearest("--untl-roud", sim, 5), "--until-round");   /* two in a long one */
    assert_null(cli_nearest("-x", audit_like, N_AUDIT));        /* one letter: no guess */
    assert_null(cli_nearest("--json", audit_like, N_AUDIT));    /* exact: not a typo */
    assert_null(cli_nearest("--gr", audit_like, N_AUDIT));      /* prefix of two options */
    char longword[200];
    memset(longword, 'a', sizeof longword - 1);
    longword[sizeof longword - 1] = 0;
    assert_null(cli_nearest(longword, audit_like, N_AUDIT));
    static const char *const commands[] = {"rules", "setup", "sheet", "audit"};
    assert_string_equal(cli_nearest("audti", commands, 4), "audit");
    assert_string_equal(cli_nearest("shete", commands, 4), "sheet");
    assert_null(cli_nearest("play", commands, 4));
}

static void test_help_options(void **state)
{
    (void)state;
    static const char head[] = "usage: xii x [--usage-line] LOG\n"
                               "  --json              one object; also see --prose\n"
                               "  --paper a4|letter   a value 1-6, e.g. -2 or well-known\n"
                               "                      --continued is prose too\n";
    static const char tail[] = "  -o FILE             output, --json again\n"
                               "  --grey, --gray      both\n"
                               "  -h, --help          this help\n"
                               "  -2                  not an option\n"
                               "Exit status: 0";
    const char *const help[] = {head, tail, NULL};
    const char *got[16];
    size_t n = cli_help_options(help, got, 16);
    static const char *const want[] = {"--json", "--paper", "-o", "--grey", "--gray", "-h",
                                       "--help"};
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (size_t k = 0; k < n; k++)
        assert_string_equal(got[k], want[k]);
    /* More options than room: counted, not stored. */
    assert_int_equal(cli_help_options(help, got, 2), n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_typos),
        cmocka_unit_test(test_nearest_refuses_far_words),
        cmocka_unit_test(test_help_options),
    };
    return cmocka_run_group_tests_name("cli_usage", tests, NULL, NULL);
}
