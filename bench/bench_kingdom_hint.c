/* Benchmark and check of the kingdom hint (advisor/grace.h at its default budget, grace_budget):
 * its time at the building steps of seeded greedy games, and whether its 95 % intervals hold
 * the truth. Positions: the first building step of a year in a greedy game (the shared greedy
 * player, game k from play_seed_derive(seed, k)).
 *
 * usage: bench_kingdom_hint speed [GAMES]
 *          the greedy player's game (processor ms), then the default hint at the building step
 *          of years 1, 3, 10 and 19 of GAMES games (default 3): processor and wall seconds.
 *        bench_kingdom_hint cover [POSITIONS [REFERENCE [YEAR [LIMIT]]]]
 *          POSITIONS (default 24) building steps of year YEAR (default 11) with the year limit at
 *          LIMIT (default 12): the default hint, then each decision it shows rolled out
 *          REFERENCE times (default 1000) with dice of their own (the truth, up to its own
 *          noise); counts how often the win's and the return's intervals hold it, and the
 *          interval of each one's return behind the first shown the difference of their
 *          references (the same dice: paired), with Student's paired interval beside it. Fails
 *          when one of the three holds it less than 90 % of the time.
 *        bench_kingdom_hint exact [GAMES [LIMIT [NODES [PER]]]]
 *          the exact solve (advisor/gexact.h, bound NODES, default GRACE_EXACT_NODES) at up to
 *          PER (default 6) decisions of each number of years left in GAMES (default 8) greedy
 *          games with the year limit at LIMIT (default 12): by the years left, how many it
 *          solved (the most positions it went through) and the processor seconds of each
 *          give-up; and of a solve with more than GRACE_EXACT_HORIZON years left, its
 *          decisions and positions (grace only looks that far from the end). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "advisor/grace.h"
#include "bots/estimate.h"
#include "bots/gplayer.h"
#include "bots/rng.h"
#include "kingdom/data.h"
#include "kingdom/game.h"
#include "kingdom/kingdom.h"

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Plays greedy game seed from the start until the first building step of year `year`: 0, or
 * -1 when the game ended before. */
static int position(const struct kdata *d, uint64_t seed, int year, struct kstate *s)
{
    const struct game *g = &kingdom_game;
    kingdom_init(s, d);
    struct gscratch sc;
    gscratch_init(&sc, g);
    struct play_rng dice, choice;
    play_rng_init(&dice, play_seed_derive(seed, 0));
    play_rng_init(&choice, play_seed_derive(seed, 1));
    struct kdecision dec;
    int rc = -1;
    while (g->current(s) != GAME_OVER) {
        if (s->year == year && kingdom_awaited(s).kind == KA_BUILD) {
            rc = 0;
            break;
        }
        if (s->year > year || gplayer_choose(GPLAYER_GREEDY, &sc, s, &dice, &choice, &dec) != 0 ||
            g->apply(s, &dec, NULL) != 0)
            break;
    }
    gscratch_free(&sc);
    return rc;
}

