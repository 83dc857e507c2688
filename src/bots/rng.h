/* Seeded randomness for bots and simulations: splitmix64 (the generator of event_setup.h),
 * seeds derived from (seed, index) so that game k of a simulation is the same game whatever
 * the thread count, and the game's dice drawn by position (round, kind, player, index) rather
 * than from a stream, so that two bots given the same game seed see the same dice. */
#ifndef PLAY_RNG_H
#define PLAY_RNG_H
#include <stdint.h>

struct play_rng {
    uint64_t state;
};

/* splitmix64's output function. */
static inline uint64_t play_rng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A new seed from a seed and an index (game number, rollout number...): a hash of both. */
uint64_t play_seed_derive(uint64_t seed, uint64_t index);
void play_rng_init(struct play_rng *r, uint64_t seed);

/* The next 64 random bits (inline: the random bot draws a few per die). */
static inline uint64_t play_rng_next(struct play_rng *r)
{
    return play_rng_mix(r->state += 0x9e3779b97f4a7c15ull);
}

/* Uniform in 0..n-1 (n >= 1). Multiply-shift: unbiased enough for n <= 2^16 (bias below
 * 2^-48). */
static inline int play_rng_below(struct play_rng *r, int n)
{
    return (int)(((play_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Which die of a game play_dice_roll gives. */
enum play_dice_kind {
    PLAY_DICE_OWN,          /* a turn's own dice: index 0, 1 */
    PLAY_DICE_SHARED,       /* a round's shared dice: index 0, 1, then re-rolls of equal dice */
    PLAY_DICE_OUTLAWS,      /* an outlaws' attack bonus roll: index 0, 1 */
    PLAY_DICE_WAR           /* a king-war bonus roll: index 0, 1 */
};
/* The die (1..6) a game with dice seed `seed` rolls at that position. */
int play_dice_roll(uint64_t seed, int round, enum play_dice_kind kind, int player, int index);

#endif
