/* The move-log parser: one statement per line, recursive descent over the lexer's tokens. */
#include "log/parse.h"
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/lex.h"
#include <limits.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A scratch list, reused from statement to statement; finished lists are copied to the arena. */
struct vec {
    void *items;
    size_t n, cap;
};

struct parser {
    struct log_lexer lx;
    struct log_token cur;     /* the next token, not consumed yet */
    const char *stmt_start;   /* first byte of the statement being parsed */
    const char *prev_end;     /* end of the statement's last consumed token */
    int stmt_line, stmt_col;
    enum log_kind kind;       /* what the current statement is (trying to be) */
    struct log_span kw_at;    /* the statement's keyword */
    const char *file;
    struct diag_list *dl;
    size_t errors;
    bool stop;
    struct log_ast *ast;
    struct vec words, nums, events, rolls, outlaws, war, picks, items;
};

static void *vec_push(struct vec *v, size_t elem)
{
    xgrow(&v->items, &v->cap, v->n + 1, elem);
    void *slot = (char *)v->items + elem * v->n++;
    memset(slot, 0, elem);
    return slot;
}

/* Moves the list into the arena; returns NULL for an empty list. */
static void *vec_take(struct parser *ps, struct vec *v, size_t elem, size_t *count)
{
    *count = v->n;
    if (v->n == 0)
        return NULL;
    void *p = log_ast_alloc(ps->ast, v->n * elem);
    memcpy(p, v->items, v->n * elem);
    v->n = 0;
    return p;
}

/* --- tokens ---------------------------------------------------------------------------------- */

static void advance(struct parser *ps)
{
    ps->prev_end = ps->cur.p + ps->cur.n;
    log_lex_next(&ps->lx, &ps->cur);
}

static bool at_end(const struct parser *ps)
{
    return ps->cur.kind == LOG_TOK_EOL || ps->cur.kind == LOG_TOK_EOF;
}

static int clamp_int(size_t n)
{
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* Column of a byte of the statement's line. */
static int col_at(const struct parser *ps, const char *p)
{
    size_t c = (size_t)ps->stmt_col + (size_t)(p - ps->stmt_start);
    return clamp_int(c);
}

/* Where the current token is; the end of a line is shown just after the last token. */
static struct log_span cur_span(const struct parser *ps)
{
    const struct log_token *t = &ps->cur;
    if (t->kind == LOG_TOK_EOL || t->kind == LOG_TOK_EOF)
        return (struct log_span){ps->stmt_line, col_at(ps, ps->prev_end), 1};
    return (struct log_span){t->line, t->col, clamp_int(t->n)};
}

/* A byte of a word as keywords are written: ASCII lower case, '-' for '_'. */
static char fold(char c)
{
    if (c >= 'A' && c <= 'Z')
        return (char)(c - 'A' + 'a');
    return c == '_' ? '-' : c;
}

/* Whether the bytes after the first spell the rest of keyword kw, as tok_is() says. */
static bool tok_rest_is(const struct log_token *t, const char *kw)
{
    size_t i = 1;
    for (; kw[i]; i++)
        if (i == t->n || fold(t->p[i]) != kw[i])
            return false;
    return i == t->n;
}

/* Does the token spell keyword kw (case-insensitive, '_' for '-')? The first byte is compared
 * here, inline: most words differ from most keywords there, and no strlen is needed. */
static inline bool tok_is(const struct log_token *t, const char *kw)
{
    return t->kind == LOG_TOK_WORD && fold(t->p[0]) == kw[0] && tok_rest_is(t, kw);
}

static bool is(const struct parser *ps, const char *kw)
{
    return tok_is(&ps->cur, kw);
}

/* The kind of the token after the current one. */
static enum log_tok peek_kind(const struct parser *ps)
{
    struct log_lexer copy = ps->lx;
    struct log_token t;
    log_lex_next(&copy, &t);
    return t.kind;
}

/* Consumes a comma separating two list items, if there is one. */
static void skip_comma(struct parser *ps)
{
    if (ps->cur.kind == LOG_TOK_COMMA)
        advance(ps);
}

/* Is the next list item a die (a number, maybe after a comma)? */
static bool die_follows(const struct parser *ps)
{
    if (ps->cur.kind == LOG_TOK_NUMBER)
        return true;
    return ps->cur.kind == LOG_TOK_COMMA && peek_kind(ps) == LOG_TOK_NUMBER;
}

/* --- diagnostics ----------------------------------------------------------------------------- */

static void add_error(struct parser *ps, struct log_span at, const char *code, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));

/* Every error goes through here: it counts them and stops the parse after LOG_MAX_ERRORS. */
static void add_error(struct parser *ps, struct log_span at, const char *code, const char *fmt,
                      ...)
{
    if (ps->stop)
        return;
    struct srcpos pos = {at.line, at.col};
    if (ps->errors == LOG_MAX_ERRORS) {
        diag_add(ps->dl, DIAG_ERROR, ps->file, pos, at.len, "syntax",
                 "too many errors: stopped after %d", LOG_MAX_ERRORS);
        ps->stop = true;
        ps->ast->stopped = true;
        ps->ast->stop_line = at.line;
        return;
    }
    ps->errors++;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(ps->dl, DIAG_ERROR, ps->file, pos, at.len, code, "%s", msg);
}

