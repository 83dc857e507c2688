/* xii serve: the companion on every player's phone. Opens FILE through the recorder (as xii
 * play does), answers the header from the options, serves the pages and the API of
 * serve/handle.h until Ctrl-C, and prints each link with its QR code. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/games.h"
#include "cli/recorder_args.h"
#include "cli/serve_game.h"
#include "log/write.h"
#include "record/session.h"
#include "record/shortform.h"
#include "rules/event_setup.h"
#include "serve/http.h"
#include "serve/qr.h"
#include "serve/server.h"

static const char usage_text[] =
    "usage: xii serve [--game NAME] [OPTIONS] FILE\n"
    "Records a game at the table from the players' phones: prints a link for the table and one\n"
    "for each player (with a QR code), and serves the page each opens. Every line entered is\n"
    "checked by the rules as xii play checks it and written to FILE (flushed to the disk)\n"
    "before the page hears it was accepted. A player's link enters only that player's moves;\n"
    "the table's link enters the shared steps and anything else. Ctrl-C stops the server.\n"
    "The links' tokens are kept in FILE.links (readable by you only): a restart keeps them;\n"
    "the war entries waiting for the other players are kept in FILE.war until the war line.\n"
    "  --game NAME         the game of a new FILE: xii (XII Century, the default) or kingdom\n"
    "                      (a FILE with lines is served in its own game, known from its first\n"
    "                      line; a kingdom game has one link, the player's, kept in FILE.links)\n"
    "  --players NAMES     a new game's players (\"Jack Tom\"): else asked on the table's page\n"
    "  --difficulty D      a new game's difficulty\n"
    "  --events TEXT       its events: the dice rolled (\"3 5 1 6\") or chosen (\"7 fire, 8 2\")\n"
    "  --seed S            draw the events of the difficulty from seed S (setup method 1)\n"
    "  --port N            listen on port N (default 8012; 0: any free port)\n"
    "  --lan               serve the local network (default: this computer only, 127.0.0.1)\n"
    "  --pdf PDF           also write the join sheet: each link as a QR code, one page\n"
    "  --rules FILE        read this game-data file instead of the built-in one\n"
    "  -h, --help          this help\n"
    "Exit status: 0 stopped, 2 bad options or FILE has errors, 3 FILE or the join sheet could\n"
    "not be written, or the server could not listen.\n";

struct serve_args {
    const char *file, *game, *players, *difficulty, *events, *seed, *port, *pdf, *rules;
    int lan;
};

static int parse_args(int argc, char **argv, struct serve_args *sa)
{
    memset(sa, 0, sizeof *sa);
    const struct recorder_option opts[] = {
        {"--game", NULL, &sa->game, NULL}, {"--players", NULL, &sa->players, NULL}, {"--difficulty", NULL, &sa->difficulty, NULL},
        {"--events", NULL, &sa->events, NULL}, {"--seed", NULL, &sa->seed, NULL}, {"--port", NULL, &sa->port, NULL},
        {"--pdf", NULL, &sa->pdf, NULL}, {"--rules", NULL, &sa->rules, NULL}, {"--lan", NULL, NULL, &sa->lan},
        {NULL, NULL, NULL, NULL},
    };
    int rc = recorder_args_parse("serve", usage_text, argc, argv, opts, &sa->file);
    if (rc == 0 && sa->pdf && strcmp(sa->pdf, "-") == 0) {
        fputs("xii serve: the links go to standard output: write the join sheet to a file\n", stderr);
        return -1;
    }
    return rc;
}

/* ---- the links ----------------------------------------------------------------------------- */

struct links {
    struct serve_server *sv;
    const struct serve_args *sa;
    char host[64];
    unsigned port;
    int colour;
    char printed[XII_MAX_PLAYERS][SERVE_TOKEN_HEX + 1];     /* the seats' links printed last */
    int nprinted;
};

static void link_url(const struct links *l, const char *token, struct strbuf *out)
{
    strbuf_printf(out, "http://%s:%u/?token=%s", l->host, l->port, token);
}

static void print_link(const struct links *l, const char *who, const char *token)
{
    struct strbuf url = STRBUF_INIT, qr = STRBUF_INIT, x = STRBUF_INIT;
    link_url(l, token, &url);
    printf("%s: %s\n", recorder_shown(&x, who), strbuf_cstr(&url));
    if (serve_qr_text(strbuf_cstr(&url), l->colour, &qr) == 0)
        fputs(strbuf_cstr(&qr), stdout);
    fflush(stdout);
    strbuf_free(&url);
    strbuf_free(&qr);
    strbuf_free(&x);
}

