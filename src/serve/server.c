/* The server's state and the two things a link can do to the log: enter a line, undo. */
#include "serve/server.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/parse.h"
#include "serve/permit.h"

/* The players named by the log's players line (before round 1 the state may not hold them). */
static int players_line(const struct record_session *s)
{
    const struct log_stmt *st = record_session_header(s, LOG_PLAYERS);
    return st ? (int)st->players.count : 0;
}

const char *serve_seat_name(const struct serve_server *sv, int seat)
{
    const struct log_stmt *st = record_session_header(sv->s, LOG_PLAYERS);
    return st && seat >= 0 && (size_t)seat < st->players.count ? st->players.names[seat].text : NULL;
}

/* Gives each seat its token once the players are known: the kept ones when they are as many. */
static int seat_tokens(struct serve_server *sv, struct strbuf *err)
{
    int n = players_line(sv->s);
    if (sv->tokens.nseats || n == 0)
        return 0;
    for (int p = 0; p < n && p < XII_MAX_PLAYERS; p++)
        if (sv->kept.nseats == n)
            memcpy(sv->tokens.seat[p], sv->kept.seat[p], sizeof sv->tokens.seat[p]);
        else if (serve_token_new(sv->tokens.seat[p]) != 0) {
            strbuf_puts(err, "the system's random source failed: no links for the players");
            return -1;
        }
    sv->tokens.nseats = n;
    if (sv->links_path && sv->kept.nseats != n && serve_tokens_save(sv->links_path, &sv->tokens, err) != 0)
        return -1;
    if (sv->on_players)
        sv->on_players(sv->ctx);
    return 0;
}

int serve_server_init(struct serve_server *sv, struct record_session *s, const char *links_path,
                      struct strbuf *err)
{
    memset(sv, 0, sizeof *sv);
    sv->s = s;
    pthread_mutex_init(&sv->lock, NULL);
    pthread_cond_init(&sv->changed, NULL);
    int rc = 0;
    if (links_path) {
        sv->links_path = xstrdup(links_path);
        rc = serve_tokens_load(links_path, &sv->kept, err);
    }
    if (rc == 0 && sv->kept.table[0]) {
        memcpy(sv->tokens.table, sv->kept.table, sizeof sv->tokens.table);
    } else if (rc >= 0) {
        memset(&sv->kept, 0, sizeof sv->kept);
        if (serve_token_new(sv->tokens.table) != 0) {
            strbuf_puts(err, "the system's random source failed: no tokens for the links");
            rc = -1;
        } else if (links_path && serve_tokens_save(links_path, &sv->tokens, err) != 0) {
            rc = -1;
        } else {
            rc = 0;
        }
    }
    if (rc == 0)
        rc = seat_tokens(sv, err);
    if (rc != 0) {
        serve_server_free(sv);
        return -1;
    }
    return 0;
}

void serve_server_free(struct serve_server *sv)
{
    for (int i = 0; i < sv->nnews; i++)
        free(sv->news[i].text);
    for (int p = 0; p < XII_MAX_PLAYERS; p++)
        for (int k = 0; k < 2; k++)
            strbuf_free(&sv->sheet[p][k]);
    serve_choices_free(&sv->choices);
    free(sv->links_path);
    free(sv->war_path);
    pthread_cond_destroy(&sv->changed);
    pthread_mutex_destroy(&sv->lock);
    memset(sv, 0, sizeof *sv);
}

void serve_outcome_free(struct serve_outcome *o)
{
    strbuf_free(&o->message);
    strbuf_free(&o->written);
    strbuf_free(&o->narration);
    strbuf_free(&o->warnings);
}

/* Writes the war entries waiting beside FILE (or removes the file when none is). Returns 0, or
 * -1 with why in err. */
static int keep_war(struct serve_server *sv, struct strbuf *err)
{
    if (!sv->war_path)
        return 0;
    struct strbuf why = STRBUF_INIT;
    int rc = serve_war_save(&sv->war, sv->s, sv->war_path, &why);
    if (rc != 0)
        strbuf_printf(err, "the war entries could not be kept beside the game file: %s\n", strbuf_cstr(&why));
    strbuf_free(&why);
    return rc;
}

int serve_server_keep_war(struct serve_server *sv, const char *path, struct strbuf *msg)
{
    free(sv->war_path);
    sv->war_path = xstrdup(path);
    return serve_war_load(&sv->war, sv->s, path, msg);
}

/* A new version: the entry for the narration, the war entries still awaited kept, and the
 * waiting pages woken. */
static void changed(struct serve_server *sv, int role, const char *text)
{
    serve_war_sync(&sv->war, sv->s);
    struct strbuf kept = STRBUF_INIT;
    keep_war(sv, &kept);
    sv->version++;
    if (sv->nnews == SERVE_NEWS_KEPT) {
        free(sv->news[0].text);
        memmove(sv->news, sv->news + 1, (SERVE_NEWS_KEPT - 1) * sizeof sv->news[0]);
        sv->nnews--;
    }
    struct serve_news *n = &sv->news[sv->nnews++];
    n->version = sv->version;
    n->role = role;
    strbuf_puts(&kept, text);
    n->text = strbuf_detach(&kept);
    pthread_cond_broadcast(&sv->changed);
}

