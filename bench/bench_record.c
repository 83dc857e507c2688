/* Benchmark of the recorder's check (xii play): after each line typed, the whole log so far is
 * parsed, replayed and asked what it awaits (log/await.h), as record_session.c does before the
 * line is written. This measures that work on a complete random 4-player game (the generator
 * of bench_audit, 4 players, seed 8, with check lines: the game of tests/play/game-4p.xii):
 * processor time per line typed (mean and the slowest, late in the game), per round and for
 * the whole game. The fsync of each accepted line and the terminal are not included: run.sh
 * times `xii play` end to end for those.
 *
 * usage: bench_record [RUNS]   (default: best of 5 runs for every line) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "log/await.h"
#include "log/gen.h"
#include "log/parse.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Checks the log text[0..len) as the recorder does; returns the number of errors. */
static size_t check_prefix(const struct gamedata *gd, const char *text, size_t len, struct log_await *a)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(text, len, "game.xii", &dl);
    struct log_replay *r = log_replay_run(gd, ast, NULL, &dl);
    log_await(r, a);
    size_t errors = dl.errors;
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    return errors;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    if (runs < 1 || argc > 2) {
        fputs("usage: bench_record [RUNS]\n", stderr);
        return 2;
    }
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fputs("bench_record: cannot load the game data\n", stderr);
        return 1;
    }
    diag_list_free(&dl);
    struct strbuf text = STRBUF_INIT;
    struct log_gen_options o = {4, 8, 1};
    if (log_gen_game(&gd, &o, &text, NULL) != 0)
        return 1;
    double total = 0, slowest = 0, round_time[GD_ROUNDS + 1] = {0};
    int lines = 0, round_lines[GD_ROUNDS + 1] = {0};
    for (size_t end = 0; end < text.len; end++) {
        if (text.data[end] != '\n')
            continue;
        double best = 1e30;
        struct log_await a;
        for (int k = 0; k < runs; k++) {
            double t0 = cpu_seconds();
            size_t errors = check_prefix(&gd, text.data, end + 1, &a);
            double t = cpu_seconds() - t0;
            if (errors && a.kind != LOG_AWAIT_HEADER) {     /* a header not complete yet */
                fprintf(stderr, "bench_record: the generated game has errors\n");
                return 1;
            }
            if (t < best)
                best = t;
        }
        int round = a.kind == LOG_AWAIT_ROUND ? a.round - 1 : a.kind == LOG_AWAIT_GAME_OVER ? GD_ROUNDS : a.round;
        if (round < 0 || round > GD_ROUNDS)
            round = 0;
        round_time[round] += best;
        round_lines[round]++;
        total += best;
        lines++;
        if (best > slowest)
            slowest = best;
    }
    printf("a 4-player game of %d lines (%zu bytes), each line checked as xii play checks it:\n", lines, text.len);
    printf("per line: %.3f ms on average, %.3f ms for the slowest (best of %d runs, processor time)\n",
           total * 1e3 / lines, slowest * 1e3, runs);
    for (int r = 1; r <= GD_ROUNDS; r++)
        printf("round %2d: %3d lines, %6.2f ms\n", r, round_lines[r], round_time[r] * 1e3);
    printf("whole game: %.1f ms of checking for %d lines\n", total * 1e3, lines);
    strbuf_free(&text);
    gamedata_free(&gd);
    return 0;
}
