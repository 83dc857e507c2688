/* The rules engine of XII Century: a pure state machine over struct game_state (state.h).
 *
 * Every number comes from the game data (gamedata.h); behaviour is keyed on enum asset, enum
 * event, enum perk_id and the items' requirements. Every check says WHY it refuses, as a value
 * (refusal.h): the rule id (rule_ids.h), the case and its facts; refusal_text() makes the
 * words. Nothing is formatted or allocated while checking or listing moves. A refused call
 * leaves the state EXACTLY unchanged and appends nothing to the history.
 *
 * Typical sequence (the move-log replay drives it):
 *   engine_new_game; for each round: engine_begin_round, [engine_outlaws_resolve],
 *   engine_set_shared, for each turn: engine_begin_turn, engine_apply..., engine_end_turn;
 *   engine_war (multiplayer), engine_collect..., engine_end_round (when engine_round_missing
 *   says nothing is missing, or when the next round starts anyway). */
#ifndef RULES_ENGINE_H
#define RULES_ENGINE_H
#include <stddef.h>
#include "rules/gamedata.h"
#include "rules/history.h"
#include "rules/refusal.h"
#include "rules/state.h"


enum move_kind {
    MOVE_ASSET,         /* increase asset `target` by the die */
    MOVE_ACQUIRE,       /* attract a person / build an infrastructure: item `target`, `perk` */
    MOVE_INFLUENCE,     /* influence at location `target` += die */
    MOVE_STORE,         /* write the die's value into a free reserve slot */
    MOVE_SHERIFF,       /* sheriff: the die showing `die` now shows `to` (+1, or -1/-2) */
    MOVE_COURT,         /* town court perk a: the die showing `die` (2) now shows `to` (4) */
    MOVE_COURT_REROLL,  /* town court perk b: the die showing `die` (<= 3) was re-rolled: `to` */
    MOVE_SPLIT,         /* witch perk b: `die` = part[0] on asset `target` + part[1] on `target2` */
    MOVE_MARKET         /* queue a conversion of `amount` into `target` (A_SUPPLY or A_FOOD),
                           run at engine_end_turn after feeding */
};

enum die_source {
    DIE_ANY,            /* the engine picks (see engine_apply) */
    DIE_OWN,            /* one of the player's own two dice */
    DIE_SHARED          /* one of the two shared dice */
};

struct move {
    enum move_kind kind;
    int die;                    /* the value the die shows when used (1..6) */
    int from_reserve;           /* spend a reserve die of value `die` (spends only) */
    enum die_source source;     /* which turn die; DIE_ANY lets the engine pick */
    int target;                 /* enum asset / item index / enum location, per kind */
    char perk;                  /* MOVE_ACQUIRE: 'a' or 'b' for a special item, 0 otherwise */
    int to;                     /* ability moves: the new value */
    int part[2];                /* MOVE_SPLIT: the two parts */
    int target2;                /* MOVE_SPLIT: the asset of part[1] */
    int amount;                 /* MOVE_MARKET */
};

/* ---- Setting up and running a game ------------------------------------------------------ */

/* Starts a game: validates cfg (players 1..5 with distinct non-empty names, difficulty, events
 * exactly on the difficulty's rounds with its fixed events filled in when cfg gives -1, no
 * event on more than gd->max_same_event rounds, an objective only in solo) and sets every
 * player's starting sheet (assets 0, reserve from the data). Seat 0 is round 1's first
 * player; the initial reserve values are recorded in h as round 0. Returns 0, or -1 with why
 * ("setup", "events"); s is then unusable. */
int engine_new_game(struct game_state *s, const struct gamedata *gd, const struct game_config *cfg,
                    struct history *h, struct refusal *why);
/* The seat whose name is the n bytes at name, matched exactly, else ignoring case (the first
 * such seat); -1 when none. */
int engine_seat_named(const struct game_config *cfg, const char *name, size_t n);
/* Begins round `round` (must be the next one): marks it and resolves its global event for
 * every player (then clamps), except an outlaws' attack while some player has bonus rolls
 * due: that waits for engine_outlaws_resolve. Returns 0 or -1 ("round-order"). */
