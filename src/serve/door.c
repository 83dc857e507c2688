/* The front door: accept, look at each request head until it is whole, check it, hand it on
 * or refuse it with our own answer. */
#define _GNU_SOURCE     /* accept4 */
#include "serve/door.h"
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "serve/json.h"

struct serve_door_waiting {
    int fd;
    struct sockaddr_storage addr;
    socklen_t len;
    struct timespec deadline;
};

/* ---- the head ------------------------------------------------------------------------------- */

static int token_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* The line at p (to a LF, its CR dropped) within end: its length, *next past it; -1 when no
 * LF has come yet. */
static long line_at(const char *p, const char *end, const char **next)
{
    const char *lf = memchr(p, '\n', (size_t)(end - p));
    if (!lf)
        return -1;
    *next = lf + 1;
    return (long)(lf - p) - (lf > p && lf[-1] == '\r');
}

/* The request line: METHOD SP TARGET SP HTTP/1.x. */
static int request_line(const char *p, size_t n, const char **why)
{
    size_t m = 0;
    while (m < n && m < 16 && p[m] >= 'A' && p[m] <= 'Z')
        m++;
    if (m == 0 || m >= n || p[m] != ' ') {
        *why = "not an HTTP request line";
        return 400;
    }
    const char *t = p + m + 1, *end = p + n;
    const char *sp = memchr(t, ' ', (size_t)(end - t));
    if (!sp && (size_t)(end - t) > SERVE_DOOR_TARGET_MAX) {
        *why = "the address is too long";
        return 414;
    }
    if (!sp || *t != '/') {
        *why = "not an HTTP request line";
        return 400;
    }
    if ((size_t)(sp - t) > SERVE_DOOR_TARGET_MAX) {
        *why = "the address is too long";
        return 414;
    }
    int args = 0, query = 0;
    for (const char *c = t; c < sp; c++) {
        if ((unsigned char)*c <= ' ' || *c == 0x7F) {
            *why = "the address holds a control character";
            return 400;
        }
        if (*c == '?' && !query)
            query = args = 1;
        else if (query && *c == '&')
            args++;
    }
    if (args > SERVE_DOOR_ARGS_MAX) {
        *why = "too many query arguments";
        return 400;
    }
    size_t v = (size_t)(end - sp - 1);
    if (v == 8 && (memcmp(sp + 1, "HTTP/1.1", 8) == 0 || memcmp(sp + 1, "HTTP/1.0", 8) == 0))
        return 0;
    if (v >= 5 && memcmp(sp + 1, "HTTP/", 5) == 0) {
        *why = "only HTTP/1.0 and HTTP/1.1 are served";
        return 505;
    }
    *why = "not an HTTP request line";
    return 400;
}

/* A header line: Name: value (no control character but a tab); the body's framing checked. */
static int field(const char *p, size_t n, int *lengths, const char **why)
{
    size_t k = 0;
    while (k < n && token_char(p[k]))
        k++;
    if (k == 0 || k >= n || p[k] != ':') {
        *why = "a header line that is not Name: value";
        return 400;
    }
    for (size_t i = k + 1; i < n; i++)
        if (((unsigned char)p[i] < ' ' && p[i] != '\t') || p[i] == 0x7F) {
            *why = "a header holds a control character";
            return 400;
        }
    const char *v = p + k + 1, *end = p + n;
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    if (k == 17 && strncasecmp(p, "Transfer-Encoding", 17) == 0) {
        *why = "a body comes with a Content-Length only";
        return 501;
    }
    if (k == 14 && strncasecmp(p, "Content-Length", 14) == 0) {
        size_t digits = 0;
        while (v + digits < end && v[digits] >= '0' && v[digits] <= '9')
            digits++;
        if (digits == 0 || v + digits != end || digits > 9 || ++*lengths > 1) {
            *why = "a Content-Length that is not one number";
            return 400;
        }
    }
    return 0;
}

