/* The game-data loader: statements of templates/xii-century.rules into struct gamedata. */
#include "rules/gamedata.h"
#include "rules/gamedata_lex.h"
#include "core/embedded.h"
#include "core/readfile.h"
#include "core/xalloc.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const asset_ids[ASSET_COUNT] = {
    "population", "food", "supply", "farms", "men-at-arms", "knights", "strong-ale",
    "stone-houses", "monks", "mercenaries", "masons", "bread",
};
static const char *const location_ids[LOCATION_COUNT] = {"grassland", "farmland", "quarry", "forest"};
static const char *const event_ids[EVENT_COUNT] = {
    "fire", "plague", "famine", "civil-war", "outlaws-attack", "water-storm",
};

struct perk_info {
    const char *id;
    int min_params, max_params;
    int on_asset;       /* an asset perk (1) or an item perk (0) */
};

static const struct perk_info perk_table[PERK_COUNT] = {
    [PERK_NONE] = {"none", 0, 0, 0},
    [PERK_EFFECTIVE_POPULATION] = {"effective-population", 1, 1, 1},
    [PERK_INFRA_SUPPLY_DISCOUNT] = {"infra-supply-discount", 1, 1, 1},
    [PERK_NEVER_LOST] = {"never-lost", 0, 0, 1},
    [PERK_MARKET] = {"market", 0, 0, 0},
    [PERK_NO_FEEDING_FULL_BREAD] = {"no-feeding-full-bread", 1, 1, 0},
    [PERK_FOOD_DIE_BONUS] = {"food-die-bonus", 2, 2, 0},
    [PERK_DIE_PLUS] = {"die-plus", 1, 1, 0},
    [PERK_DIE_MINUS] = {"die-minus", 1, 1, 0},
    [PERK_TWO_DICE_SAME_ASSET] = {"two-dice-same-asset", 0, 0, 0},
    [PERK_SPLIT_DIE] = {"split-die", 0, 0, 0},
    [PERK_RESERVE_ADD] = {"reserve-add", 1, GD_MAX_PERK_PARAMS, 0},
    [PERK_FOOD_PER_FARMS] = {"food-per-farms", 1, 1, 0},
    [PERK_BREAD_DISCOUNT] = {"bread-discount", 1, 1, 0},
    [PERK_FAMINE_KEEPS_POPULATION] = {"famine-keeps-population", 0, 0, 0},
    [PERK_ROUND_FOOD] = {"round-food", 1, 1, 0},
    [PERK_DIE_CHANGE] = {"die-change", 2, 2, 0},
    [PERK_REROLL_LOW] = {"reroll-low", 1, 1, 0},
    [PERK_INFRA_POW] = {"infra-pow", 1, 1, 0},
    [PERK_VP_PER_STONE_HOUSE] = {"vp-per-stone-house", 1, 1, 0},
};

/* Top-level statements with numbers, each given once (bonus-roll up to GD_MAX_BONUS_ROLLS
 * times), with the form the "missing" error shows. */
enum setting {
    SET_RESERVE, SET_FEEDING, SET_REPUTATION, SET_MAX_SAME, SET_WAR, SET_BONUS_ROLL, SET_PENALTY,
    SET_CAP, SET_DEFAULT, SETTING_COUNT
};

static const char *const settings[SETTING_COUNT + 1] = {
    "reserve", "feeding", "reputation-score", "max-same-event", "war-reputation", "bonus-roll",
    "advanced-die-penalty", "asset-cap", "default-difficulty", NULL,
};

static const char *const setting_forms[SETTING_COUNT] = {
    "reserve slots N start ... per-turn N", "feeding N", "reputation-score VP per N",
    "max-same-event N", "war-reputation highest N other N sole N", NULL,
    "advanced-die-penalty N", "asset-cap N", "default-difficulty ID",
};

struct loader {
    struct gamedata *gd;
    const char *file;
    struct diag_list *dl;
    int errors;
    struct srcpos asset_pos[ASSET_COUNT];
    struct srcpos location_pos[LOCATION_COUNT];
    struct srcpos event_pos[EVENT_COUNT];
    struct srcpos setting_pos[SETTING_COUNT];  /* where each setting was given (line 0: not) */
    struct gd_tok default_difficulty;
};

/* A cursor over one statement's tokens. */
/* The room for the keys of an entry (keys[] below), to find one given twice. */
#define KEY_SLOTS 32

struct cur {
    struct loader *ld;
    const struct gd_stmt *st;
    size_t i;
    const struct gd_tok *seen[KEY_SLOTS];   /* where each key was given in this entry */
};

