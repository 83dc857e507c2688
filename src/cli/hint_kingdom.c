/* xii hint of a kingdom log: data, parse, replay, the race and its report (cli/hint_kingdom.h). */
#include "cli/hint_kingdom.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/audit_kingdom.h"
#include "cli/commands.h"
#include "cli/write_report.h"
#include "cli/progress.h"
#include "advisor/grace_hint.h"
#include "kingdom/game.h"
#include "kingdom/kaudit.h"
#include "kingdom/kreport.h"

/* The log's errors and mismatches in the audit's words, then the refusal. */
static void refuse(const char *name, const char *src, size_t len, const struct kaudit *a, const struct diag_list *dl)
{
    struct strbuf out = STRBUF_INIT;
    size_t *order = kreport_order(dl);
    for (size_t i = 0; i < dl->count; i++)
        diag_format(&out, &dl->items[order[i]], src, len);
    free(order);
    size_t n = dl->errors + a->mismatches;
    strbuf_printf(&out, "xii hint: %s has %zu error%s", name, dl->errors, dl->errors == 1 ? "" : "s");
    if (a->mismatches)
        strbuf_printf(&out, " and %zu mismatch%s", a->mismatches, a->mismatches == 1 ? "" : "es");
    strbuf_printf(&out, ": fix %s first (xii audit %s lists %s)\n", n == 1 ? "it" : "them", name,
                  n == 1 ? "it" : "them");
    fputs(strbuf_cstr(&out), stderr);
    strbuf_free(&out);
}

/* The race's options from the hint's settings; -1 after saying why one does not apply. */
static int race_options(const struct advice_hint_settings *set, struct grace_options *o)
{
    memset(o, 0, sizeof *o);
    if (set->goal == RANK_GOAL_OBJECTIVE) {
        fputs("xii hint: --goal objective is XII Century's; a kingdom hint ranks by win or score (the return)\n",
              stderr);
        return -1;
    }
    if (gplayer_from_name(set->bot, &o->player) != 0) {
        fprintf(stderr, "xii hint: --bot %s is XII Century's; a kingdom hint rolls out with greedy or random\n",
                set->bot);
        return -1;
    }
    o->goal = set->goal == RANK_GOAL_SCORE ? RANK_GOAL_SCORE : RANK_GOAL_WIN;
    o->max_rollouts = (size_t)set->rollouts;
    o->seconds = set->seconds;
    o->seed = set->seed;
    o->threads = set->threads;
    return 0;
}

int hint_kingdom(const struct kingdom_hint_args *ka, const char *src, size_t len)
{
    struct grace_options o;
    if (race_options(ka->set, &o) != 0)
        return EXIT_USAGE;
    o.shown = ka->top;
    struct kingdom_replayed r;
    if (kingdom_replay(&r, ka->rules, ka->name, src, len, 0, 0) != 0)
        return EXIT_USAGE;
    struct kaudit *a = &r.a;
    if (!ka->set->rollouts_given && kingdom_game.current(&a->s) >= 0)
        grace_budget(&kingdom_game, &a->s, &o);
    int status = EXIT_OK;
    struct strbuf awaits = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
    kaudit_awaits_text(&a->s, &awaits);
    if (!kaudit_ok(a, &r.dl)) {
        refuse(ka->name, src, len, a, &r.dl);
        status = EXIT_FINDINGS;
    } else if (kingdom_game.current(&a->s) < 0) {
        if (kingdom_game.current(&a->s) == GAME_OVER) {
            strbuf_reset(&awaits);
            kaudit_end_text(&a->s, &awaits);
        }
        fprintf(stderr, "xii hint: %s: nothing to decide: %s\n", ka->name, strbuf_cstr(&awaits));
        status = EXIT_USAGE;
    } else {
        struct progress bar;
        progress_begin(&bar, "xii hint: rolling out", "rollouts");
        o.progress = progress_update;
        o.progress_ctx = &bar;
        int rc = grace_hint(&kingdom_game, &a->s, &o, ka->top, ka->json, &out, &err);
        progress_end(&bar);
        if (rc != 0) {
            fprintf(stderr, "xii hint: %s: %s\n", ka->name, strbuf_cstr(&err));
            status = EXIT_FINDINGS;
        } else {
            status = cli_write_report("hint", &out);
        }
    }
    strbuf_free(&awaits);
    strbuf_free(&out);
    strbuf_free(&err);
    kingdom_replayed_free(&r);
    return status;
}
