/* The recorder's session: checking a typed line with the audit's parser and replay, writing
 * it durably, holding header lines until their partner comes, undo. */
#include "record/session.h"
#include <stdlib.h>
#include <string.h>
#include "record/shortform.h"
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/parse.h"
#include "rules/event_setup.h"

/* The replay of a log text, and what it awaits. */
struct replayed {
    struct diag_list dl;
    struct log_ast *ast;
    struct log_replay *replay;
};

static void replay_text(const struct gamedata *gd, const char *name, const char *text, size_t len,
                        struct replayed *out)
{
    memset(out, 0, sizeof *out);
    out->ast = log_parse(text, len, name, &out->dl);
    out->replay = log_replay_run(gd, out->ast, NULL, &out->dl);
}

static void replayed_free(struct replayed *x)
{
    log_replay_free(x->replay);
    log_free(x->ast);
    diag_list_free(&x->dl);
}

/* Makes x the session's replay (the old one is freed). */
static void adopt(struct record_session *s, struct replayed *x)
{
    log_replay_free(s->replay);
    log_free(s->ast);
    diag_list_free(&s->dl);
    s->dl = x->dl;
    s->ast = x->ast;
    s->replay = x->replay;
    log_await(s->replay, &s->await);
}

static void replay_session(struct record_session *s)
{
    struct strbuf all = STRBUF_INIT;
    strbuf_append(&all, s->text.data ? s->text.data : "", s->text.len);
    struct replayed x;
    replay_text(s->gd, s->path, strbuf_cstr(&all), all.len, &x);
    adopt(s, &x);
    strbuf_free(&all);
}

const struct game_state *record_session_state(const struct record_session *s)
{
    return log_await_state(s->replay, &s->await);
}

/* Whether a log that has not reached round 1 is a header on its way: with stand-ins for
 * what it still lacks (a players line, a solo line, events drawn from seed 0 for its
 * difficulty), it replays with no error. */
static int header_on_its_way(const struct gamedata *gd, const char *text, size_t len)
{
    struct replayed x;
    replay_text(gd, "", text, len, &x);
    const struct log_stmt *players = NULL, *difficulty = NULL, *solo = NULL, *events = NULL;
    for (size_t i = 0; i < x.ast->count; i++) {
        const struct log_stmt *st = &x.ast->stmts[i];
        if (st->kind == LOG_PLAYERS) players = st;
        if (st->kind == LOG_DIFFICULTY) difficulty = st;
        if (st->kind == LOG_SOLO) solo = st;
        if (st->kind == LOG_EVENTS) events = st;
    }
    int ok = x.dl.errors == 0;
    if (!ok && !log_game_started(x.ast)) {
        struct strbuf probe = STRBUF_INIT, ignored = STRBUF_INIT;
        strbuf_append(&probe, text, len);
        if (len && text[len - 1] != '\n')
            strbuf_putc(&probe, '\n');
        if (!players)
            strbuf_puts(&probe, "players \"(first player)\" \"(second player)\"\n");
        else if (players->players.count == 1 && !solo)
            strbuf_puts(&probe, "solo " LOG_ID_ARCADE "\n");
        int d = difficulty ? gamedata_difficulty(gd, difficulty->difficulty.norm, strlen(difficulty->difficulty.norm))
                           : gd->default_difficulty;
        if (!events && d >= 0 && event_setup_free_rounds(gd, d) > 0 &&
            record_shortform_seeded_events(gd, d, 0, &probe, &ignored, &ignored) == 0)
            strbuf_putc(&probe, '\n');
        struct replayed y;
        replay_text(gd, "", probe.data, probe.len, &y);
        ok = y.dl.errors == 0;
        replayed_free(&y);
        strbuf_free(&probe);
        strbuf_free(&ignored);
    }
    replayed_free(&x);
    return ok;
}

int record_session_open(struct record_session *s, const struct gamedata *gd, const char *path,
                      struct strbuf *err)
{
    memset(s, 0, sizeof *s);
    s->gd = gd;
    s->path = xstrdup(path);
    int rc = record_gamefile_open(&s->file, path, &s->text, err);
    replay_session(s);
    if (rc != 0)
        return rc;
    if (s->dl.errors > 0 && !header_on_its_way(gd, strbuf_cstr(&s->text), s->text.len)) {
        for (size_t i = 0; i < s->dl.count; i++)
            diag_format(err, &s->dl.items[i], s->text.data, s->text.len);
        return 1;
    }
    return 0;
}

void record_session_free(struct record_session *s)
{
    log_replay_free(s->replay);
    log_free(s->ast);
    diag_list_free(&s->dl);
    strbuf_free(&s->text);
    record_gamefile_close(&s->file);
    free(s->path);
    memset(s, 0, sizeof *s);
}

void record_result_free(struct record_result *res)
{
    strbuf_free(&res->written);
    strbuf_free(&res->message);
}

