/* A statement's tree and line built from its value, token by token, with nothing parsed. */
#include "log/build.h"
#include <limits.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/name.h"

/* The line being written and the tree being filled. */
struct emit {
    struct log_ast *ast;
    struct strbuf *out;
    size_t start;           /* where the statement begins in out */
    int line, col;          /* and where that is in the file */
};

static int clamp_int(size_t n)
{
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* Where the text appended to out since byte `at` is. */
static struct log_span since(const struct emit *e, size_t at)
{
    return (struct log_span){e->line, clamp_int((size_t)e->col + (at - e->start)), clamp_int(e->out->len - at)};
}

/* A keyword or separator as it is written; where it is. */
static struct log_span put(struct emit *e, const char *text)
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

/* Sets w's text and normalized form, as the parser stores a word. */
static void set_word(struct emit *e, struct log_word *w, const char *text, int id)
{
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
static void id(struct emit *e, struct log_word *w, const char *text)
{
    w->at = put(e, text);
    set_word(e, w, text, 1);
}

/* A player's name, bare or quoted as the lexer reads it back (log/name.h). */
static void name(struct emit *e, struct log_word *w, const char *text)
{
    size_t at = e->out->len;
    log_write_name(text, e->out);
    w->at = since(e, at);
    w->quoted = e->out->data[at] == '"';
    set_word(e, w, text, 0);
}

static void num(struct emit *e, struct log_num *n, int value)
{
    size_t at = e->out->len;
    strbuf_printf(e->out, "%d", value);
    n->at = since(e, at);
    n->value = value;
}

/* A list of count items of size bytes in the tree (NULL when empty, as the parser leaves it). */
static void *list(struct emit *e, size_t count, size_t size)
{
    if (count == 0)
        return NULL;
    void *p = log_ast_alloc(e->ast, count * size);
    memset(p, 0, count * size);
    return p;
}

/* " R1 R2 ..." after a name. */
static struct log_num *rolls(struct emit *e, const int *r, int n, size_t *count)
{
    struct log_num *out = list(e, (size_t)n, sizeof *out);
    for (int k = 0; k < n; k++) {
        put(e, " ");
        num(e, &out[k], r[k]);
    }
    *count = (size_t)n;
    return out;
}

static enum log_which which_of(enum die_source src)
{
    return src == DIE_OWN ? LOG_WHICH_OWN : src == DIE_SHARED ? LOG_WHICH_SHARED : LOG_WHICH_ANY;
}

/* sheriff, court, court reroll: "[own|shared] FROM TO" after the keywords. */
static void change(struct emit *e, struct log_change *c, const struct move *m)
{
    c->which = which_of(m->source);
    if (c->which != LOG_WHICH_ANY) {
        put(e, " ");
        c->which_at = put(e, c->which == LOG_WHICH_OWN ? "own" : "shared");
    }
    put(e, " ");
    num(e, &c->from, m->die);
    put(e, " ");
    num(e, &c->to, m->to);
}

/* A move's statement, as log_write_move_text writes it. */
static enum log_kind move(struct emit *e, const struct gamedata *gd, const struct move *m, struct log_stmt *st)
{
    struct log_spend *sp = &st->spend;
    switch (m->kind) {
    case MOVE_ASSET:
    case MOVE_ACQUIRE:
    case MOVE_INFLUENCE:
    case MOVE_STORE:
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
        return LOG_SPEND;
    case MOVE_SHERIFF:
        put(e, "sheriff");
        change(e, &st->change, m);
        return LOG_SHERIFF;
    case MOVE_COURT:
        put(e, "court");
        change(e, &st->change, m);
        return LOG_COURT;
    case MOVE_COURT_REROLL:
        put(e, "court ");
        st->change.reroll_at = put(e, "reroll");
        change(e, &st->change, m);
        return LOG_COURT_REROLL;
    case MOVE_SPLIT:
        put(e, "split ");
        num(e, &st->split.die, m->die);
        put(e, " ");
        num(e, &st->split.first_part, m->part[0]);
        put(e, " ");
        id(e, &st->split.first_asset, gd->assets[m->target].id);
        put(e, " ");
        num(e, &st->split.second_part, m->part[1]);
        put(e, " ");
        id(e, &st->split.second_asset, gd->assets[m->target2].id);
        return LOG_SPLIT;
    case MOVE_MARKET:
        put(e, "market ");
        num(e, &st->market.amount, m->amount);
        put(e, " ");
        id(e, &st->market.into, gd->assets[m->target].id);
        return LOG_MARKET;
    }
    return LOG_INVALID;
}

static void outlaws(struct emit *e, const struct game_state *s, const struct bonus_rolls r[], struct log_stmt *st)
{
    size_t n = 0;
    for (int p = 0; p < s->cfg.nplayers; p++)
        n += r[p].nrolls > 0;
    st->outlaws.items = list(e, n, sizeof *st->outlaws.items);
    put(e, "outlaws");
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (r[p].nrolls == 0)
            continue;
        struct log_rolls *x = &st->outlaws.items[st->outlaws.count++];
        put(e, x == st->outlaws.items ? " " : ", ");
        name(e, &x->player, s->cfg.names[p]);
        x->rolls = rolls(e, r[p].rolls, r[p].nrolls, &x->count);
    }
}

/* Seat p's war entry, "NAME support ROLLS" or "NAME avoid". */
static void war_entry(struct emit *e, const struct game_state *s, int p, const struct war_entry *w,
                      struct log_war_entry *x)
{
    name(e, &x->player, s->cfg.names[p]);
    put(e, " ");
    x->choice = w->support ? LOG_WAR_SUPPORT : LOG_WAR_AVOID;
    x->choice_at = put(e, w->support ? "support" : "avoid");
    x->rolls = rolls(e, w->rolls, w->nrolls, &x->count);
}

static void war(struct emit *e, const struct game_state *s, const struct log_decision *d, struct log_stmt *st)
{
    int from = d->player >= 0 ? d->player : 0, to = d->player >= 0 ? d->player + 1 : s->cfg.nplayers;
    st->war.items = list(e, (size_t)(to - from), sizeof *st->war.items);
    put(e, "war");
    for (int p = from; p < to; p++) {
        put(e, p > from ? ", " : " ");
        war_entry(e, s, p, &d->war[p], &st->war.items[st->war.count++]);
    }
}

static void collect(struct emit *e, const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                    struct log_stmt *st)
{
    const struct gamedata *gd = s->gd;
    size_t n = 0;
    for (int l = 0; l < LOCATION_COUNT; l++)
        n += choice[l] >= 0;
    st->collect.items = list(e, n, sizeof *st->collect.items);
    put(e, "collect ");
    name(e, &st->collect.player, s->cfg.names[player]);
    for (int l = 0; l < LOCATION_COUNT; l++) {
        if (choice[l] < 0)
            continue;
        struct log_pick *pk = &st->collect.items[st->collect.count++];
        put(e, pk == st->collect.items ? " " : ", ");
        id(e, &pk->location, gd->locations[l].id);
        put(e, " ");
        id(e, &pk->take, gd->assets[gd->locations[l].bonus_asset[choice[l]]].id);
    }
}

/* One value of a check line: " ID VALUE". */
static void check_value(struct emit *e, struct log_check_item *it, const char *what, int value)
{
    it->kind = LOG_CHECK_VALUE;
    put(e, " ");
    id(e, &it->what, what);
    put(e, " ");
    num(e, &it->value, value);
}

/* A check line of every value of the player, as log_write_check with everything writes it. */
static void check(struct emit *e, const struct game_state *s, int player, struct log_stmt *st)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    st->check.items = list(e, ASSET_COUNT + LOCATION_COUNT + 6, sizeof *st->check.items);
    put(e, "check ");
    name(e, &st->check.player, s->cfg.names[player]);
    struct log_check_item *it = st->check.items;
    for (int a = 0; a < ASSET_COUNT; a++)
        check_value(e, it++, gd->assets[a].id, ps->asset[a]);
    for (int l = 0; l < LOCATION_COUNT; l++)
        check_value(e, it++, gd->locations[l].id, ps->influence[l]);
    check_value(e, it++, "reputation", ps->reputation);
    check_value(e, it++, "pow", engine_pow_full(s, player));
    check_value(e, it++, "score", engine_score(s, player, NULL));
    for (int people = 1; people >= 0; people--, it++) {
        it->kind = people ? LOG_CHECK_PEOPLE : LOG_CHECK_INFRAS;
        put(e, " ");
        id(e, &it->what, people ? "people" : "infrastructures");
        size_t n = 0;
        for (int i = 0; i < gd->nitems; i++)
            n += engine_owns(s, player, i) && log_ids_is_person(gd, i) == people;
        it->ids = list(e, n, sizeof *it->ids);
        for (int i = 0; i < gd->nitems; i++)
            if (engine_owns(s, player, i) && log_ids_is_person(gd, i) == people) {
                put(e, " ");
                id(e, &it->ids[it->count++], gd->items[i].id);
            }
    }
    it->kind = LOG_CHECK_RESERVE;
    put(e, " ");
    id(e, &it->what, "reserve");
    size_t n = 0;
    for (int k = 0; k < gd->reserve_slots; k++)
        n += ps->reserve[k].state == SLOT_AVAILABLE;
    it->values = list(e, n, sizeof *it->values);
    for (int k = 0; k < gd->reserve_slots; k++)
        if (ps->reserve[k].state == SLOT_AVAILABLE) {
            put(e, " ");
            num(e, &it->values[it->count++], ps->reserve[k].value);
        }
    st->check.count = (size_t)(it + 1 - st->check.items);
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
    struct emit e = {ast, out, out->len, line, col};
    st->kind = d->kind;
    switch (d->kind) {
    case LOG_ROUND:
        put(&e, "round ");
        num(&e, &st->round, d->round);
        break;
    case LOG_SHARED:
        put(&e, "shared ");
        num(&e, &st->shared.dice[0], d->dice[0]);
        put(&e, " ");
        num(&e, &st->shared.dice[1], d->dice[1]);
        break;
    case LOG_OUTLAWS:
        outlaws(&e, s, d->rolls, st);
        break;
    case LOG_TURN:
        put(&e, "turn ");
        name(&e, &st->turn.player, s->cfg.names[d->player]);
        put(&e, " ");
        num(&e, &st->turn.dice[0], d->dice[0]);
        put(&e, " ");
        num(&e, &st->turn.dice[1], d->dice[1]);
        break;
    case LOG_WAR:
        war(&e, s, d, st);
        break;
    case LOG_COLLECT:
        collect(&e, s, d->player, d->choice, st);
        break;
    case LOG_CHECK:
        check(&e, s, d->player, st);
        break;
    default:
        st->kind = move(&e, s->gd, &d->move, st);
        break;
    }
    st->at = since(&e, e.start);
    return ast;
}
