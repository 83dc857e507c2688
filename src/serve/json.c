/* jansson objects for the state and the answers, written by core/json.h. */
#include "log/write.h"
#include "serve/json.h"
#include <stdlib.h>
#include <string.h>
#include "core/json.h"
#include "core/text.h"
#include "core/xalloc.h"
#include "log/name.h"
#include "audit/report.h"
#include "record/shortform.h"
#include "record/text.h"
#include "rules/engine.h"

static void dump(json_t *v, struct strbuf *out)
{
    json_doc_write(v, NULL, out);
    json_decref(v);
}

/* A JSON string of text; bytes that are not UTF-8 (a refused line's, quoted in the message)
 * are written escaped, as on a terminal. */
static json_t *text_string(const char *value)
{
    json_t *v = json_string(value);
    if (!v) {
        struct strbuf e = STRBUF_INIT;
        text_escape(&e, value, strlen(value));
        v = json_string(strbuf_cstr(&e));
        strbuf_free(&e);
    }
    return v;
}

static void set_str(json_t *o, const char *key, const char *value)
{
    json_object_set_new(o, key, text_string(value));
}

static void set_int(json_t *o, const char *key, long long value)
{
    json_object_set_new(o, key, json_integer(value));
}

static json_t *seat_or_null(int seat)
{
    return seat >= 0 ? json_integer(seat + 1) : json_null();
}

/* The legal lines of the turn awaited: one per move the engine lists. */
static json_t *moves(const struct record_session *s)
{
    json_t *arr = json_array();
    const struct log_await *a = &s->await;
    if (a->kind != LOG_AWAIT_DIE && a->kind != LOG_AWAIT_RESERVE)
        return arr;
    const struct game_state *st = log_await_state(s->replay, a);
    size_t n = engine_legal_moves(st, 0, NULL, 0);
    struct move *m = xmalloc((n ? n : 1) * sizeof *m);
    n = engine_legal_moves(st, 0, m, n);
    struct strbuf line = STRBUF_INIT;
    for (size_t k = 0; k < n; k++) {
        strbuf_reset(&line);
        log_write_move_text(s->gd, &m[k], &line);
        json_t *o = json_object();
        set_str(o, "line", strbuf_cstr(&line));
        set_int(o, "die", m[k].die);
        json_object_set_new(o, "reserve", json_boolean(m[k].from_reserve));
        json_array_append_new(arr, o);
    }
    strbuf_free(&line);
    free(m);
    return arr;
}

/* The location choices still owed this round, as collect lines, per seat. */
static json_t *collect_lines(const struct record_session *s)
{
    json_t *arr = json_array();
    if (!(s->await.pending >> LOG_AWAIT_COLLECT & 1u))
        return arr;
    const struct game_state *st = &s->replay->state;
    struct round_missing m;
    engine_round_missing(st, &m);
    struct strbuf line = STRBUF_INIT;
    for (int p = 0; p < st->cfg.nplayers; p++)
        for (int l = 0; l < LOCATION_COUNT; l++) {
            if (!(m.collect[p] >> l & 1u))
                continue;
            const struct gd_location *loc = &s->gd->locations[l];
            for (int k = 0; k < loc->nbonus; k++) {
                strbuf_reset(&line);
                strbuf_puts(&line, "collect ");
                log_write_name(st->cfg.names[p], &line);
                strbuf_printf(&line, " %s %s", loc->id, s->gd->assets[loc->bonus_asset[k]].id);
                json_t *o = json_object();
                set_int(o, "seat", p + 1);
                set_str(o, "line", strbuf_cstr(&line));
                json_array_append_new(arr, o);
            }
        }
    strbuf_free(&line);
    return arr;
}

