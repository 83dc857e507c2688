/* The recorder's session: checking a typed line with the audit's parser and the live replay,
 * writing it durably in full, saying what the rules did, holding header lines until their
 * partner comes, undo. */
#include "record/session_fields.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/narrate.h"
#include "record/shortform.h"
#include "core/text.h"
#include "core/utf8.h"
#include "core/xalloc.h"
#include "log/build.h"
#include "log/ids.h"
#include "log/parse.h"
#include "audit/report.h"
#include "log/write.h"
#include "log/words.h"
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
        if (!players) {
            struct strbuf names = STRBUF_INIT;
            log_write_name("(first player)", &names);
            strbuf_putc(&names, ' ');
            log_write_name("(second player)", &names);
            log_write_shortform(LOG_PLAYERS, NULL, strbuf_cstr(&names), &probe);
            strbuf_putc(&probe, '\n');
            strbuf_free(&names);
        } else if (players->players.count == 1 && !solo) {
            log_write_shortform(LOG_SOLO, NULL, LOG_ID_ARCADE, &probe);
            strbuf_putc(&probe, '\n');
        }
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

int record_session_open(struct record_session **out, const struct gamedata *gd, const char *path,
                       struct strbuf *err)
{
    struct record_session *s = *out = xcalloc(1, sizeof *s);
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
    if (!s)
        return;
    log_live_free(s->live);
    strbuf_free(&s->text);
    record_gamefile_close(&s->file);
    free(s->path);
    free(s);
}

void record_result_free(struct record_result *res)
{
    strbuf_free(&res->written);
    strbuf_free(&res->message);
    strbuf_free(&res->narration);
    strbuf_free(&res->warnings);
}

/* The kind a statement's first word gives (a die value: a move), for its layout only. */
static enum log_kind layout_kind(const char *stmt)
{
    if (*stmt >= '0' && *stmt <= '9')
        return LOG_SPEND;
    return log_keyword_kind(stmt, strcspn(stmt, " \t"));
}

/* What comes before a statement of kind k as FILE's next line: the line feed FILE's last line
 * lacks, a blank line before each round, the indent of a turn's body. Returns the line the
 * statement is on; its column in *col. */
static int lead(const struct record_session *s, enum log_kind k, struct strbuf *out, int *col)
{
    int line = s->lines + 1;
    if (s->text.len && s->text.data[s->text.len - 1] != '\n') {
        strbuf_putc(out, '\n');
        line++;
    }
    if (k == LOG_ROUND && s->text.len > 0) {
        strbuf_putc(out, '\n');
        line++;
    }
    *col = 1;
    if (log_kind_is_turn_body(k)) {
        strbuf_puts(out, "  ");
        *col = 3;
    }
    return line;
}

/* The statement as a line of FILE: turn bodies indented, a blank line before each round. */
static void format_line(const struct record_session *s, const char *stmt, const char *comment,
                        struct strbuf *out)
{
    int col;
    lead(s, layout_kind(stmt), out, &col);
    strbuf_puts(out, stmt);
    if (comment && *comment)
        strbuf_printf(out, "  # %s", comment);
    strbuf_putc(out, '\n');
}

/* Parses `line` as FILE's next lines: the tree, or NULL when it has a syntax error or no
 * statement (the syntax errors then in `why`, shown against the line). */
static struct log_ast *parse_line(const struct record_session *s, const struct strbuf *line, struct strbuf *why)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse_from(strbuf_cstr(line), line->len, s->path, s->lines + 1, &dl);
    for (size_t i = 0; i < dl.count; i++)
        if (dl.items[i].level == DIAG_ERROR)
            diag_format_from(why, &dl.items[i], strbuf_cstr(line), line->len, s->lines + 1);
    if (dl.errors > 0 || ast->count == 0) {
        log_free(ast);
        ast = NULL;
    }
    diag_list_free(&dl);
    return ast;
}

/* Lays out the statement (expanded) with its comment and parses it once: the line read. */
static void read_statement(const struct record_session *s, const char *stmt, const char *comment,
                           struct record_line *l)
{
    l->stmt = xstrdup(stmt);
    l->comment = xstrdup(comment ? comment : "");
    format_line(s, stmt, comment, &l->text);
    l->ast = parse_line(s, &l->text, &l->message);
    if (l->ast && l->ast->count != 1) {
        log_free(l->ast);
        l->ast = NULL;
        strbuf_puts(&l->message, "one statement at a time\n");
    }
    l->kind = l->ast ? RECORD_LINE_STATEMENT : RECORD_LINE_BAD;
}