/* Length of the longest prefix of s[0..n) that is at most max bytes and ends on a character. */
static size_t cut_utf8(const char *s, size_t n, size_t max)
{
    if (n <= max)
        return n;
    while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
        max--;
    return max;
}

/* The statement so far as written, whitespace runs shown as one space, long ones shortened in
 * the middle so that a message stays readable. */
static void context(const struct parser *ps, struct strbuf *out)
{
    struct strbuf all = STRBUF_INIT;
    bool space = false;
    for (const char *p = ps->stmt_start; p < ps->prev_end; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\r') {
            space = true;
            continue;
        }
        if (space)
            strbuf_putc(&all, ' ');
        space = false;
        strbuf_putc(&all, *p);
    }
    enum { HEAD = 24, TAIL = 32 };
    if (all.len <= HEAD + TAIL + 8) {
        strbuf_append(out, all.data ? all.data : "", all.len);
    } else {
        size_t head = cut_utf8(all.data, all.len, HEAD);
        while (head > 0 && all.data[head - 1] == ' ')
            head--;
        strbuf_append(out, all.data, head);
        strbuf_puts(out, " ... ");
        size_t from = all.len - TAIL;
        while (from < all.len &&
               (((unsigned char)all.data[from] & 0xC0) == 0x80 || all.data[from] == ' '))
            from++;
        strbuf_append(out, all.data + from, all.len - from);
    }
    strbuf_free(&all);
}

/* How a message shows the token it found. */
static void found(const struct log_token *t, struct strbuf *out)
{
    switch (t->kind) {
    case LOG_TOK_EOF:
    case LOG_TOK_EOL: strbuf_puts(out, "end of line"); return;
    case LOG_TOK_COMMA: strbuf_puts(out, "','"); return;
    case LOG_TOK_WORD:
    case LOG_TOK_NUMBER:
    case LOG_TOK_STRING:
    case LOG_TOK_ERROR: break;
    }
    enum { SHOWN = 40 };
    size_t n = cut_utf8(t->p, t->n, SHOWN);
    strbuf_putc(out, '\'');
    strbuf_append(out, t->p, n);
    strbuf_puts(out, n < t->n ? "...'" : "'");
    if (t->kind == LOG_TOK_NUMBER && t->overflow)
        strbuf_printf(out, " (a number above %d)", LOG_NUM_MAX);
}

/* Reports the lexer's error token at the current position. */
static bool lex_error(struct parser *ps)
{
    char msg[128];
    log_lex_error_text(&ps->cur, msg, sizeof msg);
    add_error(ps, cur_span(ps), ps->cur.error == LOG_LEX_UNTERMINATED ? "syntax" : "encoding",
              "%s", msg);
    return false;
}

/* "expected WHAT after 'CONTEXT', found TOKEN" at the current token; always returns false. */
static bool expected(struct parser *ps, const char *what)
{
    if (ps->cur.kind == LOG_TOK_ERROR)
        return lex_error(ps);
    struct strbuf ctx = STRBUF_INIT, fnd = STRBUF_INIT;
    context(ps, &ctx);
    found(&ps->cur, &fnd);
    if (ctx.len)
        add_error(ps, cur_span(ps), "syntax", "expected %s after '%s', found %s", what,
                  strbuf_cstr(&ctx), strbuf_cstr(&fnd));
    else
        add_error(ps, cur_span(ps), "syntax", "expected %s, found %s", what, strbuf_cstr(&fnd));
    strbuf_free(&ctx);
    strbuf_free(&fnd);
    return false;
}

/* expected(), with a hint after what was found: "..., found 'avoids' (did you mean avoid?)". */
static bool expected_hint(struct parser *ps, const char *what, const char *hint)
{
    struct strbuf ctx = STRBUF_INIT, fnd = STRBUF_INIT;
    context(ps, &ctx);
    found(&ps->cur, &fnd);
    add_error(ps, cur_span(ps), "syntax", "expected %s after '%s', found %s (%s)", what, strbuf_cstr(&ctx),
              strbuf_cstr(&fnd), hint);
    strbuf_free(&ctx);
    strbuf_free(&fnd);
    return false;
}

/* --- arguments ------------------------------------------------------------------------------- */

/* What normalizing changes in a byte: FOLD_CASE for ASCII upper case (names and ids),
 * FOLD_UNDERSCORE for '_' (ids only). One look-up a byte when a word is stored. */
enum { FOLD_CASE = 1, FOLD_UNDERSCORE = 2 };
static const unsigned char fold_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* Stores text in the tree with its normalized form (shared when nothing changes). */
static void set_word(struct parser *ps, struct log_word *w, const char *s, size_t n, bool id)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned mask = id ? FOLD_CASE | FOLD_UNDERSCORE : FOLD_CASE;
    size_t i = 0;
    while (i < n && !(fold_class[u[i]] & mask))
        i++;
    w->text = w->norm = log_ast_strndup(ps->ast, s, n);
    if (i == n)
        return;
    char *norm = log_ast_strndup(ps->ast, s, n);
    for (; i < n; i++)
        if (fold_class[u[i]] & mask)
            norm[i] = fold(norm[i]);
    w->norm = norm;
}

/* Stores the current token, a word, as set_word does; the lexer said whether any of its bytes
 * folds, so a word without one is copied without looking at its bytes again. */