static void err_at(struct loader *ld, struct srcpos pos, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void err_at(struct loader *ld, struct srcpos pos, size_t len, const char *fmt, ...)
{
    if (++ld->errors > GD_MAX_ERRORS)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_add(ld->dl, DIAG_ERROR, ld->file, pos, (int)len, "data", "%s", msg);
}

static void fill_placeholders(struct loader *ld, char **text, const int *values, int n, int pow,
                              struct srcpos pos);

static const struct gd_tok *peek(struct cur *c)
{
    return c->i < c->st->ntoks ? &c->st->toks[c->i] : NULL;
}

static const struct gd_tok *last_tok(struct cur *c)
{
    return &c->st->toks[c->st->ntoks - 1];
}

/* Position just after the statement's last token, for "expected ... at end" errors. */
static struct srcpos end_pos(struct cur *c)
{
    const struct gd_tok *t = last_tok(c);
    struct srcpos p = t->pos;
    p.col += (int)t->len + (t->kind == GT_STRING ? 2 : 0);
    return p;
}

static char *tok_str(const struct gd_tok *t)
{
    return xstrndup(t->text, t->len);
}

static const char *tok_kind_name(const struct gd_tok *t)
{
    switch (t->kind) {
    case GT_WORD: return "word";
    case GT_NUMBER: return "number";
    case GT_OP_GE: return "'>='";
    case GT_OP_EQ: return "'='";
    case GT_STRING: return "string";
    case GT_TAG: return "confidence mark";
    }
    return "token";
}

static void expected(struct cur *c, const char *what)
{
    const struct gd_tok *t = peek(c);
    if (t)
        err_at(c->ld, t->pos, t->len, "expected %s, found %s '%.*s'", what, tok_kind_name(t),
               (int)(t->len > 40 ? 40 : t->len), t->text);
    else
        err_at(c->ld, end_pos(c), 1, "expected %s at the end of the statement", what);
}

static int want_number(struct cur *c, const char *what, int lo, int hi, int *out)
{
    const struct gd_tok *t = peek(c);
    if (!t || t->kind != GT_NUMBER) {
        expected(c, what);
        return -1;
    }
    if (t->number < lo || t->number > hi) {
        err_at(c->ld, t->pos, t->len, "%s must be from %d to %d, found %.*s%s", what, lo, hi,
               (int)(t->len > 20 ? 20 : t->len), t->text, t->len > 20 ? "..." : "");
        c->i++;
        return -1;
    }
    *out = t->number;
    c->i++;
    return 0;
}

static int want_string(struct cur *c, const char *what, char **out)
{
    const struct gd_tok *t = peek(c);
    if (!t || t->kind != GT_STRING) {
        expected(c, what);
        return -1;
    }
    free(*out);
    *out = tok_str(t);
    c->i++;
    return 0;
}

/* An optional confidence mark after a value. */
static conf_t take_conf(struct cur *c)
{
    const struct gd_tok *t = peek(c);
    if (t && t->kind == GT_TAG) {
        c->i++;
        return t->text[0];
    }
    return 'S';
}

static int find_word(const struct gd_tok *t, const char *const *ids, int n)
{
    for (int i = 0; i < n; i++)
        if (gd_tok_is(t, ids[i]))
            return i;
    return -1;
}

static int want_asset(struct cur *c, int *out)
{
    const struct gd_tok *t = peek(c);
    int a = t && t->kind == GT_WORD ? find_word(t, asset_ids, ASSET_COUNT) : -1;
    if (a < 0) {
        if (t && t->kind == GT_WORD)
            err_at(c->ld, t->pos, t->len, "unknown asset '%.*s' (the assets are population, food, supply, farms, men-at-arms, knights, strong-ale, stone-houses, monks, mercenaries, masons, bread)", (int)(t->len > 40 ? 40 : t->len), t->text);
        else
            expected(c, "an asset id");
        if (t)
            c->i++;
        return -1;
    }
    *out = a;
    c->i++;
    return 0;
}

static int item_index(const struct gamedata *gd, const struct gd_tok *t)
{
    for (int i = 0; i < gd->nitems; i++)
        if (gd_tok_is(t, gd->items[i].id))
            return i;
    return -1;
}

/* The keys that can follow a statement's id; a requirement list stops at any of them. */
static const char *const keys[] = {
    "name", "class", "max", "die", "vp", "pow", "infra-pow", "produce", "requires", "cost",
    "perk", "note", "min", "bonus", "letters", "text", "halve", "lose", "zero",
    "no-farm-production", "ban-people", "if-pow-below", "rounds", "good", "fixed", NULL,
};

_Static_assert(sizeof keys / sizeof keys[0] <= KEY_SLOTS, "KEY_SLOTS is too small");

/* The keys an entry may give more than once: each one adds (a perk, a requirement, a cost, a
 * bonus, an effect). Any other key given twice is an error: the loader would keep the last. */
static const char *const repeatable_keys[] = {
    "perk", "requires", "cost", "bonus", "halve", "lose", "zero", "ban-people", NULL,
};

/* Reports a key given a second time in one entry, naming both places. */
static void key_once(struct cur *c, const struct gd_tok *key)
{
    for (int i = 0; keys[i]; i++) {
        if (!gd_tok_is(key, keys[i]))
            continue;
        for (int r = 0; repeatable_keys[r]; r++)
            if (strcmp(keys[i], repeatable_keys[r]) == 0)
                return;
        const struct gd_tok *first = c->seen[i];
        if (first)
            err_at(c->ld, key->pos, key->len,
                   "'%s' is given twice in this entry (first at line %d, column %d): give it once",
                   keys[i], first->pos.line, first->pos.col);
        else
            c->seen[i] = key;
        return;
    }
}

static int is_key(const struct gd_tok *t)
{
    for (int i = 0; keys[i]; i++)
        if (gd_tok_is(t, keys[i]))
            return 1;
    return 0;
}

/* requires COND...: ASSET>=N, ASSET=N, reputation>=N, score>=N (objectives) or an item id. */
static void parse_requires(struct cur *c, struct gd_req *req, int *nreq, int allow_score)
{
    struct loader *ld = c->ld;
    int any = 0;
    const struct gd_tok *t;
    while ((t = peek(c)) && t->kind == GT_WORD && !is_key(t)) {
        struct gd_req r = {0};
        any = 1;
        const struct gd_tok *op = c->i + 1 < c->st->ntoks ? &c->st->toks[c->i + 1] : NULL;
        if (op && (op->kind == GT_OP_GE || op->kind == GT_OP_EQ)) {
            int a = find_word(t, asset_ids, ASSET_COUNT);
            if (a >= 0) {
                r.kind = op->kind == GT_OP_GE ? REQ_ASSET_GE : REQ_ASSET_EQ;
                r.asset = a;
            } else if (gd_tok_is(t, "reputation") && op->kind == GT_OP_GE) {
                r.kind = REQ_REPUTATION_GE;
            } else if (allow_score && gd_tok_is(t, "score") && op->kind == GT_OP_GE) {
                r.kind = REQ_SCORE_GE;
            } else {
                err_at(ld, t->pos, t->len, "cannot require '%.*s%.*s': expected an asset, 'reputation>='%s",
                       (int)t->len, t->text, (int)op->len, op->text, allow_score ? " or 'score>='" : "");
                c->i += 2;
                if (peek(c) && peek(c)->kind == GT_NUMBER)
                    c->i++;
                continue;
            }
            c->i += 2;
            if (want_number(c, "a required amount", 0, 999, &r.value) != 0)
                continue;
        } else {
            int it = item_index(ld->gd, t);
            if (it < 0) {
                err_at(ld, t->pos, t->len, "unknown requirement '%.*s': expected ASSET>=N, ASSET=N or the id of a person or infrastructure",
                       (int)(t->len > 40 ? 40 : t->len), t->text);
                c->i++;
                continue;
            }
            r.kind = REQ_HAS;
            r.item = it;
            c->i++;
        }
        r.conf = take_conf(c);
        if (*nreq >= GD_MAX_REQS) {
            err_at(ld, t->pos, t->len, "too many requirements (at most %d)", GD_MAX_REQS);
            continue;
        }
        req[(*nreq)++] = r;
    }
    if (!any)
        expected(c, "a requirement");
}

/* cost N ASSET [N ASSET]... */
static void parse_cost(struct cur *c, struct gd_cost *cost, int *ncost)
{
    int any = 0;
    const struct gd_tok *t;
    while ((t = peek(c)) && t->kind == GT_NUMBER) {
        struct gd_cost k = {0};
        if (want_number(c, "a cost", 1, 999, &k.amount) != 0 || want_asset(c, &k.asset) != 0)
            return;
        k.conf = take_conf(c);
        if (*ncost >= GD_MAX_COSTS) {
            err_at(c->ld, t->pos, t->len, "too many costs (at most %d)", GD_MAX_COSTS);
            return;
        }
        cost[(*ncost)++] = k;
        any = 1;
    }
    if (!any)
        expected(c, "a cost (a number and an asset)");
}

/* perk [a|b] PERK-ID PARAMS... "wording" [conf] */
static void parse_perk(struct cur *c, struct gd_perk *perks, int *nperks, int special, int on_asset)
{
    struct loader *ld = c->ld;
    int slot = 0;
    const struct gd_tok *t = peek(c);
    if (special) {
        if (!t || !(gd_tok_is(t, "a") || gd_tok_is(t, "b"))) {
            expected(c, "the perk letter a or b");
            return;
        }
        slot = gd_tok_is(t, "b");
        if (perks[slot].id != PERK_NONE) {
            err_at(ld, t->pos, t->len, "duplicate perk %c", 'a' + slot);
            return;
        }
        c->i++;
    } else {
        if (t && (gd_tok_is(t, "a") || gd_tok_is(t, "b"))) {
            err_at(ld, t->pos, t->len, "only special people and infrastructures have perks a and b");
            return;
        }
        if (perks[0].id != PERK_NONE) {
            err_at(ld, t ? t->pos : end_pos(c), 1, "a normal item or asset has at most one perk");
            return;
        }
    }
    t = peek(c);
    if (!t || t->kind != GT_WORD) {
        expected(c, "a perk id");
        return;
    }
    int id = -1;
    for (int p = 1; p < PERK_COUNT; p++)
        if (gd_tok_is(t, perk_table[p].id))
            id = p;
    if (id < 0) {
        err_at(ld, t->pos, t->len, "unknown perk '%.*s': the program knows no such behaviour", (int)(t->len > 40 ? 40 : t->len), t->text);
        return;
    }
    if (perk_table[id].on_asset != on_asset) {
        err_at(ld, t->pos, t->len, "perk '%s' belongs to %s", perk_table[id].id, perk_table[id].on_asset ? "an asset" : "a person or infrastructure");
        return;
    }
    c->i++;
    struct gd_perk *p = &perks[slot];
    p->id = (enum perk_id)id;
    while ((t = peek(c)) && t->kind == GT_NUMBER) {
        if (p->nparams >= perk_table[id].max_params) {
            err_at(ld, t->pos, t->len, "perk '%s' takes at most %d number%s", perk_table[id].id,
                   perk_table[id].max_params, perk_table[id].max_params == 1 ? "" : "s");
            return;
        }
        /* Out of range: reported, and read as 0 so that the wording after it still reads. */
        if (want_number(c, "a perk's number", 0, 999, &p->params[p->nparams]) != 0)
            p->params[p->nparams] = 0;
        p->nparams++;
    }
    if (p->nparams < perk_table[id].min_params) {
        expected(c, perk_table[id].min_params == 1 ? "the perk's number" : "the perk's numbers");
        return;
    }
    const struct gd_tok *text = peek(c);
    if (want_string(c, "the perk's wording in quotes", &p->text) != 0)
        return;
    fill_placeholders(ld, &p->text, p->params, p->nparams, 0, text->pos);
    p->conf = take_conf(c);
    if (slot + 1 > *nperks)
        *nperks = slot + 1;
}

/* Replaces {1}..{9} in text with values[0..8] and {pow} with pow; a placeholder with no value
 * is an error at the text's position. */
static void fill_placeholders(struct loader *ld, char **text, const int *values, int n, int pow,
                              struct srcpos pos)
{
    if (!*text || !strchr(*text, '{'))
        return;
    struct strbuf sb = STRBUF_INIT;
    for (const char *p = *text; *p; p++) {
        if (*p == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' && p[1] - '1' < n) {
            strbuf_printf(&sb, "%d", values[p[1] - '1']);
            p += 2;
        } else if (*p == '{' && strncmp(p, "{pow}", 5) == 0 && pow > 0) {
            strbuf_printf(&sb, "%d", pow);
            p += 4;
        } else if (*p == '{') {
            err_at(ld, pos, 1, "the text has a placeholder with no value: '%.5s'", p);
            break;
        } else {
            strbuf_putc(&sb, *p);
        }
    }
    free(*text);
    *text = strbuf_detach(&sb);
}

static void set_num(struct cur *c, struct gd_num *n, const char *what, int lo, int hi)
{
    if (want_number(c, what, lo, hi, &n->value) == 0)
        n->conf = take_conf(c);
}

/* Keys shared by assets and items. Returns 1 if the key was one of them. */
static int parse_common_key(struct cur *c, const struct gd_tok *key, char **name, conf_t *name_conf,
                            struct gd_num *die, struct gd_num *vp, struct gd_num *pow,
                            struct gd_req *req, int *nreq, struct gd_cost *cost, int *ncost,
                            char **note)
{
    if (gd_tok_is(key, "name")) {
        if (want_string(c, "a name in quotes", name) == 0) {
            conf_t cf = take_conf(c);
            if (name_conf)
                *name_conf = cf;
        }
    } else if (gd_tok_is(key, "die")) {
        set_num(c, die, "a die value", 1, 6);
    } else if (gd_tok_is(key, "vp")) {
        set_num(c, vp, "a VP value", 0, 999);
    } else if (gd_tok_is(key, "pow")) {
        set_num(c, pow, "a POW value", 0, 999);
    } else if (gd_tok_is(key, "requires")) {
        parse_requires(c, req, nreq, 0);
    } else if (gd_tok_is(key, "cost")) {
        parse_cost(c, cost, ncost);
    } else if (gd_tok_is(key, "note")) {
        want_string(c, "a note in quotes", note);
    } else {
        return 0;
    }
    return 1;
}

static void unknown_key(struct cur *c, const struct gd_tok *key, const char *stmt)
{
    err_at(c->ld, key->pos, key->len, "unexpected '%.*s' in %s statement", (int)(key->len > 40 ? 40 : key->len), key->text, stmt);
}

/* Loops over the keys left in the statement; each body consumes the key's values. */
#define FOR_EACH_KEY(c, key)                                                     \
    for (const struct gd_tok *key; ((key) = peek(c)) != NULL && ((c)->i++, key_once(c, key), 1);)

static void parse_asset(struct cur *c, int a)
{
    struct loader *ld = c->ld;
    struct gd_asset *as = &ld->gd->assets[a];
    int have_class = 0, have_max = 0;
    FOR_EACH_KEY(c, key) {
        if (parse_common_key(c, key, &as->name, NULL, &as->die, &as->vp, &as->pow, as->req,
                             &as->nreq, as->cost, &as->ncost, &as->note))
            continue;
        if (gd_tok_is(key, "class")) {
            const struct gd_tok *t = peek(c);
            static const char *const cls[] = {"basic", "advanced", "special"};
            int k = t ? find_word(t, cls, 3) : -1;
            if (k < 0) {
                expected(c, "basic, advanced or special");
                if (t)
                    c->i++;
                continue;
            }
            as->cls = (enum asset_class)k;
            have_class = 1;
            c->i++;
        } else if (gd_tok_is(key, "max")) {
            const struct gd_tok *t = peek(c);
            have_max = 1;
            if (t && t->kind == GT_WORD) {
                if (want_asset(c, &as->max_ref) == 0) {
                    as->max_ref_conf = take_conf(c);
                    if (as->max_ref == a)
                        err_at(ld, t->pos, t->len, "the MAX of %s cannot be itself", asset_ids[a]);
                }
            } else {
                set_num(c, &as->max, "a MAX", 0, 999);
            }
        } else if (gd_tok_is(key, "produce")) {
            set_num(c, &as->produce, "how many units make 1 food", 1, 99);
        } else if (gd_tok_is(key, "perk")) {
            int n = 0;
            parse_perk(c, &as->perk, &n, 0, 1);
        } else {
            unknown_key(c, key, "an asset");
        }
    }
    if (!have_class)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "asset %s needs 'class basic|advanced|special'", asset_ids[a]);
    if (!have_max)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "asset %s needs a 'max'", asset_ids[a]);
    if (as->cls == CLASS_SPECIAL && as->die.value == 0)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "special asset %s needs the die value it takes ('die N')", asset_ids[a]);
}

