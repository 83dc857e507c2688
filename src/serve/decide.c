/* A tapped decision, by its index in the lists the page showed, written as its statement by
 * src/log and entered as the link's line. */
#include "serve/decide.h"
#include <string.h>
#include "core/json.h"
#include "log/write.h"

/* The dice of a JSON array of small integers into d (at most cap); the count, or -1. */
static int dice_of(const json_t *arr, int *d, int cap)
{
    if (!json_is_array(arr) || json_array_size(arr) > (size_t)cap)
        return -1;
    for (size_t k = 0; k < json_array_size(arr); k++) {
        const json_t *v = json_array_get(arr, k);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 6)
            return -1;
        d[k] = (int)json_integer_value(v);
    }
    return (int)json_array_size(arr);
}

/* The seat named by "seat" (from 1), or the role's own seat; -1 when none fits. */
static int seat_of(const json_t *j, int role, int nplayers)
{
    const json_t *v = json_object_get(j, "seat");
    long long seat = json_is_integer(v) ? json_integer_value(v) - 1 : role;
    return seat >= 0 && seat < nplayers ? (int)seat : -1;
}

/* The seat whose turn roll is awaited (after a reserve die that may still come too), or -1. */
static int turn_awaited(const struct log_await *a)
{
    if (a->kind == LOG_AWAIT_TURN)
        return a->player;
    if (a->kind == LOG_AWAIT_RESERVE && a->then == LOG_AWAIT_TURN)
        return a->then_player;
    return -1;
}

/* The statement of decision j into line; 0, or -1 with why in msg. */
static int statement(struct serve_server *sv, int role, const json_t *j, const char *kind, struct strbuf *line,
                     struct strbuf *msg)
{
    const struct record_session *s = sv->s;
    const struct log_await *a = record_session_awaited(s);
    const struct game_state *st = &record_session_replay(s)->state;
    int np = st->cfg.nplayers, d[GD_MAX_BONUS_ROLLS + 2];
    const json_t *index = json_object_get(j, "index");
    long long k = json_is_integer(index) ? json_integer_value(index) : -1;
    if (strcmp(kind, "move") == 0 || strcmp(kind, "collect") == 0) {
        serve_choices_update(&sv->choices, s, sv->log_version);
        int move = kind[0] == 'm';
        size_t count = move ? sv->choices.nmoves : sv->choices.ncollects;
        if (k < 0 || (size_t)k >= count) {
            strbuf_printf(msg, "there is no %s number %lld now\n", kind, k);
            return -1;
        }
        strbuf_puts(line, move ? sv->choices.moves[k].line : sv->choices.collects[k].line);
        return 0;
    }
    if (!record_session_replay(s)->started && strcmp(kind, "round") != 0) {
        strbuf_puts(msg, "the game has not started\n");
        return -1;
    }
    if (strcmp(kind, "turn") == 0) {
        int p = turn_awaited(a);
        if (p < 0 || dice_of(json_object_get(j, "dice"), d, 2) != 2) {
            strbuf_puts(msg, p < 0 ? "no turn roll is awaited now\n" : "a turn roll is two dice, 1 to 6\n");
            return -1;
        }
        log_write_turn(st, p, d[0], d[1], line);
    } else if (strcmp(kind, "shared") == 0) {
        if (dice_of(json_object_get(j, "dice"), d, 2) != 2) {
            strbuf_puts(msg, "the shared dice are two dice, 1 to 6\n");
            return -1;
        }
        log_write_shared(d[0], d[1], line);
    } else if (strcmp(kind, "outlaws") == 0) {
        const json_t *r = json_object_get(j, "rolls");
        struct bonus_rolls br[XII_MAX_PLAYERS];
        memset(br, 0, sizeof br);
        if (!json_is_array(r) || json_array_size(r) != (size_t)np) {
            strbuf_puts(msg, "the outlaws' rolls are a list of each player's rolls\n");
            return -1;
        }
        for (int p = 0; p < np; p++)
            if ((br[p].nrolls = dice_of(json_array_get(r, (size_t)p), br[p].rolls, GD_MAX_BONUS_ROLLS)) < 0) {
                strbuf_puts(msg, "a bonus roll is a die, 1 to 6\n");
                return -1;
            }
        log_write_outlaws(st, br, line);
    } else if (strcmp(kind, "round") == 0) {
        int round = a->kind == LOG_AWAIT_ROUND ? a->round
                  : a->kind == LOG_AWAIT_RESERVE && a->then == LOG_AWAIT_ROUND ? a->then_round : 0;
        if (round == 0 || (!record_session_replay(s)->started && a->kind != LOG_AWAIT_ROUND)) {
            strbuf_puts(msg, "no round is awaited now\n");
            return -1;
        }
        log_write_round(round, line);
    } else if (strcmp(kind, "war") == 0) {
        int p = seat_of(j, role, np);
        struct war_entry e;
        memset(&e, 0, sizeof e);
        e.support = json_is_true(json_object_get(j, "support"));
        if (p < 0 || (e.nrolls = dice_of(json_object_get(j, "dice"), e.rolls, GD_MAX_BONUS_ROLLS)) < 0) {
            strbuf_puts(msg, "a war entry names a player and its bonus rolls, 1 to 6\n");
            return -1;
        }
        log_write_war_part(st, p, &e, line);
    } else if (strcmp(kind, "check") == 0) {
        int p = seat_of(j, role, np);
        if (p < 0) {
            strbuf_puts(msg, "a check line names a player\n");
            return -1;
        }
        log_write_check(st, p, 1, line);
    } else {
        strbuf_printf(msg, "no such decision: %s\n", kind);
        return -1;
    }
    return 0;
}

int serve_decide(struct serve_server *sv, int role, const char *body, size_t len, struct serve_outcome *o)
{
    memset(o, 0, sizeof *o);
    json_error_t jerr;
    json_t *j = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
    const json_t *v = j ? json_object_get(j, "version") : NULL;
    const json_t *kind = j ? json_object_get(j, "kind") : NULL;
    int status = 200;
    if (!json_is_object(j) || !json_is_integer(v) || !json_is_string(kind)) {
        strbuf_puts(&o->message, "a decision is a JSON object with the page's version and its kind\n");
        status = 400;
    } else if (json_integer_value(v) < 0 || (unsigned long)json_integer_value(v) < sv->log_version ||
               (unsigned long)json_integer_value(v) > sv->version) {
        strbuf_puts(&o->message, "the game has moved on since your page showed it: nothing was entered; "
                    "look again and tap once more\n");
        status = 409;
    } else if (strcmp(json_string_value(kind), "pass") == 0) {
        serve_pass(sv, role, o);
    } else {
        struct strbuf line = STRBUF_INIT;
        if (statement(sv, role, j, json_string_value(kind), &line, &o->message) != 0) {
            status = 400;
        } else {
            /* One line, as typed: no blank line before a round, no line feed after. */
            size_t lead = strspn(strbuf_cstr(&line), "\n");
            while (line.len > lead && line.data[line.len - 1] == '\n')
                line.data[--line.len] = 0;
            serve_enter(sv, role, strbuf_cstr(&line) + lead, o);
        }
        strbuf_free(&line);
    }
    json_decref(j);
    return status;
}
