/* The sentences of the kingdom engine's refusals: what the rule wants, what was given, and
 * what would do instead. */
#include "kingdom/kingdom.h"

static const char *hexc(int h)
{
    return h >= 0 && h < KMAP_HEXES ? kmap_hex(h)->code : "?";
}

/* What an awaited kind asks for, in words. */
static const char *asks(int kind)
{
    static const char *const words[KA_COUNT] = {
        "a mountain range's dice", "a mountain range's hexes", "the river",
        "the free buildings", "the next year", "the fate dice", "a reroll",
        "the rerolled die's new value", "the results of a 6", "a disaster's victim",
        "the capital's pick", "building, trading or the year's end", "a starvation victim",
        "nothing (the game is over)",
    };
    return kind >= 0 && kind < KA_COUNT ? words[kind] : "?";
}

/* What a decision kind gives, in words. */
static const char *gives(int kind)
{
    static const char *const words[KD_COUNT] = {
        "range dice", "a range", "a river", "a free building", "a year", "fate dice", "a reroll",
        "a rerolled die", "a six's results", "a disaster", "the capital's pick", "a building",
        "a trade", "the end of building and trading", "a starvation victim",
    };
    return kind >= 0 && kind < KD_COUNT ? words[kind] : "?";
}

static const char *thing_words(int terrain, int thing)
{
    switch (thing) {
    case KX_FARM: return "a farm";
    case KX_MINE: return "a mine";
    case KX_VILLAGE: return "a village";
    case KX_MONUMENT: return "a monument stage";
    case KX_GRAVEYARD: return "a graveyard";
    default: break;
    }
    return terrain == KT_CAPITAL ? "the capital" : terrain == KT_MOUNTAIN ? "a mountain"
         : terrain == KT_RIVER ? "the river" : "nothing";
}

static void order_text(const struct krefusal *r, struct strbuf *out)
{
    int want = r->n[0], owed = r->n[2];
    strbuf_printf(out, "found %s, but ", gives(r->n[1]));
    switch (want) {
    case KA_SIX:
        strbuf_printf(out, "the fate still owes %d six line%s (each 6 becomes two different results from 1 to 5)",
                      owed, owed == 1 ? "" : "s");
        return;
    case KA_DISASTER:
        strbuf_printf(out, "the fate still owes %d disaster line%s (each 1 erases a farm, mine or village)",
                      owed, owed == 1 ? "" : "s");
        return;
    case KA_CAPITAL:
        strbuf_printf(out, "year %d awaits the capital's pick%s first (%d resource%s: food, ore or work)",
                      r->n[3], owed == 1 ? "" : "s", owed, owed == 1 ? "" : "s");
        return;
    case KA_STARVE:
        strbuf_printf(out, "food ran short: %d more building%s starve%s (name %s)", owed,
                      owed == 1 ? "" : "s", owed == 1 ? "s" : "", owed == 1 ? "it" : "them");
        return;
    case KA_YEAR:
        strbuf_printf(out, "the game awaits year %d", r->n[3]);
        return;
    default:
        strbuf_printf(out, "the game awaits %s", asks(want));
    }
}

static void river_text(const struct krefusal *r, struct strbuf *out)
{
    switch (r->why) {
    case KW_RIVER_HEX:
        strbuf_printf(out, "the river cannot run through %s (%s)", hexc(r->h),
                      r->n[0] == KT_CAPITAL ? "the capital" : "a mountain");
        break;
    case KW_RIVER_TWICE:
        strbuf_printf(out, "the river passes %s twice", hexc(r->h));
        break;
    case KW_RIVER_NOT_NEXT:
        strbuf_printf(out, "%s is not next to %s, the river hex before it", hexc(r->h), hexc(r->h2));
        break;
    case KW_RIVER_START:
        if (r->n[0] > 0)
            strbuf_printf(out, "the river must start next to range %d, the larger one (size %d); %s is not next to it",
                          r->n[0], r->n[1], hexc(r->h));
        else
            strbuf_printf(out, "the river must start next to a mountain; %s is not next to one", hexc(r->h));
        break;
    case KW_RIVER_DISTANCE:
        if (r->n[1] > KMAP_RADIUS)
            strbuf_printf(out, "the river left the map at the hex before %s (distance %d, the edge): it ends there",
                          hexc(r->h), KMAP_RADIUS);
        else
            strbuf_printf(out, "river hex %d, %s, is %d from the capital; expected %d: the river comes 1 nearer "
                          "the capital each hex down to 1 (passing next to it), then goes 1 farther each hex to the edge",
                          r->n[2], hexc(r->h), r->n[0], r->n[1]);
        break;
    default:
        if (r->h < 0)
            strbuf_puts(out, "the river needs its hexes");
        else if (r->n[1] <= 1 || r->n[1] < r->n[0])
            strbuf_printf(out, "the river stops at %s, %d from the capital, before passing next to it: it must come down to distance 1, then run out to the edge (distance %d)",
                          hexc(r->h), r->n[0], KMAP_RADIUS);
        else
            strbuf_printf(out, "the river stops at %s, %d from the capital, before the edge: it must run on to distance %d",
                          hexc(r->h), r->n[0], KMAP_RADIUS);
    }
}

