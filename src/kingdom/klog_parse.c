/* The kingdom's log parser: one statement a line, through the shared lexer, into decisions. */
#include "kingdom/klog.h"
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/lex.h"
#include "log/words.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_TOKENS 80

static const char *const keywords[KL_KIND_COUNT] = {
    [KL_HEADER] = "kingdom", [KL_NAMES] = "names", [KL_RANGE] = "range", [KL_RIVER] = "river",
    [KL_SETUP] = "setup", [KL_YEAR] = "year", [KL_FATE] = "fate", [KL_REROLL] = "reroll",
    [KL_SIX] = "six", [KL_DISASTER] = "disaster", [KL_CAPITAL] = "capital", [KL_BUILD] = "build",
    [KL_TRADE] = "trade", [KL_STARVE] = "starve", [KL_CHECK] = "check", [KL_RESULT] = "result",
};

struct parser {
    struct klog *log;
    const char *file;
    struct diag_list *dl;
    int errors;
    struct log_token t[LINE_TOKENS];
    int n, i;
    struct klog_stmt *st;
};

static void error_at(struct parser *ps, const struct log_token *t, enum krule rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void error_at(struct parser *ps, const struct log_token *t, enum krule rule, const char *fmt, ...)
{
    if (ps->log->stopped)
        return;
    struct srcpos pos = {t->line, t->col};
    if (ps->errors++ == KLOG_MAX_ERRORS) {
        diag_add(ps->dl, DIAG_ERROR, ps->file, pos, (int)t->n, krule_text(KR_TOO_MANY_ERRORS),
                 "too many errors: stopped after %d", KLOG_MAX_ERRORS);
        ps->log->stopped = true;
        ps->log->stop_line = t->line;
        return;
    }
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(ps->dl, DIAG_ERROR, ps->file, pos, t->n > 0 && t->kind != LOG_TOK_EOL ? (int)t->n : 1,
             krule_text(rule), "%s", msg);
}

/* The token at the cursor, or a stand-in just after the line's last token. */
static struct log_token at(const struct parser *ps)
{
    if (ps->i < ps->n)
        return ps->t[ps->i];
    struct log_token end = ps->t[ps->n - 1];
    end.col += (int)end.n;
    end.n = 0;
    end.kind = LOG_TOK_EOL;
    return end;
}

/* How a message shows a token. */
static void shown(const struct log_token *t, char *buf, size_t size)
{
    if (t->kind == LOG_TOK_EOL)
        snprintf(buf, size, "the end of the line");
    else
        snprintf(buf, size, "'%.*s'", (int)(t->n > 40 ? 40 : t->n), t->p);
}

/* "expected WHAT after 'KEYWORD', found X" at the cursor; returns -1. */
static int expected(struct parser *ps, const char *what)
{
    struct log_token t = at(ps);
    char f[64];
    shown(&t, f, sizeof f);
    error_at(ps, &t, KR_SYNTAX, "expected %s after '%s', found %s", what, keywords[ps->st->kind], f);
    return -1;
}

static bool word_is(const struct log_token *t, const char *w)
{
    return t->kind == LOG_TOK_WORD && strlen(w) == t->n && strncasecmp(t->p, w, t->n) == 0;
}

/* The word in lower case (at most size - 1 bytes). */
static void lower(const struct log_token *t, char *buf, size_t size)
{
    size_t n = t->n < size - 1 ? t->n : size - 1;
    for (size_t k = 0; k < n; k++)
        buf[k] = (char)(t->p[k] >= 'A' && t->p[k] <= 'Z' ? t->p[k] - 'A' + 'a' : t->p[k]);
    buf[n] = 0;
}

/* The closest of words[0..n) to token t within a small edit distance, or NULL. */
static const char *closest(const struct log_token *t, const char *const *words, int n)
{
    char w[40];
    if (t->kind != LOG_TOK_WORD || t->n >= sizeof w)
        return NULL;
    lower(t, w, sizeof w);
    const char *best = NULL;
    int best_d = strlen(w) <= 4 ? 2 : 3;
    for (int k = 0; k < n; k++) {
        if (!words[k])
            continue;
        int d = log_ids_distance(w, words[k]);
        if (d < best_d) {
            best_d = d;
            best = words[k];
        }
    }
    return best;
}

static void note_span(struct parser *ps, const struct log_token *t)
{
    struct klog_stmt *st = ps->st;
    int k = st->nspans < KLOG_MAX_SPANS ? st->nspans++ : KLOG_MAX_SPANS - 1;
    st->span[k] = (struct kspan){t->col, (int)t->n};
}

/* A number (any size the lexer reads). */
static int number(struct parser *ps, const char *what, int *out)
{
    struct log_token t = at(ps);
    if (t.kind != LOG_TOK_NUMBER || t.overflow)
        return expected(ps, what);
    note_span(ps, &t);
    *out = t.value;
    ps->i++;
    return 0;
}

/* A hex code A1..I5; a word that is no hex gets what is wrong with it. */
static int hex(struct parser *ps, const char *what, signed char *out)
{
    struct log_token t = at(ps);
    if (t.kind != LOG_TOK_WORD && t.kind != LOG_TOK_NUMBER)
        return expected(ps, what);
    int h = kmap_parse(t.p, t.n);
    if (h == KMAP_NO_HEX) {
        char f[64];
        shown(&t, f, sizeof f);
        int c = t.n >= 1 ? (t.p[0] | 0x20) - 'a' : -1;
        if (t.n == 2 && c >= 0 && c < KMAP_COLUMNS && t.p[1] >= '0' && t.p[1] <= '9')
            error_at(ps, &t, KR_UNKNOWN_WORD, "no hex %c%c on the map: column %c has rows 1 to %d",
                     (char)('A' + c), t.p[1], (char)('A' + c), kmap_column_height(c));
        else
            error_at(ps, &t, KR_UNKNOWN_WORD, "expected %s (a hex code from A1 to I5), found %s", what, f);
        return -1;
    }
    note_span(ps, &t);
    *out = (signed char)h;
    ps->i++;
    return 0;
}

/* One of words[0..n) (as their index), with a did-you-mean. */
static int one_of(struct parser *ps, const char *what, const char *const *words, int n, int *out)
{
    struct log_token t = at(ps);
    for (int k = 0; k < n; k++)
        if (words[k] && word_is(&t, words[k])) {
            note_span(ps, &t);
            *out = k;
            ps->i++;
            return 0;
        }
    const char *best = closest(&t, words, n);
    if (!best || t.kind == LOG_TOK_EOL)
        return expected(ps, what);
    char f[64];
    shown(&t, f, sizeof f);
    error_at(ps, &t, KR_UNKNOWN_WORD, "expected %s after '%s', found %s (did you mean %s?)", what,
             keywords[ps->st->kind], f, best);
    return -1;
}

static const char *const res_words[KRES_COUNT] = {"food", "ore", "work"};
static const char *const kind_words[KB_KINDS] = {"farm", "mine", "village", "monument"};

static int end_of_line(struct parser *ps)
{
    if (ps->i >= ps->n)
        return 0;
    return expected(ps, "the end of the line");
}

static void set_dec(struct klog_stmt *st, enum kdecision_kind kind)
{
    memset(&st->dec[st->ndec], 0, sizeof st->dec[0]);
    st->dec[st->ndec].kind = kind;
    st->ndec++;
}

/* Hexes up to the end of the line (at least min, at most max) into d. */
static int hexes(struct parser *ps, struct kdecision *d, int min, int max, const char *what)
{
    while (ps->i < ps->n) {
        if (d->nhex == max) {
            struct log_token t = at(ps);
            error_at(ps, &t, ps->st->kind == KL_RANGE ? KR_RANGE : KR_RIVER,
                     "a %s has at most %d hexes", keywords[ps->st->kind], max);
            return -1;
        }
        if (hex(ps, what, &d->hex[d->nhex]) != 0)
            return -1;
        d->nhex++;
    }
    if (d->nhex < min)
        return expected(ps, what);
    return 0;
}

static int parse_names(struct parser *ps)
{
    static const char *const keys[3] = {"ruler", "realm", "capital"};
    struct klog_stmt *st = ps->st;
    if (ps->i >= ps->n)
        return expected(ps, "ruler, realm or capital and a name");
    while (ps->i < ps->n) {
        int k;
        struct log_token key = at(ps);
        if (one_of(ps, "ruler, realm or capital", keys, 3, &k) != 0)
            return -1;
        if (st->names_mask >> k & 1u) {
            error_at(ps, &key, KR_HEADER, "%s is named twice on this line", keys[k]);
            return -1;
        }
        struct log_token t = at(ps);
        if (t.kind != LOG_TOK_STRING && t.kind != LOG_TOK_WORD)
            return expected(ps, "a name (in quotes when it has spaces)");
        char buf[KLOG_NAME_SIZE * 2];
        size_t n;
        if (t.kind == LOG_TOK_STRING) {
            if (t.n > sizeof buf) {
                error_at(ps, &t, KR_SYNTAX, "a name of at most %d bytes", KLOG_NAME_SIZE - 1);
                return -1;
            }
            n = log_lex_unquote(&t, buf);
        } else {
            n = t.n < sizeof buf ? t.n : sizeof buf;
            memcpy(buf, t.p, n);
        }
        if (n >= KLOG_NAME_SIZE) {
            error_at(ps, &t, KR_SYNTAX, "a name of at most %d bytes", KLOG_NAME_SIZE - 1);
            return -1;
        }
        note_span(ps, &t);
        ps->i++;
        st->names_mask |= 1u << k;
        if (!ps->log->names[k][0]) {
            memcpy(ps->log->names[k], buf, n);
            ps->log->names[k][n] = 0;
        }
    }
    return 0;
}

static int parse_check(struct parser *ps)
{
    struct klog_stmt *st = ps->st;
    if (ps->i >= ps->n)
        return expected(ps, "food, ore or work and its amount");
    while (ps->i < ps->n) {
        int r;
        struct log_token key = at(ps);
        if (one_of(ps, "food, ore or work", res_words, KRES_COUNT, &r) != 0)
            return -1;
        if (st->check_mask >> r & 1u) {
            error_at(ps, &key, KR_SYNTAX, "%s is checked twice on this line: give it once", res_words[r]);
            return -1;
        }
        if (number(ps, "an amount", &st->check[r]) != 0)
            return -1;
        st->check_mask |= 1u << r;
        st->check_order[st->ncheck++] = (signed char)r;
    }
    return 0;
}

static int parse_capital(struct parser *ps)
{
    struct kdecision *d = &ps->st->dec[0];
    set_dec(ps->st, KD_CAPITAL);
    while (ps->i < ps->n) {
        if (d->nres == 2) {
            struct log_token t = at(ps);
            error_at(ps, &t, KR_CAPITAL, "the capital gives at most 2 resources");
            return -1;
        }
        if (one_of(ps, "food, ore or work", res_words, KRES_COUNT, &d->res[d->nres]) != 0)
            return -1;
        d->nres++;
    }
    if (d->nres == 0)
        return expected(ps, "food, ore or work");
    return 0;
}

/* The arguments of a game statement into its decisions. */
static int parse_move(struct parser *ps)
{
    struct klog_stmt *st = ps->st;
    struct kdecision *d = &st->dec[0];
    switch (st->kind) {
    case KL_RANGE:
        set_dec(st, KD_RANGE_ROLL);
        set_dec(st, KD_RANGE);
        if (number(ps, "the region die", &d->a) || number(ps, "the size die", &d->b))
            return -1;
        return hexes(ps, &st->dec[1], 1, KRANGE_MAX, "the range's hexes");
    case KL_RIVER:
        set_dec(st, KD_RIVER);
        return hexes(ps, d, 1, KRIVER_MAX, "the river's hexes");
    case KL_SETUP: case KL_BUILD:
        set_dec(st, st->kind == KL_SETUP ? KD_SETUP : KD_BUILD);
        if (one_of(ps, st->kind == KL_SETUP ? "farm, mine or village" : "farm, mine, village or monument",
                   kind_words, st->kind == KL_SETUP ? KB_BUILDINGS : KB_KINDS, &d->what) ||
            hex(ps, "a hex", &d->hex[0]))
            return -1;
        d->nhex = 1;
        return end_of_line(ps);
    case KL_YEAR:
        set_dec(st, KD_YEAR);
        return number(ps, "the year", &d->a) ? -1 : end_of_line(ps);
    case KL_FATE: case KL_SIX:
        set_dec(st, st->kind == KL_FATE ? KD_FATE : KD_SIX);
        if (number(ps, st->kind == KL_FATE ? "two dice" : "two results", &d->a) ||
            number(ps, st->kind == KL_FATE ? "the second die" : "the second result", &d->b))
            return -1;
        return end_of_line(ps);
    case KL_REROLL:
        set_dec(st, KD_REROLL);
        set_dec(st, KD_REROLL_ROLL);
        if (number(ps, "the value of the die rerolled", &d->a) ||
            number(ps, "the new value", &st->dec[1].a))
            return -1;
        return end_of_line(ps);
    case KL_DISASTER: {
        set_dec(st, KD_DISASTER);
        struct log_token t = at(ps);
        if (word_is(&t, "none")) {
            note_span(ps, &t);
            ps->i++;
            return end_of_line(ps);
        }
        if (hex(ps, "the hex of the building lost, or none", &d->hex[0]))
            return -1;
        d->nhex = 1;
        return end_of_line(ps);
    }
    case KL_CAPITAL:
        return parse_capital(ps);
    case KL_TRADE:
        set_dec(st, KD_TRADE);
        if (number(ps, "how many (N: 2N work)", &d->a) ||
            one_of(ps, "food or ore", res_words, KRES_WORK, &d->what))
            return -1;
        return end_of_line(ps);
    case KL_STARVE:
        if (ps->i >= ps->n)
            return expected(ps, "the hexes of the buildings lost");
        while (ps->i < ps->n) {
            if (st->nvictims == KMAP_HEXES) {
                struct log_token t = at(ps);
                error_at(ps, &t, KR_STARVE, "a starve line names at most %d hexes, one per building", KMAP_HEXES);
                return -1;
            }
            if (hex(ps, "the hex of a building lost", &st->victims[st->nvictims++]))
                return -1;
        }
        return 0;
    default:
        return -1;
    }
}

static int parse_args(struct parser *ps)
{
    struct klog_stmt *st = ps->st;
    switch (st->kind) {
    case KL_HEADER:
        return number(ps, "the format version (kingdom 1)", &st->version) ? -1 : end_of_line(ps);
    case KL_NAMES:
        return parse_names(ps);
    case KL_CHECK:
        return parse_check(ps);
    case KL_RESULT: {
        static const char *const results[2] = {"loss", "win"};
        return one_of(ps, "win or loss", results, 2, &st->win) ? -1 : end_of_line(ps);
    }
    default:
        return parse_move(ps);
    }
}

/* The line's first word names the statement; an unknown one gets the closest keyword. */
static void statement(struct parser *ps)
{
    struct klog *log = ps->log;
    if (log->count == log->cap) {
        void *p = log->stmts;
        xgrow(&p, &log->cap, log->count + 1, sizeof *log->stmts);
        log->stmts = p;
    }
    struct klog_stmt *st = &log->stmts[log->count++];
    ps->st = st;
    st->kind = KL_INVALID;
    st->invalid = false;
    st->nspans = st->ndec = st->nvictims = 0;
    st->check_mask = st->names_mask = 0;
    st->ncheck = 0;
    const struct log_token *t = &ps->t[0];
    st->line = t->line;
    st->col = t->col;
    st->len = (int)t->n;
    st->end_col = ps->t[ps->n - 1].col + (int)ps->t[ps->n - 1].n;
    ps->i = 1;
    for (int k = KL_HEADER; k < KL_KIND_COUNT; k++)
        if (word_is(t, keywords[k]))
            st->kind = (enum klog_kind)k;
    if (st->kind == KL_INVALID) {
        char f[64];
        shown(t, f, sizeof f);
        const char *best = closest(t, keywords, KL_KIND_COUNT);
        if (best) {
            error_at(ps, t, KR_UNKNOWN_WORD, "expected a statement (range, river, setup, year, fate, ..., check or result), found %s (did you mean %s?)", f, best);
            /* Taken as that statement, unread: the audit then knows which step it stood for. */
            for (int k = KL_HEADER; k < KL_KIND_COUNT; k++)
                if (keywords[k] == best)
                    st->kind = (enum klog_kind)k;
            st->invalid = true;
        } else
            error_at(ps, t, KR_SYNTAX, "expected a statement (range, river, setup, year, fate, ..., check or result), found %s", f);
        return;
    }
    st->invalid = parse_args(ps) != 0;
}

void klog_parse(struct klog *log, const char *buf, size_t len, const char *file, struct diag_list *dl)
{
    log->count = 0;
    log->stopped = false;
    log->stop_line = 0;
    memset(log->names, 0, sizeof log->names);
    struct parser ps = {.log = log, .file = file, .dl = dl};
    struct log_lexer lx;
    log_lex_init(&lx, buf, len);
    bool bad_line = false;
    for (;;) {
        struct log_token t;
        log_lex_next(&lx, &t);
        if (t.kind == LOG_TOK_ERROR && !bad_line) {
            char why[160];
            error_at(&ps, &t, t.error == LOG_LEX_UNTERMINATED ? KR_SYNTAX : KR_ENCODING, "%s",
                     log_lex_error_text(&t, why, sizeof why));
            bad_line = true;
        } else if (t.kind == LOG_TOK_WORD || t.kind == LOG_TOK_NUMBER || t.kind == LOG_TOK_STRING) {
            if (ps.n < LINE_TOKENS)
                ps.t[ps.n] = t;
            else if (ps.n == LINE_TOKENS && !bad_line) {
                error_at(&ps, &t, KR_SYNTAX, "a line of more than %d words", LINE_TOKENS);
                bad_line = true;
            }
            ps.n++;
        }
        if (t.kind != LOG_TOK_EOL && t.kind != LOG_TOK_EOF)
            continue;
        if (ps.n > 0 && !bad_line && !log->stopped)
            statement(&ps);
        ps.n = 0;
        bad_line = false;
        if (t.kind == LOG_TOK_EOF || log->stopped)
            break;
    }
}

void klog_free(struct klog *log)
{
    free(log->stmts);
    memset(log, 0, sizeof *log);
}

bool klog_is_kingdom(const char *buf, size_t len)
{
    const char *w;
    size_t n = log_first_keyword(buf, len, &w);
    return n == 7 && strncasecmp(w, "kingdom", 7) == 0;
}

const char *klog_keyword(enum klog_kind k)
{
    return k > KL_INVALID && k < KL_KIND_COUNT ? keywords[k] : NULL;
}

enum klog_kind klog_keyword_kind(const char *word, size_t len)
{
    for (int k = KL_HEADER; k < KL_KIND_COUNT; k++)
        if (strlen(keywords[k]) == len && strncasecmp(word, keywords[k], len) == 0)
            return (enum klog_kind)k;
    return KL_INVALID;
}
