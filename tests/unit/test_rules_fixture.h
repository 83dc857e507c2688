/* Shared helpers for the rules-engine tests: the default game data, a game with named players,
 * moves built from ids, and a check that a refused move changes nothing. Include after test.h. */
#ifndef TEST_RULES_FIXTURE_H
#define TEST_RULES_FIXTURE_H
#include <stdio.h>
#include <string.h>
#include "rules/engine.h"
#include "gamedata_fixture.h"

/* A refusal's rule id as text, NULL for none. */
static inline const char *fx_rule(const struct refusal *r)
{
    return rule_id_text(r->rule);
}

/* A refusal's sentence (refusal_text) for the players of s; kept until four more calls. */
static inline const char *fx_text(const struct game_state *s, const struct refusal *r)
{
    static char texts[4][512];
    static int next;
    char *t = texts[next++ % 4];
    struct strbuf sb = STRBUF_INIT;
    refusal_text(s->gd ? s->gd : &GD, &s->cfg, r, &sb);
    snprintf(t, sizeof texts[0], "%s", strbuf_cstr(&sb));
    strbuf_free(&sb);
    return t;
}

static inline int fx_asset(const char *id)
{
    int a = gamedata_asset(&GD, id, strlen(id));
    assert_true(a >= 0);
    return a;
}

static inline int fx_item(const char *id)
{
    int i = gamedata_item(&GD, id, strlen(id));
    assert_true(i >= 0);
    return i;
}

static inline int fx_loc(const char *id)
{
    int l = gamedata_location(&GD, id, strlen(id));
    assert_true(l >= 0);
    return l;
}

static inline struct game_config fx_config(int nplayers)
{
    static const char *const names[] = {"Jack", "Tom", "Martha", "Mary", "Ann"};
    struct game_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nplayers = nplayers;
    for (int p = 0; p < nplayers; p++)
        snprintf(cfg.names[p], sizeof cfg.names[p], "%s", names[p]);
    cfg.difficulty = GD.default_difficulty;
    for (int r = 0; r <= GD_ROUNDS; r++)
        cfg.events[r] = -1;
    cfg.objective = -1;
    return cfg;
}

/* A new game with no events. */
static inline void fx_game(struct game_state *s, int nplayers)
{
    struct game_config cfg = fx_config(nplayers);
    struct refusal why;
    assert_int_equal(engine_new_game(s, &GD, &cfg, NULL, &why), 0);
}

/* Gives player p an item (with a perk letter for special ones) as if acquired. */
static inline void fx_give(struct game_state *s, int p, const char *id, char perk)
{
    int i = fx_item(id);
    const struct gd_item *it = &GD.items[i];
    s->p[p].owned |= 1u << i;
    const struct gd_perk *pk = NULL;
    if (gamedata_is_special(it)) {
        s->p[p].perk[i] = perk;
        pk = &it->perks[perk == 'b' ? 1 : 0];
    } else if (it->nperks) {
        pk = &it->perks[0];
    }
    if (pk && pk->id != PERK_NONE)
        s->p[p].perk_item[pk->id] = (signed char)i;
}

/* Begins round 1 (or the next round) with these shared dice and the next player's turn. */
static inline void fx_turn(struct game_state *s, int s1, int s2, int d1, int d2)
{
    struct refusal why;
    if (s->phase != PHASE_ROUND) {
        assert_int_equal(engine_begin_round(s, s->round + 1, NULL, &why), 0);
    }
    if (!s->shared_set)
        assert_int_equal(engine_set_shared(s, s1, s2, &why), 0);
    int rc = engine_begin_turn(s, engine_next_player(s), d1, d2, &why);
    if (rc)
        fprintf(stderr, "begin_turn: %s: %s\n", fx_rule(&why), fx_text(s, &why));
    assert_int_equal(rc, 0);
}

static inline struct move fx_move(enum move_kind kind, int die)
{
    struct move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.die = die;
    m.source = DIE_ANY;
    return m;
}

static inline struct move fx_inc(int die, const char *asset)
{
    struct move m = fx_move(MOVE_ASSET, die);
    m.target = fx_asset(asset);
    return m;
}

static inline struct move fx_acq(int die, const char *item, char perk)
{
    struct move m = fx_move(MOVE_ACQUIRE, die);
    m.target = fx_item(item);
    m.perk = perk;
    return m;
}

static inline struct move fx_inf(int die, const char *loc)
{
    struct move m = fx_move(MOVE_INFLUENCE, die);
    m.target = fx_loc(loc);
    return m;
}

static inline struct move fx_res(struct move m)
{
    m.from_reserve = 1;
    return m;
}

static inline struct move fx_ability(enum move_kind kind, int from, int to, enum die_source src)
{
    struct move m = fx_move(kind, from);
    m.to = to;
    m.source = src;
    return m;
}

static inline struct move fx_split(int die, int p, const char *a, int q, const char *b)
{
    struct move m = fx_move(MOVE_SPLIT, die);
    m.part[0] = p;
    m.part[1] = q;
    m.target = fx_asset(a);
    m.target2 = fx_asset(b);
    return m;
}

static inline struct move fx_market(int amount, const char *to)
{
    struct move m = fx_move(MOVE_MARKET, 0);
    m.amount = amount;
    m.target = fx_asset(to);
    return m;
}

/* Applies a move that must be accepted; returns the note's rule (or NULL). */
static inline const char *fx_ok(struct game_state *s, struct move m, struct history *h)
{
    static struct refusal why;
    int rc = engine_apply(s, &m, h, &why);
    if (rc)
        fprintf(stderr, "refused: %s: %s\n", fx_rule(&why), fx_text(s, &why));
    assert_int_equal(rc, 0);
    return fx_rule(&why);
}

/* Applies a move that must be refused for `rule`, checks that nothing changed; returns the
 * message. */
static inline const char *fx_refused(struct game_state *s, struct move m, const char *rule)
{
    static struct refusal why;
    struct game_state before = *s;
    struct history h = HISTORY_INIT;
    int rc = engine_apply(s, &m, &h, &why);
    if (rc == 0 || strcmp(fx_rule(&why), rule) != 0)
        fprintf(stderr, "expected %s, got %s: %s\n", rule, rc ? fx_rule(&why) : "(accepted)",
                rc ? fx_text(s, &why) : "");
    assert_int_equal(rc, -1);
    assert_string_equal(fx_rule(&why), rule);
    assert_int_equal(engine_check(&before, &m, NULL), -1);
    assert_memory_equal(&before, s, sizeof before);
    assert_int_equal(h.count, 0);
    history_free(&h);
    return fx_text(s, &why);
}

static inline int fx_val(const struct game_state *s, int p, const char *asset)
{
    return s->p[p].asset[fx_asset(asset)];
}

static inline void fx_set(struct game_state *s, int p, const char *asset, int v)
{
    s->p[p].asset[fx_asset(asset)] = v;
}

/* Ends the current turn; the turn must have spent every die. */
static inline void fx_end(struct game_state *s, struct history *h)
{
    struct turn_end te;
    struct refusal why;
    assert_int_equal(engine_end_turn(s, h, &te, &why), 0);
    if (te.unspent.rule)
        fprintf(stderr, "%s\n", fx_text(s, &te.unspent));
    assert_int_equal(te.unspent.rule, RULE_NONE);
}

#endif
