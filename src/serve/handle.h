/* The companion's requests, without the network: what each URL answers for a token
 * (docs/serve.md). The HTTP layer (serve/http.h) reads a request into struct serve_request
 * and sends struct serve_response back; the unit tests and the fuzz harness call
 * serve_handle directly.
 *
 * Every request must carry a valid token (403 otherwise, and nothing changes), the page's
 * own files included. Then:
 *   GET  /                  the page (HTML), and GET /page.js, /page.css its script and style
 *   GET  /api/state         the state as this link sees it (JSON)
 *   GET  /api/wait?since=V  the same, once the version differs from V (or after wait_seconds)
 *   POST /api/line          one statement as the body: entered if this link may (JSON answer)
 *   POST /api/undo          takes back the last statement if this link may
 *   GET  /sheet/N.svg       seat N's town-sheet (N from 1); page=2 for its back
 *   GET  /api/hint          the advisor's best moves for this link (serve/hint.h)
 * Anything else is 404, a known path with another method 405. */
#ifndef SERVE_HANDLE_H
#define SERVE_HANDLE_H
#include <stddef.h>
#include "core/strbuf.h"
#include "serve/server.h"

#define SERVE_MAX_BODY 1024     /* bytes of a line: longer is 413 */

struct serve_request {
    const char *method;         /* "GET", "POST"... */
    const char *path;           /* without the query */
    const char *token;          /* the query's token, or NULL */
    const char *since;          /* the query's since (/api/wait), or NULL */
    const char *page;           /* the query's page (/sheet), or NULL */
    const char *body;           /* POST: the body (not NUL-terminated) */
    size_t body_len;
    int wait_seconds;           /* /api/wait: the longest wait */
};

struct serve_response {
    int status;                 /* 200, 400, 403, 404, 405, 413, 429, 500 */
    const char *type;           /* the Content-Type */
    struct strbuf body;
};

/* Answers a JSON refusal: status, with message. */
void serve_answer_error(struct serve_response *rs, int status, const char *message);
/* Answers the embedded page file name (templates/) of Content-Type type, with token written
 * in for each {{token}}. */
void serve_page_file(struct serve_response *rs, const char *name, const char *type, const char *token);

/* Answers rq (takes the server's lock as needed). rs is initialized here; free its body. */
void serve_handle(struct serve_server *sv, const struct serve_request *rq, struct serve_response *rs);

#endif
