/* Benchmark of the advisor, end to end through the xii program: games of four greedy bots
 * (seeded, difficulty normal) are written as move logs; `xii hint` runs on each game's first
 * turn of round 5 (all four dice to spend), `xii audit --analyse` on one whole game, both at
 * their default accuracy. Prints, per run, the processor time (user + system, every thread,
 * of the child) and the wall time, and for the hints how the ranking stopped: "separated" (the
 * best is ahead of the runner-up at 95 %), "close" (their difference known to +-0.5 VP at
 * 95 %), "budget" or "time". The machine may be shared: the processor time is the figure to
 * compare; wall time / processor time shows how much of the 2 cores the run got.
 *
 * usage: bench_advisor XII [HINTS [ANALYSES]]   (defaults: 6 hint positions, 1 analysis) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "play/game.h"

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

/* A whole game of four greedy bots, as a log. */
static int game(const struct gamedata *gd, uint64_t seed, struct strbuf *log)
{
    struct play_bot b;
    play_bot_from_name("greedy", &b);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    int normal = 0;
    for (int d = 0; d < gd->ndifficulties; d++)
        if (strcmp(gd->difficulties[d].id, "normal") == 0)
            normal = d;
    struct play_setup st = {4, normal, -1, seed};
    struct game_state fin;
    return play_game_run(gd, &st, bots, log, "bench game", &fin);
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
        fputs("usage: bench_advisor XII [HINTS [ANALYSES]]\n", stderr);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);   /* each figure as soon as it is measured */
    char *xii = argv[1];
    int hints = argc > 2 ? atoi(argv[2]) : 6, analyses = argc > 3 ? atoi(argv[3]) : 1;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0)
        return 1;
    char dir[] = "/tmp/bench-advisor-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    int status = 0;
    double cpu_sum = 0, cpu_max = 0, wall_sum = 0;
    int stops[4] = {0};
    static const char *const stop_names[] = {"separated", "close", "budget", "time"};
    printf("hint on the first turn of round 5 of 4-player greedy games (default: at most 1024 rollouts a move)\n");
    for (int g = 0; g < hints; g++) {
        struct strbuf log = STRBUF_INIT, out = STRBUF_INIT;
        if (game(&gd, 100 + (uint64_t)g, &log) != 0) {
            status = 1;
            break;
        }
        /* Cut after round 5's first turn line. */
        const char *r5 = strstr(log.data, "\nround 5\n");
        const char *turn = r5 ? strstr(r5, "\nturn ") : NULL;
        const char *end = turn ? strchr(turn + 1, '\n') : NULL;
        char path[128];
        snprintf(path, sizeof path, "%s/round5-%d.xii", dir, g);
        if (!end || write_file(path, log.data, (size_t)(end + 1 - log.data)) != 0) {
            status = 1;
            break;
        }
        char *args[] = {xii, (char *)"hint", (char *)"--json", path, NULL};
        double cpu, secs;
        int rc = run(args, &out, &cpu, &secs);
        char stop[32], rollouts[32];
        json_word(strbuf_cstr(&out), "stop", stop, sizeof stop);
        json_word(strbuf_cstr(&out), "rollouts", rollouts, sizeof rollouts);
        printf("  game %d: %.2f s processor, %.2f s wall, %s rollouts, stop: %s\n", g, cpu, secs, rollouts, stop);
        if (rc != 0)
            status = 1;
        for (int k = 0; k < 4; k++)
            stops[k] += strcmp(stop, stop_names[k]) == 0;
        cpu_sum += cpu;
        wall_sum += secs;
        if (cpu > cpu_max)
            cpu_max = cpu;
        strbuf_free(&log);
        strbuf_free(&out);
    }
    if (hints > 0)
        printf("hint: mean %.2f s processor (max %.2f), mean %.2f s wall; %d separated, %d close, %d budget, %d time\n",
               cpu_sum / hints, cpu_max, wall_sum / hints, stops[0], stops[1], stops[2], stops[3]);
    for (int g = 0; g < analyses && status == 0; g++) {
        struct strbuf log = STRBUF_INIT;
        char path[128];
        snprintf(path, sizeof path, "%s/game-%d.xii", dir, g);
        if (game(&gd, 200 + (uint64_t)g, &log) != 0 || write_file(path, log.data, log.len) != 0) {
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
