/* Shared by the tests of games that bots play: a log's replay through the audit, with every
 * diagnostic but the waste warning (advice on the play, not a fault of the log) counted as a
 * fault and printed with the log. Include after test.h and test_rules_fixture.h. */
#ifndef TEST_AUDIT_CLEAN_H
#define TEST_AUDIT_CLEAN_H
#include <stdio.h>
#include <string.h>
#include "audit/replay.h"
#include "log/parse.h"

/* Replays text (len bytes) through the audit; asserts that nothing but waste warnings was
 * found, and returns the replay (log_replay_free it; *ast is its tree, log_free it). */
static inline struct log_replay *audit_clean(const char *text, size_t len, const char *name,
                                              struct log_ast **ast)
{
    struct diag_list dl = DIAG_LIST_INIT;
    *ast = log_parse(text, len, name, &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, *ast, &opt, &dl);
    size_t faults = 0;
    for (size_t i = 0; i < dl.count; i++)
        faults += !(dl.items[i].level == DIAG_WARNING && dl.items[i].code &&
                    strcmp(dl.items[i].code, rule_id_text(RULE_WASTE)) == 0);
    if (faults) {
        fprintf(stderr, "%.*s\n", (int)len, text);
        for (size_t i = 0; i < dl.count; i++)
            fprintf(stderr, "line %d: %s\n", dl.items[i].pos.line, dl.items[i].message);
    }
    diag_list_free(&dl);
    assert_int_equal(faults, 0);
    return r;
}

#endif