/* The players' links that are new or changed (serve_server's on_players: the lock is held);
 * said so when the players line is taken back. */
static void print_seats(void *ctx)
{
    struct links *l = ctx;
    const struct serve_tokens *t = &l->sv->tokens;
    if (t->nseats == 0 && l->nprinted > 0) {
        printf("The players line was taken back: the players' links do not work until it is entered "
               "again.\n");
        fflush(stdout);
    }
    for (int p = 0; p < t->nseats; p++)
        if (p >= l->nprinted || strcmp(l->printed[p], t->seat[p]) != 0) {
            print_link(l, serve_seat_name(l->sv, p), t->seat[p]);
            memcpy(l->printed[p], t->seat[p], sizeof l->printed[p]);
        }
    l->nprinted = t->nseats;
}

static int join_sheet(const struct links *l)
{
    const char *names[XII_MAX_PLAYERS + 1];
    char *urls[XII_MAX_PLAYERS + 1];
    int n = 0;
    struct strbuf url = STRBUF_INIT, err = STRBUF_INIT;
    link_url(l, l->sv->tokens.table, &url);
    names[n] = "table";
    urls[n++] = strbuf_detach(&url);
    for (int p = 0; p < l->sv->tokens.nseats; p++) {
        link_url(l, l->sv->tokens.seat[p], &url);
        names[n] = serve_seat_name(l->sv, p);
        urls[n++] = strbuf_detach(&url);
    }
    int rc = serve_join_sheet(l->sa->pdf, l->sa->file, names, (const char *const *)urls, n, &err);
    if (rc != 0)
        fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
    for (int k = 0; k < n; k++)
        free(urls[k]);
    strbuf_free(&err);
    return rc;
}

/* ---- the header from the options ------------------------------------------------------------ */

/* Enters the header lines the options give, while the log still lacks them. */
static int header_from_options(struct serve_server *sv, const struct serve_args *sa)
{
    /* LOG_INVALID: the value is entered as it is (the events' short forms). */
    struct { const char *value; enum log_kind kind; enum record_header_step step; } lines[] = {
        {sa->players, LOG_PLAYERS, RECORD_STEP_PLAYERS},
        {sa->difficulty, LOG_DIFFICULTY, RECORD_STEP_DIFFICULTY},
        {sa->events, LOG_INVALID, RECORD_STEP_EVENTS},
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        if (!lines[k].value || record_header_step(sv->s) != lines[k].step)
            continue;
        struct strbuf line = STRBUF_INIT;
        if (lines[k].kind == LOG_INVALID)
            strbuf_puts(&line, lines[k].value);
        else
            log_write_shortform(lines[k].kind, NULL, lines[k].value, &line);
        struct serve_outcome o;
        serve_enter(sv, SERVE_TABLE, strbuf_cstr(&line), &o);
        if (!o.accepted)
            fprintf(stderr, "%sxii serve: '%s' was refused\n", strbuf_cstr(&o.message), strbuf_cstr(&line));
        int ok = o.accepted;
        serve_outcome_free(&o);
        strbuf_free(&line);
        if (!ok)
            return -1;
    }
    return 0;
}

/* ---- running -------------------------------------------------------------------------------- */

static int run(struct serve_server *sv, const struct serve_args *sa, unsigned port_wanted)
{
    sigset_t stop;
    cli_serve_block_stop(&stop);
    struct links l;
    memset(&l, 0, sizeof l);
    l.sv = sv;
    l.sa = sa;
    l.colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    struct serve_http_options ho = {sa->lan, port_wanted, 20};
    struct strbuf err = STRBUF_INIT;
    struct serve_http *h = serve_http_start(sv, &ho, &l.port, &err);
    if (!h) {
        fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        return EXIT_OUTPUT;
    }
    strbuf_free(&err);
    cli_serve_host(sa->lan, l.host, sizeof l.host);
    pthread_mutex_lock(&sv->lock);
    int status = EXIT_OK;
    if (sa->pdf && join_sheet(&l) != 0)     /* written before the links are printed */
        status = EXIT_OUTPUT;
    struct strbuf x = STRBUF_INIT;
    if (status == EXIT_OK) {
        printf("Serving %s on %s port %u%s (Ctrl-C stops).\n", recorder_shown(&x, sa->file), l.host, l.port,
               sa->lan ? ", for the local network" : ", for this computer only (--lan for phones)");
        print_link(&l, "table", sv->tokens.table);
        print_seats(&l);
        sv->on_players = print_seats;
        sv->ctx = &l;
    }
    strbuf_free(&x);
    pthread_mutex_unlock(&sv->lock);
    if (status == EXIT_OK) {
        int sig;
        sigwait(&stop, &sig);
    }
    serve_http_stop(h);
    pthread_mutex_lock(&sv->lock);
    sv->on_players = NULL;
    size_t n = record_session_statements(sv->s);
    printf("Stopped: %s holds %zu statement%s (xii audit checks it).\n", recorder_shown(&x, sa->file), n,
           n == 1 ? "" : "s");
    strbuf_free(&x);
    pthread_mutex_unlock(&sv->lock);
    return status;
}

