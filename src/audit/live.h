/* The live replay: the audit's replay (replay.h) fed one statement at a time, for the
 * recorder. A statement is checked and applied by the same code as `xii audit`; every
 * statement fed can be taken back, and a statement costs the same at round 10 as at round 1
 * (nothing is replayed again: taking back restores the state and cuts the history, the
 * diagnostics and the replay's lists to where they stood).
 *
 * The replay it shows is the log as if it ended after the last statement fed: a turn whose
 * four dice are spent is ended there, as log_replay_run ends it at the end of a file. */
#ifndef LOG_LIVE_H
#define LOG_LIVE_H
#include <stddef.h>
#include "core/diag.h"
#include "log/ast.h"
#include "audit/replay.h"

struct log_live;

/* A live replay of nothing yet, with the game data gd; diagnostics name `file`. */
struct log_live *log_live_new(const struct gamedata *gd, const char *file);
/* Frees it and every tree fed to it; NULL is a no-op. */
void log_live_free(struct log_live *lv);

/* Feeds every statement of ast, which the live replay owns from now on (its lines follow
 * those fed before). Returns the number of statements fed. */
size_t log_live_feed(struct log_live *lv, struct log_ast *ast);
/* Takes back the last statement fed. Returns 0, or -1 when nothing was fed. */
int log_live_take_back(struct log_live *lv);

/* The statements fed so far. */
size_t log_live_count(const struct log_live *lv);
/* Statement k of those fed (0 the first), or NULL. */
const struct log_stmt *log_live_stmt(const struct log_live *lv, size_t k);
/* Whether a game statement (round, turn...) has been fed: the header is over. */
int log_live_started(const struct log_live *lv);
/* The replay of what was fed, the log ending there. */
const struct log_replay *log_live_replay(const struct log_live *lv);
/* The history records written by the statements fed; the records after them are the end of
 * the log's (a turn ended there: feeding, a market conversion, the round's end). */
size_t log_live_settled(const struct log_live *lv);
/* The same for the diagnostics: those of the statements fed come before this index. */
size_t log_live_settled_diags(const struct log_live *lv);
/* Its diagnostics: the parser's (of the trees fed) are not in it, the replay's are. */
const struct diag_list *log_live_diags(const struct log_live *lv);

#endif
