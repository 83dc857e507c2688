/* Each game statement's words laid out once (log/emit.h): as text alone, or as text and the
 * tree a parse of it gives, token by token, with nothing parsed (log_build). */
#include "log/build.h"
#include <limits.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/emit.h"
#include "log/ids.h"
#include "log/name.h"

static int clamp_int(size_t n)
{
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* Where the text appended to out since byte `at` is. */
static struct log_span since(const struct log_emit *e, size_t at)
{
    return (struct log_span){e->line, clamp_int((size_t)e->col + (at - e->start)), clamp_int(e->out->len - at)};
}

/* A keyword or separator as it is written; where it is. */
static struct log_span put(struct log_emit *e, const char *text)
{
    size_t at = e->out->len;
    strbuf_puts(e->out, text);
    return since(e, at);
}

/* A byte of a word's normalized form (the parser's: ASCII lower case, '-' for '_' in ids). */
static char fold(char c, int id)
{
    if (c >= 'A' && c <= 'Z')
        return (char)(c - 'A' + 'a');
    return id && c == '_' ? '-' : c;
}

/* Sets w's text and normalized form, as the parser stores a word (nothing for text alone). */
static void set_word(struct log_emit *e, struct log_word *w, const char *text, int id)
{
    if (!w || !e->ast)
        return;
    size_t n = strlen(text);
    w->text = w->norm = log_ast_strndup(e->ast, text, n);
    size_t i = 0;
    while (i < n && fold(text[i], id) == text[i])
        i++;
    if (i == n)
        return;
    char *norm = log_ast_strndup(e->ast, text, n);
    for (; i < n; i++)
        norm[i] = fold(norm[i], id);
    w->norm = norm;
}

/* An id (an asset, a location...), written as it is. */
static void id(struct log_emit *e, struct log_word *w, const char *text)
{
    struct log_span at = put(e, text);
    if (w)
        w->at = at;
    set_word(e, w, text, 1);
}

/* A player's name, bare or quoted as the lexer reads it back (log/name.h). */
static void name(struct log_emit *e, struct log_word *w, const char *text)
{
    size_t at = e->out->len;
    log_write_name(text, e->out);
    if (!w)
        return;
    w->at = since(e, at);
    w->quoted = e->out->data[at] == '"';
    set_word(e, w, text, 0);
}

static void num(struct log_emit *e, struct log_num *n, int value)
{
    char digits[12], *p = digits + sizeof digits;
    unsigned u = value < 0 ? 0u - (unsigned)value : (unsigned)value;
    do
        *--p = (char)('0' + u % 10u);
    while (u /= 10u);
    if (value < 0)
        *--p = '-';
    size_t at = e->out->len;
    strbuf_append(e->out, p, (size_t)(digits + sizeof digits - p));
    if (n) {
        n->at = since(e, at);
        n->value = value;
    }
}

/* A list of count items of size bytes in the tree (NULL when empty, as the parser leaves it,
 * and for text alone). */
static void *list(struct log_emit *e, size_t count, size_t size)
{
    if (count == 0 || !e->ast)
        return NULL;
    void *p = log_ast_alloc(e->ast, count * size);
    memset(p, 0, count * size);
    return p;
}

/* " R1 R2 ..." after a name; the list into *items and *count (NULL: text alone). */
static void rolls(struct log_emit *e, const int *r, int n, struct log_num **items, size_t *count)
{
    struct log_num *to = list(e, (size_t)n, sizeof *to);
    for (int k = 0; k < n; k++) {
        put(e, " ");
        num(e, to ? &to[k] : NULL, r[k]);
    }
    if (items) {
        *items = to;
        *count = (size_t)n;
    }
}

static enum log_which which_of(enum die_source src)
{
    return src == DIE_OWN ? LOG_WHICH_OWN : src == DIE_SHARED ? LOG_WHICH_SHARED : LOG_WHICH_ANY;
}

/* sheriff, court, court reroll: "[own|shared] FROM TO" after the keywords. */
static void change(struct log_emit *e, struct log_change *c, const struct move *m)
{
    enum log_which which = which_of(m->source);
    struct log_span which_at = {0};
    if (which != LOG_WHICH_ANY) {
        put(e, " ");
        which_at = put(e, which == LOG_WHICH_OWN ? "own" : "shared");
    }
    put(e, " ");
    num(e, c ? &c->from : NULL, m->die);
    put(e, " ");
    num(e, c ? &c->to : NULL, m->to);
    if (c) {
        c->which = which;
        c->which_at = which_at;
    }
}

/* A spend: "[reserve] DIE ASSET", "[reserve] DIE attract|build ITEM [PERK]", "[reserve] DIE
 * influence LOCATION", "[reserve] DIE store" (sp: its tree, or scratch for text alone). */
static void spend(struct log_emit *e, const struct gamedata *gd, const struct move *m, struct log_spend *sp)
{
    if (m->from_reserve) {
        sp->reserve = true;
        sp->reserve_at = put(e, "reserve");
        put(e, " ");
    }
    num(e, &sp->die, m->die);
    put(e, " ");
    if (m->kind == MOVE_ASSET) {
        sp->action = LOG_ACT_ASSET;
        id(e, &sp->target, gd->assets[m->target].id);
        sp->action_at = sp->target.at;
    } else if (m->kind == MOVE_ACQUIRE) {
        int person = log_ids_is_person(gd, m->target);
        sp->action = person ? LOG_ACT_ATTRACT : LOG_ACT_BUILD;
        sp->action_at = put(e, person ? "attract" : "build");
        put(e, " ");
        id(e, &sp->target, gd->items[m->target].id);
        if (m->perk) {
            char letter[2] = {m->perk, 0};
            put(e, " ");
            sp->perk = m->perk;
            sp->perk_at = put(e, letter);
        }
    } else if (m->kind == MOVE_INFLUENCE) {
        sp->action = LOG_ACT_INFLUENCE;
        sp->action_at = put(e, "influence");
        put(e, " ");
        id(e, &sp->target, gd->locations[m->target].id);
    } else {
        sp->action = LOG_ACT_STORE;
        sp->action_at = put(e, "store");
    }
}

enum log_kind log_emit_move(struct log_emit *e, const struct gamedata *gd, const struct move *m, struct log_stmt *st)
{
    struct log_change *c = st ? &st->change : NULL;
    switch (m->kind) {
    case MOVE_ASSET:
    case MOVE_ACQUIRE:
    case MOVE_INFLUENCE:
    case MOVE_STORE: {
        struct log_spend scratch = {0};
        spend(e, gd, m, st ? &st->spend : &scratch);
        return LOG_SPEND;
    }
    case MOVE_SHERIFF:
        put(e, "sheriff");
        change(e, c, m);
        return LOG_SHERIFF;
    case MOVE_COURT:
        put(e, "court");
        change(e, c, m);
        return LOG_COURT;
    case MOVE_COURT_REROLL: {
        put(e, "court ");
        struct log_span reroll = put(e, "reroll");
        if (c)
            c->reroll_at = reroll;
        change(e, c, m);
        return LOG_COURT_REROLL;
    }
    case MOVE_SPLIT:
        put(e, "split ");
        num(e, st ? &st->split.die : NULL, m->die);
        put(e, " ");
        num(e, st ? &st->split.first_part : NULL, m->part[0]);
        put(e, " ");
        id(e, st ? &st->split.first_asset : NULL, gd->assets[m->target].id);
        put(e, " ");
        num(e, st ? &st->split.second_part : NULL, m->part[1]);
        put(e, " ");
        id(e, st ? &st->split.second_asset : NULL, gd->assets[m->target2].id);
        return LOG_SPLIT;
    case MOVE_MARKET:
        put(e, "market ");
        num(e, st ? &st->market.amount : NULL, m->amount);
        put(e, " ");
        id(e, st ? &st->market.into : NULL, gd->assets[m->target].id);
        return LOG_MARKET;
    }
    return LOG_INVALID;
}

void log_emit_round(struct log_emit *e, int round, struct log_stmt *st)
{
    put(e, "round ");
    num(e, st ? &st->round : NULL, round);
}

void log_emit_shared(struct log_emit *e, int d1, int d2, struct log_stmt *st)
{
    put(e, "shared ");
    num(e, st ? &st->shared.dice[0] : NULL, d1);
    put(e, " ");
    num(e, st ? &st->shared.dice[1] : NULL, d2);
}

void log_emit_turn(struct log_emit *e, const struct game_state *s, int player, int d1, int d2, struct log_stmt *st)
{
    put(e, "turn ");
    name(e, st ? &st->turn.player : NULL, s->cfg.names[player]);
    put(e, " ");
    num(e, st ? &st->turn.dice[0] : NULL, d1);
    put(e, " ");
    num(e, st ? &st->turn.dice[1] : NULL, d2);
}

void log_emit_outlaws(struct log_emit *e, const struct game_state *s, const struct bonus_rolls r[],
                      struct log_stmt *st)
{
    size_t n = 0, k = 0;
    for (int p = 0; p < s->cfg.nplayers; p++)
        n += r[p].nrolls > 0;
    struct log_rolls *items = list(e, n, sizeof *items);
    put(e, "outlaws");
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (r[p].nrolls == 0)
            continue;
        struct log_rolls *x = items ? &items[k] : NULL;
        put(e, k++ ? ", " : " ");
        name(e, x ? &x->player : NULL, s->cfg.names[p]);
        rolls(e, r[p].rolls, r[p].nrolls, x ? &x->rolls : NULL, x ? &x->count : NULL);
    }
    if (st) {
        st->outlaws.items = items;
        st->outlaws.count = k;
    }
}

