/* Move-log lines of a game being played: the header and the recorder's short forms here, each
 * game statement's words laid out by log/emit.h (the builder's too). */
#include "log/write.h"
#include <string.h>
#include "log/emit.h"
#include "log/ids.h"

/* Where text alone goes: out. */
#define TEXT(out) (&(struct log_emit){NULL, (out), 0, 0, 0})

/* The events line, each round's event by id or (bit r of by_die) by its die value. */
static int events_line(const struct gamedata *gd, const int event[GD_ROUNDS + 1], unsigned by_die,
                       struct strbuf *out)
{
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (event[r] < 0)
            continue;
        if (by_die >> r & 1u)
            strbuf_printf(out, "%s%d %d", n++ ? ", " : "events ", r, gd->events[event[r]].die);
        else
            strbuf_printf(out, "%s%d %s", n++ ? ", " : "events ", r, gd->events[event[r]].id);
    }
    return n > 0;
}

void log_write_header(const struct gamedata *gd, const struct game_config *cfg, const char *title,
                      struct strbuf *out)
{
    log_write_header_as(gd, cfg, title, 0, out);
}

void log_write_header_as(const struct gamedata *gd, const struct game_config *cfg, const char *title,
                         unsigned by_die, struct strbuf *out)
{
    strbuf_puts(out, "xii 1\n");
    if (title) {
        strbuf_puts(out, "game ");
        log_write_quoted(title, out);
        strbuf_putc(out, '\n');
    }
    strbuf_puts(out, "players");
    for (int p = 0; p < cfg->nplayers; p++) {
        strbuf_putc(out, ' ');
        log_write_name(cfg->names[p], out);
    }
    strbuf_putc(out, '\n');
    for (int p = 0; p < cfg->nplayers; p++)
        if (cfg->towns[p][0]) {
            strbuf_puts(out, "town ");
            log_write_name(cfg->names[p], out);
            strbuf_putc(out, ' ');
            log_write_name(cfg->towns[p], out);
            strbuf_putc(out, '\n');
        }
    strbuf_printf(out, "difficulty %s\n", gd->difficulties[cfg->difficulty].id);
    if (events_line(gd, cfg->events, by_die, out))
        strbuf_putc(out, '\n');
    if (cfg->nplayers == 1)
        strbuf_printf(out, "solo %s\n", cfg->objective >= 0 ? gd->objectives[cfg->objective].id
                                                            : LOG_ID_ARCADE);
    if (cfg->famine_halves_farms)
        strbuf_puts(out, "variant " LOG_ID_FAMINE_VARIANT "\n");
}

int log_write_events(const struct gamedata *gd, const int event[GD_ROUNDS + 1], struct strbuf *out)
{
    return events_line(gd, event, 0, out);
}

/* The keyword a short form of kind stands for. */
static const char *shortform_keyword(enum log_kind kind)
{
    switch (kind) {
    case LOG_SPEND: return "reserve";
    default: return log_kind_name(kind);
    }
}

void log_write_shortform(enum log_kind kind, const char *name, const char *words, struct strbuf *out)
{
    strbuf_puts(out, shortform_keyword(kind));
    if (name) {
        strbuf_putc(out, ' ');
        log_write_name(name, out);
    }
    if (words) {
        strbuf_putc(out, ' ');
        strbuf_puts(out, words);
    }
}


void log_write_comment(const char *text, struct strbuf *out)
{
    strbuf_puts(out, "# ");
    for (; *text; text++)
        strbuf_putc(out, *text == '\n' || *text == '\r' ? ' ' : *text);
    strbuf_putc(out, '\n');
}

void log_write_round_statement(int round, struct strbuf *out)
{
    log_emit_round(TEXT(out), round, NULL);
}

void log_write_war_all_avoid(const struct game_config *cfg, struct strbuf *out)
{
    struct game_state names = {.cfg = *cfg};
    struct war_entry avoid[XII_MAX_PLAYERS];
    memset(avoid, 0, sizeof avoid);
    log_emit_war(TEXT(out), &names, 0, cfg->nplayers, avoid, NULL);
}

void log_write_round(int round, struct strbuf *out)
{
    strbuf_putc(out, '\n');
    log_emit_round(TEXT(out), round, NULL);
    strbuf_putc(out, '\n');
}

void log_write_shared(int d1, int d2, struct strbuf *out)
{
    log_emit_shared(TEXT(out), d1, d2, NULL);
    strbuf_putc(out, '\n');
}

void log_write_outlaws(const struct game_state *s, const struct bonus_rolls r[], struct strbuf *out)
{
    log_emit_outlaws(TEXT(out), s, r, NULL);
    strbuf_putc(out, '\n');
}

void log_write_turn(const struct game_state *s, int player, int d1, int d2, struct strbuf *out)
{
    log_emit_turn(TEXT(out), s, player, d1, d2, NULL);
    strbuf_putc(out, '\n');
}

void log_write_move_text(const struct gamedata *gd, const struct move *m, struct strbuf *out)
{
    log_emit_move(TEXT(out), gd, m, NULL);
}

void log_write_move(const struct gamedata *gd, const struct move *m, struct strbuf *out)
{
    strbuf_puts(out, "  ");
    log_emit_move(TEXT(out), gd, m, NULL);
    strbuf_putc(out, '\n');
}

void log_write_war_entry(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out)
{
    log_emit_war_entry(TEXT(out), s, p, e, NULL);
}

void log_write_war(const struct game_state *s, const struct war_entry e[], struct strbuf *out)
{
    log_emit_war(TEXT(out), s, 0, s->cfg.nplayers, e, NULL);
    strbuf_putc(out, '\n');
}

void log_write_war_part(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out)
{
    /* log_emit_war reads the entry of seat p in an array of every seat's. */
    struct war_entry all[XII_MAX_PLAYERS];
    all[p] = *e;
    log_emit_war(TEXT(out), s, p, p + 1, all, NULL);
    strbuf_putc(out, '\n');
}

void log_write_collect(const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                       struct strbuf *out)
{
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (choice[l] >= 0) {
            log_emit_collect(TEXT(out), s, player, choice, NULL);
            strbuf_putc(out, '\n');
            return;
        }
}

void log_write_check(const struct game_state *s, int player, int everything, struct strbuf *out)
{
    log_emit_check(TEXT(out), s, player, everything, NULL);
    strbuf_putc(out, '\n');
}
