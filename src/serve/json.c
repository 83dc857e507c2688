/* jansson objects for the state and the answers, written by core/json.h. */
#include "serve/json.h"
#include <stdlib.h>
#include <string.h>
#include "core/json.h"
#include "core/text.h"
#include "core/xalloc.h"
#include "audit/report.h"
#include "record/text.h"
#include "rules/engine.h"
#include "serve/choices.h"
#include "serve/hint.h"

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

/* The legal moves of the turn awaited, as listed for this version (choices.h): each with its
 * index (what the page posts), its die, its line and the audit's waste mark. */
static json_t *moves(const struct serve_choices *c)
{
    json_t *arr = json_array();
    for (size_t k = 0; k < c->nmoves; k++) {
        const struct serve_move_choice *x = &c->moves[k];
        json_t *o = json_object();
        set_int(o, "index", (long long)k);
        set_str(o, "line", x->line);
        set_str(o, "kind", x->m.kind == MOVE_MARKET ? "market" : "die");
        set_int(o, "die", x->m.die);
        json_object_set_new(o, "reserve", json_boolean(x->m.from_reserve));
        set_str(o, "source", x->m.source == DIE_SHARED ? "shared" : x->m.source == DIE_OWN ? "own" : "any");
        json_object_set_new(o, "waste", json_boolean(x->wastes));
        json_array_append_new(arr, o);
    }
    return arr;
}

/* The location choices owed this round, as whole collect lines, for the seats role may enter. */
static json_t *collect_lines(const struct serve_choices *c, int role)
{
    json_t *arr = json_array();
    for (size_t k = 0; k < c->ncollects; k++) {
        const struct serve_collect_choice *x = &c->collects[k];
        if (role != SERVE_TABLE && role != x->seat)
            continue;
        json_t *o = json_object();
        set_int(o, "index", (long long)k);
        set_int(o, "seat", x->seat + 1);
        set_str(o, "line", x->line);
        json_array_append_new(arr, o);
    }
    return arr;
}

/* What comes after a turn whose four dice are spent, if no reserve die follows. */
static json_t *then(const struct serve_server *sv)
{
    const struct log_await *a = record_session_awaited(sv->s);
    if (a->kind != LOG_AWAIT_RESERVE)
        return json_null();
    json_t *o = json_object();
    set_str(o, "kind", log_await_kind_name(a->then));
    json_object_set_new(o, "seat", seat_or_null(a->then_player));
    set_int(o, "round", a->then_round);
    json_object_set_new(o, "passed", json_boolean(sv->passed == sv->log_version + 1));
    return o;
}

static json_t *awaited(struct serve_server *sv, int role)
{
    const struct record_session *s = sv->s;
    const struct log_await *a = record_session_awaited(s);
    json_t *o = json_object();
    struct strbuf sb = STRBUF_INIT;
    int started = record_session_started(s);
    /* Before round 1: the header, until it is whole and round 1 may begin. */
    set_str(o, "kind", started || (record_session_replay(s)->started && a->kind == LOG_AWAIT_ROUND) ? log_await_kind_name(a->kind)
                                                                                    : "header");
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
        set_int(d, "slot", k);
        json_array_append_new(dice, d);
    }
    json_object_set_new(o, "dice", dice);
    json_t *reserve = json_array();
    for (int k = 0; k < a->nreserve; k++)
        json_array_append_new(reserve, json_integer(a->reserve[k]));
    json_object_set_new(o, "reserve", reserve);
    json_object_set_new(o, "reserve_seat", a->nreserve ? seat_or_null(a->player) : json_null());
    int yours = role == SERVE_TABLE ? seat < 0 : seat == role;
    json_object_set_new(o, "yours", json_boolean(yours));
    json_object_set_new(o, "then", then(sv));
    /* The decisions, listed once per version of FILE: the moves for the seat whose turn it is
     * and for the table only; the location choices for the seats the link may enter. */
    serve_choices_update(&sv->choices, s, sv->log_version);
    json_object_set_new(o, "moves", role == SERVE_TABLE || seat == role ? moves(&sv->choices) : json_array());
    json_object_set_new(o, "collect", collect_lines(&sv->choices, role));
    if (a->pending >> LOG_AWAIT_WAR & 1u) {
        json_t *war = json_array();
        for (int p = 0; p < record_session_replay(s)->state.cfg.nplayers; p++) {
            json_t *e = json_object();
            set_int(e, "seat", p + 1);
            set_int(e, "rolls_due", a->rolls_due[p]);
            json_object_set_new(e, "must_avoid", json_boolean(a->must_avoid[p]));
            json_object_set_new(e, "entered", json_boolean(sv->war.seat[p].entered));
            /* What was entered, to the player who entered it. */
            if (sv->war.seat[p].entered && role == p) {
                json_object_set_new(e, "support", json_boolean(sv->war.seat[p].support));
                json_t *r = json_array();
                for (int k = 0; k < sv->war.seat[p].nrolls; k++)
                    json_array_append_new(r, json_integer(sv->war.seat[p].rolls[k]));
                json_object_set_new(e, "rolls", r);
            }
            json_array_append_new(war, e);
        }
        json_object_set_new(o, "war", war);
    }
    if (a->pending >> LOG_AWAIT_OUTLAWS & 1u) {
        json_t *due = json_array();
        for (int p = 0; p < record_session_replay(s)->state.cfg.nplayers; p++)
            json_array_append_new(due, json_integer(a->rolls_due[p]));
        json_object_set_new(o, "outlaws_rolls_due", due);
    }
    return o;
}

