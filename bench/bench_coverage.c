/* Whether the advisor's 95 % intervals hold 95 % of the time, the way GNU Backgammon's rollouts
 * are judged: on fixed positions (the first turn of a round of greedy-bot games, POSITIONS: solo
 * games with their objective and games of 2 to 4 players, rounds 3 to 8), the hint is run as
 * `xii hint` runs it (the top 3 shown, their figures from fresh rollouts) with seeds 1..SEEDS;
 * every distinct plan shown under any seed is then rolled out REFERENCE times (2,048 unless
 * told) with a seed of its own and no early stop, the reference (once per plan: it does not
 * depend on the hint's seed). Prints how often the expected-score intervals, the win
 * (multiplayer) or objective (solo) intervals and the "behind the best" intervals hold the
 * reference, each count with the Wilson interval of the coverage itself and, since the
 * judgements of one position share its plans and their references, an interval robust to that:
 * the positions resampled with replacement (a cluster bootstrap); and how many "separated"
 * verdicts named a plan that the reference ranks below another plan shown.
 *
 * usage: bench_coverage [POSITIONS [SEEDS [REFERENCE]]] [race] [misses]   (defaults 6 positions,
 * 20 seeds, 2,048 rollouts; minutes. "race": the figures of the race itself, without the fresh
 * rollouts; "misses": a line for every interval that missed its reference) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "advisor/advice.h"
#include "advisor/advice_position.h"
#include "audit/await.h"
#include "log/parse.h"
#include "audit/replay.h"
#include "bots/estimate.h"
#include "bots/game.h"
#include "bots/rng.h"

#define SHOWN 3
#define REFERENCE_DEFAULT 2048
#define REFERENCE_SEED 0x5eed5eedu
#define REFERENCE_THREADS 2
#define MAX_PLANS 256
#define BOOTSTRAP 10000
#define BOOTSTRAP_SEED 0xb00757a9u

/* The positions: a greedy game of `players` (its seed 300 + the position's index; solo: the
 * objective index % the objectives) cut after the first turn line of `round`. */
static const struct {
    int players, round;
} POSITIONS[] = {{1, 5}, {2, 5}, {3, 5}, {4, 8}, {2, 3}, {1, 8}};
#define NPOSITIONS (int)(sizeof POSITIONS / sizeof POSITIONS[0])

/* The figures judged, each counted per position. */
enum figure { SCORE, SCORE_FAIR, CHANCE, CHANCE_FAIR, BEHIND, BEHIND_FAIR, FIGURES };

/* A plan seen in some hint, with its state after the turn and its reference rollouts (rollout i
 * of every plan with the same dice: differences are paired). */
struct seen {
    struct play_plan plan;
    struct game_state after;
    double *score, *goal, *chance;  /* chance: the win share (multiplayer) or the objective */
};

struct ref {
    struct seen *v;
    size_t n;
};

/* One share of the reference rollouts: rollout i of every plan for i = part, part + parts... */
struct ref_part {
    struct ref *r;
    const struct play_bot *bot;
    int player, multi, part, parts, failed;
    enum rank_goal goal;
    size_t size;
};

static void *reference_part(void *arg)
{
    struct ref_part *j = arg;
    for (size_t k = 0; k < j->r->n; k++) {
        struct seen *x = &j->r->v[k];
        for (size_t i = (size_t)j->part; i < j->size; i += (size_t)j->parts) {
            struct rank_outcome o;
            if (advice_play_out(&x->after, j->bot, play_seed_derive(REFERENCE_SEED, i), &o) != 0) {
                j->failed = 1;
                return NULL;
            }
            x->score[i] = o.score[j->player];
            x->goal[i] = rank_goal_value(&o, j->player, j->goal);
            /* The win share: the goal's value without its tie-break. */
            x->chance[i] = j->multi ? rank_goal_value(&o, j->player, RANK_GOAL_WIN) - RANK_TIEBREAK * o.score[j->player]
                                    : o.objective;
        }
    }
    return NULL;
}

/* Plays every plan out `size` times (the dice of rollout i from REFERENCE_SEED and i), on
 * REFERENCE_THREADS threads. */