static json_t *awaited(const struct serve_server *sv, int role)
{
    const struct record_session *s = sv->s;
    const struct log_await *a = &s->await;
    json_t *o = json_object();
    struct strbuf sb = STRBUF_INIT;
    int started = record_session_started(s);
    set_str(o, "kind", started ? log_await_kind_name(a->kind) : "header");
    int seat = a->kind == LOG_AWAIT_COLLECT ? a->collect_player : a->player;
    if (!started)
        seat = -1;
    json_object_set_new(o, "seat", seat_or_null(seat));
    set_int(o, "round", a->round);
    record_text_awaited(s, &sb);
    set_str(o, "text", strbuf_cstr(&sb));
    strbuf_reset(&sb);
    record_text_prompt(s, &sb);
    set_str(o, "prompt", strbuf_cstr(&sb));
    strbuf_reset(&sb);
    record_text_example(s, &sb);
    set_str(o, "example", strbuf_cstr(&sb));
    strbuf_free(&sb);
    json_t *pending = json_array();
    for (int k = 0; k < LOG_AWAIT_KIND_COUNT; k++)
        if (a->pending >> k & 1u)
            json_array_append_new(pending, json_string(log_await_kind_name((enum log_await_kind)k)));
    json_object_set_new(o, "pending", pending);
    json_t *dice = json_array();
    for (int k = 0; k < a->ndice && (a->kind == LOG_AWAIT_DIE || a->kind == LOG_AWAIT_RESERVE); k++) {
        json_t *d = json_object();
        set_int(d, "value", a->dice[k].value);
        json_object_set_new(d, "shared", json_boolean(a->dice[k].shared));
        json_object_set_new(d, "restricted", json_boolean(a->dice[k].restricted));
        json_array_append_new(dice, d);
    }
    json_object_set_new(o, "dice", dice);
    json_t *reserve = json_array();
    for (int k = 0; k < a->nreserve; k++)
        json_array_append_new(reserve, json_integer(a->reserve[k]));
    json_object_set_new(o, "reserve", reserve);
    int yours = role == SERVE_TABLE ? seat < 0 : seat == role;
    json_object_set_new(o, "yours", json_boolean(yours));
    /* The legal lines: for the seat whose turn it is, and for the table. */
    json_object_set_new(o, "moves", role == SERVE_TABLE || seat == role ? moves(s) : json_array());
    json_object_set_new(o, "collect", collect_lines(s));
    if (a->pending >> LOG_AWAIT_WAR & 1u) {
        json_t *war = json_array();
        for (int p = 0; p < s->replay->state.cfg.nplayers; p++) {
            json_t *e = json_object();
            set_int(e, "seat", p + 1);
            set_int(e, "rolls_due", a->rolls_due[p]);
            json_object_set_new(e, "must_avoid", json_boolean(a->must_avoid[p]));
            json_object_set_new(e, "entered", json_boolean(sv->war.seat[p].entered));
            json_array_append_new(war, e);
        }
        json_object_set_new(o, "war", war);
    }
    if (a->pending >> LOG_AWAIT_OUTLAWS & 1u) {
        json_t *due = json_array();
        for (int p = 0; p < s->replay->state.cfg.nplayers; p++)
            json_array_append_new(due, json_integer(a->rolls_due[p]));
        json_object_set_new(o, "outlaws_rolls_due", due);
    }
    return o;
}

static json_t *players(const struct record_session *s)
{
    json_t *arr = json_array();
    if (!s->replay->started)
        return arr;
    const struct game_state *st = &s->replay->state;
    struct strbuf sb = STRBUF_INIT;
    for (int p = 0; p < st->cfg.nplayers; p++) {
        json_t *o = json_object();
        set_int(o, "seat", p + 1);
        set_str(o, "name", st->cfg.names[p]);
        set_int(o, "population", st->p[p].asset[A_POPULATION]);
        set_int(o, "food", st->p[p].asset[A_FOOD]);
        set_int(o, "supply", st->p[p].asset[A_SUPPLY]);
        set_int(o, "reputation", st->p[p].reputation);
        set_int(o, "pow", engine_pow_full(st, p));
        set_int(o, "score", engine_score(st, p, NULL));
        strbuf_reset(&sb);
        log_report_player(st, p, 1, &sb);
        set_str(o, "sheet", strbuf_cstr(&sb));
        json_array_append_new(arr, o);
    }
    strbuf_free(&sb);
    return arr;
}

