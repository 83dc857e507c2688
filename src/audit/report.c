/* The text report of an audit: diagnostics, final sheets, scores and winners. */
#include "audit/report.h"
#include "audit/trace.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/ids.h"

int log_report_ok(const struct log_report_input *in)
{
    return in->diags->errors == 0 && in->replay->nmismatches + in->replay->mismatches_omitted == 0;
}

static const struct diag_list *sort_list;

static int cmp_diag(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    int lx = sort_list->items[x].pos.line, ly = sort_list->items[y].pos.line;
    if (lx != ly)
        return (lx > ly) - (lx < ly);
    return (x > y) - (x < y);
}

size_t *log_report_order(const struct diag_list *dl)
{
    size_t *order = xmalloc((dl->count + 1) * sizeof *order);
    for (size_t i = 0; i < dl->count; i++)
        order[i] = i;
    sort_list = dl;
    qsort(order, dl->count, sizeof *order, cmp_diag);
    sort_list = NULL;
    return order;
}

/* "14, 31-33, 40": the lines as ranges. */
static void line_ranges(const int *lines, size_t n, struct strbuf *out)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j + 1 < n && (lines[j + 1] == lines[j] + 1 || lines[j + 1] == lines[j]))
            j++;
        strbuf_printf(out, "%s%d", i ? ", " : "", lines[i]);
        if (lines[j] != lines[i])
            strbuf_printf(out, "-%d", lines[j]);
        i = j + 1;
    }
}

static void summary(const struct log_report_input *in, struct strbuf *out)
{
    const struct log_replay *r = in->replay;
    size_t errors = in->diags->errors, mismatches = r->nmismatches + r->mismatches_omitted;
    size_t warnings = in->diags->warnings;
    if (errors == 0 && mismatches == 0) {
        strbuf_puts(out, "No errors, no mismatches");
        if (warnings)
            strbuf_printf(out, "; %zu warning%s", warnings, warnings == 1 ? "" : "s");
        strbuf_puts(out, ".\n");
        return;
    }
    strbuf_printf(out, "%zu error%s, %zu mismatch%s", errors, errors == 1 ? "" : "s", mismatches,
                  mismatches == 1 ? "" : "es");
    if (warnings)
        strbuf_printf(out, ", %zu warning%s", warnings, warnings == 1 ? "" : "s");
    if (r->nskipped) {
        size_t distinct = 0;
        for (size_t i = 0; i < r->nskipped; i++)
            distinct += i == 0 || r->skipped[i] != r->skipped[i - 1];
        strbuf_printf(out, "; %zu statement%s skipped (line%s ", distinct, distinct == 1 ? "" : "s",
                      distinct == 1 ? "" : "s");
        line_ranges(r->skipped, r->nskipped, out);
        strbuf_putc(out, ')');
    }
    if (r->stopped)
        strbuf_puts(out, "; stopped after too many errors");
    strbuf_puts(out, ".\n");
}

static void game_line(const struct log_replay *r, struct strbuf *out)
{
    const struct game_state *s = &r->state;
    const struct gamedata *gd = r->gd;
    if (r->title)
        strbuf_printf(out, "%s: ", r->title);
    strbuf_printf(out, "%d player%s, difficulty %s", s->cfg.nplayers, s->cfg.nplayers == 1 ? "" : "s",
                  gd->difficulties[s->cfg.difficulty].id);
    int n = 0;
    for (int round = 1; round <= GD_ROUNDS; round++)
        if (s->cfg.events[round] >= 0)
            strbuf_printf(out, "%s%d %s", n++ ? ", " : "; events ", round, gd->events[s->cfg.events[round]].id);
    if (s->cfg.famine_halves_farms)
        strbuf_puts(out, "; variant " LOG_ID_FAMINE_VARIANT);
    if (s->cfg.nplayers == 1)
        strbuf_printf(out, "; solo objective %s",
                      s->cfg.objective >= 0 ? gd->objectives[s->cfg.objective].id : LOG_ID_ARCADE);
    strbuf_puts(out, ".\n");
    if (s->phase == PHASE_GAME_OVER)
        strbuf_puts(out, "State after round 10: the game is complete.\n");
    else if (s->phase == PHASE_ROUND_OVER)
        strbuf_printf(out, "State after round %d.\n", s->round);
    else if (s->phase == PHASE_ROUND)
        strbuf_printf(out, "State during round %d.\n", s->round);
    else
        strbuf_puts(out, "State before round 1.\n");
}

/* A perk's wording with its numbers filled in ("{1}" is the first parameter). */
static void perk_text(const struct gd_perk *pk, struct strbuf *out)
{
    for (const char *p = pk->text ? pk->text : ""; *p; p++) {
        if (p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' && p[1] - '1' < pk->nparams) {
            strbuf_printf(out, "%d", pk->params[p[1] - '1']);
            p += 2;
        } else {
            strbuf_putc(out, *p);
        }
    }
}