static int reference(struct ref *r, size_t size, const struct play_bot *bot, int player, enum rank_goal goal,
                     int multi)
{
    for (size_t k = 0; k < r->n; k++) {
        struct seen *x = &r->v[k];
        x->score = malloc(3 * size * sizeof *x->score);
        if (!x->score)
            return -1;
        x->goal = x->score + size;
        x->chance = x->goal + size;
    }
    struct ref_part parts[REFERENCE_THREADS];
    pthread_t th[REFERENCE_THREADS];
    int started[REFERENCE_THREADS] = {0};
    for (int t = 0; t < REFERENCE_THREADS; t++)
        parts[t] = (struct ref_part){r, bot, player, multi, t, REFERENCE_THREADS, 0, goal, size};
    for (int t = 1; t < REFERENCE_THREADS; t++)
        started[t] = pthread_create(&th[t], NULL, reference_part, &parts[t]) == 0;
    reference_part(&parts[0]);
    int failed = 0;
    for (int t = 0; t < REFERENCE_THREADS; t++) {
        if (t > 0 && started[t])
            pthread_join(th[t], NULL);
        else if (t > 0)
            reference_part(&parts[t]);   /* no thread: the share done here */
        failed |= parts[t].failed;
    }
    return failed ? -1 : 0;
}

/* Whether an interval [low, high] around mean holds the reference ref: as printed (raw), and
 * widened by the reference's own noise (the two are independent: each side's distance from the
 * mean and the reference's 95 % half-width add as the root of the sum of the squares, each side
 * on its own since Wilson's intervals are not symmetric). Returns whether the raw one held. */
static int judge(double mean, double low, double high, const struct estimate *ref, size_t *raw, size_t *fair)
{
    double hr = (ref->high - ref->low) / 2, d = ref->mean - mean;
    double side = d < 0 ? mean - low : high - mean;
    int held = low <= ref->mean + 1e-9 && ref->mean <= high + 1e-9;
    *raw += (size_t)held;
    *fair += d * d <= side * side + hr * hr + 1e-12;
    return held;
}

/* The line of an interval that missed its reference (`misses` on the command line). */
static void miss(int misses, int position, int seed, size_t rank, const char *what, double mean, double low,
                 double high, const struct estimate *ref)
{
    if (misses)
        printf("  miss: position %d, seed %d, plan %zu shown, %s %.3f (%.3f to %.3f), reference %.3f (+- %.3f)\n",
               position, seed, rank + 1, what, mean, low, high, ref->mean, (ref->high - ref->low) / 2);
}

static size_t find(struct ref *r, const struct advice_position *pos, const struct play_plan *plan)
{
    struct game_state t = *pos->s;
    if (play_plan_apply(&t, plan, NULL) != 0 || engine_end_turn(&t, NULL, NULL, NULL) != 0)
        return (size_t)-1;
    for (size_t k = 0; k < r->n; k++)
        if (memcmp(&r->v[k].after.p[pos->player], &t.p[pos->player], sizeof t.p[0]) == 0 &&
            memcmp(r->v[k].after.shared, t.shared, sizeof t.shared) == 0)
            return k;
    if (r->n == MAX_PLANS)
        return (size_t)-1;
    r->v[r->n].plan = *plan;
    r->v[r->n].after = t;
    return r->n++;
}

/* The log of position `index` (POSITIONS): a greedy game cut after the first turn line of its
 * round. */
static char *position_log(const struct gamedata *gd, int index)
{
    struct play_bot b;
    play_bot_from_name("greedy", &b);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    int nplayers = POSITIONS[index].players;
    struct play_setup st = {nplayers, gd->default_difficulty, nplayers == 1 ? index % gd->nobjectives : -1,
                            (uint64_t)(300 + index)};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    if (play_game_run(gd, &st, bots, &log, "coverage", &fin) != 0)
        return NULL;
    char *text = strbuf_detach(&log);
    char round[32];
    snprintf(round, sizeof round, "\nround %d\n", POSITIONS[index].round);
    char *cut = strstr(text, round);
    cut = cut ? strstr(cut, "\nturn ") : NULL;
    cut = cut ? strchr(cut + 1, '\n') : NULL;
    if (!cut) {
        free(text);
        return NULL;
    }
    cut[1] = 0;
    return text;
}

struct shown {
    size_t plan[SHOWN];
    double mean[SHOWN], low[SHOWN], high[SHOWN], bmean[SHOWN], blow[SHOWN], bhigh[SHOWN];
    double cmean[SHOWN], clow[SHOWN], chigh[SHOWN];
    size_t n;
    int separated;
};

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A coverage count over npos positions (k[i] of n[i] held on position i): the pooled share
 * with its Wilson interval (the judgements taken as independent), and the 95 % percentile
 * interval of the pooled share when the positions are resampled with replacement (a cluster
 * bootstrap: robust to the dependence inside a position, rough with few positions). */
