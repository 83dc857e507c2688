/* The kingdom's audit replay: each statement of the log through the engine, in order, with
 * the steps the log leaves implicit (the end of building at the line that closes a year) and
 * a stand-in, said in the error, for a missing line. */
#include "kingdom/kaudit.h"
#include "core/xalloc.h"
#include "kingdom/klog_write.h"
#include <stdlib.h>
#include <string.h>

struct run {
    struct kaudit *a;
    const struct klog *log;
    const char *file;
    struct diag_list *dl;
    const struct klog_stmt *st;
    bool names_seen, setup_begun;
    int refused_step;               /* the step of a line refused or unreadable (enum step), whose
                                       stand-in then comes with a note, not a second error */
    int refused_line;
    bool at_table;                  /* a line typed at the recorder: a stand-in is offered, not taken */
};

/* Where a statement's argument k is (the keyword when k < 0 or past the spans). */
static struct srcpos pos_of(const struct klog_stmt *st, int k, int *len)
{
    if (k >= 0 && k < st->nspans) {
        *len = st->span[k].len;
        return (struct srcpos){st->line, st->span[k].col};
    }
    *len = st->len;
    return (struct srcpos){st->line, st->col};
}

static void error(struct run *r, int arg, enum krule rule, const char *text)
{
    int len;
    struct srcpos pos = pos_of(r->st, arg, &len);
    diag_add(r->dl, DIAG_ERROR, r->file, pos, len, krule_text(rule), "%s", text);
}

/* The argument a statement's hex h is written at, or -1. */
static int arg_of_hex(const struct klog_stmt *st, int h)
{
    int first = st->kind == KL_RANGE ? 2 : st->kind == KL_SETUP || st->kind == KL_BUILD ? 1 : 0;
    if (st->kind == KL_STARVE) {
        for (int i = 0; i < st->nvictims; i++)
            if (st->victims[i] == h)
                return i;
        return -1;
    }
    const struct kdecision *d = &st->dec[st->ndec - 1];
    for (int i = 0; i < d->nhex; i++)
        if (d->hex[i] == h)
            return first + i;
    return -1;
}

/* The argument a refusal is about: its hex, else the value it names. */
static int arg_of_refusal(const struct klog_stmt *st, int which, const struct krefusal *ref)
{
    if (ref->h >= 0 && ref->why != KW_RIVER_SHORT)
        return arg_of_hex(st, ref->h);
    switch (ref->why) {
    case KW_DIE:
        if (st->kind == KL_REROLL)
            return 1;
        return st->dec[which].a == ref->n[0] ? 0 : 1;
    case KW_SIX_RANGE:
        return st->dec[0].a == ref->n[0] ? 0 : 1;
    case KW_SIX_SAME: return 1;
    case KW_REROLL_VALUE: case KW_YEAR: case KW_TRADE_N: case KW_TRADE_WORK: return 0;
    case KW_TRADE_WHAT: return 1;
    case KW_RIVER_SHORT: return st->nspans - 1;
    case KW_RANGE_SIZE: return 1;
    default: return -1;
    }
}

/* " (it may stand on C5, D3 or E2)": the hexes nearest to h where kind b may stand (a free
 * building: where the setup allows it). */
static void hint_hexes(const struct kstate *s, int b, int h, bool setup, struct strbuf *out)
{
    bool fits[KMAP_HEXES] = {false};
    if (setup) {
        struct kdecision room[3 * KMAP_HEXES];
        size_t n = kingdom_legal(s, room, 3 * KMAP_HEXES);
        for (size_t i = 0; i < n && i < 3 * KMAP_HEXES; i++)
            if (room[i].kind == KD_SETUP && room[i].what == b)
                fits[room[i].hex[0]] = true;
    } else {
        for (int o = 0; o < KMAP_HEXES; o++)
            fits[o] = kingdom_may_place(s, b, o);
    }
    int best[3], nbest = 0;
    const struct kmap_hex *y = kmap_hex(h);
    for (int d = 1; d <= 2 * KMAP_RADIUS && nbest < 3; d++)
        for (int o = 0; o < KMAP_HEXES && nbest < 3; o++) {
            const struct kmap_hex *x = kmap_hex(o);
            int dq = abs(x->q - y->q), dr = abs(x->r - y->r), ds = abs(x->q - y->q + x->r - y->r);
            int dist = dq > dr ? dq : dr;
            if ((ds > dist ? ds : dist) == d && fits[o])
                best[nbest++] = o;
        }
    if (nbest == 0)
        return;
    strbuf_puts(out, b == KB_MONUMENT ? " (the stage may stand on " : " (it may stand on ");
    for (int i = 0; i < nbest; i++)
        strbuf_printf(out, "%s%s", i == 0 ? "" : i == nbest - 1 ? " or " : ", ", kmap_hex(best[i])->code);
    strbuf_putc(out, ')');
}

