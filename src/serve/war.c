/* Pending war entries, composed into one war line, and kept beside FILE. */
#include "serve/war.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "log/write.h"
#include "log/parse.h"
#include "record/shortform.h"
#include "serve/beside.h"

static int war_awaited(const struct record_session *s)
{
    return record_session_awaited(s)->pending >> LOG_AWAIT_WAR & 1u;
}

void serve_war_sync(struct serve_war *w, const struct record_session *s)
{
    if (!war_awaited(s) || w->round != record_session_awaited(s)->round)
        memset(w, 0, sizeof *w);
}

int serve_war_enter(struct serve_war *w, const struct record_session *s, int seat, const struct serve_war_entry *e,
                    struct strbuf *msg)
{
    serve_war_sync(w, s);
    if (!war_awaited(s)) {
        strbuf_puts(msg, "no war is awaited now\n");
        return -1;
    }
    const struct log_await *a = record_session_awaited(s);
    if (!e->support && e->nrolls > 0) {
        strbuf_puts(msg, "bonus rolls follow support, not avoid\n");
        return -1;
    }
    if (e->support && a->must_avoid[seat]) {
        strbuf_puts(msg, "you have no POW for the war: you can only avoid it\n");
        return -1;
    }
    if (e->support && e->nrolls != a->rolls_due[seat]) {
        strbuf_printf(msg, "support takes %d bonus roll%s here (%d given)\n", a->rolls_due[seat],
                      a->rolls_due[seat] == 1 ? "" : "s", e->nrolls);
        return -1;
    }
    w->round = a->round;
    w->seat[seat] = *e;
    w->seat[seat].entered = 1;
    return 0;
}

int serve_war_enter_statement(struct serve_war *w, const struct record_session *s, int seat,
                              const struct log_stmt *st, struct strbuf *msg)
{
    if (st->kind != LOG_WAR || st->war.count != 1) {
        strbuf_puts(msg, "a war entry is one player's choice\n");
        return -1;
    }
    const struct log_war_entry *e = &st->war.items[0];
    if (e->count > SERVE_WAR_MAX_ROLLS) {
        strbuf_puts(msg, "too many bonus rolls\n");
        return -1;
    }
    struct serve_war_entry x;
    memset(&x, 0, sizeof x);
    x.support = e->choice == LOG_WAR_SUPPORT;
    x.nrolls = (int)e->count;
    for (int k = 0; k < x.nrolls; k++)
        x.rolls[k] = e->rolls[k].value;
    return serve_war_enter(w, s, seat, &x, msg);
}

/* Seat p's entry as the engine takes it. */
static struct war_entry entry_of(const struct serve_war *w, int p)
{
    struct war_entry e;
    memset(&e, 0, sizeof e);
    e.support = w->seat[p].support;
    for (int k = 0; k < w->seat[p].nrolls && k < GD_MAX_BONUS_ROLLS; k++)
        e.rolls[e.nrolls++] = w->seat[p].rolls[k];
    return e;
}

int serve_war_decision(const struct serve_war *w, const struct record_session *s, struct log_decision *d)
{
    const struct game_state *st = &record_session_replay(s)->state;
    memset(d, 0, sizeof *d);
    d->kind = LOG_WAR;
    d->player = -1;
    for (int p = 0; p < st->cfg.nplayers; p++) {
        if (!w->seat[p].entered)
            return 0;
        d->war[p] = entry_of(w, p);
    }
    return 1;
}

int serve_war_save(const struct serve_war *w, const struct record_session *s, const char *path, struct strbuf *err)
{
    const struct game_state *st = &record_session_replay(s)->state;
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "statements %zu\n", record_session_statements(s));
    int any = 0;
    for (int p = 0; p < st->cfg.nplayers && p < XII_MAX_PLAYERS; p++)
        if (w->seat[p].entered) {
            any = 1;
            struct war_entry e = entry_of(w, p);
            log_write_war_part(st, p, &e, &text);
        }
    int rc = any ? serve_beside_write(path, text.data, text.len, err) : serve_beside_remove(path, err);
    strbuf_free(&text);
    return rc;
}

/* Keeps the entries of the war statements of ast in w; -1 with why in msg at the first that
 * does not fit. */
static int enter_kept(struct serve_war *w, const struct record_session *s, const struct log_ast *ast,
                      struct strbuf *msg)
{
    for (size_t i = 0; i < ast->count; i++) {
        const struct log_stmt *st = &ast->stmts[i];
        int seat = st->kind == LOG_WAR ? record_statement_seat(s, st) : -1;
        if (seat < 0) {
            strbuf_printf(msg, "line %d is not one player's war entry\n", st->at.line);
            return -1;
        }
        if (w->seat[seat].entered) {
            strbuf_printf(msg, "line %d: a second entry for the same player\n", st->at.line);
            return -1;
        }
        if (serve_war_enter_statement(w, s, seat, st, msg) != 0)
            return -1;
    }
    return 0;
}

int serve_war_load(struct serve_war *w, const struct record_session *s, const char *path, struct strbuf *msg)
{
    memset(w, 0, sizeof *w);
    char *data = NULL;
    size_t len = 0;
    struct strbuf why = STRBUF_INIT;
    int got = serve_beside_read(path, 4096, &data, &len, &why);
    if (got != 0) {
        if (got < 0)
            strbuf_printf(msg, "%s\n", strbuf_cstr(&why));
        strbuf_free(&why);
        return got < 0 ? -1 : 0;
    }
    size_t count;
    int used = 0, rc = 1;
    char *body = memchr(data, '\n', len);
    if (!body || sscanf(data, "statements %zu%n", &count, &used) != 1 || data + used != body) {
        strbuf_puts(&why, "not a file of war entries\n");
    } else if (count != record_session_statements(s)) {
        strbuf_printf(&why, "they follow statement %zu, the game file has %zu: the game went on\n", count,
                      record_session_statements(s));
    } else {
        body++;
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse_from(body, len - (size_t)(body - data), path, 2, &dl);
        if (dl.errors > 0 || ast->count == 0)
            strbuf_puts(&why, "not a file of war entries\n");
        else if (enter_kept(w, s, ast, &why) == 0)
            rc = 0;
        log_free(ast);
        diag_list_free(&dl);
    }
    free(data);
    if (rc != 0) {
        memset(w, 0, sizeof *w);
        strbuf_printf(msg, "%s: the war entries kept there are ignored: %s", path, strbuf_cstr(&why));
        strbuf_reset(&why);
        if (serve_beside_remove(path, &why) != 0)
            strbuf_printf(msg, "%s\n", strbuf_cstr(&why));
    }
    strbuf_free(&why);
    return rc;
}