static void label(struct strbuf *out, const char *name)
{
    strbuf_printf(out, "  %-16s ", name);
}

static void items_line(const struct game_state *s, int p, int people, struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    label(out, people ? "people" : "infrastructures");
    int n = 0;
    for (int i = 0; i < gd->nitems; i++)
        if (engine_owns(s, p, i) && log_ids_is_person(gd, i) == people)
            strbuf_printf(out, "%s%s", n++ ? ", " : "", gd->items[i].id);
    strbuf_puts(out, n ? "\n" : "none\n");
}

void log_report_player(const struct game_state *s, int p, int with_max, struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[p];
    strbuf_printf(out, "\n%s", s->cfg.names[p]);
    if (s->cfg.towns[p][0])
        strbuf_printf(out, " (%s)", s->cfg.towns[p]);
    strbuf_putc(out, '\n');
    static const enum asset_class classes[] = {CLASS_BASIC, CLASS_ADVANCED, CLASS_SPECIAL};
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
        label(out, asset_class_name(classes[c]));
        int n = 0;
        for (int a = 0; a < ASSET_COUNT; a++)
            if (gd->assets[a].cls == classes[c]) {
                strbuf_printf(out, "%s%s %d", n++ ? ", " : "", gd->assets[a].id, ps->asset[a]);
                if (with_max)
                    strbuf_printf(out, "/%d", engine_asset_max(s, p, a));
            }
        strbuf_putc(out, '\n');
    }
    label(out, "influence");
    for (int l = 0; l < LOCATION_COUNT; l++)
        strbuf_printf(out, "%s%s %d", l ? ", " : "", gd->locations[l].id, ps->influence[l]);
    strbuf_putc(out, '\n');
    label(out, "reputation");
    strbuf_printf(out, "%d\n", ps->reputation);
    items_line(s, p, 1, out);
    items_line(s, p, 0, out);
    label(out, "perks");
    int n = 0;
    for (int i = 0; i < gd->nitems; i++) {
        if (!engine_owns(s, p, i) || !gamedata_is_special(&gd->items[i]) || !ps->perk[i])
            continue;
        strbuf_printf(out, "%s%s %c (", n++ ? "; " : "", gd->items[i].id, ps->perk[i]);
        perk_text(&gd->items[i].perks[ps->perk[i] == 'b' ? 1 : 0], out);
        strbuf_putc(out, ')');
    }
    strbuf_puts(out, n ? "\n" : "none\n");
    label(out, "reserve");
    n = 0;
    for (int k = 0; k < gd->reserve_slots; k++)
        if (ps->reserve[k].state != SLOT_EMPTY)
            strbuf_printf(out, "%s%d%s", n++ ? ", " : "", ps->reserve[k].value,
                          ps->reserve[k].state == SLOT_SPENT ? " spent" : "");
    strbuf_puts(out, n ? "\n" : "empty\n");
    label(out, "POW");
    strbuf_printf(out, "%d\n", engine_pow_full(s, p));
    struct score_breakdown b;
    engine_score(s, p, &b);
    label(out, "score");
    strbuf_printf(out, "%d (assets %d, reputation %d, people %d, infrastructures %d, castle %d)\n",
                  b.total, b.assets, b.reputation, b.people, b.infrastructures, b.castle);
    if (s->cfg.nplayers == 1 && s->cfg.objective >= 0) {
        label(out, "objective");
        strbuf_printf(out, "%s: %s\n", gd->objectives[s->cfg.objective].id,
                      engine_objective_achieved(s) == 1 ? "achieved" : "not achieved");
    }
}

static void winners_line(const struct log_replay *r, struct strbuf *out)
{
    const struct game_state *s = &r->state;
    const struct gamedata *gd = r->gd;
    int w[XII_MAX_PLAYERS], n = engine_winners(s, w);
    if (s->cfg.nplayers == 1) {
        const struct gd_difficulty *d = &gd->difficulties[s->cfg.difficulty];
        int score = engine_score(s, 0, NULL);
        if (s->cfg.objective < 0) {
            strbuf_printf(out, "Arcade: score %d; good scores in difficulty %s: ", score, d->id);
            if (d->good_high < 0)
                strbuf_printf(out, "%d and above.\n", d->good_low);
            else
                strbuf_printf(out, "%d to %d.\n", d->good_low, d->good_high);
        } else if (n == 1) {
            strbuf_printf(out, "Winner: %s (objective %s achieved, score %d).\n", s->cfg.names[0],
                          gd->objectives[s->cfg.objective].id, score);
        } else {
            strbuf_printf(out, "No winner: the %s objective is not achieved (score %d).\n",
                          gd->objectives[s->cfg.objective].id, score);
        }
        return;
    }
    int score = engine_score(s, w[0], NULL), tied = 0;
    for (int p = 0; p < s->cfg.nplayers; p++)
        tied += engine_score(s, p, NULL) == score;
    strbuf_puts(out, n == 1 ? "Winner: " : "Winners: ");
    for (int k = 0; k < n; k++)
        strbuf_printf(out, "%s%s", k == 0 ? "" : k == n - 1 ? " and " : ", ", s->cfg.names[w[k]]);
    strbuf_printf(out, " (score %d", score);
    if (tied > 1)
        strbuf_printf(out, ", POW %d %s", engine_pow_full(s, w[0]),
                      n == tied ? "for each: the victory is shared" : "breaks the tie");
    strbuf_puts(out, ").\n");
}

