/* The replay's texts: what a round still needs (with the lines to add) and moves written as
 * log lines. */
#include <stdio.h>
#include <string.h>
#include "log/write.h"
#include "log/name.h"
#include "audit/replay_internal.h"

static void war_line_text(const struct game_state *s, struct strbuf *out)
{
    strbuf_puts(out, "war");
    for (int p = 0; p < s->cfg.nplayers; p++) {
        strbuf_puts(out, p ? ", " : " ");
        log_write_name(s->cfg.names[p], out);
        strbuf_putc(out, ' ');
        if (engine_pow_base(s, p) == 0) {
            strbuf_puts(out, "avoid");
            continue;
        }
        strbuf_puts(out, "avoid|support");
        for (int i = engine_bonus_rolls_due(s, p); i > 0; i--)
            strbuf_puts(out, " ROLL");
    }
}

void replay_outlaws_line(const struct game_state *s, struct strbuf *out)
{
    strbuf_puts(out, "outlaws");
    int n = 0;
    for (int p = 0; p < s->cfg.nplayers; p++) {
        int due = engine_outlaws_needs_rolls(s, p);
        if (due == 0)
            continue;
        strbuf_puts(out, n++ ? ", " : " ");
        log_write_name(s->cfg.names[p], out);
        while (due-- > 0)
            strbuf_puts(out, " ROLL");
    }
}

static struct log_missing *missing_add(struct log_missing *out, int *n, enum rule_id rule,
                                       int player)
{
    struct log_missing *m = &out[(*n)++];
    memset(m, 0, sizeof *m);
    m->rule = rule;
    m->player = player;
    return m;
}

int log_replay_missing(const struct game_state *s, struct log_missing *out)
{
    struct round_missing rm;
    if (engine_round_missing(s, &rm) == 0)
        return 0;
    const struct gamedata *gd = s->gd;
    int n = 0, np = s->cfg.nplayers;
    struct log_missing *m;
    if (rm.shared) {
        m = missing_add(out, &n, RULE_ROUND_ORDER, -1);
        snprintf(m->text, sizeof m->text, "the shared dice: add \"shared D D\" after \"round %d\"",
                 s->round);
    }
    if (rm.outlaws) {
        struct strbuf sb = STRBUF_INIT;
        replay_outlaws_line(s, &sb);
        m = missing_add(out, &n, RULE_BONUS_ROLLS, -1);
        snprintf(m->text, sizeof m->text, "the outlaws' bonus rolls: add \"%s\" before the first turn",
                 strbuf_cstr(&sb));
        strbuf_free(&sb);
    }
    int first = rm.turn_active ? s->turns_done + 1 : s->turns_done;
    for (int k = first; k < np && rm.turns_left > 0; k++) {
        int p = (s->first_player + k) % np;
        char word[LOG_NAME_WORD_SIZE];
        m = missing_add(out, &n, RULE_TURN_ORDER, p);
        snprintf(m->text, sizeof m->text, "%s's turn: add \"turn %s D D\" and a line for each die",
                 s->cfg.names[p], log_name_word(s->cfg.names[p], word));
    }
    if (rm.war) {
        struct strbuf sb = STRBUF_INIT;
        war_line_text(s, &sb);
        m = missing_add(out, &n, RULE_WAR, -1);
        snprintf(m->text, sizeof m->text, "the war line: add \"%s\"", strbuf_cstr(&sb));
        strbuf_free(&sb);
    }
    for (int p = 0; p < np; p++) {
        if (!rm.collect[p])
            continue;
        struct strbuf what = STRBUF_INIT, line = STRBUF_INIT;
        log_write_shortform(LOG_COLLECT, s->cfg.names[p], NULL, &line);
        int count = 0;
        for (int l = 0; l < LOCATION_COUNT; l++) {
            if (!(rm.collect[p] >> l & 1u))
                continue;
            const struct gd_location *loc = &gd->locations[l];
            strbuf_printf(&what, "%s%s", count ? " and " : "", loc->id);
            strbuf_printf(&line, "%s %s ", count ? "," : "", loc->id);
            for (int k = 0; k < loc->nbonus; k++)
                strbuf_printf(&line, "%s%s", k ? "|" : "", gd->assets[loc->bonus_asset[k]].id);
            count++;
        }
        m = missing_add(out, &n, RULE_COLLECT, p);
        snprintf(m->text, sizeof m->text, "%s's choice of the %s bonus%s: add \"%s\"", s->cfg.names[p],
                 strbuf_cstr(&what), count > 1 ? "es" : "", strbuf_cstr(&line));
        strbuf_free(&what);
        strbuf_free(&line);
    }
    return n;
}

int replay_die_added(const struct history *h, size_t from, int player, const struct move *m, int *flags)
{
    int added = 0, what = m->kind == MOVE_INFLUENCE ? HIST_INFLUENCE : HIST_ASSET;
    if (flags)
        *flags = 0;
    for (size_t i = from; i < h->count; i++) {
        const struct hist_rec *r = &h->items[i];
        if (r->cause == CAUSE_DIE && r->what == what && r->player == player && r->index == m->target) {
            added += r->new_value - r->old_value;
            if (flags)
                *flags |= r->ref;
        }
    }
    return added;
}

/* How well the legal spend m uses its die, tried on a copy of s (h: scratch records). */
static enum log_example_use example_use(const struct game_state *s, const struct move *m, struct history *h)
{
    if (m->kind == MOVE_STORE)
        return LOG_EXAMPLE_STORES;
    struct game_state copy = *s;
    history_truncate(h, 0);
    if (engine_apply(&copy, m, h, NULL) != 0)
        return LOG_EXAMPLE_NONE;
    if (m->kind == MOVE_ACQUIRE)
        return LOG_EXAMPLE_ADDS_FULL;   /* the person or the infrastructure is what it adds */
    int added = replay_die_added(h, 0, s->turn.player, m, NULL);
    return added >= m->die ? LOG_EXAMPLE_ADDS_FULL : added > 0 ? LOG_EXAMPLE_ADDS_PART : LOG_EXAMPLE_ADDS_NOTHING;
}

int log_example_move(const struct game_state *s, int die, int store_first, struct strbuf *out)
{
    struct move moves[512];
    size_t n = engine_legal_moves(s, die, moves, sizeof moves / sizeof moves[0]);
    if (n > sizeof moves / sizeof moves[0])
        n = sizeof moves / sizeof moves[0];
    const struct move *best = NULL;
    enum log_example_use best_use = LOG_EXAMPLE_NONE;
    struct history h = HISTORY_INIT;
    /* Storing when asked and legal; otherwise the first spend (in the engine's order) that adds
     * its full die, else the one that uses it best. */
    for (size_t k = 0; store_first && !best && k < n; k++)
        if (moves[k].kind == MOVE_STORE && (die == 0) == (moves[k].from_reserve != 0)) {
            best = &moves[k];
            best_use = LOG_EXAMPLE_STORES;
        }
    int stored = best != NULL;
    for (size_t k = 0; !stored && best_use < LOG_EXAMPLE_ADDS_FULL && k < n; k++) {
        const struct move *m = &moves[k];
        if ((die == 0) != (m->from_reserve != 0) || m->kind > MOVE_STORE)
            continue;
        enum log_example_use use = example_use(s, m, &h);
        if (use > best_use) {
            best = m;
            best_use = use;
        }
    }
    history_free(&h);
    if (best)
        log_write_move_text(s->gd, best, out);
    return (int)best_use;
}