static void cost_text(const struct krefusal *r, struct strbuf *out)
{
    static const int order[KRES_COUNT] = {KRES_WORK, KRES_FOOD, KRES_ORE};
    if (r->n[0] == KB_MONUMENT)
        strbuf_printf(out, "monument stage %d costs", r->n[1]);
    else
        strbuf_printf(out, "a %s costs", kbuilding_name(r->n[0]));
    const char *sep = " ";
    for (int k = 0; k < KRES_COUNT; k++) {
        int res = order[k];
        if (!r->n[2 + res])
            continue;
        strbuf_printf(out, "%s%d %s", sep, r->n[2 + res], kres_name(res));
        sep = ", ";
    }
    if (r->n[0] != KB_MONUMENT)
        strbuf_printf(out, " (%d times its price: %d %s%s stand%s)", r->n[1], r->n[1], kbuilding_name(r->n[0]),
                      r->n[1] == 1 ? "" : "s", r->n[1] == 1 ? "s" : "");
    strbuf_puts(out, "; the stock holds");
    sep = " ";
    for (int k = 0; k < KRES_COUNT; k++) {
        int res = order[k];
        if (!r->n[2 + res])
            continue;
        strbuf_printf(out, "%s%d %s", sep, r->stock[res], kres_name(res));
        sep = ", ";
    }
}

static void setup_text(const struct krefusal *r, struct strbuf *out)
{
    switch (r->why) {
    case KW_SETUP_TWICE:
        strbuf_printf(out, "the free %s already stands on %s", kbuilding_name(r->n[0]), hexc(r->h2));
        break;
    case KW_SETUP_FARM:
        strbuf_printf(out, "the free farm goes next to a river hex; %s is not next to the river", hexc(r->h));
        break;
    case KW_SETUP_MINE:
        strbuf_printf(out, "the free mine goes on a free mountain; %s is not one", hexc(r->h));
        break;
    case KW_SETUP_NO_VILLAGE:
        strbuf_printf(out, "with the free %s on %s, no empty hex is left next to it or to %s for the free village",
                      kbuilding_name(r->n[0]), hexc(r->h), hexc(r->h2));
        break;
    default:
        if (r->n[0])
            strbuf_printf(out, "the free village goes next to the free farm or mine: place one of them first");
        else
            strbuf_printf(out, "the free village goes next to the free farm or the free mine; %s is next to neither",
                          hexc(r->h));
    }
}

