/* Pending war entries, composed into one war line. */
#include "serve/war.h"
#include <string.h>
#include "log/name.h"
#include "record/shortform.h"

static int war_awaited(const struct record_session *s)
{
    return s->await.pending >> LOG_AWAIT_WAR & 1u;
}

void serve_war_sync(struct serve_war *w, const struct record_session *s)
{
    if (!war_awaited(s) || w->round != s->await.round)
        memset(w, 0, sizeof *w);
}

int serve_war_enter(struct serve_war *w, const struct record_session *s, int seat, const struct log_stmt *st,
                    struct strbuf *msg)
{
    serve_war_sync(w, s);
    if (!war_awaited(s)) {
        strbuf_puts(msg, "no war is awaited now\n");
        return -1;
    }
    if (st->kind != LOG_WAR || st->war.count != 1) {
        strbuf_puts(msg, "a war entry is one player's choice\n");
        return -1;
    }
    const struct log_war_entry *e = &st->war.items[0];
    const struct log_await *a = &s->await;
    int support = e->choice == LOG_WAR_SUPPORT;
    if (support && a->must_avoid[seat]) {
        strbuf_puts(msg, "you have no POW for the war: you can only avoid it\n");
        return -1;
    }
    if (support && (int)e->count != a->rolls_due[seat]) {
        strbuf_printf(msg, "support takes %d bonus roll%s here (%zu given)\n", a->rolls_due[seat],
                      a->rolls_due[seat] == 1 ? "" : "s", e->count);
        return -1;
    }
    if (e->count > SERVE_WAR_MAX_ROLLS) {
        strbuf_puts(msg, "too many bonus rolls\n");
        return -1;
    }
    w->round = a->round;
    struct serve_war_entry *x = &w->seat[seat];
    memset(x, 0, sizeof *x);
    x->entered = 1;
    x->support = support;
    x->nrolls = support ? (int)e->count : 0;
    for (int k = 0; k < x->nrolls; k++)
        x->rolls[k] = e->rolls[k].value;
    return 0;
}

int serve_war_line(const struct serve_war *w, const struct record_session *s, struct strbuf *line)
{
    const struct game_state *st = &s->replay->state;
    for (int p = 0; p < st->cfg.nplayers; p++)
        if (!w->seat[p].entered)
            return 0;
    strbuf_puts(line, "war");
    for (int p = 0; p < st->cfg.nplayers; p++) {
        strbuf_puts(line, p ? ", " : " ");
        log_write_name(st->cfg.names[p], line);
        strbuf_puts(line, w->seat[p].support ? " support" : " avoid");
        for (int k = 0; k < w->seat[p].nrolls; k++)
            strbuf_printf(line, " %d", w->seat[p].rolls[k]);
    }
    return 1;
}