void log_emit_war_entry(struct log_emit *e, const struct game_state *s, int p, const struct war_entry *w,
                        struct log_war_entry *x)
{
    name(e, x ? &x->player : NULL, s->cfg.names[p]);
    put(e, " ");
    struct log_span at = put(e, w->support ? "support" : "avoid");
    if (x) {
        x->choice = w->support ? LOG_WAR_SUPPORT : LOG_WAR_AVOID;
        x->choice_at = at;
    }
    rolls(e, w->rolls, w->nrolls, x ? &x->rolls : NULL, x ? &x->count : NULL);
}

void log_emit_war(struct log_emit *e, const struct game_state *s, int from, int to, const struct war_entry w[],
                  struct log_stmt *st)
{
    struct log_war_entry *items = list(e, (size_t)(to - from), sizeof *items);
    put(e, "war");
    for (int p = from; p < to; p++) {
        put(e, p > from ? ", " : " ");
        log_emit_war_entry(e, s, p, &w[p], items ? &items[p - from] : NULL);
    }
    if (st) {
        st->war.items = items;
        st->war.count = (size_t)(to - from);
    }
}

void log_emit_collect(struct log_emit *e, const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                      struct log_stmt *st)
{
    const struct gamedata *gd = s->gd;
    size_t n = 0, k = 0;
    for (int l = 0; l < LOCATION_COUNT; l++)
        n += choice[l] >= 0;
    struct log_pick *items = list(e, n, sizeof *items);
    put(e, "collect ");
    name(e, st ? &st->collect.player : NULL, s->cfg.names[player]);
    for (int l = 0; l < LOCATION_COUNT; l++) {
        if (choice[l] < 0)
            continue;
        struct log_pick *pk = items ? &items[k] : NULL;
        put(e, k++ ? ", " : " ");
        id(e, pk ? &pk->location : NULL, gd->locations[l].id);
        put(e, " ");
        id(e, pk ? &pk->take : NULL, gd->assets[gd->locations[l].bonus_asset[choice[l]]].id);
    }
    if (st) {
        st->collect.items = items;
        st->collect.count = k;
    }
}

