/* A die spent on an asset that adds nothing, or less than the die, because of a MAX or of what
 * the costs allowed: the rules allow it, so it is a warning, not an error. The warning says
 * what stopped the die and, when another legal use of the same die adds more, names it. What
 * the die added is read from the history the engine wrote; the better use is found by trying
 * the engine's legal moves on a copy of the state. */
#include <string.h>
#include "log/replay_internal.h"

/* The legal use of a die showing `die` (a reserve die or not) on an asset that adds the most,
 * when it adds more than `than`: its line into out; returns what it adds, or 0. */
static int better_use(const struct game_state *before, int die, int from_reserve, int than, struct strbuf *out)
{
    struct move moves[256];
    size_t n = engine_legal_moves(before, die, moves, sizeof moves / sizeof moves[0]);
    if (n > sizeof moves / sizeof moves[0])
        n = sizeof moves / sizeof moves[0];
    int best = than;
    const struct move *pick = NULL;
    struct history h = HISTORY_INIT;
    for (size_t k = 0; k < n; k++) {
        const struct move *m = &moves[k];
        if (m->kind != MOVE_ASSET || m->from_reserve != from_reserve)
            continue;
        struct game_state copy = *before;
        history_truncate(&h, 0);
        if (engine_apply(&copy, m, &h, NULL) != 0)
            continue;
        int added = replay_die_added(&h, 0, before->turn.player, m, NULL);
        if (added > best) {
            best = added;
            pick = m;
        }
    }
    history_free(&h);
    if (!pick)
        return 0;
    log_replay_move_text(before->gd, pick, out);
    return best;
}

void replay_waste(struct rp *rp, const struct log_stmt *st, const struct game_state *before,
                  const struct move *m, size_t hist_from)
{
    if (m->kind != MOVE_ASSET || m->target < 0)
        return;
    const struct gamedata *gd = rp->gd;
    int p = before->turn.player, a = m->target, flags;
    int added = replay_die_added(rp->h, hist_from, p, m, &flags);
    struct strbuf why = STRBUF_INIT;
    const char *id = gd->assets[a].id;
    if (added == 0) {
        int max = engine_asset_max(before, p, a);
        if (before->p[p].asset[a] >= max)
            strbuf_printf(&why, "the %d adds nothing: %s is already at its MAX %d", m->die, id, max);
        else {
            strbuf_printf(&why, "the %d adds nothing: the costs of %s could not be paid (each costs", m->die, id);
            for (int c = 0; c < gd->assets[a].ncost; c++) {
                int ca = gd->assets[a].cost[c].asset;
                strbuf_printf(&why, "%s %d %s, %s is %d", c ? ";" : "", gd->assets[a].cost[c].amount,
                              gd->assets[ca].id, gd->assets[ca].id, before->p[p].asset[ca]);
            }
            strbuf_putc(&why, ')');
        }
    } else if (flags & HIST_REF_MAX) {
        strbuf_printf(&why, "the %d adds only %d: the MAX of %s is %d", m->die, added, id,
                      before->p[p].asset[a] + added);
    } else if (flags & HIST_REF_AFFORD) {
        strbuf_printf(&why, "the %d adds only %d: the costs of %s allowed no more", m->die, added, id);
    } else {
        strbuf_free(&why);
        return;
    }
    struct strbuf line = STRBUF_INIT;
    int more = better_use(before, m->die, m->from_reserve, added, &line);
    if (more > 0)
        strbuf_printf(&why, "; \"%s\" would add %d", strbuf_cstr(&line), more);
    struct log_span at = st->kind == LOG_SPEND ? st->spend.target.at : st->at;
    struct diag *d = diag_add(rp->dl, DIAG_WARNING, rp->ast->file, (struct srcpos){at.line, at.col}, at.len,
                              rule_id_text(RULE_WASTE), "%s (the rules allow it)", strbuf_cstr(&why));
    d->round = before->round;
    diag_set_player(d, before->cfg.names[p]);
    strbuf_free(&line);
    strbuf_free(&why);
}