/* The default hint at s (2 threads, seed 1) into gr; 0 or -1. */
static int hint(const struct kstate *s, struct grace *gr)
{
    struct grace_options o;
    memset(&o, 0, sizeof o);
    o.goal = RANK_GOAL_WIN;
    o.player = GPLAYER_GREEDY;
    o.seed = 1;
    o.threads = 2;
    o.shown = 3;
    grace_budget(&kingdom_game, s, &o);
    struct strbuf err = STRBUF_INIT;
    int rc = grace_rank(&kingdom_game, s, &o, gr, &err);
    if (rc != 0)
        fprintf(stderr, "bench_kingdom_hint: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return rc;
}

static int speed(const struct kdata *d, int games)
{
    const struct game *g = &kingdom_game;
    struct gscratch sc;
    gscratch_init(&sc, g);
    double t0 = cpu();
    long years = 0;
    for (int k = 0; k < 20; k++) {
        struct kstate s;
        kingdom_init(&s, d);
        struct play_rng dice, choice;
        play_rng_init(&dice, play_seed_derive(99, (uint64_t)k));
        play_rng_init(&choice, play_seed_derive(99, (uint64_t)k + 1000));
        struct kdecision dec;
        while (g->current(&s) != GAME_OVER)
            if (gplayer_choose(GPLAYER_GREEDY, &sc, &s, &dice, &choice, &dec) != 0 || g->apply(&s, &dec, NULL) != 0)
                return 1;
        years += s.year;
    }
    double t = cpu() - t0;
    gscratch_free(&sc);
    printf("greedy game: %.1f ms of processor time (%.2f ms a year), 20 games\n", t * 1000 / 20, t * 1000 / (double)years);
    static const int at[] = {1, 3, 10, 19};
    for (size_t y = 0; y < sizeof at / sizeof at[0]; y++) {
        double c = 0, w = 0, wmax = 0;
        size_t rollouts = 0;
        int n = 0;
        for (uint64_t seed = 1; n < games && seed < 100; seed++) {
            struct kstate s;
            if (position(d, seed, at[y], &s) != 0)
                continue;
            struct grace gr;
            double c0 = cpu(), w0 = wall();
            if (hint(&s, &gr) != 0)
                return 1;
            double dw = wall() - w0;
            c += cpu() - c0;
            w += dw;
            wmax = dw > wmax ? dw : wmax;
            rollouts += gr.summary.rollouts;
            grace_free(&gr);
            n++;
        }
        printf("hint at year %2d: %.2f s processor, %.2f s wall (most %.2f), %zu rollouts (means of %d positions, 2 threads)\n",
               at[y], c / n, w / n, wmax, rollouts / (size_t)n, n);
    }
    return 0;
}

static int cover(struct kdata *d, int positions, int reference, int year, int limit)
{
    const struct game *g = &kingdom_game;
    d->year_limit = limit;
    int shown = 0, win_held = 0, ret_held = 0, n = 0, behind = 0, behind_held = 0, student_held = 0;
    double width_w = 0, width_r = 0, width_b = 0, width_s = 0, first = 0;
    for (uint64_t seed = 1; n < positions && seed < 10000; seed++) {
        struct kstate s;
        if (position(d, seed, year, &s) != 0)
            continue;
        struct grace gr;
        if (hint(&s, &gr) != 0)
            return 1;
        n++;
        if (gr.exact) {
            grace_free(&gr);
            continue;
        }
        for (size_t k = 0; k < gr.fresh && k < 3; k++) {
            const struct grace_ranked *r = &gr.ranked[k];
            struct kstate after = s;
            if (g->apply(&after, (const char *)gr.decisions + r->index * g->decision_size, NULL) != 0)
                return 1;
            double wins = 0, ret = 0;
            for (int i = 0; i < reference; i++) {
                struct rank_outcome o;
                struct strbuf err = STRBUF_INIT;
                if (grace_play_out(g, &after, GPLAYER_GREEDY, 0, play_seed_derive(0x7e57, (uint64_t)i), &o, &err) != 0) {
                    fprintf(stderr, "bench_kingdom_hint: %s\n", strbuf_cstr(&err));
                    return 1;
                }
                strbuf_free(&err);
                wins += o.winners & 1u;
                ret += o.score[0];
            }
            wins /= reference;
            ret /= reference;
            shown++;
            if (k == 0)
                first = ret;
            /* Behind the first: its truth the difference of the two references (the same dice,
             * so paired); the interval shown, and Student's paired one it was before. */
            const struct estimate *b = &r->r.vs_best;
            if (k > 0 && b->n >= 2) {
                double diff = ret - first, h = estimate_t95(b->n - 1) * b->se;
                behind++;
                behind_held += b->low <= diff && diff <= b->high;
                student_held += b->mean - h <= diff && diff <= b->mean + h;
                width_b += b->high - b->low;
                width_s += 2 * h;
            }
            int w = r->r.win.low <= wins && wins <= r->r.win.high, t = r->r.score.low <= ret && ret <= r->r.score.high;
            if (!w || !t)
                printf("  missed at position %d, shown %zu: win %.3f (%.3f to %.3f, %zu rollouts) truth %.3f; return %.2f "
                       "(%.2f to %.2f) truth %.2f\n", n, k + 1, r->r.win.mean, r->r.win.low, r->r.win.high,
                       r->r.win.n, wins, r->r.score.mean, r->r.score.low, r->r.score.high, ret);
            win_held += w;
            ret_held += t;
            width_w += r->r.win.high - r->r.win.low;
            width_r += r->r.score.high - r->r.score.low;
        }
        grace_free(&gr);
    }
    printf("%d positions of year %d (limit %d), %d decisions shown, truth %d rollouts each:\n", n, year, limit, shown,
           reference);
    printf("  win interval held %d of %d (mean width %.1f points)\n", win_held, shown,
           shown ? 100 * width_w / shown : 0);
    printf("  return interval held %d of %d (mean width %.2f)\n", ret_held, shown, shown ? width_r / shown : 0);
    printf("  behind the first held %d of %d (mean width %.2f); Student's paired interval alone %d (mean width %.2f)\n",
           behind_held, behind, behind ? width_b / behind : 0, student_held, behind ? width_s / behind : 0);
    return shown == 0 || win_held < 0.9 * shown || ret_held < 0.9 * shown || behind_held < 0.9 * behind;
}

/* The exact solve at decisions along greedy games, by the years left. */
static int exact(struct kdata *d, int games, int limit, size_t nodes, int per)
{
    const struct game *g = &kingdom_game;
    d->year_limit = limit;
    enum { H = 64 };
    int tried[H] = {0}, solved[H] = {0};
    size_t most[H] = {0};
    double gave_up[H] = {0};
    struct gscratch sc;
    gscratch_init(&sc, g);
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        struct kstate s;
        kingdom_init(&s, d);
        struct play_rng dice, choice;
        play_rng_init(&dice, play_seed_derive(seed, 0));
        play_rng_init(&choice, play_seed_derive(seed, 1));
        int here[H] = {0};
        struct kdecision dec;
        while (g->current(&s) != GAME_OVER) {
            int h = g->horizon(&s);
            if (g->current(&s) == 0 && s.year > 0 && h > 0 && h < H && here[h] < per) {
                here[h]++;
                size_t n = g->legal(&s, NULL, NULL, 0), went = 0;
                struct kdecision *list = calloc(n, sizeof *list);
                struct gexact_value *v = calloc(n, sizeof *v);
                g->legal(&s, list, NULL, n);
                struct strbuf err = STRBUF_INIT;
                double c0 = cpu();
                int rc = gexact_decisions(g, &s, 0, RANK_GOAL_WIN, list, n, nodes, v, &went, &err);
                double c = cpu() - c0;
                tried[h]++;
                if (rc == 0) {
                    solved[h]++;
                    most[h] = went > most[h] ? went : most[h];
                    if (h > GRACE_EXACT_HORIZON)
                        printf("  solved with %d years left (year %d, seed %llu): %zu decisions, %zu positions\n", h,
                               s.year, (unsigned long long)seed, n, went);
                } else {
                    gave_up[h] += c;
                }
                free(list);
                free(v);
                strbuf_free(&err);
            }
            if (gplayer_choose(GPLAYER_GREEDY, &sc, &s, &dice, &choice, &dec) != 0 || g->apply(&s, &dec, NULL) != 0)
                return 1;
        }
    }
    gscratch_free(&sc);
    printf("the exact solve (bound %zu positions), %d greedy games, year limit %d:\n", nodes, games, limit);
    for (int h = 1; h < H; h++)
        if (tried[h])
            printf("  %2d years left: %3d decisions, %3d solved (most %zu positions), a give-up %.3f s processor\n", h,
                   tried[h], solved[h], most[h], tried[h] > solved[h] ? gave_up[h] / (tried[h] - solved[h]) : 0.0);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "speed") != 0 && strcmp(argv[1], "cover") != 0 && strcmp(argv[1], "exact") != 0)) {
        fprintf(stderr, "usage: bench_kingdom_hint speed [GAMES] | cover [POSITIONS [REFERENCE [YEAR [LIMIT]]]] | "
                        "exact [GAMES [LIMIT [NODES [PER]]]]\n");
        return 2;
    }
    struct kdata d;
    struct diag_list dl = DIAG_LIST_INIT;
    if (kdata_load_default(&d, &dl) != 0) {
        fprintf(stderr, "bench_kingdom_hint: the built-in data does not load\n");
        return 1;
    }
    diag_list_free(&dl);
    int rc;
    if (strcmp(argv[1], "speed") == 0)
        rc = speed(&d, argc > 2 ? atoi(argv[2]) : 3);
    else if (strcmp(argv[1], "exact") == 0)
        rc = exact(&d, argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atoi(argv[3]) : 12,
                   argc > 4 ? (size_t)atol(argv[4]) : GRACE_EXACT_NODES, argc > 5 ? atoi(argv[5]) : 6);
    else
        rc = cover(&d, argc > 2 ? atoi(argv[2]) : 24, argc > 3 ? atoi(argv[3]) : 1000, argc > 4 ? atoi(argv[4]) : 11,
                   argc > 5 ? atoi(argv[5]) : 12);
    kdata_free(&d);
    return rc;
}