int serve_door_check(const char *head, size_t len, const char **why)
{
    const char *p = head, *end = head + len, *next = NULL;
    long n = line_at(p, end, &next);
    if (n < 0) {
        if (len <= SERVE_DOOR_TARGET_MAX + 32)
            return -1;
        *why = "the address is too long";
        return 414;
    }
    int rc = request_line(p, (size_t)n, why);
    if (rc != 0)
        return rc;
    int fields = 0, lengths = 0;
    for (p = next; (n = line_at(p, end, &next)) >= 0; p = next) {
        if (n == 0)
            return next - head <= SERVE_DOOR_HEAD_MAX ? 0 : (*why = "the request's header is too large", 431);
        if (*p == ' ' || *p == '\t') {
            *why = "a folded header line";
            return 400;
        }
        if (++fields > SERVE_DOOR_FIELDS_MAX) {
            *why = "too many header lines";
            return 431;
        }
        if ((rc = field(p, (size_t)n, &lengths, why)) != 0)
            return rc;
    }
    if (len >= SERVE_DOOR_HEAD_MAX) {
        *why = "the request's header is too large";
        return 431;
    }
    return -1;
}

/* ---- the connections ------------------------------------------------------------------------ */

static const char *reason_phrase(int status)
{
    switch (status) {
    case 400: return "Bad Request";
    case 408: return "Request Timeout";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "HTTP Version Not Supported";
    }
}

/* Answers the connection with our refusal (the security headers, a JSON error) and closes it;
 * what it sent is read out first, so that the close does not reset the answer away. */
