/* The kingdom at the table: typed lines read through the log's parser and the audit's replay,
 * the prompt, the narration and the waste warnings (kingdom/table.h). */
#include "kingdom/table.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/diag.h"
#include "kingdom/kaudit.h"
#include "kingdom/klog.h"
#include "kingdom/klog_write.h"

/* The step a short form stands for: the awaited one (after an optional reroll, the step it
 * precedes). */
static enum kawait short_step(const struct kingdom_awaited *aw)
{
    if (aw->kind != KA_REROLL)
        return aw->kind;
    for (int k = KA_SIX; k <= KA_CAPITAL; k++)
        if (aw->pending >> k & 1u)
            return (enum kawait)k;
    return aw->kind;
}

/* The statement a line not starting with a keyword stands for at s, or KL_INVALID. */
static enum klog_kind short_kind(const struct kstate *s, const char *rest)
{
    struct kingdom_awaited aw = kingdom_awaited(s);
    switch (short_step(&aw)) {
    case KA_RANGE_ROLL: return KL_RANGE;
    case KA_RIVER: return KL_RIVER;
    case KA_SETUP: return KL_SETUP;
    case KA_FATE: return KL_FATE;
    case KA_SIX: return KL_SIX;
    case KA_DISASTER: return KL_DISASTER;
    case KA_CAPITAL: return KL_CAPITAL;
    case KA_BUILD: return *rest >= '0' && *rest <= '9' ? KL_TRADE : KL_BUILD;
    case KA_STARVE: return KL_STARVE;
    default: return KL_INVALID;
    }
}

/* Whether text[0..len) is word (case ignored). */
static int word_is(const char *text, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(text, word, len) == 0;
}

/* The diagnostics of dl as the audit prints them, the line shown from buf. */
static void put_diags(const struct diag_list *dl, const char *buf, size_t len, struct strbuf *out)
{
    for (size_t i = 0; i < dl->count; i++)
        diag_format(out, &dl->items[i], buf, len);
}

enum game_line ktable_read(const struct kstate *s, const char *line, const char *file, int lineno,
                           struct kdecision *out, size_t cap, size_t *n, struct strbuf *note, struct strbuf *why)
{
    *n = 0;
    const char *p = line + strspn(line, " \t");
    const char *q = p + strspn(p, " \t,");       /* commas alone separate nothing */
    if (!*q)
        return GAME_LINE_EMPTY;
    size_t wlen = strcspn(p, " \t#");
    const char *rest = p + wlen + strspn(p + wlen, " \t");
    int alone = !*rest || *rest == '#';
    struct kingdom_awaited aw = kingdom_awaited(s);
    /* The recorder's words: the end of building, the next year. */
    if (wlen && alone && word_is(p, wlen, "done")) {
        if (aw.kind != KA_BUILD) {
            strbuf_puts(why, "done ends a year's building and trading, and ");
            kaudit_awaits_text(s, why);
            strbuf_puts(why, "\n");
            return GAME_LINE_REFUSED;
        }
        if (cap > 0)
            out[0] = (struct kdecision){.kind = KD_DONE};
        *n = 1;
        return GAME_LINE_DECISIONS;
    }
    struct strbuf text = STRBUF_INIT;
    for (int i = 1; i < lineno; i++)
        strbuf_putc(&text, '\n');
    size_t at = text.len;
    enum klog_kind k = KL_YEAR;
    if (wlen && alone && word_is(p, wlen, "next") && (aw.kind == KA_YEAR || aw.kind == KA_BUILD)) {
        struct kdecision y = {.kind = KD_YEAR, .a = aw.kind == KA_YEAR ? aw.year : s->year + 1};
        klog_write_decision(&y, &text);
        strbuf_puts(&text, rest);
    } else {
        k = wlen ? klog_keyword_kind(p, wlen) : KL_INVALID;
        enum klog_kind as = k == KL_INVALID && *q != '#' ? short_kind(s, p) : KL_INVALID;
        if (as != KL_INVALID)
            strbuf_printf(&text, "%s ", klog_keyword(as));
        strbuf_puts(&text, p);
    }
    struct diag_list dl = DIAG_LIST_INIT;
    struct klog log = {0};
    klog_parse(&log, text.data, text.len, file, &dl);
    enum game_line kind = GAME_LINE_REFUSED;
    if (dl.errors == 0 && log.count == 0 && *q == '#') {
        kind = GAME_LINE_NOTE;                  /* a comment alone */
    } else if (dl.errors == 0 && log.count == 1 && log.stmts[0].kind != KL_INVALID && !log.stmts[0].invalid &&
               kaudit_line(s, &log.stmts[0], file, out, cap, n, &dl)) {
        k = log.stmts[0].kind;
        kind = k == KL_RESULT ? GAME_LINE_END : k == KL_HEADER ? GAME_LINE_START
               : k == KL_CHECK || k == KL_NAMES ? GAME_LINE_NOTE : GAME_LINE_DECISIONS;
        const char *hash = strchr(p, '#');      /* no quoted text on a line of decisions */
        if (kind == GAME_LINE_DECISIONS && hash) {
            const char *c = hash + 1 + strspn(hash + 1, " \t");
            size_t clen = strlen(c);
            while (clen > 0 && (c[clen - 1] == ' ' || c[clen - 1] == '\t'))
                clen--;
            strbuf_append(note, c, clen);
        }
    }
    if (kind == GAME_LINE_REFUSED) {
        put_diags(&dl, text.data, text.len, why);
        if (strncmp(text.data + at, p, strlen(p)) != 0) {
            struct strbuf read = STRBUF_INIT;
            strbuf_append(&read, text.data + at, strcspn(text.data + at, "#"));
            while (read.len && (read.data[read.len - 1] == ' ' || read.data[read.len - 1] == '\t'))
                read.data[--read.len] = 0;
            strbuf_printf(why, "(the line was read as \"%s\": ", strbuf_cstr(&read));
            kaudit_awaits_text(s, why);
            strbuf_puts(why, ")\n");
            strbuf_free(&read);
        } else if (k == KL_INVALID && *q != '#') {
            strbuf_puts(why, "(the ");
            kaudit_awaits_text(s, why);
            strbuf_puts(why, aw.kind == KA_YEAR ? "; next begins it)\n" : ")\n");
        }
        *n = 0;
    }
    klog_free(&log);
    diag_list_free(&dl);
    strbuf_free(&text);
    return kind;
}

