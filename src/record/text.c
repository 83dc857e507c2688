/* The recorder's prompt and its sentences about what comes next. */
#include "record/text.h"
#include <string.h>
#include "record/shortform.h"
#include "log/ids.h"
#include "log/write.h"
#include "rules/event_setup.h"

const char record_text_help[] =
    "Type the move log's statements (man 5 xii-log), or their short forms:\n"
    "  header   Jack Tom Mary (players), normal (difficulty), events: the dice rolled\n"
    "           (3 5 1 6), seed 42 or the events chosen (7 fire, 8 plague, ...), merchant (solo);\n"
    "           town NAME TOWN, variant famine-halves-farms and game \"title\" before round 1\n"
    "  round    round                      the next round begins (its event strikes)\n"
    "  outlaws  Tom 4, Mary 5 2            the outlaws' bonus rolls (4 alone for one player)\n"
    "  shared   5 6                        the round's shared dice\n"
    "  turn     3 1                        the awaited player's own dice\n"
    "  dice     6 population, 1 attract blacksmith, 3 influence quarry, 4 store,\n"
    "           reserve 3 food, sheriff 3 4, court 2 4, split 5 1 monks 4 food, market 2 food\n"
    "           after the fourth die, 3 food spends a reserve die\n"
    "  war      Jack avoid, Tom support 4  every player, with the bonus rolls of a supporter;\n"
    "           avoid alone when no player has POW\n"
    "  collect  grassland food             the awaited player's location bonus\n"
    "  check    check Jack food 12         what a sheet says (a difference is reported);\n"
    "           after round 10: Jack food 12 score 87, the final sheets' values\n"
    "Commands: undo (take back the last statement), show [NAME] (a sheet as it stands),\n"
    "log [N] (the last lines of the file), hint (the advisor), help, quit.\n"
    "Tab completes ids, names and the dice still unspent; arrows recall earlier lines;\n"
    "Ctrl-C drops the line being typed. A # line is a note, written to the file as it is.\n";

static void dice_list(const struct log_await *a, struct strbuf *out)
{
    for (int i = 0; i < a->ndice; i++)
        strbuf_printf(out, "%s%d", i ? " " : "", a->dice[i].value);
}

static void reserve_list(const struct log_await *a, struct strbuf *out)
{
    for (int i = 0; i < a->nreserve; i++)
        strbuf_printf(out, "%s%d", i ? " " : "", a->reserve[i]);
}

static const char *name(const struct record_session *s, int p)
{
    const struct game_state *st = &s->replay->state;
    return p >= 0 && p < st->cfg.nplayers ? st->cfg.names[p] : "?";
}

static const char *header_prompts[] = {"players", "solo", "difficulty", "events", "header"};

void record_text_prompt(const struct record_session *s, struct strbuf *out)
{
    const struct log_await *a = &s->await;
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME) {
        strbuf_printf(out, "%s> ", header_prompts[step]);
        return;
    }
    switch (a->kind) {
    case LOG_AWAIT_HEADER:
        strbuf_puts(out, "header> ");
        break;
    case LOG_AWAIT_ROUND:
        strbuf_printf(out, "round %d> ", a->round);
        break;
    case LOG_AWAIT_OUTLAWS:
        strbuf_printf(out, "r%d outlaws> ", a->round);
        break;
    case LOG_AWAIT_SHARED:
        strbuf_printf(out, "r%d shared> ", a->round);
        break;
    case LOG_AWAIT_TURN:
        strbuf_printf(out, "r%d %s dice> ", a->round, name(s, a->player));
        break;
    case LOG_AWAIT_DIE:
        strbuf_printf(out, "r%d %s ", a->round, name(s, a->player));
        dice_list(a, out);
        strbuf_puts(out, "> ");
        break;
    case LOG_AWAIT_RESERVE:
        strbuf_printf(out, "r%d %s reserve ", a->round, name(s, a->player));
        reserve_list(a, out);
        strbuf_puts(out, "> ");
        break;
    case LOG_AWAIT_WAR:
        strbuf_printf(out, "r%d war> ", a->round);
        break;
    case LOG_AWAIT_COLLECT:
        strbuf_printf(out, "r%d %s collect> ", a->round, name(s, a->player));
        break;
    default:
        strbuf_puts(out, "end checks> ");
        break;
    }
}

