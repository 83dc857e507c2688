/* Benchmark of the advisor, end to end through the xii program: games of greedy bots (seeded)
 * are written as move logs and `xii hint` runs at its default accuracy on positions of each
 * class below, then `xii audit --analyse` on one whole 4-player game. Prints, per run, the
 * processor time (user + system, every thread, of the child) and the wall time, and for the
 * hints how the ranking stopped: "separated" (the best is ahead of every other at 95 %),
 * "close" (the differences left known to +-0.5 at 95 %), "budget" or "time". The machine may
 * be shared: the processor time is the figure to compare; wall time / processor time shows how
 * much of the 2 cores the run got.
 *
 * The position classes (each cut from its own games):
 *   round 1, 4 players: the first turn line of the game (all four dice; the longest rollouts)
 *   round 5, 4 players: the first turn line of round 5 (mid-game)
 *   round 10, solo: the last turn line of a solo game (hard), all four dice: the exact solve
 *     (advice_exact.h) values every plan, no rollout
 *   round 10, 2 to 5 players, the last seat: the last turn of the game, exact likewise (the
 *     war's bonus rolls weighed)
 *   round 10, 2 to 5 players, the first seat, and the middle seat of 3 to 5 players: the
 *     candidates are the best by the expected final score after one continuation of the round
 *     (the engine's bound cuts the search), then they race
 *
 * usage: bench_advisor XII [HINTS [ANALYSES [CLASS]]]   (defaults: 3 positions per class, 1
 * analysis; CLASS: only the classes whose name holds it, e.g. "round 10") */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bots/game.h"

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Processor seconds of the children waited for so far (user + system, every thread). */
static double children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

/* Runs argv with its standard output into out (when not NULL); returns the exit status and the
 * processor and wall seconds. */