static void parse_item(struct cur *c, struct gd_item *it)
{
    struct loader *ld = c->ld;
    int special = gamedata_is_special(it);
    FOR_EACH_KEY(c, key) {
        if (parse_common_key(c, key, &it->name, &it->name_conf, &it->die, &it->vp, &it->pow,
                             it->req, &it->nreq, it->cost, &it->ncost, &it->note))
            continue;
        if (gd_tok_is(key, "infra-pow")) {
            set_num(c, &it->infra_pow, "a POW value", 0, 999);
        } else if (gd_tok_is(key, "perk")) {
            parse_perk(c, it->perks, &it->nperks, special, 0);
        } else {
            unknown_key(c, key, item_kind_name(it->kind));
        }
    }
    const struct gd_tok *head = &c->st->toks[0];
    if (special && it->die.value == 0)
        err_at(ld, head->pos, head->len, "special %s '%s' needs the die value it takes ('die N')",
               it->kind == KIND_SPECIAL_PERSON ? "person" : "infrastructure", it->id);
    if (special && (it->nperks != 2 || it->perks[0].id == PERK_NONE || it->perks[1].id == PERK_NONE))
        err_at(ld, head->pos, head->len, "special item '%s' needs two perks, 'perk a ...' and 'perk b ...'", it->id);
    if (!special && it->die.value != 0)
        err_at(ld, head->pos, head->len, "only special items take an exact die value");
}