int cmd_serve(int argc, char **argv)
{
    struct serve_args sa;
    int rc = parse_args(argc, argv, &sa);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    struct strbuf x = STRBUF_INIT;
    uint64_t seed = 0;
    if (sa.seed && event_setup_parse_seed(sa.seed, &seed) != 0) {
        fprintf(stderr, "xii serve: --seed needs a number from 0 to 18446744073709551615, not '%s'\n",
                recorder_shown(&x, sa.seed));
        strbuf_free(&x);
        return EXIT_USAGE;
    }
    const struct game *g = cli_game_of_file("serve", sa.game, sa.file);
    if (!g) {
        strbuf_free(&x);
        return EXIT_USAGE;
    }
    unsigned port = 8012;
    if (sa.port) {
        char *end;
        unsigned long v = strtoul(sa.port, &end, 10);
        if (*sa.port < '0' || *sa.port > '9' || *end || v > 65535) {
            fprintf(stderr, "xii serve: --port needs a number from 0 to 65535, not '%s'\n", recorder_shown(&x, sa.port));
            strbuf_free(&x);
            return EXIT_USAGE;
        }
        port = (unsigned)v;
    }
    if (strcmp(g->name, "xii") != 0) {
        strbuf_free(&x);
        if (sa.players || sa.difficulty || sa.events || sa.seed || sa.pdf) {
            fprintf(stderr, "xii serve: --players, --difficulty, --events, --seed and --pdf are XII Century's; "
                            "a %s game has one player and its dice are the table's\n", g->title);
            return EXIT_USAGE;
        }
        struct serve_game_args a = {sa.file, sa.rules, port, sa.lan};
        return serve_game(g, &a);
    }
    struct gamedata gd;
    if (cli_load_gamedata(&gd, sa.rules) != 0) {
        strbuf_free(&x);
        return EXIT_USAGE;
    }
    struct record_session *s = NULL;
    struct strbuf err = STRBUF_INIT;
    rc = record_session_open(&s, &gd, sa.file, &err);
    int status = EXIT_OK;
    if (rc != 0) {
        const char *file = recorder_shown(&x, sa.file);
        if (rc > 0)
            fprintf(stderr, "%sxii serve: %s has errors: the recorder continues only a log the rules accept "
                            "(see xii audit %s)\n", strbuf_cstr(&err), file, file);
        else
            fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
        status = rc == -2 ? EXIT_OUTPUT : EXIT_USAGE;
    }
    record_session_set_seed(s, sa.seed != NULL, seed);
    struct serve_server sv;
    strbuf_reset(&err);
    struct strbuf links = STRBUF_INIT;
    strbuf_printf(&links, "%s.links", sa.file);
    if (status == EXIT_OK && serve_server_init(&sv, s, strbuf_cstr(&links), &err) != 0) {
        fprintf(stderr, "xii serve: %s\n", strbuf_cstr(&err));
        status = EXIT_OUTPUT;
    } else if (status == EXIT_OK) {
        strbuf_reset(&links);
        strbuf_printf(&links, "%s.war", sa.file);
        int war = serve_server_keep_war(&sv, strbuf_cstr(&links), &err);
        if (err.len)
            fprintf(stderr, "xii serve: %s", strbuf_cstr(&err));
        if (war < 0)
            status = EXIT_OUTPUT;
        else if (header_from_options(&sv, &sa) != 0)
            status = EXIT_USAGE;
        else
            status = run(&sv, &sa, port);
        serve_server_free(&sv);
    }
    strbuf_free(&links);
    strbuf_free(&err);
    strbuf_free(&x);
    record_session_free(s);
    gamedata_free(&gd);
    return status;
}
