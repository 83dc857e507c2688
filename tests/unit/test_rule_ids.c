/* The one table of rule ids: complete, agreeing with docs/audit.md and with every code the
 * golden outputs show; every refusal case of the engine has a rule of the table and words. */
#include "test.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/engine.h"

/* A whole text file, NUL-terminated (caller frees); fails the test when it cannot be read. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    struct strbuf sb = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_append(&sb, buf, n);
    fclose(f);
    return strbuf_detach(&sb);
}

/* Every id has its three texts; ids are unique and found again by their text. */
static void table_complete(void **state)
{
    (void)state;
    assert_null(rule_info(RULE_NONE));
    assert_null(rule_info(RULE_COUNT));
    assert_null(rule_id_text(RULE_NONE));
    for (int id = RULE_NONE + 1; id < RULE_COUNT; id++) {
        const struct rule_info *r = rule_info((enum rule_id)id);
        assert_non_null(r);
        assert_non_null(r->id);
        assert_non_null(r->section);
        assert_non_null(r->summary);
        assert_true(r->id[0] && r->section[0] && r->summary[0]);
        assert_true(strlen(r->summary) < 160);
        assert_int_equal(rule_id_find(r->id), id);
        for (const char *p = r->id; *p; p++)
            assert_true((*p >= 'a' && *p <= 'z') || *p == '-');
    }
    assert_int_equal(rule_id_find("no-such-rule"), RULE_NONE);
}

/* Every case the engine can refuse with belongs to a rule of the table and has words that
 * name the game's ids (facts: seat 0, the first item, asset and location). */
static void cases_have_rules_and_words(void **state)
{
    (void)state;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    assert_int_equal(gamedata_load_default(&gd, &dl), 0);
    struct game_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nplayers = 2;
    strcpy(cfg.names[0], "Jack");
    strcpy(cfg.names[1], "Tom");
    assert_int_equal(refusal_rule(REF_NONE), RULE_NONE);
    struct strbuf sb = STRBUF_INIT;
    refusal_text(&gd, &cfg, &(struct refusal){0}, &sb);
    assert_int_equal(sb.len, 0);
    for (int c = REF_NONE + 1; c < REF_CASE_COUNT; c++) {
        enum rule_id rule = refusal_rule((enum refusal_case)c);
        if (rule == RULE_NONE)
            fail_msg("refusal case %d has no rule", c);
        assert_non_null(rule_info(rule));
        struct refusal r = {.rule = rule, .what = (enum refusal_case)c, .player = 0, .other = 1,
                            .thing = 0, .thing2 = 1, .n = {1, 2, 3, 4}, .nvalues = 2,
                            .values = {3, 6}};
        strbuf_reset(&sb);
        refusal_text(&gd, &cfg, &r, &sb);
        if (sb.len == 0)
            fail_msg("refusal case %d (%s) has no words", c, rule_id_text(rule));
        assert_null(strchr(strbuf_cstr(&sb), '?'));    /* every index named */
    }
    strbuf_free(&sb);
    gamedata_free(&gd);
    diag_list_free(&dl);
}

/* The codes of docs/audit.md's "Rule codes" table (`code` in its first column). */
static int doc_codes(const char *doc, char codes[][32], int cap)
{
    const char *sec = strstr(doc, "## Rule codes");
    if (!sec)
        fail_msg("docs/audit.md has no \"## Rule codes\" section");
    size_t start = (size_t)(sec - doc), len = strlen(doc);
    int n = 0;
    for (size_t i = start; i < len; i++) {
        if (doc[i] != '\n')
            continue;
        if (strncmp(doc + i + 1, "## ", 3) == 0)
            break;
        if (strncmp(doc + i + 1, "| ", 2) != 0)
            continue;
        size_t k = i + 3;
        while (k < len && doc[k] != '|' && doc[k] != '\n') {
            if (doc[k++] != '`')
                continue;
            size_t b = k;
            while (k < len && doc[k] != '`')
                k++;
            assert_true(n < cap && k - b < 32);
            memcpy(codes[n], doc + b, k - b);
            codes[n++][k - b] = '\0';
            k++;
        }
    }
    return n;
}

/* docs/audit.md lists exactly the ids of the table. */
static void docs_agree(void **state)
{
    (void)state;
    char *doc = read_text("docs/audit.md");
    assert_non_null(doc);
    char codes[128][32];
    int n = doc_codes(doc, codes, 128);
    for (int k = 0; k < n; k++)
        if (rule_id_find(codes[k]) == RULE_NONE)
            fail_msg("docs/audit.md lists `%s`, which is not a rule id of the program", codes[k]);
    for (int id = RULE_NONE + 1; id < RULE_COUNT; id++) {
        int found = 0;
        for (int k = 0; k < n; k++)
            found |= strcmp(codes[k], rule_id_text((enum rule_id)id)) == 0;
        if (!found)
            fail_msg("rule id %s is missing from docs/audit.md", rule_id_text((enum rule_id)id));
    }
    free(doc);
}

/* Every "[rule: X]" and "\"code\": \"X\"" of a file names a rule id; returns how many. */
static int codes_in(const char *path)
{
    char *text = read_text(path);
    assert_non_null(text);
    int count = 0;
    static const char *const marks[] = {"[rule: ", "\"code\": \""};
    size_t total = strlen(text);
    for (int m = 0; m < 2; m++)
        for (size_t at = 0; at < total; at++) {
            if (strncmp(text + at, marks[m], strlen(marks[m])) != 0)
                continue;
            const char *id = text + at + strlen(marks[m]);
            size_t len = strcspn(id, "]\"");
            char buf[64];
            if (len == 0 || len >= sizeof buf)
                fail_msg("%s: an empty or long code", path);
            memcpy(buf, id, len);
            buf[len] = '\0';
            if (rule_id_find(buf) == RULE_NONE)
                fail_msg("%s: code '%s' is not in the table of rule ids", path, buf);
            count++;
        }
    free(text);
    return count;
}

/* Every code the golden outputs of the audit and the parser show is an id of the table. */
static void golden_codes_in_table(void **state)
{
    (void)state;
    static const char *const dirs[] = {"tests/golden/audit", "tests/golden/parse",
                                       "tests/golden/filled", "tests/golden/aids"};
    int total = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        DIR *dir = opendir(dirs[d]);
        if (!dir)
            continue;
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            size_t n = strlen(e->d_name);
            if (n < 9 || (strcmp(e->d_name + n - 9, ".expected") != 0 &&
                          strcmp(e->d_name + n - 7, ".stderr") != 0))
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
            total += codes_in(path);
        }
        closedir(dir);
    }
    assert_true(total > 50);    /* the audit goldens carry many codes */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_complete),
        cmocka_unit_test(cases_have_rules_and_words),
        cmocka_unit_test(docs_agree),
        cmocka_unit_test(golden_codes_in_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