static void parse_location(struct cur *c, int l)
{
    struct loader *ld = c->ld;
    struct gd_location *lo = &ld->gd->locations[l];
    int nmin = -1;
    FOR_EACH_KEY(c, key) {
        if (gd_tok_is(key, "name")) {
            want_string(c, "a name in quotes", &lo->name);
        } else if (gd_tok_is(key, "min")) {
            nmin = 0;
            const struct gd_tok *t;
            while ((t = peek(c)) && t->kind == GT_NUMBER) {
                if (nmin >= GD_ROUNDS) {
                    err_at(ld, t->pos, t->len, "a MIN row has %d values, one per round: found more", GD_ROUNDS);
                    break;
                }
                if (want_number(c, "a MIN value", 0, 999, &lo->min[nmin]) != 0)
                    lo->min[nmin] = 0;    /* reported; the row still reads */
                nmin++;
            }
            if (nmin > 0 && nmin < GD_ROUNDS)
                err_at(ld, key->pos, key->len, "a MIN row needs %d values, one per round: found %d", GD_ROUNDS, nmin);
            else if (nmin == 0)
                expected(c, "the MIN influence of each round");
            lo->min_conf = take_conf(c);
        } else if (gd_tok_is(key, "bonus")) {
            lo->nbonus = 0;
            for (;;) {
                int amount, asset;
                if (want_number(c, "a bonus amount", 1, 99, &amount) != 0 || want_asset(c, &asset) != 0)
                    break;
                lo->bonus_amount[lo->nbonus] = amount;
                lo->bonus_asset[lo->nbonus] = asset;
                lo->nbonus++;
                lo->bonus_conf = take_conf(c);
                const struct gd_tok *t = peek(c);
                if (!t || !gd_tok_is(t, "or"))
                    break;
                if (lo->nbonus == 2) {
                    err_at(ld, t->pos, t->len, "a bonus offers at most two choices");
                    break;
                }
                c->i++;
            }
        } else {
            unknown_key(c, key, "a location");
        }
    }
    if (nmin < 0)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "location %s needs its 'min' row", location_ids[l]);
    if (lo->nbonus == 0)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "location %s needs a 'bonus'", location_ids[l]);
}

static void add_effect(struct cur *c, struct gd_event *ev, const struct gd_tok *key, struct gd_effect e)
{
    e.conf = take_conf(c);
    if (ev->neff >= GD_MAX_EFFECTS) {
        err_at(c->ld, key->pos, key->len, "too many effects (at most %d)", GD_MAX_EFFECTS);
        return;
    }
    ev->eff[ev->neff++] = e;
}

static void parse_event(struct cur *c, int e)
{
    struct loader *ld = c->ld;
    struct gd_event *ev = &ld->gd->events[e];
    struct srcpos text_pos = {0, 0};
    FOR_EACH_KEY(c, key) {
        struct gd_effect eff = {0};
        if (gd_tok_is(key, "name")) {
            want_string(c, "a name in quotes", &ev->name);
        } else if (gd_tok_is(key, "die")) {
            want_number(c, "a die value", 1, 6, &ev->die);
        } else if (gd_tok_is(key, "letters")) {
            want_string(c, "the letters written on the track, in quotes", &ev->letters);
        } else if (gd_tok_is(key, "text")) {
            text_pos = peek(c) ? peek(c)->pos : key->pos;
            want_string(c, "the effect's wording in quotes", &ev->text);
        } else if (gd_tok_is(key, "if-pow-below")) {
            want_number(c, "the POW per round", 1, 99, &ev->pow_below_per_round);
        } else if (gd_tok_is(key, "halve") || gd_tok_is(key, "zero")) {
            eff.kind = gd_tok_is(key, "halve") ? EFF_HALVE : EFF_ZERO;
            if (want_asset(c, &eff.asset) == 0)
                add_effect(c, ev, key, eff);
        } else if (gd_tok_is(key, "lose")) {
            eff.kind = EFF_LOSE;
            if (want_number(c, "an amount", 1, 999, &eff.amount) == 0 && want_asset(c, &eff.asset) == 0)
                add_effect(c, ev, key, eff);
        } else if (gd_tok_is(key, "no-farm-production")) {
            eff.kind = EFF_NO_FARM_PRODUCTION;
            add_effect(c, ev, key, eff);
        } else if (gd_tok_is(key, "ban-people")) {
            eff.kind = EFF_BAN_PEOPLE;
            add_effect(c, ev, key, eff);
        } else {
            unknown_key(c, key, "an event");
        }
    }
    int amounts[GD_MAX_EFFECTS];
    for (int i = 0; i < ev->neff; i++)
        amounts[i] = ev->eff[i].amount;
    fill_placeholders(ld, &ev->text, amounts, ev->neff, ev->pow_below_per_round, text_pos);
    const struct gd_tok *head = &c->st->toks[0];
    if (ev->die == 0)
        err_at(ld, head->pos, head->len, "event %s needs its die value ('die N')", event_ids[e]);
    if (!ev->letters)
        err_at(ld, head->pos, head->len, "event %s needs its 'letters'", event_ids[e]);
    if (ev->neff == 0)
        err_at(ld, head->pos, head->len, "event %s has no effect", event_ids[e]);
}

static int event_word(const struct gd_tok *t)
{
    return t->kind == GT_WORD ? find_word(t, event_ids, EVENT_COUNT) : -1;
}

