/* What `xii simulate` does alike for every game: the log folder and the plot's file, opened and written. */
#ifndef CLI_SIMULATE_COMMON_H
#define CLI_SIMULATE_COMMON_H
#include "draw/canvas.h"
#include "layout/score_plot.h"

/* Makes the log folder, or takes an empty one; -1 after saying why. */
int simulate_make_folder(const char *dir);
/* Opens the plot's output (.pdf, .png or .svg by path's extension) before the games are
 * played, so that an unwritable path fails at once. Returns NULL after saying why. */
struct canvas *simulate_open_plot(const char *path, int grey, const char *title);

/* Draws the plot on c and writes it to path, saying so; returns EXIT_OK, or EXIT_OUTPUT after
 * saying why. */
int simulate_finish_plot(struct canvas *c, const struct score_plot *plot, const char *path);

#endif