/* The legal river or range sharing the most hexes with the one written (the first ones
 * weigh more), or -1 when there is none; room holds the legal decisions. */
static int closest_path(const struct kstate *s, const struct kdecision *given, struct kdecision *room, size_t cap)
{
    size_t n = kingdom_legal(s, room, cap);
    if (n > cap)
        n = cap;
    int best = -1, best_score = -1;
    for (size_t i = 0; i < n; i++) {
        if (room[i].kind != given->kind)
            continue;
        int score = 0;
        for (int k = 0; k < room[i].nhex; k++)
            for (int j = 0; j < given->nhex; j++)
                if (room[i].hex[k] == given->hex[j])
                    score += 2 + (k == j);
        if (score > best_score) {
            best_score = score;
            best = (int)i;
        }
    }
    return best;
}

#define PATH_ROOM 4096

/* A refused range or river: the closest legal one is named and taken instead (the setup
 * cannot go on without it): " (one that fits: F5 G4 H3 I2; the audit goes on with it)". */
static void stand_in_path(struct run *r, const struct kdecision *given, struct strbuf *out)
{
    static _Thread_local struct kdecision room[PATH_ROOM];
    int best = closest_path(&r->a->s, given, room, PATH_ROOM);
    if (best < 0)
        return;
    strbuf_puts(out, " (one that fits: ");
    for (int k = 0; k < room[best].nhex; k++)
        strbuf_printf(out, "%s%s", k ? " " : "", kmap_hex(room[best].hex[k])->code);
    strbuf_puts(out, r->at_table ? ")" : "; the audit goes on with it)");
    kingdom_apply(&r->a->s, &room[best], &r->a->h);
}

/* A refused free building: the nearest hex where it may stand is taken instead. */
static void stand_in_setup(struct run *r, const struct kdecision *given, struct strbuf *out)
{
    struct kdecision room[3 * KMAP_HEXES];
    size_t n = kingdom_legal(&r->a->s, room, 3 * KMAP_HEXES);
    int best = -1, best_d = 99;
    const struct kmap_hex *y = kmap_hex(given->hex[0]);
    for (size_t i = 0; i < n && i < 3 * KMAP_HEXES; i++) {
        if (room[i].kind != KD_SETUP || room[i].what != given->what)
            continue;
        const struct kmap_hex *x = kmap_hex(room[i].hex[0]);
        int dq = abs(x->q - y->q), dr = abs(x->r - y->r), ds = abs(x->q - y->q + x->r - y->r);
        int d = dq > dr ? dq : dr;
        d = ds > d ? ds : d;
        if (d < best_d) {
            best_d = d;
            best = (int)i;
        }
    }
    if (best < 0)
        return;
    strbuf_puts(out, r->at_table ? "; \"" : "; the audit goes on with \"");
    klog_write_decision(&room[best], out);
    strbuf_puts(out, r->at_table ? "\" would fit" : "\"");
    kingdom_apply(&r->a->s, &room[best], &r->a->h);
}

static void refused(struct run *r, int which, const struct kdecision *d, const struct krefusal *ref,
                    const struct kstate *before)
{
    struct strbuf msg = STRBUF_INIT;
    kingdom_refusal_text(ref, &msg);
    if (d->kind == KD_SETUP && ref->why != KW_SETUP_TWICE) {
        hint_hexes(before, d->what, d->hex[0], true, &msg);
        stand_in_setup(r, d, &msg);
    } else if (ref->rule == KR_PLACEMENT || ref->rule == KR_MONUMENT) {
        hint_hexes(before, d->what, d->hex[0], false, &msg);
    } else if (d->kind == KD_RIVER || d->kind == KD_RANGE) {
        stand_in_path(r, d, &msg);
    } else if (ref->why == KW_DISASTER_NONE || ref->why == KW_DISASTER_HEX || ref->why == KW_STARVE_HEX) {
        strbuf_puts(&msg, " (the farms, mines and villages stand on");
        for (int h = 0; h < KMAP_HEXES; h++)
            if (kingdom_building_at(before, h) >= 0)
                strbuf_printf(&msg, " %s", kmap_hex(h)->code);
        strbuf_putc(&msg, ')');
    }
    error(r, arg_of_refusal(r->st, which, ref), ref->rule, strbuf_cstr(&msg));
    strbuf_free(&msg);
}

/* --- the steps a statement needs first --------------------------------------------------- */