/* The kind of a single statement (LOG_INVALID when it does not parse). */
static enum log_kind statement_kind(const char *stmt)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(stmt, strlen(stmt), "", &dl);
    enum log_kind k = ast->count ? ast->stmts[0].kind : LOG_INVALID;
    if (k == LOG_INVALID && ast->count)
        k = ast->stmts[0].invalid.attempted;
    log_free(ast);
    diag_list_free(&dl);
    return k;
}

/* The statement as a line of FILE: turn bodies indented, a blank line before each round. */
static void format_line(const struct record_session *s, const char *stmt, const char *comment,
                        struct strbuf *out)
{
    enum log_kind k = statement_kind(stmt);
    if (s->text.len && s->text.data[s->text.len - 1] != '\n')
        strbuf_putc(out, '\n');
    if (k == LOG_ROUND && s->text.len > 0)
        strbuf_putc(out, '\n');
    if (k == LOG_SPEND || k == LOG_SHERIFF || k == LOG_COURT || k == LOG_COURT_REROLL ||
        k == LOG_SPLIT || k == LOG_MARKET)
        strbuf_puts(out, "  ");
    strbuf_puts(out, stmt);
    if (comment && *comment)
        strbuf_printf(out, "  # %s", comment);
    strbuf_putc(out, '\n');
}

/* text + line, replayed. */
static void replay_with(const struct record_session *s, const char *line, struct replayed *x,
                        struct strbuf *all)
{
    strbuf_append(all, strbuf_cstr(&s->text), s->text.len);
    strbuf_puts(all, line);
    replay_text(s->gd, s->path, all->data, all->len, x);
}

/* The diagnostics of a candidate that concern the new line: every error (the log before it
 * had none) and the mismatches from line `from` on. */
static void new_findings(const struct replayed *x, const struct strbuf *all, int from, struct strbuf *out)
{
    for (size_t i = 0; i < x->dl.count; i++) {
        const struct diag *d = &x->dl.items[i];
        if (d->level == DIAG_ERROR || d->pos.line >= from)
            diag_format(out, d, all->data, all->len);
    }
}

static int count_lines(const char *text, size_t len)
{
    int n = 1;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n;
}

/* Checks a statement (already expanded) and writes it, or refuses it. */
static void submit_statement(struct record_session *s, const char *stmt, const char *comment,
                             struct record_result *res)
{
    struct strbuf line = STRBUF_INIT, all = STRBUF_INIT;
    format_line(s, stmt, comment, &line);
    int first_line = count_lines(strbuf_cstr(&s->text), s->text.len);
    struct replayed x;
    replay_with(s, line.data, &x, &all);
    if (x.dl.errors > 0 && !header_on_its_way(s->gd, all.data, all.len)) {
        res->outcome = RECORD_REFUSED;
        new_findings(&x, &all, first_line, &res->message);
        replayed_free(&x);
        strbuf_free(&line);
        strbuf_free(&all);
        return;
    }
    struct strbuf err = STRBUF_INIT;
    if (record_gamefile_append(&s->file, line.data, line.len, &err) != 0) {
        res->outcome = RECORD_WRITE_FAILED;
        strbuf_printf(&res->message, "%s\n", strbuf_cstr(&err));
        replayed_free(&x);
    } else {
        res->outcome = RECORD_ACCEPTED;
        strbuf_append(&res->written, line.data, line.len);
        strbuf_append(&s->text, line.data, line.len);
        if (x.dl.errors == 0)
            new_findings(&x, &all, first_line, &res->message);
        adopt(s, &x);
    }
    strbuf_free(&err);
    strbuf_free(&line);
    strbuf_free(&all);
    /* --seed gives a difficulty's events at once. */
    if (res->outcome == RECORD_ACCEPTED && s->has_seed && record_header_step(s) == RECORD_STEP_EVENTS) {
        const struct log_stmt *st = &s->ast->stmts[s->ast->count - 1];
        if (st->kind != LOG_DIFFICULTY)
            return;
        int d = gamedata_difficulty(s->gd, st->difficulty.norm, strlen(st->difficulty.norm));
        struct strbuf ev = STRBUF_INIT, why = STRBUF_INIT, ignored = STRBUF_INIT;
        if (record_shortform_seeded_events(s->gd, d, s->seed, &ev, &why, &ignored) == 0) {
            struct record_result more;
            memset(&more, 0, sizeof more);
            submit_statement(s, ev.data, why.data, &more);
            res->outcome = more.outcome;
            strbuf_puts(&res->written, strbuf_cstr(&more.written));
            strbuf_puts(&res->message, strbuf_cstr(&more.message));
            record_result_free(&more);
        }
        strbuf_free(&ev);
        strbuf_free(&why);
        strbuf_free(&ignored);
    }
}

/* Whether the log's parser takes line at the end of FILE (a comment holds no control
 * character and only UTF-8, or FILE could no longer be read); if not, its errors go to out. */
