/* Whether the advisor's 95 % intervals hold 95 % of the time, the way GNU Backgammon's rollouts
 * are judged: on fixed positions (the first turn of round 5 of greedy-bot games: solo games with
 * their objective, then 2-player games, alternately), the hint is run with its default options
 * and seeds 1..SEEDS; every plan it shows (the top 3) is then rolled out 2,048 times with a
 * seed of its own and no early stop, the reference. Prints how often the expected-score
 * intervals and the "behind the best" intervals hold the reference, and how many "separated"
 * verdicts named a plan that is not the reference's best of the plans shown.
 *
 * usage: bench_coverage [POSITIONS [SEEDS]]   (defaults 3 positions, 20 seeds; minutes) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "advisor/advice.h"
#include "advisor/advice_position.h"
#include "log/await.h"
#include "log/parse.h"
#include "log/replay.h"
#include "play/game.h"
#include "play/rng.h"

#define SHOWN 3
#define REFERENCE 2048
#define MAX_PLANS 256

/* A plan seen in some hint, with its state after the turn and its reference estimates. */
struct seen {
    struct play_plan plan;
    struct game_state after;
    double score, goal;
};

struct ref {
    struct seen *v;
    size_t n;
    const struct play_bot *bot;
};

static int ref_rollout(void *ctx, size_t c, uint64_t seed, struct rank_outcome *out)
{
    const struct ref *r = ctx;
    return advice_play_out(&r->v[c].after, r->bot, seed, out);
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
    int nplayers = index % 2 ? 2 : 1;
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
    double low[SHOWN], high[SHOWN], blow[SHOWN], bhigh[SHOWN];
    size_t n;
    int separated;
};

int main(int argc, char **argv)
{
    int npos = argc > 1 ? atoi(argv[1]) : 3, nseeds = argc > 2 ? atoi(argv[2]) : 20;
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fprintf(stderr, "bench_coverage: the game data does not load\n");
        return 1;
    }
    size_t held = 0, intervals = 0, bheld = 0, bintervals = 0, separated = 0, wrong = 0;
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
        o.rank.max_rollouts = 1024;
        o.rank.race = 1;
        o.rank.race_min = ADVICE_RACE_MIN;
        o.rank.precision = 0.5;
        o.rank.threads = rank_default_threads();
        struct ref ref = {calloc(MAX_PLANS, sizeof *ref.v), 0, &o.bot};
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
            sh[s].separated = a.summary.stop == RANK_SEPARATED;
            for (size_t k = 0; k < a.n && sh[s].n < SHOWN; k++) {
                const struct rank_result *r = &a.ranked[k].r;
                if (r->merged)
                    continue;
                size_t at = find(&ref, &pos, &a.ranked[k].choice.plan);
                if (at == (size_t)-1)
                    continue;
                size_t j = sh[s].n++;
                sh[s].plan[j] = at;
                sh[s].low[j] = r->score.low;
                sh[s].high[j] = r->score.high;
                sh[s].blow[j] = r->vs_best.low;
                sh[s].bhigh[j] = r->vs_best.high;
            }
            advice_free(&a);
        }
        /* The reference: every plan shown, 2,048 rollouts each, common random numbers, no stop. */
        struct rank_options rr = o.rank;
        rr.race = 0;
        rr.first_rollouts = rr.max_rollouts = REFERENCE;
        rr.precision = 0;
        rr.seed = 0x5eed5eedu;
        rr.goal = goal;
        rr.player = pos.player;
        rr.nplayers = pos.s->cfg.nplayers;
        struct rank_result *res = calloc(ref.n, sizeof *res);
        if (rank_run(ref.n, ref_rollout, &ref, &rr, res, NULL) != 0)
            return 1;
        for (size_t k = 0; k < ref.n; k++) {
            ref.v[res[k].candidate].score = res[k].score.mean;
            ref.v[res[k].candidate].goal = res[k].goal.mean;
        }
        size_t pheld = 0, pint = 0;
        for (int s = 0; s < nseeds; s++) {
            const struct seen *top = &ref.v[sh[s].plan[0]];
            for (size_t j = 0; j < sh[s].n; j++) {
                const struct seen *x = &ref.v[sh[s].plan[j]];
                intervals++;
                pint++;
                int in = sh[s].low[j] <= x->score && x->score <= sh[s].high[j];
                held += (size_t)in;
                pheld += (size_t)in;
                if (j > 0) {
                    double d = x->score - top->score;
                    bintervals++;
                    bheld += sh[s].blow[j] <= d && d <= sh[s].bhigh[j];
                }
            }
            if (sh[s].separated) {
                separated++;
                for (size_t k = 0; k < ref.n; k++)
                    if (ref.v[k].goal > top->goal + 1e-9) {
                        wrong++;
                        break;
                    }
            }
        }
        printf("position %d (%d player%s, round 5, goal %d): %zu plans shown over %d seeds, score intervals "
               "held %zu of %zu\n", i + 1, pos.s->cfg.nplayers, pos.s->cfg.nplayers == 1 ? "" : "s", (int)goal,
               ref.n, nseeds, pheld, pint);
        fflush(stdout);
        free(res);
        free(sh);
        free(ref.v);
        strbuf_free(&why);
        log_replay_free(rp);
        log_free(ast);
        free(text);
    }
    printf("expected-score intervals: %zu of %zu hold the 2,048-rollout reference (%.1f %%)\n", held, intervals,
           intervals ? 100.0 * (double)held / (double)intervals : 0);
    printf("behind-the-best intervals: %zu of %zu (%.1f %%)\n", bheld, bintervals,
           bintervals ? 100.0 * (double)bheld / (double)bintervals : 0);
    printf("separated verdicts naming a plan the reference ranks below another shown: %zu of %zu\n", wrong,
           separated);
    diag_list_free(&dl);
    return 0;
}
