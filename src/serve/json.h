/* The JSON the pages read (docs/serve.md): the state as one link sees it, and the answer to
 * a line or an undo. Every JSON text of the server is made here, with jansson. */
#ifndef SERVE_JSON_H
#define SERVE_JSON_H
#include "core/strbuf.h"
#include "serve/server.h"

/* GET /api/state for role: the players and their values, what is awaited and by whom, the
 * dice left and the legal lines (for the seat whose decision it is, and for the table), the
 * war entries, the narration, the log's end. Lock held. */
void serve_json_state(const struct serve_server *sv, int role, struct strbuf *out);

/* POST /api/line and /api/undo: {"accepted", "waiting", "message", "written", "version"}. */
void serve_json_outcome(const struct serve_outcome *o, unsigned long version, struct strbuf *out);

/* {"error": message}, for refused requests. */
void serve_json_error(const char *message, struct strbuf *out);

#endif
