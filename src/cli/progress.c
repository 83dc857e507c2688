/* The terminal progress bar. */
#include "cli/progress.h"
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define WIDTH 30        /* the bar's width where the terminal has room */
#define MIN_WIDTH 8     /* the narrowest bar before the line's end is cut */

/* The terminal's width in columns (80 when it does not say). */
static int columns(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

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
    double spent = t - p->start;
    char count[64], rate[64] = "", left[48] = "";
    snprintf(count, sizeof count, " %3zu%% %zu/%zu%s%s", done * 100 / total, done, total, p->unit ? " " : "",
             p->unit ? p->unit : "");
    if (p->unit)
        snprintf(rate, sizeof rate, ", %.0f %s/s", spent > 0 ? (double)done / spent : 0.0, p->unit);
    if (done > 0 && done < total)
        snprintf(left, sizeof left, ", about %.0f s left", spent / (double)done * (double)(total - done));
    /* One row, never wrapped: a wrapped line is not redrawn by the carriage return and leaves
     * a copy behind at every update. Where the row is short, the bar narrows, then the rate
     * goes, then the time left, and last the line's end is cut. */
    int room = columns() - 1;
    int fixed = (int)(strlen(p->label) + strlen(count)) + 3;
    if (fixed + (int)(strlen(rate) + strlen(left)) + MIN_WIDTH > room)
        rate[0] = 0;
    if (fixed + (int)strlen(left) + MIN_WIDTH > room)
        left[0] = 0;
    fixed += (int)(strlen(rate) + strlen(left));
    int width = fixed + WIDTH <= room ? WIDTH : room - fixed > MIN_WIDTH ? room - fixed : MIN_WIDTH;
    size_t fill = done * (size_t)width / total;
    char bar[WIDTH + 1];
    for (size_t k = 0; k < (size_t)width; k++)
        bar[k] = k < fill ? '#' : '.';
    bar[width] = 0;
    char line[512];
    snprintf(line, sizeof line, "%s [%s]%s%s%s", p->label, bar, count, rate, left);
    if (room > 0 && (size_t)room < strlen(line))
        line[room] = 0;
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

void progress_end(struct progress *p)
{
    if (p->on) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}