/* The order of a year's steps (the reroll counted with the step it precedes). */
enum step { ST_NONE, ST_RANGE, ST_RIVER, ST_SETUP, ST_YEAR, ST_FATE, ST_SIX, ST_DISASTER, ST_CAPITAL, ST_BUILD,
            ST_STARVE, ST_CLOSE };

static enum step awaited_step(const struct kingdom_awaited *aw)
{
    enum kawait k = aw->kind;
    if (k == KA_REROLL)
        for (int j = KA_SIX; j <= KA_CAPITAL; j++)
            if (aw->pending >> j & 1u)
                k = (enum kawait)j;
    switch (k) {
    case KA_RANGE_ROLL: case KA_RANGE: return ST_RANGE;
    case KA_RIVER: return ST_RIVER;
    case KA_SETUP: return ST_SETUP;
    case KA_YEAR: return ST_YEAR;
    case KA_FATE: return ST_FATE;
    case KA_SIX: return ST_SIX;
    case KA_DISASTER: return ST_DISASTER;
    case KA_CAPITAL: return ST_CAPITAL;
    case KA_BUILD: return ST_BUILD;
    case KA_STARVE: return ST_STARVE;
    default: return ST_NONE;
    }
}

static enum step stmt_step(enum klog_kind k)
{
    switch (k) {
    case KL_RANGE: return ST_RANGE;
    case KL_RIVER: return ST_RIVER;
    case KL_SETUP: return ST_SETUP;
    case KL_FATE: return ST_FATE;
    case KL_REROLL: case KL_SIX: return ST_SIX;
    case KL_DISASTER: return ST_DISASTER;
    case KL_CAPITAL: return ST_CAPITAL;
    case KL_BUILD: case KL_TRADE: return ST_BUILD;
    case KL_STARVE: return ST_STARVE;
    case KL_YEAR: case KL_RESULT: return ST_CLOSE;
    default: return ST_NONE;
    }
}

/* The stand-in for a missing line: the next year; range dice 1 1 (4 1 for the second range);
 * fate dice 3 and 4; results 3 and 4 for a six; food for the capital; the first legal choice
 * otherwise. */
static struct kdecision stand_in(const struct kstate *s, enum step step)
{
    struct kdecision d;
    memset(&d, 0, sizeof d);
    switch (step) {
    case ST_YEAR: d.kind = KD_YEAR; d.a = s->year + 1; return d;
    case ST_RANGE:
        if (kingdom_awaited(s).kind == KA_RANGE_ROLL) {
            d.kind = KD_RANGE_ROLL;
            d.a = kingdom_awaited(s).range == 0 ? 1 : 4;
            d.b = 1;
            return d;
        }
        break;
    case ST_FATE: d.kind = KD_FATE; d.a = 3; d.b = 4; return d;
    case ST_SIX: d.kind = KD_SIX; d.a = 3; d.b = 4; return d;
    case ST_CAPITAL:
        d.kind = KD_CAPITAL;
        d.nres = kingdom_picks_due(s);
        return d;
    case ST_BUILD: d.kind = KD_DONE; return d;
    default:
        break;
    }
    static _Thread_local struct kdecision room[PATH_ROOM];
    size_t n = kingdom_legal(s, room, PATH_ROOM);
    if (n > 0)
        return room[0];
    d.kind = KD_DONE;
    return d;
}

/* What is missing, in words, before the stand-ins. */
static void missing_text(const struct kstate *s, enum step step, struct strbuf *out)
{
    struct kingdom_awaited aw = kingdom_awaited(s);
    switch (step) {
    case ST_RANGE:
        strbuf_printf(out, "missing range line: the setup places two mountain ranges first (add \"range REGION SIZE HEX...\", range %d)",
                      aw.range + 1);
        break;
    case ST_RIVER:
        strbuf_puts(out, "missing river line: the setup draws the river after the ranges (add \"river HEX...\")");
        break;
    case ST_SETUP:
        strbuf_puts(out, "missing setup line: the free farm, mine and village come before year 1 (add \"setup KIND HEX\")");
        break;
    case ST_YEAR:
        strbuf_printf(out, "missing year line: year %d begins before this line (add \"year %d\")", s->year + 1, s->year + 1);
        break;
    case ST_FATE:
        strbuf_printf(out, "missing fate line: year %d rolls its two fate dice first (add \"fate A B\" after \"year %d\")",
                      s->year, s->year);
        break;
    case ST_SIX:
        strbuf_printf(out, "missing six line: the fate dice show %d and %d, and each 6 becomes two different "
                      "results from 1 to 5 (add \"six X Y\" before this line)", s->dice[0], s->dice[1]);
        break;
    case ST_DISASTER:
        strbuf_printf(out, "missing disaster line: each 1 of the fate erases a farm, mine or village (add \"disaster HEX\" before this line, %d owed)",
                      aw.owed);
        break;
    case ST_CAPITAL:
        strbuf_printf(out, "missing capital line: year %d produces with the capital's pick (add \"capital food\", ore or work before this line%s)",
                      s->year, aw.owed == 2 ? "; two picks from the monument's second stage" : "");
        break;
    default: {
        int mouths = kingdom_mouths(s);
        strbuf_printf(out, "missing starve line: year %d's %d building%s eat %d food but the stock held %d: "
                      "%d building%s starve%s (add \"starve HEX%s\" naming %s before this line)", s->year,
                      kingdom_buildings(s), kingdom_buildings(s) == 1 ? "" : "s", mouths,
                      mouths - aw.owed * s->data->feed, aw.owed, aw.owed == 1 ? "" : "s", aw.owed == 1 ? "s" : "",
                      aw.owed == 1 ? "" : " ...", aw.owed == 1 ? "it" : "them");
        break;
    }
    }
}

