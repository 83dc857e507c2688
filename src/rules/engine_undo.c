/* Trying a move and taking it back: engine_apply writes only the current turn, the turn
 * player's sheet and the shared dice (an ability on a shared die), so saving those three is
 * enough to undo any number of moves of the same turn, far cheaper than copying the state. */
#include <string.h>
#include "rules/engine_internal.h"

void engine_undo_save(const struct game_state *s, struct engine_undo *u)
{
    u->player = s->turn.player;
    memcpy(&u->turn, &s->turn, sizeof u->turn);
    memcpy(u->shared, s->shared, sizeof u->shared);
    if (u->player >= 0)
        memcpy(&u->sheet, &s->p[u->player], sizeof u->sheet);
}

void engine_undo_restore(struct game_state *s, const struct engine_undo *u)
{
    memcpy(&s->turn, &u->turn, sizeof s->turn);
    memcpy(s->shared, u->shared, sizeof s->shared);
    if (u->player >= 0)
        memcpy(&s->p[u->player], &u->sheet, sizeof s->p[u->player]);
}
