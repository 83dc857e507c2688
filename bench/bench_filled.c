/* Benchmark of the filled town-sheets: a complete 5-player game goes from its move-log text to
 * the 10-page PDF (parse, replay, draw with cairo, write), again and again in one process;
 * prints the milliseconds per document, and beside it the time of the same pages left blank
 * (what the writing adds to). Target: under 50 ms.
 *
 * usage: bench_filled [LOG [RUNS [PDF [cairo|haru]]]]   (run from the repository root; the
 * default log is tests/golden/filled/five.xii, 20 runs, the PDF written by cairo to
 * out/bench-filled.pdf) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "core/readfile.h"
#include "layout/filled_sheet.h"
#include "layout/townsheet.h"
#include "log/parse.h"
#include "audit/replay.h"

/* Processor time of this process: steadier than the wall clock on a busy machine (the
 * program does no waiting: output goes to the page cache). */
static enum canvas_backend backend = CANVAS_CAIRO;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* One document from the log text; returns 0, or -1 after printing why. */
static int one_document(const struct gamedata *gd, const char *name, const char *src, size_t len,
                        const char *pdf, int *pages)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(src, len, name, &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(gd, ast, &opt, &dl);
    struct strbuf err = STRBUF_INIT;
    int rc = -1;
    if (!r->started || dl.errors > 0 || r->nmismatches > 0) {
        fprintf(stderr, "bench_filled: %s is not a clean game (%zu errors)\n", name, dl.errors);
        goto done;
    }
    struct filled_sheet_input in = {0};
    in.gd = gd;
    in.state = &r->state;
    in.history = &r->history;
    in.log_name = name;
    in.paper = "a4";
    in.footer_options = "A4 \xc2\xb7 colour";
    struct canvas_options co = {0};
    co.backend = backend;
    co.path = pdf;
    co.title = "bench";
    struct canvas *c = canvas_new(&co, &err);
    if (!c) {
        fprintf(stderr, "bench_filled: %s\n", strbuf_cstr(&err));
        goto done;
    }
    if (filled_sheet_draw(c, &in, &err) != 0) {
        fprintf(stderr, "bench_filled: %s\n", strbuf_cstr(&err));
        canvas_discard(c);
        goto done;
    }
    if (canvas_finish(c, &err) != 0) {
        fprintf(stderr, "bench_filled: %s\n", strbuf_cstr(&err));
        goto done;
    }
    *pages = 2 * r->state.cfg.nplayers;
    rc = 0;
done:
    strbuf_free(&err);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    return rc;
}

/* The same pages left blank (the baseline the writing adds to); returns 0 or -1. */
static int blank_document(const struct gamedata *gd, int nplayers, const char *pdf)
{
    struct strbuf err = STRBUF_INIT;
    struct canvas_options co = {0};
    co.backend = backend;
    co.path = pdf;
    co.title = "bench";
    struct canvas *c = canvas_new(&co, &err);
    int rc = c ? 0 : -1;
    struct diag_list dl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_default(&dl);
    struct townsheet_options o;
    townsheet_options_init(&o, gd, layout_paper_find("a4"), 0);
    o.icons = icons;
    for (int p = 0; p < nplayers && rc == 0; p++)
        for (int page = 0; page < 2 && rc == 0; page++)
            rc = townsheet_draw_page(c, &o, NULL, page, NULL, &err);
    if (c && rc != 0)
        canvas_discard(c);
    else if (c && canvas_finish(c, &err) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "bench_filled: %s\n", strbuf_cstr(&err));
    icons_free(icons);
    diag_list_free(&dl);
    strbuf_free(&err);
    return rc;
}

int main(int argc, char **argv)
{
    const char *log = argc > 1 ? argv[1] : "tests/golden/filled/five.xii";
    int runs = argc > 2 ? atoi(argv[2]) : 20;
    const char *pdf = argc > 3 ? argv[3] : "out/bench-filled.pdf";
    if (runs < 1)
        runs = 1;
    if (argc > 4 && strcmp(argv[4], "haru") == 0)
        backend = CANVAS_HARU;
    if (argc <= 3)
        mkdir("out", 0777);
    struct strbuf err = STRBUF_INIT;
    char *src = NULL;
    size_t len = 0;
    if (readfile(log, (size_t)64 << 20, &src, &len, &err) != 0) {
        fprintf(stderr, "bench_filled: %s\n", strbuf_cstr(&err));
        return 2;
    }
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fprintf(stderr, "bench_filled: the built-in game data does not load\n");
        return 2;
    }
    int pages = 0;
    /* One run to warm the font caches, then the timed ones. */
    if (one_document(&gd, log, src, len, pdf, &pages) != 0)
        return 1;
    double best = 1e30, total = 0;
    for (int i = 0; i < runs; i++) {
        double t0 = now_ms();
        if (one_document(&gd, log, src, len, pdf, &pages) != 0)
            return 1;
        double t = now_ms() - t0;
        total += t;
        if (t < best)
            best = t;
    }
    double blank_best = 1e30, blank_total = 0;
    for (int i = 0; i < runs; i++) {
        double t0 = now_ms();
        if (blank_document(&gd, pages / 2, pdf) != 0)
            return 1;
        double t = now_ms() - t0;
        blank_total += t;
        if (t < blank_best)
            blank_best = t;
    }
    printf("filled sheets: %s -> %d-page PDF (%s): %.1f ms of CPU per document (mean of %d, best "
           "%.1f); the same pages blank: %.1f ms (best %.1f)\n",
           log, pages, backend == CANVAS_HARU ? "libharu" : "cairo", total / runs, runs, best, blank_total / runs, blank_best);
    /* The last document written is the filled one. */
    if (one_document(&gd, log, src, len, pdf, &pages) != 0)
        return 1;
    gamedata_free(&gd);
    diag_list_free(&dl);
    strbuf_free(&err);
    free(src);
    return 0;
}
