/* The awaited decision as an advice position. */
#include "advisor/advice_position.h"
#include <string.h>
#include "log/name.h"

static int collect_pos(const struct game_state *s, const struct log_await *a, struct advice_position *pos)
{
    if (!(a->pending & 1u << LOG_AWAIT_COLLECT) || a->collect_player < 0 || !a->collect)
        return -1;
    pos->kind = ADVICE_COLLECT;
    pos->player = a->collect_player;
    pos->collect = a->collect;
    pos->s = s;
    return 0;
}

int advice_position_from_await(const struct log_replay *r, const struct log_await *a, int asked,
                               struct advice_position *pos, struct strbuf *why)
{
    memset(pos, 0, sizeof *pos);
    char word[LOG_NAME_WORD_SIZE];
    const struct game_state *s = log_await_state(r, a);
    pos->s = s;
    switch (a->kind) {
    case LOG_AWAIT_RESERVE:
        /* Another player asks about the king war that follows the turn: the turn ends as the
         * log stands (no reserve die), and the war is theirs to decide. */
        if (asked >= 0 && asked != a->player && a->then == LOG_AWAIT_WAR && !a->must_avoid[asked]) {
            pos->s = &r->state;
            pos->kind = ADVICE_WAR;
            pos->player = asked;
            return 0;
        }
        /* fall through */
    case LOG_AWAIT_DIE:
        pos->kind = ADVICE_TURN;
        pos->player = a->player;
        break;
    case LOG_AWAIT_COLLECT:
        collect_pos(s, a, pos);
        break;
    case LOG_AWAIT_WAR: {
        int who = -1;
        if (asked >= 0 && !a->must_avoid[asked])
            who = asked;
        for (int p = 0; asked < 0 && p < s->cfg.nplayers && who < 0; p++)
            if (!a->must_avoid[p])
                who = p;
        if (who >= 0) {
            pos->kind = ADVICE_WAR;
            pos->player = who;
            return 0;
        }
        if ((asked < 0 || asked == a->collect_player) && collect_pos(s, a, pos) == 0)
            return 0;
        if (asked >= 0)
            strbuf_printf(why, "%s has no POW and must avoid the king war: nothing to choose", s->cfg.names[asked]);
        else {
            strbuf_puts(why, "nobody has POW: every player must avoid the king war, nothing to choose (write \"war");
            for (int p = 0; p < s->cfg.nplayers; p++)
                strbuf_printf(why, "%s %s avoid", p ? "," : "", log_name_word(s->cfg.names[p], word));
            strbuf_puts(why, "\")");
        }
        return -1;
    }
    default:
        strbuf_puts(why, "no decision is due at the end of the log: it awaits ");
        log_await_say(r, a, LOG_AWAIT_OBJECT, why);
        return -1;
    }
    if (asked >= 0 && asked != pos->player) {
        strbuf_printf(why, "the decision at the end of the log is %s's, not %s's", s->cfg.names[pos->player],
                      s->cfg.names[asked]);
        return -1;
    }
    return 0;
}

int advice_position_turns_left(const struct advice_position *pos)
{
    const struct game_state *s = pos->s;
    int n = s->cfg.nplayers, left = (GD_ROUNDS - s->round) * n;
    if (s->phase == PHASE_ROUND)
        left += n - s->turns_done;
    return left > 0 ? left : 1;
}

size_t advice_position_rollouts(const struct advice_position *pos, size_t most)
{
    size_t fit = ADVICE_TURN_BUDGET / (size_t)advice_position_turns_left(pos);
    if (fit < ADVICE_RACE_MIN + ADVICE_RACE_MIN / 2)
        fit = ADVICE_RACE_MIN + ADVICE_RACE_MIN / 2;
    return fit < most ? fit : most;
}
