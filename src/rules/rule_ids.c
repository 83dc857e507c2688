/* The table of rule ids: the only place their texts, sections and meanings are written. */
#include <string.h>
#include "rules/rule_ids.h"

static const struct rule_info table[RULE_COUNT] = {
    [RULE_SETUP] = {"setup", "Game Setup",
                    "the game needs 1 to 5 players with different names, a difficulty of the game "
                    "data, and a solo objective only in a solo game"},
    [RULE_EVENTS] = {"events", "Game Difficulty",
                     "events go exactly on the rounds the difficulty names, its fixed events "
                     "included, and no event on more rounds than the game data allows (two)"},
    [RULE_ROUND_ORDER] = {"round-order", "Game Round Overview",
                          "a statement comes in its place in the round: round, shared dice, "
                          "turns, king war, location bonuses"},
    [RULE_TURN_ORDER] = {"turn-order", "Game Round Overview",
                         "the players take their turns in seat order from the round's first "
                         "player, once each"},
    [RULE_DICE] = {"dice", "Game Round Overview",
                   "the two shared dice differ, and a die changed by an ability is named own or "
                   "shared when both would fit"},
    [RULE_DIE_RANGE] = {"die-range", "Player Turn, step 1",
                        "a die shows 1 to 6, and an ability only makes the values its perk "
                        "allows"},
    [RULE_DIE_UNAVAILABLE] = {"die-unavailable", "Player Turn, step 2",
                              "a move spends an unspent die of the turn that shows its value"},
    [RULE_RESTRICTION_HIGHEST_DIE] = {"restriction-highest-die", "Player Turn, restriction 1",
                                      "a note, never a refusal: the highest rolled die adds one "
                                      "less to an advanced asset"},
    [RULE_ONE_DIE_PER_ASSET] = {"one-die-per-asset", "Player Turn, restriction 2",
                                "one die per asset per turn (two with the witch's perk, never "
                                "with the reserve die)"},
    [RULE_EXACT_DIE] = {"exact-die", "Player Turn, restriction 3",
                        "special assets, people and infrastructures need a die of exactly their "
                        "value"},
    [RULE_ONE_DIE_PER_LOCATION] = {"one-die-per-location", "Player Turn, restriction 4",
                                   "one die per location per turn"},
    [RULE_RESERVE_LIMIT] = {"reserve-limit", "Game Concept - Dice Reserve",
                            "at most one reserve die is spent per turn"},
    [RULE_RESERVE_EMPTY] = {"reserve-empty", "Game Concept - Dice Reserve",
                            "a reserve die is spent only when the reserve holds that value"},
    [RULE_RESERVE_NEW] = {"reserve-new", "Game Concept - Dice Reserve",
                          "a value written into the reserve is spent from the next turn on"},
    [RULE_RESERVE_FULL] = {"reserve-full", "Game Concept - Dice Reserve",
                           "a die is stored only in a free reserve slot"},
    [RULE_REQUIREMENT] = {"requirement", "Game Concept - Town Assets",
                          "the requirements (red on the sheet) hold before an increase, an "
                          "attraction or a building"},
    [RULE_COST] = {"cost", "Game Concept - Prominent People",
                   "a person or infrastructure is acquired only when its whole cost (blue on the "
                   "sheet) can be paid"},
    [RULE_ALREADY_OWNED] = {"already-owned", "Game Concept - Prominent People",
                            "each person and infrastructure comes to a town once"},
    [RULE_FIRE_BAN] = {"fire-ban", "Game Concept - Global Events",
                       "no prominent person is attracted in a fire round"},
    [RULE_PERK_LETTER] = {"perk-letter", "Game Concept - Special Prominent People",
                          "a special item takes perk a or b, chosen for good; a normal one takes "
                          "none"},
    [RULE_PERK_NOT_OWNED] = {"perk-not-owned", "Game Concept - Special Prominent People",
                             "an ability is used only by a town whose chosen perk gives it"},
    [RULE_ONCE_PER_TURN] = {"once-per-turn", "Game Concept - Special Prominent People",
                            "each ability is used once per turn"},
    [RULE_SPLIT] = {"split", "Game Concept - Special Prominent People",
                    "the witch splits a turn die (not a reserve one) into two parts of at least "
                    "1 for two different assets"},
    [RULE_MARKET] = {"market", "Player Turn, step 4",
                     "the market converts food and supply one for one, for a town that has it "
                     "and has enough after feeding"},
    [RULE_MAX] = {"max", "Game Concept - Town Assets",
                  "a market conversion leaves the asset within its MAX"},
    [RULE_WASTE] = {"waste", "Player Turn, step 2",
                    "a warning, never a refusal: a die that adds nothing, or less than it shows "
                    "(a MAX reached, costs that cannot be paid), when another use would add more"},
    [RULE_WAR] = {"war", "King War",
                  "each player supports or avoids the king war once per round, after every "
                  "turn; a town without POW avoids it"},
    [RULE_BONUS_ROLLS] = {"bonus-rolls", "King War",
                          "a player gives exactly the bonus rolls due (king war, outlaws' "
                          "attack), before the turns for the outlaws"},
    [RULE_COLLECT] = {"collect", "Game Concept - Locations",
                      "a location's bonus with a choice is chosen once per round, by a player "
                      "whose influence reaches the round's MIN"},
    [RULE_UNSPENT_DICE] = {"unspent-dice", "Player Turn, step 2",
                           "all four dice of a turn are spent"},
    [RULE_BAD_MOVE] = {"bad-move", "move log",
                       "a move names an asset, item or location of the game data"},
    [RULE_SYNTAX] = {"syntax", "move log", "a line that cannot be read as a statement"},
    [RULE_ENCODING] = {"encoding", "move log", "bytes that are not UTF-8 text"},
    [RULE_HEADER] = {"header", "move log",
                     "a header line repeated or after round 1, a town named twice"},
    [RULE_UNKNOWN_ID] = {"unknown-id", "move log",
                         "an id that names nothing of the game data"},
    [RULE_UNKNOWN_PLAYER] = {"unknown-player", "move log", "a name that is not a player's"},
    [RULE_TOO_MANY_ERRORS] = {"too-many-errors", "move log",
                              "the check stopped after 50 errors"},
    [RULE_DATA] = {"data", "game data", "a game-data file that does not hold together"},
};

const struct rule_info *rule_info(enum rule_id id)
{
    if (id <= RULE_NONE || id >= RULE_COUNT)
        return NULL;
    return &table[id];
}

const char *rule_id_text(enum rule_id id)
{
    const struct rule_info *r = rule_info(id);
    return r ? r->id : NULL;
}

enum rule_id rule_id_find(const char *text)
{
    for (int id = RULE_NONE + 1; id < RULE_COUNT; id++)
        if (strcmp(table[id].id, text) == 0)
            return (enum rule_id)id;
    return RULE_NONE;
}