int engine_begin_round(struct game_state *s, int round, struct history *h, struct refusal *why);
/* Number of outlaws' attack bonus rolls `player` must give now (0 when none pending). */
int engine_outlaws_needs_rolls(const struct game_state *s, int player);
/* One player's POW bonus rolls (1d6 per qualifying asset, in data order: men-at-arms first). */
struct bonus_rolls {
    int rolls[GD_MAX_BONUS_ROLLS];
    int nrolls;
};
/* Resolves the pending outlaws' attack with r[p] = player p's bonus rolls for every seat. Every
 * count must equal engine_outlaws_needs_rolls, every roll 1..6. Returns 0, or -1
 * ("round-order", "bonus-rolls", "die-range") with nothing changed. */
int engine_outlaws_resolve(struct game_state *s, const struct bonus_rolls r[], struct history *h,
                           struct refusal *why);
/* Resolves a pending outlaws' attack as if nobody had rolled (bonus 0): for a log that skips
 * the outlaws line. Returns 0, or -1 when nothing is pending ("round-order"). */
int engine_outlaws_resolve_unrolled(struct game_state *s, struct history *h, struct refusal *why);
/* Sets the round's two shared dice (1..6, different: the doubles rule is settled at the
 * table). Once per round, before the first turn. Returns 0 or -1 ("round-order", "die-range",
 * "dice"). */
int engine_set_shared(struct game_state *s, int d1, int d2, struct refusal *why);
/* The seat whose turn comes next this round, or -1 when every turn is done / no round. */
int engine_next_player(const struct game_state *s);
/* Begins `player`'s turn with own dice d1, d2: restriction 1's highest value is fixed here over
 * the four dice. Needs the shared dice and no pending outlaws' attack. Returns 0 or -1
 * ("round-order", "turn-order", "die-range", "bonus-rolls"). */
int engine_begin_turn(struct game_state *s, int player, int d1, int d2, struct refusal *why);

/* Checks a move of the current turn's player without changing anything. why may be NULL (then
 * not even the facts are gathered). Returns 0 if legal, else -1 with why filled.
 * Die choice (DIE_ANY): among unspent turn dice showing `die`, for an advanced asset (or a
 * split with an advanced part) an unrestricted die is taken first, otherwise a restricted one;
 * an own die before a shared one. For sheriff and court moves, DIE_ANY is refused ("dice")
 * when an own and a shared unspent die both show the value and either later players still
 * play this round or only one of them is restricted; otherwise the own die is taken. */
int engine_check(const struct game_state *s, const struct move *m, struct refusal *why);
/* Checks then applies a move. On refusal returns -1 and changes nothing. On success returns
 * 0 and why->rule is RULE_NONE, or RULE_RESTRICTION_HIGHEST_DIE as a note when the highest rolled die
 * added one less. Market moves are only queued (see engine_end_turn). */
int engine_apply(struct game_state *s, const struct move *m, struct history *h, struct refusal *why);

/* engine_apply(s, m, NULL, NULL) without checking m again, for a move engine_legal_moves
 * listed, or engine_check accepted, on s as it is now (the bots try every listed move): the
 * same die and the same state after. Any other move is the caller's bug (the state may be
 * left inconsistent). Returns 0, or -1 when no die shows m's value. */
int engine_apply_listed(struct game_state *s, const struct move *m);

/* What engine_end_turn reports. */
struct turn_end {
    struct refusal unspent;         /* RULE_UNSPENT_DICE when dice were left, else RULE_NONE */
    int nmarket;                    /* conversions queued this turn, in queuing order */
    int market_applied[XII_MAX_MARKET];  /* 1 applied, 0 refused (see market_why) */
    struct refusal market_why[XII_MAX_MARKET];  /* "market", "max" */
};
/* Ends the current turn: feeding (ceil(pop / gd->feeding_per) food; starvation lowers the
 * population first; the miller's perk a skips it), then the queued market conversions in
 * order, each checked then (market owned, enough source, result within gd->asset_cap).
 * Unspent dice are reported in out->unspent but the turn still ends. out may be NULL.
 * Returns 0 when the turn ended, -1 when no turn was in progress ("round-order"). */
int engine_end_turn(struct game_state *s, struct history *h, struct turn_end *out,
                    struct refusal *why);
/* Whether a turn's end left no die unspent and applied every queued market conversion. */
int engine_turn_end_whole(const struct turn_end *te);
/* engine_end_turn for a player that must play complete turns (bots, generated logs): 0 when
 * the turn ended with every die spent and every queued market conversion applied, else -1. */