static void set_token_word(struct parser *ps, struct log_word *w, bool id)
{
    const struct log_token *t = &ps->cur;
    if (t->folds) {
        set_word(ps, w, t->p, t->n, id);
        return;
    }
    w->text = w->norm = log_ast_strndup(ps->ast, t->p, t->n);
}

/* A number in lo..hi. */
static bool number(struct parser *ps, struct log_num *out, int lo, int hi, const char *what)
{
    const struct log_token *t = &ps->cur;
    if (t->kind != LOG_TOK_NUMBER || t->overflow || t->value < lo || t->value > hi)
        return expected(ps, what);
    out->at = cur_span(ps);
    out->value = t->value;
    advance(ps);
    return true;
}

static bool die(struct parser *ps, struct log_num *out, const char *what)
{
    return number(ps, out, 1, 6, what);
}

/* A player name, a title or a town name: a word that is not a number, or a quoted string. */
static bool name(struct parser *ps, struct log_word *out, const char *what)
{
    const struct log_token *t = &ps->cur;
    if (t->kind == LOG_TOK_STRING && t->n > 2) {
        char buf[256];
        char *tmp = t->n <= sizeof buf ? buf : xmalloc(t->n);
        size_t n = log_lex_unquote(t, tmp);
        set_word(ps, out, tmp, n, false);
        if (tmp != buf)
            free(tmp);
        out->quoted = true;
    } else if (t->kind == LOG_TOK_WORD) {
        set_token_word(ps, out, false);
    } else {
        return expected(ps, what);
    }
    out->at = cur_span(ps);
    advance(ps);
    return true;
}

/* An id (asset, person, location, event...): a word that is not a number. */
static bool id(struct parser *ps, struct log_word *out, const char *what)
{
    if (ps->cur.kind != LOG_TOK_WORD)
        return expected(ps, what);
    set_token_word(ps, out, true);
    out->at = cur_span(ps);
    advance(ps);
    return true;
}

static enum log_check_kind check_keyword(const struct log_token *t);

/* What ends the words of an id typed with spaces, besides a token that is not a word. */
enum spaced_stop {
    STOP_NONE,
    STOP_PERK,          /* a last 'a' or 'b' on the line: the perk letter */
    STOP_CHECK_KEYWORD  /* people, infrastructures, reserve: the next check item */
};

/* An id that may have been typed as several words ("master builder", "men at arms"): the
 * following words (see enum spaced_stop) make one id whose norm joins them with hyphens; the
 * replay names the fix. */
static bool spaced_id(struct parser *ps, struct log_word *out, const char *what, enum spaced_stop stop)
{
    const char *start = ps->cur.p;
    int line = ps->cur.line, col = ps->cur.col;
    if (!id(ps, out, what))
        return false;
    const char *end = ps->prev_end, *first_end = end;
    if (stop == STOP_CHECK_KEYWORD) {
        /* A check value's words join only when its number follows them ("food twelve" is a
         * bad number, not an id). */
        struct log_lexer copy = ps->lx;
        struct log_token t = ps->cur;
        while (t.kind == LOG_TOK_WORD && t.n > 1 && check_keyword(&t) == LOG_CHECK_VALUE)
            log_lex_next(&copy, &t);
        if (t.kind != LOG_TOK_NUMBER)
            return true;
    }
    /* One-letter words are not parts of ids: "witch c" is a bad perk letter. */
    while (ps->cur.kind == LOG_TOK_WORD && ps->cur.line == line && ps->cur.n > 1) {
        if (stop == STOP_CHECK_KEYWORD && check_keyword(&ps->cur) != LOG_CHECK_VALUE)
            break;
        if (stop == STOP_PERK && (is(ps, "a") || is(ps, "b"))) {
            struct log_lexer copy = ps->lx;
            struct log_token next;
            log_lex_next(&copy, &next);
            if (next.kind == LOG_TOK_EOL || next.kind == LOG_TOK_EOF)
                break;
        }
        end = ps->cur.p + ps->cur.n;
        advance(ps);
    }
    if (end == first_end)
        return true;    /* one word */
    size_t n = (size_t)(end - start);
    set_word(ps, out, start, n, true);
    char *norm = log_ast_strndup(ps->ast, out->norm, n), *w = norm;
    for (size_t i = 0; i < n; i++)
        if (norm[i] != ' ' && norm[i] != '\t' && norm[i] != '\r')
            *w++ = norm[i];
        else if (w > norm && w[-1] != '-')
            *w++ = '-';
    *w = 0;
    out->norm = norm;
    out->spaced = true;
    out->at = (struct log_span){line, col, clamp_int(n)};
    return true;
}

/* A keyword argument: records where it is and consumes it. */
static struct log_span keyword(struct parser *ps)
{
    struct log_span at = cur_span(ps);
    advance(ps);
    return at;
}

/* --- header statements ----------------------------------------------------------------------- */

static bool p_version(struct parser *ps, struct log_stmt *st)
{
    if (!number(ps, &st->version, 0, LOG_NUM_MAX, "a format version number"))
        return false;
    if (st->version.value != 1) {
        add_error(ps, st->version.at, "syntax",
                  "unsupported format version %d: this program reads version 1",
                  st->version.value);
        return false;
    }
    return true;
}