/* The recorder's verdict on a line. */
static void submit(struct serve_server *sv, int role, const char *line, struct serve_outcome *o)
{
    struct record_result res;
    record_session_submit(sv->s, line, &res);
    switch (res.outcome) {
    case RECORD_EMPTY:
        strbuf_puts(&o->message, "nothing to enter: the line is empty\n");
        break;
    case RECORD_REFUSED:
        strbuf_append(&o->message, strbuf_cstr(&res.message), res.message.len);
        break;
    case RECORD_WRITE_FAILED:
        strbuf_printf(&o->message, "the line was not written: %s", strbuf_cstr(&res.message));
        break;
    case RECORD_ACCEPTED: {
        o->accepted = 1;
        strbuf_append(&o->written, strbuf_cstr(&res.written), res.written.len);
        strbuf_append(&o->message, strbuf_cstr(&res.message), res.message.len);
        strbuf_append(&o->narration, strbuf_cstr(&res.narration), res.narration.len);
        strbuf_append(&o->warnings, strbuf_cstr(&res.warnings), res.warnings.len);
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "%s%s%s%s", strbuf_cstr(&res.written), strbuf_cstr(&res.narration),
                      strbuf_cstr(&res.warnings), strbuf_cstr(&res.message));
        changed(sv, role, strbuf_cstr(&text));
        sv->log_version = sv->version;
        strbuf_free(&text);
        struct strbuf err = STRBUF_INIT;
        if (seat_tokens(sv, &err) != 0)
            strbuf_printf(&o->message, "no links for the players: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        break;
    }
    }
    record_result_free(&res);
}

void serve_enter(struct serve_server *sv, int role, const char *typed, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    struct log_ast *one = NULL;
    if (!serve_may_enter(sv->s, role, typed, &one, &o->message))
        return;
    const struct game_state *st = &sv->s->replay->state;
    /* One player's war entry (from their link, or the table's for them): kept until every
     * player has entered. */
    int seat = one && one->stmts[0].kind == LOG_WAR ? record_statement_seat(sv->s, &one->stmts[0]) : -1;
    if (seat >= 0 && st->cfg.nplayers > 1) {
        if (serve_war_enter(&sv->war, sv->s, seat, &one->stmts[0], &o->message) == 0) {
            struct strbuf line = STRBUF_INIT;
            if (serve_war_line(&sv->war, sv->s, &line)) {
                submit(sv, SERVE_TABLE, strbuf_cstr(&line), o);
                if (!o->accepted) {
                    memset(&sv->war, 0, sizeof sv->war);   /* the whole war is entered again */
                    keep_war(sv, &o->message);
                }
            } else if (keep_war(sv, &o->message) != 0) {
                sv->war.seat[seat].entered = 0;             /* not kept: not entered */
            } else {
                o->accepted = o->waiting = 1;
                struct strbuf text = STRBUF_INIT;
                strbuf_printf(&text, "%s has entered their war choice\n", st->cfg.names[seat]);
                changed(sv, role, strbuf_cstr(&text));
                strbuf_free(&text);
            }
            strbuf_free(&line);
        }
        log_free(one);
        return;
    }
    log_free(one);
    submit(sv, role, typed, o);
}

void serve_pass(struct serve_server *sv, int role, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    const struct log_await *a = &sv->s->await;
    if (a->kind != LOG_AWAIT_RESERVE || sv->passed == sv->log_version + 1) {
        strbuf_puts(&o->message, "no reserve die is awaited now\n");
        return;
    }
    if (role != SERVE_TABLE && role != a->player) {
        strbuf_printf(&o->message, "this is %s's to say, from their own link\n",
                      sv->s->replay->state.cfg.names[a->player]);
        return;
    }
    o->accepted = 1;
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "%s: no reserve die (nothing written: the next line ends the turn)\n",
                  sv->s->replay->state.cfg.names[a->player]);
    strbuf_append(&o->message, strbuf_cstr(&text), text.len);
    changed(sv, role, strbuf_cstr(&text));
    sv->passed = sv->log_version + 1;
    strbuf_free(&text);
}

void serve_undo(struct serve_server *sv, int role, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    if (sv->passed == sv->log_version + 1 && (role == SERVE_TABLE || role == sv->s->await.player)) {
        sv->passed = 0;
        o->accepted = 1;
        strbuf_puts(&o->message, "taken back: a reserve die may still follow\n");
        changed(sv, role, "taken back: a reserve die may still follow\n");
        return;
    }
    if (role >= 0 && sv->war.seat[role].entered) {
        sv->war.seat[role].entered = 0;
        o->accepted = 1;
        strbuf_puts(&o->written, "(your war choice)\n");
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "%s took back their war choice\n", sv->s->replay->state.cfg.names[role]);
        changed(sv, role, strbuf_cstr(&text));
        strbuf_free(&text);
        return;
    }
    int owner = serve_last_owner(sv->s);
    if (owner == SERVE_NOBODY) {
        strbuf_puts(&o->message, "nothing to take back\n");
        return;
    }
    if (role != SERVE_TABLE && owner != role) {
        strbuf_puts(&o->message, owner == SERVE_TABLE
                    ? "the last line is the table's: only the table's link takes it back\n"
                    : "the last line is another player's: only they or the table take it back\n");
        return;
    }
    struct strbuf err = STRBUF_INIT;
    if (record_session_undo(sv->s, &o->written, &err) != 0) {
        strbuf_printf(&o->message, "undo failed, nothing changed: %s\n", strbuf_cstr(&err));
    } else {
        o->accepted = 1;
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "taken back:\n%s", strbuf_cstr(&o->written));
        changed(sv, role, strbuf_cstr(&text));
        sv->log_version = sv->version;
        strbuf_free(&text);
    }
    strbuf_free(&err);
}

void serve_server_stop(struct serve_server *sv)
{
    pthread_mutex_lock(&sv->lock);
    sv->stopping = 1;
    pthread_cond_broadcast(&sv->changed);
    pthread_mutex_unlock(&sv->lock);
}