int engine_end_turn_complete(struct game_state *s);
/* Whether m, legal on s, leaves the turn as a replay of the log accepts it at once: dice still
 * to spend, or (m spent the last one, and the end of the log then ends the turn) every queued
 * market conversion applied at the turn's end, after feeding. */
int engine_move_keeps_turn(const struct game_state *s, const struct move *m);

/* One player's king-war line. */
struct war_entry {
    int support;                    /* 1 support, 0 avoid */
    int rolls[GD_MAX_BONUS_ROLLS];  /* bonus rolls, one per qualifying asset, data order */
    int nrolls;
};
/* Number of POW bonus rolls `player` is due now (assets at or above their bonus-roll MIN). */
int engine_bonus_rolls_due(const struct game_state *s, int player);
/* Runs the king war (multiplayer, after every turn, once per round): e[p] for every seat.
 * A player with base POW 0 must avoid; a supporter gives exactly engine_bonus_rolls_due rolls
 * (a sole supporter may give none, see engine_war_rolls_ok)
 * 1..6, an avoider none. Reputation: the highest POW (ties all) +war_highest, the others
 * +war_other, a sole supporter +war_sole only; supporters halve their POW assets (never-lost
 * ones excepted), then clamp. Returns 0, or -1 ("round-order", "war", "bonus-rolls",
 * "die-range") with nothing changed. */
int engine_war(struct game_state *s, const struct war_entry e[], struct history *h,
               struct refusal *why);
/* One distinct outcome of the king war for given support choices, and its chance. */
struct war_outcome {
    struct war_entry e[XII_MAX_PLAYERS];    /* the rolls of one combination that gives it */
    double weight;                          /* its share of every combination of the rolls */
};
#define ENGINE_WAR_OUTCOMES (1 << XII_MAX_PLAYERS)
/* The distinct outcomes of the king war when seat p supports iff support[p], each supporter
 * giving the rolls he is due, every combination of them equally likely: combinations that
 * leave the same seats with the top POW give every seat the same reputation and the same
 * halving, and are one outcome (a sole supporter's or nobody's: one). Writes them into out
 * (room for ENGINE_WAR_OUTCOMES), by the seats on top as a bit set, and returns how many; their
 * weights sum to 1 (each an exact ratio of counts). */
int engine_war_outcomes(const struct game_state *s, const int support[], struct war_outcome out[]);
/* Whether `player` earns the bonus of `location` this round (influence >= MIN[round]). Inline:
 * engine_round_missing asks it for every seat and location at every step of a game. */
static inline int engine_location_qualifies(const struct game_state *s, int player, int location)
{
    if (s->round < 1 || s->round > GD_ROUNDS)
        return 0;
    return s->p[player].influence[location] >= s->gd->locations[location].min[s->round - 1];
}
/* Records `player`'s choice (index into gd->locations[location].bonus_*) for this round's bonus
 * of a location with a choice. After every turn of the round, once per location. Returns 0,
 * or -1 ("round-order", "collect"). */
int engine_collect(struct game_state *s, int player, int location, int choice, struct refusal *why);

/* What a round still needs before it can end. */
struct round_missing {
    int shared;                     /* the shared dice are not set */
    int outlaws;                    /* the outlaws' attack waits for bonus rolls */
    int turn_active;                /* a turn is still open */
    int turns_left;                 /* turns not yet played */
    int war;                        /* multiplayer: the king war was not run */
    unsigned collect[XII_MAX_PLAYERS]; /* bit l: player owes the choice for location l */
};
/* Fills *m (may be NULL) and returns how many things are missing (0: the round can end). */
int engine_round_missing(const struct game_state *s, struct round_missing *m);
/* Ends the round whatever is missing (a missing war = everybody avoided, a missing choice
 * loses that bonus, a pending outlaws' attack is resolved unrolled, missing turns are not
 * played): production (farms unless famine, mill perk a, granary perk b, locations), then the
 * first player of the next round is this round's last. After round GD_ROUNDS the game is
 * over. Returns 0, or -1 when no round is in progress or a turn is open ("round-order"). */