static enum krule missing_rule(enum step step)
{
    switch (step) {
    case ST_RANGE: return KR_RANGE;
    case ST_RIVER: return KR_RIVER;
    case ST_SETUP: return KR_SETUP;
    case ST_SIX: return KR_SIX;
    case ST_DISASTER: return KR_DISASTER;
    case ST_CAPITAL: return KR_CAPITAL;
    case ST_STARVE: return KR_STARVE;
    default: return KR_ORDER;
    }
}

static void close_row(struct kaudit *a)
{
    if (a->nyears == 0)
        return;
    struct kledger *row = &a->ledger[a->nyears - 1];
    struct kingdom_awaited aw = kingdom_awaited(&a->s);
    if (!row->closed && (aw.kind == KA_YEAR || aw.kind == KA_END) && a->s.year == row->year) {
        row->closed = true;
        row->food = a->s.stock[KRES_FOOD];
        row->ore = a->s.stock[KRES_ORE];
    }
}

/* The stand-ins as log lines: a range's roll and hexes on one line, a year's victims on one. */
static void fills_text(const struct kdecision *fill, int n, struct strbuf *out)
{
    for (int i = 0; i < n; i++) {
        strbuf_printf(out, "%s\"", i ? ", " : "");
        if (fill[i].kind == KD_RANGE_ROLL && i + 1 < n) {
            klog_write_range(&fill[i], &fill[i + 1], out);
            i++;
        } else if (fill[i].kind == KD_STARVE) {
            signed char hex[KMAP_HEXES];
            int nhex = 0;
            for (; i < n && fill[i].kind == KD_STARVE; i++)
                hex[nhex++] = fill[i].hex[0];
            i--;
            klog_write_starve(hex, nhex, out);
        } else {
            klog_write_decision(&fill[i], out);
        }
        strbuf_putc(out, '"');
    }
}

/* Applies the steps the statement needs before it: the end of building (implicit), or a
 * missing line's stand-in (reported once, the stand-ins named; after a line refused for that
 * step, a note names them instead). */
static void steps_before(struct run *r, enum step want)
{
    struct kaudit *a = r->a;
    struct kdecision fill[2 * KMAP_HEXES];
    int nfill = 0;
    enum step first = ST_NONE;
    struct strbuf msg = STRBUF_INIT;
    struct kingdom_awaited start = kingdom_awaited(&a->s);
    bool in_year = awaited_step(&start) > ST_YEAR;  /* a year in progress: never begin the next */
    for (int guard = 0; guard < 2 * KMAP_HEXES; guard++) {
        struct kingdom_awaited aw = kingdom_awaited(&a->s);
        enum step at = awaited_step(&aw);
        if (at == ST_NONE || at >= want ||
            (at == ST_YEAR && (in_year || want == ST_CLOSE || r->st->kind == KL_YEAR)))
            break;
        struct kdecision d = stand_in(&a->s, at);
        if (at != ST_BUILD) {
            if (first == ST_NONE) {
                first = at;
                missing_text(&a->s, at, &msg);
            }
            fill[nfill++] = d;
        }
        kingdom_apply(&a->s, &d, &a->h);
        if (a->s.end && !a->end_line)
            a->end_line = r->st->line;
        close_row(a);
    }
    if (first != ST_NONE) {
        struct strbuf fills = STRBUF_INIT;
        fills_text(fill, nfill, &fills);
        int len;
        struct srcpos pos = pos_of(r->st, -1, &len);
        if ((int)first == r->refused_step) {
            diag_add(r->dl, DIAG_NOTE, r->file, pos, len, NULL, "line %d was not taken: the audit goes on as if %s were written",
                     r->refused_line, strbuf_cstr(&fills));
        } else {
            strbuf_printf(&msg, "; the audit goes on as if %s were written", strbuf_cstr(&fills));
            error(r, -1, missing_rule(first), strbuf_cstr(&msg));
        }
        strbuf_free(&fills);
    }
    r->refused_step = ST_NONE;
    strbuf_free(&msg);
}