static void coverage(const char *what, const size_t *k, const size_t *n, int npos, size_t size)
{
    size_t K = 0, N = 0;
    for (int i = 0; i < npos; i++) {
        K += k[i];
        N += n[i];
    }
    struct estimate e = estimate_share(K, N);
    double *v = malloc(BOOTSTRAP * sizeof *v);
    struct play_rng r;
    play_rng_init(&r, BOOTSTRAP_SEED);
    for (size_t b = 0; b < BOOTSTRAP; b++) {
        size_t bk = 0, bn = 0;
        for (int i = 0; i < npos; i++) {
            int at = play_rng_below(&r, npos);
            bk += k[at];
            bn += n[at];
        }
        v[b] = bn ? (double)bk / (double)bn : 1;
    }
    qsort(v, BOOTSTRAP, sizeof *v, by_value);
    printf("%s: %zu of %zu hold the %zu-rollout reference (%.1f %%, Wilson 95 %%: %.1f to %.1f %%; "
           "positions resampled: %.1f to %.1f %%)\n", what, K, N, size, 100 * e.mean, 100 * e.low, 100 * e.high,
           100 * v[BOOTSTRAP / 40], 100 * v[BOOTSTRAP - 1 - BOOTSTRAP / 40]);
    free(v);
}

int main(int argc, char **argv)
{
    int npos = NPOSITIONS, nseeds = 20, race_only = 0, misses = 0, numbers = 0;
    size_t size = REFERENCE_DEFAULT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "race") == 0)
            race_only = 1;
        else if (strcmp(argv[i], "misses") == 0)
            misses = 1;
        else if (numbers == 0)
            npos = atoi(argv[i]), numbers++;
        else if (numbers == 1)
            nseeds = atoi(argv[i]), numbers++;
        else
            size = (size_t)atol(argv[i]), numbers++;
    }
    if (npos < 1 || npos > NPOSITIONS || nseeds < 1 || size < 2) {
        fprintf(stderr, "usage: bench_coverage [POSITIONS (1 to %d) [SEEDS [REFERENCE]]] [race] [misses]\n", NPOSITIONS);
        return 2;
    }
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fprintf(stderr, "bench_coverage: the game data does not load\n");
        return 1;
    }
    size_t held[FIGURES][NPOSITIONS] = {{0}}, judged[FIGURES][NPOSITIONS] = {{0}};
    size_t separated = 0, wrong = 0;
    for (int i = 0; i < npos; i++) {
        clock_t start = clock();
        char *text = position_log(&gd, i);
        if (!text)
            return 1;
        struct log_ast *ast = log_parse(text, strlen(text), "coverage.xii", &dl);
        struct log_replay_options ro = {0};
        struct log_replay *rp = log_replay_run(&gd, ast, &ro, &dl);
        struct log_await aw;
        log_await(rp, &aw);
        struct advice_position pos;
        struct strbuf why = STRBUF_INIT;
        if (advice_position_from_await(rp, &aw, -1, &pos, &why) != 0) {
            fprintf(stderr, "bench_coverage: %s\n", strbuf_cstr(&why));
            return 1;
        }
        struct advice_options o;
        memset(&o, 0, sizeof o);
        play_bot_from_name("greedy", &o.bot);
        o.goal = -1;
        o.rank.first_rollouts = ADVICE_RACE_MIN;
        o.rank.max_rollouts = advice_position_rollouts(&pos, 1024);   /* the hint's budget */
        o.rank.race = 1;
        o.rank.race_min = ADVICE_RACE_MIN;
        o.rank.precision = 0.5;
        o.rank.threads = rank_default_threads();
        o.shown = race_only ? 0 : SHOWN;
        struct ref ref = {calloc(MAX_PLANS, sizeof *ref.v), 0};
        struct shown *sh = calloc((size_t)nseeds, sizeof *sh);
        enum rank_goal goal = RANK_GOAL_SCORE;
        for (int s = 0; s < nseeds; s++) {
            o.rank.seed = (uint64_t)s + 1;
            struct advice a;
            if (advice_rank(&pos, NULL, &o, &a, &why) != 0) {
                fprintf(stderr, "bench_coverage: %s\n", strbuf_cstr(&why));
                return 1;
            }
            goal = a.goal;
            sh[s].separated = a.summary.stop == RANK_SEPARATED && !a.fresh_reordered;
            int multi = pos.s->cfg.nplayers > 1;
            for (size_t k = 0; k < a.n && sh[s].n < SHOWN; k++) {
                const struct rank_result *r = &a.ranked[k].r;
                if (r->merged)
                    continue;
                size_t at = find(&ref, &pos, &a.ranked[k].choice.plan);
                if (at == (size_t)-1)
                    continue;
                size_t j = sh[s].n++;
                sh[s].plan[j] = at;
                const struct estimate *c = multi ? &r->win : &r->objective;
                sh[s].mean[j] = r->score.mean;
                sh[s].low[j] = r->score.low;
                sh[s].high[j] = r->score.high;
                sh[s].bmean[j] = r->vs_best.mean;
                sh[s].blow[j] = r->vs_best.low;
                sh[s].bhigh[j] = r->vs_best.high;
                sh[s].cmean[j] = c->mean;
                sh[s].clow[j] = c->low;
                sh[s].chigh[j] = c->high;
            }
            advice_free(&a);
        }
        /* The reference: every plan shown, `size` rollouts each, common random numbers, no stop. */
        int multi = pos.s->cfg.nplayers > 1;
        if (reference(&ref, size, &o.bot, pos.player, goal, multi) != 0)
            return 1;
        double *mean = calloc(ref.n, sizeof *mean);
        for (size_t k = 0; k < ref.n; k++)
            mean[k] = estimate_mean(ref.v[k].goal, size).mean;
        size_t psep = 0, pwrong = 0;
        for (int s = 0; s < nseeds; s++) {
            const struct seen *top = &ref.v[sh[s].plan[0]];
            for (size_t j = 0; j < sh[s].n; j++) {
                const struct seen *x = &ref.v[sh[s].plan[j]];
                struct estimate e = estimate_mean(x->score, size), c = estimate_proportion(x->chance, size);
                judged[SCORE][i]++;
                judged[SCORE_FAIR][i]++;
                judged[CHANCE][i]++;
                judged[CHANCE_FAIR][i]++;
                if (!judge(sh[s].mean[j], sh[s].low[j], sh[s].high[j], &e, &held[SCORE][i], &held[SCORE_FAIR][i]))
                    miss(misses, i + 1, s + 1, j, "score", sh[s].mean[j], sh[s].low[j], sh[s].high[j], &e);
                if (!judge(sh[s].cmean[j], sh[s].clow[j], sh[s].chigh[j], &c, &held[CHANCE][i], &held[CHANCE_FAIR][i]))
                    miss(misses, i + 1, s + 1, j, "chance", sh[s].cmean[j], sh[s].clow[j], sh[s].chigh[j], &c);
                if (j > 0) {
                    struct estimate d = estimate_paired(x->score, top->score, size);
                    judged[BEHIND][i]++;
                    judged[BEHIND_FAIR][i]++;
                    if (!judge(sh[s].bmean[j], sh[s].blow[j], sh[s].bhigh[j], &d, &held[BEHIND][i],
                               &held[BEHIND_FAIR][i]))
                        miss(misses, i + 1, s + 1, j, "behind the best", sh[s].bmean[j], sh[s].blow[j],
                             sh[s].bhigh[j], &d);
                }
            }
            if (sh[s].separated) {
                psep++;
                for (size_t k = 0; k < ref.n; k++)
                    if (mean[k] > mean[sh[s].plan[0]] + 1e-9) {
                        pwrong++;
                        break;
                    }
            }
        }
        separated += psep;
        wrong += pwrong;
        printf("position %d (%d player%s, round %d, goal %d): %zu plans shown over %d seeds; held: score %zu/%zu "
               "(widened %zu), chance %zu/%zu (widened %zu), behind the best %zu/%zu (widened %zu); separated "
               "and wrong %zu/%zu; %.0f processor-seconds\n",
               i + 1, pos.s->cfg.nplayers, pos.s->cfg.nplayers == 1 ? "" : "s", POSITIONS[i].round, (int)goal,
               ref.n, nseeds, held[SCORE][i], judged[SCORE][i], held[SCORE_FAIR][i], held[CHANCE][i],
               judged[CHANCE][i], held[CHANCE_FAIR][i], held[BEHIND][i], judged[BEHIND][i], held[BEHIND_FAIR][i],
               pwrong, psep, (double)(clock() - start) / CLOCKS_PER_SEC);
        fflush(stdout);
        free(mean);
        for (size_t k = 0; k < ref.n; k++)
            free(ref.v[k].score);
        free(sh);
        free(ref.v);
        strbuf_free(&why);
        log_replay_free(rp);
        log_free(ast);
        free(text);
    }
    printf("%s, %d positions, seeds 1 to %d, reference %zu rollouts\n",
           race_only ? "the race's own figures (no fresh rollouts)" : "the figures shown (fresh rollouts)", npos,
           nseeds, size);
    static const char *const what[FIGURES] = {
        "expected-score intervals",
        "  widened by the reference's own noise",
        "win (multiplayer) or objective (solo) intervals",
        "  widened by the reference's own noise",
        "behind-the-best intervals",
        "  widened by the reference's own noise",
    };
    for (int f = 0; f < FIGURES; f++)
        coverage(what[f], held[f], judged[f], npos, size);
    printf("separated verdicts naming a plan the reference ranks below another shown: %zu of %zu\n", wrong,
           separated);
    diag_list_free(&dl);
    return 0;
}