/* An example of the line to type for kind by player (a round in progress). */
static void round_example(const struct record_session *s, enum log_await_kind kind, struct strbuf *out)
{
    const struct log_await *a = &s->await;
    const struct game_state *st = &s->replay->state;
    const struct gamedata *gd = s->gd;
    int n = 0;
    switch (kind) {
    case LOG_AWAIT_ROUND:
        strbuf_puts(out, "round");
        break;
    case LOG_AWAIT_OUTLAWS:
        for (int p = 0; p < st->cfg.nplayers; p++)
            if (a->rolls_due[p] > 0) {
                strbuf_puts(out, n++ ? ", " : "");
                log_write_name(st->cfg.names[p], out);
                for (int k = 0; k < a->rolls_due[p]; k++)
                    strbuf_printf(out, " %d", 4 - k);
            }
        break;
    case LOG_AWAIT_SHARED:
        strbuf_puts(out, "5 6");
        break;
    case LOG_AWAIT_TURN:
        strbuf_puts(out, "3 1");
        break;
    case LOG_AWAIT_DIE: {
        /* The die whose example uses it best (its full value when one does). */
        struct strbuf line = STRBUF_INIT, best = STRBUF_INIT;
        int best_use = LOG_EXAMPLE_NONE;
        for (int i = 0; i < a->ndice && best_use < LOG_EXAMPLE_ADDS_FULL; i++) {
            strbuf_reset(&line);
            int use = log_example_move(st, a->dice[i].value, 0, &line);
            if (use > best_use) {
                best_use = use;
                strbuf_reset(&best);
                strbuf_puts(&best, strbuf_cstr(&line));
            }
        }
        strbuf_puts(out, strbuf_cstr(&best));
        strbuf_free(&line);
        strbuf_free(&best);
        break;
    }
    case LOG_AWAIT_RESERVE: {
        /* The short form: the reserve die after the fourth die needs no `reserve`. */
        struct strbuf line = STRBUF_INIT;
        log_example_move(log_await_state(s->replay, a), 0, 0, &line);
        strbuf_puts(out, strbuf_cstr(&line) + (line.len ? strlen("reserve ") : 0));
        strbuf_free(&line);
        break;
    }
    case LOG_AWAIT_WAR:
        for (int p = 0; p < st->cfg.nplayers; p++) {
            strbuf_puts(out, p ? ", " : "");
            log_write_name(st->cfg.names[p], out);
            strbuf_puts(out, a->must_avoid[p] ? " avoid" : " support");
            for (int k = 0; !a->must_avoid[p] && k < a->rolls_due[p]; k++)
                strbuf_puts(out, " 4");
        }
        break;
    case LOG_AWAIT_COLLECT:
        for (int l = 0; l < LOCATION_COUNT; l++)
            if (a->collect >> l & 1u) {
                strbuf_printf(out, "%s%s %s", n++ ? ", " : "", gd->locations[l].id,
                              gd->assets[gd->locations[l].bonus_asset[0]].id);
            }
        break;
    case LOG_AWAIT_GAME_OVER:
        /* What a sheet might say, not what the rules give: the check is the sheet's word. */
        log_write_name(st->cfg.names[0], out);
        strbuf_puts(out, " food 8 score 30");
        break;
    default:
        break;
    }
}

void record_text_example(const struct record_session *s, struct strbuf *out)
{
    static const char *const header[] = {"Jack Tom Martha Mary", LOG_ID_ARCADE, "normal", "seed 42", "round"};
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME)
        strbuf_puts(out, header[step]);
    else
        round_example(s, s->await.kind, out);
}

static void header_awaited(const struct record_session *s, enum record_header_step step, struct strbuf *out)
{
    const struct gamedata *gd = s->gd;
    switch (step) {
    case RECORD_STEP_PLAYERS:
        strbuf_puts(out, "The players, in seat order (the first plays first in round 1): e.g. Jack Tom Martha Mary\n");
        break;
    case RECORD_STEP_SOLO:
        strbuf_puts(out, "The solo objective:");
        for (int o = 0; o < gd->nobjectives; o++)
            strbuf_printf(out, " %s", gd->objectives[o].id);
        strbuf_puts(out, " or " LOG_ID_ARCADE "\n");
        break;
    case RECORD_STEP_DIFFICULTY:
        strbuf_puts(out, "The difficulty:");
        for (int d = 0; d < gd->ndifficulties; d++)
            strbuf_printf(out, " %s", gd->difficulties[d].id);
        strbuf_puts(out, " (or round, to begin at the default)\n");
        break;
    case RECORD_STEP_EVENTS: {
        const struct log_stmt *dst = record_session_header(s, LOG_DIFFICULTY);
        int d = dst ? gamedata_difficulty(gd, dst->difficulty.norm, strlen(dst->difficulty.norm))
                    : gd->default_difficulty;
        struct strbuf rounds = STRBUF_INIT, dice = STRBUF_INIT, chosen = STRBUF_INIT;
        event_setup_format_rounds(gd, d, &rounds);
        /* The examples fit the difficulty: a die per event round, its first two rounds. */
        static const char example_dice[] = "356124";
        static const char *const example_events[] = {"fire", "plague"};
        int n = 0, k = 0;
        for (int r = 1; d >= 0 && r <= GD_ROUNDS; r++) {
            if (!gd->difficulties[d].has_event[r])
                continue;
            strbuf_printf(&dice, "%s%c", n ? " " : "", example_dice[n % 6]);
            n++;
            if (gd->difficulties[d].fixed_event[r] < 0 && k < 2) {
                strbuf_printf(&chosen, "%s%d %s", k ? ", " : "", r, example_events[k]);
                k++;
            }
        }
        strbuf_printf(out, "The events of rounds %s: the dice rolled at the table in round order (e.g. "
                           "%s), seed N, or the events chosen (e.g. %s%s)\n",
                      strbuf_cstr(&rounds), strbuf_cstr(&dice), strbuf_cstr(&chosen), n > k ? ", ..." : "");
        strbuf_free(&rounds);
        strbuf_free(&dice);
        strbuf_free(&chosen);
        break;
    }
    default:
        strbuf_puts(out, "The header is complete: town NAME TOWN, variant famine-halves-farms or game "
                         "\"title\" may follow; round begins round 1\n");
        break;
    }
}

