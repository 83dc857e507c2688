/* libFuzzer harness: the companion's request layer (serve/handle.h), as the HTTP layer calls
 * it. An input is a first byte (the options below), then up to 8 requests separated by two NUL
 * bytes; each is a first line "METHOD PATH[?QUERY]" and the body after it. The query's token,
 * since and page are taken as libmicrohttpd gives them (split at & and =, no decoding). Every
 * input starts from a game in progress (a file in /dev/shm, or TMPDIR) with known tokens: the
 * table's is 32 zeros, the seats' 32 ones and 32 twos (the dictionary has them). The waits do
 * not wait, and a sheet's drawing (a third of a second) is left out: its paths (/sheet/N.svg,
 * /sheets.pdf) are skipped. The decisions (/api/decide) are fuzzed like the lines.
 *
 * The first byte: bit 0 chooses the game: round 1 with the king war awaited (a hint there
 * would take seconds of rollouts: every hint is answered busy), or round 10 with Ann's last
 * two dice to spend (tests/browser/game-2p.xii's first 153 lines: one hint an input is
 * worked out, a tenth of a second, a third under ASan; the others skipped). Bit 1: the first
 * request's bytes are instead written as FILE.war before the server starts (read back).
 * The war entries are kept in FILE.war; after the requests the server is started again on
 * FILE and FILE.war, as after kill -9. Runs from the repository root. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/strbuf.h"
#include "core/readfile.h"
#include "rules/gamedata.h"
#include "serve/handle.h"
#include "serve/hint.h"
#include "../unit/gamedata_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int ready;               /* the game files are in place */
static char path[256], war[270];
static char *late;              /* the round 10 game */
static size_t late_len;
static int hints_left;

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
    if (strncmp(target, "/sheet", 6) == 0 || (strcmp(target, "/api/hint") == 0 && hints_left-- <= 0)) {
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
    const struct gamedata *gd = fx_gamedata();
    if (!ready) {
        struct stat st;
        const char *tmp = stat("/dev/shm", &st) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
        snprintf(path, sizeof path, "%s/fuzz-serve-%ld.xii", tmp, (long)getpid());
        snprintf(war, sizeof war, "%s.war", path);
        struct strbuf err = STRBUF_INIT;
        char *text;
        size_t len;
        if (readfile("tests/browser/game-2p.xii", 1 << 20, &text, &len, &err) != 0)
            abort();
        const char *cut = text;
        for (int k = 0; k < 153 && cut; k++)
            cut = strchr(cut, '\n') ? strchr(cut, '\n') + 1 : NULL;
        if (!cut)
            abort();
        late = text;
        late_len = (size_t)(cut - text);
        strbuf_free(&err);
        ready = 1;
    }
    if (size == 0)
        return 0;
    int options = data[0];
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    const char *game = options & 1 ? late : base;
    size_t game_len = options & 1 ? late_len : sizeof base - 1;
    FILE *f = fopen(path, "w");
    if (!f || fwrite(game, 1, game_len, f) != game_len || fclose(f) != 0)
        abort();
    unlink(war);
    if (options & 2) {
        const char *sep = p;
        while (sep + 1 < end && !(sep[0] == 0 && sep[1] == 0))
            sep++;
        if (sep + 1 >= end)
            sep = end;
        f = fopen(war, "w");
        if (!f || fwrite(p, 1, (size_t)(sep - p), f) != (size_t)(sep - p) || fclose(f) != 0)
            abort();
        p = sep + (sep < end ? 2 : 0);
    }
    struct record_session *s = NULL;
    struct strbuf err = STRBUF_INIT;
    if (record_session_open(&s, gd, path, &err) != 0)
        abort();
    struct serve_server sv;
    if (serve_server_init(&sv, s, NULL, &err) != 0)
        abort();
    serve_server_keep_war(&sv, war, &err);
    memset(sv.tokens.table, '0', SERVE_TOKEN_HEX);
    memset(sv.tokens.seat[0], '1', SERVE_TOKEN_HEX);
    memset(sv.tokens.seat[1], '2', SERVE_TOKEN_HEX);
    hints_left = 1;
    if (!(options & 1))
        sv.hints_running = SERVE_HINTS_AT_ONCE;
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
    record_session_free(s);
    /* Started again on what was kept: FILE is accepted, the war entries read back. */
    if (record_session_open(&s, gd, path, &err) != 0)
        abort();
    if (serve_server_init(&sv, s, NULL, &err) != 0)
        abort();
    serve_server_keep_war(&sv, war, &err);
    serve_server_free(&sv);
    record_session_free(s);
    strbuf_free(&err);
    unlink(path);
    unlink(war);
    return 0;
}
