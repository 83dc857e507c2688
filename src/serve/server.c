/* The server's state and the two things a link can do to the log: enter a line, undo. */
#include "serve/server.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/parse.h"
#include "serve/beside.h"
#include "serve/permit.h"

const char *serve_seat_name(const struct serve_server *sv, int seat)
{
    const struct log_stmt *st = record_session_header(sv->s, LOG_PLAYERS);
    return st && seat >= 0 && (size_t)seat < st->players.count ? st->players.names[seat].text : NULL;
}

const char *serve_file_name(const struct serve_server *sv)
{
    const char *base = strrchr(record_session_path(sv->s), '/');
    return base ? base + 1 : record_session_path(sv->s);
}

/* Whether seat p's token was made for the player name ("": any, an older FILE.links). */
static int made_for(const struct serve_tokens *t, int p, const char *name)
{
    return p < t->nknown && (!t->name[p][0] || strncmp(t->name[p], name, XII_NAME_SIZE - 1) == 0);
}

/* The seats' tokens follow the players line: none works while FILE has none; seat p keeps
 * its token while its name is the same, else gets a new one. */
static int follow_players(struct serve_server *sv, struct strbuf *err)
{
    const struct log_stmt *st = record_session_header(sv->s, LOG_PLAYERS);
    int n = st ? (int)st->players.count : 0;
    if (n > XII_MAX_PLAYERS)
        n = XII_MAX_PLAYERS;
    struct serve_tokens *t = &sv->tokens;
    int same = t->nseats == n, known = t->nknown == n;
    for (int p = 0; p < n; p++) {
        same = same && made_for(t, p, st->players.names[p].text);
        known = known && made_for(t, p, st->players.names[p].text);
    }
    if (same)
        return 0;
    t->nseats = 0;
    if (n > 0 && !known) {
        for (int p = 0; p < n; p++) {
            const char *name = st->players.names[p].text;
            if (!made_for(t, p, name) && serve_token_new(t->seat[p]) != 0) {
                t->nknown = 0;
                strbuf_puts(err, "the system's random source failed: no links for the players");
                return -1;
            }
            snprintf(t->name[p], sizeof t->name[p], "%s", name);
        }
        t->nknown = n;
        if (sv->links_path && serve_tokens_save(sv->links_path, t, err) != 0) {
            t->nknown = 0;      /* not kept: no link that a restart would not know */
            return -1;
        }
    }
    t->nseats = n;
    if (sv->on_players)
        sv->on_players(sv->ctx);
    return 0;
}

static void retold(void *ctx, int seat, const char *text);

int serve_server_init(struct serve_server *sv, struct record_session *s, const char *links_path,
                      struct strbuf *err)
{
    memset(sv, 0, sizeof *sv);
    sv->s = s;
    pthread_mutex_init(&sv->lock, NULL);
    pthread_cond_init(&sv->changed, NULL);
    int rc = 1;
    if (links_path) {
        sv->links_path = xstrdup(links_path);
        serve_beside_clean(links_path);
        rc = serve_tokens_load(links_path, &sv->tokens, err);
    }
    if (rc == 1) {
        memset(&sv->tokens, 0, sizeof sv->tokens);
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
        rc = follow_players(sv, err);
    if (rc != 0) {
        serve_server_free(sv);
        return -1;
    }
    /* What happened is FILE's own story: the same after a restart. */
    record_session_story(s, SERVE_NEWS_KEPT, retold, sv);
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

/* Text for the phones: FILE named without its folder (the server's own paths stay on the
 * server): every occurrence of FILE's path, FILE.war's and FILE.links' included, becomes its
 * last name. */
static void unfolder(const struct serve_server *sv, struct strbuf *b)
{
    const char *path = record_session_path(sv->s), *base = serve_file_name(sv);
    if (base == path || !b->len)
        return;
    size_t n = strlen(path);
    struct strbuf out = STRBUF_INIT;
    const char *p = strbuf_cstr(b), *end = p + b->len;
    for (const char *m; (m = strstr(p, path)) != NULL && m < end; p = m + n) {
        strbuf_append(&out, p, (size_t)(m - p));
        strbuf_puts(&out, base);
    }
    strbuf_append(&out, p, (size_t)(end - p));
    strbuf_reset(b);
    strbuf_append(b, strbuf_cstr(&out), out.len);
    strbuf_free(&out);
}

/* The outcome's texts for the phones (unfolder). */
static void for_phones(const struct serve_server *sv, struct serve_outcome *o)
{
    unfolder(sv, &o->message);
    unfolder(sv, &o->warnings);
    unfolder(sv, &o->narration);
}

/* The narration's next entry, at the version now (the oldest goes beyond SERVE_NEWS_KEPT). */
static void tell(struct serve_server *sv, int role, struct strbuf *text)
{
    if (sv->nnews == SERVE_NEWS_KEPT) {
        free(sv->news[0].text);
        memmove(sv->news, sv->news + 1, (SERVE_NEWS_KEPT - 1) * sizeof sv->news[0]);
        sv->nnews--;
    }
    struct serve_news *n = &sv->news[sv->nnews++];
    n->version = sv->version;
    n->role = role;
    unfolder(sv, text);
    n->text = xstrdup(strbuf_cstr(text));
}

/* A new version: the entry for the narration, the war entries still awaited kept, and the
 * waiting pages woken. */
static void changed(struct serve_server *sv, int role, const char *text)
{
    serve_war_sync(&sv->war, sv->s);
    struct strbuf kept = STRBUF_INIT;
    keep_war(sv, &kept);
    sv->version++;
    strbuf_puts(&kept, text);
    tell(sv, role, &kept);
    strbuf_free(&kept);
    pthread_cond_broadcast(&sv->changed);
}

/* An entry of the story rebuilt from FILE (record_session_story). */
static void retold(void *ctx, int seat, const char *text)
{
    struct serve_server *sv = ctx;
    struct strbuf b = STRBUF_INIT;
    strbuf_puts(&b, text);
    tell(sv, seat >= 0 ? seat : SERVE_TABLE, &b);
    strbuf_free(&b);
}

/* The recorder's verdict res, for the answer (and, accepted, for the narration). */
static void answer(struct serve_server *sv, int role, struct record_result *res_, struct serve_outcome *o)
{
    struct record_result res = *res_;
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
        o->mismatch = res.mismatch;
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
        if (res.mismatch)
            strbuf_puts(&o->message, "It is written as it was entered: undo takes it back.\n");
        struct strbuf err = STRBUF_INIT;
        if (follow_players(sv, &err) != 0)
            strbuf_printf(&o->message, "no links for the players: %s\n", strbuf_cstr(&err));
        strbuf_free(&err);
        break;
    }
    }
}

