/* The terminal progress bar. */
#include "cli/progress.h"
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define WIDTH 30

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_begin(struct progress *p, const char *label, const char *unit)
{
    p->label = label;
    p->unit = unit;
    p->on = isatty(STDERR_FILENO);
    p->start = p->last = now();
}

void progress_update(void *arg, size_t done, size_t total)
{
    struct progress *p = arg;
    double t = now();
    if (!p->on || total == 0 || (t - p->last < 0.1 && done < total))
        return;
    p->last = t;
    size_t fill = done * WIDTH / total;
    char bar[WIDTH + 1];
    for (size_t k = 0; k < WIDTH; k++)
        bar[k] = k < fill ? '#' : '.';
    bar[WIDTH] = 0;
    double spent = t - p->start;
    fprintf(stderr, "\r%s [%s] %3zu%% %zu/%zu", p->label, bar, done * 100 / total, done, total);
    if (p->unit)
        fprintf(stderr, " %s, %.0f %s/s", p->unit, spent > 0 ? (double)done / spent : 0.0, p->unit);
    if (done > 0 && done < total)
        fprintf(stderr, ", about %.0f s left ", spent / (double)done * (double)(total - done));
    else
        fputs("                ", stderr);
    fflush(stderr);
}

void progress_end(struct progress *p)
{
    if (p->on) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}