/* ---- the prompt -------------------------------------------------------------------------- */

/* The hexes of the legal decisions of one kind (and building kind what, or -1) in room. */
static int count_of(const struct kdecision *room, size_t n, enum kdecision_kind kind, int what)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += room[i].kind == kind && (what < 0 || room[i].what == what);
    return c;
}

/* " F5 F6 F7" the hexes of a range or river decision. */
static void path_hexes(const struct kdecision *d, struct strbuf *out)
{
    for (int k = 0; k < d->nhex; k++)
        strbuf_printf(out, " %s", kmap_hex(d->hex[k])->code);
}

/* A range roll as the player would type it, legal on this map: the first dice (region, size;
 * a size of 3 or more when one fits) whose range fits, then the first range that fits them: "3 4 F5 F6 F7 F8". */
static void range_example(const struct kstate *s, struct kdecision *room, size_t cap, struct strbuf *out)
{
    struct kdecision rolls[64];
    size_t n = kingdom_legal(s, rolls, 64);
    for (int pass = 0; pass < 2; pass++)   /* a range of 3 hexes or more first: a typical one */
        for (size_t i = 0; i < n && i < 64; i++) {
            struct kstate t = *s;
            if ((pass == 0 && rolls[i].b < 3) || kingdom_apply(&t, &rolls[i], NULL).rule != KR_NONE ||
                kingdom_legal(&t, room, cap) == 0)
                continue;
            strbuf_printf(out, "%d %d", rolls[i].a, rolls[i].b);
            path_hexes(&room[0], out);
            return;
        }
}

/* The first hex of the legal decisions of a kind, for an example ("C4"), or "C4" when none. */
static const char *first_hex(const struct kdecision *room, size_t n, enum kdecision_kind kind)
{
    for (size_t i = 0; i < n; i++)
        if (room[i].kind == kind && room[i].nhex > 0)
            return kmap_hex(room[i].hex[0])->code;
    return "C4";
}

/* " C4 D5 E6" the first hexes of the legal decisions of a kind (and what), "..." past 8. */
static void hexes_of(const struct kdecision *room, size_t n, enum kdecision_kind kind, int what, struct strbuf *out)
{
    int shown = 0;
    for (size_t i = 0; i < n; i++) {
        if (room[i].kind != kind || (what >= 0 && room[i].what != what) || room[i].nhex < 1)
            continue;
        if (shown++ == 8) {
            strbuf_puts(out, " ...");
            return;
        }
        strbuf_printf(out, " %s", kmap_hex(room[i].hex[0])->code);
    }
}

