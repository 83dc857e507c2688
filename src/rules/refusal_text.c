/* The words of the engine's refusals: the only place they are written. */
#include <string.h>
#include "rules/engine.h"

/* The rule of each case. */
static const unsigned char case_rule[REF_CASE_COUNT] = {
    [REF_PLAYER_COUNT] = RULE_SETUP,        [REF_NAME_TOO_LONG] = RULE_SETUP,
    [REF_NAME_EMPTY] = RULE_SETUP,          [REF_NAME_TWICE] = RULE_SETUP,
    [REF_NO_DIFFICULTY] = RULE_SETUP,       [REF_SOLO_OBJECTIVE] = RULE_SETUP,
    [REF_NO_OBJECTIVE] = RULE_SETUP,
    [REF_EVENT_INVALID] = RULE_EVENTS,      [REF_EVENT_FIXED] = RULE_EVENTS,
    [REF_EVENT_TWICE] = RULE_EVENTS,
    [REF_EVENT_MISSING] = RULE_EVENTS,      [REF_EVENT_NO_ROUND] = RULE_EVENTS,
    [REF_EVENT_TOO_MANY] = RULE_EVENTS,
    [REF_NO_ROUND] = RULE_ROUND_ORDER,      [REF_ROUND_NOT_ENDED] = RULE_ROUND_ORDER,
    [REF_GAME_OVER] = RULE_ROUND_ORDER,     [REF_ROUND_EXPECTED] = RULE_ROUND_ORDER,
    [REF_NO_OUTLAWS] = RULE_ROUND_ORDER,    [REF_SHARED_SET] = RULE_ROUND_ORDER,
    [REF_SHARED_LATE] = RULE_ROUND_ORDER,   [REF_TURN_OPEN] = RULE_ROUND_ORDER,
    [REF_SHARED_UNSET] = RULE_ROUND_ORDER,  [REF_NO_TURN] = RULE_ROUND_ORDER,
    [REF_TURN_NOT_ENDED] = RULE_ROUND_ORDER, [REF_COLLECT_EARLY] = RULE_ROUND_ORDER,
    [REF_WAR_EARLY] = RULE_ROUND_ORDER,
    [REF_NO_SUCH_PLAYER] = RULE_TURN_ORDER, [REF_TURNS_DONE] = RULE_TURN_ORDER,
    [REF_TURN_EXPECTED] = RULE_TURN_ORDER,
    [REF_SHARED_RANGE] = RULE_DIE_RANGE,    [REF_SHARED_EQUAL] = RULE_DICE,
    [REF_ABILITY_WHICH_DIE] = RULE_DICE,    [REF_TURN_DICE_RANGE] = RULE_DIE_RANGE,
    [REF_DIE_RANGE] = RULE_DIE_RANGE,       [REF_BONUS_ROLL_RANGE] = RULE_DIE_RANGE,
    [REF_ABILITY_TO_RANGE] = RULE_DIE_RANGE, [REF_ABILITY_UNCHANGED] = RULE_DIE_RANGE,
    [REF_ABILITY_PLUS] = RULE_DIE_RANGE,    [REF_ABILITY_MINUS] = RULE_DIE_RANGE,
    [REF_ABILITY_CHANGE] = RULE_DIE_RANGE,  [REF_ABILITY_REROLL] = RULE_DIE_RANGE,
    [REF_DIE_UNAVAILABLE] = RULE_DIE_UNAVAILABLE, [REF_ABILITY_RESERVE] = RULE_DIE_UNAVAILABLE,
    [REF_RESERVE_LIMIT] = RULE_RESERVE_LIMIT, [REF_RESERVE_EMPTY] = RULE_RESERVE_EMPTY,
    [REF_RESERVE_NEW] = RULE_RESERVE_NEW,   [REF_RESERVE_FULL] = RULE_RESERVE_FULL,
    [REF_HIGHEST_DIE] = RULE_RESTRICTION_HIGHEST_DIE,
    [REF_ASSET_SECOND_DIE] = RULE_ONE_DIE_PER_ASSET, [REF_ASSET_THIRD_DIE] = RULE_ONE_DIE_PER_ASSET,
    [REF_ASSET_WITCH_RESERVE] = RULE_ONE_DIE_PER_ASSET,
    [REF_ASSET_EXACT_DIE] = RULE_EXACT_DIE, [REF_ITEM_EXACT_DIE] = RULE_EXACT_DIE,
    [REF_LOCATION_SECOND_DIE] = RULE_ONE_DIE_PER_LOCATION,
    [REF_ASSET_REQUIREMENT] = RULE_REQUIREMENT, [REF_ITEM_REQUIREMENT] = RULE_REQUIREMENT,
    [REF_COST] = RULE_COST,                 [REF_ALREADY_OWNED] = RULE_ALREADY_OWNED,
    [REF_FIRE_BAN] = RULE_FIRE_BAN,
    [REF_PERK_LETTER_NEEDED] = RULE_PERK_LETTER, [REF_PERK_LETTER_NONE] = RULE_PERK_LETTER,
    [REF_PERK_MISSING] = RULE_PERK_NOT_OWNED, [REF_PERK_OTHER] = RULE_PERK_NOT_OWNED,
    [REF_PERK_NEEDS_ITEM] = RULE_PERK_NOT_OWNED,
    [REF_ABILITY_USED] = RULE_ONCE_PER_TURN, [REF_SPLIT_USED] = RULE_ONCE_PER_TURN,
    [REF_SPLIT_RESERVE] = RULE_SPLIT,       [REF_SPLIT_PARTS] = RULE_SPLIT,
    [REF_SPLIT_SAME_ASSET] = RULE_SPLIT,
    [REF_MARKET_AMOUNT] = RULE_MARKET,      [REF_MARKET_TARGET] = RULE_MARKET,
    [REF_MARKET_COUNT] = RULE_MARKET,       [REF_MARKET_NONE] = RULE_MARKET,
    [REF_MARKET_SHORT] = RULE_MARKET,       [REF_MARKET_MAX] = RULE_MAX,
    [REF_WAR_SOLO] = RULE_WAR,              [REF_WAR_TWICE] = RULE_WAR,
    [REF_WAR_CHOICE] = RULE_WAR,            [REF_WAR_NO_POW] = RULE_WAR,
    [REF_WAR_AVOID_ROLLS] = RULE_BONUS_ROLLS, [REF_WAR_ROLLS] = RULE_BONUS_ROLLS,
    [REF_OUTLAWS_FIRST] = RULE_BONUS_ROLLS, [REF_OUTLAWS_ROLLS] = RULE_BONUS_ROLLS,
    [REF_COLLECT_NO_PLAYER] = RULE_COLLECT, [REF_COLLECT_NO_CHOICE] = RULE_COLLECT,
    [REF_COLLECT_NOT_EARNED] = RULE_COLLECT, [REF_COLLECT_TWICE] = RULE_COLLECT,
    [REF_COLLECT_CHOICE] = RULE_COLLECT,
    [REF_UNSPENT_DICE] = RULE_UNSPENT_DICE,
    [REF_NO_ASSET] = RULE_BAD_MOVE,         [REF_NO_ITEM] = RULE_BAD_MOVE,
    [REF_NO_LOCATION] = RULE_BAD_MOVE,      [REF_SPLIT_ASSETS] = RULE_BAD_MOVE,
    [REF_MOVE_KIND] = RULE_BAD_MOVE,
};