static void parse_difficulty(struct cur *c, struct gd_difficulty *d)
{
    struct loader *ld = c->ld;
    int have_good = 0;
    for (int r = 0; r <= GD_ROUNDS; r++)
        d->fixed_event[r] = -1;
    d->good_high = -1;
    FOR_EACH_KEY(c, key) {
        if (gd_tok_is(key, "name")) {
            want_string(c, "a name in quotes", &d->name);
        } else if (gd_tok_is(key, "rounds")) {
            const struct gd_tok *t;
            int any = 0;
            while ((t = peek(c)) && t->kind == GT_NUMBER) {
                int r;
                if (want_number(c, "a round", 1, GD_ROUNDS, &r) != 0)
                    continue;
                if (d->has_event[r])
                    err_at(ld, t->pos, t->len, "round %d is listed twice", r);
                d->has_event[r] = 1;
                any = 1;
            }
            if (!any)
                expected(c, "the rounds that get an event");
        } else if (gd_tok_is(key, "fixed")) {
            int r;
            if (want_number(c, "a round", 1, GD_ROUNDS, &r) != 0)
                continue;
            const struct gd_tok *t = peek(c);
            int e = t ? event_word(t) : -1;
            if (e < 0) {
                expected(c, "an event id");
                if (t)
                    c->i++;
                continue;
            }
            c->i++;
            d->fixed_event[r] = e;
            d->has_event[r] = 1;
        } else if (gd_tok_is(key, "good")) {
            if (want_number(c, "the low end of the good scores", 0, 999, &d->good_low) != 0)
                continue;
            have_good = 1;
            const struct gd_tok *t = peek(c);
            if (t && t->kind == GT_NUMBER) {
                want_number(c, "the high end of the good scores", d->good_low, 999, &d->good_high);
            }
        } else {
            unknown_key(c, key, "a difficulty");
        }
    }
    if (!have_good)
        err_at(ld, c->st->toks[0].pos, c->st->toks[0].len, "difficulty %s needs its 'good' score range", d->id);
}

static void parse_objective(struct cur *c, struct gd_objective *o)
{
    FOR_EACH_KEY(c, key) {
        if (gd_tok_is(key, "name")) {
            want_string(c, "a name in quotes", &o->name);
        } else if (gd_tok_is(key, "text")) {
            want_string(c, "the objective's wording in quotes", &o->text);
        } else if (gd_tok_is(key, "requires")) {
            parse_requires(c, o->req, &o->nreq, 1);
        } else {
            unknown_key(c, key, "an objective");
        }
    }
    for (int i = 0; i < o->nreq; i++) {
        if (o->req[i].kind == REQ_ASSET_EQ || o->req[i].kind == REQ_REPUTATION_GE)
            err_at(c->ld, c->st->toks[0].pos, c->st->toks[0].len, "objective %s: use 'asset>=N', 'score>=N' or an item id", o->id);
        if (o->req[i].conf != 'S' && o->conf == 'S')
            o->conf = o->req[i].conf;
    }
}

/* Top-level statements with numbers: reserve, feeding, ... */
static void parse_setting(struct cur *c, const struct gd_tok *head)
{
    struct loader *ld = c->ld;
    struct gamedata *gd = ld->gd;
    if (gd_tok_is(head, "reserve")) {
        FOR_EACH_KEY(c, key) {
            if (gd_tok_is(key, "slots")) {
                want_number(c, "the number of reserve slots", 1, GD_MAX_RESERVE_SLOTS, &gd->reserve_slots);
            } else if (gd_tok_is(key, "start")) {
                const struct gd_tok *t;
                while ((t = peek(c)) && t->kind == GT_NUMBER) {
                    int v;
                    if (want_number(c, "a die value", 1, 6, &v) != 0)
                        continue;
                    if (gd->nreserve_start >= GD_MAX_RESERVE_SLOTS) {
                        err_at(ld, t->pos, t->len, "too many starting reserve dice");
                        break;
                    }
                    gd->reserve_start[gd->nreserve_start++] = v;
                }
            } else if (gd_tok_is(key, "per-turn")) {
                want_number(c, "reserve dice per turn", 0, 4, &gd->reserve_per_turn);
            } else {
                unknown_key(c, key, "the reserve");
            }
        }
        if (gd->reserve_slots == 0 || gd->nreserve_start > gd->reserve_slots)
            err_at(ld, head->pos, head->len, "the reserve needs 'slots N' with at least as many slots as starting dice");
    } else if (gd_tok_is(head, "feeding")) {
        want_number(c, "the population fed by 1 food", 1, 10, &gd->feeding_per);
    } else if (gd_tok_is(head, "reputation-score")) {
        if (want_number(c, "the VP", 0, 99, &gd->reputation_vp) == 0) {
            const struct gd_tok *t = peek(c);
            if (!t || !gd_tok_is(t, "per")) {
                expected(c, "'per'");
                return;
            }
            c->i++;
            want_number(c, "the reputation per step", 1, 99, &gd->reputation_per);
        }
    } else if (gd_tok_is(head, "max-same-event")) {
        want_number(c, "the most rounds one event may get", 1, GD_ROUNDS, &gd->max_same_event);
    } else if (gd_tok_is(head, "war-reputation")) {
        FOR_EACH_KEY(c, key) {
            int *dst = gd_tok_is(key, "highest") ? &gd->war_highest : gd_tok_is(key, "other") ? &gd->war_other
                     : gd_tok_is(key, "sole") ? &gd->war_sole : NULL;
            if (!dst) {
                unknown_key(c, key, "war-reputation");
                continue;
            }
            want_number(c, "a reputation gain", 0, 9, dst);
        }
    } else if (gd_tok_is(head, "bonus-roll")) {
        int a, v;
        if (want_asset(c, &a) != 0 || want_number(c, "the least amount that earns the roll", 1, 99, &v) != 0)
            return;
        if (gd->nbonus_rolls >= GD_MAX_BONUS_ROLLS) {
            err_at(ld, head->pos, head->len, "at most %d bonus rolls", GD_MAX_BONUS_ROLLS);
            return;
        }
        gd->bonus_roll_asset[gd->nbonus_rolls] = a;
        gd->bonus_roll_min[gd->nbonus_rolls++] = v;
    } else if (gd_tok_is(head, "advanced-die-penalty")) {
        want_number(c, "the penalty", 0, 5, &gd->advanced_die_penalty);
    } else if (gd_tok_is(head, "asset-cap")) {
        want_number(c, "the cap", 1, 999, &gd->asset_cap);
    } else if (gd_tok_is(head, "default-difficulty")) {
        const struct gd_tok *t = peek(c);
        if (!t || t->kind != GT_WORD) {
            expected(c, "a difficulty id");
            return;
        }
        ld->default_difficulty = *t;
        c->i++;
    }
}

static int is_item_kind(const struct gd_tok *t, enum item_kind *kind)
{
    static const char *const kinds[] = {"person", "infrastructure", "special-person", "special-infrastructure"};
    int k = find_word(t, kinds, 4);
    if (k >= 0)
        *kind = (enum item_kind)k;
    return k >= 0;
}

/* An id as the program spells it: lower case, dashes for underscores. */
static void lower_id(char *p)
{
    for (; *p; p++)
        *p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
}

