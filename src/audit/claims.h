/* Claims: what a `check` line says a player's sheet shows, compared with the rules' state.
 *
 * A check item names a value (an asset, a location's influence, reputation, pow, score), a set
 * (people, infrastructures: compared as sets) or the reserve (the values of the unspent
 * reserve dice: compared as a multiset). A difference is a mismatch, not an error. */
#ifndef LOG_CLAIMS_H
#define LOG_CLAIMS_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"
#include "log/ast.h"
#include "log/ids.h"
#include "rules/mismatch.h"
#include "rules/state.h"

/* Resolves one check item against the game data (ids looked up in its index).
 * Returns 0, or -1 with the message in err
 * (an unknown id names the closest known one) and the offending word's span in *at; -2 the
 * same way for an id typed as several words ("master builder": the hyphenated one to write). */
int log_claims_resolve(const struct gamedata *gd, const struct log_check_item *it, struct claim *out, struct strbuf *err, struct log_span *at);

/* Compares a resolved claim with player's values in s. Returns 1 and fills *m (line, round and
 * player set by the caller; free it with mismatch_free) when they differ, else 0. */
int log_claims_compare(const struct game_state *s, int player, const struct log_check_item *it,
                       const struct claim *c, struct mismatch *m);

/* Appends "Jack's sheet says food 12, the rules give 9"; for a set or the reserve, also what
 * the sheet lacks and what it has too many of: "... (missing on the sheet: blacksmith; on the
 * sheet but not in the rules: prior)". */
void log_claims_message(const struct gamedata *gd, const struct mismatch *m,
                        const char *player_name, struct strbuf *out);

#endif
