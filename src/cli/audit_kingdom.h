/* xii audit for a kingdom log (the log's first statement is `kingdom 1`): the game data, the
 * parse, the replay and the report, text or JSON, or one resource's trace. */
#ifndef CLI_AUDIT_KINGDOM_H
#define CLI_AUDIT_KINGDOM_H
#include <stddef.h>
#include "cli/render_options.h"
#include "core/diag.h"
#include "kingdom/data.h"
#include "kingdom/kaudit.h"
#include "kingdom/klog.h"

struct kingdom_audit_args {
    const char *name;       /* the log's name as shown */
    const char *rules;      /* --rules FILE, or NULL */
    const char *trace;      /* --trace RESOURCE, or NULL */
    int json;
    int until_year;
    size_t max_messages;
    const struct render_options *ro;    /* ro->output set: also the filled sheet (--pdf) */
};

/* Audits the log src[0..len) (and draws the filled sheet with --pdf); returns the exit status. */
int audit_kingdom(const struct kingdom_audit_args *ka, const char *src, size_t len);

/* Loads the kingdom's game data (path, or the built-in data for NULL), printing what is wrong
 * with it; 0 or -1. */
int cli_load_kingdom_data(struct kdata *d, const char *path);

/* A kingdom log as xii audit and xii hint start from it: parsed and replayed over its data. */
struct kingdom_replayed {
    struct kdata data;
    struct diag_list dl;        /* the parser's and the replay's diagnostics */
    struct klog log;
    struct kaudit a;
};

/* Loads the game data (rules FILE, or NULL for the built-in), parses src[0..len) as name keeping
 * at most keep diagnostics (0: all) and replays it until until_year has closed (0: the whole
 * log). Returns 0 (free it with kingdom_replayed_free; r must not move), or -1 after printing
 * what is wrong with the data, with nothing to free. */
int kingdom_replay(struct kingdom_replayed *r, const char *rules, const char *name, const char *src, size_t len,
                   size_t keep, int until_year);
void kingdom_replayed_free(struct kingdom_replayed *r);

#endif
