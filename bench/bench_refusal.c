/* Benchmark of a refused candidate move: what a bot or the advisor pays for each move the rules
 * engine turns down. A 5-player game is played with random legal moves (seeded); at the start
 * of each of its turns every candidate move (each kind, die value, target, reserve or not) is
 * checked, and the refused ones are kept with their state. Then engine_check runs on all of
 * them again and again, with a refusal to fill (why) and without (NULL), and the processor time
 * per refused candidate is printed, best of RUNS. For instruction counts:
 *   valgrind --tool=callgrind --toggle-collect=engine_check out/bench/bench_refusal 1
 * counts engine_check alone (the collection of the candidates included: run it with one mode
 * and subtract `bench_refusal 1 none`).
 *
 * usage: bench_refusal [RUNS [why|null|none]]   (default: 5 runs, both modes) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "rules/engine.h"

#define MAX_STATES 60
#define MAX_CANDIDATES 200000

struct candidate {
    int state;
    struct move m;
};

static struct game_state states[MAX_STATES];
static struct candidate cands[MAX_CANDIDATES];
static int nstates, ncands;
static uint64_t rng = 0x5eedu;

static int roll(int n)
{
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return (int)((rng >> 33) % (uint64_t)n);
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void keep_if_refused(const struct game_state *s, const struct move *m)
{
    if (ncands < MAX_CANDIDATES && engine_check(s, m, NULL) != 0)
        cands[ncands++] = (struct candidate){nstates, *m};
}

/* Every candidate of the turn that starts in s. */
static void candidates(const struct game_state *s)
{
    const struct gamedata *gd = s->gd;
    for (int die = 1; die <= 6; die++)
        for (int reserve = 0; reserve <= 1; reserve++) {
            struct move m = {0};
            m.die = die;
            m.from_reserve = reserve;
            m.kind = MOVE_ASSET;
            for (m.target = 0; m.target < ASSET_COUNT; m.target++)
                keep_if_refused(s, &m);
            m.kind = MOVE_ACQUIRE;
            for (m.target = 0; m.target < gd->nitems; m.target++) {
                m.perk = gamedata_is_special(&gd->items[m.target]) ? 'a' : 0;
                keep_if_refused(s, &m);
            }
            m.perk = 0;
            m.kind = MOVE_INFLUENCE;
            for (m.target = 0; m.target < LOCATION_COUNT; m.target++)
                keep_if_refused(s, &m);
            m.kind = MOVE_STORE;
            m.target = 0;
            keep_if_refused(s, &m);
            for (int kind = MOVE_SHERIFF; kind <= MOVE_COURT_REROLL && !reserve; kind++)
                for (m.to = 1; m.to <= 6; m.to++) {
                    m.kind = (enum move_kind)kind;
                    keep_if_refused(s, &m);
                }
            m.to = 0;
        }
}

/* Plays a game with random legal moves, collecting refused candidates at each turn's start. */
static int play(const struct gamedata *gd)
{
    static const char *const names[] = {"Jack", "Tom", "Martha", "Mary", "Ann"};
    struct game_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nplayers = 5;
    for (int p = 0; p < 5; p++)
        snprintf(cfg.names[p], sizeof cfg.names[p], "%s", names[p]);
    cfg.difficulty = gd->default_difficulty;
    for (int r = 0; r <= GD_ROUNDS; r++)
        cfg.events[r] = -1;
    cfg.objective = -1;
    struct game_state s;
    if (engine_new_game(&s, gd, &cfg, NULL, NULL) != 0)
        return -1;
    static struct move legal[4096];
    for (int round = 1; round <= GD_ROUNDS && nstates < MAX_STATES; round++) {
        int d1 = 1 + roll(6), d2 = 1 + roll(5);
        if (d2 >= d1)
            d2++;
        if (engine_begin_round(&s, round, NULL, NULL) != 0 || engine_set_shared(&s, d1, d2, NULL) != 0)
            return -1;
        for (int t = 0; t < 5 && nstates < MAX_STATES; t++) {
            if (engine_begin_turn(&s, engine_next_player(&s), 1 + roll(6), 1 + roll(6), NULL) != 0)
                return -1;
            candidates(&s);
            states[nstates++] = s;
            for (;;) {
                size_t n = engine_legal_moves(&s, 0, legal, sizeof legal / sizeof legal[0]);
                if (n == 0)
                    break;
                if (n > sizeof legal / sizeof legal[0])
                    n = sizeof legal / sizeof legal[0];
                if (engine_apply(&s, &legal[roll((int)n)], NULL, NULL) != 0)
                    return -1;
            }
            engine_end_turn(&s, NULL, NULL, NULL);
        }
        engine_end_round(&s, NULL, NULL);
    }
    return 0;
}

/* Checks every refused candidate once; returns how many were refused (all of them). */
static int check_all(int with_why)
{
    struct refusal why;
    int refused = 0;
    for (int k = 0; k < ncands; k++)
        refused += engine_check(&states[cands[k].state], &cands[k].m, with_why ? &why : NULL) != 0;
    return refused;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    if (runs < 1)
        runs = 1;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0 || play(&gd) != 0) {
        fprintf(stderr, "bench_refusal: cannot set the game up\n");
        return 1;
    }
    diag_list_free(&dl);
    int reps = 2000000 / (ncands ? ncands : 1) + 1;
    const char *mode = argc > 2 ? argv[2] : "";
    for (int with_why = 0; with_why <= 1; with_why++) {
        if (*mode && strcmp(mode, with_why ? "why" : "null") != 0)
            continue;
        double best = 1e9;
        for (int r = 0; r < runs; r++) {
            double t0 = cpu_seconds();
            int refused = 0;
            for (int k = 0; k < reps; k++)
                refused += check_all(with_why);
            double t = cpu_seconds() - t0;
            if (refused != ncands * reps) {
                fprintf(stderr, "bench_refusal: a candidate was accepted\n");
                return 1;
            }
            if (t < best)
                best = t;
        }
        printf("refused candidate, engine_check(%s): %.1f ns (%d candidates from %d turn starts, "
               "best of %d)\n", with_why ? "why" : "NULL", best * 1e9 / ((double)ncands * reps),
               ncands, nstates, runs);
    }
    gamedata_free(&gd);
    return 0;
}