enum rule_id refusal_rule(enum refusal_case what)
{
    if (what <= REF_NONE || what >= REF_CASE_COUNT)
        return RULE_NONE;
    return (enum rule_id)case_rule[what];
}

/* The words of one refusal: the ids and names its facts stand for. */
struct words {
    const struct gamedata *gd;
    const struct game_config *cfg;
    const struct refusal *r;
    struct strbuf *out;
};

static const char *name_of(const struct words *w, int seat)
{
    if (w->cfg && seat >= 0 && seat < XII_MAX_PLAYERS &&
        memchr(w->cfg->names[seat], '\0', XII_NAME_SIZE))
        return w->cfg->names[seat];
    return "a player";
}

static const char *player(const struct words *w)
{
    return name_of(w, w->r->player);
}

static const char *asset(const struct words *w, int a)
{
    return a >= 0 && a < ASSET_COUNT ? w->gd->assets[a].id : "?";
}

static const char *item(const struct words *w, int i)
{
    return i >= 0 && i < w->gd->nitems ? w->gd->items[i].id : "?";
}

/* What perks a and b of a special item do, in the game data's words: " (a: ... b: ...)". */
static void perk_words(const struct words *w, int i, struct strbuf *o)
{
    if (i < 0 || i >= w->gd->nitems)
        return;
    const struct gd_item *it = &w->gd->items[i];
    if (it->nperks == 2 && it->perks[0].text && it->perks[1].text)
        strbuf_printf(o, " (a: %s b: %s)", it->perks[0].text, it->perks[1].text);
}