/* --- statements --------------------------------------------------------------------------- */

static void begin_row(struct kaudit *a, size_t idx)
{
    void *p = a->ledger;
    size_t cap = (size_t)a->nyears;
    xgrow(&p, &cap, (size_t)a->nyears + 1, sizeof *a->ledger);
    a->ledger = p;
    a->ledger[a->nyears++] = (struct kledger){a->s.year, (int)idx, (int)idx, false, 0, 0};
}

/* Applies decision d of the statement; reports a refusal. Returns whether it was applied. */
static bool apply(struct run *r, int which, const struct kdecision *d)
{
    struct kstate before = r->a->s;
    struct krefusal ref = kingdom_apply(&r->a->s, d, &r->a->h);
    if (ref.rule == KR_NONE) {
        if (r->a->s.end && !r->a->end_line)
            r->a->end_line = r->st->line;
        return true;
    }
    refused(r, which, d, &ref, &before);
    return false;
}

static bool starve_line(struct run *r)
{
    struct kaudit *a = r->a;
    const struct klog_stmt *st = r->st;
    for (int i = 0; i < st->nvictims; i++) {
        struct kingdom_awaited aw = kingdom_awaited(&a->s);
        if (aw.kind != KA_STARVE) {
            struct strbuf msg = STRBUF_INIT;
            if (i == 0)
                strbuf_printf(&msg, "nothing starves in year %d: the food covers the %d building%s (remove this line)",
                              a->s.year, kingdom_buildings(&a->s), kingdom_buildings(&a->s) == 1 ? "" : "s");
            else
                strbuf_printf(&msg, "only %d building%s starve%s in year %d (one per missing food): remove the hexes from here on",
                              i, i == 1 ? "" : "s", i == 1 ? "s" : "", a->s.year);
            error(r, i == 0 ? -1 : i, KR_STARVE, strbuf_cstr(&msg));
            strbuf_free(&msg);
            return false;
        }
        struct kdecision d = {.kind = KD_STARVE, .nhex = 1};
        d.hex[0] = st->victims[i];
        if (!apply(r, 0, &d))
            return false;
    }
    return true;
}

/* "; food in year 1: production 0 -> 4, trade 4 -> 5, feeding 5 -> 1": the changes of
 * resource res in the latest year that changed it. */
static void changes_text(const struct kaudit *a, int res, struct strbuf *out)
{
    const struct khistory *h = &a->h;
    int year = -1;
    for (size_t i = h->count; i > 0 && year < 0; i--)
        if (h->items[i - 1].what == res)
            year = h->items[i - 1].year;
    int n = 0;
    for (size_t i = 0; i < h->count; i++) {
        const struct kchange *c = &h->items[i];
        if (c->what != res || c->year != year)
            continue;
        if (n++ == 0)
            strbuf_printf(out, "; %s in year %d:", kres_name(res), year);
        strbuf_printf(out, "%s %s %d -> %d", n > 1 ? "," : "", kcause_name(c->cause), c->old, c->now);
    }
}

static void check_line(struct run *r)
{
    const struct klog_stmt *st = r->st;
    for (int k = 0; k < st->ncheck; k++) {
        int res = st->check_order[k], rules = r->a->s.stock[res];
        if (st->check[res] == rules)
            continue;
        int len;
        struct srcpos pos = pos_of(st, 2 * k + 1, &len);
        struct strbuf why = STRBUF_INIT;
        changes_text(r->a, res, &why);
        diag_add(r->dl, DIAG_MISMATCH, r->file, pos, len, krule_text(KR_CHECK),
                 "the line says %s %d, the rules give %d%s", kres_name(res), st->check[res], rules, strbuf_cstr(&why));
        strbuf_free(&why);
        r->a->mismatches++;
    }
}

