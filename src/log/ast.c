/* The move-log tree: its arena, log_free(), where its header ends, and the canonical dump used
 * by the golden tests. */
#include "log/ast.h"
#include "core/xalloc.h"
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Arena blocks: statements point into them, so a block never moves once allocated. */
struct log_chunk {
    struct log_chunk *next;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
};

/* Blocks grow with the tree: the first holds what its text suggests (log_ast_expect), each
 * next one as much as those before, up to MAX_CHUNK; a request above BIG_ALLOC gets a block
 * of its own. A one-line tree thus takes a few hundred bytes, a whole game a few blocks. */
enum { MIN_CHUNK = 256, MAX_CHUNK = 64 * 1024, BIG_ALLOC = MAX_CHUNK / 4 };

static struct log_chunk *chunk_new(struct log_ast *ast, size_t cap)
{
    struct log_chunk *c = xmalloc(sizeof *c + cap);
    c->next = NULL;
    c->used = 0;
    c->cap = cap;
    ast->arena_bytes += sizeof *c + cap;
    return c;
}

/* Returns size bytes aligned to `align` (a power of two). */
static void *arena_get(struct log_ast *ast, size_t size, size_t align)
{
    struct log_chunk *c = ast->arena;
    if (c) {
        size_t at = (c->used + align - 1) & ~(align - 1);
        if (at <= c->cap && size <= c->cap - at) {
            c->used = at + size;
            return c->data + at;
        }
    }
    if (size > BIG_ALLOC) {
        /* A big block of its own, kept behind the current block so that block keeps filling. */
        struct log_chunk *big = chunk_new(ast, size);
        big->used = size;
        if (c) {
            big->next = c->next;
            c->next = big;
        } else {
            ast->arena = big;
        }
        return big->data;
    }
    size_t cap = c ? ast->arena_bytes : ast->arena_first;
    cap = cap < MIN_CHUNK ? MIN_CHUNK : cap > MAX_CHUNK ? MAX_CHUNK : cap;
    if (cap < size)
        cap = size;
    c = chunk_new(ast, cap);
    c->next = ast->arena;
    ast->arena = c;
    c->used = size;
    return c->data;
}

void log_ast_expect(struct log_ast *ast, size_t bytes)
{
    ast->arena_first = bytes;
}

size_t log_ast_bytes(const struct log_ast *ast)
{
    return sizeof *ast + ast->arena_bytes + ast->cap * sizeof *ast->stmts + strlen(ast->file) + 1;
}

void *log_ast_alloc(struct log_ast *ast, size_t size)
{
    return arena_get(ast, size ? size : 1, alignof(max_align_t));
}

