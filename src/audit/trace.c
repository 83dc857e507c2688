/* Traces: a player's values turn by turn, or one value's every change with its cause, read from
 * the history. */
#include "audit/trace.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/ids.h"

int log_value_parse(const struct gamedata *gd, const char *name, struct log_value *out)
{
    size_t n = strlen(name);
    int i;
    if ((i = gamedata_asset(gd, name, n)) >= 0) {
        *out = (struct log_value){HIST_ASSET, i};
        return 0;
    }
    if ((i = gamedata_location(gd, name, n)) >= 0) {
        *out = (struct log_value){HIST_INFLUENCE, i};
        return 0;
    }
    if (strcmp(name, "reputation") == 0) {
        *out = (struct log_value){HIST_REPUTATION, -1};
        return 0;
    }
    return -1;
}

const char *log_value_name(const struct gamedata *gd, struct log_value v)
{
    switch (v.what) {
    case HIST_ASSET: return gd->assets[v.index].id;
    case HIST_INFLUENCE: return gd->locations[v.index].id;
    default: return "reputation";
    }
}

static void die_cause(const struct gamedata *gd, const struct hist_rec *r, struct strbuf *out)
{
    int added = r->new_value - r->old_value;
    if (r->what == HIST_INFLUENCE) {
        strbuf_printf(out, "the %d was spent on it", r->die);
        return;
    }
    if (r->ref & HIST_REF_RESTRICTED)
        strbuf_printf(out, "the %d was the turn's highest die, so it adds %d", r->die,
                      r->die - gd->advanced_die_penalty);
    else if (r->ref & HIST_REF_DIE_BONUS)
        strbuf_printf(out, "the %d was spent on it and a perk counts it as more", r->die);
    else
        strbuf_printf(out, "the %d was spent on it", r->die);
    if (r->ref & HIST_REF_MAX)
        strbuf_printf(out, "; the MAX stops it at %d", r->new_value);
    else if (r->ref & HIST_REF_AFFORD)
        strbuf_printf(out, "; the costs allowed %d", added);
}

static void cost_cause(const struct gamedata *gd, const struct hist_rec *r, struct strbuf *out)
{
    int paid = r->old_value - r->new_value;
    const char *what = gd->assets[r->index].id;
    if (r->ref >= 0 && r->ref < gd->nitems) {
        strbuf_printf(out, "the %s costs %d %s", gd->items[r->ref].id, paid + r->ref2, what);
        if (r->ref2 > 0)
            strbuf_printf(out, ", less %d for the masons%s", r->ref2, paid == 0 ? ": nothing to pay" : "");
    } else if (r->ref < 0 && -1 - r->ref < ASSET_COUNT) {
        strbuf_printf(out, "paid for the %s added with the %d", gd->assets[-1 - r->ref].id, r->die);
    } else {
        strbuf_puts(out, "a cost");
    }
}

static void production_cause(const struct gamedata *gd, const struct hist_rec *r, struct strbuf *out)
{
    if (r->ref >= 0 && r->ref < LOCATION_COUNT)
        strbuf_printf(out, "the %s bonus at the end of round %d", gd->locations[r->ref].id, r->round);
    else if (r->ref < 0 && -1 - r->ref < ASSET_COUNT)
        strbuf_printf(out, "the %s produce at the end of round %d", gd->assets[-1 - r->ref].id, r->round);
    else if (r->ref >= HIST_REF_ITEM(0) && r->ref < HIST_REF_ITEM(gd->nitems))
        strbuf_printf(out, "the %s's perk at the end of round %d", gd->items[r->ref - HIST_REF_ITEM(0)].id,
                      r->round);
    else
        strbuf_printf(out, "production at the end of round %d", r->round);
    if (r->ref2 == HIST_REF_MAX)
        strbuf_printf(out, ", stopped by the MAX at %d", r->new_value);
}