static const char *location(const struct words *w, int l)
{
    return l >= 0 && l < LOCATION_COUNT ? w->gd->locations[l].id : "?";
}

static const char *event(const struct words *w, int e)
{
    return e >= 0 && e < EVENT_COUNT ? w->gd->events[e].id : "?";
}

static const char *difficulty(const struct words *w, int d)
{
    return d >= 0 && d < w->gd->ndifficulties ? w->gd->difficulties[d].id : "?";
}

/* What an ability perk does, as a verb phrase. */
static const char *ability(int perk)
{
    switch (perk) {
    case PERK_DIE_PLUS: return "raise a die";
    case PERK_DIE_MINUS: return "lower a die";
    case PERK_DIE_CHANGE: return "change a die";
    case PERK_REROLL_LOW: return "re-roll a die";
    case PERK_SPLIT_DIE: return "split a die";
    default: return "use that ability";
    }
}

/* "3, 6", or "none". */
static void values(const struct words *w)
{
    for (int i = 0; i < w->r->nvalues; i++)
        strbuf_printf(w->out, "%s%d", i ? ", " : "", w->r->values[i]);
    if (w->r->nvalues == 0)
        strbuf_puts(w->out, "none");
}

/* "7, 8, 9 and 10", or "none". */
static void values_and(const struct words *w, const unsigned char *v, int n)
{
    for (int i = 0; i < n; i++)
        strbuf_printf(w->out, "%s%d", i == 0 ? "" : i + 1 == n ? " and " : ", ", v[i]);
    if (n == 0)
        strbuf_puts(w->out, "none");
}

/* The rounds of difficulty d that have an event (fixed ones included): "7, 8, 9 and 10". */
static void event_rounds(const struct words *w, int d)
{
    unsigned char v[GD_ROUNDS];
    int n = 0;
    for (int r = 1; d >= 0 && d < w->gd->ndifficulties && r <= GD_ROUNDS; r++)
        if (w->gd->difficulties[d].has_event[r] || w->gd->difficulties[d].fixed_event[r] >= 0)
            v[n++] = (unsigned char)r;
    values_and(w, v, n);
}