static void result_line(struct run *r)
{
    struct kaudit *a = r->a;
    if (a->result_given) {
        struct strbuf msg = STRBUF_INIT;
        strbuf_printf(&msg, "the result is already given on line %d", a->result_line);
        error(r, -1, KR_RESULT, strbuf_cstr(&msg));
        strbuf_free(&msg);
        return;
    }
    a->result_given = true;
    a->result_win = r->st->win;
    a->result_line = r->st->line;
    struct strbuf msg = STRBUF_INIT;
    if (!a->s.end) {
        strbuf_printf(&msg, "the game is not over (a win needs the monument's stage %d, a loss graveyard %d or the end of year %d): ",
                      a->s.data->effect_stage[KEFF_WIN], a->s.data->graveyard_limit, a->s.data->year_limit);
        kaudit_awaits_text(&a->s, &msg);
        error(r, 0, KR_RESULT, strbuf_cstr(&msg));
    } else if ((a->s.end == KEND_WIN) != (r->st->win != 0)) {
        strbuf_puts(&msg, "the rules give ");
        kaudit_end_text(&a->s, &msg);
        strbuf_printf(&msg, " (write \"result %s\")", a->s.end == KEND_WIN ? "win" : "loss");
        error(r, 0, KR_RESULT, strbuf_cstr(&msg));
    }
    strbuf_free(&msg);
}

/* A statement of the game (setup or year). */
/* A statement after the end. */
static void after_end(struct run *r)
{
    struct strbuf msg = STRBUF_INIT;
    if (r->a->end_line == r->st->line)
        strbuf_printf(&msg, "this line closes year %d and the game with it (", r->a->s.end_year);
    else
        strbuf_printf(&msg, "the game ended on line %d (", r->a->end_line);
    kaudit_end_text(&r->a->s, &msg);
    strbuf_puts(&msg, "): only check lines and the result may follow");
    error(r, -1, KR_GAME_OVER, strbuf_cstr(&msg));
    strbuf_free(&msg);
}

/* A line that plays (setup, dice, picks, trades, year ends): the steps it leaves implicit, then its
 * decisions, each refused in the audit's words or applied. */
static void play_line(struct run *r, size_t idx)
{
    struct kaudit *a = r->a;
    const struct klog_stmt *st = r->st;
    if (a->s.end) {
        after_end(r);
        return;
    }
    enum step want = stmt_step(st->kind);
    if (want != ST_NONE)
        steps_before(r, want);
    if (a->s.end) {
        after_end(r);
        return;
    }
    if (st->invalid) {
        r->refused_step = want;
        r->refused_line = st->line;
        return;
    }
    if (st->kind == KL_STARVE) {
        a->applied[idx] = starve_line(r);
        if (!a->applied[idx]) {
            r->refused_step = ST_STARVE;
            r->refused_line = st->line;
        }
        return;
    }
    a->applied[idx] = 1;
    for (int k = 0; k < st->ndec; k++) {
        if (apply(r, k, &st->dec[k]))
            continue;
        a->applied[idx] = 0;
        r->refused_step = want;
        r->refused_line = st->line;
        /* A wrong year number: the next year is begun all the same. */
        if (st->kind == KL_YEAR && kingdom_awaited(&a->s).kind == KA_YEAR) {
            struct kdecision next = {.kind = KD_YEAR, .a = a->s.year + 1};
            kingdom_apply(&a->s, &next, &a->h);
        } else {
            return;
        }
    }
    if (st->kind == KL_YEAR)
        begin_row(a, idx);
}

static void header_line(struct run *r, size_t idx)
{
    const struct klog_stmt *st = r->st;
    if (st->kind == KL_HEADER) {
        if (idx != 0)
            error(r, -1, KR_HEADER, "\"kingdom 1\" is the first line, once");
        else if (!st->invalid && st->version != 1)
            error(r, 0, KR_HEADER, "this program reads version 1 of the kingdom's log (kingdom 1)");
        return;
    }
    if (r->names_seen)
        error(r, -1, KR_HEADER, "the names are given once: join them on the first names line");
    else if (r->setup_begun)
        error(r, -1, KR_HEADER, "the names come before the first range");
    r->names_seen = true;
}

/* Whether the replay stops before this statement (--until-year N: at the line that begins
 * year N + 1, once year N has closed). */
static bool until_here(struct run *r, const struct kaudit_options *opt)
{
    const struct klog_stmt *st = r->st;
    if (!opt || opt->until_year <= 0 || st->kind != KL_YEAR || r->a->s.year < opt->until_year)
        return false;
    steps_before(r, ST_CLOSE);
    r->a->until_reached = true;
    return true;
}

