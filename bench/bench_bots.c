/* Benchmark of the bots: complete games per second on one core for the random and the greedy
 * bot (5 players, every difficulty in turn), the search bot's time for a complete solo game at
 * its default budget, and the throughput of `xii simulate`'s threads (1 and 2) on greedy solo
 * games. Bot times are processor times (steadier than the wall clock on a busy machine), the
 * best of several runs; the thread comparison needs the wall clock, so it is only meaningful
 * on an otherwise idle machine. Targets (issue 10): random >= 20,000 and greedy >= 1,000
 * five-player games a second, search < 2 s a solo game, two threads >= 1.8 times one.
 *
 * usage: bench_bots [SCALE [RUNS [random|greedy|search|threads]]]   (defaults: 1, best of 3)
 * SCALE multiplies the numbers of games. With a part named, only that part runs (for
 * profilers: valgrind --tool=callgrind out/bench/bench_bots 0.1 1 greedy). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bots/game.h"
#include "bots/simulate.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Processor seconds per game of `bot` in every seat (best of runs). */
static double per_game(const struct gamedata *gd, const struct play_bot *bot, int players, int games,
                       int runs, double *mean_score)
{
    const struct play_bot *bots[XII_MAX_PLAYERS] = {bot, bot, bot, bot, bot};
    double best = 1e300;
    for (int r = 0; r < runs; r++) {
        long total = 0;
        double t0 = cpu_seconds();
        for (int g = 0; g < games; g++) {
            struct play_setup st = {players, g % gd->ndifficulties, -1, play_seed_derive(99, (uint64_t)g)};
            struct game_state s;
            if (play_game_run(gd, &st, bots, NULL, NULL, &s) != 0) {
                fprintf(stderr, "bench_bots: game %d failed\n", g);
                exit(1);
            }
            for (int p = 0; p < players; p++)
                total += engine_score(&s, p, NULL);
        }
        double t = (cpu_seconds() - t0) / games;
        if (t < best)
            best = t;
        *mean_score = (double)total / games / players;
    }
    return best;
}

/* Wall clock and processor time (every thread's) of sim_run with 1 and 2 threads, best of
 * runs each. Equal processor time per game with 2 threads says nothing in the threaded path
 * serialises or contends (locks, shared caches, false sharing would all cost processor time);
 * the wall-clock ratio is the scaling, meaningful only with two idle cores. */
static int threads_part(const struct gamedata *gd, int games, int runs)
{
    struct play_bot greedy = {PLAY_BOT_GREEDY, 0};
    double best[3] = {1e300, 1e300, 1e300}, cpu[3] = {1e300, 1e300, 1e300};
    for (int r = 0; r < runs; r++)
        for (int t = 1; t <= 2; t++) {
            struct sim_options o = {gd, 1, 2, -1, {&greedy}, games, 5, t, 0, NULL, NULL, NULL};
            struct sim_games out;
            struct strbuf err = STRBUF_INIT;
            double t0 = wall_seconds(), c0 = cpu_seconds();
            if (sim_run(&o, &out, &err) != 0) {
                fprintf(stderr, "bench_bots: %s\n", strbuf_cstr(&err));
                return 1;
            }
            double w = wall_seconds() - t0, c = cpu_seconds() - c0;
            if (w < best[t])
                best[t] = w;
            if (c < cpu[t])
                cpu[t] = c;
            sim_games_free(&out);
            strbuf_free(&err);
        }
    double load[1] = {-1};
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load[0]) != 1)
            load[0] = -1;
        fclose(f);
    }
    printf("xii simulate threads (greedy solo, %d games): processor time per game 1 thread %.1f us, "
           "2 threads %.1f us (x%.2f); wall clock 1 thread %.0f games/s, 2 threads %.0f games/s: "
           "x%.2f (target x1.8; needs two idle cores: load average %.1f)\n",
           games, cpu[1] / games * 1e6, cpu[2] / games * 1e6, cpu[2] / cpu[1], games / best[1],
           games / best[2], best[1] / best[2], load[0]);
    return 0;
}

int main(int argc, char **argv)
{
    double scale = argc > 1 ? atof(argv[1]) : 1;
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    const char *only = argc > 3 ? argv[3] : NULL;
    if (scale <= 0 || runs < 1) {
        fputs("usage: bench_bots [SCALE [RUNS [random|greedy|search|threads]]]\n", stderr);
        return 2;
    }
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0)
        return 1;
    diag_list_free(&dl);
    int status = 0;
    double mean;
    struct play_bot random = {PLAY_BOT_RANDOM, 0}, greedy = {PLAY_BOT_GREEDY, 0},
                    search = {PLAY_BOT_SEARCH, PLAY_SEARCH_BUDGET};
    if (!only || strcmp(only, "random") == 0) {
        int n = (int)(20000 * scale) + 1;
        double t = per_game(&gd, &random, 5, n, runs, &mean);
        printf("random: %.0f five-player games/s on one core (target 20,000), mean score %.1f\n", 1 / t, mean);
    }
    if (!only || strcmp(only, "greedy") == 0) {
        int n = (int)(1000 * scale) + 1;
        double t = per_game(&gd, &greedy, 5, n, runs, &mean);
        printf("greedy: %.0f five-player games/s on one core (target 1,000), mean score %.1f\n", 1 / t, mean);
        t = per_game(&gd, &greedy, 1, n, runs, &mean);
        printf("greedy: %.0f solo games/s on one core, mean score %.1f\n", 1 / t, mean);
    }
    if (!only || strcmp(only, "search") == 0) {
        int n = (int)(6 * scale) + 1;
        double t = per_game(&gd, &search, 1, n, 1, &mean);
        printf("search (budget %d): %.2f s per solo game on one core (target < 2 s), mean score %.1f\n",
               PLAY_SEARCH_BUDGET, t, mean);
    }
    if (!only || strcmp(only, "threads") == 0)
        status |= threads_part(&gd, (int)(2000 * scale) + 1, runs);
    gamedata_free(&gd);
    return status;
}
