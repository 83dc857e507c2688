/* The front door's check of a request head (serve/door.h): what libmicrohttpd parses passes,
 * whole or not yet; what it would answer with its own page, or not at all, is refused with
 * the status our answer carries. */
#include "test.h"
#include <string.h>
#include "serve/door.h"

static int check_head(const char *head)
{
    const char *why = "";
    int rc = serve_door_check(head, strlen(head), &why);
    if (rc > 0)
        assert_true(*why);
    return rc;
}

static void test_heads(void **state)
{
    (void)state;
    /* Passed, whole. */
    assert_int_equal(check_head("GET /api/state?token=abc HTTP/1.1\r\nHost: 127.0.0.1:8012\r\n\r\n"), 0);
    assert_int_equal(check_head("POST /api/line?token=abc HTTP/1.0\r\nContent-Length: 7\r\n\r\nround 1"), 0);
    assert_int_equal(check_head("GET / HTTP/1.1\n\n"), 0);
    /* Not whole yet. */
    assert_int_equal(check_head(""), -1);
    assert_int_equal(check_head("GET /api/st"), -1);
    assert_int_equal(check_head("GET / HTTP/1.1\r\nHost: x\r\n"), -1);
    /* Refused. */
    assert_int_equal(check_head("GARBAGE\r\n\r\n"), 400);
    assert_int_equal(check_head("get / HTTP/1.1\r\n\r\n"), 400);
    assert_int_equal(check_head("GET nothing HTTP/1.1\r\n\r\n"), 400);
    assert_int_equal(check_head("GET / HTTP/2.0\r\n\r\n"), 505);
    assert_int_equal(check_head("GET / FTP/1.0\r\n\r\n"), 400);
    assert_int_equal(check_head("GET /a\x01 HTTP/1.1\r\n\r\n"), 400);
    assert_int_equal(check_head("GET / HTTP/1.1\r\nNo colon\r\n\r\n"), 400);
    assert_int_equal(check_head("GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n"), 400);
    assert_int_equal(check_head("GET / HTTP/1.1\r\nX: a\x1b[31m\r\n\r\n"), 400);
    assert_int_equal(check_head("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n"), 400);
    assert_int_equal(check_head("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n"), 400);
    assert_int_equal(check_head("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501);
    struct strbuf b = STRBUF_INIT;
    strbuf_puts(&b, "GET /api/state?token=abc");
    for (int k = 0; k < SERVE_DOOR_ARGS_MAX; k++)
        strbuf_puts(&b, "&a=1");
    strbuf_puts(&b, " HTTP/1.1\r\n\r\n");
    assert_int_equal(check_head(b.data), 400);      /* one argument too many */
    strbuf_reset(&b);
    strbuf_puts(&b, "GET /");
    for (int k = 1; k < SERVE_DOOR_TARGET_MAX; k++)
        strbuf_putc(&b, 'a');
    strbuf_puts(&b, " HTTP/1.1\r\n\r\n");
    assert_int_equal(check_head(b.data), 0);        /* the longest address */
    b.len -= strlen(" HTTP/1.1\r\n\r\n");
    b.data[b.len] = 0;
    for (int k = 0; k < 64; k++)
        strbuf_putc(&b, 'a');
    assert_int_equal(check_head(b.data), 414);      /* too long before its end has come */
    strbuf_puts(&b, " HTTP/1.1\r\n\r\n");
    assert_int_equal(check_head(b.data), 414);
    strbuf_reset(&b);
    strbuf_puts(&b, "GET / HTTP/1.1\r\n");
    for (int k = 0; k <= SERVE_DOOR_FIELDS_MAX; k++)
        strbuf_puts(&b, "X: y\r\n");
    strbuf_puts(&b, "\r\n");
    assert_int_equal(check_head(b.data), 431);
    strbuf_reset(&b);
    strbuf_puts(&b, "GET / HTTP/1.1\r\nX: ");
    for (int k = 0; k < SERVE_DOOR_HEAD_MAX; k++)
        strbuf_putc(&b, 'a');
    assert_int_equal(check_head(b.data), 431);
    strbuf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