/* The seats whose check line follows the end of the game. */
static unsigned checked_at_end(const struct record_session *s)
{
    unsigned seats = 0;
    if (record_session_replay(s)->state.phase != PHASE_GAME_OVER)
        return 0;
    for (size_t i = record_session_statements(s); i-- > 0;) {
        const struct log_stmt *st = log_live_stmt(record_session_live(s), i);
        if (st->kind != LOG_CHECK)
            break;
        int seat = record_statement_seat(s, st);
        if (seat >= 0)
            seats |= 1u << seat;
    }
    return seats;
}

/* The final standings: each player's score by category and the winners; solo, the objective. */
static json_t *standings(const struct record_session *s)
{
    const struct game_state *st = &record_session_replay(s)->state;
    if (st->phase != PHASE_GAME_OVER)
        return json_null();
    json_t *o = json_object();
    int winners[XII_MAX_PLAYERS];
    int nw = engine_winners(st, winners);
    unsigned checked = checked_at_end(s);
    json_t *arr = json_array();
    for (int p = 0; p < st->cfg.nplayers; p++) {
        struct score_breakdown b;
        engine_score(st, p, &b);
        json_t *e = json_object();
        set_int(e, "seat", p + 1);
        set_str(e, "name", st->cfg.names[p]);
        set_int(e, "score", b.total);
        set_int(e, "assets", b.assets);
        set_int(e, "reputation", b.reputation);
        set_int(e, "people", b.people);
        set_int(e, "infrastructures", b.infrastructures);
        set_int(e, "castle", b.castle);
        set_int(e, "pow", engine_pow_full(st, p));
        int won = 0;
        for (int k = 0; k < nw; k++)
            won |= winners[k] == p;
        json_object_set_new(e, "winner", json_boolean(won));
        json_object_set_new(e, "checked", json_boolean(checked >> p & 1u));
        json_array_append_new(arr, e);
    }
    json_object_set_new(o, "players", arr);
    if (st->cfg.nplayers == 1 && st->cfg.objective >= 0) {
        json_t *obj = json_object();
        set_str(obj, "name", record_session_gd(s)->objectives[st->cfg.objective].name ? record_session_gd(s)->objectives[st->cfg.objective].name
                                                                       : record_session_gd(s)->objectives[st->cfg.objective].id);
        json_object_set_new(obj, "achieved", json_boolean(engine_objective_achieved(st) == 1));
        json_object_set_new(o, "objective", obj);
    }
    return o;
}

/* Each player's values where the awaited decision is taken (before a turn's end that a
 * reserve die may still reopen), the sheet as text, and the reserve dice left. */
static json_t *players(const struct record_session *s)
{
    json_t *arr = json_array();
    if (!record_session_replay(s)->started)
        return arr;
    const struct game_state *st = log_await_state(record_session_replay(s), record_session_awaited(s));
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
        json_t *reserve = json_array();
        for (int k = 0; k < record_session_gd(s)->reserve_slots && k < GD_MAX_RESERVE_SLOTS; k++)
            if (st->p[p].reserve[k].state == SLOT_AVAILABLE || st->p[p].reserve[k].state == SLOT_NEW)
                json_array_append_new(reserve, json_integer(st->p[p].reserve[k].value));
        json_object_set_new(o, "reserve", reserve);
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

void serve_json_state(struct serve_server *sv, int role, struct strbuf *out)
{
    const struct record_session *s = sv->s;
    json_t *o = json_object();
    set_int(o, "version", (long long)sv->version);
    json_t *you = json_object();
    set_str(you, "role", role == SERVE_TABLE ? "table" : "player");
    json_object_set_new(you, "seat", seat_or_null(role));
    if (role >= 0 && role < record_session_replay(s)->state.cfg.nplayers)
        set_str(you, "name", record_session_replay(s)->state.cfg.names[role]);
    else if (role == SERVE_TABLE)
        set_str(you, "name", "the table");
    json_object_set_new(o, "you", you);
    size_t count = record_session_statements(s);
    set_int(o, "statements", (long long)count);
    json_object_set_new(o, "started", json_boolean(record_session_replay(s)->started));
    json_object_set_new(o, "game_over", json_boolean(record_session_replay(s)->state.phase == PHASE_GAME_OVER));
    json_object_set_new(o, "players", players(s));
    json_object_set_new(o, "standings", standings(s));
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
    json_object_set_new(o, "log", log_tail(record_session_text(s), 12));
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
                     const char *goal, size_t statements, unsigned long version, struct strbuf *out)
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
    json_object_set_new(j, "ranked_by", json_text(goal));
    json_object_set_new(j, "seconds", json_fixed(SERVE_HINT_SECONDS, 1));
    set_int(j, "rollouts", SERVE_HINT_ROLLOUTS);
    set_int(j, "statements", (long long)statements);
    set_int(j, "version", (long long)version);
    dump(j, out);
}