/* Pass 1: the ids of people and infrastructures, so requirements may name later ones. */
static void collect_items(struct loader *ld, const struct gd_lexed *lx)
{
    struct gamedata *gd = ld->gd;
    for (size_t s = 0; s < lx->nstmts; s++) {
        const struct gd_stmt *st = &lx->stmts[s];
        enum item_kind kind;
        if (!is_item_kind(&st->toks[0], &kind) || st->ntoks < 2 || st->toks[1].kind != GT_WORD)
            continue;
        const struct gd_tok *id = &st->toks[1];
        int dup = item_index(gd, id);
        if (dup >= 0) {
            err_at(ld, id->pos, id->len, "duplicate id '%s' (first defined at line %d)", gd->items[dup].id, gd->items[dup].pos.line);
            continue;
        }
        if (find_word(id, asset_ids, ASSET_COUNT) >= 0 || gd_tok_is(id, "reputation") || gd_tok_is(id, "score")) {
            err_at(ld, id->pos, id->len, "'%.*s' is an asset name and cannot be a person or infrastructure id", (int)id->len, id->text);
            continue;
        }
        if (gd->nitems >= GD_MAX_ITEMS) {
            err_at(ld, id->pos, id->len, "too many people and infrastructures (at most %d)", GD_MAX_ITEMS);
            continue;
        }
        struct gd_item *it = &gd->items[gd->nitems++];
        it->kind = kind;
        it->id = tok_str(id);
        lower_id(it->id);
        it->pos = id->pos;
        it->name_conf = 'S';
    }
}

/* game "NAME": the name is only checked, the program has its own. */
static void stmt_game(struct cur *c)
{
    const struct gd_tok *t = peek(c);
    if (!t || t->kind != GT_STRING)
        expected(c, "the game's name in quotes");
}

/* alias WORD ID [ID2]: with ID2 the word is ambiguous (a log that uses it is refused). */
static void stmt_alias(struct cur *c, const struct gd_tok *head)
{
    struct loader *ld = c->ld;
    struct gamedata *gd = ld->gd;
    const struct gd_tok *w = peek(c);
    const struct gd_tok *id = c->st->ntoks > 2 ? &c->st->toks[2] : NULL;
    const struct gd_tok *id2 = c->st->ntoks > 3 ? &c->st->toks[3] : NULL;
    if (!w || w->kind != GT_WORD || !id || id->kind != GT_WORD || (id2 && id2->kind != GT_WORD) ||
        c->st->ntoks > 4) {
        err_at(ld, head->pos, head->len, "expected 'alias WORD ID' or 'alias WORD ID ID' (a word "
                                         "that could mean either)");
        return;
    }
    if (gd->naliases >= GD_MAX_ALIASES) {
        err_at(ld, head->pos, head->len, "too many aliases (at most %d)", GD_MAX_ALIASES);
        return;
    }
    struct gd_alias *al = &gd->aliases[gd->naliases++];
    al->word = tok_str(w);
    al->id = tok_str(id);
    lower_id(al->word);
    lower_id(al->id);
    if (id2) {
        al->id2 = tok_str(id2);
        lower_id(al->id2);
    }
}

/* A top-level setting (reserve, feeding, ...), index k of settings[]: given once, bonus-roll
 * excepted. */
static void stmt_setting(struct cur *c, const struct gd_tok *head, int k)
{
    struct loader *ld = c->ld;
    if (k != SET_BONUS_ROLL && ld->setting_pos[k].line) {
        err_at(ld, head->pos, head->len, "'%s' is given twice (first at line %d)", settings[k],
               ld->setting_pos[k].line);
        return;
    }
    ld->setting_pos[k] = head->pos;
    parse_setting(c, head);
    if (peek(c))
        unknown_key(c, peek(c), head->text[0] == 'd' ? "default-difficulty" : "this");
}

/* An id that names one of a fixed list (assets, locations, events): its index, or -1 after
 * an error for an unknown or duplicate id. what/ids/the_game word the messages; first[] holds
 * where each was defined. */
static int fixed_id(struct loader *ld, const struct gd_tok *id, int index, const char *what,
                    const char *const *ids, const char *the_game, struct srcpos *first)
{
    if (index < 0) {
        err_at(ld, id->pos, id->len, "unknown %s '%.*s': the game has %s", what,
               (int)(id->len > 40 ? 40 : id->len), id->text, the_game);
        return -1;
    }
    if (first[index].line) {
        err_at(ld, id->pos, id->len, "duplicate %s '%s' (first defined at line %d)", what,
               ids[index], first[index].line);
        return -1;
    }
    first[index] = id->pos;
    return index;
}

/* asset ID ... */
static void stmt_asset(struct cur *c, const struct gd_tok *id)
{
    int a = fixed_id(c->ld, id, find_word(id, asset_ids, ASSET_COUNT), "asset", asset_ids,
                     "population, food, supply, farms, men-at-arms, knights, strong-ale, "
                     "stone-houses, monks, mercenaries, masons, bread",
                     c->ld->asset_pos);
    if (a < 0)
        return;
    c->ld->gd->assets[a].pos = id->pos;
    parse_asset(c, a);
}

/* person/infrastructure/special-... ID ...: the id was registered by collect_items. */
static void stmt_item(struct cur *c, const struct gd_tok *id)
{
    struct gamedata *gd = c->ld->gd;
    int it = item_index(gd, id);
    if (it < 0 || gd->items[it].pos.line != id->pos.line || gd->items[it].pos.col != id->pos.col)
        return; /* a duplicate or rejected id, already reported */
    parse_item(c, &gd->items[it]);
}

/* location ID ... */
static void stmt_location(struct cur *c, const struct gd_tok *id)
{
    int l = fixed_id(c->ld, id, find_word(id, location_ids, LOCATION_COUNT), "location",
                     location_ids, "grassland, farmland, quarry, forest", c->ld->location_pos);
    if (l < 0)
        return;
    c->ld->gd->locations[l].pos = id->pos;
    parse_location(c, l);
}

/* event ID ... */
static void stmt_event(struct cur *c, const struct gd_tok *id)
{
    int e = fixed_id(c->ld, id, event_word(id), "event", event_ids,
                     "fire, plague, famine, civil-war, outlaws-attack, water-storm",
                     c->ld->event_pos);
    if (e < 0)
        return;
    c->ld->gd->events[e].pos = id->pos;
    parse_event(c, e);
}

/* difficulty ID ... */
static void stmt_difficulty(struct cur *c, const struct gd_tok *id)
{
    struct loader *ld = c->ld;
    struct gamedata *gd = ld->gd;
    if (gamedata_difficulty(gd, id->text, id->len) >= 0) {
        err_at(ld, id->pos, id->len, "duplicate difficulty '%.*s'", (int)id->len, id->text);
        return;
    }
    if (gd->ndifficulties >= GD_MAX_DIFFICULTIES) {
        err_at(ld, id->pos, id->len, "too many difficulties (at most %d)", GD_MAX_DIFFICULTIES);
        return;
    }
    struct gd_difficulty *d = &gd->difficulties[gd->ndifficulties++];
    d->id = tok_str(id);
    d->pos = id->pos;
    parse_difficulty(c, d);
}