static int parser_takes(const struct record_session *s, const struct strbuf *line, struct strbuf *out)
{
    struct strbuf all = STRBUF_INIT;
    strbuf_append(&all, strbuf_cstr(&s->text), s->text.len);
    strbuf_append(&all, line->data, line->len);
    struct diag_list dl = DIAG_LIST_INIT;
    log_free(log_parse(all.data, all.len, s->path, &dl));
    int first = count_lines(strbuf_cstr(&s->text), s->text.len);
    int ok = 1;
    for (size_t i = 0; i < dl.count; i++)
        if (dl.items[i].level == DIAG_ERROR && dl.items[i].pos.line >= first) {
            diag_format(out, &dl.items[i], all.data, all.len);
            ok = 0;
        }
    diag_list_free(&dl);
    strbuf_free(&all);
    return ok;
}

/* Writes a comment line (its text without the #), once the log's parser takes it. */
static void submit_comment(struct record_session *s, const char *comment, struct record_result *res)
{
    struct strbuf line = STRBUF_INIT, err = STRBUF_INIT;
    if (s->text.len && s->text.data[s->text.len - 1] != '\n')
        strbuf_putc(&line, '\n');
    strbuf_printf(&line, "# %s\n", comment);
    if (!parser_takes(s, &line, &res->message)) {
        res->outcome = RECORD_REFUSED;
    } else if (record_gamefile_append(&s->file, line.data, line.len, &err) != 0) {
        res->outcome = RECORD_WRITE_FAILED;
        strbuf_printf(&res->message, "%s\n", strbuf_cstr(&err));
    } else {
        res->outcome = RECORD_ACCEPTED;
        strbuf_append(&res->written, line.data, line.len);
        strbuf_append(&s->text, line.data, line.len);
        replay_session(s);      /* the same game, its lines numbered anew */
    }
    strbuf_free(&line);
    strbuf_free(&err);
}

void record_session_submit(struct record_session *s, const char *typed, struct record_result *res)
{
    memset(res, 0, sizeof *res);
    /* The statement ends at a # outside quotes: the comment after it is kept. */
    size_t len = 0;
    int quoted = 0;
    for (; typed[len] && typed[len] != '\n' && typed[len] != '\r'; len++) {
        if (quoted && typed[len] == '\\' && typed[len + 1] && typed[len + 1] != '\n')
            len++;
        else if (typed[len] == '"')
            quoted = !quoted;
        else if (typed[len] == '#' && !quoted)
            break;
    }
    struct strbuf stmt = STRBUF_INIT, comment = STRBUF_INIT, mine = STRBUF_INIT;
    if (typed[len] == '#') {
        const char *c = typed + len + 1;
        size_t n = strcspn(c, "\r\n");
        while (n > 0 && (c[n - 1] == ' ' || c[n - 1] == '\t'))
            n--;
        c += strspn(c, " \t");
        if (n > (size_t)(c - (typed + len + 1)))
            strbuf_append(&mine, c, n - (size_t)(c - (typed + len + 1)));
    }
    while (len > 0 && (typed[len - 1] == ' ' || typed[len - 1] == '\t'))
        len--;
    size_t start = strspn(typed, " \t");
    if (start >= len) {
        /* A comment alone is the table's note: written as a line of its own. */
        if (mine.len)
            submit_comment(s, mine.data, res);
        else
            res->outcome = RECORD_EMPTY;
        strbuf_free(&mine);
        return;
    }
    char *t = xmalloc(len - start + 1);
    memcpy(t, typed + start, len - start);
    t[len - start] = 0;
    if (record_shortform_expand(s, t, &stmt, &comment, &res->message) != 0) {
        res->outcome = RECORD_REFUSED;
    } else {
        if (mine.len)
            strbuf_printf(&comment, "%s%s", comment.len ? "; " : "", mine.data);
        submit_statement(s, strbuf_cstr(&stmt), strbuf_cstr(&comment), res);
    }
    strbuf_free(&stmt);
    strbuf_free(&comment);
    strbuf_free(&mine);
    free(t);
}

/* The offset where the line holding the last statement of text starts, or -1 when text has
 * no statement. */
static long last_statement_start(const struct record_session *s, const char *text, size_t len)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(text, len, s->path, &dl);
    long at = -1;
    if (ast->count) {
        int line = ast->stmts[ast->count - 1].at.line, n = 1;
        size_t i = 0;
        while (i < len && n < line)
            n += text[i++] == '\n';
        at = (long)i;
    }
    log_free(ast);
    diag_list_free(&dl);
    return at;
}

int record_session_undo(struct record_session *s, struct strbuf *undone, struct strbuf *err)
{
    const char *text = strbuf_cstr(&s->text);
    long at = last_statement_start(s, text, s->text.len);
    if (at < 0 && s->text.len == 0)
        return 0;
    if (at < 0)
        at = 0;     /* comments alone */
    size_t keep = (size_t)at;
    while (keep > 0 && text[keep - 1] == '\n' && (keep == 1 || text[keep - 2] == '\n'))
        keep--;     /* the blank line before a round line */
    if (record_gamefile_cut(&s->file, keep, err) != 0)
        return -1;
    strbuf_append(undone, text + at, s->text.len - (size_t)at);
    s->text.len = keep;
    s->text.data[keep] = 0;
    replay_session(s);
    return 0;
}
