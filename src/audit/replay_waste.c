/* A die spent on an asset that adds nothing, or less than the die, because of a MAX or of what
 * the costs allowed: the rules allow it, so it is a warning, not an error. The warning says
 * what stopped the die and, when another legal use of the same die adds more, names it. What
 * the die added is read from the history the engine wrote (cheap: every spend is looked at);
 * only for a warning is the state before the move rebuilt (in place, then the move put back)
 * and the better use found, by trying the die on each asset with the engine. */
#include <string.h>
#include "log/write.h"
#include "audit/replay_internal.h"

/* The literal s appended (its length known when compiled). */
#define PUT(sb, s) strbuf_append((sb), (s), sizeof(s) - 1)

/* Appends n in decimal: the warning's numbers, without a format string to read for each. */
static void put_int(struct strbuf *sb, int n)
{
    char buf[12];
    size_t i = sizeof buf;
    unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    do {
        buf[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (n < 0)
        buf[--i] = '-';
    strbuf_append(sb, buf + i, sizeof buf - i);
}

/* The legal use of a die showing `die` (a reserve die or not) on an asset that adds the most,
 * when it adds more than `than`: its line into out; returns what it adds, or 0. Each asset is
 * tried in order with engine_apply on `before` (a refused move changes nothing; an accepted
 * one is taken back with engine_undo_restore to `undo`, the state `before` is): the asset moves engine_legal_moves would list
 * for the die, in its order, without listing every other kind of move first. An asset that
 * cannot add more than the best so far (its room below the MAX, the die) is skipped untried.
 * The tries write their records after the end of h, which is cut back to its length after
 * each (no scratch history to allocate). */
static int better_use(struct game_state *before, const struct engine_undo *undo, int die, int from_reserve,
                      int than, struct history *h, struct strbuf *out)
{
    int p = before->turn.player;
    struct move m, pick;
    memset(&m, 0, sizeof m);
    m.kind = MOVE_ASSET;
    m.die = die;
    m.from_reserve = from_reserve;
    m.source = DIE_ANY;
    int best = than;
    size_t base = h->count;
    signed char note_ref = h->note_ref, note_ref2 = h->note_ref2;
    for (m.target = 0; m.target < ASSET_COUNT; m.target++) {
        /* A die adds at most the room left below the MAX, and at most its value (but food: a
         * perk may count the food die as more): an asset that cannot add more than the best
         * so far is not tried. */
        int most = engine_asset_max(before, p, m.target) - before->p[p].asset[m.target];
        if (m.target != A_FOOD && die < most)
            most = die;
        if (most <= best)
            continue;
        int refused = engine_apply(before, &m, h, NULL) != 0;
        int added = refused ? 0 : replay_die_added(h, base, p, &m, NULL);
        history_truncate(h, base);
        h->note_ref = note_ref;
        h->note_ref2 = note_ref2;
        if (refused)
            continue;
        engine_undo_restore(before, undo);
        if (added > best) {
            best = added;
            pick = m;
        }
    }
    if (best == than)
        return 0;
    log_write_move_text(before->gd, &pick, out);
    return best;
}

/* The waste rule: a die spent on an asset that added nothing, or was cut by a MAX or the costs. */
static int wasted(int added, int flags)
{
    return added == 0 || (flags & (HIST_REF_MAX | HIST_REF_AFFORD));
}

int log_move_wastes(const struct game_state *s, const struct move *m)
{
    if (m->kind != MOVE_ASSET || m->target < 0)
        return 0;
    struct game_state copy = *s;
    struct history h = HISTORY_INIT;
    int flags = 0, w = 0;
    if (engine_apply(&copy, m, &h, NULL) == 0)
        w = wasted(replay_die_added(&h, 0, s->turn.player, m, &flags), flags);
    history_free(&h);
    return w;
}

void replay_waste(struct rp *rp, const struct log_stmt *st, const struct engine_undo *undo,
                  const struct move *m, size_t hist_from)
{
    if (m->kind != MOVE_ASSET || m->target < 0)
        return;
    const struct gamedata *gd = rp->gd;
    int p = undo->player, a = m->target, flags;
    int added = replay_die_added(rp->h, hist_from, p, m, &flags);
    if (!wasted(added, flags))
        return;
    /* The state before the move, in place: the move is taken back, and put again at the end
     * (cheaper than copying the whole state). */
    struct engine_undo after;
    engine_undo_save(rp->s, &after);
    engine_undo_restore(rp->s, undo);
    struct game_state *before = rp->s;
    struct strbuf why = STRBUF_INIT;
    strbuf_reserve(&why, 255);     /* one allocation: most warnings are 90 to 180 bytes */
    const char *id = gd->assets[a].id;
    if (added == 0) {
        int max = engine_asset_max(before, p, a);
        PUT(&why, "the ");
        put_int(&why, m->die);
        PUT(&why, " adds nothing: ");
        if (before->p[p].asset[a] >= max) {
            strbuf_puts(&why, id);
            PUT(&why, " is already at its MAX ");
            put_int(&why, max);
        } else {
            PUT(&why, "the costs of ");
            strbuf_puts(&why, id);
            PUT(&why, " could not be paid (each costs");
            for (int c = 0; c < gd->assets[a].ncost; c++) {
                int ca = gd->assets[a].cost[c].asset;
                if (c)
                    strbuf_putc(&why, ';');
                strbuf_putc(&why, ' ');
                put_int(&why, gd->assets[a].cost[c].amount);
                strbuf_putc(&why, ' ');
                strbuf_puts(&why, gd->assets[ca].id);
                PUT(&why, ", ");
                strbuf_puts(&why, gd->assets[ca].id);
                PUT(&why, " is ");
                put_int(&why, before->p[p].asset[ca]);
            }
            strbuf_putc(&why, ')');
        }
    } else {
        PUT(&why, "the ");
        put_int(&why, m->die);
        PUT(&why, " adds only ");
        put_int(&why, added);
        if (flags & HIST_REF_MAX) {
            PUT(&why, ": the MAX of ");
            strbuf_puts(&why, id);
            PUT(&why, " is ");
            put_int(&why, before->p[p].asset[a] + added);
        } else {    /* HIST_REF_AFFORD */
            PUT(&why, ": the costs of ");
            strbuf_puts(&why, id);
            PUT(&why, " allowed no more");
        }
    }
    /* The better line, when there is one, is written in place. */
    size_t mark = why.len;
    PUT(&why, "; \"");
    int more = better_use(before, undo, m->die, m->from_reserve, added, rp->h, &why);
    if (more > 0) {
        PUT(&why, "\" would add ");
        put_int(&why, more);
    } else {
        why.len = mark;
        why.data[mark] = '\0';
    }
    struct log_span at = st->kind == LOG_SPEND ? st->spend.target.at : st->at;
    PUT(&why, " (the rules allow it)");
    struct diag *d = diag_add_message(rp->dl, DIAG_WARNING, rp->ast->file, (struct srcpos){at.line, at.col},
                                      at.len, rule_id_text(RULE_WASTE), &why);
    d->round = before->round;
    diag_set_player(rp->dl, d, before->cfg.names[p]);
    engine_undo_restore(rp->s, &after);
}
