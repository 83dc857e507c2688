/* src/core/json.c: the house's JSON layout, its numbers and its strings. */
#include "test.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/json.h"

static void assert_written(json_t *doc, const char *const *broken, const char *expected)
{
    struct strbuf out = STRBUF_INIT;
    json_doc_write(doc, broken, &out);
    assert_string_equal(strbuf_cstr(&out), expected);
    strbuf_free(&out);
    json_decref(doc);
}

static json_t *pair(int a, int b)
{
    json_t *o = json_object();
    json_object_set_new(o, "a", json_integer(a));
    json_object_set_new(o, "b", json_integer(b));
    return o;
}

static void fixed_decimals_are_rounded_and_shortest(void **state)
{
    (void)state;
    json_t *a = json_array();
    json_array_append_new(a, json_fixed(80.4999999, 1));
    json_array_append_new(a, json_fixed(69, 4));
    json_array_append_new(a, json_fixed(0.45, 6));
    json_array_append_new(a, json_fixed(92.82513, 4));
    json_array_append_new(a, json_fixed(-0.04, 1));
    json_array_append_new(a, json_fixed(NAN, 2));
    json_array_append_new(a, json_fixed(0.1 + 0.2, 3));
    assert_written(a, NULL, "[\n  80.5,\n  69.0,\n  0.45,\n  92.8251,\n  0.0,\n  null,\n  0.3\n]\n");
}

static void keys_keep_their_order_and_containers_are_inline_unless_listed(void **state)
{
    (void)state;
    json_t *doc = json_object();
    json_object_set_new(doc, "zeta", json_text("z"));
    json_object_set_new(doc, "alpha", json_text(NULL));
    json_t *rows = json_array();
    json_array_append_new(rows, pair(1, 2));
    json_array_append_new(rows, pair(3, 4));
    json_object_set_new(doc, "rows", rows);
    json_object_set_new(doc, "inline", pair(5, 6));
    json_object_set_new(doc, "empty", json_array());
    json_object_set_new(doc, "flag", json_true());
    static const char *const broken[] = {"rows", "empty", NULL};
    assert_written(doc, broken,
                   "{\n"
                   "  \"zeta\": \"z\",\n"
                   "  \"alpha\": null,\n"
                   "  \"rows\": [\n"
                   "    {\"a\": 1, \"b\": 2},\n"
                   "    {\"a\": 3, \"b\": 4}\n"
                   "  ],\n"
                   "  \"inline\": {\"a\": 5, \"b\": 6},\n"
                   "  \"empty\": [],\n"
                   "  \"flag\": true\n"
                   "}\n");
}

static void a_star_breaks_every_element(void **state)
{
    (void)state;
    json_t *doc = json_object();
    json_t *rows = json_array();
    json_array_append_new(rows, pair(1, 2));
    json_object_set_new(doc, "rows", rows);
    static const char *const broken[] = {"rows", "rows/*", NULL};
    assert_written(doc, broken, "{\n  \"rows\": [\n    {\n      \"a\": 1,\n      \"b\": 2\n    }\n  ]\n}\n");
    /* A pattern longer or shorter than the path breaks nothing else. */
    doc = json_object();
    json_object_set_new(doc, "rows", pair(1, 2));
    static const char *const deeper[] = {"rows/a/b", "*/*/*", NULL};
    assert_written(doc, deeper, "{\n  \"rows\": {\"a\": 1, \"b\": 2}\n}\n");
}

static void unsigned_integers_keep_every_digit(void **state)
{
    (void)state;
    json_t *a = json_array();
    json_array_append_new(a, json_uint(18446744073709551615u));
    json_array_append_new(a, json_uint(9223372036854775807u));
    json_array_append_new(a, json_uint(9223372036854775808u));
    json_array_append_new(a, json_uint(0));
    assert_written(a, NULL, "[\n  18446744073709551615,\n  9223372036854775807,\n  9223372036854775808,\n  0\n]\n");
}

static void strings_are_escaped_and_bytes_kept(void **state)
{
    (void)state;
    json_t *a = json_array();
    json_array_append_new(a, json_text("say \"hi\"\\\n\t\x01 \xc3\xa9"));
    json_array_append_new(a, json_text("\xff")); /* not UTF-8: kept, not dropped */
    assert_written(a, (const char *const[]){"", NULL},
                   "[\n  \"say \\\"hi\\\"\\\\\\n\\t\\u0001 \xc3\xa9\",\n  \"\xff\"\n]\n");
}

static void an_empty_root_and_a_file(void **state)
{
    (void)state;
    assert_written(json_object(), NULL, "{}\n");
    FILE *f = tmpfile();
    assert_non_null(f);
    json_t *a = json_array();
    json_array_append_new(a, json_integer(-7));
    assert_int_equal(json_doc_fwrite(a, NULL, f), 0);
    json_decref(a);
    rewind(f);
    char text[32] = {0};
    assert_int_equal(fread(text, 1, sizeof text - 1, f), 9);
    assert_string_equal(text, "[\n  -7\n]\n");
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_decimals_are_rounded_and_shortest),
        cmocka_unit_test(keys_keep_their_order_and_containers_are_inline_unless_listed),
        cmocka_unit_test(a_star_breaks_every_element),
        cmocka_unit_test(unsigned_integers_keep_every_digit),
        cmocka_unit_test(strings_are_escaped_and_bytes_kept),
        cmocka_unit_test(an_empty_root_and_a_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
