/* Tab completion: candidate lines for the point reached, matched word by word against what
 * is typed; the next word of each matching candidate is offered. */
#include "record/session_fields.h"
#include "log/write.h"
#include "log/words.h"
#include "record/complete.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "record/shortform.h"
#include "core/xalloc.h"
#include "log/ids.h"
#include "log/name.h"

#define MAX_TYPED 32

struct completer {
    const struct record_session *s;
    char typed[MAX_TYPED][XII_NAME_SIZE + 2];   /* the words before the one being typed */
    int ntyped;
    const char *partial;
    struct record_words *out;
};

static void add_word(struct record_words *w, const char *word)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->items[i], word) == 0)
            return;
    void *items = w->items;
    xgrow(&items, &w->cap, w->n + 1, sizeof *w->items);
    w->items = items;
    w->items[w->n++] = xstrdup(word);
}

void record_words_free(struct record_words *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->items[i]);
    free(w->items);
    memset(w, 0, sizeof *w);
}

/* Typed and candidate words compare ignoring case, '_' as '-'. */
static int same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = tolower((unsigned char)(*a == '_' ? '-' : *a));
        int y = tolower((unsigned char)(*b == '_' ? '-' : *b));
        if (x != y)
            return 0;
    }
    return *a == *b;
}

static int has_prefix(const char *word, const char *prefix)
{
    for (; *prefix; word++, prefix++) {
        int x = tolower((unsigned char)(*word == '_' ? '-' : *word));
        int y = tolower((unsigned char)(*prefix == '_' ? '-' : *prefix));
        if (!*word || x != y)
            return 0;
    }
    return 1;
}

/* Offers a word if it completes the partial one. */
static void offer_word(struct completer *c, const char *word)
{
    const char *w = word, *p = c->partial;
    if (*p == '"')
        p++;
    if (*w == '"' && *c->partial != '"')
        w++;    /* "Ann Lee" matches An as well as "An */
    if (has_prefix(*w == '"' ? w + 1 : w, p))
        add_word(c->out, word);
}

/* Offers the next word of a candidate line (words separated by single spaces; a quoted
 * name is one word) when its first words are the typed ones. */
static void offer(struct completer *c, const char *line)
{
    char word[XII_NAME_SIZE + 2];
    const char *p = line;
    for (int k = 0; k < c->ntyped; k++) {
        if (!*p)
            return;
        p = log_first_word(p, word, sizeof word, NULL);
        if (!same_word(word, c->typed[k]))
            return;
    }
    if (!*p)
        return;
    /* The next word as written in the candidate (quotes kept). */
    size_t n = *p == '"' ? strcspn(p + 1, "\"") + 2 : strcspn(p, " ");
    if (n >= sizeof word)
        return;
    memcpy(word, p, n);
    word[n] = 0;
    offer_word(c, word);
}

static void offer2(struct completer *c, const char *a, const char *b)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s %s", a, b);
    offer(c, sb.data);
    strbuf_free(&sb);
}

static const struct game_state *state(const struct completer *c)
{
    return &c->s->replay->state;
}

/* "check NAME ID...": names, then what a check line can name. */
static void offer_check(struct completer *c)
{
    const struct game_state *st = state(c);
    const struct gamedata *gd = c->s->gd;
    char nm[LOG_NAME_WORD_SIZE];
    if (c->ntyped == 1) {
        for (int p = 0; p < st->cfg.nplayers; p++) {
            log_name_word(st->cfg.names[p], nm);
            offer_word(c, nm);
        }
        return;
    }
    if (c->ntyped < 2 || record_find_player(st, c->typed[1]) < 0)
        return;
    if (isdigit((unsigned char)c->partial[0]))
        return;
    static const char *const words[] = {"reputation", "pow", "score", "people", "infrastructures", "reserve"};
    for (int a = 0; a < ASSET_COUNT; a++)
        offer_word(c, gd->assets[a].id);
    for (int l = 0; l < LOCATION_COUNT; l++)
        offer_word(c, gd->locations[l].id);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        offer_word(c, words[i]);
    for (int i = 0; i < gd->nitems; i++)
        offer_word(c, gd->items[i].id);
}

/* Every legal move of the turn in progress in st, as log lines (with and without the
 * `reserve` word for a reserve die when bare is set). */