int engine_end_round(struct game_state *s, struct history *h, struct refusal *why);
/* The value a production record's gain counts (its ref, see rules/history.h): the asset that
 * produces (farms), the farms for the mill's perk, the location's influence for its bonus.
 * Returns 0 with *what and *index set, or -1 for a gain that counts nothing (a fixed perk). */
int engine_production_source(const struct gamedata *gd, int ref, enum hist_what *what, int *index);

/* ---- Queries ------------------------------------------------------------------------------ */

/* The seat that plays first in `round` (1..GD_ROUNDS) of a game of nplayers: seat 0 in round 1,
 * then each round's last player starts the next one (A37). */
int engine_round_first_seat(int nplayers, int round);

/* population + each effective-population perk asset's units * its param (monks count 2).
 * Inline: the bots' evaluation and the requirement checks ask it for every candidate move. */
static inline int engine_effective_population(const struct game_state *s, int player)
{
    const struct player_state *ps = &s->p[player];
    int pop = ps->asset[A_POPULATION];
    for (unsigned m = s->gd->perk_assets[PERK_EFFECTIVE_POPULATION]; m; m &= m - 1) {
        int a = __builtin_ctz(m);
        pop += ps->asset[a] * s->gd->assets[a].perk.params[0];
    }
    return pop;
}
/* The current MAX of an asset for a player (a MAX equal to population uses the effective one). */
int engine_asset_max(const struct game_state *s, int player, int asset);
/* 1 if the player owns item i (the perk letter chosen is s->p[player].perk[i]), else 0. */
static inline int engine_owns(const struct game_state *s, int player, int item)
{
    return item >= 0 && item < s->gd->nitems && (s->p[player].owned >> item & 1u);
}
/* 0 when the die of spend m (an increase of an asset or a purchase of an item of gd, m->die
 * its value) can never pay for it: restriction 3, a special asset or item takes a die showing
 * its exact value only; engine_check refuses such a move on every state. 1 otherwise (then
 * only engine_check tells). Inline: the random bot asks it before each proposal. */
static inline int engine_spend_die_fits(const struct gamedata *gd, const struct move *m)
{
    int exact = m->kind == MOVE_ASSET ? gd->assets[m->target].die.value
              : m->kind == MOVE_ACQUIRE ? gd->items[m->target].die.value : 0;
    return !exact || m->die == exact;
}
/* King-war POW without bonus dice: POW of assets and of people (no infrastructure POW). */
int engine_pow_base(const struct game_state *s, int player);
/* POW with everything except bonus dice (infrastructures and castle perk): the report's `pow`,
 * the outlaws' attack test (plus its rolls) and the tie-break. */
int engine_pow_full(const struct game_state *s, int player);

struct score_breakdown {
    int total;
    int assets;             /* VP per unit of every asset */
    int reputation;         /* reputation_vp per reputation_per reputation */
    int people;             /* prominent people, special ones included */
    int infrastructures;    /* infrastructures, special ones included */
    int castle;             /* VP-per-stone-house perk */
};
/* Scores a player on the current state; out may be NULL. Returns the total. */
int engine_score(const struct game_state *s, int player, struct score_breakdown *out);

/* ---- Bounds for a search of the last round (rules/engine_bound.c) ----------------------- */

/* What the bounds read of the game data, computed once (engine_bounds_init). */
struct engine_bounds {
    int most;                   /* the most units one die adds to an asset */
    int discount;               /* the most supply a discount takes off an infrastructure */
    int top[ASSET_COUNT];       /* the largest MAX each asset can ever have */
    uint32_t perk_items;        /* the items with a VP-per-unit perk */
    uint32_t alter_items;       /* the items with a perk that changes a die's value */
    uint32_t split_items;       /* the items with a perk that splits a die */
    int market_vp;              /* the VP of a unit the market converts into, at most */
    int production;             /* the VP the production can add, at most */
    int war;                    /* the reputation the king war can add, at most */
};
/* Fills b from gd. */
void engine_bounds_init(const struct gamedata *gd, struct engine_bounds *b);
/* The spends the open turn may still make: its unspent dice, plus the reserve die when none
 * was spent yet (0 when no turn is open). */
