/* xii serve for a solo game over the shared recorder: the file opened, its link printed, the
 * table served until a signal stops it. */
#include "cli/serve_game.h"
#include <ifaddrs.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "cli/commands.h"
#include "cli/game_open.h"
#include "cli/kingdom_filled.h"
#include "cli/recorder_args.h"
#include "kingdom/game.h"
#include "kingdom/klog.h"
#include "record/gsession.h"
#include "serve/gtable.h"
#include "serve/http.h"
#include "serve/qr.h"

void cli_serve_host(int lan, char *out, size_t n)
{
    snprintf(out, n, "127.0.0.1");
    struct ifaddrs *all;
    if (!lan || getifaddrs(&all) != 0)
        return;
    for (struct ifaddrs *i = all; i; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET) {
            const struct in_addr *a = &((const struct sockaddr_in *)(const void *)i->ifa_addr)->sin_addr;
            if (ntohl(a->s_addr) >> 24 != 127) {    /* not a loopback address */
                inet_ntop(AF_INET, a, out, (socklen_t)n);
                break;
            }
        }
    freeifaddrs(all);
}

void cli_serve_block_stop(sigset_t *stop)
{
    sigemptyset(stop);
    sigaddset(stop, SIGINT);
    sigaddset(stop, SIGTERM);
    sigaddset(stop, SIGHUP);
    pthread_sigmask(SIG_BLOCK, stop, NULL);     /* the server's threads inherit the mask */
}

/* Serves table t until SIGINT, SIGTERM or SIGHUP. */
static int run(struct serve_gtable *t, const struct serve_game_args *a)
{
    sigset_t stop;
    cli_serve_block_stop(&stop);
    struct serve_http_options ho = {a->lan, a->port, 20};
    struct strbuf err = STRBUF_INIT, x = STRBUF_INIT, url = STRBUF_INIT, qr = STRBUF_INIT;
    unsigned port;
    struct serve_table table = serve_gtable_table(t);
    struct serve_http *h = serve_http_start_table(&table, &ho, &port, &err);
    if (!h) {
        fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_OUTPUT;
    }
    char host[64];
    cli_serve_host(a->lan, host, sizeof host);
    strbuf_printf(&url, "http://%s:%u/?token=%s", host, port, t->tokens.table);
    printf("Serving %s (%s) on %s port %u%s (Ctrl-C stops).\n", recorder_shown(&x, a->file),
           gsession_game(t->s)->title, host, port,
           a->lan ? ", for the local network" : ", for this computer only (--lan for phones)");
    printf("player: %s\n", strbuf_cstr(&url));
    if (serve_qr_text(strbuf_cstr(&url), isatty(STDOUT_FILENO) && !getenv("NO_COLOR"), &qr) == 0)
        fputs(strbuf_cstr(&qr), stdout);
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    serve_http_stop(h);
    pthread_mutex_lock(&t->lock);
    size_t n = gsession_decisions(t->s);
    printf("Stopped: %s holds %zu decision%s (xii audit checks it).\n", recorder_shown(&x, a->file), n,
           n == 1 ? "" : "s");
    pthread_mutex_unlock(&t->lock);
    strbuf_free(&err);
    strbuf_free(&x);
    strbuf_free(&url);
    strbuf_free(&qr);
    return EXIT_OK;
}

/* Kingdom's filled sheet of the game file's text (gtable's sheet_pdf; ctx: the game data). */
static int kingdom_sheet(void *ctx, const char *text, size_t len, struct strbuf *pdf, struct strbuf *err)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct klog log = {0};
    klog_parse(&log, text, len, "game", &dl);
    struct kaudit a;
    struct kaudit_options opt = {0};
    kaudit_run(&a, ctx, &log, "game", &dl, &opt);
    int rc = kingdom_filled_pdf(&a, &log, pdf, err);
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
    return rc;
}

int serve_game(const struct game *g, const struct serve_game_args *a)
{
    const void *data;
    struct gsession *s;
    int status = cli_game_open("serve", g, a->rules, a->file, &data, &s);
    if (status != EXIT_OK)
        return status;
    struct strbuf err = STRBUF_INIT;
    struct strbuf links = STRBUF_INIT;
    strbuf_printf(&links, "%s.links", a->file);
    struct serve_gtable t;
    if (serve_gtable_init(&t, s, strbuf_cstr(&links), &err) != 0) {
        fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
        status = EXIT_OUTPUT;
    } else {
        if (g == &kingdom_game) {
            t.sheet_pdf = kingdom_sheet;
            t.sheet_ctx = (void *)data;
        }
        status = run(&t, a);
        serve_gtable_free(&t);
    }
    strbuf_free(&links);
    strbuf_free(&err);
    gsession_free(s);
    g->data_free(data);
    return status;
}
