/* Benchmark of the last round's exact solve alone (advisor/advice_exact.h): whole last turns
 * (every die unspent, cut right after the last turn line of round 10) of greedy games, solved
 * as the hint solves them (its default goal, the greedy bot, the best 16) on 1 and 2 threads;
 * prints per position the partial plans, complete plans, positions ended and valued, the
 * processor and wall time, then the median and max per thread count.
 *
 * usage: bench_exact PLAYERS DIFFICULTY OBJECTIVE SEED [SEED_LAST [THREADS]]
 *   DIFFICULTY an index (0 very easy .. 5), OBJECTIVE an index or -1 (arcade; multiplayer -1);
 *   THREADS 1 or 2 (default: both in turn). Example, the hardest solo turns found:
 *   bench_exact 1 3 -1 400 430
 * With BENCH_EXACT_COURT set, the player is given the town court with perk b (its re-roll) before
 * the solve: a state edit (greedy games seldom buy it), for the re-roll's cost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "advisor/advice.h"
#include "advisor/advice_exact.h"
#include "advisor/advice_position.h"
#include "bots/game.h"
#include "core/diag.h"
#include "audit/await.h"
#include "log/parse.h"
#include "audit/replay.h"

static double clock_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The log of a greedy game cut after the last turn line of the game; NULL when the game
 * failed. The caller frees it. */
static char *last_turn_log(const struct gamedata *gd, const struct play_setup *st)
{
    struct play_bot b;
    if (play_bot_from_name("greedy", &b) != 0)
        return NULL;
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    if (play_game_run(gd, st, bots, &log, "exact", &fin) != 0) {
        strbuf_free(&log);
        return NULL;
    }
    char *text = strbuf_detach(&log);
    char *cut = strstr(text, "\nround 10\n"), *line = NULL;
    for (char *p = cut ? strstr(cut, "\nturn ") : NULL; p; p = strstr(p + 1, "\nturn "))
        line = p;
    char *eol = line ? strchr(line + 1, '\n') : NULL;
    if (!eol) {
        free(text);
        return NULL;
    }
    eol[1] = 0;
    return text;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: bench_exact PLAYERS DIFFICULTY OBJECTIVE SEED [SEED_LAST [THREADS]]\n");
        return 2;
    }
    struct play_setup st = {atoi(argv[1]), atoi(argv[2]), atoi(argv[3]), strtoull(argv[4], NULL, 10)};
    uint64_t last = argc > 5 ? strtoull(argv[5], NULL, 10) : st.seed;
    int only = argc > 6 ? atoi(argv[6]) : 0;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fprintf(stderr, "bench_exact: the game data did not load\n");
        return 1;
    }
    struct play_bot bot;
    play_bot_from_name("greedy", &bot);
    size_t n = (size_t)(last - st.seed + 1);
    double *cpu[2] = {calloc(n, sizeof(double)), calloc(n, sizeof(double))};
    double *secs[2] = {calloc(n, sizeof(double)), calloc(n, sizeof(double))};
    size_t *nodes = calloc(n, sizeof *nodes), done = 0;
    struct advice_exact *x = calloc(1, sizeof *x);
    printf("players %d, difficulty %d, objective %d\n", st.nplayers, st.difficulty, st.objective);
    printf("%6s %10s %10s %11s %10s", "seed", "partial", "complete", "ended", "valued");
    for (int t = 1; t <= 2; t++)
        if (!only || t == only)
            printf(" %7s%dt %7s%dt", "cpu ", t, "wall ", t);
    printf("\n");
    for (uint64_t seed = st.seed; seed <= last; seed++) {
        struct play_setup one = st;
        one.seed = seed;
        char *text = last_turn_log(&gd, &one);
        if (!text) {
            printf("%6llu the game failed\n", (unsigned long long)seed);
            continue;
        }
        struct diag_list pdl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(text, strlen(text), "bench.xii", &pdl);
        struct log_replay_options opt = {0};
        struct log_replay *r = log_replay_run(&gd, ast, &opt, &pdl);
        struct log_await aw;
        log_await(r, &aw);
        struct advice_position pos;
        struct strbuf why = STRBUF_INIT;
        if (pdl.errors || advice_position_from_await(r, &aw, -1, &pos, &why) != 0 || pos.kind != ADVICE_TURN) {
            printf("%6llu no turn to solve\n", (unsigned long long)seed);
        } else {
            printf("%6llu", (unsigned long long)seed);
            struct game_state court = *pos.s;
            for (int i = 0; getenv("BENCH_EXACT_COURT") && i < gd.nitems; i++)
                for (int k = 0; k < gd.items[i].nperks; k++)
                    if (gd.items[i].perks[k].id == PERK_REROLL_LOW && court.p[court.turn.player].perk_item[PERK_REROLL_LOW] < 0) {
                        struct player_state *ps = &court.p[court.turn.player];
                        ps->owned |= 1u << i;
                        ps->perk[i] = k == 1 ? 'b' : 'a';
                        ps->perk_item[PERK_REROLL_LOW] = (signed char)i;
                    }
            for (int t = 1; t <= 2; t++) {
                if (only && t != only)
                    continue;
                double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC);
                int rc = advice_exact_solve(&court, advice_default_goal(&court), &bot, 1, t, 16, x);
                cpu[t - 1][done] = clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
                secs[t - 1][done] = clock_of(CLOCK_MONOTONIC) - w0;
                if (t == only || t == 1)
                    printf(" %10zu %10zu %11zu %10zu %3zu", x->nodes, x->plans, x->ends, x->valued, x->rerolls);
                printf(" %9.2f %9.2f", cpu[t - 1][done], secs[t - 1][done]);
                if (rc != 0)
                    printf(" (failed)");
                nodes[done] = x->nodes;
            }
            printf("  best %.4f\n", x->nbest ? x->best[0].v.goal : 0.0);
            done++;
        }
        fflush(stdout);
        strbuf_free(&why);
        log_replay_free(r);
        log_free(ast);
        diag_list_free(&pdl);
        free(text);
    }
    for (int t = 0; t < 2 && done; t++) {
        if (only && t + 1 != only)
            continue;
        qsort(cpu[t], done, sizeof(double), by_double);
        qsort(secs[t], done, sizeof(double), by_double);
        printf("%d thread(s), %zu positions: processor median %.2f s max %.2f s; wall median %.2f s max %.2f s\n",
               t + 1, done, cpu[t][done / 2], cpu[t][done - 1], secs[t][done / 2], secs[t][done - 1]);
    }
    free(x);
    free(nodes);
    for (int t = 0; t < 2; t++) {
        free(cpu[t]);
        free(secs[t]);
    }
    gamedata_free(&gd);
    diag_list_free(&dl);
    return 0;
}