/* "requires population 10 or more (has 7 counting monks)": requirement n0 of asset or item t. */
static void requirement(const struct words *w, const struct gd_req *reqs, int nreqs)
{
    const struct refusal *r = w->r;
    if (r->n[0] < 0 || r->n[0] >= nreqs)
        return;
    const struct gd_req *q = &reqs[r->n[0]];
    switch (q->kind) {
    case REQ_ASSET_GE:
    case REQ_ASSET_EQ:
        strbuf_printf(w->out, "requires %s %d%s (has %d%s%s)", asset(w, q->asset), q->value,
                      q->kind == REQ_ASSET_GE ? " or more" : "", r->n[1],
                      r->thing2 >= 0 ? " counting " : "", r->thing2 >= 0 ? asset(w, r->thing2) : "");
        break;
    case REQ_REPUTATION_GE:
        strbuf_printf(w->out, "requires reputation %d or more (has %d)", q->value, r->n[1]);
        break;
    case REQ_HAS:
        strbuf_printf(w->out, "requires the %s", item(w, q->item));
        break;
    case REQ_SCORE_GE:
        strbuf_printf(w->out, "requires a score of %d or more (has %d)", q->value, r->n[1]);
        break;
    }
}

static const char *source_word(int source)
{
    return source == DIE_OWN ? "own die" : source == DIE_SHARED ? "shared die" : "die";
}

static void setup_words(const struct words *w)
{
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    switch (r->what) {
    case REF_PLAYER_COUNT:
        strbuf_printf(o, "a game has 1 to %d players, not %d", XII_MAX_PLAYERS, n[0]);
        break;
    case REF_NAME_TOO_LONG:
        strbuf_printf(o, "player %d: names are at most %d bytes", r->player + 1, XII_NAME_SIZE - 1);
        break;
    case REF_NAME_EMPTY:
        strbuf_printf(o, "player %d has no name", r->player + 1);
        break;
    case REF_NAME_TWICE:
        strbuf_printf(o, "two players are called %s", player(w));
        break;
    case REF_NO_DIFFICULTY:
        strbuf_printf(o, "difficulty %d does not exist", n[0]);
        break;
    case REF_SOLO_OBJECTIVE:
        strbuf_printf(o, "a solo objective needs a solo game (%d players)", n[0]);
        break;
    case REF_NO_OBJECTIVE:
        strbuf_printf(o, "objective %d does not exist", n[0]);
        break;
    case REF_EVENT_INVALID:
        if (n[0] < 1 || n[0] > GD_ROUNDS)
            strbuf_printf(o, "a game has rounds 1 to %d, not round %d", GD_ROUNDS, n[0]);
        else
            strbuf_printf(o, "round %d: %d is not an event", n[0], n[1]);
        break;
    case REF_EVENT_TWICE:
        strbuf_printf(o, "round %d is given two events (%s and %s)", n[0], event(w, r->thing),
                      event(w, r->thing2));
        break;
    case REF_EVENT_FIXED:
        strbuf_printf(o, "round %d is always %s in difficulty %s, not %s", n[0], event(w, r->thing),
                      difficulty(w, n[1]), event(w, r->thing2));
        break;
    case REF_EVENT_NO_ROUND:
        strbuf_printf(o, "difficulty %s has no event in round %d (its event rounds: ",
                      difficulty(w, n[1]), n[0]);
        event_rounds(w, n[1]);
        strbuf_putc(o, ')');
        break;
    case REF_EVENT_TOO_MANY:
        strbuf_printf(o, "round %d: %s is already on round%s ", n[0], event(w, r->thing),
                      r->nvalues == 1 ? "" : "s");
        values_and(w, r->values, r->nvalues);
        strbuf_printf(o, "; an event may strike on at most %d rounds", n[1]);
        break;
    case REF_EVENT_MISSING:
        strbuf_printf(o, "no event for round%s ", r->nvalues == 1 ? "" : "s");
        values_and(w, r->values, r->nvalues);
        strbuf_printf(o, " (difficulty %s has events in rounds ", difficulty(w, n[1]));
        event_rounds(w, n[1]);
        strbuf_putc(o, ')');
        break;
    default:
        break;
    }
}