void kaudit_run(struct kaudit *a, const struct kdata *d, const struct klog *log, const char *file,
                struct diag_list *dl, const struct kaudit_options *opt)
{
    memset(a, 0, sizeof *a);
    kingdom_init(&a->s, d);
    a->applied = xcalloc(log->count + 1, 1);
    struct run r = {.a = a, .log = log, .file = file, .dl = dl};
    for (size_t i = 0; i < log->count; i++) {
        r.st = &log->stmts[i];
        if (until_here(&r, opt))
            break;
        if (i == 0 && r.st->kind != KL_HEADER)
            error(&r, -1, KR_HEADER, "the first line of a kingdom log is \"kingdom 1\"");
        switch (r.st->kind) {
        case KL_INVALID: break;
        case KL_HEADER: case KL_NAMES: header_line(&r, i); break;
        case KL_CHECK: if (!r.st->invalid) check_line(&r); break;
        case KL_RESULT:
            if (!r.st->invalid && !a->s.end)
                steps_before(&r, ST_CLOSE);
            close_row(a);
            if (!r.st->invalid)
                result_line(&r);
            break;
        default:
            if (a->result_given && !a->s.end) {
                error(&r, -1, KR_RESULT, "nothing is played after the result line");
                break;
            }
            r.setup_begun = true;
            play_line(&r, i);
            close_row(a);
            break;
        }
        if (a->nyears)
            a->ledger[a->nyears - 1].stmt_to = (int)i + 1;
    }
    if (a->s.end && !a->result_given && !log->stopped && log->count > 0) {
        const struct klog_stmt *last = &log->stmts[log->count - 1];
        struct strbuf msg = STRBUF_INIT;
        strbuf_printf(&msg, "missing result line: the game ended on line %d (", a->end_line);
        kaudit_end_text(&a->s, &msg);
        strbuf_printf(&msg, "): add \"result %s\"", a->s.end == KEND_WIN ? "win" : "loss");
        diag_add(dl, DIAG_ERROR, file, (struct srcpos){last->line, last->end_col}, 1, krule_text(KR_RESULT),
                 "%s", strbuf_cstr(&msg));
        strbuf_free(&msg);
    }
}

/* Adds d to the line's decisions. */
static void line_decision(struct kdecision *out, size_t cap, size_t *n, const struct kdecision *d)
{
    if (*n < cap)
        out[*n] = *d;
    (*n)++;
}

/* kaudit_line's reading, on the state of rp's audit. */
static bool read_line(struct run *rp, const struct kstate *s, struct kdecision *out, size_t cap, size_t *n)
{
    struct kaudit *a = rp->a;
    const struct klog_stmt *st = rp->st;
    struct diag_list *dl = rp->dl;
    size_t errors = dl->errors;
    *n = 0;
    switch (st->kind) {
    case KL_HEADER:
        if (kingdom_awaited(s).kind != KA_RANGE_ROLL || kingdom_awaited(s).range != 0) {
            error(rp, -1, KR_HEADER, "\"kingdom 1\" is the first line, once");
            return false;
        }
        if (st->version != 1) {
            error(rp, 0, KR_HEADER, "this program reads version 1 of the kingdom's log (kingdom 1)");
            return false;
        }
        return true;
    case KL_NAMES: {
        struct kingdom_awaited aw = kingdom_awaited(s);
        if (aw.kind != KA_RANGE_ROLL || aw.range != 0) {
            error(rp, -1, KR_HEADER, "the names come before the first range");
            return false;
        }
        return true;
    }
    case KL_CHECK:
        check_line(rp);
        return a->mismatches == 0;
    default:
        break;
    }
    if (a->s.end && st->kind != KL_RESULT) {
        struct strbuf msg = STRBUF_INIT;
        strbuf_puts(&msg, "the game is over (");
        kaudit_end_text(&a->s, &msg);
        strbuf_puts(&msg, "): only check lines and comments may follow");
        error(rp, -1, KR_GAME_OVER, strbuf_cstr(&msg));
        strbuf_free(&msg);
        return false;
    }
    enum step want = stmt_step(st->kind);
    bool in_year = awaited_step((struct kingdom_awaited[]){kingdom_awaited(&a->s)}) > ST_YEAR;
    for (int guard = 0; guard < 2 * KMAP_HEXES; guard++) {
        struct kingdom_awaited aw = kingdom_awaited(&a->s);
        enum step at = awaited_step(&aw);
        if (at == ST_NONE || at >= want || (at == ST_YEAR && (in_year || want == ST_CLOSE || st->kind == KL_YEAR)))
            break;
        if (at != ST_BUILD) {
            struct strbuf msg = STRBUF_INIT;
            missing_text(&a->s, at, &msg);
            error(rp, -1, missing_rule(at), strbuf_cstr(&msg));
            strbuf_free(&msg);
            return false;
        }
        struct kdecision done = {.kind = KD_DONE};
        kingdom_apply(&a->s, &done, NULL);
        line_decision(out, cap, n, &done);
    }
    if (st->kind == KL_RESULT) {
        result_line(rp);
        return dl->errors == errors;
    }
    if (a->s.end) {
        error(rp, -1, KR_GAME_OVER, "the end of building closes the game: only its result, check lines and comments "
                                    "may follow");
        return false;
    }
    if (st->kind == KL_STARVE) {
        if (!starve_line(rp))
            return false;
        for (int i = 0; i < st->nvictims; i++) {
            struct kdecision d = {.kind = KD_STARVE, .nhex = 1};
            d.hex[0] = st->victims[i];
            line_decision(out, cap, n, &d);
        }
        return true;
    }
    for (int k = 0; k < st->ndec; k++) {
        if (!apply(rp, k, &st->dec[k]))
            return false;
        line_decision(out, cap, n, &st->dec[k]);
    }
    return true;
}

