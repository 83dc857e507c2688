/* The random bot (the baseline): the unspent turn dice in a random order, each spent on a use
 * drawn uniformly among its legal spends (increase an asset, attract or build with either
 * perk, influence a location, store in the reserve). The draw is rejection sampling over every
 * spend the data names, each checked by engine_check, which is uniform over the legal ones and
 * cheap; the engine's own listing is the fallback when the draws keep being refused. It never
 * uses the reserve dice, the abilities or the market. */
#include "bots/bot.h"
#include <string.h>

#define TRIES 64

/* The i-th spend of the data's vocabulary (0..count-1) for a die showing v, into *m. Every
 * item has two slots (perk a and b of a special one) so that items are drawn uniformly; the
 * second slot of a normal item is no spend at all: returns 0 for it (a draw to refuse), 1
 * otherwise. */
static int spend(const struct gamedata *gd, int i, int v, struct move *m)
{
    memset(m, 0, sizeof *m);
    m->die = v;
    m->source = DIE_ANY;
    if (i < ASSET_COUNT) {
        m->kind = MOVE_ASSET;
        m->target = i;
        return 1;
    }
    i -= ASSET_COUNT;
    if (i < 2 * gd->nitems) {
        m->kind = MOVE_ACQUIRE;
        m->target = i / 2;
        if (gamedata_is_special(&gd->items[m->target]))
            m->perk = i % 2 ? 'b' : 'a';
        else if (i % 2)
            return 0;
        return 1;
    }
    i -= 2 * gd->nitems;
    if (i < LOCATION_COUNT) {
        m->kind = MOVE_INFLUENCE;
        m->target = i;
        return 1;
    }
    m->kind = MOVE_STORE;
    return 1;
}

static int pick(const struct game_state *t, int v, struct play_rng *rng, struct move *out)
{
    const struct gamedata *gd = t->gd;
    int count = ASSET_COUNT + 2 * gd->nitems + LOCATION_COUNT + 1;
    for (int k = 0; k < TRIES; k++) {
        if (spend(gd, play_rng_below(rng, count), v, out) && engine_spend_die_fits(gd, out) &&
            engine_check(t, out, NULL) == 0)
            return 0;
    }
    struct move moves[256];
    size_t n = 0, legal = engine_legal_moves(t, v, moves, 256);
    if (legal > 256)
        legal = 256;
    for (size_t k = 0; k < legal; k++)
        if (!moves[k].from_reserve && moves[k].kind <= MOVE_STORE)
            moves[n++] = moves[k];
    if (n == 0)
        return -1;
    *out = moves[play_rng_below(rng, (int)n)];
    return 0;
}

static int random_turn(const struct play_bot *b, struct game_state *s, struct play_rng *rng,
                       struct play_plan *out)
{
    (void)b;
    int left;
    /* A random unspent die each time: the engine may spend another die of the same value. */
    while ((left = play_turn_dice_left(s)) > 0) {
        int k = play_rng_below(rng, left), i = 0;
        for (;; i++)
            if (!s->turn.dice[i].spent && k-- == 0)
                break;
        struct move m;
        if (pick(s, s->turn.dice[i].value, rng, &m) != 0 || engine_apply_listed(s, &m) != 0)
            return -1;      /* cannot happen (A33: a die can always be spent) */
        play_plan_push(out, &m);
    }
    return 0;
}

static int random_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng)
{
    (void)b;
    return engine_war_can_support(s, player) ? play_rng_below(rng, 2) : 0;
}

static int random_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                          struct play_rng *rng)
{
    (void)b;
    (void)player;
    return play_rng_below(rng, s->gd->locations[location].nbonus);
}

const struct play_policy play_random_policy = {random_turn, random_war, random_collect};