char *log_ast_strndup(struct log_ast *ast, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        abort();
    /* Strings need no alignment: most fit at the end of the current block. */
    struct log_chunk *c = ast->arena;
    char *p;
    if (c && n < c->cap - c->used) {
        p = (char *)c->data + c->used;
        c->used += n + 1;
    } else {
        p = arena_get(ast, n + 1, 1);
    }
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void log_free(struct log_ast *ast)
{
    if (!ast)
        return;
    struct log_chunk *c = ast->arena;
    while (c) {
        struct log_chunk *next = c->next;
        free(c);
        c = next;
    }
    free(ast->stmts);
    free(ast->file);
    free(ast);
}

static const char *const kind_names[LOG_KIND_COUNT] = {
    [LOG_INVALID] = "invalid",       [LOG_VERSION] = "xii",
    [LOG_GAME] = "game",             [LOG_PLAYERS] = "players",
    [LOG_TOWN] = "town",             [LOG_DIFFICULTY] = "difficulty",
    [LOG_EVENTS] = "events",         [LOG_SOLO] = "solo",
    [LOG_VARIANT] = "variant",       [LOG_ROUND] = "round",
    [LOG_SHARED] = "shared",         [LOG_OUTLAWS] = "outlaws",
    [LOG_TURN] = "turn",             [LOG_SPEND] = "spend",
    [LOG_SHERIFF] = "sheriff",       [LOG_COURT] = "court",
    [LOG_COURT_REROLL] = "court-reroll", [LOG_SPLIT] = "split",
    [LOG_MARKET] = "market",         [LOG_WAR] = "war",
    [LOG_COLLECT] = "collect",       [LOG_CHECK] = "check",
};
_Static_assert(sizeof kind_names / sizeof kind_names[0] == LOG_KIND_COUNT, "one name per kind");

int log_is_header_kind(enum log_kind k)
{
    return k != LOG_INVALID && k < LOG_ROUND;
}

int log_game_started(const struct log_ast *ast)
{
    for (size_t i = 0; i < ast->count; i++) {
        const struct log_stmt *st = &ast->stmts[i];
        enum log_kind k = st->kind == LOG_INVALID ? st->invalid.attempted : st->kind;
        if (k >= LOG_ROUND)
            return 1;
    }
    return 0;
}

const char *log_kind_name(enum log_kind kind)
{
    if ((unsigned)kind >= LOG_KIND_COUNT || !kind_names[kind])
        return "invalid";
    return kind_names[kind];
}

bool log_kind_is_turn_body(enum log_kind kind)
{
    return kind == LOG_SPEND || kind == LOG_SHERIFF || kind == LOG_COURT || kind == LOG_COURT_REROLL ||
           kind == LOG_SPLIT || kind == LOG_MARKET;
}

/* --- dump ------------------------------------------------------------------------------------ */

static void put_at(struct strbuf *out, struct log_span at)
{
    strbuf_printf(out, "@%d", at.col);
}

/* Separates arguments with one space, except right after an opening parenthesis. */
static void sp(struct strbuf *out)
{
    if (out->len && out->data[out->len - 1] != '(')
        strbuf_putc(out, ' ');
}

/* An id: its normalized form, then [as written] when that differs. */
static void put_id(struct strbuf *out, const struct log_word *w)
{
    sp(out);
    strbuf_puts(out, w->norm);
    if (strcmp(w->norm, w->text) != 0) {
        strbuf_putc(out, '[');
        strbuf_puts(out, w->text);
        strbuf_putc(out, ']');
    }
    put_at(out, w->at);
}

/* A player name, title or town name: always quoted, exactly as written. */
static void put_name(struct strbuf *out, const struct log_word *w)
{
    sp(out);
    strbuf_json_string(out, w->text);
    put_at(out, w->at);
}

/* A keyword: its canonical spelling, then [as written] when that differs. */
static void put_kw(struct strbuf *out, const char *canonical, const struct log_word *w)
{
    sp(out);
    strbuf_puts(out, canonical);
    if (strcmp(canonical, w->text) != 0) {
        strbuf_putc(out, '[');
        strbuf_puts(out, w->text);
        strbuf_putc(out, ']');
    }
    put_at(out, w->at);
}

static void put_span_kw(struct strbuf *out, const char *canonical, struct log_span at)
{
    sp(out);
    strbuf_puts(out, canonical);
    put_at(out, at);
}

static void put_num(struct strbuf *out, const struct log_num *n)
{
    sp(out);
    strbuf_printf(out, "%d", n->value);
    put_at(out, n->at);
}

static void put_nums(struct strbuf *out, const struct log_num *v, size_t count)
{
    for (size_t i = 0; i < count; i++)
        put_num(out, &v[i]);
}

static const char *const action_names[] = {
    [LOG_ACT_ASSET] = "asset", [LOG_ACT_ATTRACT] = "attract", [LOG_ACT_BUILD] = "build",
    [LOG_ACT_INFLUENCE] = "influence", [LOG_ACT_STORE] = "store",
};

static void dump_spend(struct strbuf *out, const struct log_spend *s)
{
    if (s->reserve)
        put_span_kw(out, "reserve", s->reserve_at);
    put_num(out, &s->die);
    if (s->action == LOG_ACT_ASSET)
        strbuf_puts(out, " asset");
    else
        put_span_kw(out, action_names[s->action], s->action_at);
    if (s->target.text)
        put_id(out, &s->target);
    if (s->perk) {
        strbuf_printf(out, " perk %c", s->perk);
        put_at(out, s->perk_at);
    }
}

static void dump_change(struct strbuf *out, const struct log_stmt *st)
{
    const struct log_change *c = &st->change;
    if (st->kind == LOG_COURT_REROLL)
        put_span_kw(out, "reroll", c->reroll_at);
    if (c->which != LOG_WHICH_ANY)
        put_span_kw(out, c->which == LOG_WHICH_OWN ? "own" : "shared", c->which_at);
    put_num(out, &c->from);
    put_num(out, &c->to);
}

static const char *const check_kw[] = {
    [LOG_CHECK_PEOPLE] = "people", [LOG_CHECK_INFRAS] = "infrastructures",
    [LOG_CHECK_RESERVE] = "reserve",
};

static void dump_check(struct strbuf *out, const struct log_stmt *st)
{
    put_name(out, &st->check.player);
    for (size_t i = 0; i < st->check.count; i++) {
        const struct log_check_item *it = &st->check.items[i];
        strbuf_puts(out, " (");
        if (it->kind == LOG_CHECK_VALUE) {
            put_id(out, &it->what);
            put_num(out, &it->value);
        } else {
            put_kw(out, check_kw[it->kind], &it->what);
            if (it->kind == LOG_CHECK_RESERVE)
                put_nums(out, it->values, it->count);
            else
                for (size_t j = 0; j < it->count; j++)
                    put_id(out, &it->ids[j]);
        }
        strbuf_putc(out, ')');
    }
}

static void dump_stmt(struct strbuf *out, const struct log_stmt *st)
{
    strbuf_printf(out, "%d:%d+%d %s", st->at.line, st->at.col, st->at.len, log_kind_name(st->kind));
    switch (st->kind) {
    case LOG_INVALID:
        if (st->invalid.attempted != LOG_INVALID)
            strbuf_printf(out, " %s", log_kind_name(st->invalid.attempted));
        break;
    case LOG_VERSION: put_num(out, &st->version); break;
    case LOG_GAME: put_name(out, &st->game); break;
    case LOG_PLAYERS:
        for (size_t i = 0; i < st->players.count; i++)
            put_name(out, &st->players.names[i]);
        break;
    case LOG_TOWN:
        put_name(out, &st->town.player);
        put_name(out, &st->town.name);
        break;
    case LOG_DIFFICULTY: put_id(out, &st->difficulty); break;
    case LOG_EVENTS:
        for (size_t i = 0; i < st->events.count; i++) {
            const struct log_event *e = &st->events.items[i];
            strbuf_puts(out, " (");
            put_num(out, &e->round);
            if (e->name.text)
                put_id(out, &e->name);
            else
                put_num(out, &e->die);
            strbuf_putc(out, ')');
        }
        break;
    case LOG_SOLO: put_id(out, &st->solo); break;
    case LOG_VARIANT:
        for (size_t i = 0; i < st->variant.count; i++)
            put_id(out, &st->variant.items[i]);
        break;
    case LOG_ROUND: put_num(out, &st->round); break;
    case LOG_SHARED: put_nums(out, st->shared.dice, 2); break;
    case LOG_OUTLAWS:
        for (size_t i = 0; i < st->outlaws.count; i++) {
            const struct log_rolls *r = &st->outlaws.items[i];
            strbuf_puts(out, " (");
            put_name(out, &r->player);
            put_nums(out, r->rolls, r->count);
            strbuf_putc(out, ')');
        }
        break;
    case LOG_TURN:
        put_name(out, &st->turn.player);
        put_nums(out, st->turn.dice, 2);
        break;
    case LOG_SPEND: dump_spend(out, &st->spend); break;
    case LOG_SHERIFF:
    case LOG_COURT:
    case LOG_COURT_REROLL: dump_change(out, st); break;
    case LOG_SPLIT:
        put_num(out, &st->split.die);
        put_num(out, &st->split.first_part);
        put_id(out, &st->split.first_asset);
        put_num(out, &st->split.second_part);
        put_id(out, &st->split.second_asset);
        break;
    case LOG_MARKET:
        put_num(out, &st->market.amount);
        put_id(out, &st->market.into);
        break;
    case LOG_WAR:
        for (size_t i = 0; i < st->war.count; i++) {
            const struct log_war_entry *e = &st->war.items[i];
            strbuf_puts(out, " (");
            put_name(out, &e->player);
            put_span_kw(out, e->choice == LOG_WAR_SUPPORT ? "support" : "avoid", e->choice_at);
            put_nums(out, e->rolls, e->count);
            strbuf_putc(out, ')');
        }
        break;
    case LOG_COLLECT:
        put_name(out, &st->collect.player);
        for (size_t i = 0; i < st->collect.count; i++) {
            const struct log_pick *pk = &st->collect.items[i];
            strbuf_puts(out, " (");
            put_id(out, &pk->location);
            put_id(out, &pk->take);
            strbuf_putc(out, ')');
        }
        break;
    case LOG_CHECK: dump_check(out, st); break;
    case LOG_KIND_COUNT: break;
    }
    strbuf_putc(out, '\n');
}

void log_dump(const struct log_ast *ast, struct strbuf *out)
{
    for (size_t i = 0; i < ast->count; i++)
        dump_stmt(out, &ast->stmts[i]);
    if (ast->stopped)
        strbuf_printf(out, "stopped at line %d\n", ast->stop_line);
}
