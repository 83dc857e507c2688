/* The best plans of a turn by beam search (play_plans_best). */
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/plan.h"

#define MAX_WIDTH 64
#define CAP 512

struct node {
    struct game_state s;
    struct play_plan plan;
    double value;
    uint64_t key;
};

static uint64_t sheet_key(const struct game_state *s)
{
    const unsigned char *b = (const unsigned char *)&s->p[s->turn.player];
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof s->p[0]; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    const unsigned char *d = (const unsigned char *)&s->turn;
    for (size_t i = 0; i < sizeof s->turn; i++)
        h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

/* Inserts (value, key) into a best-first list of at most width entries, distinct keys.
 * Returns the index to fill, or -1 when it does not make the list. */
static int place(struct node **list, int *n, int width, double value, uint64_t key, struct node *spare)
{
    for (int i = 0; i < *n; i++)
        if (list[i]->key == key)
            return -1;
    if (*n == width && value <= list[*n - 1]->value)
        return -1;
    struct node *slot = *n == width ? list[*n - 1] : spare;
    int i = *n == width ? *n - 1 : (*n)++;
    while (i > 0 && list[i - 1]->value < value) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = slot;
    return i;
}

int play_plans_best(const struct game_state *s, int width, struct play_plan_value *out)
{
    if (s->turn.player < 0)
        return 0;
    if (width < 1)
        width = 1;
    if (width > MAX_WIDTH)
        width = MAX_WIDTH;
    int p = s->turn.player;
    /* Two beams (this step, next step) and the complete plans, each width nodes. */
    struct node *pool = xmalloc((size_t)(3 * width + 3) * sizeof *pool);
    struct node *cur[MAX_WIDTH + 1], *next[MAX_WIDTH + 1], *done[MAX_WIDTH + 1];
    struct node *free_next[MAX_WIDTH + 1], *free_done[MAX_WIDTH + 1];
    int ncur = 1, nnext, ndone = 0, nfree_done = width + 1;
    for (int i = 0; i <= width; i++)
        free_done[i] = &pool[width + 1 + i];
    cur[0] = &pool[2 * width + 2];
    cur[0]->s = *s;
    cur[0]->plan.nmoves = 0;
    struct node *beam_a = pool;     /* width + 1 nodes for the next beam */
    struct move *moves = xmalloc(CAP * sizeof *moves);
    struct node *cur_store = xmalloc((size_t)(width + 1) * sizeof *cur_store);
    while (ncur > 0) {
        nnext = 0;
        for (int i = 0; i <= width; i++)
            free_next[i] = &beam_a[i];
        int nfree_next = width + 1;
        for (int c = 0; c < ncur; c++) {
            struct node *at = cur[c];
            int left = play_turn_dice_left(&at->s);
            if (at->plan.nmoves >= PLAY_PLAN_MAX_MOVES - 1)
                continue;
            size_t n = engine_legal_moves(&at->s, 0, moves, CAP);
            if (n > CAP)
                n = CAP;
            struct engine_undo u;
            engine_undo_save(&at->s, &u);
            for (size_t k = 0; k < n; k++) {
                if (left == 0 && !moves[k].from_reserve)
                    continue;
                engine_apply_listed(&at->s, &moves[k]);
                double v = play_eval(&at->s, p);
                uint64_t key = sheet_key(&at->s);
                struct node *spare = nfree_next ? free_next[nfree_next - 1] : NULL;
                int i = spare || nnext == width ? place(next, &nnext, width, v, key, spare) : -1;
                if (i >= 0) {
                    if (next[i] == spare)
                        nfree_next--;
                    next[i]->s = at->s;
                    next[i]->plan = at->plan;
                    play_plan_push(&next[i]->plan, &moves[k]);
                    next[i]->value = v;
                    next[i]->key = key;
                }
                engine_undo_restore(&at->s, &u);
            }
        }
        /* Complete plans join the ranking after the turn's end; all go on growing. */
        for (int i = 0; i < nnext; i++) {
            struct node *x = next[i];
            if (play_turn_dice_left(&x->s) > 0)
                continue;
            struct play_plan full = x->plan;
            play_greedy_market(&x->s, &full);
            struct game_state e = x->s;
            for (int m = x->plan.nmoves; m < full.nmoves; m++)
                engine_apply(&e, &full.move[m], NULL, NULL);
            engine_end_turn(&e, NULL, NULL, NULL);
            double v = play_eval(&e, p);
            struct node *spare = nfree_done ? free_done[nfree_done - 1] : NULL;
            int j = spare || ndone == width ? place(done, &ndone, width, v, x->key, spare) : -1;
            if (j >= 0) {
                if (done[j] == spare)
                    nfree_done--;
                done[j]->plan = full;
                done[j]->value = v;
                done[j]->key = x->key;
            }
        }
        /* The next beam becomes the current one (copied: the next step reuses beam_a). */
        for (int i = 0; i < nnext; i++) {
            cur_store[i] = *next[i];
            cur[i] = &cur_store[i];
        }
        ncur = nnext;
    }
    for (int i = 0; i < ndone; i++) {
        out[i].plan = done[i]->plan;
        out[i].value = done[i]->value;
    }
    free(cur_store);
    free(moves);
    free(pool);
    return ndone;
}
