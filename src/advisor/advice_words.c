/* Plans in words, from the engine's before and after states. */
#include "advisor/advice_words.h"
#include <string.h>
#include "log/ids.h"

static void sep(struct strbuf *out, int *first)
{
    if (!*first)
        strbuf_puts(out, "; ");
    *first = 0;
}

/* What one move did to the player's assets, from the engine's history records: what the dice
 * added to each asset and what was paid from each. */
struct effect {
    int gained[ASSET_COUNT], paid[ASSET_COUNT];
};

static void effect_of(const struct history *h, size_t from, int player, struct effect *e)
{
    memset(e, 0, sizeof *e);
    for (size_t k = from; k < h->count; k++) {
        const struct hist_rec *r = &h->items[k];
        if (r->what != HIST_ASSET || r->player != player || r->index < 0 || r->index >= ASSET_COUNT)
            continue;
        if (r->cause == CAUSE_DIE)
            e->gained[r->index] += r->new_value - r->old_value;
        else if (r->cause == CAUSE_COST)
            e->paid[r->index] += r->old_value - r->new_value;
    }
}

/* " (pays 3 supply, 1 food)" for what the move paid. */
static void payments(const struct effect *e, const struct gamedata *gd, struct strbuf *out)
{
    int n = 0;
    for (int k = 0; k < ASSET_COUNT; k++)
        if (e->paid[k] > 0)
            strbuf_printf(out, "%s%d %s", n++ ? ", " : " (pays ", e->paid[k], gd->assets[k].id);
    if (n)
        strbuf_putc(out, ')');
}

/* The words of one move that the engine accepted: a is the player's sheet before, b after, e
 * what its records say it added and paid. */
static void move_words(const struct game_state *s, const struct move *m, const struct player_state *a,
                       const struct player_state *b, const struct effect *e, struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    if (m->from_reserve)
        strbuf_printf(out, "the reserve %d: ", m->die);
    switch (m->kind) {
    case MOVE_ASSET:
        strbuf_printf(out, "%s %+d", gd->assets[m->target].id, e->gained[m->target]);
        if (e->gained[m->target] != m->die)
            strbuf_printf(out, " (the die shows %d)", m->die);
        payments(e, gd, out);
        break;
    case MOVE_ACQUIRE:
        strbuf_printf(out, "%s the %s", log_ids_is_person(gd, m->target) ? "attract" : "build",
                      gd->items[m->target].id);
        if (m->perk)
            strbuf_printf(out, ", perk %c", m->perk);
        payments(e, gd, out);
        break;
    case MOVE_INFLUENCE:
        strbuf_printf(out, "influence at the %s %+d", gd->locations[m->target].id,
                      b->influence[m->target] - a->influence[m->target]);
        break;
    case MOVE_STORE:
        strbuf_printf(out, "store a %d in the reserve", m->die);
        break;
    case MOVE_SHERIFF:
        strbuf_printf(out, "the sheriff turns a %d into a %d", m->die, m->to);
        break;
    case MOVE_COURT:
        strbuf_printf(out, "the town court turns a %d into a %d", m->die, m->to);
        break;
    case MOVE_COURT_REROLL:
        strbuf_printf(out, "the town court re-rolls a %d, which shows %d", m->die, m->to);
        break;
    case MOVE_SPLIT:
        /* Each part as it was spent; what the parts paid is said once, after both. */
        strbuf_printf(out, "split the %d: %s %+d", m->die, gd->assets[m->target].id, e->gained[m->target]);
        if (e->gained[m->target] != m->part[0])
            strbuf_printf(out, " (the part is %d)", m->part[0]);
        strbuf_printf(out, ", %s %+d", gd->assets[m->target2].id, e->gained[m->target2]);
        if (e->gained[m->target2] != m->part[1])
            strbuf_printf(out, " (the part is %d)", m->part[1]);
        payments(e, gd, out);
        break;
    case MOVE_MARKET:
        strbuf_printf(out, "at the market, %d %s into %s", m->amount,
                      gd->assets[m->target == A_FOOD ? A_SUPPLY : A_FOOD].id, gd->assets[m->target].id);
        break;
    }
}

int advice_words_plan(const struct game_state *s, const struct move *moves, int n, struct strbuf *out)
{
    struct game_state t = *s;
    int p = t.turn.player, first = 1;
    if (p < 0)
        return -1;
    struct history h = HISTORY_INIT;
    for (int k = 0; k < n; k++) {
        struct player_state before = t.p[p];
        size_t from = h.count;
        if (engine_apply(&t, &moves[k], &h, NULL) != 0) {
            history_free(&h);
            return -1;
        }
        struct effect e;
        effect_of(&h, from, p, &e);
        sep(out, &first);
        move_words(&t, &moves[k], &before, &t.p[p], &e, out);
    }
    /* The turn's end, as the engine records it: feeding and starving (the market lines were
     * said where they were queued). */
    size_t end = h.count;
    if (engine_end_turn(&t, &h, NULL, NULL) != 0) {
        history_free(&h);
        return -1;
    }
    int food = 0, pop = 0;
    for (size_t k = end; k < h.count; k++) {
        const struct hist_rec *r = &h.items[k];
        if (r->cause != CAUSE_FEEDING || r->what != HIST_ASSET || r->player != p)
            continue;
        if (r->index == A_FOOD)
            food += r->old_value - r->new_value;
        else if (r->index == A_POPULATION)
            pop += r->old_value - r->new_value;
    }
    history_free(&h);
    sep(out, &first);
    if (pop > 0)
        strbuf_printf(out, "then feeding eats %d food and the town starves: population -%d", food, pop);
    else if (food > 0)
        strbuf_printf(out, "then feeding eats %d food", food);
    else
        strbuf_puts(out, "then the town needs no feeding");
    return 0;
}