/* objective ID ... */
static void stmt_objective(struct cur *c, const struct gd_tok *id)
{
    struct loader *ld = c->ld;
    struct gamedata *gd = ld->gd;
    if (gamedata_objective(gd, id->text, id->len) >= 0) {
        err_at(ld, id->pos, id->len, "duplicate objective '%.*s'", (int)id->len, id->text);
        return;
    }
    if (gd->nobjectives >= GD_MAX_OBJECTIVES) {
        err_at(ld, id->pos, id->len, "too many objectives (at most %d)", GD_MAX_OBJECTIVES);
        return;
    }
    struct gd_objective *o = &gd->objectives[gd->nobjectives++];
    o->id = tok_str(id);
    o->pos = id->pos;
    o->conf = 'S';
    parse_objective(c, o);
}

/* Statements whose second word is an id. */
static const struct {
    const char *keyword;
    void (*parse)(struct cur *, const struct gd_tok *id);
} id_statements[] = {
    {"asset", stmt_asset},
    {"person", stmt_item},
    {"infrastructure", stmt_item},
    {"special-person", stmt_item},
    {"special-infrastructure", stmt_item},
    {"location", stmt_location},
    {"event", stmt_event},
    {"difficulty", stmt_difficulty},
    {"objective", stmt_objective},
};

/* One statement of the data file: its keyword picks the function that reads the rest. */
static void parse_stmt(struct loader *ld, const struct gd_stmt *st)
{
    struct cur c = {.ld = ld, .st = st, .i = 1};
    const struct gd_tok *head = &st->toks[0];
    if (head->kind != GT_WORD) {
        err_at(ld, head->pos, head->len, "expected a statement keyword (asset, person, infrastructure, location, event, difficulty, ...), found %s", tok_kind_name(head));
        return;
    }
    if (gd_tok_is(head, "game")) {
        stmt_game(&c);
        return;
    }
    if (gd_tok_is(head, "alias")) {
        stmt_alias(&c, head);
        return;
    }
    int k = find_word(head, settings, SETTING_COUNT);
    if (k >= 0) {
        stmt_setting(&c, head, k);
        return;
    }
    const struct gd_tok *id = peek(&c);
    if (!id || id->kind != GT_WORD) {
        expected(&c, "an id");
        return;
    }
    c.i++;
    for (size_t i = 0; i < sizeof id_statements / sizeof id_statements[0]; i++) {
        if (gd_tok_is(head, id_statements[i].keyword)) {
            id_statements[i].parse(&c, id);
            return;
        }
    }
    err_at(ld, head->pos, head->len, "unknown statement '%.*s'", (int)(head->len > 40 ? 40 : head->len), head->text);
}

static void init_defaults(struct gamedata *gd)
{
    for (int a = 0; a < ASSET_COUNT; a++) {
        gd->assets[a].id = xstrdup(asset_ids[a]);
        gd->assets[a].max_ref = -1;
        gd->assets[a].max.conf = gd->assets[a].vp.conf = gd->assets[a].pow.conf = 'S';
        gd->assets[a].die.conf = gd->assets[a].produce.conf = gd->assets[a].max_ref_conf = 'S';
    }
    for (int l = 0; l < LOCATION_COUNT; l++)
        gd->locations[l].id = xstrdup(location_ids[l]);
    for (int e = 0; e < EVENT_COUNT; e++)
        gd->events[e].id = xstrdup(event_ids[e]);
}

/* Checks that need the whole file: everything defined, references consistent. */
/* Whether id names an asset, an item, a location, an event or a difficulty (aliases too). */
static int known_id(const struct gamedata *gd, const char *id)
{
    size_t n = strlen(id);
    return gamedata_asset(gd, id, n) >= 0 || gamedata_item(gd, id, n) >= 0 ||
           gamedata_location(gd, id, n) >= 0 || gamedata_event(gd, id, n) >= 0 ||
           gamedata_difficulty(gd, id, n) >= 0;
}

static int ends_with(const char *w, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    return n >= k && memcmp(w + n - k, suffix, k) == 0;
}

static int is_vowel(char ch)
{
    return ch && strchr("aeiou", ch) != NULL;
}

/* The other grammatical number of a (normalized) word, changing its last hyphen-separated part:
 * farms -> farm, mercenaries -> mercenary, witch -> witches, quarry -> quarries, men -> man.
 * Returns 0, or -1 when the word has no other form that helps (arms, or a too long word). */
static int other_number(const char *word, char *out, size_t cap)
{
    size_t n = strlen(word);
    if (n + 3 > cap || n < 2)
        return -1;
    memcpy(out, word, n + 1);
    const char *last = strrchr(word, '-');
    last = last ? last + 1 : word;
    if (strcmp(last, "arms") == 0)
        return -1;
    if (strcmp(last, "men") == 0 || strcmp(last, "man") == 0) {
        out[n - 2] = last[1] == 'e' ? 'a' : 'e';
        return 0;
    }
    if (ends_with(word, n, "ies")) {
        strcpy(out + n - 3, "y");
    } else if (ends_with(word, n, "ches") || ends_with(word, n, "shes") || ends_with(word, n, "sses") ||
               ends_with(word, n, "xes") || (ends_with(word, n, "oes") && n > 3 && !is_vowel(word[n - 4]))) {
        out[n - 2] = 0;
    } else if (word[n - 1] == 's' && word[n - 2] != 's') {
        out[n - 1] = 0;
    } else if (word[n - 1] == 'y' && !is_vowel(word[n - 2])) {
        strcpy(out + n - 1, "ies");
    } else if (ends_with(word, n, "ch") || ends_with(word, n, "sh") || word[n - 1] == 's' ||
               word[n - 1] == 'x' || (word[n - 1] == 'o' && !is_vowel(word[n - 2]))) {
        strcpy(out + n, "es");
    } else {
        strcpy(out + n, "s");
    }
    return 0;
}

/* Adds the singular or plural form of every asset, item and location id, and of every alias
 * of one, unless the form already means something (an id, an alias, an earlier form). */
static void add_number_forms(struct gamedata *gd)
{
    const char *words[GD_ALIAS_SLOTS + ASSET_COUNT + GD_MAX_ITEMS + LOCATION_COUNT];
    const char *ids[sizeof words / sizeof words[0]];
    int n = 0;
    for (int a = 0; a < ASSET_COUNT; a++, n++)
        words[n] = ids[n] = gd->assets[a].id;
    for (int i = 0; i < gd->nitems; i++, n++)
        words[n] = ids[n] = gd->items[i].id;
    for (int l = 0; l < LOCATION_COUNT; l++, n++)
        words[n] = ids[n] = gd->locations[l].id;
    for (int i = 0; i < gd->naliases; i++) {
        const char *id = gd->aliases[i].id;
        size_t len = strlen(id);
        if (gd->aliases[i].id2 || (gamedata_asset(gd, id, len) < 0 && gamedata_item(gd, id, len) < 0 &&
                                   gamedata_location(gd, id, len) < 0))
            continue;
        words[n] = gd->aliases[i].word;
        ids[n++] = id;
    }
    for (int k = 0; k < n && gd->naliases < GD_ALIAS_SLOTS; k++) {
        char form[80];
        if (!words[k] || other_number(words[k], form, sizeof form) != 0 || known_id(gd, form) ||
            gamedata_alias(gd, form, strlen(form)) || gamedata_objective(gd, form, strlen(form)) >= 0)
            continue;
        struct gd_alias *al = &gd->aliases[gd->naliases++];
        al->word = xstrdup(form);
        al->id = xstrdup(ids[k]);
        al->derived = 1;
    }
}

