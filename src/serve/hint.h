/* The advisor's hint for a link (GET /api/hint): what `xii hint --rollouts 32 --time 1
 * --player NAME FILE` says about FILE as it stands (the table's link: about whoever decides),
 * with xii hint's other default settings (advisor/advice_hint.h): the three best moves. The
 * answer is bounded to come within about 3 s at every round, even on two loaded cores (an idle
 * machine does xii hint's full budget in that time, a shared one not): at most
 * SERVE_HINT_ROLLOUTS rollouts a plan (xii hint: up to 1024) and none after
 * SERVE_HINT_SECONDS, and in the game's last round, where each plan screened is played out to
 * the end, the screen stops at SERVE_HINT_LAST_SCREEN partial plans (the report says the
 * listing was cut). The page says it is a quick answer.
 *
 * A hint takes a second or two of processor time, so it runs off the server's lock: FILE's
 * text is copied under the lock and replayed here, as `xii hint` replays the file; the other
 * links go on meanwhile. One hint at a time per link, SERVE_HINTS_AT_ONCE on the server:
 * beyond, the request is refused as busy (429), nothing is queued. Hints are advice, not moves:
 * a player's link asks only about that player's decisions (the advisor says whose it is). */
#ifndef SERVE_HINT_H
#define SERVE_HINT_H
#include "core/strbuf.h"
#include "serve/server.h"

#define SERVE_HINTS_AT_ONCE 2
#define SERVE_HINT_TOP 3
#define SERVE_HINT_ROLLOUTS 32
#define SERVE_HINT_SECONDS 1.0
#define SERVE_HINT_LAST_SCREEN 10000

/* Works out role's hint and appends the JSON answer to out (serve/json.h). Returns the HTTP
 * status: 200 (a hint, or why there is none), 429 (busy). Takes the lock only to copy FILE and
 * to count the hints running. */
int serve_hint(struct serve_server *sv, int role, struct strbuf *out);

#endif
