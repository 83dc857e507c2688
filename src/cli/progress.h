/* A progress bar on standard error for long runs, drawn only when standard error is a
 * terminal (never into a file or a pipe), redrawn at most ten times a second. */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H
#include <stddef.h>

struct progress {
    const char *label;
    const char *unit;       /* what is counted ("games"), shown with its rate; or NULL */
    int on;                 /* standard error is a terminal */
    double last;            /* when it was last drawn */
    double start;
};

/* Starts a bar labelled label (e.g. "xii audit: analysing"). With a unit ("games") the bar
 * also names what it counts and how many a second; NULL for none. */
void progress_begin(struct progress *p, const char *label, const char *unit);
/* Shows done of total; a callback for the library's progress hooks (arg: the progress). */
void progress_update(void *arg, size_t done, size_t total);
/* Erases the bar. */
void progress_end(struct progress *p);

#endif
