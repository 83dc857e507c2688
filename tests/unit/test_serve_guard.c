/* The watch over the companion's connections (serve/guard.h), on socket pairs: a connection
 * without a valid token is shut down once its whole request has taken longer than the
 * deadline; a link's request has the deadline from its request line, none while it is
 * answered, and none when idle; beyond the room for connections without a token the oldest
 * of them goes, never a link's. */
#include "test.h"
#include <errno.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "serve/guard.h"

struct pair {
    int mine, theirs;           /* the server's end, the client's */
};

static void open_pair(struct pair *p)
{
    int fd[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fd), 0);
    p->mine = fd[0];
    p->theirs = fd[1];
}

static void close_pair(struct pair *p)
{
    close(p->mine);
    close(p->theirs);
}

/* Whether the server's end was shut down (the client reads the end of the stream). */
static int shut_down(const struct pair *p)
{
    char c;
    ssize_t n = recv(p->theirs, &c, 1, MSG_DONTWAIT);
    if (n < 0)
        assert_true(errno == EAGAIN || errno == EWOULDBLOCK);
    return n == 0;
}

static void wait_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

static void test_deadlines(void **state)
{
    (void)state;
    struct serve_guard g;
    assert_int_equal(serve_guard_start(&g, 2, 10), 0);
    struct pair slow, link, other;
    open_pair(&slow);
    open_pair(&link);
    open_pair(&other);
    struct serve_guard_conn *s = serve_guard_opened(&g, slow.mine);
    struct serve_guard_conn *l = serve_guard_opened(&g, link.mine);
    struct serve_guard_conn *o = serve_guard_opened(&g, other.mine);
    serve_guard_request(&g, s, 0);          /* no token: the deadline runs from the opening */
    wait_ms(1000);
    serve_guard_request(&g, l, 1);          /* a link's: from its request line */
    serve_guard_request(&g, o, 0);
    serve_guard_answering(&g, o);           /* being answered (a 403): no deadline */
    assert_false(shut_down(&slow));
    wait_ms(1600);
    assert_true(shut_down(&slow));
    assert_false(shut_down(&link));
    assert_false(shut_down(&other));
    serve_guard_answering(&g, l);
    serve_guard_answered(&g, o);            /* no token: a new deadline for its next request */
    wait_ms(2600);
    assert_false(shut_down(&link));         /* answered meanwhile (a long wait) */
    assert_true(shut_down(&other));
    serve_guard_answered(&g, l);
    wait_ms(2600);
    assert_false(shut_down(&link));         /* idle: the server's own timeout closes it */
    assert_int_equal(g.late, 2);
    serve_guard_closed(&g, s);
    serve_guard_closed(&g, o);
    serve_guard_closed(&g, l);
    assert_int_equal(g.unproven, 0);
    serve_guard_stop(&g);
    close_pair(&slow);
    close_pair(&link);
    close_pair(&other);
}

static void test_room(void **state)
{
    (void)state;
    struct serve_guard g;
    assert_int_equal(serve_guard_start(&g, 60, 3), 0);
    struct pair p[6];
    struct serve_guard_conn *c[6];
    for (int k = 0; k < 6; k++)
        open_pair(&p[k]);
    c[0] = serve_guard_opened(&g, p[0].mine);
    serve_guard_request(&g, c[0], 1);       /* a link's */
    for (int k = 1; k <= 3; k++)
        c[k] = serve_guard_opened(&g, p[k].mine);
    serve_guard_answering(&g, c[1]);        /* being answered: not pushed out */
    assert_int_equal(g.unproven, 3);
    for (int k = 0; k < 4; k++)
        assert_false(shut_down(&p[k]));
    c[4] = serve_guard_opened(&g, p[4].mine);
    assert_true(shut_down(&p[2]));          /* the oldest without a token, not answered */
    assert_false(shut_down(&p[0]));
    assert_false(shut_down(&p[1]));
    c[5] = serve_guard_opened(&g, p[5].mine);
    assert_true(shut_down(&p[3]));
    assert_false(shut_down(&p[4]));
    assert_false(shut_down(&p[5]));
    assert_int_equal(g.pushed, 2);
    assert_int_equal(g.unproven, 3);
    for (int k = 0; k < 6; k++)
        serve_guard_closed(&g, c[k]);
    assert_int_equal(g.unproven, 0);
    serve_guard_stop(&g);
    for (int k = 0; k < 6; k++)
        close_pair(&p[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlines),
        cmocka_unit_test(test_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
