/* The recorder's session: checking a typed line with the audit's parser and the live replay,
 * writing it durably in full, saying what the rules did, holding header lines until their
 * partner comes, undo. */
#include "record/session.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/narrate.h"
#include "record/shortform.h"
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/parse.h"
#include "audit/report.h"
#include "log/write.h"
#include "rules/event_setup.h"

/* The replay of a log text (a header on its way is checked this way). */
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

/* What the live replay shows now, and what it awaits. */
static void refresh(struct record_session *s)
{
    s->replay = log_live_replay(s->live);
    log_await(s->replay, &s->await);
}

static int count_newlines(const char *text, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n;
}

/* A live replay of the whole of text; the parser's diagnostics into dl. */
static void replay_session(struct record_session *s, struct diag_list *dl)
{
    log_live_free(s->live);
    s->live = log_live_new(s->gd, s->path);
    const char *text = strbuf_cstr(&s->text);
    log_live_feed(s->live, log_parse(text, s->text.len, s->path, dl));
    s->lines = count_newlines(text, s->text.len);
    refresh(s);
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
    struct diag_list parsed = DIAG_LIST_INIT;
    int rc = record_gamefile_open(&s->file, path, &s->text, err);
    replay_session(s, &parsed);
    if (rc != 0) {
        diag_list_free(&parsed);
        return rc;
    }
    const struct diag_list *dl = log_live_diags(s->live);
    int bad = (parsed.errors > 0 || dl->errors > 0) &&
              (record_session_started(s) || !header_on_its_way(gd, strbuf_cstr(&s->text), s->text.len));
    if (bad) {
        /* The audit's diagnostics, in the audit's order: the parser's, then the replay's. */
        struct replayed x;
        replay_text(gd, path, strbuf_cstr(&s->text), s->text.len, &x);
        size_t *order = log_report_order(&x.dl);
        for (size_t n = 0; n < x.dl.count; n++)
            diag_format(err, &x.dl.items[order[n]], s->text.data, s->text.len);
        free(order);
        replayed_free(&x);
    }
    diag_list_free(&parsed);
    return bad ? 1 : 0;
}

void record_session_free(struct record_session *s)
{
    log_live_free(s->live);
    strbuf_free(&s->text);
    record_gamefile_close(&s->file);
    free(s->path);
    memset(s, 0, sizeof *s);
}

void record_result_free(struct record_result *res)
{
    strbuf_free(&res->written);
    strbuf_free(&res->message);
    strbuf_free(&res->narration);
    strbuf_free(&res->warnings);
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
    if (log_kind_is_turn_body(k))
        strbuf_puts(out, "  ");
    strbuf_puts(out, stmt);
    if (comment && *comment)
        strbuf_printf(out, "  # %s", comment);
    strbuf_putc(out, '\n');
}

/* The diagnostics of the live replay from d0 on, formatted against FILE's text and `line`
 * after it (a refusal is rare: the text is copied once to show its lines). */
static void findings(const struct record_session *s, const struct diag_list *dl, size_t d0, const char *line,
                     struct strbuf *out)
{
    struct strbuf all = STRBUF_INIT;
    strbuf_append(&all, strbuf_cstr(&s->text), s->text.len);
    strbuf_puts(&all, line);
    for (size_t i = d0; i < dl->count; i++)
        diag_format(out, &dl->items[i], all.data, all.len);
    strbuf_free(&all);
}

/* The statement in full, as the audit reads it back: a move written from the move the
 * replay applied (canonical ids, no aliases), a turn from the state; otherwise the words as
 * typed, one space apart. */
static void canonical(const struct record_session *s, const struct log_stmt *st, const char *typed,
                      struct strbuf *out)
{
    const struct log_replay *r = s->replay;
    if (log_kind_is_turn_body(st->kind) && r->last_move_line == st->at.line) {
        log_write_move_text(s->gd, &r->last_move, out);
        return;
    }
    if (st->kind == LOG_TURN && r->state.turn.player >= 0 && r->open_turn_line == st->at.line) {
        log_write_turn(&r->state, r->state.turn.player, st->turn.dice[0].value, st->turn.dice[1].value, out);
        if (out->len && out->data[out->len - 1] == '\n')
            out->data[--out->len] = 0;
        return;
    }
    /* Blanks outside quotes become one space. */
    int quoted = 0, blank = 0;
    for (const char *c = typed; *c; c++) {
        if (quoted && *c == '\\' && c[1]) {
            strbuf_putc(out, *c++);
            strbuf_putc(out, *c);
            continue;
        }
        if (*c == '"')
            quoted = !quoted;
        if (!quoted && (*c == ' ' || *c == '\t')) {
            blank = 1;
            continue;
        }
        if (blank && out->len)
            strbuf_putc(out, ' ');
        blank = 0;
        strbuf_putc(out, *c);
    }
}