void log_trace_cause(const struct gamedata *gd, const struct hist_rec *r, struct strbuf *out)
{
    switch ((enum hist_cause)r->cause) {
    case CAUSE_DIE:
        die_cause(gd, r, out);
        return;
    case CAUSE_COST:
        cost_cause(gd, r, out);
        return;
    case CAUSE_FEEDING:
        if (r->ref == 1)
            strbuf_printf(out, "starvation: the food fed only %d people", r->new_value);
        else
            strbuf_printf(out, "feeding at the end of the turn: %d food", r->old_value - r->new_value);
        return;
    case CAUSE_EVENT:
        if (r->ref >= 0 && r->ref < EVENT_COUNT)
            strbuf_printf(out, "the %s of round %d", gd->events[r->ref].id, r->round);
        else
            strbuf_printf(out, "the event of round %d", r->round);
        if (r->ref2 < 0 && -1 - r->ref2 < ASSET_COUNT)
            strbuf_printf(out, ": the %s produce no %s at its end", gd->assets[-1 - r->ref2].id,
                          gd->assets[r->index].id);
        return;
    case CAUSE_WAR:
        if (r->what == HIST_REPUTATION)
            strbuf_printf(out, "the king war: +%d %s", r->new_value - r->old_value,
                          r->ref == 1 ? "for the highest POW" : r->ref == 3 ? "for the sole supporter"
                                                                             : "for a supporter");
        else
            strbuf_puts(out, "the king war: supporters halve it");
        return;
    case CAUSE_PRODUCTION:
        production_cause(gd, r, out);
        return;
    case CAUSE_CLAMP: {
        int ref = r->what == HIST_ASSET ? gd->assets[r->index].max_ref : -1;
        strbuf_printf(out, "its MAX fell to %d", r->new_value);
        if (ref >= 0)
            strbuf_printf(out, " (the %s)", gd->assets[ref].id);
        return;
    }
    case CAUSE_MARKET:
        strbuf_puts(out, "the market conversion");
        return;
    case CAUSE_RESERVE:
    case CAUSE_PERK:
        strbuf_puts(out, "a perk");
        return;
    }
    strbuf_puts(out, "?");
}

static int matches(const struct hist_rec *r, int player, struct log_value v)
{
    return r->player == player && r->what == v.what && (v.what == HIST_REPUTATION || r->index == v.index);
}

void log_trace_value(const struct log_replay *r, int player, struct log_value v, size_t upto,
                     int since, size_t max, struct log_trace *out)
{
    memset(out, 0, sizeof *out);
    const struct history *h = &r->history;
    if (upto > h->count)
        upto = h->count;
    size_t first = upto, n = 0;
    for (size_t i = upto; i-- > 0;) {
        if (!matches(&h->items[i], player, v))
            continue;
        first = i;
        n++;
        if (h->items[i].old_value == since)
            break;
    }
    if (n == 0)
        return;
    size_t skip = n > max ? n - max : 0;
    out->earlier = skip;
    out->steps = xcalloc(n - skip, sizeof *out->steps);
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = first, k = 0; i < upto; i++) {
        const struct hist_rec *rec = &h->items[i];
        if (!matches(rec, player, v) || k++ < skip)
            continue;
        if (out->n == 0)
            out->from = i;
        struct log_trace_step *st = &out->steps[out->n++];
        st->line = r->history_lines ? r->history_lines[i] : 0;
        st->round = rec->round;
        st->old_value = rec->old_value;
        st->new_value = rec->new_value;
        strbuf_reset(&sb);
        log_trace_cause(r->gd, rec, &sb);
        st->cause = strbuf_detach(&sb);
    }
    strbuf_free(&sb);
}

/* A change the rules made by themselves that lowered a value: what a sheet may miss. */
static int automatic_cut(const struct hist_rec *rec)
{
    return rec->new_value < rec->old_value && (rec->cause == CAUSE_EVENT || rec->cause == CAUSE_CLAMP ||
                                               rec->cause == CAUSE_WAR || rec->cause == CAUSE_FEEDING);
}

/* The latest automatic cut of player's asset a in round `round` among records [0, before). */
static const struct hist_rec *cut_before(const struct history *h, int player, int a, int round, size_t before)
{
    for (size_t i = before; i-- > 0 && h->items[i].round == round;) {
        const struct hist_rec *rec = &h->items[i];
        if (rec->player == player && rec->what == HIST_ASSET && rec->index == a && automatic_cut(rec))
            return rec;
    }
    return NULL;
}

