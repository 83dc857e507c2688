/* The companion's server state: the one recorder session every link writes through, the
 * links' tokens, the war entries waiting, what happened lately (the narration), and a
 * version that changes with every accepted line or undo, for the pages waiting on it.
 *
 * One lock guards all of it: one writer at a time, every accepted line flushed to FILE (by
 * the recorder) before the call returns. No network here (serve/http.h). */
#ifndef SERVE_SERVER_H
#define SERVE_SERVER_H
#include <pthread.h>
#include "core/strbuf.h"
#include "record/session.h"
#include "serve/choices.h"
#include "serve/tokens.h"
#include "serve/war.h"

#define SERVE_NEWS_KEPT 12      /* narration entries kept for the pages */

struct serve_news {
    unsigned long version;      /* the version the entry made */
    int role;                   /* who entered it (SERVE_TABLE or a seat) */
    char *text;                 /* what was written (with what the rules did, the warnings and
                                   a check line's findings), or taken back (owned) */
};

struct serve_server {
    pthread_mutex_t lock;
    pthread_cond_t changed;     /* signalled when version changes or the server stops */
    struct record_session *s;
    struct serve_tokens tokens; /* the seats' follow the players line (serve_server_init) */
    char *links_path;           /* where the tokens are kept, or NULL (owned) */
    struct serve_war war;
    char *war_path;             /* where the war entries waiting are kept, or NULL (owned) */
    unsigned long version;
    unsigned long log_version;  /* the version FILE last changed at (a line written or taken back) */
    struct serve_choices choices;   /* what may be decided at log_version, listed when asked */
    unsigned long passed;       /* log_version + 1 when the turn's player said no reserve die
                                   follows (nothing is written: the next line settles it) */
    int stopping;
    struct serve_news news[SERVE_NEWS_KEPT];   /* the newest last */
    int nnews;
    /* Called (under the lock) whenever the seats' links change (the players line entered,
     * taken back, or entered anew): the links to print. */
    void (*on_players)(void *ctx);
    void *ctx;
    /* The hints being worked out (serve/hint.h): how many, and which links' (index role + 1). */
    int hints_running;
    unsigned char hinting[XII_MAX_PLAYERS + 1];
    /* The sheets drawn, kept while the version is the same. */
    struct strbuf sheet[XII_MAX_PLAYERS][2];
    unsigned long sheet_version[XII_MAX_PLAYERS][2];
};

/* Takes the session (which stays the caller's) and makes the table's token, and the seats'
 * when the players are known. The seats' links follow the players line: none works while
 * FILE has none (taken back); seat N keeps its token while its player's name is the same,
 * and gets a new one otherwise (the old one no longer works). links_path (or NULL): the file
 * the tokens are kept in (serve_tokens_load; the temporaries a killed server left beside it
 * removed first): the tokens found there are used again, the new ones written there.
 * Returns 0, or -1 with why in err (the server is then freed). */
int serve_server_init(struct serve_server *sv, struct record_session *s, const char *links_path,
                      struct strbuf *err);
void serve_server_free(struct serve_server *sv);
/* Keeps the war entries waiting in the file path from now on (serve/war.h), and takes the ones
 * kept there (the temporaries a killed server left beside it removed first); when they hold
 * every player's choice, the war line is written at once (msg says what). Returns 0; 1 with
 * why in msg when those do not fit the game and were dropped; -1 with why in msg when path
 * is no private regular file (serve/beside.h): the entries are then not kept. */
int serve_server_keep_war(struct serve_server *sv, const char *path, struct strbuf *msg);

/* FILE's name as the phones see it: its last name, without the server's folders. */
const char *serve_file_name(const struct serve_server *sv);

/* Seat's name (from 0) as the players line gives it, or NULL. Lock held. */
const char *serve_seat_name(const struct serve_server *sv, int seat);

/* The outcome of a line or an undo, for the answer. */
struct serve_outcome {
    int accepted;               /* written (or taken back, or a war entry kept) */
    int waiting;                /* a war entry kept: the line waits for the others */
    int undone;                 /* an undo: written holds what was taken back */
    int mismatch;               /* a check line written whose values the rules' differ from
                                   (message says which and why) */
    struct strbuf message;      /* the refusal (the audit's words), or a check line's notes */
    struct strbuf written;      /* the lines written or taken back */
    struct strbuf narration;    /* what the rules did by themselves (events, penalties, MAX
                                   cuts, feeding, production, the war), from the recorder */
    struct strbuf warnings;     /* the audit's warnings on the line (a wasted die) */
};
void serve_outcome_free(struct serve_outcome *o);

/* Enters a typed line for role (tokens.h), as xii play would: the line is read once by the
 * recorder (record_session_read), the role's permission decided on the statement read
 * (permit.h), and that statement written. Call with the lock held. */
void serve_enter(struct serve_server *sv, int role, const char *typed, struct serve_outcome *o);
/* Enters a button's decision d (a value: log/build.h) for role, as serve_enter does a line:
 * the role's permission decided on the value (permit.h), the recorder building the statement
 * and its line from it (record_session_decide), nothing parsed. Lock held. */
void serve_enter_decision(struct serve_server *sv, int role, const struct log_decision *d, struct serve_outcome *o);
/* The turn's player (or the table) says no reserve die follows: the pages move on to what
 * comes next; nothing is written. Lock held. */
void serve_pass(struct serve_server *sv, int role, struct serve_outcome *o);
/* Takes back the last statement if role may (the table: any; a seat: its own). Lock held. */
void serve_undo(struct serve_server *sv, int role, struct serve_outcome *o);
/* Tells the waiting pages to stop waiting (the server is stopping). */
void serve_server_stop(struct serve_server *sv);

#endif