static void order_words(const struct words *w)
{
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    switch (r->what) {
    case REF_NO_ROUND:
        strbuf_puts(o, "no round is in progress");
        break;
    case REF_ROUND_NOT_ENDED:
        strbuf_printf(o, "round %d has not ended", n[0]);
        break;
    case REF_GAME_OVER:
        strbuf_printf(o, "the game ended after round %d", GD_ROUNDS);
        break;
    case REF_ROUND_EXPECTED:
        strbuf_printf(o, "expected round %d, not round %d", n[0], n[1]);
        break;
    case REF_NO_OUTLAWS:
        strbuf_puts(o, "no outlaws' attack is waiting for bonus rolls");
        break;
    case REF_SHARED_SET:
        strbuf_printf(o, "round %d's shared dice are already set (%d and %d)", n[0], n[1], n[2]);
        break;
    case REF_SHARED_LATE:
        strbuf_puts(o, "the shared dice come before the first turn");
        break;
    case REF_TURN_OPEN:
        strbuf_printf(o, "%s's turn is still in progress", player(w));
        break;
    case REF_SHARED_UNSET:
        strbuf_printf(o, "round %d: the shared dice are not set", n[0]);
        break;
    case REF_NO_TURN:
        strbuf_puts(o, "no turn is in progress");
        break;
    case REF_TURN_NOT_ENDED:
        strbuf_printf(o, "%s's turn has not ended", player(w));
        break;
    case REF_COLLECT_EARLY:
        strbuf_printf(o, "location bonuses are chosen after every turn of round %d", n[0]);
        break;
    case REF_WAR_EARLY:
        strbuf_printf(o, "the king war comes after every turn of round %d (%d of %d played)", n[0],
                      n[1], n[2]);
        break;
    case REF_NO_SUCH_PLAYER:
    case REF_COLLECT_NO_PLAYER:
        strbuf_printf(o, "there is no player %d", n[0]);
        break;
    case REF_TURNS_DONE:
        strbuf_printf(o, "round %d: every player has had a turn (%s named)", n[0], player(w));
        break;
    case REF_TURN_EXPECTED:
        strbuf_printf(o, "round %d: expected %s's turn, not %s's%s", n[0], name_of(w, r->other),
                      player(w), n[1] ? " (the first player of the round)" : "");
        break;
    default:
        break;
    }
}

static void dice_words(const struct words *w)
{
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    const char *it = item(w, r->thing);
    switch (r->what) {
    case REF_SHARED_RANGE:
        strbuf_printf(o, "shared dice show 1 to 6, not %d and %d", n[0], n[1]);
        break;
    case REF_SHARED_EQUAL:
        strbuf_printf(o, "the shared dice must differ (both show %d): change one by 1 or re-roll "
                         "both", n[0]);
        break;
    case REF_ABILITY_WHICH_DIE:
        strbuf_printf(o, "an own die and a shared die both show %d: say which one the %s changes "
                         "(own or shared)", n[0], it);
        break;
    case REF_TURN_DICE_RANGE:
        strbuf_printf(o, "%s's dice must show 1 to 6, not %d and %d", player(w), n[0], n[1]);
        break;
    case REF_DIE_RANGE:
        strbuf_printf(o, "a die shows 1 to 6, not %d", n[0]);
        break;
    case REF_BONUS_ROLL_RANGE:
        strbuf_printf(o, "%s's bonus roll must be 1 to 6, not %d", player(w), n[0]);
        break;
    case REF_ABILITY_TO_RANGE:
        strbuf_printf(o, "a die shows 1 to 6: the %s cannot make a %d", it, n[0]);
        break;
    case REF_ABILITY_UNCHANGED:
        strbuf_printf(o, "the %s must change the die (%d to %d given)", it, n[0], n[1]);
        break;
    case REF_ABILITY_PLUS:
        strbuf_printf(o, "the %s raises a die by %d: %d can become %d, not %d", it, n[0], n[1],
                      n[1] + n[0], n[2]);
        break;
    case REF_ABILITY_MINUS:
        strbuf_printf(o, "the %s lowers a die by 1 to %d: %d cannot become %d", it, n[0], n[1], n[2]);
        break;
    case REF_ABILITY_CHANGE:
        strbuf_printf(o, "the %s turns a %d into a %d, not a %d into a %d", it, n[0], n[1], n[2],
                      n[3]);
        break;
    case REF_ABILITY_REROLL:
        strbuf_printf(o, "the %s re-rolls a die showing %d or less, not %d", it, n[0], n[1]);
        break;
    case REF_DIE_UNAVAILABLE:
        strbuf_printf(o, "no unspent %s shows %d (unspent: ", source_word(n[1]), n[0]);
        values(w);
        strbuf_putc(o, ')');
        break;
    case REF_ABILITY_RESERVE:
        strbuf_printf(o, "the %s cannot change a reserve die", it);
        break;
    case REF_RESERVE_LIMIT:
        strbuf_printf(o, "%s has already spent %d reserve die this turn (the most per turn)",
                      player(w), n[0]);
        break;
    case REF_RESERVE_EMPTY:
        strbuf_printf(o, "%s's reserve has no %d (available: ", player(w), n[0]);
        values(w);
        strbuf_putc(o, ')');
        break;
    case REF_RESERVE_NEW:
        strbuf_printf(o, "the %d in %s's reserve was written this turn: it can be spent from the "
                         "next turn", n[0], player(w));
        break;
    case REF_RESERVE_FULL:
        strbuf_printf(o, "%s's reserve has no free slot (all %d are written)", player(w), n[0]);
        break;
    case REF_UNSPENT_DICE:
        strbuf_printf(o, "%s left %d %s unspent (", player(w), n[0], n[0] == 1 ? "die" : "dice");
        values(w);
        strbuf_puts(o, "): all four dice of a turn must be spent");
        break;
    default:
        break;
    }
}

