/* Trying a move and taking it back: engine_apply writes only the current turn, the turn
 * player's sheet and the shared dice (an ability on a shared die), so saving those three is
 * enough to undo any number of moves of the same turn, far cheaper than copying the state. */
#include <string.h>
#include "rules/engine_internal.h"

/* A sheet copied in two halves: GCC 12 inlines a memcpy of a constant size up to 256 bytes as
 * vector moves, but one of the sheet's 292 bytes as `rep movs`, slow to start (a loop of 8-byte
 * words measured 5 % faster for greedy bots, bench/NOTES.md; these moves take fewer
 * instructions still). The turn (144 bytes) is one memcpy. */
static void copy_sheet(struct player_state *dst, const struct player_state *src)
{
    enum { HALF = sizeof *dst / 2 };
    memcpy(dst, src, HALF);
    memcpy((char *)dst + HALF, (const char *)src + HALF, sizeof *dst - HALF);
}

void engine_undo_save(const struct game_state *s, struct engine_undo *u)
{
    u->player = s->turn.player;
    memcpy(&u->turn, &s->turn, sizeof u->turn);
    memcpy(u->shared, s->shared, sizeof u->shared);
    if (u->player >= 0)
        copy_sheet(&u->sheet, &s->p[u->player]);
}

void engine_undo_restore(struct game_state *s, const struct engine_undo *u)
{
    memcpy(&s->turn, &u->turn, sizeof s->turn);
    memcpy(s->shared, u->shared, sizeof s->shared);
    if (u->player >= 0)
        copy_sheet(&s->p[u->player], &u->sheet);
}