static int run(char *const argv[], struct strbuf *out, double *cpu, double *secs)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    double t0 = wall(), c0 = children_cpu();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    char buf[4096];
    ssize_t n;
    while ((n = read(fd[0], buf, sizeof buf)) > 0)
        if (out)
            strbuf_append(out, buf, (size_t)n);
    close(fd[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    *secs = wall() - t0;
    *cpu = children_cpu() - c0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The index of a difficulty by its id (0 when unknown). */
static int difficulty(const struct gamedata *gd, const char *id)
{
    for (int d = 0; d < gd->ndifficulties; d++)
        if (strcmp(gd->difficulties[d].id, id) == 0)
            return d;
    return 0;
}

/* A whole game of greedy bots, as a log. */
static int game(const struct gamedata *gd, int players, const char *level, uint64_t seed, struct strbuf *log)
{
    struct play_bot b;
    play_bot_from_name("greedy", &b);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct play_setup st = {players, difficulty(gd, level), -1, seed};
    struct game_state fin;
    return play_game_run(gd, &st, bots, log, "bench game", &fin);
}

/* A class of hint positions: games of `players` at `level`, cut after the turn line of seat
 * `seat` (0 the first, -1 the last) of round `round` and `dice` of its body lines. */
struct position_class {
    const char *name;
    int players;
    const char *level;
    int round, dice, seat;
    uint64_t seed;
};

static const struct position_class classes[] = {
    {"round 1, 4 players, first turn", 4, "normal", 1, 0, 0, 300},
    {"round 5, 4 players, first turn", 4, "normal", 5, 0, 0, 100},
    {"round 10, solo (hard), last turn (all four dice)", 1, "hard", 10, 0, 0, 400},
    {"round 10, 2 players, last seat (all four dice)", 2, "normal", 10, 0, -1, 500},
    {"round 10, 3 players, last seat (all four dice)", 3, "normal", 10, 0, -1, 500},
    {"round 10, 4 players, last seat (all four dice)", 4, "normal", 10, 0, -1, 500},
    {"round 10, 5 players, last seat (all four dice)", 5, "normal", 10, 0, -1, 500},
    {"round 10, 2 players, first seat (all four dice)", 2, "normal", 10, 0, 0, 500},
    {"round 10, 3 players, first seat (all four dice)", 3, "normal", 10, 0, 0, 500},
    {"round 10, 3 players, middle seat (all four dice)", 3, "normal", 10, 0, 1, 500},
    {"round 10, 4 players, first seat (all four dice)", 4, "normal", 10, 0, 0, 500},
    {"round 10, 4 players, middle seat (all four dice)", 4, "normal", 10, 0, 1, 500},
    {"round 10, 5 players, first seat (all four dice)", 5, "normal", 10, 0, 0, 500},
    {"round 10, 5 players, middle seat (all four dice)", 5, "normal", 10, 0, 2, 500},
};

/* The length of the log up to the position of class c, or 0 when the game has none. */
static size_t cut_at(const char *log, const struct position_class *c)
{
    char mark[32];
    snprintf(mark, sizeof mark, "\nround %d\n", c->round);
    const char *r = strstr(log, mark);
    const char *end = r ? strstr(r, "\nturn ") : NULL;
    /* The seat's turn line (the last: the next "round" line, or the end of the log, comes
     * first). */
    const char *next = r ? strstr(r + 1, "\nround ") : NULL;
    int seat = 0;
    for (const char *t = end; t && (!next || t < next) && (c->seat < 0 || seat <= c->seat);
         t = strstr(t + 1, "\nturn "), seat++)
        end = t;
    for (int k = 0; end && k <= c->dice; k++)
        end = strchr(end + 1, '\n');
    return end ? (size_t)(end + 1 - log) : 0;
}

static int write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int rc = fwrite(data, 1, len, f) == len ? 0 : -1;
    return fclose(f) == 0 ? rc : -1;
}

/* The value of "key": "..." in a JSON text, into out. */
static void json_word(const char *json, const char *key, char *out, size_t size)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(json, pat);
    out[0] = 0;
    if (!p)
        return;
    p += strlen(pat);
    if (*p == '"')
        p++;
    size_t k = 0;
    while (*p && *p != '"' && *p != ',' && k + 1 < size)
        out[k++] = *p++;
    out[k] = 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: bench_advisor XII [HINTS [ANALYSES [CLASS]]]\n", stderr);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);   /* each figure as soon as it is measured */
    char *xii = argv[1];
    int hints = argc > 2 ? atoi(argv[2]) : 3, analyses = argc > 3 ? atoi(argv[3]) : 1;
    const char *only = argc > 4 ? argv[4] : "";
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0)
        return 1;
    char dir[] = "/tmp/bench-advisor-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    int status = 0;
    static const char *const stop_names[] = {"separated", "close", "budget", "time", "exact"};
    for (size_t c = 0; c < sizeof classes / sizeof classes[0] && status == 0; c++) {
        if (!strstr(classes[c].name, only))
            continue;
        double cpu_sum = 0, cpu_max = 0, wall_sum = 0, wall_max = 0;
        double *cpus = calloc((size_t)(hints > 0 ? hints : 1), sizeof *cpus);
        double *walls = calloc((size_t)(hints > 0 ? hints : 1), sizeof *walls);
        int stops[5] = {0};
        printf("hint, %s (the default budget)\n", classes[c].name);
        for (int g = 0; g < hints; g++) {
            struct strbuf log = STRBUF_INIT, out = STRBUF_INIT;
            if (game(&gd, classes[c].players, classes[c].level, classes[c].seed + (uint64_t)g, &log) != 0) {
                status = 1;
                break;
            }
            size_t len = cut_at(log.data, &classes[c]);
            char path[128];
            snprintf(path, sizeof path, "%s/hint-%zu-%d.xii", dir, c, g);
            if (len == 0 || write_file(path, log.data, len) != 0) {
                status = 1;
                break;
            }
            char *args[] = {xii, (char *)"hint", (char *)"--json", path, NULL};
            double cpu, secs;
            int rc = run(args, &out, &cpu, &secs);
            char stop[32], rollouts[32], cands[32], legal[32];
            json_word(strbuf_cstr(&out), "stop", stop, sizeof stop);
            json_word(strbuf_cstr(&out), "rollouts", rollouts, sizeof rollouts);
            json_word(strbuf_cstr(&out), "candidates", cands, sizeof cands);
            json_word(strbuf_cstr(&out), "plans_legal", legal, sizeof legal);
            printf("  game %d: %.2f s processor, %.2f s wall, %s plans, %s candidates, %s rollouts, stop: %s\n", g,
                   cpu, secs, legal[0] ? legal : "-", cands, rollouts, stop);
            if (rc != 0)
                status = 1;
            for (int k = 0; k < 5; k++)
                stops[k] += strcmp(stop, stop_names[k]) == 0;
            cpus[g] = cpu;
            walls[g] = secs;
            cpu_sum += cpu;
            wall_sum += secs;
            if (cpu > cpu_max)
                cpu_max = cpu;
            if (secs > wall_max)
                wall_max = secs;
            strbuf_free(&log);
            strbuf_free(&out);
        }
        if (hints > 0) {
            qsort(cpus, (size_t)hints, sizeof *cpus, by_double);
            qsort(walls, (size_t)hints, sizeof *walls, by_double);
            printf("  mean %.2f s processor (median %.2f, max %.2f), mean %.2f s wall (median %.2f, max %.2f); %d "
                   "exact, %d separated, %d close, %d budget, %d time\n", cpu_sum / hints, cpus[hints / 2], cpu_max,
                   wall_sum / hints, walls[hints / 2], wall_max, stops[4], stops[0], stops[1], stops[2], stops[3]);
        }
        free(cpus);
        free(walls);
    }
    for (int g = 0; g < analyses && status == 0; g++) {
        struct strbuf log = STRBUF_INIT;
        char path[128];
        snprintf(path, sizeof path, "%s/game-%d.xii", dir, g);
        if (game(&gd, 4, "normal", 200 + (uint64_t)g, &log) != 0 || write_file(path, log.data, log.len) != 0) {
            status = 1;
            break;
        }
        char *args[] = {xii, (char *)"audit", (char *)"--analyse", path, NULL};
        double cpu, secs;
        int rc = run(args, NULL, &cpu, &secs);
        printf("audit --analyse of a complete 4-player game (default: at most 128 rollouts a move): "
               "%.1f s processor, %.1f s wall\n", cpu, secs);
        if (rc != 0)
            status = 1;
        strbuf_free(&log);
    }
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        status = 1;
    gamedata_free(&gd);
    return status;
}