/* Adds record k (a cut of value dv that the production rec counts) to out->missed, once. */
static void add_missed(const struct log_replay *r, size_t k, struct log_value dv, const struct hist_rec *prod,
                       struct log_trace *out, unsigned char *seen)
{
    if (seen[k])
        return;
    seen[k] = 1;
    const struct gamedata *gd = r->gd;
    const struct hist_rec *cut = &r->history.items[k];
    struct strbuf sb = STRBUF_INIT;
    log_trace_cause(gd, cut, &sb);
    int ref = cut->cause == CAUSE_CLAMP && dv.what == HIST_ASSET ? gd->assets[dv.index].max_ref : -1;
    const struct hist_rec *behind = ref >= 0 ? cut_before(&r->history, cut->player, ref, cut->round, k) : NULL;
    if (behind) {
        strbuf_printf(&sb, ", after %s %d -> %d, ", gd->assets[ref].id, behind->old_value, behind->new_value);
        log_trace_cause(gd, behind, &sb);
    }
    strbuf_printf(&sb, "; the production at the end of round %d counts the %s", prod->round,
                  log_value_name(gd, dv));
    out->missed = xrealloc(out->missed, (out->nmissed + 1) * sizeof *out->missed);
    out->missed_value = xrealloc(out->missed_value, (out->nmissed + 1) * sizeof *out->missed_value);
    out->missed_value[out->nmissed] = dv;
    out->missed[out->nmissed++] = (struct log_trace_step){
        r->history_lines ? r->history_lines[k] : 0, cut->round, cut->old_value, cut->new_value,
        strbuf_detach(&sb)};
}

/* Fills out->missed: for each production among the records [from, upto) of player's value v,
 * the automatic cuts, earlier in its round, of the value it counts. */
static void find_missed(const struct log_replay *r, int player, struct log_value v, size_t from, size_t upto,
                        struct log_trace *out)
{
    const struct history *h = &r->history;
    unsigned char *seen = NULL;
    for (size_t j = from; j < upto; j++) {
        const struct hist_rec *prod = &h->items[j];
        struct log_value dv;
        if (!matches(prod, player, v) || prod->cause != CAUSE_PRODUCTION ||
            engine_production_source(r->gd, prod->ref, &dv.what, &dv.index) != 0)
            continue;
        if (!seen)
            seen = xcalloc(upto, 1);
        size_t k = j;
        while (k-- > 0 && h->items[k].round == prod->round)
            if (matches(&h->items[k], player, dv) && automatic_cut(&h->items[k]))
                add_missed(r, k, dv, prod, out, seen);
    }
    free(seen);
    /* Earliest first: the records were found latest first within each production. */
    for (size_t a = 0; a < out->nmissed; a++)
        for (size_t b = a + 1; b < out->nmissed; b++)
            if (out->missed[b].line < out->missed[a].line) {
                struct log_trace_step st = out->missed[a];
                struct log_value lv = out->missed_value[a];
                out->missed[a] = out->missed[b];
                out->missed_value[a] = out->missed_value[b];
                out->missed[b] = st;
                out->missed_value[b] = lv;
            }
}

int log_trace_mismatch(const struct log_replay *r, const struct mismatch *m, struct log_value *v,
                       struct log_trace *out)
{
    memset(out, 0, sizeof *out);
    switch (m->claim.kind) {
    case CLAIM_ASSET: *v = (struct log_value){HIST_ASSET, m->claim.index}; break;
    case CLAIM_INFLUENCE: *v = (struct log_value){HIST_INFLUENCE, m->claim.index}; break;
    case CLAIM_REPUTATION: *v = (struct log_value){HIST_REPUTATION, -1}; break;
    default: return -1;
    }
    log_trace_value(r, m->player, *v, m->history_count, m->nsheet ? m->sheet[0] : -1, LOG_TRACE_MAX, out);
    if (out->n)
        find_missed(r, m->player, *v, out->from, m->history_count, out);
    return 0;
}

void log_trace_free(struct log_trace *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->steps[i].cause);
    free(t->steps);
    for (size_t i = 0; i < t->nmissed; i++)
        free(t->missed[i].cause);
    free(t->missed);
    free(t->missed_value);
    memset(t, 0, sizeof *t);
}

