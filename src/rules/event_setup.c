/* Global-event setup (rules 6.3): which event strikes on which round, for a difficulty. */
#include "rules/event_setup.h"
#include "rules/event_check.h"
#include "rules/rule_ids.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"

void event_setup_free(struct event_setup *s)
{
    if (!s)
        return;
    free(s->rolls);
    s->rolls = NULL;
    s->nrolls = s->caprolls = 0;
}

int event_setup_free_rounds(const struct gamedata *gd, int difficulty)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->has_event[r] && d->fixed_event[r] < 0)
            n++;
    return n;
}

/* How many rounds event e already has in s. */
static int uses(const struct event_setup *s, int e)
{
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (s->event[r] == e)
            n++;
    return n;
}

static int check_rolled(const struct gamedata *gd, struct event_setup *s, const char *source,
                        struct diag_list *dl);

int event_setup_init(const struct gamedata *gd, int difficulty, struct event_setup *out,
                     struct diag_list *dl)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    memset(out, 0, sizeof *out);
    out->difficulty = difficulty;
    out->method = EVENT_METHOD_NONE;
    for (int r = 0; r <= GD_ROUNDS; r++)
        out->event[r] = -1;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->fixed_event[r] >= 0) {
            out->event[r] = d->fixed_event[r];
            out->fixed[r] = 1;
        }
    /* Rule 6.3: no event on more than max_same_event rounds. The data could make that
     * impossible (too many rounds, or fixed rounds using an event up); say so instead of
     * rolling for ever. */
    int room = 0;
    for (int e = 0; e < EVENT_COUNT; e++) {
        int u = uses(out, e);
        if (u > gd->max_same_event) {
            diag_add(dl, DIAG_ERROR, gd->source, d->pos, 0, rule_id_text(RULE_DATA),
                     "difficulty %s fixes %s on %d rounds, more than the %d allowed", d->id,
                     gd->events[e].id, u, gd->max_same_event);
            return -1;
        }
        room += gd->max_same_event - u;
    }
    int need = event_setup_free_rounds(gd, difficulty);
    if (need > room) {
        diag_add(dl, DIAG_ERROR, gd->source, d->pos, 0, rule_id_text(RULE_DATA),
                 "difficulty %s has %d rounds to fill but the events can fill only %d "
                 "(each on at most %d rounds)", d->id, need, room, gd->max_same_event);
        return -1;
    }
    return 0;
}

static void log_roll(struct event_setup *s, int round, int die, int event, int kept)
{
    xgrow((void **)&s->rolls, &s->caprolls, s->nrolls + 1, sizeof *s->rolls);
    s->rolls[s->nrolls++] = (struct event_roll){round, die, event, kept};
}

/* Method 1 for one die: logs it and assigns its event to round r unless the event is used up.
 * Returns 1 when round r got its event, 0 when the die must be re-rolled. */
static int try_die(const struct gamedata *gd, struct event_setup *s, int r, int die)
{
    int e = gamedata_event_by_die(gd, die);
    int kept = e >= 0 && event_check_room(gd, s->event, e);
    log_roll(s, r, die, e, kept);
    if (kept)
        s->event[r] = e;
    return kept;
}

/* splitmix64: see the header. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int event_setup_seed(const struct gamedata *gd, int difficulty, uint64_t seed,
                     struct event_setup *out, struct diag_list *dl)
{
    if (event_setup_init(gd, difficulty, out, dl) != 0)
        return -1;
    out->method = EVENT_METHOD_SEED;
    out->seed = seed;
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    uint64_t state = seed;
    /* Terminates: event_setup_init checked that an event with room is left for every round,
     * and splitmix64 gives every die value with probability 1/6. */
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->has_event[r] && !out->fixed[r])
            while (!try_die(gd, out, r, (int)(splitmix64(&state) % 6u) + 1))
                ;
    return check_rolled(gd, out, "--seed", dl);
}

/* Appends the rounds of d that have no event yet in s to sb ("9, 10"); returns their count. */
static int missing_rounds(const struct gd_difficulty *d, const struct event_setup *s,
                          struct strbuf *sb)
{
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->has_event[r] && s->event[r] < 0) {
            strbuf_printf(sb, "%s%d", n ? ", " : "", r);
            n++;
        }
    return n;
}

static int is_sep(char ch)
{
    return ch == ',' || ch == ';' || isspace((unsigned char)ch);
}

