/* Bots by name, and each decision asked of the bot's policy. */
#include "bots/bot.h"
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

struct play_seat play_bot_seat(const struct play_bot *b)
{
    static const struct play_policy *const policies[] = {&play_random_policy, &play_greedy_policy,
                                                         &play_search_policy};
    return (struct play_seat){policies[b->kind], b};
}

void play_bot_turn(const struct play_bot *b, const struct game_state *s, struct play_rng *rng,
                   struct play_plan *out)
{
    struct game_state t = *s;
    play_bot_play(b, &t, rng, out);
}

int play_bot_play(const struct play_bot *b, struct game_state *s, struct play_rng *rng, struct play_plan *out)
{
    out->nmoves = 0;
    return play_bot_seat(b).policy->turn(b, s, rng, out);
}

int play_bot_war(const struct play_bot *b, const struct game_state *s, int player, struct play_rng *rng)
{
    return play_bot_seat(b).policy->war(b, s, player, rng);
}

int play_bot_collect(const struct play_bot *b, const struct game_state *s, int player, int location,
                     struct play_rng *rng)
{
    return play_bot_seat(b).policy->collect(b, s, player, location, rng);
}
