/* What `xii simulate` does alike for every game: the log folder and the plot's file. */
#ifndef CLI_SIMULATE_COMMON_H
#define CLI_SIMULATE_COMMON_H
#include "draw/canvas.h"

/* Makes the log folder, or takes an empty one; -1 after saying why. */
int simulate_make_folder(const char *dir);
/* Opens the plot's output (.pdf, .png or .svg by path's extension) before the games are
 * played, so that an unwritable path fails at once. Returns NULL after saying why. */
struct canvas *simulate_open_plot(const char *path, int grey, const char *title);

#endif
