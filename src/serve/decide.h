/* A decision tapped on the page, posted as a small JSON object, taken as a value (log/build.h)
 * and entered as the link's decision (serve_enter_decision: the permission of a typed line of
 * the same statement, decided on the value; the recorder builds the statement and its line
 * from it, nothing is parsed):
 *   {"version": V, "kind": "move", "index": K}       the K-th legal move listed (choices.h)
 *   {"version": V, "kind": "collect", "index": K}    the K-th location choice listed
 *   {"version": V, "kind": "turn", "dice": [D1, D2]} the awaited turn's roll
 *   {"version": V, "kind": "shared", "dice": [D1, D2]}
 *   {"version": V, "kind": "outlaws", "rolls": [[...], ...]}   each seat's bonus rolls
 *   {"version": V, "kind": "round"}                  the round awaited begins
 *   {"version": V, "kind": "war", "seat": S, "support": true, "dice": [...]}   S from 1
 *   {"version": V, "kind": "check", "seat": S}       seat S's sheet as the rules have it
 *   {"version": V, "kind": "pass"}                   no reserve die follows
 * V is the version of the page the decision was taken on: when FILE changed since, the lists
 * it indexes are not the page's, and the decision is refused (409) with a message. */
#ifndef SERVE_DECIDE_H
#define SERVE_DECIDE_H
#include <stddef.h>
#include "serve/server.h"

/* Enters the decision in body for role. Lock held. Returns the HTTP status: 200 with the
 * recorder's verdict in o, or 400 / 409 with why in o->message (nothing entered). */
int serve_decide(struct serve_server *sv, int role, const char *body, size_t len, struct serve_outcome *o);

#endif
