/* The decisions a link may take now, listed by the engine once per version of the log. */
#include "serve/choices.h"
#include <stdlib.h>
#include <string.h>
#include "audit/replay.h"
#include "bots/plan.h"
#include "core/xalloc.h"
#include "log/write.h"
#include "rules/engine.h"

static void clear(struct serve_choices *c)
{
    for (size_t k = 0; k < c->nmoves; k++)
        free(c->moves[k].line);
    for (size_t k = 0; k < c->ncollects; k++)
        free(c->collects[k].line);
    free(c->moves);
    free(c->collects);
    memset(c, 0, sizeof *c);
    c->seat = -1;
}

void serve_choices_free(struct serve_choices *c)
{
    clear(c);
}

/* The line text without its line feed, owned. */
static char *line_of(struct strbuf *sb)
{
    while (sb->len && (sb->data[sb->len - 1] == '\n' || sb->data[sb->len - 1] == ' '))
        sb->data[--sb->len] = 0;
    return xstrdup(strbuf_cstr(sb));
}

/* The turn's legal moves (the engine's order), then its market conversions: those the
 * recorder accepts now (a move that spends the last die ends the turn, whose queued
 * conversions must then all apply). */
static void list_moves(struct serve_choices *c, const struct record_session *s)
{
    const struct log_await *a = record_session_awaited(s);
    if (a->kind != LOG_AWAIT_DIE && a->kind != LOG_AWAIT_RESERVE)
        return;
    const struct game_state *st = log_await_state(record_session_replay(s), a);
    size_t n = engine_legal_moves(st, 0, NULL, 0);
    size_t nm = play_market_choices(st, NULL, 0);
    struct move *m = xmalloc((n + nm + 1) * sizeof *m);
    n = engine_legal_moves(st, 0, m, n);
    nm = play_market_choices(st, m + n, nm);
    c->moves = xcalloc(n + nm + 1, sizeof *c->moves);
    struct strbuf line = STRBUF_INIT;
    for (size_t k = 0; k < n + nm; k++) {
        if (!engine_move_keeps_turn(st, &m[k]))
            continue;
        struct serve_move_choice *x = &c->moves[c->nmoves++];
        x->m = m[k];
        x->wastes = log_move_wastes(st, &m[k]);
        strbuf_reset(&line);
        log_write_move_text(record_session_gd(s), &m[k], &line);
        x->line = line_of(&line);
    }
    strbuf_free(&line);
    free(m);
    c->seat = a->player;
}

/* Each seat's location choices owed, as whole collect lines: one per combination. */
static void list_collects(struct serve_choices *c, const struct record_session *s)
{
    if (!(record_session_awaited(s)->pending >> LOG_AWAIT_COLLECT & 1u))
        return;
    const struct game_state *st = &record_session_replay(s)->state;
    const struct gamedata *gd = record_session_gd(s);
    struct round_missing miss;
    engine_round_missing(st, &miss);
    size_t cap = 0;
    struct strbuf line = STRBUF_INIT;
    for (int p = 0; p < st->cfg.nplayers; p++) {
        if (!miss.collect[p])
            continue;
        /* The combinations, counted as a number in mixed radix (each location its bonuses). */
        int radix[LOCATION_COUNT], total = 1;
        for (int l = 0; l < LOCATION_COUNT; l++) {
            radix[l] = miss.collect[p] >> l & 1u ? gd->locations[l].nbonus : 1;
            if (radix[l] < 1)
                radix[l] = 1;
            total *= radix[l];
        }
        for (int k = 0; k < total; k++) {
            struct serve_collect_choice x;
            memset(&x, 0, sizeof x);
            x.seat = p;
            int rest = k;
            for (int l = LOCATION_COUNT - 1; l >= 0; l--) {
                x.choice[l] = miss.collect[p] >> l & 1u ? rest % radix[l] : -1;
                rest /= radix[l];
            }
            strbuf_reset(&line);
            log_write_collect(st, p, x.choice, &line);
            x.line = line_of(&line);
            void *items = c->collects;
            xgrow(&items, &cap, c->ncollects + 1, sizeof *c->collects);
            c->collects = items;
            c->collects[c->ncollects++] = x;
        }
    }
    strbuf_free(&line);
}

void serve_choices_update(struct serve_choices *c, const struct record_session *s, unsigned long version)
{
    if (c->listed == version + 1)
        return;
    clear(c);
    list_moves(c, s);
    list_collects(c, s);
    c->listed = version + 1;
}
