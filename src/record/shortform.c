/* The recorder's short forms, written out in full (see record_shortform.h). */
#include "record/session_fields.h"
#include "record/shortform.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "log/parse.h"
#include "log/words.h"
#include "log/write.h"
#include "rules/event_setup.h"

int record_find_player(const struct game_state *s, const char *word)
{
    return engine_seat_named(&s->cfg, word, strlen(word));
}

/* Only numbers, separated by blanks or commas. */
static int numbers_only(const char *t)
{
    int digits = 0;
    for (; *t; t++) {
        if (isdigit((unsigned char)*t))
            digits = 1;
        else if (*t != ' ' && *t != '\t' && *t != ',')
            return 0;
    }
    return digits;
}

static int count_numbers(const char *t)
{
    int n = 0;
    for (; *t; t++)
        n += isdigit((unsigned char)*t) && !isdigit((unsigned char)t[1]);
    return n;
}


/* The difficulty the header names (the default when none), or -1 for an unknown one. */
static int header_difficulty(const struct record_session *s)
{
    const struct log_stmt *st = record_session_header(s, LOG_DIFFICULTY);
    if (!st)
        return s->gd->default_difficulty;
    return gamedata_difficulty(s->gd, st->difficulty.norm, strlen(st->difficulty.norm));
}

enum record_header_step record_header_step(const struct record_session *s)
{
    if (record_session_started(s))
        return RECORD_STEP_GAME;
    const struct log_stmt *players = record_session_header(s, LOG_PLAYERS);
    if (!players)
        return RECORD_STEP_PLAYERS;
    if (players->players.count == 1 && !record_session_header(s, LOG_SOLO))
        return RECORD_STEP_SOLO;
    if (!record_session_header(s, LOG_DIFFICULTY))
        return RECORD_STEP_DIFFICULTY;
    int d = header_difficulty(s);
    if (d >= 0 && event_setup_free_rounds(s->gd, d) > 0 && !record_session_header(s, LOG_EVENTS))
        return RECORD_STEP_EVENTS;
    return RECORD_STEP_READY;
}

/* The setup's diagnostics as text. */
static void setup_errors(const struct diag_list *dl, const char *src, struct strbuf *err)
{
    for (size_t i = 0; i < dl->count; i++)
        diag_format(err, &dl->items[i], src, strlen(src));
}

static int events_line(const struct gamedata *gd, struct event_setup *es, struct strbuf *out)
{
    if (!log_write_events(gd, es->event, out))
        log_write_shortform(LOG_EVENTS, NULL, NULL, out);
    return 0;
}

int record_shortform_seeded_events(const struct gamedata *gd, int d, uint64_t seed, struct strbuf *out,
                                 struct strbuf *comment, struct strbuf *err)
{
    struct event_setup es;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = event_setup_seed(gd, d, seed, &es, &dl);
    if (rc == 0) {
        events_line(gd, &es, out);
        strbuf_printf(comment, "drawn from seed %llu (setup method 1)", (unsigned long long)seed);
    } else {
        setup_errors(&dl, "", err);
    }
    event_setup_free(&es);
    diag_list_free(&dl);
    return rc;
}

/* The events step: the dice rolled at the table, a seed, or the events chosen. */
static int expand_events(const struct record_session *s, const char *t, struct strbuf *out,
                         struct strbuf *comment, struct strbuf *err)
{
    int d = header_difficulty(s);
    char w[32];
    const char *rest = log_first_word(t, w, sizeof w, NULL);
    if (strcasecmp(w, "seed") == 0) {
        uint64_t seed;
        if (event_setup_parse_seed(rest, &seed) != 0) {
            strbuf_printf(err, "a seed is a number from 0 to 18446744073709551615, not '%s'\n", rest);
            return -1;
        }
        return record_shortform_seeded_events(s->gd, d, seed, out, comment, err);
    }
    /* Round numbers go up to 10; the dice of method 1 only to 6 and come without events. */
    int dice = numbers_only(t);
    for (const char *p = t; dice && *p; p++)
        if (isdigit((unsigned char)*p) && (*p > '6' || *p == '0' || isdigit((unsigned char)p[1])))
            dice = 0;
    if (!dice) {
        log_write_shortform(LOG_EVENTS, NULL, t, out);
        return 0;
    }
    struct event_setup es;
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = event_setup_roll(s->gd, d, t, "dice", &es, &dl);
    if (rc == 0) {
        events_line(s->gd, &es, out);
        strbuf_printf(comment, "rolled at the table: %s", t);
    } else {
        setup_errors(&dl, t, err);
    }
    event_setup_free(&es);
    diag_list_free(&dl);
    return rc;
}

static int expand_header(const struct record_session *s, const char *t, struct strbuf *out,
                         struct strbuf *comment, struct strbuf *err)
{
    switch (record_header_step(s)) {
    case RECORD_STEP_PLAYERS:
        log_write_shortform(LOG_PLAYERS, NULL, t, out);
        return 0;
    case RECORD_STEP_SOLO:
        log_write_shortform(LOG_SOLO, NULL, t, out);
        return 0;
    case RECORD_STEP_DIFFICULTY:
        log_write_shortform(LOG_DIFFICULTY, NULL, t, out);
        return 0;
    case RECORD_STEP_EVENTS:
        return expand_events(s, t, out, comment, err);
    default:
        strbuf_puts(out, t);
        return 0;
    }
}