/* Parses `line` (FILE's next lines) and feeds it to the live replay. Returns the number of
 * statements fed (0 when it has a syntax error: then its diagnostics are in `syntax`). */
static size_t feed_line(struct record_session *s, const char *line, struct diag_list *syntax)
{
    struct log_ast *ast = log_parse_from(line, strlen(line), s->path, s->lines + 1, syntax);
    if (syntax->errors > 0 || ast->count == 0) {
        log_free(ast);
        return 0;
    }
    size_t n = log_live_feed(s->live, ast);
    refresh(s);
    return n;
}

static void take_back(struct record_session *s, size_t n)
{
    while (n-- > 0)
        log_live_take_back(s->live);
    refresh(s);
}

/* Whether the live replay must refuse what was just fed: a log the recorder continues has
 * no error once the game has started; before, a header on its way may lack lines. */
static int refused(const struct record_session *s, const char *line)
{
    if (log_live_diags(s->live)->errors == 0)
        return 0;
    if (record_session_started(s))
        return 1;
    struct strbuf all = STRBUF_INIT;
    strbuf_append(&all, strbuf_cstr(&s->text), s->text.len);
    strbuf_puts(&all, line);
    int on_its_way = header_on_its_way(s->gd, all.data, all.len);
    strbuf_free(&all);
    return !on_its_way;
}

/* The records the end of the log wrote after the statements fed (a turn ended there), to say
 * them only once. A turn's end that a reserve die may still reopen is not told until it is
 * settled (the next statement): it is no part of the tail said. */
struct settled_tail {
    struct hist_rec *items;
    size_t n;
};

static void tail_of(const struct record_session *s, struct settled_tail *t)
{
    size_t from = log_live_settled(s->live), to = s->replay->history.count;
    t->n = to > from && s->await.kind != LOG_AWAIT_RESERVE ? to - from : 0;
    t->items = t->n ? xmalloc(t->n * sizeof *t->items) : NULL;
    if (t->n)
        memcpy(t->items, s->replay->history.items + from, t->n * sizeof *t->items);
}

/* Where the narration of the records from `from` on starts: past those already said. */
static size_t past_said(const struct record_session *s, size_t from, const struct settled_tail *t)
{
    const struct history *h = &s->replay->history;
    size_t k = 0;
    while (k < t->n && from + k < h->count && memcmp(&h->items[from + k], &t->items[k], sizeof t->items[k]) == 0)
        k++;
    return from + k;
}

/* The mismatches of the statement just written, each with the changes that explain the
 * rules' value. */
static void explain_mismatches(const struct record_session *s, size_t m0, size_t d0, struct strbuf *out)
{
    const struct log_replay *r = s->replay;
    if (r->nmismatches <= m0)
        return;
    const struct diag_list *dl = log_live_diags(s->live);
    for (size_t i = m0; i < r->nmismatches; i++) {
        const struct mismatch *m = &r->mismatches[i];
        for (size_t d = d0; d < dl->count; d++)
            if (dl->items[d].level == DIAG_MISMATCH && dl->items[d].pos.line == m->line &&
                dl->items[d].pos.col == m->col)
                diag_format(out, &dl->items[d], NULL, 0);
        log_report_mismatch_trace(r, m, out);
    }
    strbuf_puts(out, "The line is written as the table typed it; type undo to take it back.\n");
}