/* What a round in progress awaits (kind by player). */
static void round_awaited(const struct record_session *s, enum log_await_kind kind, int player,
                          struct strbuf *out)
{
    const struct log_await *a = &s->await;
    const struct game_state *st = &s->replay->state;
    const struct gamedata *gd = s->gd;
    switch (kind) {
    case LOG_AWAIT_ROUND: {
        int round = a->kind == LOG_AWAIT_RESERVE ? a->then_round : a->round;
        strbuf_printf(out, "Round %d", round);
        if (a->event >= 0)
            strbuf_printf(out, " (event: %s)", gd->events[a->event].id);
        strbuf_puts(out, " begins: type round\n");
        return;
    }
    case LOG_AWAIT_OUTLAWS: {
        strbuf_printf(out, "Round %d, the outlaws' attack: the bonus rolls of", a->round);
        int n = 0;
        for (int p = 0; p < st->cfg.nplayers; p++)
            if (a->rolls_due[p] > 0)
                strbuf_printf(out, "%s %s (%d)", n++ ? "," : "", st->cfg.names[p], a->rolls_due[p]);
        break;
    }
    case LOG_AWAIT_SHARED:
        strbuf_printf(out, "Round %d: the two shared dice (they differ)", a->round);
        break;
    case LOG_AWAIT_TURN:
        strbuf_printf(out, "Round %d: %s's own two dice", a->round, name(s, player));
        break;
    case LOG_AWAIT_DIE:
        strbuf_printf(out, "%s: %d di%s left (", name(s, player), a->ndice, a->ndice == 1 ? "e" : "ce");
        dice_list(a, out);
        strbuf_puts(out, ")");
        if (a->nreserve) {
            strbuf_puts(out, ", reserve ");
            reserve_list(a, out);
        }
        break;
    case LOG_AWAIT_WAR: {
        strbuf_printf(out, "Round %d, the king war: every player avoids or supports", a->round);
        int n = 0;
        for (int p = 0; p < st->cfg.nplayers; p++)
            if (a->must_avoid[p])
                strbuf_printf(out, "%s%s", n++ ? ", " : " (no POW, must avoid: ", st->cfg.names[p]);
        strbuf_puts(out, n ? ")" : "");
        break;
    }
    case LOG_AWAIT_COLLECT: {
        strbuf_printf(out, "Round %d: %s chooses the bonus of", a->round, name(s, a->collect_player));
        int n = 0;
        for (int l = 0; l < LOCATION_COUNT; l++)
            if (a->collect >> l & 1u) {
                const struct gd_location *loc = &gd->locations[l];
                strbuf_printf(out, "%s %s (", n++ ? " and" : "", loc->id);
                for (int c = 0; c < loc->nbonus; c++)
                    strbuf_printf(out, "%s%s", c ? " or " : "", gd->assets[loc->bonus_asset[c]].id);
                strbuf_putc(out, ')');
            }
        break;
    }
    case LOG_AWAIT_GAME_OVER:
        strbuf_printf(out, "The game is over after round %d. Type what each final sheet says to have it "
                           "checked (check NAME then values, the word check may be left out)",
                      st->round);
        break;
    default:
        return;
    }
    struct strbuf example = STRBUF_INIT;
    round_example(s, kind, &example);
    if (example.len)
        strbuf_printf(out, "; e.g. %s", example.data);
    if (kind == LOG_AWAIT_GAME_OVER)
        strbuf_putc(out, '.');
    strbuf_putc(out, '\n');
    strbuf_free(&example);
}

void record_text_awaited(const struct record_session *s, struct strbuf *out)
{
    const struct log_await *a = &s->await;
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME) {
        header_awaited(s, step, out);
        return;
    }
    if (a->kind == LOG_AWAIT_RESERVE) {
        strbuf_printf(out, "%s has spent the four dice: a reserve die may follow (", name(s, a->player));
        reserve_list(a, out);
        strbuf_puts(out, "), e.g. ");
        round_example(s, LOG_AWAIT_RESERVE, out);
        strbuf_puts(out, ", or a market line. Otherwise: ");
        round_awaited(s, a->then, a->then_player, out);
        return;
    }
    if (a->kind == LOG_AWAIT_WAR && (a->pending >> LOG_AWAIT_COLLECT & 1u)) {
        round_awaited(s, LOG_AWAIT_WAR, -1, out);
        strbuf_puts(out, "  (before or after it: ");
        struct strbuf more = STRBUF_INIT;
        round_awaited(s, LOG_AWAIT_COLLECT, a->collect_player, &more);
        if (more.len)
            more.data[--more.len] = 0;
        strbuf_printf(out, "%s)\n", strbuf_cstr(&more));
        strbuf_free(&more);
        return;
    }
    round_awaited(s, a->kind, a->player, out);
}
