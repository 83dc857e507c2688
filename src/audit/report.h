/* The audit report of a replayed move log, as text or as one JSON object (move-log.md).
 *
 * Text: the diagnostics in file order, compiler style (with the source line and a caret under
 * the token), a summary line, then per player the town-sheet values, influence, reputation,
 * people, infrastructures, perks, reserve, POW and the score breakdown, then the winner(s) or
 * "game not finished after round N" with what is still missing. */
#ifndef LOG_REPORT_H
#define LOG_REPORT_H
#include <stddef.h>
#include "core/diag.h"
#include "core/json.h"
#include "core/strbuf.h"
#include "audit/replay.h"

struct log_report_input {
    const char *file;               /* the log's name as shown, e.g. "game.xii" or "<stdin>" */
    const char *src;                /* the log text (for the source lines), may be NULL */
    size_t srclen;
    const struct log_replay *replay;
    const struct diag_list *diags;  /* the parser's and the replay's diagnostics */
};

/* 1 when the log has no errors and no mismatches. */
int log_report_ok(const struct log_report_input *in);

/* Appends the text report. */
void log_report_text(const struct log_report_input *in, struct strbuf *out);
/* The changes that explain the rules' value of a mismatch, one indented line each (nothing
 * for a value with no history of its own). */
void log_report_mismatch_trace(const struct log_replay *r, const struct mismatch *m, struct strbuf *out);

/* Appends the JSON report (keys of move-log.md, plus "title", "skipped" and "until_round"),
 * ending with a line feed. */
void log_report_json(const struct log_report_input *in, struct strbuf *out);
/* The same report as a jansson object (the caller owns it), for a caller that adds keys, and
 * the containers its layout breaks over lines (core/json.h). */
json_t *log_report_json_value(const struct log_report_input *in);
extern const char *const log_report_json_broken[];

/* Appends one player's sheet as the text report shows it (assets, influence, reputation,
 * people, infrastructures, perks, reserve, POW, score so far); with_max: each asset as
 * "food 7/12" with its current MAX. */
void log_report_player(const struct game_state *s, int p, int with_max, struct strbuf *out);

/* The diagnostics in file order (stable: the order of the list within a line), as indexes into
 * in->diags->items; the caller frees the array. */
size_t *log_report_order(const struct diag_list *dl);

#endif