static void offer_moves(struct completer *c, const struct game_state *st, int bare)
{
    struct move local[512], *moves = local;
    size_t n = engine_legal_moves(st, 0, moves, sizeof local / sizeof local[0]);
    if (n > sizeof local / sizeof local[0]) {
        moves = xmalloc(n * sizeof *moves);
        n = engine_legal_moves(st, 0, moves, n);
    }
    struct strbuf sb = STRBUF_INIT;
    for (size_t k = 0; k < n; k++) {
        strbuf_reset(&sb);
        log_write_move_text(c->s->gd, &moves[k], &sb);
        offer(c, sb.data);
        if (bare && moves[k].from_reserve) {
            struct move die = moves[k];     /* the same die without its `reserve` word */
            die.from_reserve = 0;
            strbuf_reset(&sb);
            log_write_move_text(c->s->gd, &die, &sb);
            offer(c, sb.data);
        }
    }
    strbuf_free(&sb);
    if (moves != local)
        free(moves);
    /* Market conversions are decided after feeding: the engine checks their kind now. */
    static const int into[] = {A_SUPPLY, A_FOOD};
    for (size_t i = 0; i < 2; i++) {
        struct move m = {.kind = MOVE_MARKET, .amount = 1, .target = into[i]};
        if (engine_check(st, &m, NULL) != 0)
            continue;
        if (c->ntyped == 0)
            offer_word(c, "market");
        else if (c->ntyped == 2 && same_word(c->typed[0], "market") && !isdigit((unsigned char)c->partial[0]))
            offer_word(c, c->s->gd->assets[into[i]].id);
    }
}

/* The war line: each player once, avoid or (with POW) support. */
static void offer_war(struct completer *c, int keyword)
{
    const struct game_state *st = state(c);
    const struct log_await *a = &c->s->await;
    char nm[LOG_NAME_WORD_SIZE];
    if (keyword && c->ntyped == 0) {
        offer_word(c, "war");
        return;
    }
    int first = keyword ? 1 : 0;
    if (keyword && !same_word(c->typed[0], "war"))
        return;
    int used[XII_MAX_PLAYERS] = {0}, last = -1, rolls = 0;
    enum { NAME, CHOICE, ROLLS } expect = NAME;
    for (int k = first; k < c->ntyped; k++) {
        const char *w = c->typed[k];
        int p = record_find_player(st, w);
        if (p >= 0 && expect != CHOICE) {
            used[p] = 1;
            last = p;
            expect = CHOICE;
        } else if (expect == CHOICE && same_word(w, "avoid")) {
            expect = NAME;
        } else if (expect == CHOICE && same_word(w, "support")) {
            expect = ROLLS;
            rolls = 0;
        } else if (expect == ROLLS && isdigit((unsigned char)w[0])) {
            rolls++;
        } else {
            return;     /* not a war line: nothing to offer */
        }
    }
    if (expect == ROLLS && rolls < a->rolls_due[last])
        return;     /* the bonus rolls are numbers */
    if (expect == CHOICE) {
        offer_word(c, "avoid");
        if (!a->must_avoid[last])
            offer_word(c, "support");
        return;
    }
    for (int p = 0; p < st->cfg.nplayers; p++)
        if (!used[p]) {
            log_name_word(st->cfg.names[p], nm);
            offer_word(c, nm);
        }
}

/* Location choices still owed this round: "collect NAME LOCATION CHOICE", and the short
 * forms "NAME LOCATION CHOICE" and (for the awaited player) "LOCATION CHOICE". */
static void offer_collect(struct completer *c)
{
    const struct game_state *st = state(c);
    const struct gamedata *gd = c->s->gd;
    struct round_missing m;
    engine_round_missing(st, &m);
    char nm[LOG_NAME_WORD_SIZE];
    struct strbuf sb = STRBUF_INIT, words = STRBUF_INIT;
    for (int p = 0; p < st->cfg.nplayers; p++)
        for (int l = 0; l < LOCATION_COUNT; l++) {
            if (!(m.collect[p] >> l & 1u))
                continue;
            const struct gd_location *loc = &gd->locations[l];
            log_name_word(st->cfg.names[p], nm);
            for (int k = 0; k < loc->nbonus; k++) {
                const char *take = gd->assets[loc->bonus_asset[k]].id;
                strbuf_reset(&words);
                strbuf_printf(&words, "%s %s %s", nm, loc->id, take);
                strbuf_reset(&sb);
                log_write_shortform(LOG_COLLECT, NULL, strbuf_cstr(&words), &sb);
                offer(c, sb.data);
                offer(c, words.data);
                if (p == c->s->await.collect_player)
                    offer2(c, loc->id, take);
            }
        }
    strbuf_free(&sb);
    strbuf_free(&words);
}