/* Whether every player must avoid the king war (no POW). */
static int all_must_avoid(const struct game_state *st, const struct log_await *a)
{
    for (int p = 0; p < st->cfg.nplayers; p++)
        if (!a->must_avoid[p])
            return 0;
    return 1;
}

/* The short forms of a round in progress, for what is awaited (kind) by `player`. */
static void expand_round(const struct record_session *s, enum log_await_kind kind, int player,
                         const char *t, struct strbuf *out)
{
    const struct game_state *st = &s->replay->state;
    const struct log_await *a = &s->await;
    char w[XII_NAME_SIZE + 2], w2[16];
    const char *rest = log_first_word(t, w, sizeof w, NULL);
    log_first_word(rest, w2, sizeof w2, NULL);
    int named = record_find_player(st, w) >= 0;
    int nums = numbers_only(t);
    switch (kind) {
    case LOG_AWAIT_OUTLAWS: {
        int due = -1, count = 0;
        for (int p = 0; p < st->cfg.nplayers; p++)
            if (a->rolls_due[p] > 0) {
                due = p;
                count++;
            }
        if (named) {
            log_write_shortform(LOG_OUTLAWS, NULL, t, out);
        } else if (nums && count == 1 && count_numbers(t) == a->rolls_due[due]) {
            log_write_shortform(LOG_OUTLAWS, st->cfg.names[due], t, out);
        } else if (nums && (a->pending >> LOG_AWAIT_SHARED & 1u)) {
            log_write_shortform(LOG_SHARED, NULL, t, out);  /* the shared dice may come first */
        } else {
            break;
        }
        return;
    }
    case LOG_AWAIT_SHARED:
        if (!nums)
            break;
        log_write_shortform(LOG_SHARED, NULL, t, out);
        return;
    case LOG_AWAIT_TURN:
        if (named)
            log_write_shortform(LOG_TURN, NULL, t, out);
        else if (nums)
            log_write_shortform(LOG_TURN, st->cfg.names[player], t, out);
        else
            break;
        return;
    case LOG_AWAIT_WAR:
    case LOG_AWAIT_COLLECT: {
        int war = strcasecmp(w2, "avoid") == 0 || strcasecmp(w2, "support") == 0;
        if (!named && strcasecmp(w, "avoid") == 0 && !*rest && (a->pending >> LOG_AWAIT_WAR & 1u) &&
            all_must_avoid(st, a)) {
            log_write_war_all_avoid(&st->cfg, out);     /* no POW anywhere: the whole line */
            return;
        }
        if (named && war && (a->pending >> LOG_AWAIT_WAR & 1u)) {
            log_write_shortform(LOG_WAR, NULL, t, out);
            return;
        }
        if (!(a->pending >> LOG_AWAIT_COLLECT & 1u))
            break;
        if (named)
            log_write_shortform(LOG_COLLECT, NULL, t, out);
        else if (gamedata_location(s->gd, w, strlen(w)) >= 0 && a->collect_player >= 0)
            log_write_shortform(LOG_COLLECT, st->cfg.names[a->collect_player], t, out);
        else
            break;
        return;
    }
    case LOG_AWAIT_GAME_OVER:
        if (!named)
            break;
        log_write_shortform(LOG_CHECK, NULL, t, out);  /* only checks may follow the game */
        return;
    default:
        break;
    }
    strbuf_puts(out, t);
}

int record_shortform_expand(const struct record_session *s, const char *typed, struct strbuf *out,
                          struct strbuf *comment, struct strbuf *err)
{
    char w[XII_NAME_SIZE + 2];
    int quoted;
    const char *rest = log_first_word(typed, w, sizeof w, &quoted);
    const struct log_await *a = &s->await;
    if (!quoted && strcasecmp(w, "round") == 0 && !*rest) {
        if (a->kind == LOG_AWAIT_GAME_OVER) {
            strbuf_printf(err, "the game ended after round %d: only the check lines of the final sheets "
                               "may follow [rule: round-order]\n", s->replay->state.round);
            return -1;
        }
        /* The next round, even early: the replay then says what the round still needs. */
        log_write_round_statement(record_session_started(s) ? s->replay->state.round + 1 : 1, out);
        return 0;
    }
    if (!quoted && log_keyword_kind(w, strlen(w)) != LOG_INVALID) {
        strbuf_puts(out, typed);
        return 0;
    }
    if (!record_session_started(s))
        return expand_header(s, typed, out, comment, err);
    if (a->kind == LOG_AWAIT_RESERVE) {
        /* "3 food" is the reserve die; numbers alone or a name belong to what follows. */
        if (isdigit((unsigned char)w[0]) && !numbers_only(typed)) {
            log_write_shortform(LOG_SPEND, NULL, typed, out);
            return 0;
        }
        expand_round(s, a->then, a->then_player, typed, out);
        return 0;
    }
    expand_round(s, a->kind, a->player, typed, out);
    return 0;
}