/* The recorder's verdict on a line read. */
static void submit(struct serve_server *sv, int role, struct record_line *l, struct serve_outcome *o)
{
    struct record_result res;
    record_session_enter(sv->s, l, &res);
    answer(sv, role, &res, o);
    record_result_free(&res);
}

/* The recorder's verdict on a decision. */
static void decide(struct serve_server *sv, int role, const struct log_decision *d, struct serve_outcome *o)
{
    struct record_result res;
    record_session_decide(sv->s, d, &res);
    answer(sv, role, &res, o);
    record_result_free(&res);
}

/* Once every player has entered their war choice, the war line goes to the recorder as the
 * table's (a refused one drops every entry). Returns whether it went. */
static int war_line(struct serve_server *sv, struct serve_outcome *o)
{
    struct log_decision d;
    int all = serve_war_decision(&sv->war, sv->s, &d);
    if (all) {
        decide(sv, SERVE_TABLE, &d, o);
        if (!o->accepted) {
            memset(&sv->war, 0, sizeof sv->war);   /* the whole war is entered again */
            keep_war(sv, &o->message);
        }
    }
    return all;
}

/* A seat's war entry (e, or the statement st read from its link when e is NULL): kept until
 * every player has entered, then the whole war goes to the recorder as the table's. */
static void enter_war(struct serve_server *sv, int role, int seat, const struct serve_war_entry *e,
                      const struct log_stmt *st, struct serve_outcome *o)
{
    const struct game_state *gs = &record_session_replay(sv->s)->state;
    if ((e ? serve_war_enter(&sv->war, sv->s, seat, e, &o->message)
           : serve_war_enter_statement(&sv->war, sv->s, seat, st, &o->message)) != 0)
        return;
    if (war_line(sv, o))
        return;
    if (keep_war(sv, &o->message) != 0) {
        sv->war.seat[seat].entered = 0;             /* not kept: not entered */
    } else {
        o->accepted = o->waiting = 1;
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "%s has entered their war choice\n", gs->cfg.names[seat]);
        changed(sv, role, strbuf_cstr(&text));
        strbuf_free(&text);
    }
}

int serve_server_keep_war(struct serve_server *sv, const char *path, struct strbuf *msg)
{
    free(sv->war_path);
    sv->war_path = NULL;
    serve_beside_clean(path);
    int rc = serve_war_load(&sv->war, sv->s, path, msg);
    if (rc < 0)
        return rc;
    sv->war_path = xstrdup(path);
    /* Every entry kept (the server stopped before the war line): the line goes now. */
    struct serve_outcome o;
    memset(&o, 0, sizeof o);
    if (rc == 0 && sv->war.round && war_line(sv, &o)) {
        if (o.accepted)
            strbuf_printf(msg, "%s: every player's war choice was kept: written: %s", path, strbuf_cstr(&o.written));
        else
            strbuf_printf(msg, "%s: the war line of the choices kept was refused: %s", path, strbuf_cstr(&o.message));
    }
    serve_outcome_free(&o);
    return rc;
}

