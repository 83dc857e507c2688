/* Benchmark of the kingdom's audit: a corpus of random legal games (kingdom_random_game,
 * seeded: every decision drawn among kingdom_legal's, a check line after each production, the
 * result at the end) is lexed, parsed, replayed and reported in one process. Prints games per
 * second and MB of log per second for: lexing only (the floor), parsing, parsing plus
 * replaying (what `xii audit` does before its report), and all that plus the text report.
 * Processor times, the best of several runs. Every game must audit clean: the run fails
 * otherwise. Target: at least 10,000 games a second for parse + replay on one core.
 *
 * usage: bench_kingdom [GAMES [RUNS]]   (defaults: 2000 games, best of 5 runs) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kingdom/kreport.h"
#include "kingdom/random_game.h"
#include "log/lex.h"

#define TARGET_GAMES_PER_S 10000.0

struct corpus {
    struct strbuf text;
    size_t *start, *len;
    int games;
    long lines, years;
};

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

enum stage { LEX, PARSE, REPLAY, REPORT };

/* One pass over the corpus at a stage; returns the number of games that were not clean. */
static int pass(const struct kdata *d, const struct corpus *c, enum stage stage, struct klog *log)
{
    int bad = 0;
    for (int g = 0; g < c->games; g++) {
        const char *buf = c->text.data + c->start[g];
        size_t len = c->len[g];
        if (stage == LEX) {
            struct log_lexer lx;
            struct log_token t;
            log_lex_init(&lx, buf, len);
            do
                log_lex_next(&lx, &t);
            while (t.kind != LOG_TOK_EOF);
            continue;
        }
        struct diag_list dl = DIAG_LIST_INIT;
        klog_parse(log, buf, len, "bench.kingdom", &dl);
        if (stage >= REPLAY) {
            struct kaudit a;
            kaudit_run(&a, d, log, "bench.kingdom", &dl, NULL);
            if (!kaudit_ok(&a, &dl) || !a.s.end)
                bad++;
            if (stage == REPORT) {
                struct strbuf out = STRBUF_INIT;
                struct kreport_input in = {"bench.kingdom", buf, len, log, &a, &dl, 0};
                kreport_text(&in, &out);
                strbuf_free(&out);
            }
            kaudit_free(&a);
        }
        diag_list_free(&dl);
    }
    return bad;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 2000, runs = argc > 2 ? atoi(argv[2]) : 5;
    if (games < 1 || runs < 1) {
        fputs("usage: bench_kingdom [GAMES [RUNS]]\n", stderr);
        return 2;
    }
    struct kdata d;
    struct diag_list dl = DIAG_LIST_INIT;
    if (kdata_load_default(&d, &dl) != 0)
        return 1;
    struct corpus c = {STRBUF_INIT, malloc((size_t)games * sizeof(size_t)), malloc((size_t)games * sizeof(size_t)), games, 0, 0};
    int ends[4] = {0};
    for (int g = 0; g < games; g++) {
        struct kstate s;
        c.start[g] = c.text.len;
        kingdom_random_game(&d, (uint64_t)g + 1, &s, &c.text);
        c.len[g] = c.text.len - c.start[g];
        c.years += s.year;
        ends[s.end]++;
    }
    for (size_t i = 0; i < c.text.len; i++)
        c.lines += c.text.data[i] == '\n';
    printf("%d random legal games: %.1f lines and %.1f years a game (won %d, lost to graveyards %d, "
           "to the year limit %d), %.1f MB\n", games, (double)c.lines / games, (double)c.years / games,
           ends[KEND_WIN], ends[KEND_LOSS_GRAVEYARDS], ends[KEND_LOSS_YEARS], (double)c.text.len / 1e6);
    static const char *const names[4] = {"lex (floor)", "parse", "parse + replay", "parse + replay + report"};
    struct klog log = {0};
    int status = 0;
    double rate[4] = {0};
    for (int stage = LEX; stage <= REPORT; stage++) {
        double best = 1e30;
        for (int r = 0; r < runs; r++) {
            double t0 = cpu();
            int bad = pass(&d, &c, (enum stage)stage, &log);
            double t = cpu() - t0;
            if (bad) {
                printf("%d games did not audit clean\n", bad);
                status = 1;
            }
            if (t < best)
                best = t;
        }
        rate[stage] = games / best;
        printf("%-24s %9.0f games/s  %7.1f MB/s  %6.1f us a game\n", names[stage], rate[stage],
               (double)c.text.len / best / 1e6, best / games * 1e6);
    }
    printf("parse + replay: %.1fx the lexing floor; target %.0f games/s: %s\n", rate[LEX] / rate[REPLAY],
           TARGET_GAMES_PER_S, rate[REPLAY] >= TARGET_GAMES_PER_S ? "met" : "NOT MET");
    if (rate[REPLAY] < TARGET_GAMES_PER_S)
        status = 1;
    klog_free(&log);
    strbuf_free(&c.text);
    free(c.start);
    free(c.len);
    kdata_free(&d);
    return status;
}
