/* The recorder's prompt and its sentences about what comes next: the header's here, the game's in audit/await_text.c. */
#include "record/session_fields.h"
#include "record/text.h"
#include <string.h>
#include "record/shortform.h"
#include "log/ids.h"
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

static const char *header_prompts[] = {"players", "solo", "difficulty", "events", "header"};

void record_text_prompt(const struct record_session *s, struct strbuf *out)
{
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME)
        strbuf_printf(out, "%s> ", header_prompts[step]);
    else
        log_await_say(s->replay, &s->await, LOG_AWAIT_PROMPT, out);
}

void record_text_example(const struct record_session *s, struct strbuf *out)
{
    static const char *const header[] = {"Jack Tom Martha Mary", LOG_ID_ARCADE, "normal", "seed 42", "round"};
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME)
        strbuf_puts(out, header[step]);
    else
        log_await_say(s->replay, &s->await, LOG_AWAIT_EXAMPLE, out);
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

void record_text_awaited(const struct record_session *s, struct strbuf *out)
{
    enum record_header_step step = record_header_step(s);
    if (step != RECORD_STEP_GAME)
        header_awaited(s, step, out);
    else
        log_await_say(s->replay, &s->await, LOG_AWAIT_SENTENCE, out);
}