void ktable_prompt(const struct kstate *s, struct strbuf *out)
{
    struct kingdom_awaited aw = kingdom_awaited(s);
    if (aw.kind == KA_END) {
        strbuf_puts(out, "The game is over: ");
        kaudit_end_text(s, out);
        strbuf_puts(out, ".\n");
        return;
    }
    if (s->year > 0)
        strbuf_printf(out, "Year %d: food %d, ore %d, work %d; monument stage %d, graveyards %d.\n", s->year,
                      s->stock[KRES_FOOD], s->stock[KRES_ORE], s->stock[KRES_WORK], s->stage, s->graveyards);
    size_t at = out->len;
    kaudit_awaits_text(s, out);
    if (out->data[at] >= 'a' && out->data[at] <= 'z')
        out->data[at] = (char)(out->data[at] - 'a' + 'A');
    strbuf_puts(out, ".\n");
    static _Thread_local struct kdecision room[3 * KMAP_HEXES * KB_KINDS];
    size_t cap = sizeof room / sizeof room[0];
    size_t n = 0;
    switch (short_step(&aw)) {
    case KA_RANGE_ROLL:
        strbuf_puts(out, "  Type the region die, the size die and the hexes (for instance: ");
        range_example(s, room, cap, out);
        strbuf_puts(out, ")\n");
        break;
    case KA_RIVER:
        n = kingdom_legal(s, room, cap);
        strbuf_puts(out, "  Type the river's hexes in flow order (for instance:");
        if (n > 0)
            path_hexes(&room[0], out);
        strbuf_puts(out, ")\n");
        break;
    case KA_SETUP:
        n = kingdom_legal(s, room, cap);
        for (int b = 0; b < KB_BUILDINGS; b++)
            if (aw.setup_left >> b & 1u) {
                strbuf_printf(out, "  %s on:", kbuilding_name(b));
                hexes_of(room, n < cap ? n : cap, KD_SETUP, b, out);
                strbuf_putc(out, '\n');
            }
        for (size_t i = 0; i < n && i < cap; i++)
            if (room[i].kind == KD_SETUP) {
                strbuf_printf(out, "  Type the kind and the hex: %s %s\n", kbuilding_name(room[i].what),
                              kmap_hex(room[i].hex[0])->code);
                break;
            }
        break;
    case KA_YEAR:
        strbuf_puts(out, "  Type next (or the year line).\n");
        break;
    case KA_FATE:
        strbuf_puts(out, "  Roll the two dice and type them: 3 5\n");
        break;
    case KA_SIX:
        strbuf_puts(out, "  Type the two results (1 to 5, different): 1 4\n");
        break;
    case KA_DISASTER:
        n = kingdom_legal(s, room, cap);
        strbuf_puts(out, "  The victim:");
        hexes_of(room, n < cap ? n : cap, KD_DISASTER, -1, out);
        strbuf_printf(out, "\n  Type its hex (or none when nothing stands): %s\n",
                      first_hex(room, n < cap ? n : cap, KD_DISASTER));
        break;
    case KA_CAPITAL:
        strbuf_printf(out, "  Type %s: %s\n", aw.owed == 1 ? "the resource" : "the resources",
                      aw.owed == 1 ? "food" : "food ore");
        break;
    case KA_BUILD: {
        n = kingdom_legal(s, room, cap);
        if (n > cap)
            n = cap;
        int any = 0;
        for (int b = 0; b < KB_KINDS; b++) {
            int c = count_of(room, n, KD_BUILD, b);
            if (c == 0)
                continue;
            strbuf_printf(out, "%s %s (%d hex%s:", any++ ? ";" : "  May build:", kbuilding_name(b), c, c == 1 ? "" : "es");
            hexes_of(room, n, KD_BUILD, b, out);
            strbuf_putc(out, ')');
        }
        if (any)
            strbuf_putc(out, '\n');
        int trade = 0;
        for (size_t i = 0; i < n; i++)
            if (room[i].kind == KD_TRADE && room[i].a > trade)
                trade = room[i].a;
        if (trade)
            strbuf_printf(out, "  May trade up to %d food or ore.\n", trade);
        strbuf_puts(out, "  Type farm C4, 2 food, done to end the year's building (feeding follows), or next to end\n"
                         "  it and begin the next year.\n");
        break;
    }
    case KA_STARVE:
        n = kingdom_legal(s, room, cap);
        strbuf_puts(out, "  The victims stand on:");
        hexes_of(room, n < cap ? n : cap, KD_STARVE, -1, out);
        strbuf_printf(out, "\n  Type their hexes, one a victim: %s\n", first_hex(room, n < cap ? n : cap, KD_STARVE));
        break;
    default:
        break;
    }
    if (aw.kind == KA_REROLL)
        strbuf_puts(out, "  Or reroll a die first: reroll OLD NEW\n");
}