void kingdom_refusal_text(const struct krefusal *r, struct strbuf *out)
{
    switch (r->why) {
    case KW_NONE: break;
    case KW_ORDER: order_text(r, out); break;
    case KW_BUILD_AFTER_TRADE:
        strbuf_puts(out, "a building after a trade: build first, then trade (trading closes the building step)");
        break;
    case KW_GAME_OVER:
        strbuf_printf(out, "the game is over (%s in year %d): only check lines and the result may follow",
                      r->n[0] == KEND_WIN ? "won" : "lost", r->n[1]);
        break;
    case KW_DIE: strbuf_printf(out, "a die shows 1 to 6, not %d", r->n[0]); break;
    case KW_RANGE_SIZE:
        strbuf_printf(out, "the size die says %d hex%s, the range has %d", r->n[1], r->n[1] == 1 ? "" : "es", r->n[0]);
        break;
    case KW_RANGE_REGION:
        if (r->n[2])
            strbuf_printf(out, "%s is in region %d; the range goes in region %d (the region die showed %d, the first range's region, so the range moves on clockwise)",
                          hexc(r->h), r->n[1], r->n[0], r->n[2]);
        else
            strbuf_printf(out, "%s is in region %d; the region die says %d", hexc(r->h), r->n[1], r->n[0]);
        break;
    case KW_RANGE_TWICE: strbuf_printf(out, "%s is given twice in the range", hexc(r->h)); break;
    case KW_RANGE_CAPITAL: strbuf_printf(out, "%s is the capital, no mountain", hexc(r->h)); break;
    case KW_RANGE_CONNECTED:
        strbuf_printf(out, "%s is not connected to the rest of the range: a range's hexes touch each other", hexc(r->h));
        break;
    case KW_RIVER_HEX: case KW_RIVER_TWICE: case KW_RIVER_NOT_NEXT: case KW_RIVER_START:
    case KW_RIVER_DISTANCE: case KW_RIVER_SHORT:
        river_text(r, out);
        break;
    case KW_SETUP_TWICE: case KW_SETUP_FARM: case KW_SETUP_MINE: case KW_SETUP_VILLAGE:
    case KW_SETUP_NO_VILLAGE:
        setup_text(r, out);
        break;
    case KW_YEAR: strbuf_printf(out, "expected year %d, found year %d", r->n[0], r->n[1]); break;
    case KW_REROLL_STAGE:
        strbuf_printf(out, "a reroll needs monument stage %d: without it the fate dice stand", r->n[0]);
        break;
    case KW_REROLL_USED: strbuf_puts(out, "the year's reroll is already used"); break;
    case KW_REROLL_LATE:
        strbuf_puts(out, "the reroll comes right after the fate line, before the sixes, disasters and the capital");
        break;
    case KW_REROLL_VALUE:
        strbuf_printf(out, "no die shows %d (the dice show %d and %d)", r->n[0], r->n[1], r->n[2]);
        break;
    case KW_SIX_RANGE: strbuf_printf(out, "a six becomes results from 1 to 5, not %d", r->n[0]); break;
    case KW_SIX_SAME: strbuf_printf(out, "a six becomes two different results, not %d twice", r->n[0]); break;
    case KW_DISASTER_NONE:
        strbuf_printf(out, "%d building%s stand%s: the disaster erases one of them", r->n[0],
                      r->n[0] == 1 ? "" : "s", r->n[0] == 1 ? "s" : "");
        break;
    case KW_DISASTER_HEX:
        strbuf_printf(out, "no farm, mine or village stands on %s", hexc(r->h));
        break;
    case KW_CAPITAL_COUNT:
        if (r->n[1] == 1)
            strbuf_printf(out, "the capital gives 1 resource, not %d (2 from monument stage %d)", r->n[0], r->n[2]);
        else
            strbuf_printf(out, "the capital gives %d resources from monument stage %d, not %d", r->n[1], r->n[2], r->n[0]);
        break;
    case KW_CAPITAL_WORD: strbuf_puts(out, "the capital gives food, ore or work"); break;
    case KW_PLACE:
        if (r->n[0] == KB_MINE)
            strbuf_printf(out, "%s holds %s: a mine goes on an empty hex or a free mountain", hexc(r->h),
                          thing_words(r->n[1], r->n[2]));
        else if (r->n[0] == KB_MONUMENT)
            strbuf_printf(out, "%s holds %s: a monument stage goes on an empty hex", hexc(r->h),
                          thing_words(r->n[1], r->n[2]));
        else
            strbuf_printf(out, "%s holds %s: a %s goes on an empty hex", hexc(r->h),
                          thing_words(r->n[1], r->n[2]), kbuilding_name(r->n[0]));
        break;
    case KW_PLACE_VILLAGE:
        strbuf_printf(out, "%s is next to the village on %s: a village never touches a village", hexc(r->h), hexc(r->h2));
        break;
    case KW_MONUMENT_DONE: strbuf_printf(out, "the monument's %d stages are all built", r->n[0]); break;
    case KW_MONUMENT_NEXT:
        if (r->n[0] == 1)
            strbuf_printf(out, "monument stage 1 goes next to the capital; %s is not", hexc(r->h));
        else
            strbuf_printf(out, "monument stage %d goes next to a monument hex; %s is not next to one", r->n[0], hexc(r->h));
        break;
    case KW_COST: cost_text(r, out); break;
    case KW_TRADE_N: strbuf_printf(out, "a trade is of 1 or more, not %d", r->n[0]); break;
    case KW_TRADE_WHAT: strbuf_printf(out, "work is traded for food or ore, not %s", kres_name(r->n[0])); break;
    case KW_TRADE_WORK:
        strbuf_printf(out, "%d %s cost%s %d work; the stock holds %d work", r->n[0], kres_name(r->n[3]),
                      r->n[0] == 1 ? "s" : "", r->n[1], r->n[2]);
        break;
    case KW_STARVE_HEX:
        strbuf_printf(out, "no farm, mine or village stands on %s to starve", hexc(r->h));
        break;
    case KW_COUNT: break;
    }
}
