/* splitmix64 and the positional dice. */
#include "play/rng.h"

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t play_seed_derive(uint64_t seed, uint64_t index)
{
    return mix(mix(seed + 0x9e3779b97f4a7c15ull) ^ (index * 0xd1b54a32d192ed03ull + 0x632be59bd9b4e019ull));
}

void play_rng_init(struct play_rng *r, uint64_t seed)
{
    r->state = seed;
}

uint64_t play_rng_next(struct play_rng *r)
{
    return mix(r->state += 0x9e3779b97f4a7c15ull);
}

int play_rng_below(struct play_rng *r, int n)
{
    /* Multiply-shift: unbiased enough for n <= 2^16 (bias below 2^-48). */
    return (int)(((play_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

int play_dice_roll(uint64_t seed, int round, enum play_dice_kind kind, int player, int index)
{
    uint64_t key = ((uint64_t)round << 24) | ((uint64_t)kind << 16) | ((uint64_t)player << 8) | (uint64_t)index;
    return 1 + (int)(((mix(seed ^ mix(key + 0x9e3779b97f4a7c15ull)) >> 32) * 6u) >> 32);
}
