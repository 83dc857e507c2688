/* The kingdom engine's insides, shared by its files only: where a game stands, the map's
 * neighbour table, and the steps each file applies. */
#ifndef KINGDOM_INTERNAL_H
#define KINGDOM_INTERNAL_H
#include "kingdom/kingdom.h"

enum kphase {
    P_RANGE_ROLL0, P_RANGE0, P_RANGE_ROLL1, P_RANGE1, P_RIVER, P_SETUP,
    P_YEAR,             /* between years (or before the first) */
    P_FATE,             /* the fate dice are due */
    P_FATE_STEP,        /* reroll, sixes, disasters (the counters say which) */
    P_BUILD,            /* after production: build, trade, done */
    P_STARVE,
    P_END
};

/* The hexes next to h (n of them). */
struct kneighbours {
    int n;
    signed char hex[6];
};
const struct kneighbours *kingdom_nb(int h);

/* A refusal of rule `rule`, case `why`, hexes h and h2 (-1: none). */
struct krefusal kref(enum krule rule, enum kwhy why, int h, int h2);

/* Records a change of what from old to now (nothing when h is NULL or nothing changed). */
void knote(struct khistory *h, const struct kstate *s, int what, int cause, int hex, int kind, int old, int now);
/* Sets resource r to v, recording it. */
void kset_stock(struct kstate *s, struct khistory *h, int r, int v, int cause, int hex, int kind);

/* The steps, each checking its decision first (nothing changed on a refusal). */
struct krefusal kingdom_setup_apply(struct kstate *s, const struct kdecision *d, struct khistory *h);
struct krefusal kingdom_fate_apply(struct kstate *s, const struct kdecision *d, struct khistory *h);
struct krefusal kingdom_build_apply(struct kstate *s, const struct kdecision *d, struct khistory *h);

/* The range's region (after the clockwise shift) for range k (0, 1) of s. */
int kingdom_range_region(const struct kstate *s, int k);
/* Which range the river starts next to: 0, 1, or -1 for either. */
int kingdom_larger_range(const struct kstate *s);
/* Whether the decision's hexes are a legal range, river or setup: the refusal, or KR_NONE. */
struct krefusal kingdom_check_range(const struct kstate *s, const signed char *hex, int n);
struct krefusal kingdom_check_river(const struct kstate *s, const signed char *hex, int n);
struct krefusal kingdom_check_setup(const struct kstate *s, int kind, int h);
/* Whether a build of kind b on h may be made now (order aside): the refusal, or KR_NONE. */
struct krefusal kingdom_check_build(const struct kstate *s, int b, int h);
/* Whether the year's reroll may be used now. */
bool kingdom_may_reroll(const struct kstate *s);
/* Why a reroll after the fate dice may not be used now. */
struct krefusal kingdom_reroll_refusal(const struct kstate *s);

#endif
