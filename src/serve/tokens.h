/* The links' keys: one unguessable token per link (the table's and each seat's), 128 bits
 * from the system's random source (getrandom), written as 32 lower-case hex digits. A request
 * names its link by its token; the role it gets is looked up in constant time per token. */
#ifndef SERVE_TOKENS_H
#define SERVE_TOKENS_H
#include "core/strbuf.h"
#include "rules/state.h"

#define SERVE_TOKEN_HEX 32

/* Who a token speaks for. */
enum { SERVE_NOBODY = -2, SERVE_TABLE = -1 };   /* a seat is 0.. */

struct serve_tokens {
    char table[SERVE_TOKEN_HEX + 1];
    char seat[XII_MAX_PLAYERS][SERVE_TOKEN_HEX + 1];
    char name[XII_MAX_PLAYERS][XII_NAME_SIZE];  /* the player each seat's token was made for
                                                   ("": any, from an older FILE.links) */
    int nknown;                 /* seats with a token made (their players line may be undone) */
    int nseats;                 /* of those, the seats whose links work: the players line's */
};

/* Fills out with a fresh token. Returns 0, or -1 when the random source fails. */
int serve_token_new(char out[SERVE_TOKEN_HEX + 1]);

/* The tokens kept beside FILE (FILE.links, a private file: serve/beside.h; "table HEX", then
 * "seat N HEX NAME" lines, NAME the player's name to the end of the line), so that a
 * restarted server keeps its links. Load: 0 read (t filled, nknown the seats found, nseats
 * 0), 1 no such file (or an empty one: it holds no link), -1 no private regular file,
 * unreadable or malformed (why in err).
 * Save (the table and the nknown seats): 0, or -1 with why. */
int serve_tokens_load(const char *path, struct serve_tokens *t, struct strbuf *err);
int serve_tokens_save(const char *path, const struct serve_tokens *t, struct strbuf *err);

/* The role of the token given (NULL or anything not a token: SERVE_NOBODY). */
int serve_token_role(const struct serve_tokens *t, const char *given);

#endif