/* ---- narration and warnings -------------------------------------------------------------- */

void ktable_narrate(const struct kstate *s, const struct kdecision *d, struct strbuf *out)
{
    struct kstate after = *s;
    struct khistory h = KHISTORY_INIT;
    kingdom_apply(&after, d, &h);
    for (size_t i = 0; i < h.count; i++) {
        const struct kchange *c = &h.items[i];
        if (c->cause == KC_BUILD || c->cause == KC_TRADE || c->cause == KC_SETUP)
            continue;
        strbuf_printf(out, "  %s %d -> %d (%s", kwhat_name(c->what), c->old, c->now, kcause_name(c->cause));
        if (c->hex >= 0)
            strbuf_printf(out, " on %s", kmap_hex(c->hex)->code);
        strbuf_puts(out, ")\n");
    }
    if (after.end && !s->end) {
        strbuf_puts(out, "  The game is over: ");
        kaudit_end_text(&after, out);
        strbuf_puts(out, ".\n");
    }
    khistory_free(&h);
}

void ktable_warn(const struct kstate *s, const struct kdecision *d, struct strbuf *out)
{
    if (d->kind != KD_DONE && d->kind != KD_TRADE)
        return;
    static _Thread_local struct kdecision room[3 * KMAP_HEXES * KB_KINDS];
    size_t cap = sizeof room / sizeof room[0];
    size_t n = kingdom_legal(s, room, cap);
    if (n > cap)
        n = cap;
    struct strbuf could = STRBUF_INIT;
    int trade = 0;
    int kinds[KB_KINDS], nkinds = 0;
    /* A building counts only when the kingdom can still feed it this year (the food left after
     * its price, with the rest of the work traded for food): one that would starve is no loss. */
    for (int b = 0; b < KB_KINDS; b++) {
        if (!count_of(room, n, KD_BUILD, b))
            continue;
        int cost[KRES_COUNT];
        kingdom_cost(s, b, cost);
        int food = s->stock[KRES_FOOD] - cost[KRES_FOOD] + (s->stock[KRES_WORK] - cost[KRES_WORK]) / 2;
        if (b == KB_MONUMENT || food >= kingdom_mouths(s) + 1)
            kinds[nkinds++] = b;
    }
    for (int i = 0; i < nkinds; i++)
        strbuf_printf(&could, "%sa %s", i == 0 ? "" : i == nkinds - 1 ? " or " : ", ", kbuilding_name(kinds[i]));
    for (size_t i = 0; i < n; i++)
        if (room[i].kind == KD_TRADE && room[i].a > trade)
            trade = room[i].a;
    if (d->kind == KD_TRADE && could.len && !s->traded) {
        strbuf_printf(out, "warning: after a trade nothing more is built in year %d, and %s could still be built [rule: %s]\n",
                      s->year, strbuf_cstr(&could), krule_text(KR_TRADE));
    } else if (d->kind == KD_DONE) {
        struct kstate after = *s;
        struct khistory h = KHISTORY_INIT;
        kingdom_apply(&after, d, &h);
        int lost = 0;
        for (size_t i = 0; i < h.count; i++)
            if (h.items[i].cause == KC_YEAR_END && h.items[i].what == KH_WORK)
                lost += h.items[i].old - h.items[i].now;
        khistory_free(&h);
        if (lost > 0 && (could.len || trade)) {
            strbuf_printf(out, "warning: %d work is lost at the end of year %d, and it could still ", lost, s->year);
            if (could.len)
                strbuf_printf(out, "buy %s%s", strbuf_cstr(&could), trade ? ", or " : "");
            if (trade)
                strbuf_printf(out, "trade for %d food or ore", trade);
            strbuf_printf(out, " (undo takes the line back) [rule: %s]\n", krule_text(KR_TRADE));
        }
    }
    strbuf_free(&could);
}

int ktable_check_log(const struct kdata *d, const char *buf, size_t len, const char *file, struct strbuf *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct klog log = {0};
    klog_parse(&log, buf, len, file, &dl);
    struct kaudit a;
    kaudit_run(&a, d, &log, file, &dl, NULL);
    int ok = kaudit_ok(&a, &dl);
    if (!ok)
        put_diags(&dl, buf, len, out);
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
    return ok ? 0 : 1;
}