/* The last lines of FILE. */
static json_t *log_tail(const struct strbuf *text, int n)
{
    const char *t = strbuf_cstr(text);
    size_t start = text->len;
    if (start > 0 && t[start - 1] == '\n')
        start--;
    for (int k = 0; start > 0;) {
        if (t[start - 1] == '\n' && ++k == n)
            break;
        start--;
    }
    return text_string(t + start);
}

void serve_json_state(const struct serve_server *sv, int role, struct strbuf *out)
{
    const struct record_session *s = sv->s;
    json_t *o = json_object();
    set_int(o, "version", (long long)sv->version);
    json_t *you = json_object();
    set_str(you, "role", role == SERVE_TABLE ? "table" : "player");
    json_object_set_new(you, "seat", seat_or_null(role));
    if (role >= 0 && role < s->replay->state.cfg.nplayers)
        set_str(you, "name", s->replay->state.cfg.names[role]);
    json_object_set_new(o, "you", you);
    size_t count = record_session_statements(s);
    set_int(o, "statements", (long long)count);
    json_object_set_new(o, "started", json_boolean(s->replay->started));
    json_object_set_new(o, "game_over", json_boolean(s->replay->state.phase == PHASE_GAME_OVER));
    json_object_set_new(o, "players", players(s));
    json_object_set_new(o, "awaited", awaited(sv, role));
    json_t *news = json_array();
    for (int i = 0; i < sv->nnews; i++) {
        json_t *n = json_object();
        set_int(n, "version", (long long)sv->news[i].version);
        json_object_set_new(n, "by", seat_or_null(sv->news[i].role));
        set_str(n, "text", sv->news[i].text);
        json_array_append_new(news, n);
    }
    json_object_set_new(o, "narration", news);
    json_object_set_new(o, "log", log_tail(&s->text, 12));
    dump(o, out);
}

void serve_json_outcome(const struct serve_outcome *o, unsigned long version, struct strbuf *out)
{
    json_t *j = json_object();
    json_object_set_new(j, "accepted", json_boolean(o->accepted));
    json_object_set_new(j, "waiting", json_boolean(o->waiting));
    json_object_set_new(j, "undone", json_boolean(o->undone));
    json_object_set_new(j, "mismatch", json_boolean(o->mismatch));
    set_str(j, "message", strbuf_cstr(&o->message));
    set_str(j, "written", strbuf_cstr(&o->written));
    set_str(j, "narration", strbuf_cstr(&o->narration));
    set_str(j, "warnings", strbuf_cstr(&o->warnings));
    set_int(j, "version", (long long)version);
    dump(j, out);
}

void serve_json_error(const char *message, struct strbuf *out)
{
    json_t *j = json_object();
    set_str(j, "error", message);
    dump(j, out);
}

void serve_json_hint(const char *report, const char *message, const struct strbuf *plans, int nplans,
                     size_t statements, unsigned long version, struct strbuf *out)
{
    json_t *j = json_object();
    json_object_set_new(j, "hint", report ? text_string(report) : json_null());
    set_str(j, "message", message);
    json_t *arr = json_array();
    for (int k = 0; k < nplans; k++) {
        json_t *lines = json_array();
        const char *p = strbuf_cstr(&plans[k]);
        while (*p) {
            size_t n = strcspn(p, "\n");
            size_t lead = strspn(p, " ");
            if (lead < n) {
                char *line = xstrndup(p + lead, n - lead);
                json_array_append_new(lines, text_string(line));
                free(line);
            }
            p += n + (p[n] == '\n');
        }
        json_t *plan = json_object();
        json_object_set_new(plan, "lines", lines);
        json_array_append_new(arr, plan);
    }
    json_object_set_new(j, "plans", arr);
    set_int(j, "statements", (long long)statements);
    set_int(j, "version", (long long)version);
    dump(j, out);
}
