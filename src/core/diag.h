/* Source positions and the diagnostics list. Library code appends here; only the CLI prints. */
#ifndef CORE_DIAG_H
#define CORE_DIAG_H
#include <stddef.h>
#include "core/strbuf.h"

struct srcpos {
    int line;   /* 1-based; 0 when the diagnostic has no position */
    int col;    /* 1-based byte column */
};

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_MISMATCH, DIAG_NOTE };

struct diag {
    enum diag_level level;
    struct srcpos pos;
    int len;            /* length of the token in bytes (for the caret underline); 0 = 1 */
    const char *file;   /* the list's copy (see struct diag_list: strings) */
    const char *code;   /* rule or error code, e.g. "requirement"; the list's copy, may be NULL */
    char *message;      /* owned */
    int round;          /* 0 when not in a round */
    const char *player; /* the list's copy, may be NULL */
};

struct diag_list {
    struct diag *items;
    size_t count, cap;
    size_t errors;      /* DIAG_ERROR entries, kept or not */
    size_t warnings;    /* DIAG_WARNING entries, kept or not */
    size_t keep;        /* keep at most this many (0: all); the others are only counted, so
                           that a hostile input cannot make the list grow without bound */
    size_t omitted;     /* diagnostics counted but not kept */
    struct diag spare;  /* what diag_add returns for one it does not keep */
    char **strings;     /* the copies of the file names, codes and players the entries point
                           at: one copy of each for the entries added in a row (a game's
                           diagnostics name the same file, codes and players again and again),
                           valid until diag_list_free, or diag_list_rewind before them */
    size_t nstrings, strings_cap;
};

#define DIAG_LIST_INIT {0}

/* Appends a diagnostic; the strings are copied (file and code into the list's strings). Returns it so callers can set round/player
 * (beyond dl->keep, a scratch entry that is counted in dl->omitted and not kept). */
struct diag *diag_add(struct diag_list *dl, enum diag_level level, const char *file,
                      struct srcpos pos, int len, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* diag_add with a message already written: its buffer is handed over (message is empty
 * afterwards), neither formatted nor copied again. */
struct diag *diag_add_message(struct diag_list *dl, enum diag_level level, const char *file,
                              struct srcpos pos, int len, const char *code, struct strbuf *message);
/* Sets d's player (NULL: none) to the list's copy of player; d is dl's newest entry or its spare
 * (a rewind frees the copies made after its mark). */
void diag_set_player(struct diag_list *dl, struct diag *d, const char *player);
void diag_list_free(struct diag_list *dl);

/* Where a list stands, to take back what is added after it (a tentative step). */
struct diag_mark {
    size_t count, errors, warnings, omitted, strings;
};
struct diag_mark diag_list_mark(const struct diag_list *dl);
/* Drops (and frees) every diagnostic added since mark m, and the strings copied for them; the
 * counters return to it. */
void diag_list_rewind(struct diag_list *dl, struct diag_mark m);

/* Compiler-style rendering: "file:line:col: level: message [rule: code]", then the source
 * line and a caret under the token when src (the whole file, srclen bytes) is given. */
void diag_format(struct strbuf *out, const struct diag *d, const char *src, size_t srclen);
/* The same when src holds the file from line first_line on (a line about to be appended). */
void diag_format_from(struct strbuf *out, const struct diag *d, const char *src, size_t srclen, int first_line);

#endif
