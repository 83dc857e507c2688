/* Benchmark of the recorder's check (xii play) on a complete random 4-player game (the
 * generator of bench_audit, 4 players, seed 8, with check lines: the game of
 * tests/play/game-4p.xii), processor time per line typed (mean and the slowest), per round and
 * for the whole game, two ways:
 *   - live: the line is parsed alone and fed to the live replay (log/live.h), then asked what
 *     it awaits, as the recorder does now (each run takes the line back and feeds it again:
 *     what a refused line costs too);
 *   - whole log: the whole log so far is parsed, replayed and asked what it awaits, as the
 *     recorder did before the live replay (November 2026, first round of the referee work).
 * The fsync of each accepted line and the terminal are not included: run.sh times `xii play`
 * end to end for those.
 *
 * usage: bench_record [RUNS]   (default: best of 5 runs for every line) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "audit/await.h"
#include "bots/gen.h"
#include "audit/live.h"
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
    double total[2] = {0}, slowest[2] = {0}, round_time[2][GD_ROUNDS + 1] = {{0}};
    int lines = 0, round_lines[GD_ROUNDS + 1] = {0};
    struct log_live *lv = log_live_new(&gd, "game.xii");
    size_t start = 0;
    int line_no = 1;
    for (size_t end = 0; end < text.len; end++) {
        if (text.data[end] != '\n')
            continue;
        double best[2] = {1e30, 1e30};
        struct log_await a;
        for (int k = 0; k < runs; k++) {
            double t0 = cpu_seconds();
            size_t errors = check_prefix(&gd, text.data, end + 1, &a);
            double t = cpu_seconds() - t0;
            if (errors && a.kind != LOG_AWAIT_HEADER) {     /* a header not complete yet */
                fprintf(stderr, "bench_record: the generated game has errors\n");
                return 1;
            }
            if (t < best[1])
                best[1] = t;
        }
        for (int k = 0; k < runs; k++) {
            struct log_await b;
            double t0 = cpu_seconds();
            struct diag_list pdl = DIAG_LIST_INIT;
            size_t fed = log_live_feed(lv, log_parse_from(text.data + start, end + 1 - start, "game.xii", line_no, &pdl));
            log_await(log_live_replay(lv), &b);
            double t = cpu_seconds() - t0;
            diag_list_free(&pdl);
            if (t < best[0])
                best[0] = t;
            if (k + 1 < runs && fed)
                log_live_take_back(lv);
        }
        start = end + 1;
        line_no++;
        int round = a.kind == LOG_AWAIT_ROUND ? a.round - 1 : a.kind == LOG_AWAIT_GAME_OVER ? GD_ROUNDS : a.round;
        if (round < 0 || round > GD_ROUNDS)
            round = 0;
        round_lines[round]++;
        lines++;
        for (int w = 0; w < 2; w++) {
            round_time[w][round] += best[w];
            total[w] += best[w];
            if (best[w] > slowest[w])
                slowest[w] = best[w];
        }
    }
    if (log_live_diags(lv)->errors) {
        fprintf(stderr, "bench_record: the live replay of the generated game has errors\n");
        return 1;
    }
    log_live_free(lv);
    printf("a 4-player game of %d lines (%zu bytes), each line checked (best of %d runs, processor time):\n",
           lines, text.len, runs);
    static const char *const way[2] = {"live replay (xii play now)", "whole log again (before)"};
    for (int w = 0; w < 2; w++)
        printf("%-28s per line: %.3f ms on average, %.3f ms for the slowest; whole game %.1f ms\n", way[w],
               total[w] * 1e3 / lines, slowest[w] * 1e3, total[w] * 1e3);
    printf("round  lines  live: ms (per line)  whole log: ms (per line)\n");
    for (int r = 1; r <= GD_ROUNDS; r++)
        printf("%5d  %5d  %8.2f (%.3f)  %12.2f (%.3f)\n", r, round_lines[r], round_time[0][r] * 1e3,
               round_lines[r] ? round_time[0][r] * 1e3 / round_lines[r] : 0, round_time[1][r] * 1e3,
               round_lines[r] ? round_time[1][r] * 1e3 / round_lines[r] : 0);
    strbuf_free(&text);
    gamedata_free(&gd);
    return 0;
}
