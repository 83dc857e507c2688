/* The JSON the pages read (docs/serve.md): the state as one link sees it, and the answer to
 * a line or an undo, the hint. Every JSON text of the server is made here, as jansson values
 * written by the house's writer (core/json.h). */
#ifndef SERVE_JSON_H
#define SERVE_JSON_H
#include "core/strbuf.h"
#include "serve/server.h"

/* GET /api/state for role: the players and their values, what is awaited and by whom, the
 * dice left and the legal lines (for the seat whose decision it is, and for the table), the
 * war entries, the narration, the log's end. Lock held. */
void serve_json_state(struct serve_server *sv, int role, struct strbuf *out);

/* POST /api/line and /api/undo: {"accepted", "waiting", "message", "written", "narration",
 * "warnings", "version"}. */
void serve_json_outcome(const struct serve_outcome *o, unsigned long version, struct strbuf *out);

/* GET /api/hint: {"hint": the report's text (as `xii hint --time 2` prints it) or null,
 * "message": why there is none, "plans": [{"lines": [...]}] the lines that play each plan
 * shown, best first, "ranked_by": the advisor's goal ("win", "score", "objective"),
 * "seconds": the time bound, "statements": FILE's statements it is about, "version": the
 * version when asked}. plans[k] holds plan k's lines as advice_lines writes them. */
void serve_json_hint(const char *report, const char *message, const struct strbuf *plans, int nplans,
                     const char *goal, size_t statements, unsigned long version, struct strbuf *out);

/* {"error": message}, for refused requests. */
void serve_json_error(const char *message, struct strbuf *out);

#endif
