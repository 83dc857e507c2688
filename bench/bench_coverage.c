/* Whether the advisor's 95 % intervals hold 95 % of the time, the way GNU Backgammon's rollouts
 * are judged: on fixed positions (the first turn of round 5 of greedy-bot games: a solo game
 * with its objective, a 2-player game, a 3-player game, in turn), the hint is run as `xii hint`
 * runs it (the top 3 shown, their figures from fresh rollouts) with seeds 1..SEEDS; every
 * distinct plan shown under any seed is then rolled out 2,048 times with a seed of its own and
 * no early stop, the reference (once per plan: it does not depend on the hint's seed). Prints
 * how often the expected-score intervals, the win (multiplayer) or objective (solo) intervals
 * and the "behind the best" intervals hold the reference, each count with the Wilson interval
 * of the coverage itself, and how many "separated" verdicts named a plan that the reference
 * ranks below another plan shown.
 *
 * usage: bench_coverage [POSITIONS [SEEDS [race]]]   (defaults 3 positions, 20 seeds; minutes.
 * "race": the figures of the race itself, without the fresh rollouts, as before them) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "advisor/advice.h"
#include "advisor/advice_position.h"
#include "log/await.h"
#include "log/parse.h"
#include "log/replay.h"
#include "play/estimate.h"
#include "play/game.h"
#include "play/rng.h"

#define SHOWN 3
#define REFERENCE 2048
#define REFERENCE_SEED 0x5eed5eedu
#define MAX_PLANS 256

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

/* Plays every plan out REFERENCE times (the dice of rollout i from REFERENCE_SEED and i). */
static int reference(struct ref *r, const struct play_bot *bot, int player, enum rank_goal goal, int multi)
{
    for (size_t k = 0; k < r->n; k++) {
        struct seen *x = &r->v[k];
        x->score = malloc(3 * REFERENCE * sizeof *x->score);
        x->goal = x->score + REFERENCE;
        x->chance = x->goal + REFERENCE;
        for (size_t i = 0; i < REFERENCE; i++) {
            struct rank_outcome o;
            if (advice_play_out(&x->after, bot, play_seed_derive(REFERENCE_SEED, i), &o) != 0)
                return -1;
            x->score[i] = o.score[player];
            x->goal[i] = rank_goal_value(&o, player, goal);
            /* The win share: the goal's value without its tie-break. */
            x->chance[i] = multi ? rank_goal_value(&o, player, RANK_GOAL_WIN) - RANK_TIEBREAK * o.score[player]
                                 : o.objective;
        }
    }
    return 0;
}

/* Whether an interval [low, high] around mean holds the reference ref (half-width href): as
 * printed (raw), and widened by the reference's own noise (the two are independent: their
 * difference's 95 % half-width is the root of the sum of the squares). */
static void judge(double mean, double low, double high, const struct estimate *ref, size_t *raw, size_t *fair)
{
    double h = (high - low) / 2, hr = (ref->high - ref->low) / 2;
    *raw += low <= ref->mean + 1e-9 && ref->mean <= high + 1e-9;
    *fair += (mean - ref->mean) * (mean - ref->mean) <= h * h + hr * hr + 1e-12;
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

/* The log of a greedy game cut after the first turn line of round 5. */
static char *position_log(const struct gamedata *gd, int index)
{
    struct play_bot b;
    play_bot_from_name("greedy", &b);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    int nplayers = 1 + index % 3;
    struct play_setup st = {nplayers, gd->default_difficulty, nplayers == 1 ? index % gd->nobjectives : -1,
                            (uint64_t)(300 + index)};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    if (play_game_run(gd, &st, bots, &log, "coverage", &fin) != 0)
        return NULL;
    char *text = strbuf_detach(&log);
    char *cut = strstr(text, "\nround 5\n");
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

/* A coverage count with the Wilson interval of the coverage itself. */
static void coverage(const char *what, size_t k, size_t n)
{
    struct estimate e = estimate_share(k, n);
    printf("%s: %zu of %zu hold the 2,048-rollout reference (%.1f %%, 95 %%: %.1f to %.1f %%)\n", what, k, n,
           100 * e.mean, 100 * e.low, 100 * e.high);
}

int main(int argc, char **argv)
{
    int npos = argc > 1 ? atoi(argv[1]) : 3, nseeds = argc > 2 ? atoi(argv[2]) : 20;
    int race_only = argc > 3 && strcmp(argv[3], "race") == 0;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fprintf(stderr, "bench_coverage: the game data does not load\n");
        return 1;
    }
    size_t held = 0, fair = 0, intervals = 0, bheld = 0, bfair = 0, bintervals = 0, cheld = 0, cfair = 0;
    size_t separated = 0, wrong = 0;
    for (int i = 0; i < npos; i++) {
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
        /* The reference: every plan shown, 2,048 rollouts each, common random numbers, no stop. */
        int multi = pos.s->cfg.nplayers > 1;
        if (reference(&ref, &o.bot, pos.player, goal, multi) != 0)
            return 1;
        double *mean = calloc(ref.n, sizeof *mean);
        for (size_t k = 0; k < ref.n; k++)
            mean[k] = estimate_mean(ref.v[k].goal, REFERENCE).mean;
        size_t pheld = 0, pint = 0;
        for (int s = 0; s < nseeds; s++) {
            const struct seen *top = &ref.v[sh[s].plan[0]];
            for (size_t j = 0; j < sh[s].n; j++) {
                const struct seen *x = &ref.v[sh[s].plan[j]];
                struct estimate e = estimate_mean(x->score, REFERENCE), c = estimate_proportion(x->chance, REFERENCE);
                intervals++;
                pint++;
                size_t before = held;
                judge(sh[s].mean[j], sh[s].low[j], sh[s].high[j], &e, &held, &fair);
                pheld += held - before;
                judge(sh[s].cmean[j], sh[s].clow[j], sh[s].chigh[j], &c, &cheld, &cfair);
                if (j > 0) {
                    struct estimate d = estimate_paired(x->score, top->score, REFERENCE);
                    bintervals++;
                    judge(sh[s].bmean[j], sh[s].blow[j], sh[s].bhigh[j], &d, &bheld, &bfair);
                }
            }
            if (sh[s].separated) {
                separated++;
                for (size_t k = 0; k < ref.n; k++)
                    if (mean[k] > mean[sh[s].plan[0]] + 1e-9) {
                        wrong++;
                        break;
                    }
            }
        }
        printf("position %d (%d player%s, round 5, goal %d): %zu plans shown over %d seeds, score intervals "
               "held %zu of %zu\n", i + 1, pos.s->cfg.nplayers, pos.s->cfg.nplayers == 1 ? "" : "s", (int)goal,
               ref.n, nseeds, pheld, pint);
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
    printf("%s, %d positions, seeds 1 to %d\n", race_only ? "the race's own figures (no fresh rollouts)"
                                                         : "the figures shown (fresh rollouts)", npos, nseeds);
    coverage("expected-score intervals", held, intervals);
    coverage("  widened by the reference's own noise", fair, intervals);
    coverage("win (multiplayer) or objective (solo) intervals", cheld, intervals);
    coverage("  widened by the reference's own noise", cfair, intervals);
    coverage("behind-the-best intervals", bheld, bintervals);
    coverage("  widened by the reference's own noise", bfair, bintervals);
    printf("separated verdicts naming a plan the reference ranks below another shown: %zu of %zu\n", wrong,
           separated);
    diag_list_free(&dl);
    return 0;
}