bool kaudit_line(const struct kstate *s, const struct klog_stmt *st, const char *file, struct kdecision *out, size_t cap,
                 size_t *n, struct diag_list *dl)
{
    struct kaudit a;
    memset(&a, 0, sizeof a);
    a.s = *s;
    struct run r = {.a = &a, .file = file, .dl = dl, .st = st, .at_table = true};
    bool ok = read_line(&r, s, out, cap, n);
    khistory_free(&a.h);
    return ok;
}

void kaudit_free(struct kaudit *a)
{
    khistory_free(&a->h);
    free(a->applied);
    a->applied = NULL;
    free(a->ledger);
    a->ledger = NULL;
    a->nyears = 0;
}

bool kaudit_ok(const struct kaudit *a, const struct diag_list *dl)
{
    return dl->errors == 0 && a->mismatches == 0;
}

void kaudit_end_text(const struct kstate *s, struct strbuf *out)
{
    switch (s->end) {
    case KEND_WIN:
        strbuf_printf(out, "won in year %d", s->end_year);
        break;
    case KEND_LOSS_GRAVEYARDS:
        strbuf_printf(out, "lost in year %d: graveyard %d", s->end_year, s->graveyards);
        break;
    case KEND_LOSS_YEARS:
        strbuf_printf(out, "lost: year %d ended without the win", s->end_year);
        break;
    default:
        strbuf_puts(out, "not over");
    }
}

void kaudit_awaits_text(const struct kstate *s, struct strbuf *out)
{
    struct kingdom_awaited aw = kingdom_awaited(s);
    const char *opt = aw.kind == KA_REROLL ? ", or first a reroll (reroll OLD NEW)" : "";
    if (aw.kind == KA_REROLL) {
        enum step next = awaited_step(&aw);
        aw.kind = next == ST_SIX ? KA_SIX : next == ST_DISASTER ? KA_DISASTER : KA_CAPITAL;
    }
    switch (aw.kind) {
    case KA_RANGE_ROLL:
        strbuf_printf(out, "the setup awaits range %d (range REGION SIZE HEX...)", aw.range + 1);
        break;
    case KA_RIVER: strbuf_puts(out, "the setup awaits the river (river HEX...)"); break;
    case KA_SETUP:
        strbuf_puts(out, "the setup awaits the free");
        for (int b = 0, n = 0; b < KB_BUILDINGS; b++)
            if (aw.setup_left >> b & 1u)
                strbuf_printf(out, "%s %s", n++ ? "," : "", kbuilding_name(b));
        strbuf_puts(out, " (setup KIND HEX)");
        break;
    case KA_YEAR: strbuf_printf(out, "year %d is next (year %d)", aw.year, aw.year); break;
    case KA_FATE: strbuf_printf(out, "year %d awaits its fate dice (fate A B)", aw.year); break;
    case KA_REROLL_ROLL: strbuf_printf(out, "year %d awaits the rerolled die", aw.year); break;
    case KA_SIX:
        strbuf_printf(out, "year %d awaits %d six line%s (six X Y)%s", aw.year, aw.owed, aw.owed == 1 ? "" : "s", opt);
        break;
    case KA_DISASTER:
        strbuf_printf(out, "year %d awaits %d disaster line%s (disaster HEX)%s", aw.year, aw.owed,
                      aw.owed == 1 ? "" : "s", opt);
        break;
    case KA_CAPITAL:
        strbuf_printf(out, "year %d awaits the capital's pick%s (capital%s)%s", aw.year, aw.owed == 1 ? "" : "s",
                      aw.owed == 1 ? " R" : " R R", opt);
        break;
    case KA_BUILD:
        strbuf_printf(out, "year %d is building and trading (build KIND HEX, trade N food|ore); feeding comes "
                      "with the next year line or the result", aw.year);
        break;
    case KA_STARVE:
        strbuf_printf(out, "year %d awaits %d starvation victim%s (starve HEX...)", aw.year, aw.owed, aw.owed == 1 ? "" : "s");
        break;
    default: strbuf_puts(out, "the game is over"); break;
    }
}