void log_trace_missed_text(const struct gamedata *gd, const struct log_trace *t, const char *indent,
                           struct strbuf *out)
{
    for (size_t i = 0; i < t->nmissed; i++) {
        strbuf_printf(out, "%slikely missed: ", indent);
        log_trace_step_text(gd, t->missed_value[i], &t->missed[i], out);
        strbuf_putc(out, '\n');
    }
}

void log_trace_step_text(const struct gamedata *gd, struct log_value v, const struct log_trace_step *st,
                         struct strbuf *out)
{
    if (st->line > 0)
        strbuf_printf(out, "line %d, ", st->line);
    strbuf_printf(out, "round %d: %s %d -> %d, %s", st->round, log_value_name(gd, v), st->old_value,
                  st->new_value, st->cause);
}

/* A column heading of at most 5 characters: the shortest word the log accepts for the id. */
static void short_name(const struct gamedata *gd, const char *id, char out[6])
{
    const char *best = id;
    for (int i = 0; i < gd->naliases; i++)
        if (!gd->aliases[i].id2 && !gd->aliases[i].derived && strcmp(gd->aliases[i].id, id) == 0 &&
            strlen(gd->aliases[i].word) < strlen(best))
            best = gd->aliases[i].word;
    snprintf(out, 6, "%s", best);
}

/* A row of the table: the values of a player at one moment. */
enum row_kind { ROW_NONE, ROW_START, ROW_TURN, ROW_OPEN, ROW_END };

struct row {
    enum row_kind kind;
    int round, line;
    int changed;
};

enum { NV = ASSET_COUNT + LOCATION_COUNT + 1 };    /* the columns: assets, influence, reputation */

/* Prints the row with the values v when it is a turn (always) or changed something. */
static void row_flush(struct row *row, const int *v, struct strbuf *out)
{
    static const char *const kinds[] = {"", "start", "turn", "turn*", "end"};
    if (row->kind == ROW_NONE || (!row->changed && row->kind != ROW_TURN && row->kind != ROW_OPEN)) {
        row->kind = ROW_NONE;
        return;
    }
    strbuf_printf(out, "%3d %-5s %5d", row->round, kinds[row->kind], row->line);
    for (int k = 0; k < NV; k++)
        strbuf_printf(out, " %5d", v[k]);
    strbuf_putc(out, '\n');
    row->kind = ROW_NONE;
}

/* The table: one row per turn of the player (the values once it ended, feeding and market
 * included), and a row for the start of a round (its event) and for its end (the king war,
 * production) when they changed one of the values. */
static void table(const struct log_replay *r, int player, struct strbuf *out)
{
    const struct gamedata *gd = r->gd;
    const char *name = r->state.cfg.names[player];
    int v[NV] = {0};
    char head[6];
    strbuf_printf(out, "%s, turn by turn: the values after each of %s's turns (feeding and market\n"
                       "included), and after a round's start (its event) or end (king war, production)\n"
                       "when they changed\nrnd when   line", name, name);
    for (int a = 0; a < ASSET_COUNT; a++) {
        short_name(gd, gd->assets[a].id, head);
        strbuf_printf(out, " %5s", head);
    }
    for (int l = 0; l < LOCATION_COUNT; l++) {
        short_name(gd, gd->locations[l].id, head);
        strbuf_printf(out, " %5s", head);
    }
    strbuf_puts(out, "   rep\n");
    const struct history *h = &r->history;
    struct row row = {ROW_NONE, 0, 0, 0};
    const struct log_turn_span *span = NULL;    /* the player's turn in progress at record i */
    size_t t = 0;
    int open_seen = 0, turned_round = -1;       /* the last round in which the player had a turn */
    for (size_t i = 0; i <= h->count; i++) {
        /* The player's turns that begin here: each its own row. */
        for (; t < r->nturns && r->turns[t].hist_begin <= i; t++) {
            if (r->turns[t].player != player)
                continue;
            row_flush(&row, v, out);
            span = &r->turns[t];
            int open = span->hist_end == SIZE_MAX;
            open_seen |= open;
            row = (struct row){open ? ROW_OPEN : ROW_TURN, span->round, span->line, 0};
            turned_round = span->round;
        }
        if (i == h->count)
            break;
        if (span && i >= span->hist_end) {
            row_flush(&row, v, out);
            span = NULL;
        }
        const struct hist_rec *rec = &h->items[i];
        if (rec->player != player)
            continue;
        int k = rec->what == HIST_ASSET ? rec->index : rec->what == HIST_INFLUENCE ? ASSET_COUNT + rec->index
              : rec->what == HIST_REPUTATION ? NV - 1 : -1;
        if (k < 0 || rec->new_value == rec->old_value)
            continue;
        if (!span) {
            enum row_kind kind = turned_round == rec->round ? ROW_END : ROW_START;
            if (row.kind != kind || row.round != rec->round) {
                row_flush(&row, v, out);
                row = (struct row){kind, rec->round, r->history_lines ? r->history_lines[i] : 0, 0};
            }
        }
        v[k] = rec->new_value;
        row.changed = 1;
    }
    row_flush(&row, v, out);
    strbuf_puts(out, "line: the turn line; for a start or an end, the line of its first change\n");
    if (open_seen)
        strbuf_puts(out, "turn*: a turn the log leaves open: the values before feeding\n");
}