/* Lays out a comment typed alone (its text without the #) and has the parser check it. */
static void read_comment(const struct record_session *s, const char *comment, struct record_line *l)
{
    if (s->text.len && s->text.data[s->text.len - 1] != '\n')
        strbuf_putc(&l->text, '\n');
    strbuf_printf(&l->text, "# %s\n", comment);
    struct diag_list dl = DIAG_LIST_INIT;
    log_free(log_parse_from(l->text.data, l->text.len, s->path, s->lines + 1, &dl));
    for (size_t i = 0; i < dl.count; i++)
        if (dl.items[i].level == DIAG_ERROR)
            diag_format_from(&l->message, &dl.items[i], l->text.data, l->text.len, s->lines + 1);
    l->kind = dl.errors ? RECORD_LINE_BAD : RECORD_LINE_COMMENT;
    diag_list_free(&dl);
}

/* Whether a typed note is plain text: no C1 control nor bidirectional override or isolate
 * (shown on every page and terminal, they would change what follows them); if not, why in
 * why. The C0 controls and bytes that are not UTF-8 are the log's parser's to refuse. */
static int plain_note(const char *note, struct strbuf *why)
{
    const unsigned char *u = (const unsigned char *)note;
    size_t len = strlen(note);
    for (size_t i = 0; i < len;) {
        size_t n = utf8_len(u + i, len - i);
        if (n == 0)
            return 1;
        uint32_t cp = text_code_point(u + i, n);
        if (cp >= 0x80 && text_hostile(cp)) {
            strbuf_printf(why, "the note holds %s U+%04X at byte %zu: a note is plain text, not written\n",
                          text_hostile_kind(cp), (unsigned)cp, i + 1);
            return 0;
        }
        i += n;
    }
    return 1;
}

void record_session_read(const struct record_session *s, const char *typed, struct record_line *l)
{
    memset(l, 0, sizeof *l);
    /* The statement ends at a # outside quoted names: the comment after it is kept. */
    size_t len = log_comment_start(typed);
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
    if (!plain_note(strbuf_cstr(&mine), &l->message)) {
        l->kind = RECORD_LINE_BAD;
        strbuf_free(&mine);
        return;
    }
    if (start >= len) {
        /* A comment alone is the table's note: written as a line of its own. */
        if (mine.len)
            read_comment(s, mine.data, l);
        else
            l->kind = RECORD_LINE_EMPTY;
        strbuf_free(&mine);
        return;
    }
    char *t = xmalloc(len - start + 1);
    memcpy(t, typed + start, len - start);
    t[len - start] = 0;
    if (record_shortform_expand(s, t, &stmt, &comment, &l->message) != 0) {
        l->kind = RECORD_LINE_BAD;
    } else {
        if (mine.len)
            strbuf_printf(&comment, "%s%s", comment.len ? "; " : "", mine.data);
        read_statement(s, strbuf_cstr(&stmt), strbuf_cstr(&comment), l);
    }
    strbuf_free(&stmt);
    strbuf_free(&comment);
    strbuf_free(&mine);
    free(t);
}

const struct log_stmt *record_line_statement(const struct record_line *l)
{
    return l->kind == RECORD_LINE_STATEMENT && l->ast ? &l->ast->stmts[0] : NULL;
}