/* After an unquoted title or town name: more words mean the quotes are missing. */
static bool single_word(struct parser *ps, const struct log_word *w)
{
    if (at_end(ps) || w->quoted)
        return true;
    return expected(ps, "the end of the line (a name of several words needs double quotes)");
}

static bool p_game(struct parser *ps, struct log_stmt *st)
{
    return name(ps, &st->game, "a title (one word, or several in double quotes)") &&
           single_word(ps, &st->game);
}

static bool p_players(struct parser *ps, struct log_stmt *st)
{
    enum { MAX_PLAYERS = 5 };
    do {
        if (ps->words.n > 0)
            skip_comma(ps);
        if (ps->words.n == MAX_PLAYERS) {
            ps->words.n = 0;
            if (ps->cur.kind != LOG_TOK_WORD && ps->cur.kind != LOG_TOK_STRING)
                return expected(ps, "the end of the line");
            struct strbuf fnd = STRBUF_INIT;
            found(&ps->cur, &fnd);
            add_error(ps, cur_span(ps), "syntax", "at most %d players, found a sixth name %s",
                      MAX_PLAYERS, strbuf_cstr(&fnd));
            strbuf_free(&fnd);
            return false;
        }
        struct log_word *w = vec_push(&ps->words, sizeof *w);
        if (!name(ps, w, ps->words.n == 1 ? "a player name" : "the next player name")) {
            ps->words.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->players.names = vec_take(ps, &ps->words, sizeof(struct log_word), &st->players.count);
    return true;
}

static bool p_town(struct parser *ps, struct log_stmt *st)
{
    return name(ps, &st->town.player, "a player name") &&
           name(ps, &st->town.name, "a town name (one word, or several in double quotes)") &&
           single_word(ps, &st->town.name);
}

static bool p_difficulty(struct parser *ps, struct log_stmt *st)
{
    return spaced_id(ps, &st->difficulty, "a difficulty (very-easy, easy, normal, hard, very-hard "
                                          "or forget-about-it)", STOP_NONE);
}

static bool p_events(struct parser *ps, struct log_stmt *st)
{
    while (!at_end(ps)) {
        if (ps->events.n > 0)
            skip_comma(ps);
        struct log_event *e = vec_push(&ps->events, sizeof *e);
        bool ok = number(ps, &e->round, 1, 10, "a round number 1-10");
        if (ok) {
            const char *what = "an event (its name or its die value 1-6)";
            if (ps->cur.kind == LOG_TOK_NUMBER)
                ok = die(ps, &e->die, what);
            else
                ok = spaced_id(ps, &e->name, what, STOP_NONE);
        }
        if (!ok) {
            ps->events.n = 0;
            return false;
        }
    }
    st->events.items = vec_take(ps, &ps->events, sizeof(struct log_event), &st->events.count);
    return true;
}

static bool p_solo(struct parser *ps, struct log_stmt *st)
{
    return id(ps, &st->solo, "a solo objective (merchant, miller, cathedral, castle or arcade)");
}

static bool p_variant(struct parser *ps, struct log_stmt *st)
{
    do {
        if (ps->words.n > 0)
            skip_comma(ps);
        struct log_word *w = vec_push(&ps->words, sizeof *w);
        if (!spaced_id(ps, w, "a rule variant such as famine-halves-farms", STOP_NONE)) {
            ps->words.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->variant.items = vec_take(ps, &ps->words, sizeof(struct log_word), &st->variant.count);
    return true;
}

/* --- round statements ------------------------------------------------------------------------ */

static bool p_round(struct parser *ps, struct log_stmt *st)
{
    return number(ps, &st->round, 1, 10, "a round number 1-10");
}

/* Two dice, maybe separated by a comma. */
static bool two_dice(struct parser *ps, struct log_num dice[2])
{
    if (!die(ps, &dice[0], "a die value 1-6"))
        return false;
    skip_comma(ps);
    return die(ps, &dice[1], "a die value 1-6");
}

static bool p_shared(struct parser *ps, struct log_stmt *st)
{
    return two_dice(ps, st->shared.dice);
}

/* Bonus rolls after a name: dice separated by spaces or commas, as many as there are. */
static bool rolls(struct parser *ps, struct log_num **out, size_t *count)
{
    while (die_follows(ps)) {
        skip_comma(ps);
        if (!die(ps, vec_push(&ps->rolls, sizeof(struct log_num)), "a bonus roll 1-6")) {
            ps->rolls.n = 0;
            return false;
        }
    }
    *out = vec_take(ps, &ps->rolls, sizeof(struct log_num), count);
    return true;
}

static bool p_outlaws(struct parser *ps, struct log_stmt *st)
{
    do {
        if (ps->outlaws.n > 0)
            skip_comma(ps);
        struct log_rolls *r = vec_push(&ps->outlaws, sizeof *r);
        bool ok = name(ps, &r->player, ps->outlaws.n == 1 ? "a player name" : "the next player")
                  && die(ps, vec_push(&ps->rolls, sizeof(struct log_num)), "a bonus roll 1-6")
                  && rolls(ps, &r->rolls, &r->count);
        if (!ok) {
            ps->outlaws.n = ps->rolls.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->outlaws.items = vec_take(ps, &ps->outlaws, sizeof(struct log_rolls), &st->outlaws.count);
    return true;
}

static bool p_turn(struct parser *ps, struct log_stmt *st)
{
    return name(ps, &st->turn.player, "a player name") && two_dice(ps, st->turn.dice);
}

/* DIE ASSET | DIE attract PERSON [a|b] | DIE build INFRA [a|b] | DIE influence LOC | DIE store */
static bool p_spend(struct parser *ps, struct log_stmt *st)
{
    struct log_spend *s = &st->spend;
    const char *what =
        s->reserve ? "a die value 1-6" : "a die value 1-6 at the start of a spend line";
    if (!die(ps, &s->die, what))
        return false;
    if (ps->cur.kind != LOG_TOK_WORD)
        return expected(ps, "an asset, or attract, build, influence or store");
    bool perk = false;
    if (is(ps, "attract")) {
        s->action = LOG_ACT_ATTRACT;
        s->action_at = keyword(ps);
        if (!spaced_id(ps, &s->target, "a person such as master-builder", STOP_PERK))
            return false;
        perk = true;
    } else if (is(ps, "build")) {
        s->action = LOG_ACT_BUILD;
        s->action_at = keyword(ps);
        if (!spaced_id(ps, &s->target, "an infrastructure such as stables", STOP_PERK))
            return false;
        perk = true;
    } else if (is(ps, "influence")) {
        s->action = LOG_ACT_INFLUENCE;
        s->action_at = keyword(ps);
        if (!spaced_id(ps, &s->target, "a location such as quarry", STOP_NONE))
            return false;
    } else if (is(ps, "store")) {
        s->action = LOG_ACT_STORE;
        s->action_at = keyword(ps);
    } else {
        s->action = LOG_ACT_ASSET;
        s->action_at = cur_span(ps);
        spaced_id(ps, &s->target, "an asset", STOP_NONE);
    }
    if (perk && !at_end(ps)) {
        /* The perk letter of a special person or infrastructure. */
        if (!is(ps, "a") && !is(ps, "b"))
            return expected(ps, "a perk letter a or b, or the end of the line");
        s->perk = (char)(ps->cur.p[0] | 0x20);
        s->perk_at = keyword(ps);
    }
    return true;
}

static bool p_reserve(struct parser *ps, struct log_stmt *st)
{
    st->spend.reserve = true;
    st->spend.reserve_at = ps->kw_at;
    return p_spend(ps, st);
}

/* [own|shared] FROM TO, after sheriff, court or court reroll. */
static bool change_rest(struct parser *ps, struct log_change *c, bool any_first)
{
    if (is(ps, "own") || is(ps, "shared")) {
        c->which = is(ps, "own") ? LOG_WHICH_OWN : LOG_WHICH_SHARED;
        c->which_at = keyword(ps);
    } else if (ps->cur.kind != LOG_TOK_NUMBER) {
        return expected(ps, any_first ? "reroll, own, shared or a die value 1-6"
                                      : "own, shared or a die value 1-6");
    }
    return die(ps, &c->from, "a die value 1-6 (the value the die shows)") &&
           die(ps, &c->to, "a die value 1-6 (the value it shows afterwards)");
}

static bool p_sheriff(struct parser *ps, struct log_stmt *st)
{
    return change_rest(ps, &st->change, false);
}

static bool is_reroll(const struct parser *ps)
{
    return is(ps, "reroll") || is(ps, "re-roll");
}

/* court [own|shared] FROM TO | court reroll [own|shared] FROM TO (or court own reroll ...) */
static bool p_court(struct parser *ps, struct log_stmt *st)
{
    struct log_change *c = &st->change;
    if (is_reroll(ps)) {
        ps->kind = LOG_COURT_REROLL;
        c->reroll_at = keyword(ps);
        return change_rest(ps, c, false);
    }
    if (is(ps, "own") || is(ps, "shared")) {
        c->which = is(ps, "own") ? LOG_WHICH_OWN : LOG_WHICH_SHARED;
        c->which_at = keyword(ps);
        if (is_reroll(ps)) {
            ps->kind = LOG_COURT_REROLL;
            c->reroll_at = keyword(ps);
        }
        return die(ps, &c->from, "a die value 1-6 (the value the die shows)") &&
               die(ps, &c->to, "a die value 1-6 (the value it shows afterwards)");
    }
    return change_rest(ps, c, true);
}

/* split X P A Q B (witch perk b). */
static bool p_split(struct parser *ps, struct log_stmt *st)
{
    struct log_split *s = &st->split;
    if (!die(ps, &s->die, "a die value 1-6") ||
        !number(ps, &s->first_part, 1, 5, "the first part 1-5") ||
        !spaced_id(ps, &s->first_asset, "the asset of the first part", STOP_NONE) ||
        !number(ps, &s->second_part, 1, 5, "the second part 1-5") ||
        !spaced_id(ps, &s->second_asset, "the asset of the second part", STOP_NONE))
        return false;
    if (s->first_part.value + s->second_part.value != s->die.value) {
        struct log_span at = s->first_part.at;
        at.len = clamp_int((size_t)(s->second_part.at.col - at.col) +
                           (size_t)s->second_part.at.len);
        add_error(ps, at, "syntax", "the split parts %d and %d do not add up to the die value %d",
                  s->first_part.value, s->second_part.value, s->die.value);
        return false;
    }
    return true;
}

static bool p_market(struct parser *ps, struct log_stmt *st)
{
    return number(ps, &st->market.amount, 1, LOG_NUM_MAX, "an amount of at least 1") &&
           id(ps, &st->market.into, "supply or food (what the amount becomes)");
}

/* Whether t is a word that begins with kw, ignoring case ("avoids", "Supported"). */
static bool starts_with_word(const struct log_token *t, const char *kw)
{
    size_t n = strlen(kw);
    if (t->kind != LOG_TOK_WORD || t->n <= n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (fold(t->p[i]) != kw[i])
            return false;
    return true;
}

/* war PLAYER (support ROLLS | avoid), ... */
static bool p_war(struct parser *ps, struct log_stmt *st)
{
    do {
        if (ps->war.n > 0)
            skip_comma(ps);
        struct log_war_entry *e = vec_push(&ps->war, sizeof *e);
        bool ok = name(ps, &e->player, ps->war.n == 1 ? "a player name" : "the next player");
        if (ok && is(ps, "support")) {
            e->choice = LOG_WAR_SUPPORT;
            e->choice_at = keyword(ps);
            ok = rolls(ps, &e->rolls, &e->count);
        } else if (ok && is(ps, "avoid")) {
            e->choice = LOG_WAR_AVOID;
            e->choice_at = keyword(ps);
            if (ps->cur.kind == LOG_TOK_NUMBER)
                ok = expected(ps, "the next player (bonus rolls follow support, not avoid)");
        } else if (ok && starts_with_word(&ps->cur, "support")) {
            ok = expected_hint(ps, "support or avoid", "did you mean support?");
        } else if (ok && starts_with_word(&ps->cur, "avoid")) {
            ok = expected_hint(ps, "support or avoid", "did you mean avoid?");
        } else if (ok) {
            ok = expected(ps, "support or avoid");
        }
        if (!ok) {
            ps->war.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->war.items = vec_take(ps, &ps->war, sizeof(struct log_war_entry), &st->war.count);
    return true;
}

/* collect PLAYER LOCATION CHOICE, ... */
static bool p_collect(struct parser *ps, struct log_stmt *st)
{
    if (!name(ps, &st->collect.player, "a player name"))
        return false;
    do {
        if (ps->picks.n > 0)
            skip_comma(ps);
        struct log_pick *pk = vec_push(&ps->picks, sizeof *pk);
        if (!id(ps, &pk->location, "a location such as grassland") ||
            !id(ps, &pk->take, "food or supply (the bonus taken)")) {
            ps->picks.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->collect.items = vec_take(ps, &ps->picks, sizeof(struct log_pick), &st->collect.count);
    return true;
}

/* --- check ----------------------------------------------------------------------------------- */

static enum log_check_kind check_keyword(const struct log_token *t)
{
    if (tok_is(t, "people") || tok_is(t, "person"))
        return LOG_CHECK_PEOPLE;
    if (tok_is(t, "infrastructures") || tok_is(t, "infrastructure") || tok_is(t, "infra"))
        return LOG_CHECK_INFRAS;
    if (tok_is(t, "reserve"))
        return LOG_CHECK_RESERVE;
    return LOG_CHECK_VALUE;
}

/* The ids after people or infrastructures: words up to the next keyword, or up to a word
 * followed by a number (`food 12` starts the next value). */
static void check_set(struct parser *ps, struct log_check_item *it)
{
    for (;;) {
        struct log_lexer copy = ps->lx;
        struct log_token word = ps->cur, next;
        if (word.kind == LOG_TOK_COMMA)
            log_lex_next(&copy, &word);
        if (word.kind != LOG_TOK_WORD || check_keyword(&word) != LOG_CHECK_VALUE)
            break;
        log_lex_next(&copy, &next);
        if (next.kind == LOG_TOK_NUMBER)
            break;
        skip_comma(ps);
        id(ps, vec_push(&ps->words, sizeof(struct log_word)), "an id");
    }
    it->ids = vec_take(ps, &ps->words, sizeof(struct log_word), &it->count);
}

static bool check_item(struct parser *ps, struct log_check_item *it)
{
    if (ps->cur.kind != LOG_TOK_WORD)
        return expected(ps, "a value to check (an asset, a location, reputation, pow, score, "
                            "people, infrastructures or reserve)");
    it->kind = check_keyword(&ps->cur);
    if (it->kind == LOG_CHECK_VALUE) {
        spaced_id(ps, &it->what, "a value to check", STOP_CHECK_KEYWORD);
        return number(ps, &it->value, 0, LOG_NUM_MAX, "a number");
    }
    set_token_word(ps, &it->what, true);
    it->what.at = keyword(ps);
    switch (it->kind) {
    case LOG_CHECK_VALUE:
        break;
    case LOG_CHECK_PEOPLE:
    case LOG_CHECK_INFRAS:
        check_set(ps, it);
        return true;
    case LOG_CHECK_RESERVE:
        while (die_follows(ps)) {
            skip_comma(ps);
            if (!die(ps, vec_push(&ps->nums, sizeof(struct log_num)), "a reserve die value 1-6")) {
                ps->nums.n = 0;
                return false;
            }
        }
        it->values = vec_take(ps, &ps->nums, sizeof(struct log_num), &it->count);
        return true;
    }
    return true;
}

static bool p_check(struct parser *ps, struct log_stmt *st)
{
    if (!name(ps, &st->check.player, "a player name"))
        return false;
    do {
        if (ps->items.n > 0)
            skip_comma(ps);
        if (!check_item(ps, vec_push(&ps->items, sizeof(struct log_check_item)))) {
            ps->items.n = 0;
            return false;
        }
    } while (!at_end(ps));
    st->check.items =
        vec_take(ps, &ps->items, sizeof(struct log_check_item), &st->check.count);
    return true;
}

/* --- statements ------------------------------------------------------------------------------ */

typedef bool (*parse_fn)(struct parser *, struct log_stmt *);

/* Statement keywords and their aliases. A line starting with a number is a spend line. The
 * most frequent statements of a game come first: the lookup tries them in this order. */
static const struct keyword {
    const char *word;
    enum log_kind kind;
    parse_fn parse;
} keywords[] = {
    {"turn", LOG_TURN, p_turn},
    {"reserve", LOG_SPEND, p_reserve},
    {"check", LOG_CHECK, p_check},
    {"collect", LOG_COLLECT, p_collect},
    {"round", LOG_ROUND, p_round},
    {"shared", LOG_SHARED, p_shared},
    {"war", LOG_WAR, p_war},
    {"market", LOG_MARKET, p_market},
    {"sheriff", LOG_SHERIFF, p_sheriff},
    {"court", LOG_COURT, p_court},
    {"split", LOG_SPLIT, p_split},
    {"outlaws", LOG_OUTLAWS, p_outlaws},
    {"xii", LOG_VERSION, p_version},
    {"game", LOG_GAME, p_game},
    {"title", LOG_GAME, p_game},
    {"players", LOG_PLAYERS, p_players},
    {"player", LOG_PLAYERS, p_players},
    {"town", LOG_TOWN, p_town},
    {"difficulty", LOG_DIFFICULTY, p_difficulty},
    {"events", LOG_EVENTS, p_events},
    {"event", LOG_EVENTS, p_events},
    {"solo", LOG_SOLO, p_solo},
    {"variant", LOG_VARIANT, p_variant},
    {"variants", LOG_VARIANT, p_variant},
};

static const struct keyword *find_keyword(const struct log_token *t)
{
    if (t->kind != LOG_TOK_WORD)
        return NULL;
    char first = fold(t->p[0]);
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (keywords[i].word[0] == first && tok_rest_is(t, keywords[i].word))
            return &keywords[i];
    return NULL;
}

enum log_kind log_keyword_kind(const char *word, size_t n)
{
    struct log_token t = {.kind = LOG_TOK_WORD, .p = word, .n = n};
    const struct keyword *kw = n > 0 ? find_keyword(&t) : NULL;
    return kw ? kw->kind : LOG_INVALID;
}

/* Whether word (folded to lower case) is a name on a players line already read. */
static bool is_player_name(const struct parser *ps, const char *word)
{
    for (size_t i = 0; i < ps->ast->count; i++) {
        const struct log_stmt *st = &ps->ast->stmts[i];
        if (st->kind != LOG_PLAYERS)
            continue;
        for (size_t k = 0; k < st->players.count; k++) {
            const char *name = st->players.names[k].text;
            size_t j = 0;
            while (name[j] && fold(name[j]) == word[j])
                j++;
            if (!name[j] && !word[j])
                return true;
        }
    }
    return false;
}

/* A line that starts with no keyword nor die: the error, with the statement it likely was
 * ("round1" for "round 1", "trun" for turn, "Jack 3 1" for "turn Jack 3 1"), whose kind it
 * then takes so that the replay treats what follows as it treats a refused statement of that
 * kind (the lines of a turn are skipped with it, not each reported as outside a turn). */
static bool unknown_statement(struct parser *ps)
{
    const struct log_token *t = &ps->cur;
    char word[32] = "";
    if (t->kind == LOG_TOK_WORD && t->n < sizeof word) {
        for (size_t i = 0; i < t->n; i++)
            word[i] = fold(t->p[i]);
        word[t->n] = 0;
    }
    struct strbuf hint = STRBUF_INIT;
    enum log_kind kind = LOG_INVALID;
    size_t letters = 0;
    while (word[letters] >= 'a' && word[letters] <= 'z')
        letters++;
    for (size_t i = 0; word[0] && i < sizeof keywords / sizeof keywords[0] && kind == LOG_INVALID; i++) {
        size_t n = strlen(keywords[i].word);
        if (letters == n && word[n] >= '0' && word[n] <= '9' && strncmp(word, keywords[i].word, n) == 0 &&
            strspn(word + n, "0123456789") == strlen(word + n)) {
            strbuf_printf(&hint, "; did you mean \"%s %s\"?", keywords[i].word, word + n);
            kind = keywords[i].kind;
        } else if (n > 3 && letters == t->n && log_ids_distance(word, keywords[i].word) == 1) {
            strbuf_printf(&hint, "; did you mean %s?", keywords[i].word);
            kind = keywords[i].kind;
        }
    }
    if (kind == LOG_INVALID && t->kind == LOG_TOK_WORD && peek_kind(ps) == LOG_TOK_NUMBER &&
        is_player_name(ps, word)) {
        /* The line as typed, up to a comment, without trailing blanks. */
        const char *e = t->p;
        while (e < ps->lx.end && *e != '\n' && *e != '\r' && *e != '#')
            e++;
        while (e > t->p && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (e - t->p > 40) {
            e = t->p + 40;
            while (e > t->p && ((unsigned char)*e & 0xC0) == 0x80)
                e--;    /* not inside a UTF-8 character */
        }
        strbuf_printf(&hint, "; did you mean \"turn %.*s\"?", (int)(e - t->p), t->p);
        kind = LOG_TURN;
    }
    if (kind == LOG_INVALID || t->kind != LOG_TOK_WORD) {
        strbuf_free(&hint);
        return expected(ps, "a statement (a keyword such as round, turn, war or check, or a die value)");
    }
    struct strbuf fnd = STRBUF_INIT;
    found(t, &fnd);
    add_error(ps, cur_span(ps), "syntax", "expected a statement (a keyword such as round, turn, war or "
              "check, or a die value), found %s%s", strbuf_cstr(&fnd), strbuf_cstr(&hint));
    ps->kind = kind;
    strbuf_free(&fnd);
    strbuf_free(&hint);
    return false;
}

static void statement(struct parser *ps)
{
    /* The statement is parsed in place, in the next slot of the tree's array. */
    struct log_ast *ast = ps->ast;
    if (ast->count == ast->cap) {
        void *stmts = ast->stmts;
        xgrow(&stmts, &ast->cap, ast->count + 1, sizeof *ast->stmts);
        ast->stmts = stmts;
    }
    struct log_stmt *st = &ast->stmts[ast->count];
    memset(st, 0, sizeof *st);
    ps->stmt_start = ps->prev_end = ps->cur.p;
    ps->stmt_line = ps->cur.line;
    ps->stmt_col = ps->cur.col;
    ps->kw_at = cur_span(ps);
    ps->kind = LOG_INVALID;
    bool ok;
    const struct keyword *kw;
    if (ps->cur.kind == LOG_TOK_NUMBER) {
        ps->kind = LOG_SPEND;
        ok = p_spend(ps, st);
    } else if ((kw = find_keyword(&ps->cur)) != NULL) {
        ps->kind = kw->kind;
        advance(ps);
        ok = kw->parse(ps, st);
    } else {
        ok = unknown_statement(ps);
    }
    if (ok && !at_end(ps))
        ok = expected(ps, "the end of the line");
    if (ps->stop)
        return;
    const char *end = ps->prev_end;
    if (!ok && !at_end(ps)) {
        if (ps->cur.p + ps->cur.n > end)
            end = ps->cur.p + ps->cur.n;
        /* Recover at the next line. */
        log_lex_skip_line(&ps->lx);
        ps->cur.kind = LOG_TOK_EOL;
        ps->cur.n = 0;
    }
    if (ok) {
        st->kind = ps->kind;
    } else {
        /* A statement with an error has no effect: keep only what it tried to be. */
        memset(st, 0, sizeof *st);
        st->kind = LOG_INVALID;
        st->invalid.attempted = ps->kind;
    }
    st->at = (struct log_span){ps->stmt_line, ps->stmt_col,
                               clamp_int((size_t)(end - ps->stmt_start))};
    ast->count++;
}

/* A text of at most SMALL_TEXT bytes is a line or a few; its tree takes about TREE_PER_BYTE
 * bytes of arena a byte (ids, names, lists). */
enum { SMALL_TEXT = 1024, TREE_PER_BYTE = 3 };

/* Every parse so far, every thread's (log_parse_count). */
static atomic_ulong parses;

unsigned long log_parse_count(void)
{
    return atomic_load_explicit(&parses, memory_order_relaxed);
}

struct log_ast *log_parse(const char *buf, size_t len, const char *filename,
                          struct diag_list *diags)
{
    return log_parse_from(buf, len, filename, 1, diags);
}

struct log_ast *log_parse_from(const char *buf, size_t len, const char *filename, int first_line,
                               struct diag_list *diags)
{
    atomic_fetch_add_explicit(&parses, 1, memory_order_relaxed);
    struct log_ast *ast = xcalloc(1, sizeof *ast);
    ast->file = xstrdup(filename ? filename : "");
    struct parser ps;
    memset(&ps, 0, sizeof ps);
    ps.file = ast->file;
    ps.dl = diags;
    ps.ast = ast;
    if (len <= SMALL_TEXT) {
        /* A line typed (the recorder keeps its tree): memory in proportion to it. */
        log_ast_expect(ast, len * TREE_PER_BYTE);
        ast->cap = len > 0;
        ast->stmts = ast->cap ? xmalloc(sizeof *ast->stmts) : NULL;
    } else {
        /* A file: the arena's biggest blocks, the statements' array doubling from 8 (smaller
         * steps moved the replay's growing arrays about: 2% more instructions in bench_audit). */
        log_ast_expect(ast, SIZE_MAX);
    }
    log_lex_init(&ps.lx, buf ? buf : "", buf ? len : 0);
    ps.lx.line = first_line;
    log_lex_next(&ps.lx, &ps.cur);
    while (!ps.stop && ps.cur.kind != LOG_TOK_EOF) {
        if (ps.cur.kind == LOG_TOK_EOL)
            log_lex_next(&ps.lx, &ps.cur);
        else
            statement(&ps);
    }
    struct vec *vecs[] = {&ps.words, &ps.nums, &ps.events, &ps.rolls,
                          &ps.outlaws, &ps.war, &ps.picks, &ps.items};
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        free(vecs[i]->items);
    return ast;
}
