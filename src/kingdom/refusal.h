/* A refusal of the kingdom engine as a value: the rule, which case of it, and the facts (hexes,
 * kinds, numbers). The engine formats nothing; kingdom_refusal_text makes the sentence. The
 * facts each case fills are listed beside it: h = hex, h2 = a second hex, n0..n5 = n[0..5]. */
#ifndef KINGDOM_REFUSAL_H
#define KINGDOM_REFUSAL_H
#include "core/strbuf.h"
#include "kingdom/rule_ids.h"

enum kwhy {
    KW_NONE,
    KW_ORDER,               /* n0 the awaited kind, n1 the decision's kind, n2 how many owed */
    KW_BUILD_AFTER_TRADE,   /* - */
    KW_GAME_OVER,           /* n0 enum kend, n1 its year */
    KW_DIE,                 /* n0 the value */
    KW_RANGE_SIZE,          /* n0 hexes given, n1 the size die */
    KW_RANGE_REGION,        /* h, n0 the range's region, n1 the hex's region, n2 the region
                               die when the range moved on from it (else 0) */
    KW_RANGE_TWICE,         /* h */
    KW_RANGE_CAPITAL,       /* h */
    KW_RANGE_CONNECTED,     /* h: not next to another hex of the range */
    KW_RIVER_HEX,           /* h, n0 enum kterrain (mountain, capital) */
    KW_RIVER_TWICE,         /* h */
    KW_RIVER_NOT_NEXT,      /* h, h2 the hex before */
    KW_RIVER_START,         /* h, n0 the range it must start next to (1, 2), n1 its size */
    KW_RIVER_DISTANCE,      /* h, n0 its distance, n1 the distance expected, n2 position (1-based) */
    KW_RIVER_SHORT,         /* h the last hex, n0 its distance, n1 the distance expected next */
    KW_SETUP_TWICE,         /* n0 the kind, h2 where it stands */
    KW_SETUP_FARM,          /* h: not next to the river */
    KW_SETUP_MINE,          /* h: not a free mountain */
    KW_SETUP_VILLAGE,       /* h, n0 1 when neither farm nor mine is placed yet */
    KW_SETUP_NO_VILLAGE,    /* h, n0 the kind placed there, h2 the other free building */
    KW_YEAR,                /* n0 the year expected, n1 the year given */
    KW_REROLL_STAGE,        /* n0 the stage that allows it */
    KW_REROLL_USED,         /* - */
    KW_REROLL_LATE,         /* - (a six, disaster or capital line came first) */
    KW_REROLL_VALUE,        /* n0 the value, n1 n2 the dice */
    KW_SIX_RANGE,           /* n0 the value */
    KW_SIX_SAME,            /* n0 the value */
    KW_DISASTER_NONE,       /* n0 buildings standing */
    KW_DISASTER_HEX,        /* h */
    KW_CAPITAL_COUNT,       /* n0 picks given, n1 picks due, n2 the stage */
    KW_CAPITAL_WORD,        /* n0 the index of the pick that is not a resource */
    KW_PLACE,               /* h, n0 kind, n1 enum kterrain, n2 enum kthing */
    KW_PLACE_VILLAGE,       /* h, h2 the village next to it */
    KW_MONUMENT_DONE,       /* n0 stages */
    KW_MONUMENT_NEXT,       /* h, n0 the stage */
    KW_COST,                /* n0 kind, n1 the multiplier (stage for the monument), n2..n4 the cost
                               (food, ore, work), h the hex; the stock is in the text's state */
    KW_TRADE_N,             /* n0 */
    KW_TRADE_WHAT,          /* n0 the resource */
    KW_TRADE_WORK,          /* n0 N, n1 work needed, n2 work held, n3 the resource */
    KW_STARVE_HEX,          /* h */
    KW_COUNT
};

struct krefusal {
    enum krule rule;            /* KR_NONE: applied */
    enum kwhy why;
    int h, h2;                  /* hexes, or -1 */
    int n[6];
    int stock[3];               /* KW_COST: the stock held (food, ore, work) */
};

/* Appends the refusal's sentence (nothing for KW_NONE), e.g. "B4 is next to the village on
 * B3: a village never touches a village". */
void kingdom_refusal_text(const struct krefusal *r, struct strbuf *out);

#endif
