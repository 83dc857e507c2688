/* Benchmark of the blank town-sheet: one 2-page sheet and a 5-player set (10 pages), drawn and
 * written again and again in one process with each backend; prints the median milliseconds per
 * document (processor time) and the file size. Issue target: at most 15 ms per 2-page sheet
 * with the faster backend, a PDF under 100 KB.
 *
 * usage: bench_sheet [RUNS [OUTDIR [cairo|libharu [PLAYERS]]]]   (defaults: 30 runs, out/, both
 * backends, 1 and 5 players) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "layout/icons.h"
#include "layout/townsheet.h"
#include "rules/gamedata.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Draws `players` sheets into path; returns the processor milliseconds, or -1 on failure. */
static double one_document(const struct townsheet_options *o, enum canvas_backend backend,
                           const char *path, int players)
{
    static const char *const names[] = {"Jack", "Tom", "Martha", "Mary", "Ann"};
    double t0 = now_ms();
    struct canvas_options co = {0};
    co.backend = backend;
    co.path = path;
    co.title = "bench";
    co.creator = "xii bench";
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    int rc = c ? 0 : -1;
    for (int i = 0; rc == 0 && i < players; i++) {
        struct townsheet_player p = {names[i], NULL};
        rc = townsheet_draw(c, o, &p, NULL, &err);
    }
    if (c && rc != 0)
        canvas_discard(c);
    else if (c)
        rc = canvas_finish(c, &err);
    if (rc != 0)
        fprintf(stderr, "bench_sheet: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return rc == 0 ? now_ms() - t0 : -1;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 30;
    const char *dir = argc > 2 ? argv[2] : "out";
    const char *only = argc > 3 ? argv[3] : NULL;
    int only_players = argc > 4 ? atoi(argv[4]) : 0;
    if (runs < 1)
        runs = 1;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0)
        return 1;
    struct icon_set *icons = icons_load_default(&dl);
    struct townsheet_options o;
    townsheet_options_init(&o, &gd, layout_paper_find("a4"), 0);
    o.icons = icons;
    o.footer = "A4 \xc2\xb7 colour";
    double *ms = malloc(sizeof *ms * (size_t)runs);
    int status = 0;
    printf("%-8s %-9s %12s %12s %10s\n", "backend", "document", "median ms", "best ms", "size");
    static const enum canvas_backend backends[] = {CANVAS_CAIRO, CANVAS_HARU};
    static const char *const names[] = {"cairo", "libharu"};
    for (int b = 0; b < 2; b++)
        for (int players = 1; players <= 5 && (!only || strcmp(only, names[b]) == 0); players += 4) {
            if (only_players && players != only_players)
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/bench-sheet-%s-%d.pdf", dir, names[b], players);
            for (int i = 0; i < runs; i++)
                ms[i] = one_document(&o, backends[b], path, players);
            qsort(ms, (size_t)runs, sizeof *ms, cmp_double);
            if (ms[0] < 0) {
                status = 1;
                continue;
            }
            struct stat st;
            long size = stat(path, &st) == 0 ? (long)st.st_size : -1;
            printf("%-8s %d player%s %12.1f %12.1f %7ld KB\n", names[b], players, players > 1 ? "s" : " ",
                   ms[runs / 2], ms[0], size / 1024);
        }
    free(ms);
    icons_free(icons);
    gamedata_free(&gd);
    diag_list_free(&dl);
    return status;
}