/* The next word of text from *p (separators skipped); sets its start and length, returns 0 at
 * the end. */
static int next_word(const char **p, const char **start, size_t *len)
{
    const char *q = *p;
    while (*q && is_sep(*q))
        q++;
    if (!*q)
        return 0;
    *start = q;
    while (*q && !is_sep(*q))
        q++;
    *len = (size_t)(q - *start);
    *p = q;
    return 1;
}

static struct srcpos pos_in(const char *text, const char *at)
{
    return (struct srcpos){1, (int)(at - text) + 1};
}

/* A decimal number of at most 2 digits in [lo, hi], or -1. */
static int small_number(const char *w, size_t n, int lo, int hi)
{
    if (n == 0 || n > 2)
        return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)w[i]))
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    return v >= lo && v <= hi ? v : -1;
}

int event_setup_roll(const struct gamedata *gd, int difficulty, const char *dice,
                     const char *source, struct event_setup *out, struct diag_list *dl)
{
    if (event_setup_init(gd, difficulty, out, dl) != 0)
        return -1;
    out->method = EVENT_METHOD_ROLL;
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    size_t errors = dl->errors;
    int r = 1;
    const char *p = dice, *w, *first_unused = NULL;
    size_t n;
    while (next_word(&p, &w, &n)) {
        int die = small_number(w, n, 1, 6);
        if (die < 0) {
            diag_add(dl, DIAG_ERROR, source, pos_in(dice, w), (int)n, NULL,
                     "'%.*s' is not a die value: each die is a number from 1 to 6", (int)n, w);
            continue;
        }
        while (r <= GD_ROUNDS && !(d->has_event[r] && out->event[r] < 0))
            r++;
        if (r > GD_ROUNDS) {
            if (!first_unused)
                first_unused = w;
            out->unused_dice++;
            continue;
        }
        try_die(gd, out, r, die);
    }
    if (dl->errors > errors)
        return -1;
    struct strbuf rounds = STRBUF_INIT;
    int missing = missing_rounds(d, out, &rounds);
    if (missing > 0) {
        size_t given = out->nrolls;
        diag_add(dl, DIAG_ERROR, source, (struct srcpos){0, 0}, 0, NULL,
                 "not enough dice: %zu %s used and round%s %s still need%s an event; roll at "
                 "least %d more %s", given, given == 1 ? "die was" : "dice were",
                 missing == 1 ? "" : "s", strbuf_cstr(&rounds), missing == 1 ? "s" : "",
                 missing, missing == 1 ? "die" : "dice");
        strbuf_free(&rounds);
        return -1;
    }
    strbuf_free(&rounds);
    if (check_rolled(gd, out, source, dl) != 0)
        return -1;
    if (out->unused_dice > 0)
        diag_add(dl, DIAG_WARNING, source, pos_in(dice, first_unused), 1, NULL,
                 "every round has its event: the last %zu %s not used", out->unused_dice,
                 out->unused_dice == 1 ? "die was" : "dice were");
    return 0;
}

/* The assignment of s through the one check (event_check.h); each problem becomes an error
 * at its entry (at[k], len[k] in text; none when text is NULL); with entries_only, only the
 * entries' own problems (the text had others). Returns the problem count. */
static int check_assignment(const struct gamedata *gd, struct event_setup *s,
                            const struct event_entry *entries, size_t n, const char *text,
                            const char *const *at, const size_t *len, const char *source,
                            int entries_only, struct diag_list *dl)
{
    struct event_check c;
    event_check(gd, s->difficulty, entries, n, &c);
    struct strbuf sb = STRBUF_INIT;
    for (int k = 0; k < c.nproblems; k++) {
        int e = c.entry[k];
        enum refusal_case what = c.problem[k].what;
        if (entries_only && (what == REF_EVENT_TOO_MANY || what == REF_EVENT_MISSING))
            continue;
        strbuf_reset(&sb);
        refusal_text(gd, NULL, &c.problem[k], &sb);
        struct srcpos pos = e >= 0 && text ? pos_in(text, at[e]) : (struct srcpos){0, 0};
        diag_add(dl, DIAG_ERROR, source, pos, e >= 0 && text ? (int)len[e] : 0,
                 rule_id_text(c.problem[k].rule), "%s", strbuf_cstr(&sb));
    }
    strbuf_free(&sb);
    if (c.nproblems == 0)
        memcpy(s->event, c.events, sizeof s->event);
    return c.nproblems;
}