void serve_enter(struct serve_server *sv, int role, const char *typed, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    /* Read once: the permission is decided on the statement the recorder then writes. */
    struct record_line l;
    record_session_read(sv->s, typed, &l);
    const struct log_stmt *st = record_line_statement(&l);
    if (serve_may_enter(sv->s, role, &l, &o->message)) {
        /* One player's war entry (from their link, or the table's for them): kept until every
         * player has entered. */
        int seat = st && st->kind == LOG_WAR ? record_statement_seat(sv->s, st) : -1;
        if (seat >= 0 && record_session_replay(sv->s)->state.cfg.nplayers > 1)
            enter_war(sv, role, seat, NULL, st, o);
        else
            submit(sv, role, &l, o);
    }
    record_line_free(&l);
    for_phones(sv, o);
}

void serve_enter_decision(struct serve_server *sv, int role, const struct log_decision *d, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    if (serve_may_decide(sv->s, role, d, &o->message)) {
        /* One player's war entry: kept until every player has entered. */
        if (d->kind == LOG_WAR && d->player >= 0 && record_session_replay(sv->s)->state.cfg.nplayers > 1) {
            struct serve_war_entry e;
            memset(&e, 0, sizeof e);
            e.support = d->war[d->player].support;
            e.nrolls = d->war[d->player].nrolls;
            memcpy(e.rolls, d->war[d->player].rolls, (size_t)e.nrolls * sizeof e.rolls[0]);
            enter_war(sv, role, d->player, &e, NULL, o);
        } else {
            decide(sv, role, d, o);
        }
    }
    for_phones(sv, o);
}

void serve_pass(struct serve_server *sv, int role, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    const struct log_await *a = record_session_awaited(sv->s);
    if (a->kind != LOG_AWAIT_RESERVE || sv->passed == sv->log_version + 1) {
        strbuf_puts(&o->message, "no reserve die is awaited now\n");
        return;
    }
    if (role != SERVE_TABLE && role != a->player) {
        strbuf_printf(&o->message, "this is %s's to say, from their own link\n",
                      record_session_replay(sv->s)->state.cfg.names[a->player]);
        return;
    }
    o->accepted = 1;
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "%s: no reserve die (nothing written: the next line ends the turn)\n",
                  record_session_replay(sv->s)->state.cfg.names[a->player]);
    strbuf_append(&o->message, strbuf_cstr(&text), text.len);
    changed(sv, role, strbuf_cstr(&text));
    sv->passed = sv->log_version + 1;
    strbuf_free(&text);
}

void serve_undo(struct serve_server *sv, int role, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    if (sv->passed == sv->log_version + 1 && (role == SERVE_TABLE || role == record_session_awaited(sv->s)->player)) {
        sv->passed = 0;
        o->accepted = 1;
        strbuf_puts(&o->message, "taken back: a reserve die may still follow\n");
        changed(sv, role, "taken back: a reserve die may still follow\n");
        return;
    }
    if (role >= 0 && sv->war.seat[role].entered) {
        sv->war.seat[role].entered = 0;
        o->accepted = o->undone = 1;
        strbuf_puts(&o->written, "(your war choice)\n");
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "%s took back their war choice\n", record_session_replay(sv->s)->state.cfg.names[role]);
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
    /* A player's undo takes back their statement alone: the table's notes after it stay. */
    struct strbuf err = STRBUF_INIT;
    int rc = role == SERVE_TABLE ? record_session_undo(sv->s, &o->written, &err)
                                 : record_session_undo_statement(sv->s, &o->written, &err);
    if (rc < 0) {
        strbuf_printf(&o->message, "undo failed, nothing changed: %s\n", strbuf_cstr(&err));
    } else {
        if (rc > 0)
            strbuf_printf(&o->message, "%s\n", strbuf_cstr(&err));
        strbuf_reset(&err);
        o->accepted = o->undone = 1;
        struct strbuf text = STRBUF_INIT;
        strbuf_printf(&text, "taken back:\n%s", strbuf_cstr(&o->written));
        changed(sv, role, strbuf_cstr(&text));
        sv->log_version = sv->version;
        strbuf_free(&text);
        if (follow_players(sv, &err) != 0)
            strbuf_printf(&o->message, "no links for the players: %s\n", strbuf_cstr(&err));
    }
    strbuf_free(&err);
    for_phones(sv, o);
}

void serve_server_stop(struct serve_server *sv)
{
    pthread_mutex_lock(&sv->lock);
    sv->stopping = 1;
    pthread_cond_broadcast(&sv->changed);
    pthread_mutex_unlock(&sv->lock);
}