void record_line_free(struct record_line *l)
{
    strbuf_free(&l->text);
    strbuf_free(&l->message);
    log_free(l->ast);
    free(l->stmt);
    free(l->comment);
    memset(l, 0, sizeof *l);
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

/* The statement st just fed as the replay applied it, as a value into d: a move (the replay's
 * own, canonical ids), a turn (its seat as the state has it). 0 for another statement. */
static int applied(const struct record_session *s, const struct log_stmt *st, struct log_decision *d)
{
    const struct log_replay *r = s->replay;
    memset(d, 0, sizeof *d);
    if (log_kind_is_turn_body(st->kind) && r->last_move_line == st->at.line) {
        d->kind = st->kind;
        d->move = r->last_move;
        return 1;
    }
    if (st->kind == LOG_TURN && r->state.turn.player >= 0 && r->open_turn_line == st->at.line) {
        d->kind = LOG_TURN;
        d->player = r->state.turn.player;
        d->dice[0] = st->turn.dice[0].value;
        d->dice[1] = st->turn.dice[1].value;
        return 1;
    }
    return 0;
}

/* The statement in full, as the audit reads it back: a move written from the move the
 * replay applied (canonical ids, no aliases), a turn from the state; otherwise the words as
 * typed, one space apart. */
static void canonical(const struct record_session *s, const struct log_stmt *st, const char *typed,
                      struct strbuf *out)
{
    struct log_decision d;
    if (!applied(s, st, &d)) {
        log_fold_blanks(typed, out);
    } else if (d.kind == LOG_TURN) {
        log_write_turn(&s->replay->state, d.player, d.dice[0], d.dice[1], out);
        if (out->len && out->data[out->len - 1] == '\n')
            out->data[--out->len] = 0;
    } else {
        log_write_move_text(s->gd, &d.move, out);
    }
}

/* Feeds a tree of FILE's next lines to the live replay (which owns it from now on). Returns
 * the number of statements fed. */
static size_t feed(struct record_session *s, struct log_ast *ast)
{
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
}

/* Builds decision d's statement as FILE's next line into line (log/build.h), with the comment
 * (may be NULL) after it: the tree, or NULL with why in why. */
static struct log_ast *build_line(const struct record_session *s, const struct log_decision *d, const char *comment,
                                  struct strbuf *line, struct strbuf *why)
{
    int col, at = lead(s, log_decision_kind(d), line, &col);
    struct log_ast *ast = log_build(&s->replay->state, d, s->path, at, col, line, why);
    if (comment && *comment)
        strbuf_printf(line, "  # %s", comment);
    strbuf_putc(line, '\n');
    return ast;
}

/* Feeds tree ast (NULL: none), FILE's next line `again`, in place of the statement just fed:
 * kept when the replay takes it as the same statement (kind and seat) with no refusal, and
 * `line` becomes `again`; otherwise taken back, and 0 is returned: the caller feeds the
 * statement first fed again. */
static int fed_instead(struct record_session *s, struct log_ast *ast, const struct strbuf *again, struct strbuf *line)
{
    const struct log_stmt *st = log_live_stmt(s->live, log_live_count(s->live) - 1);
    enum log_kind kind = st->kind;
    int seat = record_statement_seat(s, st);
    take_back(s, 1);
    size_t fed = ast ? feed(s, ast) : 0;
    st = fed ? log_live_stmt(s->live, log_live_count(s->live) - 1) : NULL;
    if (fed == 1 && !refused(s, again->data) && st->kind == kind && record_statement_seat(s, st) == seat) {
        strbuf_reset(line);
        strbuf_append(line, again->data, again->len);
        return 1;
    }
    take_back(s, fed);
    return 0;
}

/* The statement just fed again in full (canonical), when that is another text: the same
 * statement (kind and seat) fed in its place, and `line` becomes what FILE gets; otherwise
 * (never expected) the line as read is fed again, parsed the same. A move or a turn in full
 * is built from the value the replay applied (log/build.h): a line with an alias is parsed
 * once too. */
static void in_full(struct record_session *s, const char *stmt, const char *comment, struct strbuf *line)
{
    const struct log_stmt *st = log_live_stmt(s->live, log_live_count(s->live) - 1);
    struct strbuf full = STRBUF_INIT;
    canonical(s, st, stmt, &full);
    if (strcmp(strbuf_cstr(&full), stmt) == 0) {
        strbuf_free(&full);
        return;
    }
    struct strbuf again = STRBUF_INIT, ignored = STRBUF_INIT;
    struct log_decision d;
    struct log_ast *ast;
    if (applied(s, st, &d)) {
        ast = build_line(s, &d, comment, &again, &ignored);
    } else {
        format_line(s, full.data, comment, &again);
        ast = parse_line(s, &again, &ignored);
    }
    if (!fed_instead(s, ast, &again, line))
        feed(s, parse_line(s, line, &ignored));
    strbuf_free(&again);
    strbuf_free(&ignored);
    strbuf_free(&full);
}

/* Checks the statement read (or built from a value, when `built`) and writes it in full, or
 * refuses it. */
static void enter_statement(struct record_session *s, struct record_line *l, int built, struct record_result *res)
{
    struct strbuf line = STRBUF_INIT, err = STRBUF_INIT;
    size_t d0 = log_live_settled_diags(s->live), m0 = s->replay->nmismatches;
    size_t from = log_live_settled(s->live);
    struct settled_tail said;
    tail_of(s, &said);
    strbuf_append(&line, l->text.data, l->text.len);
    struct log_ast *ast = l->ast;
    l->ast = NULL;
    size_t fed = feed(s, ast);
    if (fed == 0 || refused(s, line.data)) {
        res->outcome = RECORD_REFUSED;
        findings(s, log_live_diags(s->live), d0, line.data, &res->message);
        take_back(s, fed);
        goto done;
    }
    /* Written in full: fed again as it will be read back. A statement built from a value is in
     * full already (canonical ids and names: the replay reads back the very move). */
    if (!built)
        in_full(s, l->stmt, l->comment, &line);
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
    const struct log_stmt *st = log_live_stmt(s->live, log_live_count(s->live) - 1);
    res->seat = record_statement_seat(s, st);
    res->mismatch = s->replay->nmismatches > m0;
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
    strbuf_free(&err);
    strbuf_free(&line);
    /* --seed gives a difficulty's events at once. */
    if (res->outcome == RECORD_ACCEPTED && s->has_seed && record_header_step(s) == RECORD_STEP_EVENTS) {
        const struct log_stmt *last = log_live_stmt(s->live, log_live_count(s->live) - 1);
        if (last->kind != LOG_DIFFICULTY)
            return;
        int level = gamedata_difficulty(s->gd, last->difficulty.norm, strlen(last->difficulty.norm));
        struct strbuf ev = STRBUF_INIT, why = STRBUF_INIT, ignored = STRBUF_INIT;
        if (record_shortform_seeded_events(s->gd, level, s->seed, &ev, &why, &ignored) == 0) {
            struct record_line events;
            memset(&events, 0, sizeof events);
            read_statement(s, ev.data, why.data, &events);
            struct record_result more;
            record_session_enter(s, &events, &more);
            res->outcome = more.outcome;
            strbuf_puts(&res->written, strbuf_cstr(&more.written));
            strbuf_puts(&res->message, strbuf_cstr(&more.message));
            record_result_free(&more);
            record_line_free(&events);
        }
        strbuf_free(&ev);
        strbuf_free(&why);
        strbuf_free(&ignored);
    }
}

/* Writes a comment line read. */
static void enter_comment(struct record_session *s, const struct record_line *l, struct record_result *res)
{
    struct strbuf err = STRBUF_INIT;
    if (record_gamefile_append(&s->file, l->text.data, l->text.len, &err) != 0) {
        res->outcome = RECORD_WRITE_FAILED;
        strbuf_printf(&res->message, "%s\n", strbuf_cstr(&err));
    } else {
        res->outcome = RECORD_ACCEPTED;
        strbuf_append(&res->written, l->text.data, l->text.len);
        strbuf_append(&s->text, l->text.data, l->text.len);
        s->lines += count_newlines(l->text.data, l->text.len);
    }
    strbuf_free(&err);
}

void record_session_enter(struct record_session *s, struct record_line *l, struct record_result *res)
{
    memset(res, 0, sizeof *res);
    res->seat = -1;
    switch (l->kind) {
    case RECORD_LINE_EMPTY:
        res->outcome = RECORD_EMPTY;
        break;
    case RECORD_LINE_BAD:
        res->outcome = RECORD_REFUSED;
        strbuf_append(&res->message, strbuf_cstr(&l->message), l->message.len);
        break;
    case RECORD_LINE_COMMENT:
        enter_comment(s, l, res);
        break;
    case RECORD_LINE_STATEMENT:
        if (l->ast) {
            enter_statement(s, l, 0, res);
        } else {
            res->outcome = RECORD_REFUSED;
            strbuf_puts(&res->message, "the line was entered already\n");
        }
        break;
    }
}

void record_session_decide(struct record_session *s, const struct log_decision *d, struct record_result *res)
{
    memset(res, 0, sizeof *res);
    res->seat = -1;
    struct record_line l;
    memset(&l, 0, sizeof l);
    l.ast = build_line(s, d, NULL, &l.text, &res->message);
    if (!l.ast) {
        res->outcome = RECORD_REFUSED;
    } else {
        l.kind = RECORD_LINE_STATEMENT;
        enter_statement(s, &l, 1, res);
    }
    record_line_free(&l);
}

void record_session_submit(struct record_session *s, const char *typed, struct record_result *res)
{
    struct record_line l;
    record_session_read(s, typed, &l);
    record_session_enter(s, &l, res);
    record_line_free(&l);
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

int record_session_undo_statement(struct record_session *s, struct strbuf *undone, struct strbuf *err)
{
    long at = last_statement_start(s);
    if (at < 0)
        return 0;
    const char *text = strbuf_cstr(&s->text);
    size_t eol = (size_t)at;
    while (eol < s->text.len && text[eol] != '\n')
        eol++;
    if (eol < s->text.len)
        eol++;
    size_t keep = (size_t)at;
    while (keep > 0 && text[keep - 1] == '\n' && (keep == 1 || text[keep - 2] == '\n'))
        keep--;     /* the blank line before a round line */
    struct strbuf notes = STRBUF_INIT;
    strbuf_append(&notes, text + eol, s->text.len - eol);
    if (record_gamefile_cut(&s->file, keep, err) != 0) {
        strbuf_free(&notes);
        return -1;
    }
    strbuf_append(undone, text + at, eol - (size_t)at);
    s->text.len = keep;
    s->text.data[keep] = 0;
    int rc = 0;
    if (notes.len) {
        struct strbuf why = STRBUF_INIT;
        if (record_gamefile_append(&s->file, notes.data, notes.len, &why) == 0) {
            strbuf_append(&s->text, notes.data, notes.len);
        } else {
            strbuf_printf(err, "the notes after it were lost: %s", strbuf_cstr(&why));
            rc = 1;
        }
        strbuf_free(&why);
    }
    s->lines = count_newlines(s->text.data, s->text.len);
    take_back(s, 1);
    strbuf_free(&notes);
    return rc;
}

/* One line of the story: its seat and its text. */
struct story_line {
    int seat;
    char *text;
};

void record_session_story(const struct record_session *s, size_t last,
                          void (*each)(void *ctx, int seat, const char *text), void *ctx)
{
    if (last == 0)
        return;
    /* A replay of its own, fed FILE's lines one by one as the recorder fed them. */
    struct record_session x;
    memset(&x, 0, sizeof x);
    x.gd = s->gd;
    x.path = s->path;
    x.live = log_live_new(s->gd, s->path);
    refresh(&x);
    struct story_line *ring = xcalloc(last, sizeof *ring);
    size_t told = 0;
    const char *text = strbuf_cstr(&s->text);
    int lineno = 0;
    for (size_t i = 0; i < s->text.len;) {
        const char *eol = memchr(text + i, '\n', s->text.len - i);
        size_t n = eol ? (size_t)(eol - (text + i)) + 1 : s->text.len - i;
        lineno++;
        struct strbuf line = STRBUF_INIT, entry = STRBUF_INIT;
        strbuf_append(&line, text + i, n);
        if (!eol)
            strbuf_putc(&line, '\n');
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse_from(line.data, line.len, s->path, lineno, &dl);
        int seat = -1;
        if (ast->count == 0) {
            log_free(ast);
            if (line.data[strspn(line.data, " \t\r\n")])
                strbuf_append(&entry, line.data, line.len);     /* a note */
        } else {
            size_t d0 = log_live_settled_diags(x.live), m0 = x.replay->nmismatches;
            size_t from = log_live_settled(x.live);
            struct settled_tail said;
            tail_of(&x, &said);
            enum log_kind kind = ast->stmts[0].kind;
            feed(&x, ast);
            const struct log_stmt *st = log_live_stmt(x.live, log_live_count(x.live) - 1);
            seat = record_statement_seat(&x, st);
            if (kind == LOG_ROUND && i > 0)
                strbuf_putc(&entry, '\n');     /* the blank line the recorder writes before it */
            strbuf_append(&entry, line.data, line.len);
            size_t to = x.await.kind == LOG_AWAIT_RESERVE ? log_live_settled(x.live) : x.replay->history.count;
            record_narrate(x.replay, past_said(&x, from, &said), to, kind == LOG_ROUND ? x.replay->state.round : 0,
                           &entry);
            const struct diag_list *found = log_live_diags(x.live);
            for (size_t d = d0; d < found->count; d++)
                if (found->items[d].level == DIAG_WARNING)
                    diag_format_from(&entry, &found->items[d], line.data, line.len, lineno);
            explain_mismatches(&x, m0, d0, &entry);
            free(said.items);
        }
        if (entry.len) {
            struct story_line *slot = &ring[told++ % last];
            free(slot->text);
            slot->seat = seat;
            slot->text = strbuf_detach(&entry);
        }
        strbuf_free(&entry);
        strbuf_free(&line);
        diag_list_free(&dl);
        i += n;
    }
    size_t first = told > last ? told - last : 0;
    for (size_t k = first; k < told; k++)
        each(ctx, ring[k % last].seat, ring[k % last].text);
    for (size_t k = 0; k < last; k++)
        free(ring[k].text);
    free(ring);
    log_live_free(x.live);
}