int log_trace_text(const struct log_replay *r, const char *spec, struct strbuf *out, struct strbuf *err)
{
    if (!r->started) {
        strbuf_puts(err, "no game was replayed (see the errors of xii audit)");
        return -1;
    }
    const struct game_config *cfg = &r->state.cfg;
    const char *colon = strrchr(spec, ':');
    int p = engine_seat_named(cfg, spec, strlen(spec));
    struct log_value v;
    int has_value = 0;
    if (p < 0 && colon) {
        p = engine_seat_named(cfg, spec, (size_t)(colon - spec));
        char word[64];
        snprintf(word, sizeof word, "%s", colon + 1);
        for (char *c = word; *c; c++)
            *c = *c == '_' ? '-' : (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
        if (p >= 0 && log_value_parse(r->gd, word, &v) != 0) {
            strbuf_printf(err, "--trace: '%s' is not a value with a history (an asset, a location or "
                               "reputation)", colon + 1);
            const char *near = log_ids_closest(r->gd, LOG_ID_CLAIM, word);
            if (near && log_value_parse(r->gd, near, &v) == 0)
                strbuf_printf(err, "; did you mean %s:%s?", cfg->names[p], near);
            return -1;
        }
        has_value = 1;
    }
    if (p < 0) {
        strbuf_printf(err, "--trace: no player is named '%.*s' (the players:",
                      (int)(colon && has_value ? (size_t)(colon - spec) : strlen(spec)), spec);
        size_t n = colon && has_value ? (size_t)(colon - spec) : strlen(spec);
        int best = -1, best_d = 3;
        for (int k = 0; k < cfg->nplayers; k++) {
            strbuf_printf(err, " %s", cfg->names[k]);
            char a[XII_NAME_SIZE], b[XII_NAME_SIZE];
            snprintf(a, sizeof a, "%.*s", (int)n, spec);
            snprintf(b, sizeof b, "%s", cfg->names[k]);
            for (char *c = a; *c; c++)
                *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
            for (char *c = b; *c; c++)
                *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
            int d = log_ids_distance(a, b);
            if (d < best_d && d <= (n <= 4 ? 1 : 2)) {
                best_d = d;
                best = k;
            }
        }
        strbuf_putc(err, ')');
        if (best >= 0)
            strbuf_printf(err, "; did you mean %s?", cfg->names[best]);
        return -1;
    }
    if (!has_value) {
        table(r, p, out);
        return 0;
    }
    struct log_trace t;
    log_trace_value(r, p, v, r->history.count, -1, (size_t)-1, &t);
    strbuf_printf(out, "%s's %s, every change:\n", cfg->names[p], log_value_name(r->gd, v));
    if (t.n == 0)
        strbuf_puts(out, "  no change: it is 0\n");
    for (size_t i = 0; i < t.n; i++) {
        strbuf_puts(out, "  ");
        log_trace_step_text(r->gd, v, &t.steps[i], out);
        strbuf_putc(out, '\n');
    }
    log_trace_free(&t);
    return 0;
}