/* Method 1's result through the same check (it keeps the limit by re-rolling: a problem here
 * is a bug, still reported rather than printed as a valid setup). */
static int check_rolled(const struct gamedata *gd, struct event_setup *s, const char *source,
                        struct diag_list *dl)
{
    struct event_entry entries[GD_ROUNDS];
    size_t n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (s->event[r] >= 0 && !s->fixed[r])
            entries[n++] = (struct event_entry){r, s->event[r]};
    return check_assignment(gd, s, entries, n, NULL, NULL, NULL, source, 0, dl) ? -1 : 0;
}

int event_setup_choose(const struct gamedata *gd, int difficulty, const char *text,
                       const char *source, struct event_setup *out, struct diag_list *dl)
{
    if (event_setup_init(gd, difficulty, out, dl) != 0)
        return -1;
    out->method = EVENT_METHOD_CHOOSE;
    size_t errors = dl->errors;
    struct event_entry *entries = NULL;
    const char **at = NULL;
    size_t *len = NULL, n = 0, cap = 0;
    const char *p = text, *w, *ev;
    size_t wn, evn;
    while (next_word(&p, &w, &wn)) {
        int r = small_number(w, wn, 1, GD_ROUNDS);
        if (r < 0) {
            diag_add(dl, DIAG_ERROR, source, pos_in(text, w), (int)wn, NULL,
                     "expected a round from 1 to %d, found '%.*s'", GD_ROUNDS, (int)wn, w);
            /* Skip its event word too, so one mistake gives one error. */
            next_word(&p, &ev, &evn);
            continue;
        }
        if (!next_word(&p, &ev, &evn)) {
            diag_add(dl, DIAG_ERROR, source, pos_in(text, w), (int)wn, NULL,
                     "round %d has no event after it", r);
            break;
        }
        int e = gamedata_event(gd, ev, evn);
        if (e < 0) {
            diag_add(dl, DIAG_ERROR, source, pos_in(text, ev), (int)evn, NULL,
                     "unknown event '%.*s' (expected fire, plague, famine, civil-war, "
                     "outlaws-attack, water-storm or a die value 1-6)", (int)evn, ev);
            continue;
        }
        if (n == cap) {
            size_t c1 = cap, c2 = cap, c3 = cap;
            xgrow((void **)&entries, &c1, n + 1, sizeof *entries);
            xgrow((void **)&at, &c2, n + 1, sizeof *at);
            xgrow((void **)&len, &c3, n + 1, sizeof *len);
            cap = c1;
        }
        entries[n] = (struct event_entry){r, e};
        at[n] = w;
        len[n++] = (size_t)(ev + evn - w);
    }
    check_assignment(gd, out, entries, n, text, at, len, source, dl->errors > errors, dl);
    free(entries);
    free(at);
    free(len);
    return dl->errors > errors ? -1 : 0;
}

int event_setup_parse_seed(const char *text, uint64_t *seed)
{
    if (!*text)
        return -1;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        unsigned digit = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return -1;
        v = v * 10 + digit;
    }
    *seed = v;
    return 0;
}

void event_setup_format_rolls(const struct gamedata *gd, const struct event_setup *s,
                              struct strbuf *out)
{
    for (size_t i = 0; i < s->nrolls; i++) {
        const struct event_roll *ro = &s->rolls[i];
        if (i == 0 || ro->round != s->rolls[i - 1].round)
            strbuf_printf(out, "%sround %d: ", i ? "; " : "", ro->round);
        else
            strbuf_puts(out, ", ");
        if (ro->kept)
            strbuf_printf(out, "%d %s", ro->die, gd->events[ro->event].name);
        else
            strbuf_printf(out, "%d (%s has %d rounds: re-rolled)", ro->die,
                          gd->events[ro->event].name, gd->max_same_event);
    }
}

void event_setup_format_rounds(const struct gamedata *gd, int difficulty, struct strbuf *out)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    int n = 0;
    for (int r = 1; r <= GD_ROUNDS; r++) {
        if (!d->has_event[r] || (r > 1 && d->has_event[r - 1]))
            continue;
        int end = r;
        while (end < GD_ROUNDS && d->has_event[end + 1])
            end++;
        strbuf_puts(out, n++ ? ", " : "");
        if (end == r)
            strbuf_printf(out, "%d", r);
        else
            strbuf_printf(out, "%d-%d", r, end);
    }
    if (n == 0)
        strbuf_puts(out, "none");
}