static void unfinished(const struct log_replay *r, struct strbuf *out)
{
    const struct game_state *s = &r->state;
    /* The phrase of move-log.md, N being the last round begun (the JSON report's "rounds"). */
    strbuf_printf(out, "game not finished after round %d", s->round);
    if (s->phase == PHASE_SETUP) {
        strbuf_puts(out, ": the log stops before round 1.\n");
        return;
    }
    if (s->phase == PHASE_ROUND)
        strbuf_printf(out, ": round %d is in progress.\n", s->round);
    else if (r->until_round > 0 && s->round >= r->until_round)
        strbuf_printf(out, " (--until-round %d).\n", r->until_round);
    else
        strbuf_puts(out, ".\n");
    if (r->open_turn_line) {
        char list[64];
        size_t n = 0;
        int left = 0;
        list[0] = 0;
        for (int i = 0; i < XII_TURN_DICE; i++)
            if (!s->turn.dice[i].spent) {
                left++;
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%d", n ? ", " : "", s->turn.dice[i].value);
            }
        strbuf_printf(out, "  %s's turn (line %d) is in progress: %d di%s unspent (%s), not fed yet.\n",
                      s->cfg.names[s->turn.player], r->open_turn_line, left, left == 1 ? "e" : "ce", list);
    }
    struct log_missing items[LOG_MISSING_MAX];
    int n = log_replay_missing(s, items);
    for (int k = 0; k < n; k++)
        strbuf_printf(out, "  Round %d still needs %s.\n", s->round, items[k].text);
}

/* Under a mismatch, the changes that explain the rules' value, one per line. The mismatch
 * diagnostics come in the order of r->mismatches: *next is where to look first. */
static void mismatch_trace(const struct log_replay *r, const struct diag *d, size_t *next,
                           struct strbuf *out)
{
    for (size_t j = 0; j < r->nmismatches; j++) {
        size_t k = (*next + j) % r->nmismatches;
        const struct mismatch *m = &r->mismatches[k];
        if (m->line != d->pos.line || m->col != d->pos.col)
            continue;
        *next = k + 1;
        log_report_mismatch_trace(r, m, out);
        return;
    }
}

void log_report_mismatch_trace(const struct log_replay *r, const struct mismatch *m, struct strbuf *out)
{
    struct log_value v;
    struct log_trace t;
    if (log_trace_mismatch(r, m, &v, &t) == 0) {
        log_trace_missed_text(r->gd, &t, "    ", out);
        if (t.earlier)
            strbuf_printf(out, "    (%zu earlier change%s)\n", t.earlier, t.earlier == 1 ? "" : "s");
        for (size_t i = 0; i < t.n; i++) {
            strbuf_puts(out, "    ");
            log_trace_step_text(r->gd, v, &t.steps[i], out);
            strbuf_putc(out, '\n');
        }
    }
    log_trace_free(&t);
}

void log_report_text(const struct log_report_input *in, struct strbuf *out)
{
    const struct log_replay *r = in->replay;
    const struct diag_list *dl = in->diags;
    size_t *order = log_report_order(dl), next = 0;
    for (size_t i = 0; i < dl->count; i++) {
        const struct diag *d = &dl->items[order[i]];
        diag_format(out, d, in->src, in->srclen);
        if (d->level == DIAG_MISMATCH)
            mismatch_trace(r, d, &next, out);
    }
    free(order);
    if (dl->omitted)
        strbuf_printf(out, "... and %zu more message%s, not listed (--max-messages 0 lists them "
                           "all).\n", dl->omitted, dl->omitted == 1 ? "" : "s");
    if (dl->count)
        strbuf_putc(out, '\n');
    summary(in, out);
    if (!r->started) {
        strbuf_puts(out, "No game was replayed (see the errors above).\n");
        return;
    }
    strbuf_putc(out, '\n');
    game_line(r, out);
    for (int p = 0; p < r->state.cfg.nplayers; p++)
        log_report_player(&r->state, p, 0, out);
    strbuf_putc(out, '\n');
    if (r->state.phase == PHASE_GAME_OVER)
        winners_line(r, out);
    else
        unfinished(r, out);
}
