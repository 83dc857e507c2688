/* The kingdom's move log as statements: the words of docs/kingdom.md ("kingdom 1", names,
 * range, river, setup, year, fate, reroll, six, disaster, capital, build, trade, starve, check,
 * result; `#` comments; keywords, words and hex codes in any case), read once through the
 * shared lexer (log/lex.h) into statements that hold the engine's decisions and where each
 * argument stands. Syntax only: whether a decision is legal is the engine's to say. */
#ifndef KINGDOM_KLOG_H
#define KINGDOM_KLOG_H
#include <stddef.h>
#include "core/diag.h"
#include "kingdom/kingdom.h"

/* After this many syntax errors the parse stops. */
#define KLOG_MAX_ERRORS 50
/* Argument positions kept per statement (a longer starve line shares the last). */
#define KLOG_MAX_SPANS 16
#define KLOG_NAME_SIZE 64

enum klog_kind {
    KL_INVALID,     /* a line that could not be read (its error is reported) */
    KL_HEADER,      /* kingdom 1 */
    KL_NAMES,
    KL_RANGE, KL_RIVER, KL_SETUP, KL_YEAR, KL_FATE, KL_REROLL, KL_SIX, KL_DISASTER, KL_CAPITAL,
    KL_BUILD, KL_TRADE, KL_STARVE,
    KL_CHECK,
    KL_RESULT,
    KL_KIND_COUNT
};

/* Where an argument is on the statement's line. */
struct kspan {
    int col, len;
};

struct klog_stmt {
    enum klog_kind kind;            /* KL_INVALID: no keyword */
    bool invalid;                   /* a keyword whose arguments could not be read (reported) */
    int line, col, len;             /* the keyword */
    int end_col;                    /* just after the last token */
    int nspans;
    struct kspan span[KLOG_MAX_SPANS];  /* the arguments after the keyword, in order */
    /* The decisions the line makes (range: the roll, then the hexes; reroll: the choice, then
     * the roll; the others one). A starve line's victims are in victims[]. */
    int ndec;
    struct kdecision dec[2];
    int nvictims;
    signed char victims[KMAP_HEXES];
    int version;                    /* KL_HEADER */
    unsigned check_mask;            /* KL_CHECK: bit r for each resource checked */
    int check[KRES_COUNT];
    int ncheck;
    signed char check_order[KRES_COUNT];    /* the resources in the line's order */
    int win;                        /* KL_RESULT: 1 win, 0 loss */
    unsigned names_mask;            /* KL_NAMES: bit 0 ruler, 1 realm, 2 capital */
};

struct klog {
    struct klog_stmt *stmts;
    size_t count, cap;
    bool stopped;                   /* too many errors: the rest was not read */
    int stop_line;
    char names[3][KLOG_NAME_SIZE];  /* ruler, realm, capital as the first names line gives
                                       them ("" when not given) */
};

/* Parses buf[0..len): every line with an error becomes a KL_INVALID statement (its error in
 * dl with file:line:col, a rule id of the kingdom, and a did-you-mean where one fits). */
void klog_parse(struct klog *log, const char *buf, size_t len, const char *file, struct diag_list *dl);
void klog_free(struct klog *log);

/* The keyword of statement kind k ("range", ...), or NULL for KL_INVALID. */
const char *klog_keyword(enum klog_kind k);
/* The statement kind whose keyword is word[0..len) (case ignored), or KL_INVALID. */
enum klog_kind klog_keyword_kind(const char *word, size_t len);

/* Whether the first statement of buf is `kingdom` (comments and blank lines before it aside):
 * the log is a kingdom game's. */
bool klog_is_kingdom(const char *buf, size_t len);

#endif
