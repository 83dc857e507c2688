/* Global-event setup (rules 6.3): which event strikes on which round, for a difficulty.
 *
 * Method 1 rolls 1d6 for each round that gets an event, in ascending round order, and maps the
 * value through the events' die values; a value that would give an event more than
 * max_same_event rounds is re-rolled. The dice come either from a seeded generator or from the
 * table (dice rolled by the players, used in order, re-rolls taking the next die).
 * Method 2 takes the players' choices ("7 fire, 8 plague, ..."), refused when they break the
 * limit. Rounds the difficulty fixes (forget-about-it: round 1, outlaws' attack) are set first
 * and count toward the limit.
 *
 * The seeded generator is splitmix64 (Steele, Lea and Flood 2014): the state starts at the
 * seed; each step adds 0x9e3779b97f4a7c15 to the state and mixes it
 * (z ^= z >> 30; z *= 0xbf58476d1ce4e5b9; z ^= z >> 27; z *= 0x94d049bb133111eb; z ^= z >> 31);
 * the die is 1 + z % 6. The same seed gives the same events on every machine. */
#ifndef RULES_EVENT_SETUP_H
#define RULES_EVENT_SETUP_H
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "rules/gamedata.h"

enum event_method {
    EVENT_METHOD_NONE,      /* only the fixed rounds (a difficulty with nothing to assign) */
    EVENT_METHOD_SEED,      /* method 1, dice from the seeded generator */
    EVENT_METHOD_ROLL,      /* method 1, dice rolled at the table */
    EVENT_METHOD_CHOOSE     /* method 2, the players' choices */
};

/* One die used by method 1. */
struct event_roll {
    int round;
    int die;        /* 1..6 */
    int event;      /* enum event with that die value */
    int kept;       /* 0: re-rolled, the event already had max_same_event rounds */
};

struct event_setup {
    int difficulty;                         /* index into gd->difficulties */
    enum event_method method;
    uint64_t seed;                          /* EVENT_METHOD_SEED */
    int event[GD_ROUNDS + 1];               /* [r]: enum event on round r, or -1; [0] unused */
    unsigned char fixed[GD_ROUNDS + 1];     /* [r] != 0: the difficulty fixes round r's event */
    struct event_roll *rolls;               /* method 1: every die used, in order (owned) */
    size_t nrolls, caprolls;
    size_t unused_dice;                     /* EVENT_METHOD_ROLL: dice given but not needed */
};

/* Frees the roll log; the setup is empty afterwards. NULL is a no-op. */
void event_setup_free(struct event_setup *s);

/* Only the rounds the difficulty fixes; the other rounds stay empty. Returns 0, or -1 (with
 * the reason in dl) when the game data cannot fill the difficulty's rounds within the limit. */
int event_setup_init(const struct gamedata *gd, int difficulty, struct event_setup *out,
                     struct diag_list *dl);

/* Method 1 with the seeded generator. Returns 0, or -1 with the reason in dl. */
int event_setup_seed(const struct gamedata *gd, int difficulty, uint64_t seed,
                     struct event_setup *out, struct diag_list *dl);

/* Method 1 with dice rolled at the table: dice is "3 5 1 6 ..." (spaces or commas), used in
 * order. Errors point into dice, named source (e.g. "--roll"), line 1. Too few dice is an
 * error that says how many more are needed at least. Dice left over are counted in
 * out->unused_dice and reported as a warning. Returns 0, or -1 with every reason in dl. */
int event_setup_roll(const struct gamedata *gd, int difficulty, const char *dice,
                     const char *source, struct event_setup *out, struct diag_list *dl);

/* Method 2: text is "7 fire, 8 plague, ..." (round, then an event id, alias or die value).
 * It must name every round the difficulty gives an event, and no other (a fixed round may be
 * named with its fixed event). An event on more rounds than the limit is refused, naming the
 * round. Errors point into text, named source. Returns 0, or -1 with every reason in dl. */
int event_setup_choose(const struct gamedata *gd, int difficulty, const char *text,
                       const char *source, struct event_setup *out, struct diag_list *dl);

/* Reads a seed: a decimal number from 0 to 2^64-1. Returns 0, or -1 when text is not one. */
int event_setup_parse_seed(const char *text, uint64_t *seed);

/* The rounds the difficulty gives an event that the players assign (not the fixed ones). */
int event_setup_free_rounds(const struct gamedata *gd, int difficulty);

/* The dice of method 1, round by round: "round 7: 3 Famine; round 8: 5 Outlaws' Attack;
 * round 9: 5 (Outlaws' Attack has 2 rounds: re-rolled), 1 Fire". Appends nothing for the
 * other methods. */
void event_setup_format_rolls(const struct gamedata *gd, const struct event_setup *s,
                              struct strbuf *out);

/* "7-10", "1-10", "3, 5-7": the rounds of a difficulty that get an event (fixed ones
 * included), runs joined with a hyphen; "none" when there are none. */
void event_setup_format_rounds(const struct gamedata *gd, int difficulty, struct strbuf *out);

#endif