static void spend_words(const struct words *w)
{
    const struct gamedata *gd = w->gd;
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    int t = r->thing;
    switch (r->what) {
    case REF_HIGHEST_DIE:
        strbuf_printf(o, "the highest rolled die (%d) adds %d less on %s", n[0], n[1], asset(w, t));
        break;
    case REF_ASSET_SECOND_DIE:
        strbuf_printf(o, "%s has already spent a die on %s this turn (one die per asset per turn)",
                      player(w), asset(w, t));
        break;
    case REF_ASSET_THIRD_DIE:
        strbuf_printf(o, "%s has already spent two dice on %s this turn (the witch allows two, "
                         "never three)", player(w), asset(w, t));
        break;
    case REF_ASSET_WITCH_RESERVE:
        strbuf_printf(o, "%s has already spent a die on %s this turn; the witch's second die "
                         "cannot involve a reserve die", player(w), asset(w, t));
        break;
    case REF_ASSET_EXACT_DIE:
        strbuf_printf(o, "%s can only be increased with a %s showing %d, not %d", asset(w, t),
                      n[0] ? "split part" : "die", n[1], n[2]);
        break;
    case REF_ITEM_EXACT_DIE:
        strbuf_printf(o, "the %s needs a die showing %d, not %d", item(w, t), n[0], n[1]);
        break;
    case REF_LOCATION_SECOND_DIE:
        strbuf_printf(o, "%s has already spent a die on the %s this turn (one die per location "
                         "per turn)", player(w), location(w, t));
        break;
    case REF_ASSET_REQUIREMENT:
        strbuf_printf(o, "%s cannot increase %s: ", player(w), asset(w, t));
        if (t >= 0 && t < ASSET_COUNT)
            requirement(w, gd->assets[t].req, gd->assets[t].nreq);
        break;
    case REF_ITEM_REQUIREMENT:
    case REF_COST:
    case REF_FIRE_BAN: {
        int ok = t >= 0 && t < gd->nitems;
        int person = ok && (gd->items[t].kind == KIND_PERSON || gd->items[t].kind == KIND_SPECIAL_PERSON);
        const char *verb = person ? "attract" : "build";
        if (r->what == REF_FIRE_BAN) {
            strbuf_printf(o, "%s cannot attract the %s: no prominent person can be attracted in a "
                             "fire round (round %d)", player(w), item(w, t), n[0]);
        } else if (r->what == REF_COST) {
            strbuf_printf(o, "%s cannot %s the %s: it costs %d %s (has %d)", player(w), verb,
                          item(w, t), n[0], asset(w, r->thing2), n[1]);
        } else {
            strbuf_printf(o, "%s cannot %s the %s: ", player(w), verb, item(w, t));
            if (ok)
                requirement(w, gd->items[t].req, gd->items[t].nreq);
        }
        break;
    }
    case REF_ALREADY_OWNED:
        strbuf_printf(o, "%s already has the %s", player(w), item(w, t));
        break;
    case REF_PERK_LETTER_NEEDED:
        strbuf_printf(o, "the %s needs a perk letter, a or b", item(w, t));
        perk_words(w, t, o);
        break;
    case REF_PERK_LETTER_NONE:
        strbuf_printf(o, "the %s has no perk to choose ('%c' given)", item(w, t), (char)n[0]);
        break;
    case REF_PERK_MISSING:
        strbuf_printf(o, "no item of the game data can %s", ability(t));
        break;
    case REF_PERK_OTHER:
        strbuf_printf(o, "%s's %s has perk %c, which cannot %s", player(w), item(w, r->thing2),
                      n[0] ? (char)n[0] : '-', ability(t));
        break;
    case REF_PERK_NEEDS_ITEM:
        strbuf_printf(o, "%s cannot %s: needs the %s", player(w), ability(t), item(w, r->thing2));
        break;
    case REF_ABILITY_USED:
        strbuf_printf(o, "%s has already used the %s this turn", player(w), item(w, t));
        break;
    case REF_SPLIT_USED:
        strbuf_printf(o, "%s has already split a die this turn", player(w));
        break;
    case REF_SPLIT_RESERVE:
        strbuf_puts(o, "a reserve die cannot be split");
        break;
    case REF_SPLIT_PARTS:
        strbuf_printf(o, "%d cannot be split into %d and %d: the parts are at least 1 and add up "
                         "to the die", n[0], n[1], n[2]);
        break;
    case REF_SPLIT_SAME_ASSET:
        strbuf_printf(o, "the two parts of a split go to two different assets (%s twice)",
                      asset(w, t));
        break;
    default:
        break;
    }
}

