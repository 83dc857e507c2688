/* The replay's diagnostics: errors with the round and the player, skipped statements, and
 * players found by name; shared by the header (replay_header.c) and the statements
 * (replay.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/xalloc.h"
#include "log/parse.h"
#include "audit/replay_internal.h"

/* ---- diagnostics ------------------------------------------------------------------------- */

/* Counts one more error (or checked value, when check) that follows from the refused line, in
 * the note at that line. */
static void cascade_fold(struct rp *rp, int line, int check)
{
    rp->cascade.checks += check;
    if (rp->cascade.count++ == 0) {
        rp->cascade.first = line;
        size_t before = rp->dl->count;
        struct diag *d = diag_add(rp->dl, DIAG_NOTE, rp->ast->file,
                                  (struct srcpos){rp->cascade.line, rp->cascade.col}, 0, NULL, "%s", "");
        d->round = rp->s->round;
        /* Beyond --max-messages the note is only counted: there is nothing to update. */
        rp->cascade.kept = rp->dl->count > before;
        rp->cascade.note = before;
    }
    rp->cascade.last = line;
    if (!rp->cascade.kept)
        return;
    struct strbuf sb = STRBUF_INIT;
    int n = rp->cascade.count;
    strbuf_printf(&sb, "%d further problem%s follow%s from this line and %s not listed (line%s %d", n,
                  n == 1 ? "" : "s", n == 1 ? "s" : "", n == 1 ? "is" : "are",
                  rp->cascade.first == line ? "" : "s", rp->cascade.first);
    if (rp->cascade.first != line)
        strbuf_printf(&sb, "-%d", line);
    int c = rp->cascade.checks;
    if (c == n)
        strbuf_puts(&sb, n == 1 ? "; it is a checked value that differs" : "; all are checked values that differ");
    else if (c > 0)
        strbuf_printf(&sb, "; %d of them %s", c, c == 1 ? "a checked value that differs" : "checked values that differ");
    strbuf_puts(&sb, "): fix this line first");
    struct diag *d = &rp->dl->items[rp->cascade.note];
    free(d->message);
    d->message = strbuf_detach(&sb);
}

void replay_cascade_start(struct rp *rp, const struct log_stmt *st, int player)
{
    if (rp->cascade.line)
        return;
    memset(&rp->cascade, 0, sizeof rp->cascade);
    rp->cascade.line = st->at.line;
    rp->cascade.col = st->at.col;
    rp->cascade.player = player;
}

void replay_cascade_end(struct rp *rp)
{
    memset(&rp->cascade, 0, sizeof rp->cascade);
}

int replay_follows(struct rp *rp, struct log_span at)
{
    if (rp->done || !rp->cascade.line || at.line <= rp->cascade.line)
        return 0;
    cascade_fold(rp, at.line, 0);
    return 1;
}

int replay_check_follows(struct rp *rp, struct log_span at, int player)
{
    if (rp->done || !rp->cascade.line || at.line <= rp->cascade.line ||
        (rp->cascade.player >= 0 && rp->cascade.player != player))
        return 0;
    cascade_fold(rp, at.line, 1);
    return 1;
}

struct diag *replay_error(struct rp *rp, struct log_span at, enum rule_id rule, int player,
                          const char *fmt, ...)
{
    if (rp->done)
        return NULL;
    struct srcpos pos = {at.line, at.col};
    if (rp->dl->errors >= LOG_MAX_ERRORS) {
        if (!rp->ast->stopped)
            diag_add(rp->dl, DIAG_ERROR, rp->ast->file, pos, at.len, rule_id_text(RULE_TOO_MANY_ERRORS),
                     "too many errors: stopped after %d", LOG_MAX_ERRORS)->round = rp->s->round;
        rp->done = 1;
        rp->out->stopped = 1;
        return NULL;
    }
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    struct diag *d = diag_add(rp->dl, DIAG_ERROR, rp->ast->file, pos, at.len, rule_id_text(rule),
                              "%s", msg);
    d->round = rp->s->round;
    if (player >= 0 && player < rp->s->cfg.nplayers)
        diag_set_player(rp->dl, d, rp->s->cfg.names[player]);
    return d;
}

struct diag *replay_refused(struct rp *rp, struct log_span at, int player,
                            const struct refusal *why, const char *more)
{
    struct strbuf sb = STRBUF_INIT;
    refusal_text(rp->gd, &rp->s->cfg, why, &sb);
    if (more)
        strbuf_puts(&sb, more);
    struct diag *d = replay_error(rp, at, why->rule, player, "%s", strbuf_cstr(&sb));
    strbuf_free(&sb);
    return d;
}

void replay_skip(struct rp *rp, const struct log_stmt *st)
{
    struct log_replay *o = rp->out;
    if (rp->done)
        return;     /* the replay stopped: from here on nothing is replayed */
    void *items = o->skipped;
    xgrow(&items, &rp->skipped_cap, o->nskipped + 1, sizeof *o->skipped);
    o->skipped = items;
    /* Kept in line order (a turn's market lines are refused when the turn ends). */
    size_t k = o->nskipped++;
    for (; k > 0 && o->skipped[k - 1] > st->at.line; k--)
        o->skipped[k] = o->skipped[k - 1];
    o->skipped[k] = st->at.line;
}

struct log_span replay_keyword_span(const struct log_stmt *st, const char *kw)
{
    return (struct log_span){st->at.line, st->at.col, (int)strlen(kw)};
}

/* ---- players ----------------------------------------------------------------------------- */

int replay_find_player(struct rp *rp, const struct log_word *w)
{
    const struct game_config *cfg = &rp->s->cfg;
    for (int p = 0; p < cfg->nplayers; p++)
        if (cfg->names[p][0] == w->text[0] && strcmp(cfg->names[p], w->text) == 0)
            return p;
    int found = -1, count = 0;
    for (int p = 0; p < cfg->nplayers; p++)
        if (strcasecmp(cfg->names[p], w->text) == 0) {
            found = p;
            count++;
        }
    if (count == 1)
        return found;
    struct strbuf sb = STRBUF_INIT;
    if (count > 1) {
        strbuf_printf(&sb, "'%s' could be several players: write the name exactly as on the "
                           "players line", w->text);
    } else {
        strbuf_printf(&sb, "'%s' is not a player (players:", w->text);
        int best = -1, best_d = 1000;
        for (int p = 0; p < cfg->nplayers; p++) {
            strbuf_printf(&sb, " %s", cfg->names[p]);
            char a[XII_NAME_SIZE], b[XII_NAME_SIZE];
            size_t i;
            for (i = 0; w->text[i] && i + 1 < sizeof a; i++)
                a[i] = (char)(w->text[i] >= 'A' && w->text[i] <= 'Z' ? w->text[i] + 32 : w->text[i]);
            a[i] = 0;
            for (i = 0; cfg->names[p][i]; i++)
                b[i] = (char)(cfg->names[p][i] >= 'A' && cfg->names[p][i] <= 'Z' ? cfg->names[p][i] + 32
                                                                                : cfg->names[p][i]);
            b[i] = 0;
            int d = log_ids_distance(a, b);
            if (d < best_d) {
                best_d = d;
                best = p;
            }
        }
        strbuf_putc(&sb, ')');
        if (best >= 0 && best_d <= (strlen(w->text) <= 4 ? 1 : 2))
            strbuf_printf(&sb, "; did you mean %s?", cfg->names[best]);
    }
    replay_error(rp, w->at, RULE_UNKNOWN_PLAYER, -1, "%s", strbuf_cstr(&sb));
    strbuf_free(&sb);
    return -1;
}