/* One value of a check line: " ID VALUE" (it NULL: text alone). */
static void check_value(struct log_emit *e, struct log_check_item *it, const char *what, int value)
{
    put(e, " ");
    id(e, it ? &it->what : NULL, what);
    put(e, " ");
    num(e, it ? &it->value : NULL, value);
    if (it)
        it->kind = LOG_CHECK_VALUE;
}

/* Whether seat p owns item i and it is a person (people 1) or an infrastructure (people 0). */
static int owns_kind(const struct game_state *s, int p, int i, int people)
{
    return engine_owns(s, p, i) && log_ids_is_person(s->gd, i) == people;
}

void log_emit_check(struct log_emit *e, const struct game_state *s, int player, int everything, struct log_stmt *st)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    size_t n = 3 + (everything ? 3 : 0);
    for (int a = 0; e->ast && a < ASSET_COUNT; a++)
        n += everything || ps->asset[a] || a < 3;
    for (int l = 0; e->ast && l < LOCATION_COUNT; l++)
        n += everything || ps->influence[l];
    struct log_check_item *items = list(e, n, sizeof *items);
    size_t k = 0;
    put(e, "check ");
    name(e, st ? &st->check.player : NULL, s->cfg.names[player]);
    for (int a = 0; a < ASSET_COUNT; a++)
        if (everything || ps->asset[a] || a < 3)
            check_value(e, items ? &items[k++] : NULL, gd->assets[a].id, ps->asset[a]);
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (everything || ps->influence[l])
            check_value(e, items ? &items[k++] : NULL, gd->locations[l].id, ps->influence[l]);
    check_value(e, items ? &items[k++] : NULL, "reputation", ps->reputation);
    check_value(e, items ? &items[k++] : NULL, "pow", engine_pow_full(s, player));
    check_value(e, items ? &items[k++] : NULL, "score", engine_score(s, player, NULL));
    if (everything) {
        for (int people = 1; people >= 0; people--) {
            struct log_check_item *it = items ? &items[k++] : NULL;
            put(e, " ");
            id(e, it ? &it->what : NULL, people ? "people" : "infrastructures");
            size_t owned = 0;
            for (int i = 0; it && i < gd->nitems; i++)
                owned += owns_kind(s, player, i, people);
            struct log_word *ids = list(e, owned, sizeof *ids);
            size_t c = 0;
            for (int i = 0; i < gd->nitems; i++)
                if (owns_kind(s, player, i, people)) {
                    put(e, " ");
                    id(e, ids ? &ids[c++] : NULL, gd->items[i].id);
                }
            if (it) {
                it->kind = people ? LOG_CHECK_PEOPLE : LOG_CHECK_INFRAS;
                it->ids = ids;
                it->count = c;
            }
        }
        struct log_check_item *it = items ? &items[k++] : NULL;
        put(e, " ");
        id(e, it ? &it->what : NULL, "reserve");
        size_t avail = 0;
        for (int r = 0; it && r < gd->reserve_slots; r++)
            avail += ps->reserve[r].state == SLOT_AVAILABLE;
        struct log_num *values = list(e, avail, sizeof *values);
        size_t c = 0;
        for (int r = 0; r < gd->reserve_slots; r++)
            if (ps->reserve[r].state == SLOT_AVAILABLE) {
                put(e, " ");
                num(e, values ? &values[c++] : NULL, ps->reserve[r].value);
            }
        if (it) {
            it->kind = LOG_CHECK_RESERVE;
            it->values = values;
            it->count = c;
        }
    }
    if (st) {
        st->check.items = items;
        st->check.count = k;
    }
}

