/* xii serve for a solo game the shared recorder takes (record/gsession.h; Kingdom): its one
 * link printed with its QR code, its table (serve/gtable.h) served until Ctrl-C. */
#ifndef CLI_SERVE_GAME_H
#define CLI_SERVE_GAME_H
#include <signal.h>
#include "core/game.h"

struct serve_game_args {
    const char *file;       /* the game file */
    const char *rules;      /* --rules FILE, or NULL */
    unsigned port;          /* 0: any free port */
    int lan;                /* serve the local network */
};

/* Serves a game of g recorded into a->file; returns the exit status. */
int serve_game(const struct game *g, const struct serve_game_args *a);
/* The host the links name: this computer's first address on the local network with lan
 * (127.0.0.1 when it has none), else 127.0.0.1. */
void cli_serve_host(int lan, char *out, size_t n);
/* Blocks the signals that stop a server (SIGINT, SIGTERM, SIGHUP) in this thread, before its
 * threads start (they inherit the mask), and gives their set to sigwait on. */
void cli_serve_block_stop(sigset_t *stop);

#endif
