/* The kingdom's game-data loader: the statements of templates/kingdom.rules into struct kdata,
 * read through the move log's lexer (one statement a line, `#` comments). */
#include "kingdom/data.h"
#include "core/embedded.h"
#include "core/readfile.h"
#include "core/xalloc.h"
#include "kingdom/rule_ids.h"
#include "log/lex.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define KDATA_MAX_TOKENS 24
#define KDATA_MAX_ERRORS 50

static const char *const res_names[KRES_COUNT] = {"food", "ore", "work"};
static const char *const building_names[KB_KINDS] = {"farm", "mine", "village", "monument"};
static const char *const effect_names[KEFF_COUNT] = {"reroll", "capital", "win"};

/* The statements, each given once (building and stage once per kind and stage). */
enum kstmt { S_GAME, S_START, S_YEARS, S_GRAVES, S_PENALTY, S_FEED, S_TRADE, S_CAPITAL,
             S_HARD, S_BONUS, S_COUNT };
static const char *const stmt_words[S_COUNT] = {
    "game", "start", "year-limit", "graveyard-limit", "graveyard-penalty", "feed", "trade",
    "capital", "hard-times", "bonus-min",
};
static const char *const stmt_forms[S_COUNT] = {
    "game \"NAME\"", "start food N ore N work N", "year-limit N", "graveyard-limit N",
    "graveyard-penalty N", "feed N", "trade N", "capital N more N", "hard-times N", "bonus-min N",
};

const char *kres_name(int r) { return r >= 0 && r < KRES_COUNT ? res_names[r] : "?"; }
const char *kbuilding_name(int b) { return b >= 0 && b < KB_KINDS ? building_names[b] : "?"; }
const char *keffect_name(int e) { return e >= 0 && e < KEFF_COUNT ? effect_names[e] : "?"; }

static int find(const char *const *names, int n, const char *word, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && strncasecmp(names[i], word, len) == 0)
            return i;
    return -1;
}

static int kres_find(const char *word, size_t len) { return find(res_names, KRES_COUNT, word, len); }
static int kbuilding_find(const char *word, size_t len) { return find(building_names, KB_KINDS, word, len); }

/* The loader's place in the file. */
struct loader {
    struct kdata *d;
    const char *file;
    struct diag_list *dl;
    int errors;
    struct log_token t[KDATA_MAX_TOKENS];
    int n, i;                       /* the statement's tokens, the next one */
    int line_seen[S_COUNT];         /* where each statement was given (0: not) */
    int building_seen[KB_BUILDINGS], stage_seen[KSTAGES];
};

