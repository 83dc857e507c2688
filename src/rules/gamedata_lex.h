/* Tokens of the game-data file, grouped into statements (a line plus its indented
 * continuation lines). Internal to the game-data loader. */
#ifndef RULES_GAMEDATA_LEX_H
#define RULES_GAMEDATA_LEX_H
#include <stddef.h>
#include "core/diag.h"

/* A file this bad is not worth reading further: errors after these are counted only. */
#define GD_MAX_ERRORS 50

enum gd_tok_kind { GT_WORD, GT_NUMBER, GT_OP_GE, GT_OP_EQ, GT_STRING, GT_TAG };

struct gd_tok {
    enum gd_tok_kind kind;
    const char *text;   /* points into the buffer (for GT_STRING: the content, no quotes) */
    size_t len;
    int number;         /* GT_NUMBER */
    struct srcpos pos;
};

struct gd_stmt {
    struct gd_tok *toks;
    size_t ntoks;
};

struct gd_lexed {
    struct gd_tok *toks;    /* all tokens; statements point into this array */
    size_t ntoks, cap;
    struct gd_stmt *stmts;
    size_t nstmts, stmtcap;
};

/* Splits buf into statements. Lexical errors go to dl; returns the number of them. */
size_t gd_lex(struct gd_lexed *lx, const char *file, const char *buf, size_t len,
              struct diag_list *dl);
void gd_lexed_free(struct gd_lexed *lx);
/* Case-insensitive comparison of a token with a word, '_' equal to '-'. */
int gd_tok_is(const struct gd_tok *t, const char *word);

#endif
