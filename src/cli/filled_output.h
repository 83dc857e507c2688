/* The filled town-sheets of a replayed log as a document, the way xii audit --pdf draws them
 * (render_options.h: -o, the backends, the messages), for every command that draws them. */
#ifndef CLI_FILLED_OUTPUT_H
#define CLI_FILLED_OUTPUT_H
#include "cli/commands.h"
#include "cli/render_options.h"
#include "core/diag.h"
#include "audit/replay.h"

/* A page drawn after the sheets (the analysis page), or NULL. */
struct filled_extra {
    void (*draw)(struct canvas *c, const void *ctx);
    const void *ctx;
};

/* Draws the sheets of r (mark: ring the mismatches) into ro's output; messages name xii CMD.
 * Returns the exit status (render_document's), or EXIT_USAGE when the game never started. */
int filled_output(const struct render_options *ro, const char *cmd, const char *name, const struct log_replay *r,
                  const struct diag_list *dl, int mark, const struct filled_extra *extra);

#endif
