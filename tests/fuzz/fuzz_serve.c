/* libFuzzer harness: the companion's request layer (serve/handle.h), as the HTTP layer calls
 * it. An input is up to 8 requests separated by two NUL bytes; each is a first line
 * "METHOD PATH[?QUERY]" and the body after it. The query's token, since and page are taken
 * as libmicrohttpd gives them (split at & and =, no decoding). Every input starts from the
 * same game in progress (a file in /dev/shm, or TMPDIR) with known tokens: the table's is 32
 * zeros, the seats' 32 ones and 32 twos (the dictionary has them). The waits do not wait,
 * and a sheet's drawing (a third of a second) is left out: its path is answered 404 first. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/strbuf.h"
#include "rules/gamedata.h"
#include "serve/handle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct gamedata gd;
static int gd_loaded;
static char path[256];

static const char base[] =
    "xii 1\nplayers Ann Ben\ndifficulty hard\n"
    "events 5 water-storm, 6 water-storm, 7 outlaws-attack, 8 outlaws-attack, 9 fire, 10 famine\n"
    "round 1\nshared 3 4\nturn Ann 1 2\n  4 population\n  reserve 4 farms\n  3 food\n  2 supply\n  1 store\n"
    "turn Ben 1 5\n  5 influence farmland\n  4 population\n  reserve 4 farms\n  3 food\n  1 supply\n";

static void arg(char *query, const char *name, const char **out)
{
    for (char *p = query; p && *p;) {
        char *amp = strchr(p, '&');
        if (amp)
            *amp = 0;
        char *eq = strchr(p, '=');
        if (eq) {
            *eq = 0;
            if (strcmp(p, name) == 0 && !*out)
                *out = eq + 1;
            *eq = '=';
        }
        if (amp)
            *amp = '&';
        p = amp ? amp + 1 : NULL;
    }
}

static void one_request(struct serve_server *sv, const char *req, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return;
    memcpy(copy, req, len);
    copy[len] = 0;
    char *nl = memchr(copy, '\n', len);
    const char *body = nl ? nl + 1 : copy + len;
    size_t body_len = nl ? len - (size_t)(nl + 1 - copy) : 0;
    if (nl)
        *nl = 0;
    char *sp = strchr(copy, ' ');
    char *target = sp ? sp + 1 : copy + strlen(copy);
    if (sp)
        *sp = 0;
    char *q = strchr(target, '?');
    if (q)
        *q++ = 0;
    struct serve_request rq;
    memset(&rq, 0, sizeof rq);
    rq.method = copy;
    rq.path = target;
    arg(q, "token", &rq.token);
    arg(q, "since", &rq.since);
    arg(q, "page", &rq.page);
    rq.body = body;
    rq.body_len = body_len;
    struct serve_response rs;
    if (strncmp(target, "/sheet/", 7) == 0) {
        free(copy);
        return;
    }
    serve_handle(sv, &rq, &rs);
    if (rs.status == 0 || !rs.type)
        abort();
    strbuf_free(&rs.body);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!gd_loaded) {
        struct diag_list dl = DIAG_LIST_INIT;
        if (gamedata_load_default(&gd, &dl) != 0)
            abort();
        diag_list_free(&dl);
        struct stat st;
        const char *tmp = stat("/dev/shm", &st) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
        snprintf(path, sizeof path, "%s/fuzz-serve-%ld.xii", tmp, (long)getpid());
        gd_loaded = 1;
    }
    FILE *f = fopen(path, "w");
    if (!f || fwrite(base, 1, sizeof base - 1, f) != sizeof base - 1 || fclose(f) != 0)
        abort();
    struct record_session s;
    struct strbuf err = STRBUF_INIT;
    if (record_session_open(&s, &gd, path, &err) != 0)
        abort();
    struct serve_server sv;
    if (serve_server_init(&sv, &s, NULL, &err) != 0)
        abort();
    memset(sv.tokens.table, '0', SERVE_TOKEN_HEX);
    memset(sv.tokens.seat[0], '1', SERVE_TOKEN_HEX);
    memset(sv.tokens.seat[1], '2', SERVE_TOKEN_HEX);
    const char *p = (const char *)data, *end = p + size;
    for (int k = 0; k < 8 && p < end; k++) {
        const char *sep = p;
        while (sep + 1 < end && !(sep[0] == 0 && sep[1] == 0))
            sep++;
        if (sep + 1 >= end)
            sep = end;
        one_request(&sv, p, (size_t)(sep - p));
        p = sep + (sep < end ? 2 : 0);
    }
    serve_server_free(&sv);
    record_session_free(&s);
    strbuf_free(&err);
    unlink(path);
    return 0;
}