static void err_at(struct loader *ld, const struct log_token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void err_at(struct loader *ld, const struct log_token *t, const char *fmt, ...)
{
    if (++ld->errors > KDATA_MAX_ERRORS)
        return;
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    struct srcpos pos = {t ? t->line : 0, t ? t->col : 0};
    diag_add(ld->dl, DIAG_ERROR, ld->file, pos, t ? (int)t->n : 0, krule_text(KR_DATA), "%s", msg);
}

static const struct log_token *peek(struct loader *ld)
{
    return ld->i < ld->n ? &ld->t[ld->i] : NULL;
}

static bool tok_is(const struct log_token *t, const char *word)
{
    return t && t->kind == LOG_TOK_WORD && strlen(word) == t->n && strncasecmp(t->p, word, t->n) == 0;
}

/* Reports what was expected where the cursor stands (after the last token at the end). */
static void expected(struct loader *ld, const char *what)
{
    const struct log_token *t = peek(ld);
    if (t)
        err_at(ld, t, "expected %s, found '%.*s'", what, (int)(t->n > 40 ? 40 : t->n), t->p);
    else
        err_at(ld, &ld->t[ld->n - 1], "expected %s after '%.*s'", what,
               (int)(ld->t[ld->n - 1].n > 40 ? 40 : ld->t[ld->n - 1].n), ld->t[ld->n - 1].p);
}

/* A number from lo to hi into *out; 0, or -1 after reporting. */
static int want_number(struct loader *ld, const char *what, int lo, int hi, int *out)
{
    const struct log_token *t = peek(ld);
    if (!t || t->kind != LOG_TOK_NUMBER) {
        expected(ld, what);
        return -1;
    }
    ld->i++;
    if (t->overflow || t->value < lo || t->value > hi) {
        err_at(ld, t, "%s must be from %d to %d, found %.*s", what, lo, hi, (int)(t->n > 20 ? 20 : t->n), t->p);
        return -1;
    }
    *out = t->value;
    return 0;
}

static int want_word(struct loader *ld, const char *word)
{
    if (tok_is(peek(ld), word)) {
        ld->i++;
        return 0;
    }
    char what[40];
    snprintf(what, sizeof what, "'%s'", word);
    expected(ld, what);
    return -1;
}

/* `food N ore N work N` in any order, each at most once (absent ones stay 0); at least one
 * when need_one. Stops at a word that is no resource. */
static int want_amounts(struct loader *ld, int out[KRES_COUNT], bool need_one)
{
    bool seen[KRES_COUNT] = {false};
    int count = 0;
    for (const struct log_token *t; (t = peek(ld)) && t->kind == LOG_TOK_WORD;) {
        int r = kres_find(t->p, t->n);
        if (r < 0)
            break;
        if (seen[r]) {
            err_at(ld, t, "%s is given twice: give each resource once", res_names[r]);
            return -1;
        }
        seen[r] = true;
        ld->i++;
        if (want_number(ld, "an amount", 0, 1000, &out[r]) != 0)
            return -1;
        count++;
    }
    if (need_one && count == 0) {
        expected(ld, "a resource (food, ore or work) and its amount");
        return -1;
    }
    return 0;
}

static int end_of_statement(struct loader *ld)
{
    if (ld->i < ld->n) {
        expected(ld, "the end of the statement");
        return -1;
    }
    return 0;
}

static int parse_building(struct loader *ld)
{
    const struct log_token *t = peek(ld);
    int b = t && t->kind == LOG_TOK_WORD ? kbuilding_find(t->p, t->n) : -1;
    if (b < 0 || b == KB_MONUMENT) {
        expected(ld, "farm, mine or village");
        return -1;
    }
    if (ld->building_seen[b]) {
        err_at(ld, t, "building %s is given twice (first on line %d): give it once", building_names[b],
               ld->building_seen[b]);
        return -1;
    }
    ld->building_seen[b] = t->line;
    ld->i++;
    struct kdata *d = ld->d;
    if (want_word(ld, "cost") || want_amounts(ld, d->cost[b], true) || want_word(ld, "yield") ||
        want_number(ld, "a yield", 0, 100, &d->yield[b]) || want_word(ld, "best") ||
        want_number(ld, "the better yield", 0, 100, &d->yield_best[b]))
        return -1;
    return end_of_statement(ld);
}

static int parse_stage(struct loader *ld)
{
    int k;
    const struct log_token *at = peek(ld);
    if (want_number(ld, "a stage", 1, KSTAGES, &k) != 0)
        return -1;
    if (ld->stage_seen[k - 1]) {
        err_at(ld, at, "stage %d is given twice (first on line %d): give it once", k, ld->stage_seen[k - 1]);
        return -1;
    }
    ld->stage_seen[k - 1] = at->line;
    struct kdata *d = ld->d;
    if (want_word(ld, "cost") || want_amounts(ld, d->stage_cost[k - 1], true) || want_word(ld, "gives"))
        return -1;
    const struct log_token *t = peek(ld);
    int e = t && t->kind == LOG_TOK_WORD ? find(effect_names, KEFF_COUNT, t->p, t->n) : -1;
    if (e < 0) {
        expected(ld, "what the stage allows: reroll, capital or win");
        return -1;
    }
    ld->i++;
    d->stage_effect[k - 1] = e;
    return end_of_statement(ld);
}

static int parse_setting(struct loader *ld, int s)
{
    struct kdata *d = ld->d;
    const struct log_token *t;
    switch (s) {
    case S_GAME:
        t = peek(ld);
        if (!t || t->kind != LOG_TOK_STRING) {
            expected(ld, "the game's name in quotes");
            return -1;
        }
        ld->i++;
        free(d->title);
        d->title = xmalloc(t->n + 1);
        d->title[log_lex_unquote(t, d->title)] = 0;
        break;
    case S_START: if (want_amounts(ld, d->start, true)) return -1; break;
    case S_YEARS: if (want_number(ld, "the year limit", 1, 99, &d->year_limit)) return -1; break;
    case S_GRAVES: if (want_number(ld, "the graveyard limit", 1, 61, &d->graveyard_limit)) return -1; break;
    case S_PENALTY: if (want_number(ld, "the penalty", 0, 100, &d->graveyard_penalty)) return -1; break;
    case S_FEED: if (want_number(ld, "the food per building", 0, 100, &d->feed)) return -1; break;
    case S_TRADE: if (want_number(ld, "the work per trade", 1, 100, &d->trade_work)) return -1; break;
    case S_CAPITAL:
        if (want_number(ld, "the capital's picks", 1, 2, &d->capital_picks) || want_word(ld, "more") ||
            want_number(ld, "the capital's picks with its stage", 1, 2, &d->capital_picks_more))
            return -1;
        break;
    case S_HARD: if (want_number(ld, "the hard times' loss", 0, 100, &d->hard_times)) return -1; break;
    case S_BONUS: if (want_number(ld, "the smallest bonus", 0, 100, &d->bonus_min)) return -1; break;
    }
    return end_of_statement(ld);
}

/* One statement (ld->t[0..n)). */
static void parse_statement(struct loader *ld)
{
    const struct log_token *t = &ld->t[0];
    ld->i = 1;
    if (tok_is(t, "building")) {
        parse_building(ld);
        return;
    }
    if (tok_is(t, "stage")) {
        parse_stage(ld);
        return;
    }
    int s = t->kind == LOG_TOK_WORD ? find(stmt_words, S_COUNT, t->p, t->n) : -1;
    if (s < 0) {
        err_at(ld, t, "unknown statement '%.*s' (the statements are game, start, year-limit, "
               "graveyard-limit, building, graveyard-penalty, feed, trade, capital, hard-times, "
               "bonus-min and stage)", (int)(t->n > 40 ? 40 : t->n), t->p);
        return;
    }
    if (ld->line_seen[s]) {
        err_at(ld, t, "'%s' is given twice (first on line %d): give it once", stmt_words[s], ld->line_seen[s]);
        return;
    }
    ld->line_seen[s] = t->line;
    parse_setting(ld, s);
}

/* What every file must hold, and what must hold together. */
static void check_complete(struct loader *ld)
{
    for (int s = 0; s < S_COUNT; s++)
        if (!ld->line_seen[s])
            err_at(ld, NULL, "the statement '%s' is missing", stmt_forms[s]);
    for (int b = 0; b < KB_BUILDINGS; b++)
        if (!ld->building_seen[b])
            err_at(ld, NULL, "the statement 'building %s cost ... yield N best N' is missing", building_names[b]);
    bool given[KEFF_COUNT] = {false};
    for (int k = 0; k < KSTAGES; k++) {
        if (!ld->stage_seen[k]) {
            err_at(ld, NULL, "the statement 'stage %d cost ... gives EFFECT' is missing", k + 1);
            continue;
        }
        int e = ld->d->stage_effect[k];
        if (given[e])
            err_at(ld, NULL, "two stages give %s: each of reroll, capital and win once", effect_names[e]);
        given[e] = true;
        ld->d->effect_stage[e] = k + 1;
    }
}

int kdata_load(struct kdata *d, const char *name, const char *buf, size_t len, struct diag_list *dl)
{
    memset(d, 0, sizeof *d);
    struct loader ld = {.d = d, .file = name, .dl = dl};
    struct log_lexer lx;
    log_lex_init(&lx, buf, len);
    for (;;) {
        struct log_token t;
        log_lex_next(&lx, &t);
        if (t.kind == LOG_TOK_ERROR) {
            char why[128];
            err_at(&ld, &t, "%s", log_lex_error_text(&t, why, sizeof why));
            continue;
        }
        if (t.kind == LOG_TOK_WORD || t.kind == LOG_TOK_NUMBER || t.kind == LOG_TOK_STRING) {
            if (ld.n < KDATA_MAX_TOKENS)
                ld.t[ld.n] = t;
            else if (ld.n == KDATA_MAX_TOKENS)
                err_at(&ld, &t, "a statement of more than %d words", KDATA_MAX_TOKENS);
            ld.n++;
            continue;
        }
        if (t.kind == LOG_TOK_COMMA)
            continue;
        if (ld.n > 0 && ld.n <= KDATA_MAX_TOKENS)
            parse_statement(&ld);
        ld.n = 0;
        if (t.kind == LOG_TOK_EOF)
            break;
    }
    check_complete(&ld);
    if (ld.errors) {
        kdata_free(d);
        return -1;
    }
    d->source = xstrdup(name);
    return 0;
}

int kdata_load_default(struct kdata *d, struct diag_list *dl)
{
    const struct embedded_file *f = embedded_find("kingdom.rules");
    if (!f) {
        memset(d, 0, sizeof *d);
        diag_add(dl, DIAG_ERROR, "kingdom.rules", (struct srcpos){0, 0}, 0, krule_text(KR_DATA),
                 "the kingdom's game data is not built into this program");
        return -1;
    }
    return kdata_load(d, "kingdom.rules", (const char *)f->data, f->size, dl);
}

int kdata_load_file(struct kdata *d, const char *path, struct diag_list *dl)
{
    char *data;
    size_t len;
    struct strbuf err = STRBUF_INIT;
    memset(d, 0, sizeof *d);
    if (readfile(path, 1u << 20, &data, &len, &err) != 0) {
        diag_add(dl, DIAG_ERROR, path, (struct srcpos){0, 0}, 0, krule_text(KR_DATA), "%s", strbuf_cstr(&err));
        strbuf_free(&err);
        return -1;
    }
    int rc = kdata_load(d, path, data, len, dl);
    free(data);
    return rc;
}

void kdata_free(struct kdata *d)
{
    free(d->source);
    free(d->title);
    memset(d, 0, sizeof *d);
}