static void market_words(const struct words *w)
{
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    const char *from = asset(w, r->thing), *to = asset(w, r->thing2);
    switch (r->what) {
    case REF_MARKET_AMOUNT:
        strbuf_printf(o, "a market conversion needs an amount of 1 or more, not %d", n[0]);
        break;
    case REF_MARKET_TARGET:
        strbuf_puts(o, "the market turns food into supply or supply into food only");
        break;
    case REF_MARKET_COUNT:
        strbuf_printf(o, "at most %d market conversions per turn", XII_MAX_MARKET);
        break;
    case REF_MARKET_NONE: {
        int it = -1;
        for (int i = 0; i < w->gd->nitems && it < 0; i++)
            for (int k = 0; k < w->gd->items[i].nperks; k++)
                if (w->gd->items[i].perks[k].id == PERK_MARKET)
                    it = i;
        strbuf_printf(o, "%s has no %s to convert %d %s into %s", player(w),
                      it >= 0 ? item(w, it) : "market", n[0], from, to);
        break;
    }
    case REF_MARKET_SHORT:
        strbuf_printf(o, "%s cannot convert %d %s into %s: has %d %s after feeding", player(w), n[0],
                      from, to, n[1], from);
        break;
    case REF_MARKET_MAX:
        strbuf_printf(o, "%s cannot convert %d %s into %s: %s would be %d, above %d", player(w),
                      n[0], from, to, to, n[1], n[2]);
        break;
    default:
        break;
    }
}

