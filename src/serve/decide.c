/* A tapped decision, by its index in the lists the page showed, taken as a value and entered
 * as the link's decision: its statement is built by src/log, nothing is parsed. */
#include "serve/decide.h"
#include <string.h>
#include "core/json.h"

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

/* Decision j as a value into d; 0, or -1 with why in msg. */
static int decision(struct serve_server *sv, int role, const json_t *j, const char *kind, struct log_decision *d,
                    struct strbuf *msg)
{
    const struct record_session *s = sv->s;
    const struct log_await *a = record_session_awaited(s);
    int np = record_session_replay(s)->state.cfg.nplayers;
    const json_t *index = json_object_get(j, "index");
    long long k = json_is_integer(index) ? json_integer_value(index) : -1;
    memset(d, 0, sizeof *d);
    if (strcmp(kind, "move") == 0 || strcmp(kind, "collect") == 0) {
        serve_choices_update(&sv->choices, s, sv->log_version);
        int move = kind[0] == 'm';
        size_t count = move ? sv->choices.nmoves : sv->choices.ncollects;
        if (k < 0 || (size_t)k >= count) {
            strbuf_printf(msg, "there is no %s number %lld now\n", kind, k);
            return -1;
        }
        if (move) {
            d->kind = LOG_SPEND;        /* a move: its kind says the statement's */
            d->move = sv->choices.moves[k].m;
        } else {
            d->kind = LOG_COLLECT;
            d->player = sv->choices.collects[k].seat;
            memcpy(d->choice, sv->choices.collects[k].choice, sizeof d->choice);
        }
        return 0;
    }
    if (!record_session_replay(s)->started && strcmp(kind, "round") != 0) {
        strbuf_puts(msg, "the game has not started\n");
        return -1;
    }
    if (strcmp(kind, "turn") == 0) {
        d->kind = LOG_TURN;
        d->player = turn_awaited(a);
        if (d->player < 0 || dice_of(json_object_get(j, "dice"), d->dice, 2) != 2) {
            strbuf_puts(msg, d->player < 0 ? "no turn roll is awaited now\n" : "a turn roll is two dice, 1 to 6\n");
            return -1;
        }
    } else if (strcmp(kind, "shared") == 0) {
        d->kind = LOG_SHARED;
        if (dice_of(json_object_get(j, "dice"), d->dice, 2) != 2) {
            strbuf_puts(msg, "the shared dice are two dice, 1 to 6\n");
            return -1;
        }
    } else if (strcmp(kind, "outlaws") == 0) {
        const json_t *r = json_object_get(j, "rolls");
        d->kind = LOG_OUTLAWS;
        if (!json_is_array(r) || json_array_size(r) != (size_t)np) {
            strbuf_puts(msg, "the outlaws' rolls are a list of each player's rolls\n");
            return -1;
        }
        for (int p = 0; p < np; p++)
            if ((d->rolls[p].nrolls = dice_of(json_array_get(r, (size_t)p), d->rolls[p].rolls, GD_MAX_BONUS_ROLLS)) < 0) {
                strbuf_puts(msg, "a bonus roll is a die, 1 to 6\n");
                return -1;
            }
    } else if (strcmp(kind, "round") == 0) {
        d->kind = LOG_ROUND;
        d->round = a->kind == LOG_AWAIT_ROUND ? a->round
                 : a->kind == LOG_AWAIT_RESERVE && a->then == LOG_AWAIT_ROUND ? a->then_round : 0;
        if (d->round == 0 || (!record_session_replay(s)->started && a->kind != LOG_AWAIT_ROUND)) {
            strbuf_puts(msg, "no round is awaited now\n");
            return -1;
        }
    } else if (strcmp(kind, "war") == 0) {
        int p = seat_of(j, role, np);
        d->kind = LOG_WAR;
        d->player = p;
        struct war_entry *e = &d->war[p < 0 ? 0 : p];
        e->support = json_is_true(json_object_get(j, "support"));
        if (p < 0 || (e->nrolls = dice_of(json_object_get(j, "dice"), e->rolls, GD_MAX_BONUS_ROLLS)) < 0) {
            strbuf_puts(msg, "a war entry names a player and its bonus rolls, 1 to 6\n");
            return -1;
        }
    } else if (strcmp(kind, "check") == 0) {
        d->kind = LOG_CHECK;
        d->player = seat_of(j, role, np);
        if (d->player < 0) {
            strbuf_puts(msg, "a check line names a player\n");
            return -1;
        }
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
        struct log_decision d;
        if (decision(sv, role, j, json_string_value(kind), &d, &o->message) != 0)
            status = 400;
        else
            serve_enter_decision(sv, role, &d, o);
    }
    json_decref(j);
    return status;
}
