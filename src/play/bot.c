/* Bots by name, and the dispatch of each decision to its policy. */
#include "play/bot.h"
#include <string.h>

static const char *const names[] = {"random", "greedy", "search"};

int play_bot_from_name(const char *name, struct play_bot *out)
{
    for (int k = 0; k < 3; k++)
        if (strcmp(name, names[k]) == 0) {
            out->kind = (enum play_bot_kind)k;
            out->budget = PLAY_SEARCH_BUDGET;
            return 0;
        }
    return -1;
}

const char *play_bot_name(const struct play_bot *b)
{
    return names[b->kind];
}

void play_bot_turn(const struct play_bot *b, const struct game_state *s, struct play_rng *rng,
                   struct play_plan *out)
{
    struct game_state t;
    out->nmoves = 0;
    switch (b->kind) {
    case PLAY_BOT_RANDOM:
        t = *s;
        play_random_play(&t, rng, out);
        break;
    case PLAY_BOT_GREEDY: play_greedy_turn(s, out); break;
    case PLAY_BOT_SEARCH: play_search_turn(s, b->budget, rng, out); break;
    }
}

int play_bot_play(const struct play_bot *b, struct game_state *s, struct play_rng *rng, struct play_plan *out)
{
    out->nmoves = 0;
    switch (b->kind) {
    case PLAY_BOT_RANDOM:
        play_random_play(s, rng, out);
        return 0;
    case PLAY_BOT_GREEDY:
        play_greedy_play(s, out);
        return 0;
    case PLAY_BOT_SEARCH:
        play_search_turn(s, b->budget, rng, out);
        return play_plan_apply(s, out, NULL);
    }
    return -1;
}

int play_bot_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng)
{
    if (!engine_war_can_support(s, player))
        return 0;
    if (b->kind == PLAY_BOT_RANDOM)
        return play_rng_below(rng, 2);
    return play_greedy_war(s, player);
}

int play_bot_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                     struct play_rng *rng)
{
    if (b->kind == PLAY_BOT_RANDOM)
        return play_rng_below(rng, s->gd->locations[location].nbonus);
    return play_greedy_collect(s, player, location);
}
