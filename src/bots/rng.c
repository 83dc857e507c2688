/* Seeds derived from seeds, and the positional dice (the generator itself is inline in rng.h). */
#include "bots/rng.h"

uint64_t play_seed_derive(uint64_t seed, uint64_t index)
{
    return play_rng_mix(play_rng_mix(seed + 0x9e3779b97f4a7c15ull) ^
                        (index * 0xd1b54a32d192ed03ull + 0x632be59bd9b4e019ull));
}

void play_rng_init(struct play_rng *r, uint64_t seed)
{
    r->state = seed;
}

int play_dice_roll(uint64_t seed, int round, enum play_dice_kind kind, int player, int index)
{
    uint64_t key = ((uint64_t)round << 24) | ((uint64_t)kind << 16) | ((uint64_t)player << 8) | (uint64_t)index;
    return 1 + (int)(((play_rng_mix(seed ^ play_rng_mix(key + 0x9e3779b97f4a7c15ull)) >> 32) * 6u) >> 32);
}