static void refuse(const struct serve_door *door, int fd, int status, const char *why)
{
    char sink[4096];
    for (int k = 0; k < 4 && recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0; k++)
        ;
    struct strbuf body = STRBUF_INIT, out = STRBUF_INIT;
    serve_json_error(why, &body);
    strbuf_printf(&out, "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\n", status,
                  reason_phrase(status));
    for (int k = 0; door->headers[k][0]; k++)
        strbuf_printf(&out, "%s: %s\r\n", door->headers[k][0], door->headers[k][1]);
    strbuf_printf(&out, "Connection: close\r\nContent-Length: %zu\r\n\r\n", body.len);
    strbuf_append(&out, body.data, body.len);
    if (send(fd, out.data, out.len, MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
        errno = 0;      /* a client that does not read its answer loses it */
    shutdown(fd, SHUT_WR);
    close(fd);
    strbuf_free(&body);
    strbuf_free(&out);
}

static void drop(struct serve_door *door, int k)
{
    door->waiting[k] = door->waiting[--door->nwaiting];
}

static int passed(const struct timespec *deadline, const struct timespec *now)
{
    return now->tv_sec > deadline->tv_sec || (now->tv_sec == deadline->tv_sec && now->tv_nsec >= deadline->tv_nsec);
}

/* A new connection: it waits at the door (the oldest waiting one goes when the door is full). */
static void let_in(struct serve_door *door)
{
    struct serve_door_waiting w;
    memset(&w, 0, sizeof w);
    w.len = sizeof w.addr;
    w.fd = accept4(door->listen_fd, (struct sockaddr *)&w.addr, &w.len, SOCK_CLOEXEC);
    if (w.fd < 0)
        return;
    if (door->nwaiting >= door->pending_max) {
        int oldest = 0;
        for (int k = 1; k < door->nwaiting; k++)
            if (!passed(&door->waiting[k].deadline, &door->waiting[oldest].deadline))
                oldest = k;
        refuse(door, door->waiting[oldest].fd, 503, "too many connections are waiting: try again");
        drop(door, oldest);
        door->pushed++;
    }
    clock_gettime(CLOCK_MONOTONIC, &w.deadline);
    w.deadline.tv_sec += door->header_seconds;
    door->waiting[door->nwaiting++] = w;
}

/* Looks at what connection k has sent: hands it on, refuses it, or waits for more (poll then
 * wakes only when more than that has come, or the client stopped sending: closed, as a head
 * will not be whole). Returns 1 when k left the door. */
static int look(struct serve_door *door, int k, short revents)
{
    struct serve_door_waiting *w = &door->waiting[k];
    char head[SERVE_DOOR_HEAD_MAX + 1];
    ssize_t n = recv(w->fd, head, sizeof head, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return 0;
    if (n <= 0) {
        close(w->fd);       /* gone, or closed before a whole head */
        drop(door, k);
        return 1;
    }
    const char *why = "";
    int rc = serve_door_check(head, (size_t)n, &why);
    if (rc < 0 && (revents & (POLLRDHUP | POLLHUP | POLLERR))) {
        close(w->fd);
        drop(door, k);
        return 1;
    }
    if (rc < 0) {
        int more = (int)n + 1;
        setsockopt(w->fd, SOL_SOCKET, SO_RCVLOWAT, &more, sizeof more);
        return 0;
    }
    if (rc > 0) {
        refuse(door, w->fd, rc, why);
        door->refused++;
    } else {
        int one = 1;
        setsockopt(w->fd, SOL_SOCKET, SO_RCVLOWAT, &one, sizeof one);
        door->hand(door->ctx, w->fd, (const struct sockaddr *)&w->addr, w->len);
        door->handed++;
    }
    drop(door, k);
    return 1;
}

static void *run(void *arg)
{
    struct serve_door *door = arg;
    struct pollfd *p = calloc((size_t)door->pending_max + 2, sizeof *p);
    if (!p)
        return NULL;
    for (;;) {
        p[0] = (struct pollfd){.fd = door->wake[0], .events = POLLIN};
        p[1] = (struct pollfd){.fd = door->listen_fd, .events = POLLIN};
        int n = door->nwaiting;
        for (int k = 0; k < n; k++)
            p[k + 2] = (struct pollfd){.fd = door->waiting[k].fd, .events = POLLIN | POLLRDHUP};
        if (poll(p, (nfds_t)n + 2, 250) < 0 && errno != EINTR)
            break;
        if (p[0].revents)
            break;
        /* From the last: a connection leaving takes the last one's place. */
        for (int k = n - 1; k >= 0; k--)
            if (p[k + 2].revents)
                look(door, k, p[k + 2].revents);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (int k = door->nwaiting - 1; k >= 0; k--)
            if (passed(&door->waiting[k].deadline, &now)) {
                refuse(door, door->waiting[k].fd, 408, "the request did not come in time");
                drop(door, k);
                door->late++;
            }
        if (p[1].revents & POLLIN)
            let_in(door);
    }
    free(p);
    return NULL;
}

int serve_door_open(struct serve_door *door, int lan, unsigned port, struct strbuf *err)
{
    memset(door, 0, sizeof *door);
    door->wake[0] = door->wake[1] = -1;
    door->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(lan ? INADDR_ANY : INADDR_LOOPBACK);
    int one = 1;
    socklen_t len = sizeof addr;
    if (door->listen_fd < 0 || setsockopt(door->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(door->listen_fd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(door->listen_fd, 64) != 0 ||
        getsockname(door->listen_fd, (struct sockaddr *)&addr, &len) != 0) {
        strbuf_printf(err, "cannot listen on %s port %u (%s)", lan ? "every address" : "127.0.0.1", port,
                      strerror(errno));
        serve_door_close(door);
        return -1;
    }
    door->port = ntohs(addr.sin_port);
    return 0;
}

int serve_door_start(struct serve_door *door, int header_seconds, int pending_max, const char *const (*headers)[2],
                     int (*hand)(void *ctx, int fd, const struct sockaddr *addr, socklen_t len), void *ctx)
{
    door->header_seconds = header_seconds;
    door->pending_max = pending_max;
    door->headers = headers;
    door->hand = hand;
    door->ctx = ctx;
    door->waiting = calloc((size_t)pending_max, sizeof *door->waiting);
    if (!door->waiting || pipe2(door->wake, O_CLOEXEC) != 0 || pthread_create(&door->thread, NULL, run, door) != 0) {
        serve_door_close(door);
        return -1;
    }
    door->running = 1;
    return 0;
}

void serve_door_close(struct serve_door *door)
{
    if (door->running) {
        if (write(door->wake[1], "x", 1) < 0)
            errno = 0;
        pthread_join(door->thread, NULL);
        door->running = 0;
    }
    for (int k = 0; k < door->nwaiting; k++)
        close(door->waiting[k].fd);
    door->nwaiting = 0;
    free(door->waiting);
    door->waiting = NULL;
    for (int k = 0; k < 2; k++)
        if (door->wake[k] >= 0)
            close(door->wake[k]);
    door->wake[0] = door->wake[1] = -1;
    if (door->listen_fd >= 0)
        close(door->listen_fd);
    door->listen_fd = -1;
}