static void war_words(const struct words *w)
{
    const struct refusal *r = w->r;
    struct strbuf *o = w->out;
    const int *n = r->n;
    switch (r->what) {
    case REF_WAR_SOLO:
        strbuf_puts(o, "there is no king war in a solo game");
        break;
    case REF_WAR_TWICE:
        strbuf_printf(o, "the king war of round %d was already fought", n[0]);
        break;
    case REF_WAR_CHOICE:
        strbuf_printf(o, "%s must support or avoid the king war", player(w));
        break;
    case REF_WAR_NO_POW:
        strbuf_printf(o, "%s has no POW and must avoid the king war", player(w));
        break;
    case REF_WAR_AVOID_ROLLS:
        strbuf_printf(o, "%s avoids the king war: no bonus rolls (%d given)", player(w), n[0]);
        break;
    case REF_WAR_ROLLS:
        strbuf_printf(o, "%s supports the king war with %d bonus roll%s due, %d given", player(w),
                      n[0], n[0] == 1 ? "" : "s", n[1]);
        break;
    case REF_OUTLAWS_FIRST:
        strbuf_printf(o, "round %d: the outlaws' attack needs its bonus rolls before the first "
                         "turn", n[0]);
        break;
    case REF_OUTLAWS_ROLLS:
        strbuf_printf(o, "%s has %d bonus roll%s for the outlaws' attack, %d given", player(w), n[0],
                      n[0] == 1 ? "" : "s", n[1]);
        break;
    case REF_COLLECT_NO_CHOICE:
        strbuf_printf(o, "the %s bonus has no choice", location(w, r->thing));
        break;
    case REF_COLLECT_NOT_EARNED:
        strbuf_printf(o, "%s earns no %s bonus in round %d: influence %d, MIN %d", player(w),
                      location(w, r->thing), n[0], n[1], n[2]);
        break;
    case REF_COLLECT_TWICE:
        strbuf_printf(o, "%s already chose the %s bonus of round %d", player(w),
                      location(w, r->thing), n[0]);
        break;
    case REF_COLLECT_CHOICE:
        strbuf_printf(o, "the %s bonus has %d choices, not choice %d", location(w, r->thing), n[0],
                      n[1]);
        break;
    case REF_NO_ASSET:
        strbuf_printf(o, "asset %d does not exist", n[0]);
        break;
    case REF_NO_ITEM:
        strbuf_printf(o, "item %d does not exist", n[0]);
        break;
    case REF_NO_LOCATION:
        strbuf_printf(o, "location %d does not exist", n[0]);
        break;
    case REF_SPLIT_ASSETS:
        strbuf_puts(o, "a split names two assets");
        break;
    case REF_MOVE_KIND:
        strbuf_printf(o, "unknown move kind %d", n[0]);
        break;
    default:
        break;
    }
}

void refusal_text(const struct gamedata *gd, const struct game_config *cfg,
                  const struct refusal *r, struct strbuf *out)
{
    const struct words w = {gd, cfg, r, out};
    switch (refusal_rule(r->what)) {
    case RULE_SETUP:
    case RULE_EVENTS:
        setup_words(&w);
        break;
    case RULE_ROUND_ORDER:
    case RULE_TURN_ORDER:
        order_words(&w);
        break;
    case RULE_DICE:
    case RULE_DIE_RANGE:
    case RULE_DIE_UNAVAILABLE:
    case RULE_RESERVE_LIMIT:
    case RULE_RESERVE_EMPTY:
    case RULE_RESERVE_NEW:
    case RULE_RESERVE_FULL:
    case RULE_UNSPENT_DICE:
        dice_words(&w);
        break;
    case RULE_MARKET:
    case RULE_MAX:
        market_words(&w);
        break;
    case RULE_WAR:
    case RULE_BONUS_ROLLS:
    case RULE_COLLECT:
    case RULE_BAD_MOVE:
        if (r->what == REF_COLLECT_NO_PLAYER)
            order_words(&w);
        else
            war_words(&w);
        break;
    default:
        spend_words(&w);
        break;
    }
}
