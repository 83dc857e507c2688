/* The analysis part of xii audit. */
#include "cli/audit_analyse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/progress.h"
#include "core/xalloc.h"
#include "layout/analysis_page.h"
#include "audit/report.h"
#include "advisor/advice_analyse_report.h"

int audit_analyse_run(const struct gamedata *gd, const struct log_ast *ast, const char *src, size_t len,
                      const struct advisor_args *adv, struct analysis *out)
{
    struct analyse_options o;
    memset(&o, 0, sizeof o);
    advice_hint_options(&adv->set, &o.advice);
    o.advice.screen_nodes = ADVICE_SCREEN_NODES / 2;
    o.cost_rollouts = (size_t)adv->set.rollouts;
    o.luck_rollouts = (size_t)adv->set.rollouts;
    o.chart_rollouts = (size_t)adv->set.rollouts;
    struct progress bar;
    progress_begin(&bar, "xii audit: analysing", NULL);
    o.progress = progress_update;
    o.progress_arg = &bar;
    struct strbuf err = STRBUF_INIT;
    int rc = analyse_run(gd, ast, src, len, &o, out, &err);
    progress_end(&bar);
    if (rc != 0)
        fprintf(stderr, "xii audit: no analysis: %s\n", strbuf_cstr(&err));
    strbuf_free(&err);
    return rc;
}

static struct analyse_report_input report_input(const struct analysis *a, const struct advisor_args *adv)
{
    struct analyse_report_input in = {a, adv->set.bot, adv->set.seed, (size_t)adv->set.rollouts};
    return in;
}

void audit_analyse_text(const struct analysis *a, const struct advisor_args *adv, struct strbuf *report)
{
    struct analyse_report_input in = report_input(a, adv);
    analyse_report_text(&in, report);
}

void audit_analyse_json(const struct analysis *a, const struct advisor_args *adv, json_t *audit)
{
    struct analyse_report_input in = report_input(a, adv);
    json_object_set_new(audit, "analysis", analyse_report_json_value(&in));
}

void audit_analyse_json_write(const json_t *audit, struct strbuf *report)
{
    static const char *const analysis[] = {"analysis", "analysis/players", "analysis/players/*",
                                           "analysis/players/*/expected", "analysis/players/*/moves",
                                           "analysis/players/*/moves/*"};
    size_t n = 0;
    while (log_report_json_broken[n])
        n++;
    size_t na = sizeof analysis / sizeof analysis[0];
    const char **broken = xcalloc(n + na + 1, sizeof *broken);
    memcpy(broken, log_report_json_broken, n * sizeof *broken);
    memcpy(broken + n, analysis, na * sizeof *broken);
    json_doc_write(audit, broken, report);
    free(broken);
}

void audit_analyse_page(struct canvas *c, const struct analysis *a, const struct advisor_args *adv,
                        const struct paper *paper, int grey, const char *title, const char *footer)
{
    struct analysis_page_input in;
    memset(&in, 0, sizeof in);
    in.paper = paper;
    in.grey = grey;
    in.title = title;
    in.footer = footer;
    struct strbuf method = STRBUF_INIT;
    const char *cost = a->goal == RANK_GOAL_SCORE ? "the expected final score lost against the best move found"
                       : a->goal == RANK_GOAL_WIN ? "the chance to win lost against the best move found, in points"
                                                  : "the chance to achieve the objective lost against the best move "
                                                    "found, in points";
    strbuf_printf(&method, "Every decision ranked by rollouts: the %s bot plays every seat to the end, at most "
                  "%ld rollouts per move, seed %llu, common random numbers (%zu rollouts in all). Cost: %s. Luck: "
                  "the own dice's worth against a random roll.", adv->set.bot, adv->set.rollouts,
                  (unsigned long long)adv->set.seed, a->rollouts, cost);
    in.method = strbuf_cstr(&method);
    in.cost_unit = a->goal == RANK_GOAL_SCORE ? "VP" : "points";
    struct strbuf words = STRBUF_INIT;
    strbuf_printf(&words, "cost: %s", cost);
    in.cost_words = strbuf_cstr(&words);
    in.nplayers = a->nplayers;
    in.last_round = a->last_round;
    for (int p = 0; p < a->nplayers; p++) {
        const struct analyse_player *pl = &a->players[p];
        struct analysis_page_player *q = &in.players[p];
        q->name = a->names[p];
        memcpy(q->expected, pl->expected, sizeof q->expected);
        memcpy(q->low, pl->low, sizeof q->low);
        memcpy(q->high, pl->high, sizeof q->high);
        q->total_cost = pl->total_cost;
        q->average_cost = pl->average_cost;
        q->luck = pl->luck;
        q->total_cost_half = (pl->total_cost_high - pl->total_cost_low) / 2;
        q->luck_half = (pl->luck_high - pl->luck_low) / 2;
        q->turns = pl->turns;
        q->inaccuracies = pl->marks[MARK_INACCURACY];
        q->mistakes = pl->marks[MARK_MISTAKE];
        q->blunders = pl->marks[MARK_BLUNDER];
    }
    /* The costliest moves of the game, three per player at most, costliest first. */
    struct analysis_page_move *mv = xcalloc(3 * XII_MAX_PLAYERS, sizeof *mv);
    size_t n = 0;
    for (int p = 0; p < a->nplayers; p++) {
        size_t idx[3];
        size_t k = analyse_costliest(a, p, idx, 3);
        for (size_t j = 0; j < k; j++) {
            const struct analyse_move *m = &a->moves[idx[j]];
            mv[n++] = (struct analysis_page_move){a->names[p], m->line, m->round, m->cost.mean, m->cost.low,
                                                  m->cost.high, analyse_mark_name(m->mark), m->played_words,
                                                  m->best_words};
        }
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && mv[j].cost > mv[j - 1].cost; j--) {
            struct analysis_page_move t = mv[j];
            mv[j] = mv[j - 1];
            mv[j - 1] = t;
        }
    in.moves = mv;
    in.nmoves = n;
    analysis_page_draw(c, &in);
    free(mv);
    strbuf_free(&method);
    strbuf_free(&words);
}