/* What a round in progress awaits: kind, and everything pending with it. */
static void offer_round(struct completer *c, enum log_await_kind kind, unsigned pending, int player,
                        int round)
{
    const struct game_state *st = state(c);
    const struct log_await *a = &c->s->await;
    char nm[LOG_NAME_WORD_SIZE], num[16];
    if (kind == LOG_AWAIT_ROUND) {
        snprintf(num, sizeof num, "%d", round);
        offer2(c, "round", num);
    }
    if (pending >> LOG_AWAIT_OUTLAWS & 1u)
        for (int p = 0; p < st->cfg.nplayers; p++)
            if (a->rolls_due[p] > 0) {
                log_name_word(st->cfg.names[p], nm);
                offer2(c, "outlaws", nm);
                offer(c, nm);
            }
    if (pending >> LOG_AWAIT_SHARED & 1u)
        offer(c, "shared");
    if (kind == LOG_AWAIT_TURN && player >= 0) {
        log_name_word(st->cfg.names[player], nm);
        offer2(c, "turn", nm);
        offer(c, nm);
    }
    if (kind == LOG_AWAIT_DIE)
        offer_moves(c, st, 0);
    if (pending >> LOG_AWAIT_WAR & 1u) {
        offer_war(c, 1);
        offer_war(c, 0);
    }
    if (pending >> LOG_AWAIT_COLLECT & 1u)
        offer_collect(c);
}

static void offer_header(struct completer *c)
{
    const struct gamedata *gd = c->s->gd;
    enum record_header_step step = record_header_step(c->s);
    switch (step) {
    case RECORD_STEP_PLAYERS:
        offer(c, "players");
        break;
    case RECORD_STEP_SOLO:
        for (int o = 0; o < gd->nobjectives; o++) {
            offer2(c, "solo", gd->objectives[o].id);
            offer(c, gd->objectives[o].id);
        }
        offer2(c, "solo", LOG_ID_ARCADE);
        offer(c, LOG_ID_ARCADE);
        break;
    case RECORD_STEP_DIFFICULTY:
        for (int d = 0; d < gd->ndifficulties; d++) {
            offer2(c, "difficulty", gd->difficulties[d].id);
            offer(c, gd->difficulties[d].id);
        }
        offer(c, "round");
        break;
    case RECORD_STEP_EVENTS:
        offer(c, "seed");
        offer(c, "events");
        break;
    default: {
        char nm[LOG_NAME_WORD_SIZE];
        const struct log_stmt *players = record_session_header(c->s, LOG_PLAYERS);
        for (size_t k = 0; players && k < players->players.count; k++) {
            log_name_word(players->players.names[k].text, nm);
            offer2(c, "town", nm);
        }
        offer2(c, "variant", LOG_ID_FAMINE_VARIANT);
        offer(c, "game");
        offer2(c, "round", "1");
        break;
    }
    }
}

void record_complete(const struct record_session *s, const char *before, const char *partial,
                   struct record_words *out)
{
    struct completer c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.partial = partial;
    c.out = out;
    const char *p = before;
    while (*p && c.ntyped < MAX_TYPED) {
        p = log_first_word(p, c.typed[c.ntyped], sizeof c.typed[0], NULL);
        if (c.typed[c.ntyped][0])
            c.ntyped++;
        else if (*p)
            p++;
    }
    if (*p)
        return;     /* too many words to follow */
    static const char *const commands[] = {"undo", "show", "log", "hint", "help", "quit"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        offer(&c, commands[i]);
    offer(&c, "check");
    if (c.ntyped >= 1 && same_word(c.typed[0], "check") && s->replay->started)
        offer_check(&c);
    if (c.ntyped == 1 && same_word(c.typed[0], "show") && s->replay->started) {
        char nm[LOG_NAME_WORD_SIZE];
        for (int q = 0; q < s->replay->state.cfg.nplayers; q++) {
            log_name_word(s->replay->state.cfg.names[q], nm);
            offer_word(&c, nm);
        }
    }
    if (!record_session_started(s)) {
        offer_header(&c);
        return;
    }
    const struct log_await *a = &s->await;
    if (a->kind == LOG_AWAIT_RESERVE) {
        offer_moves(&c, log_await_state(s->replay, a), 1);
        offer_round(&c, a->then, a->pending, a->then_player, a->then_round);
        return;
    }
    offer_round(&c, a->kind, a->pending, a->player, a->round);
}
