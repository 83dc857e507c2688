/* Trying a move and taking it back: engine_apply writes only the current turn, the turn
 * player's sheet and the shared dice (an ability on a shared die), so saving those three is
 * enough to undo any number of moves of the same turn, far cheaper than copying the state. */
#include <string.h>
#include "rules/engine_internal.h"

/* memcpy for the sheet and the turn, a few hundred bytes saved and copied back for every move a
 * bot tries and every spend a replay checks for waste: a loop of 16-byte words (two 8-byte moves or one vector move each; GCC 12 at -O2 keeps a loop of
 * 8-byte words scalar, and an inlined memcpy of this size becomes `rep movs`, slow to start: the
 * loop measured 5 % faster for greedy, bench/NOTES.md). */
static void copy(void *dst, const void *src, size_t n)
{
    typedef uint64_t word __attribute__((vector_size(16)));
    word w;
    size_t i = 0;
    for (; i + sizeof w <= n; i += sizeof w) {
        memcpy(&w, (const char *)src + i, sizeof w);
        memcpy((char *)dst + i, &w, sizeof w);
    }
    memcpy((char *)dst + i, (const char *)src + i, n - i);
}

void engine_undo_save(const struct game_state *s, struct engine_undo *u)
{
    u->player = s->turn.player;
    copy(&u->turn, &s->turn, sizeof u->turn);
    memcpy(u->shared, s->shared, sizeof u->shared);
    if (u->player >= 0)
        copy(&u->sheet, &s->p[u->player], sizeof u->sheet);
}

void engine_undo_restore(struct game_state *s, const struct engine_undo *u)
{
    copy(&s->turn, &u->turn, sizeof s->turn);
    memcpy(s->shared, u->shared, sizeof s->shared);
    if (u->player >= 0)
        copy(&s->p[u->player], &u->sheet, sizeof s->p[u->player]);
}
