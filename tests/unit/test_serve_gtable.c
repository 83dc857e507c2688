/* A solo game's table (serve/gtable.h) on Kingdom, without the network: the token, the
 * routes, the state's decisions with their labels and hexes, the board as the engine has it,
 * a decision by index written before the answer, a stale version refused with nothing
 * written, undo. */
#include "test.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kingdom/game.h"
#include "kingdom/kingdom.h"
#include "record/gsession.h"
#include "serve/gtable.h"
#include "advisor/grace_hint.h"

#include "kingdom_fixture.h"

struct table {
    char path[64];
    struct gsession *s;
    struct serve_gtable t;
};

static void open_table(struct table *tb)
{
    snprintf(tb->path, sizeof tb->path, "/tmp/test_serve_gtable_XXXXXX");
    int fd = mkstemp(tb->path);
    assert_true(fd >= 0);
    close(fd);
    unlink(tb->path);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(gsession_open(&tb->s, &kingdom_game, &data, tb->path, NULL, &err), 0);
    assert_int_equal(serve_gtable_init(&tb->t, tb->s, NULL, &err), 0);
    strbuf_free(&err);
}

/* A table on a copy of the log src (path from the repository's root). */
static void open_table_on(struct table *tb, const char *src)
{
    snprintf(tb->path, sizeof tb->path, "/tmp/test_serve_gtable_XXXXXX");
    int fd = mkstemp(tb->path);
    assert_true(fd >= 0);
    FILE *in = fopen(src, "rb");
    assert_non_null(in);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(write(fd, buf, n), (ssize_t)n);
    fclose(in);
    close(fd);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(gsession_open(&tb->s, &kingdom_game, &data, tb->path, NULL, &err), 0);
    assert_int_equal(serve_gtable_init(&tb->t, tb->s, NULL, &err), 0);
    strbuf_free(&err);
}

static void close_table(struct table *tb)
{
    serve_gtable_free(&tb->t);
    gsession_free(tb->s);
    unlink(tb->path);
}

static int ask(struct table *tb, const char *method, const char *path, const char *token, const char *body,
               json_t **doc)
{
    struct serve_request rq;
    memset(&rq, 0, sizeof rq);
    rq.method = method;
    rq.path = path;
    rq.token = token;
    rq.since = "999";
    rq.body = body;
    rq.body_len = body ? strlen(body) : 0;
    struct serve_response rs;
    serve_gtable_handle(&tb->t, &rq, &rs);
    if (doc)
        *doc = strncmp(rs.type, "application/json", 16) == 0 ? json_loads(strbuf_cstr(&rs.body), 0, NULL) : NULL;
    strbuf_free(&rs.body);
    return rs.status;
}

static char *file_text(const char *path)
{
    static char buf[1 << 16];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static void test_token_and_routes(void **st)
{
    (void)st;
    struct table tb;
    open_table(&tb);
    const char *tok = tb.t.tokens.table;
    const char *paths[] = {"/", "/page.js", "/api/state", "/api/decide", "/api/undo", "/nowhere"};
    char wrong[SERVE_TOKEN_HEX + 1];
    memcpy(wrong, tok, sizeof wrong);
    wrong[5] = wrong[5] == '0' ? '1' : '0';
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
        assert_int_equal(ask(&tb, "POST", paths[k], NULL, "0 0", NULL), 403);
        assert_int_equal(ask(&tb, "POST", paths[k], wrong, "0 0", NULL), 403);
        assert_int_equal(ask(&tb, "POST", paths[k], "", "0 0", NULL), 403);
    }
    assert_string_equal(file_text(tb.path), "kingdom 1\n");
    assert_int_equal(ask(&tb, "GET", "/", tok, NULL, NULL), 200);
    assert_int_equal(ask(&tb, "GET", "/page.css", tok, NULL, NULL), 200);
    assert_int_equal(ask(&tb, "GET", "/nowhere", tok, NULL, NULL), 404);
    assert_int_equal(ask(&tb, "GET", "/api/decide", tok, NULL, NULL), 405);
    assert_int_equal(ask(&tb, "POST", "/api/state", tok, NULL, NULL), 405);
    assert_int_equal(ask(&tb, "GET", "/sheet.pdf", tok, NULL, NULL), 404);    /* no sheet given */
    close_table(&tb);
}

