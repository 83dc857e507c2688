/* Move-log lines of a game being played. */
#include "log/write.h"
#include <string.h>
#include "log/ids.h"

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

void log_write_round_statement(int round, struct strbuf *out)
{
    strbuf_printf(out, "round %d", round);
}

void log_write_war_all_avoid(const struct game_config *cfg, struct strbuf *out)
{
    strbuf_puts(out, "war");
    for (int p = 0; p < cfg->nplayers; p++) {
        strbuf_puts(out, p ? ", " : " ");
        log_write_name(cfg->names[p], out);
        strbuf_puts(out, " avoid");
    }
}

void log_write_comment(const char *text, struct strbuf *out)
{
    strbuf_puts(out, "# ");
    for (; *text; text++)
        strbuf_putc(out, *text == '\n' || *text == '\r' ? ' ' : *text);
    strbuf_putc(out, '\n');
}

void log_write_round(int round, struct strbuf *out)
{
    strbuf_printf(out, "\nround %d\n", round);
}

void log_write_shared(int d1, int d2, struct strbuf *out)
{
    strbuf_printf(out, "shared %d %d\n", d1, d2);
}

static void rolls(const int *r, int n, struct strbuf *out)
{
    for (int i = 0; i < n; i++)
        strbuf_printf(out, " %d", r[i]);
}

void log_write_outlaws(const struct game_state *s, const struct bonus_rolls r[], struct strbuf *out)
{
    strbuf_puts(out, "outlaws");
    int n = 0;
    for (int p = 0; p < s->cfg.nplayers; p++) {
        if (r[p].nrolls == 0)
            continue;
        strbuf_puts(out, n++ ? ", " : " ");
        log_write_name(s->cfg.names[p], out);
        rolls(r[p].rolls, r[p].nrolls, out);
    }
    strbuf_putc(out, '\n');
}

void log_write_turn(const struct game_state *s, int player, int d1, int d2, struct strbuf *out)
{
    strbuf_puts(out, "turn ");
    log_write_name(s->cfg.names[player], out);
    strbuf_printf(out, " %d %d\n", d1, d2);
}

static const char *source_word(enum die_source src)
{
    return src == DIE_OWN ? " own" : src == DIE_SHARED ? " shared" : "";
}

void log_write_move_text(const struct gamedata *gd, const struct move *m, struct strbuf *out)
{
    const char *reserve = m->from_reserve ? "reserve " : "";
    switch (m->kind) {
    case MOVE_ASSET:
        strbuf_printf(out, "%s%d %s", reserve, m->die, gd->assets[m->target].id);
        break;
    case MOVE_ACQUIRE:
        strbuf_printf(out, "%s%d %s %s", reserve, m->die,
                      log_ids_is_person(gd, m->target) ? "attract" : "build", gd->items[m->target].id);
        if (m->perk)
            strbuf_printf(out, " %c", m->perk);
        break;
    case MOVE_INFLUENCE:
        strbuf_printf(out, "%s%d influence %s", reserve, m->die, gd->locations[m->target].id);
        break;
    case MOVE_STORE:
        strbuf_printf(out, "%s%d store", reserve, m->die);
        break;
    case MOVE_SHERIFF:
        strbuf_printf(out, "sheriff%s %d %d", source_word(m->source), m->die, m->to);
        break;
    case MOVE_COURT:
        strbuf_printf(out, "court%s %d %d", source_word(m->source), m->die, m->to);
        break;
    case MOVE_COURT_REROLL:
        strbuf_printf(out, "court reroll%s %d %d", source_word(m->source), m->die, m->to);
        break;
    case MOVE_SPLIT:
        strbuf_printf(out, "split %d %d %s %d %s", m->die, m->part[0], gd->assets[m->target].id,
                      m->part[1], gd->assets[m->target2].id);
        break;
    case MOVE_MARKET:
        strbuf_printf(out, "market %d %s", m->amount, gd->assets[m->target].id);
        break;
    }
}

void log_write_move(const struct gamedata *gd, const struct move *m, struct strbuf *out)
{
    strbuf_puts(out, "  ");
    log_write_move_text(gd, m, out);
    strbuf_putc(out, '\n');
}

void log_write_war_entry(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out)
{
    log_write_name(s->cfg.names[p], out);
    strbuf_puts(out, e->support ? " support" : " avoid");
    rolls(e->rolls, e->nrolls, out);
}

void log_write_war(const struct game_state *s, const struct war_entry e[], struct strbuf *out)
{
    strbuf_puts(out, "war");
    for (int p = 0; p < s->cfg.nplayers; p++) {
        strbuf_puts(out, p ? ", " : " ");
        log_write_war_entry(s, p, &e[p], out);
    }
    strbuf_putc(out, '\n');
}

void log_write_war_part(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out)
{
    strbuf_puts(out, "war ");
    log_write_war_entry(s, p, e, out);
    strbuf_putc(out, '\n');
}

void log_write_collect(const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                       struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    int n = 0;
    for (int l = 0; l < LOCATION_COUNT; l++) {
        if (choice[l] < 0)
            continue;
        if (n++ == 0) {
            strbuf_puts(out, "collect ");
            log_write_name(s->cfg.names[player], out);
        } else {
            strbuf_putc(out, ',');
        }
        strbuf_printf(out, " %s %s", gd->locations[l].id, gd->assets[gd->locations[l].bonus_asset[choice[l]]].id);
    }
    if (n)
        strbuf_putc(out, '\n');
}

void log_write_check(const struct game_state *s, int player, int everything, struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    const struct player_state *ps = &s->p[player];
    strbuf_puts(out, "check ");
    log_write_name(s->cfg.names[player], out);
    for (int a = 0; a < ASSET_COUNT; a++)
        if (everything || ps->asset[a] || a < 3)
            strbuf_printf(out, " %s %d", gd->assets[a].id, ps->asset[a]);
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (everything || ps->influence[l])
            strbuf_printf(out, " %s %d", gd->locations[l].id, ps->influence[l]);
    strbuf_printf(out, " reputation %d pow %d score %d", ps->reputation, engine_pow_full(s, player),
                  engine_score(s, player, NULL));
    if (everything) {
        for (int people = 1; people >= 0; people--) {
            strbuf_puts(out, people ? " people" : " infrastructures");
            for (int i = 0; i < gd->nitems; i++)
                if (engine_owns(s, player, i) && log_ids_is_person(gd, i) == people)
                    strbuf_printf(out, " %s", gd->items[i].id);
        }
        strbuf_puts(out, " reserve");
        for (int k = 0; k < gd->reserve_slots; k++)
            if (ps->reserve[k].state == SLOT_AVAILABLE)
                strbuf_printf(out, " %d", ps->reserve[k].value);
    }
    strbuf_putc(out, '\n');
}