/* Checks a statement (already expanded) and writes it in full, or refuses it. */
static void submit_statement(struct record_session *s, const char *stmt, const char *comment,
                             struct record_result *res)
{
    struct strbuf line = STRBUF_INIT, full = STRBUF_INIT, err = STRBUF_INIT;
    struct diag_list syntax = DIAG_LIST_INIT;
    size_t d0 = log_live_settled_diags(s->live), m0 = s->replay->nmismatches;
    size_t from = log_live_settled(s->live);
    struct settled_tail said;
    tail_of(s, &said);
    format_line(s, stmt, comment, &line);
    size_t fed = feed_line(s, line.data, &syntax);
    if (fed == 0 || refused(s, line.data)) {
        res->outcome = RECORD_REFUSED;
        if (fed == 0)
            for (size_t i = 0; i < syntax.count; i++)
                diag_format_from(&res->message, &syntax.items[i], line.data, line.len, s->lines + 1);
        else
            findings(s, log_live_diags(s->live), d0, line.data, &res->message);
        take_back(s, fed);
        goto done;
    }
    /* Written in full: fed again as it will be read back. */
    const struct log_stmt *st = log_live_stmt(s->live, log_live_count(s->live) - 1);
    canonical(s, st, stmt, &full);
    if (fed == 1 && strcmp(full.data ? full.data : "", stmt) != 0) {
        struct strbuf again = STRBUF_INIT;
        struct diag_list syntax2 = DIAG_LIST_INIT;
        format_line(s, full.data, comment, &again);
        take_back(s, fed);
        size_t fed2 = feed_line(s, again.data, &syntax2);
        if (fed2 == 1 && !refused(s, again.data)) {
            strbuf_reset(&line);
            strbuf_append(&line, again.data, again.len);
        } else {
            /* Never expected: keep the line as typed. */
            take_back(s, fed2);
            feed_line(s, line.data, &syntax);
        }
        strbuf_free(&again);
        diag_list_free(&syntax2);
    }
    if (record_gamefile_append(&s->file, line.data, line.len, &err) != 0) {
        res->outcome = RECORD_WRITE_FAILED;
        strbuf_printf(&res->message, "%s\n", strbuf_cstr(&err));
        take_back(s, fed);
        goto done;
    }
    res->outcome = RECORD_ACCEPTED;
    strbuf_append(&res->written, line.data, line.len);
    strbuf_append(&s->text, line.data, line.len);
    int first_line = s->lines + 1;
    s->lines += count_newlines(line.data, line.len);
    st = log_live_stmt(s->live, log_live_count(s->live) - 1);
    res->seat = record_statement_seat(s, st);
    explain_mismatches(s, m0, d0, &res->message);
    /* The warnings are about the line just written: shown from it, not from the whole file. */
    const struct diag_list *dl = log_live_diags(s->live);
    for (size_t i = d0; i < dl->count; i++)
        if (dl->items[i].level == DIAG_WARNING)
            diag_format_from(&res->warnings, &dl->items[i], line.data, line.len, first_line);
    /* A turn's end that a reserve die may still reopen is told once it is settled. */
    size_t to = s->await.kind == LOG_AWAIT_RESERVE ? log_live_settled(s->live) : s->replay->history.count;
    record_narrate(s->replay, past_said(s, from, &said), to, st->kind == LOG_ROUND ? s->replay->state.round : 0,
                   &res->narration);
done:
    free(said.items);
    diag_list_free(&syntax);
    strbuf_free(&err);
    strbuf_free(&line);
    strbuf_free(&full);
    /* --seed gives a difficulty's events at once. */
    if (res->outcome == RECORD_ACCEPTED && s->has_seed && record_header_step(s) == RECORD_STEP_EVENTS) {
        const struct log_stmt *last = log_live_stmt(s->live, log_live_count(s->live) - 1);
        if (last->kind != LOG_DIFFICULTY)
            return;
        int d = gamedata_difficulty(s->gd, last->difficulty.norm, strlen(last->difficulty.norm));
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
    struct diag_list dl = DIAG_LIST_INIT;
    log_free(log_parse_from(line->data, line->len, s->path, s->lines + 1, &dl));
    int ok = dl.errors == 0;
    for (size_t i = 0; i < dl.count; i++)
        if (dl.items[i].level == DIAG_ERROR)
            diag_format_from(out, &dl.items[i], line->data, line->len, s->lines + 1);
    diag_list_free(&dl);
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
        s->lines += count_newlines(line.data, line.len);
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

/* The offset where the line holding the last statement starts, or -1 when there is none. */
static long last_statement_start(const struct record_session *s)
{
    size_t n = log_live_count(s->live);
    if (n == 0)
        return -1;
    int line = log_live_stmt(s->live, n - 1)->at.line, at = 1;
    const char *text = strbuf_cstr(&s->text);
    size_t i = 0;
    while (i < s->text.len && at < line)
        at += text[i++] == '\n';
    return (long)i;
}

int record_session_undo(struct record_session *s, struct strbuf *undone, struct strbuf *err)
{
    const char *text = strbuf_cstr(&s->text);
    long at = last_statement_start(s);
    if (at < 0 && s->text.len == 0)
        return 0;
    int statement = at >= 0;
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
    s->lines = count_newlines(s->text.data, keep);
    if (statement)
        take_back(s, 1);
    return 0;
}