/* Plays decisions spread over each list through the table until a year's building
 * offers a farm; checks each answer against FILE and the engine. */
static void test_decisions_by_index(void **st)
{
    (void)st;
    struct table tb;
    open_table(&tb);
    const char *tok = tb.t.tokens.table;
    json_t *doc;
    assert_int_equal(ask(&tb, "GET", "/api/state", tok, NULL, &doc), 200);
    assert_int_equal(json_integer_value(json_object_get(doc, "version")), 0);
    assert_string_equal(json_string_value(json_object_get(doc, "current")), "dice");
    json_t *ds = json_object_get(doc, "decisions");
    assert_int_equal(json_array_size(ds), 36);       /* a range's two dice */
    assert_string_equal(json_string_value(json_object_get(json_array_get(ds, 7), "label")), "range 2 2");
    json_t *hexes = json_object_get(json_object_get(doc, "board"), "hexes");
    assert_int_equal(json_array_size(hexes), KMAP_HEXES);
    assert_string_equal(json_string_value(json_object_get(json_array_get(hexes, kmap_capital()), "ground")),
                        "capital");
    json_decref(doc);
    /* Bad bodies and stale versions: nothing written, the version unchanged. */
    const char *bad[][2] = {{"1 0", "409"}, {"0 36", "400"}, {"0", "400"}, {"0 1 2", "400"}, {"a b", "400"},
                            {"0 -1", "400"}, {"", "400"}, {"00x 1", "400"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(ask(&tb, "POST", "/api/decide", tok, bad[k][0], NULL), atoi(bad[k][1]));
    assert_int_equal(ask(&tb, "POST", "/api/undo", tok, "3", NULL), 409);
    assert_int_equal(ask(&tb, "POST", "/api/undo", tok, "0", NULL), 400);   /* nothing to take back */
    assert_string_equal(file_text(tb.path), "kingdom 1\n");
    assert_int_equal(tb.t.version, 0);
    int farm = 0;
    for (unsigned long v = 0; v < 400 && !farm; v++) {
        assert_int_equal(ask(&tb, "GET", "/api/state", tok, NULL, &doc), 200);
        ds = json_object_get(doc, "decisions");
        const struct kstate *s = gsession_state(tb.s);
        size_t n = json_array_size(ds), pick = (size_t)(v * 7) % (n ? n : 1);
        if (n == 0)
            fail_msg("no decision at version %lu: %s", v, file_text(tb.path));
        for (size_t i = 0; i < n; i++) {
            json_t *d = json_array_get(ds, i);
            const char *label = json_string_value(json_object_get(d, "label"));
            json_t *places = json_object_get(d, "places");
            if (strncmp(label, "build farm ", 11) == 0) {
                /* The hex a build names is its label's, empty on the board and in the engine. */
                assert_int_equal(json_array_size(places), 1);
                const char *code = json_string_value(json_array_get(places, 0));
                assert_string_equal(label + 11, code);
                int h = kmap_parse(code, strlen(code));
                assert_true(kingdom_hex_empty(s, h));
                json_t *hex = json_array_get(json_object_get(json_object_get(doc, "board"), "hexes"), (size_t)h);
                assert_string_equal(json_string_value(json_object_get(hex, "thing")), "");
                farm = 1;
                pick = i;
            }
        }
        char body[32];
        snprintf(body, sizeof body, "%lu %zu", v, pick);
        json_decref(doc);
        assert_int_equal(ask(&tb, "POST", "/api/decide", tok, body, &doc), 200);
        assert_int_equal(json_integer_value(json_object_get(doc, "version")), (json_int_t)v + 1);
        assert_string_equal(json_string_value(json_object_get(doc, "log")), file_text(tb.path));
        json_decref(doc);
    }
    assert_true(farm);
    /* The board draws what the engine holds: the mountains, the river, the farm just built. */
    assert_int_equal(ask(&tb, "GET", "/api/state", tok, NULL, &doc), 200);
    const struct kstate *s = gsession_state(tb.s);
    hexes = json_object_get(json_object_get(doc, "board"), "hexes");
    int mountains = 0, river = 0, farms = 0;
    for (size_t h = 0; h < KMAP_HEXES; h++) {
        json_t *hex = json_array_get(hexes, h);
        mountains += strcmp(json_string_value(json_object_get(hex, "ground")), "mountain") == 0;
        river += strcmp(json_string_value(json_object_get(hex, "ground")), "river") == 0;
        farms += strcmp(json_string_value(json_object_get(hex, "thing")), "farm") == 0;
    }
    assert_int_equal(mountains, s->range_size[0] + s->range_size[1]);
    assert_int_equal(river, s->nriver);
    assert_int_equal(farms, s->count[KB_FARM]);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(doc, "board"), "stock"),
                                                        "food")), s->stock[KRES_FOOD]);
    /* Undo: FILE's last line taken back before the answer. */
    unsigned long v = tb.t.version;
    char *before = strdup(file_text(tb.path)), body[32];
    json_decref(doc);
    snprintf(body, sizeof body, "%lu", v);
    assert_int_equal(ask(&tb, "POST", "/api/undo", tok, body, &doc), 200);
    assert_int_equal(tb.t.version, v + 1);
    assert_true(strlen(file_text(tb.path)) < strlen(before));
    assert_string_equal(json_string_value(json_object_get(doc, "log")), file_text(tb.path));
    assert_int_equal(strncmp(json_string_value(json_object_get(doc, "news")), "taken back", 10), 0);
    json_decref(doc);
    free(before);
    close_table(&tb);
}

