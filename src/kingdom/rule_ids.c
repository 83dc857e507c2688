/* The table of the kingdom's rule ids: the only place their texts, sections and meanings are
 * written. */
#include "kingdom/rule_ids.h"
#include <string.h>

static const struct krule_info table[KR_COUNT] = {
    [KR_ORDER] = {"order", "The year", "each line comes in its place: setup (ranges, river, free "
                  "buildings), then each year fate, reroll, sixes, disasters, capital, builds, "
                  "trades, starvation"},
    [KR_DICE] = {"dice", "Setup, The year", "a die shows 1 to 6"},
    [KR_RANGE] = {"range", "Setup, mountains (K7)", "a range is as many connected hexes as its "
                  "size die, inside its region (a repeated region moves on clockwise)"},
    [KR_RIVER] = {"river", "Setup, river (K8)", "the river starts next to the larger range, "
                  "runs hex to hex nearer the capital down to distance 1, then out to the edge; "
                  "no mountain, no capital"},
    [KR_SETUP] = {"setup", "Setup, free buildings", "one free farm next to the river, one mine "
                  "on a free mountain, one village next to that farm or mine"},
    [KR_YEAR] = {"year", "The year", "years follow each other from 1 without a gap"},
    [KR_REROLL] = {"reroll", "The year, fate (K10)", "with the monument's first stage, one fate "
                   "die may be rerolled once a year, before the sixes are read"},
    [KR_SIX] = {"six", "The year, fate (K10)", "each 6 becomes two different results from 1 "
                "to 5"},
    [KR_DISASTER] = {"disaster", "The year, fate (K10)", "each 1 erases a farm, mine or village "
                     "of the player's choice; none only when none stands"},
    [KR_CAPITAL] = {"capital", "The year, production (K12)", "the capital gives one resource, "
                    "two from the monument's second stage"},
    [KR_PLACEMENT] = {"placement", "Construction (K9)", "a building goes on an empty hex (a mine "
                      "also on a free mountain); a village never next to a village"},
    [KR_COST] = {"cost", "Construction (K4, K5)", "a building costs its price times how many of "
                 "its kind stand (at least 1); a stage costs its price; the stock pays it all"},
    [KR_MONUMENT] = {"monument", "Construction (K5)", "three stages in order: the first next to "
                     "the capital, the others next to a monument hex"},
    [KR_TRADE] = {"trade", "The year, trade (K3)", "after building: 2 work for 1 food or 1 ore, "
                  "as often as the work lasts"},
    [KR_STARVE] = {"starve", "The year, feeding (K13)", "one building lost per missing food, "
                   "chosen by the player, each leaving a graveyard"},
    [KR_GAME_OVER] = {"game-over", "End (K15)", "nothing is played after the win or the loss"},
    [KR_SYNTAX] = {"syntax", "move log", "a line that cannot be read as a statement"},
    [KR_ENCODING] = {"encoding", "move log", "bytes that are not UTF-8 text"},
    [KR_HEADER] = {"header", "move log", "the first line is `kingdom 1`; names at most once, "
                   "before the ranges"},
    [KR_UNKNOWN_WORD] = {"unknown-word", "move log", "a word that is no keyword, hex, "
                         "building or resource of the game"},
    [KR_RESULT] = {"result", "End (K15)", "a finished game ends with the result the rules give "
                   "(result win or result loss)"},
    [KR_CHECK] = {"check", "move log", "a check line states the stock the rules give at that "
                  "line"},
    [KR_TOO_MANY_ERRORS] = {"too-many-errors", "move log", "the check stopped after 50 errors"},
    [KR_DATA] = {"data", "game data", "a game-data file that does not hold together"},
};

const struct krule_info *krule_info(enum krule id)
{
    if (id <= KR_NONE || id >= KR_COUNT)
        return NULL;
    return &table[id];
}

const char *krule_text(enum krule id)
{
    const struct krule_info *r = krule_info(id);
    return r ? r->id : NULL;
}

enum krule krule_find(const char *text)
{
    for (int id = KR_NONE + 1; id < KR_COUNT; id++)
        if (strcmp(table[id].id, text) == 0)
            return (enum krule)id;
    return KR_NONE;
}