int engine_turn_spends_left(const struct game_state *s);
#define ENGINE_MOST_SPENDS 8
/* The VP each of at most `spends` more spends of the open turn (player's) can add, at most,
 * largest first, into gains (room for ENGINE_MOST_SPENDS); returns how many (the others add
 * nothing). From a state one move on, the first n of these still bound the next n spends.
 * *pow_gain (when not NULL): the most VP one of those spends can add while raising his base
 * POW, -1 when none can raise it. */
int engine_spend_gains(const struct engine_bounds *b, const struct game_state *s, int player, int spends,
                       int gains[], int *pow_gain);
/* The VP the end of player's open turn (the market) and of the round (the production) can add
 * to his score, at most; the king war's apart (engine_war_gain). */
int engine_end_gain(const struct engine_bounds *b, const struct game_state *s, int player);
/* The VP the king war's reputation can add to player's score, at most: 0 when he has no spend
 * left this round and base POW 0 (he must avoid; nothing before the war raises it). */
int engine_war_gain(const struct engine_bounds *b, const struct game_state *s, int player);
/* What `spends` spends and the war can add at most, from the sum of the spends' gains (`last`
 * the least of them counted, 0 when fewer gains than spends), the war's gain, the player's base
 * POW now and the pow_gain of engine_spend_gains: at base POW 0 the war gains only after a
 * spend that raises POW, in the place of one of the others. */
int engine_war_ceiling(int sum, int last, int war, int pow_base, int spends, int pow_gain);
/* A score `player` cannot exceed at the end of the current round when the open turn (his)
 * makes at most `spends` more spends (items reachable in that many, assets up to their
 * largest MAX), then ends, and the king war and the production run. */
int engine_score_ceiling(const struct engine_bounds *b, const struct game_state *s, int player, int spends);
/* A score `player`, with no spend left this round, cannot fall below at the round's end:
 * his score less what the king war's halving can take. */
int engine_score_floor(const struct game_state *s, int player);
/* 0 when the solo objective can no longer be achieved at the game's end if the open turn
 * makes at most `spends` more spends; 1 when it still may (also 0 with no objective). */
int engine_objective_open(const struct engine_bounds *b, const struct game_state *s, int spends);
/* The same when the player's score is known not to exceed `ceiling` at the game's end (a bound
 * found by other means; INT_MAX: engine_score_ceiling's is asked). */
int engine_objective_open_below(const struct engine_bounds *b, const struct game_state *s, int spends, int ceiling);
/* Solo objective: 1 achieved, 0 not (evaluated on the current state), -1 not solo or arcade. */
int engine_objective_achieved(const struct game_state *s);
/* The winners once the game is over (0 before): highest score, then higher full POW, still
 * tied all share; solo: the player if the objective is achieved; arcade: none. Writes at most
 * XII_MAX_PLAYERS seats into winners[] and returns their number. */
int engine_winners(const struct game_state *s, int winners[XII_MAX_PLAYERS]);
/* Lists the legal moves of the current turn whose die shows `die` (0: any value, reserve dice
 * included), writing at most cap into out. Market conversions are not listed (they are decided
 * after feeding); a court re-roll is listed once per possible result. Returns the number of
 * legal moves (may exceed cap, like snprintf). */
size_t engine_legal_moves(const struct game_state *s, int die, struct move *out, size_t cap);

/* What engine_apply may change during a turn: the turn, the turn player's sheet and the
 * shared dice. Saved before trying moves of the current turn, restored to take them back. */
struct engine_undo {
    int player;                     /* s->turn.player when saved */
    struct turn_state turn;
    struct player_state sheet;
    int shared[XII_SHARED_DICE];
};
/* Saves what engine_apply may change (any phase; outside a turn only the turn and shared dice). */
void engine_undo_save(const struct game_state *s, struct engine_undo *u);
/* Puts back what engine_undo_save saved: every engine_apply of the same turn since is undone
 * (engine_end_turn, which changes more, is not). */
void engine_undo_restore(struct game_state *s, const struct engine_undo *u);
/* Whether `player` may support this round's king war (base POW above 0), else must avoid. */
int engine_war_can_support(const struct game_state *s, int player);
/* Whether a supporter giving nrolls bonus rolls is right in a king war with `supporters`
 * supporters: exactly engine_bonus_rolls_due rolls, or none from a sole supporter (he gains
 * the same whatever his POW, so his rolls change nothing). */
int engine_war_rolls_ok(const struct game_state *s, int player, int supporters, int nrolls);

#endif