/* GET /api/hint: where the dice decide, no hint and why in the page's words (the board's tap,
 * as the page shows what is awaited); one at a time (429); in the last year
 * the exact answer, the same as the advisor's hint at xii hint's defaults on the same state. */
static void test_hint(void **st)
{
    (void)st;
    struct table tb;
    open_table(&tb);
    const char *tok = tb.t.tokens.table;
    json_t *doc;
    json_t *state;
    assert_int_equal(ask(&tb, "GET", "/api/state", tok, NULL, &state), 200);
    const char *tap = json_string_value(json_object_get(json_object_get(state, "board"), "tap"));
    assert_non_null(tap);
    assert_int_equal(ask(&tb, "GET", "/api/hint", tok, NULL, &doc), 200);
    assert_true(json_is_null(json_object_get(doc, "hint")));
    struct strbuf why = STRBUF_INIT;
    strbuf_printf(&why, "nothing to decide: %s", tap);    /* the page's words, not the log's */
    assert_string_equal(json_string_value(json_object_get(doc, "why")), strbuf_cstr(&why));
    strbuf_free(&why);
    json_decref(state);
    json_decref(doc);
    assert_int_equal(ask(&tb, "POST", "/api/hint", tok, NULL, NULL), 405);
    tb.t.hinting = 1;
    assert_int_equal(ask(&tb, "GET", "/api/hint", tok, NULL, NULL), 429);
    close_table(&tb);

    open_table_on(&tb, "tests/golden/hint/kingdom-last-build.kingdom");
    tok = tb.t.tokens.table;
    assert_int_equal(ask(&tb, "GET", "/api/hint", tok, NULL, &doc), 200);
    const char *hint = json_string_value(json_object_get(doc, "hint"));
    assert_non_null(hint);
    struct grace_options o;
    grace_hint_defaults(&kingdom_game, gsession_state(tb.s), &o);
    struct strbuf want = STRBUF_INIT, err = STRBUF_INIT;
    assert_int_equal(grace_hint(&kingdom_game, gsession_state(tb.s), &o, GRACE_HINT_TOP, 0, &want, &err), 0);
    assert_string_equal(hint, strbuf_cstr(&want));
    assert_non_null(strstr(hint, "\nExact: "));
    assert_int_equal(json_integer_value(json_object_get(doc, "version")), (json_int_t)tb.t.version);
    assert_int_equal(tb.t.hinting, 0);
    json_decref(doc);
    strbuf_free(&want);
    strbuf_free(&err);
    close_table(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_token_and_routes),
        cmocka_unit_test(test_decisions_by_index),
        cmocka_unit_test(test_hint),
    };
    return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
