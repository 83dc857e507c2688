/* A move log as xii audit and xii hint start from it: read from a file or standard input,
 * parsed and replayed over the game data. */
#ifndef CLI_REPLAYED_LOG_H
#define CLI_REPLAYED_LOG_H
#include <stddef.h>
#include "core/diag.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "rules/gamedata.h"

struct replayed_log {
    const char *name;           /* the file's name, "<stdin>" for "-" */
    char *src;                  /* the log's bytes */
    size_t len;
    struct gamedata gd;
    struct diag_list dl;        /* the parser's and the replay's diagnostics */
    struct log_ast *ast;
    struct log_replay *replay;
};

/* Reads the log at path ("-": standard input), loads the game data (rules FILE, or NULL for
 * the built-in data), parses the log keeping at most keep diagnostics (0: all) and replays it
 * with opt. Returns 0 (free it with replayed_log_free()), or -1 after printing why the log or
 * the game data could not be read ("xii CMD: ..."), with nothing to free. */
int replayed_log_open(struct replayed_log *rl, const char *cmd, const char *path, const char *rules,
                      size_t keep, const struct log_replay_options *opt);
/* The same for a log already read: src (len bytes, NUL-terminated, from readfile) becomes rl's
 * and is freed with it, or at once when the game data cannot be read (-1). */
int replayed_log_from(struct replayed_log *rl, const char *path, char *src, size_t len, const char *rules,
                      size_t keep, const struct log_replay_options *opt);
void replayed_log_free(struct replayed_log *rl);

#endif
