/* What a replayed log awaits, in words: the prompt, the sentence with an example, the object of "it awaits". */
#include <string.h>
#include "log/name.h"
#include "log/write.h"
#include "audit/await.h"

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

static const char *name(const struct log_replay *r, int p)
{
    const struct game_state *st = &r->state;
    return p >= 0 && p < st->cfg.nplayers ? st->cfg.names[p] : "?";
}

/* The short prompt: "r3 Mary 6 5 3 1> ", "r7 war> "... */
static void prompt(const struct log_replay *r, const struct log_await *a, struct strbuf *out)
{
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
        strbuf_printf(out, "r%d %s dice> ", a->round, name(r, a->player));
        break;
    case LOG_AWAIT_DIE:
        strbuf_printf(out, "r%d %s ", a->round, name(r, a->player));
        dice_list(a, out);
        strbuf_puts(out, "> ");
        break;
    case LOG_AWAIT_RESERVE:
        strbuf_printf(out, "r%d %s reserve ", a->round, name(r, a->player));
        reserve_list(a, out);
        strbuf_puts(out, "> ");
        break;
    case LOG_AWAIT_WAR:
        strbuf_printf(out, "r%d war> ", a->round);
        break;
    case LOG_AWAIT_COLLECT:
        strbuf_printf(out, "r%d %s collect> ", a->round, name(r, a->player));
        break;
    default:
        strbuf_puts(out, "end checks> ");
        break;
    }
}

/* An example of the line to type for kind (a round in progress). */
static void example(const struct log_replay *r, const struct log_await *a, enum log_await_kind kind,
                    struct strbuf *out)
{
    const struct game_state *st = &r->state;
    const struct gamedata *gd = r->gd;
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
        struct strbuf line = STRBUF_INIT, keyword = STRBUF_INIT;
        log_example_move(log_await_state(r, a), 0, 0, &line);
        log_write_shortform(LOG_SPEND, NULL, "", &keyword);     /* "reserve " */
        strbuf_puts(out, strbuf_cstr(&line) + (line.len ? keyword.len : 0));
        strbuf_free(&line);
        strbuf_free(&keyword);
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

/* What a round in progress awaits (kind by player), as a sentence with an example. */
static void round_sentence(const struct log_replay *r, const struct log_await *a, enum log_await_kind kind,
                           int player, struct strbuf *out)
{
    const struct game_state *st = &r->state;
    const struct gamedata *gd = r->gd;
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
        strbuf_printf(out, "Round %d: %s's own two dice", a->round, name(r, player));
        break;
    case LOG_AWAIT_DIE:
        strbuf_printf(out, "%s: %d di%s left (", name(r, player), a->ndice, a->ndice == 1 ? "e" : "ce");
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
        strbuf_printf(out, "Round %d: %s chooses the bonus of", a->round, name(r, a->collect_player));
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
    struct strbuf ex = STRBUF_INIT;
    example(r, a, kind, &ex);
    if (ex.len)
        strbuf_printf(out, "; e.g. %s", ex.data);
    if (kind == LOG_AWAIT_GAME_OVER)
        strbuf_putc(out, '.');
    strbuf_putc(out, '\n');
    strbuf_free(&ex);
}

/* The sentence, the turn's reserve die and the war's location choices told with what they
 * come before or beside. */
static void sentence(const struct log_replay *r, const struct log_await *a, struct strbuf *out)
{
    if (a->kind == LOG_AWAIT_RESERVE) {
        strbuf_printf(out, "%s has spent the four dice: a reserve die may follow (", name(r, a->player));
        reserve_list(a, out);
        strbuf_puts(out, "), e.g. ");
        example(r, a, LOG_AWAIT_RESERVE, out);
        strbuf_puts(out, ", or a market line. Otherwise: ");
        round_sentence(r, a, a->then, a->then_player, out);
        return;
    }
    if (a->kind == LOG_AWAIT_WAR && (a->pending >> LOG_AWAIT_COLLECT & 1u)) {
        round_sentence(r, a, LOG_AWAIT_WAR, -1, out);
        strbuf_puts(out, "  (before or after it: ");
        struct strbuf more = STRBUF_INIT;
        round_sentence(r, a, LOG_AWAIT_COLLECT, a->collect_player, &more);
        if (more.len)
            more.data[--more.len] = 0;
        strbuf_printf(out, "%s)\n", strbuf_cstr(&more));
        strbuf_free(&more);
        return;
    }
    round_sentence(r, a, a->kind, a->player, out);
}

/* What the log awaits where no decision is due, as the object of "it awaits". */
static void object(const struct log_replay *r, const struct log_await *a, struct strbuf *out)
{
    const struct game_state *s = log_await_state(r, a);
    const char *who = a->player >= 0 ? s->cfg.names[a->player] : "";
    char word[LOG_NAME_WORD_SIZE];
    switch (a->kind) {
    case LOG_AWAIT_HEADER:
        strbuf_puts(out, "the game to begin: its header (players, difficulty, events) and round 1 come first");
        break;
    case LOG_AWAIT_ROUND:
        strbuf_printf(out, "the line \"round %d\"", a->round);
        break;
    case LOG_AWAIT_OUTLAWS:
        strbuf_puts(out, "the outlaws' attack bonus rolls (an \"outlaws\" line)");
        break;
    case LOG_AWAIT_SHARED:
        strbuf_printf(out, "round %d's shared dice (a \"shared D D\" line)", a->round);
        break;
    case LOG_AWAIT_TURN:
        strbuf_printf(out, "%s's dice: write \"turn %s D D\" with the two dice rolled, then ask again",
                      who, log_name_word(who, word));
        break;
    case LOG_AWAIT_GAME_OVER:
        strbuf_puts(out, "nothing: the game is over");
        break;
    default:
        strbuf_puts(out, log_await_kind_name(a->kind));
        break;
    }
}

void log_await_say(const struct log_replay *r, const struct log_await *a, enum log_await_words form,
                   struct strbuf *out)
{
    switch (form) {
    case LOG_AWAIT_PROMPT:
        prompt(r, a, out);
        break;
    case LOG_AWAIT_SENTENCE:
        sentence(r, a, out);
        break;
    case LOG_AWAIT_EXAMPLE:
        example(r, a, a->kind, out);
        break;
    case LOG_AWAIT_OBJECT:
        object(r, a, out);
        break;
    }
}