static void check_whole(struct loader *ld)
{
    struct gamedata *gd = ld->gd;
    struct srcpos top = {1, 1};
    for (int a = 0; a < ASSET_COUNT; a++) {
        if (!ld->asset_pos[a].line) {
            err_at(ld, top, 0, "asset '%s' is not defined", asset_ids[a]);
            continue;
        }
        if (!gd->assets[a].name)
            gd->assets[a].name = xstrdup(asset_ids[a]);
        /* A MAX that follows another asset must end at a fixed MAX: no cycles. */
        int steps = 0;
        for (int r = gd->assets[a].max_ref; r >= 0 && steps <= ASSET_COUNT; r = gd->assets[r].max_ref)
            steps++;
        if (steps > ASSET_COUNT)
            err_at(ld, gd->assets[a].pos, 0, "the MAX of %s goes round in a circle", asset_ids[a]);
    }
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (!ld->location_pos[l].line)
            err_at(ld, top, 0, "location '%s' is not defined", location_ids[l]);
    int by_die[7] = {0};
    for (int e = 0; e < EVENT_COUNT; e++) {
        if (!ld->event_pos[e].line) {
            err_at(ld, top, 0, "event '%s' is not defined", event_ids[e]);
            continue;
        }
        int d = gd->events[e].die;
        if (d >= 1 && d <= 6 && by_die[d]++)
            err_at(ld, gd->events[e].pos, 0, "two events have the die value %d", d);
        if (!gd->events[e].name)
            gd->events[e].name = xstrdup(event_ids[e]);
    }
    for (int i = 0; i < gd->nitems; i++)
        if (!gd->items[i].name)
            gd->items[i].name = xstrdup(gd->items[i].id);
    if (gd->ndifficulties == 0)
        err_at(ld, top, 0, "no difficulty is defined");
    for (int k = 0; k < SETTING_COUNT; k++)
        if (setting_forms[k] && !ld->setting_pos[k].line)
            err_at(ld, top, 0, "missing '%s'", setting_forms[k]);
    if (ld->setting_pos[SET_DEFAULT].line) {
        const struct gd_tok *t = &ld->default_difficulty;
        gd->default_difficulty = gamedata_difficulty(gd, t->text, t->len);
        if (gd->default_difficulty < 0)
            err_at(ld, t->pos, t->len, "unknown difficulty '%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text);
    }
    for (int i = 0; i < gd->naliases; i++)
        for (int k = 0; k < 2; k++) {
            const char *id = k ? gd->aliases[i].id2 : gd->aliases[i].id;
            if (id && !known_id(gd, id))
                err_at(ld, top, 0, "alias '%s' stands for unknown id '%s'", gd->aliases[i].word, id);
        }
    add_number_forms(gd);
}

int gamedata_load(struct gamedata *gd, const char *name, const char *buf, size_t len,
                  struct diag_list *dl)
{
    memset(gd, 0, sizeof *gd);
    gd->source = xstrdup(name);
    init_defaults(gd);
    struct loader ld = {0};
    ld.gd = gd;
    ld.file = name;
    ld.dl = dl;
    struct gd_lexed lx;
    ld.errors = (int)gd_lex(&lx, name, buf, len, dl);
    collect_items(&ld, &lx);
    for (size_t s = 0; s < lx.nstmts && ld.errors <= GD_MAX_ERRORS; s++)
        parse_stmt(&ld, &lx.stmts[s]);
    if (ld.errors <= GD_MAX_ERRORS)
        check_whole(&ld);
    if (ld.errors > GD_MAX_ERRORS)
        diag_add(dl, DIAG_ERROR, name, (struct srcpos){0, 0}, 0, "data",
                 "too many errors: stopped after %d", GD_MAX_ERRORS);
    gd_lexed_free(&lx);
    if (ld.errors) {
        gamedata_free(gd);
        return -1;
    }
    for (int a = 0; a < ASSET_COUNT; a++)
        gd->perk_assets[gd->assets[a].perk.id] |= 1u << a;
    gamedata_index_build(gd);
    return 0;
}

int gamedata_load_default(struct gamedata *gd, struct diag_list *dl)
{
    const struct embedded_file *f = embedded_find("xii-century.rules");
    if (!f) {
        memset(gd, 0, sizeof *gd);
        diag_add(dl, DIAG_ERROR, "xii-century.rules", (struct srcpos){0, 0}, 0, "data", "the default game data is not built into this program");
        return -1;
    }
    return gamedata_load(gd, "xii-century.rules", (const char *)f->data, f->size, dl);
}

int gamedata_load_file(struct gamedata *gd, const char *path, struct diag_list *dl)
{
    char *data;
    size_t len;
    struct strbuf err = STRBUF_INIT;
    memset(gd, 0, sizeof *gd);
    if (readfile(path, 16u << 20, &data, &len, &err) != 0) {
        diag_add(dl, DIAG_ERROR, path, (struct srcpos){0, 0}, 0, "data", "%s", strbuf_cstr(&err));
        strbuf_free(&err);
        return -1;
    }
    int rc = gamedata_load(gd, path, data, len, dl);
    free(data);
    return rc;
}

static void free_perk(struct gd_perk *p)
{
    free(p->text);
}

void gamedata_free(struct gamedata *gd)
{
    if (!gd)
        return;
    free(gd->source);
    for (int a = 0; a < ASSET_COUNT; a++) {
        free(gd->assets[a].id);
        free(gd->assets[a].name);
        free(gd->assets[a].note);
        free_perk(&gd->assets[a].perk);
    }
    for (int i = 0; i < gd->nitems; i++) {
        free(gd->items[i].id);
        free(gd->items[i].name);
        free(gd->items[i].note);
        free_perk(&gd->items[i].perks[0]);
        free_perk(&gd->items[i].perks[1]);
    }
    for (int l = 0; l < LOCATION_COUNT; l++) {
        free(gd->locations[l].id);
        free(gd->locations[l].name);
    }
    for (int e = 0; e < EVENT_COUNT; e++) {
        free(gd->events[e].id);
        free(gd->events[e].name);
        free(gd->events[e].letters);
        free(gd->events[e].text);
    }
    for (int d = 0; d < gd->ndifficulties; d++) {
        free(gd->difficulties[d].id);
        free(gd->difficulties[d].name);
    }
    for (int o = 0; o < gd->nobjectives; o++) {
        free(gd->objectives[o].id);
        free(gd->objectives[o].name);
        free(gd->objectives[o].text);
    }
    for (int i = 0; i < gd->naliases; i++) {
        free(gd->aliases[i].word);
        free(gd->aliases[i].id);
        free(gd->aliases[i].id2);
    }
    memset(gd, 0, sizeof *gd);
}

const char *perk_id_name(enum perk_id id)
{
    return (unsigned)id < PERK_COUNT ? perk_table[id].id : "none";
}