enum log_kind log_decision_kind(const struct log_decision *d)
{
    if (!log_kind_is_turn_body(d->kind))
        return d->kind;
    switch (d->move.kind) {
    case MOVE_SHERIFF: return LOG_SHERIFF;
    case MOVE_COURT: return LOG_COURT;
    case MOVE_COURT_REROLL: return LOG_COURT_REROLL;
    case MOVE_SPLIT: return LOG_SPLIT;
    case MOVE_MARKET: return LOG_MARKET;
    default: return LOG_SPEND;
    }
}

/* Why d makes no statement, or NULL when it makes one. */
static const char *no_statement(const struct game_state *s, const struct log_decision *d)
{
    int any = 0;
    switch (d->kind) {
    case LOG_OUTLAWS:
        for (int p = 0; p < s->cfg.nplayers; p++)
            any |= d->rolls[p].nrolls > 0;
        return any ? NULL : "the outlaws' rolls name no player\n";
    case LOG_WAR:
        for (int p = 0; p < s->cfg.nplayers; p++)
            if ((d->player < 0 || d->player == p) && !d->war[p].support && d->war[p].nrolls > 0)
                return "bonus rolls follow support, not avoid\n";
        return NULL;
    case LOG_COLLECT:
        for (int l = 0; l < LOCATION_COUNT; l++)
            any |= d->choice[l] >= 0;
        return any ? NULL : "a collect line names a location\n";
    default:
        return NULL;
    }
}

struct log_ast *log_build(const struct game_state *s, const struct log_decision *d, const char *file, int line,
                          int col, struct strbuf *out, struct strbuf *why)
{
    const char *none = no_statement(s, d);
    if (none) {
        strbuf_puts(why, none);
        return NULL;
    }
    struct log_ast *ast = xcalloc(1, sizeof *ast);
    ast->file = xstrdup(file ? file : "");
    ast->stmts = xcalloc(1, sizeof *ast->stmts);
    ast->count = ast->cap = 1;
    struct log_stmt *st = &ast->stmts[0];
    struct log_emit e = {ast, out, out->len, line, col};
    st->kind = d->kind;
    switch (d->kind) {
    case LOG_ROUND:
        log_emit_round(&e, d->round, st);
        break;
    case LOG_SHARED:
        log_emit_shared(&e, d->dice[0], d->dice[1], st);
        break;
    case LOG_OUTLAWS:
        log_emit_outlaws(&e, s, d->rolls, st);
        break;
    case LOG_TURN:
        log_emit_turn(&e, s, d->player, d->dice[0], d->dice[1], st);
        break;
    case LOG_WAR:
        log_emit_war(&e, s, d->player >= 0 ? d->player : 0, d->player >= 0 ? d->player + 1 : s->cfg.nplayers,
                     d->war, st);
        break;
    case LOG_COLLECT:
        log_emit_collect(&e, s, d->player, d->choice, st);
        break;
    case LOG_CHECK:
        log_emit_check(&e, s, d->player, 1, st);
        break;
    default:
        st->kind = log_emit_move(&e, s->gd, &d->move, st);
        break;
    }
    st->at = since(&e, e.start);
    return ast;
}
