/* The one check of an event assignment. */
#include "rules/event_check.h"
#include <string.h>

static void problem(struct event_check *out, int entry, struct refusal r)
{
    int entry_problem = r.what != REF_EVENT_TOO_MANY && r.what != REF_EVENT_MISSING;
    if (out->nproblems >= (entry_problem ? EVENT_CHECK_ENTRIES : EVENT_CHECK_MAX))
        return;
    r.rule = refusal_rule(r.what);
    out->problem[out->nproblems] = r;
    out->entry[out->nproblems++] = entry;
}

int event_check_room(const struct gamedata *gd, const int events[GD_ROUNDS + 1], int e)
{
    int uses = 0;
    for (int r = 1; r <= GD_ROUNDS; r++)
        uses += events[r] == e;
    return uses < gd->max_same_event;
}

/* The entries, one per round, checked one by one; events[] gets what they say. */
static void check_entries(const struct gamedata *gd, int difficulty,
                          const struct event_entry *entries, size_t n, int given[GD_ROUNDS + 1],
                          struct event_check *out)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    for (size_t k = 0; k < n; k++) {
        int r = entries[k].round, e = entries[k].event;
        int at = (int)k;
        if (r < 1 || r > GD_ROUNDS || e < 0 || e >= EVENT_COUNT) {
            problem(out, at, (struct refusal){.what = REF_EVENT_INVALID, .n = {r, e}});
            continue;
        }
        if (given[r] >= 0) {
            problem(out, at, (struct refusal){.what = REF_EVENT_TWICE, .thing = (short)out->events[r],
                                              .thing2 = (short)e, .n = {r}});
            continue;
        }
        given[r] = at;
        out->events[r] = e;     /* as written: the table played it */
        if (d->fixed_event[r] >= 0 && e != d->fixed_event[r])
            problem(out, at, (struct refusal){.what = REF_EVENT_FIXED,
                                              .thing = (short)d->fixed_event[r],
                                              .thing2 = (short)e, .n = {r, difficulty}});
        else if (!d->has_event[r] && d->fixed_event[r] < 0)
            problem(out, at, (struct refusal){.what = REF_EVENT_NO_ROUND, .thing = (short)e,
                                              .n = {r, difficulty}});
    }
}

/* Counts each event's rounds, fixed rounds first, then the others in round order; a round past
 * the limit is a problem and is not counted. */
static void check_limit(const struct gamedata *gd, int difficulty, const int given[GD_ROUNDS + 1],
                        struct event_check *out)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    int counted[GD_ROUNDS + 1];
    for (int r = 0; r <= GD_ROUNDS; r++)
        counted[r] = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int r = 1; r <= GD_ROUNDS; r++) {
            int e = out->events[r];
            if (e < 0 || (d->fixed_event[r] >= 0) != (pass == 0))
                continue;
            if (event_check_room(gd, counted, e)) {
                counted[r] = e;
                continue;
            }
            struct refusal p = {.what = REF_EVENT_TOO_MANY, .thing = (short)e,
                                .n = {r, gd->max_same_event}};
            for (int q = 1; q <= GD_ROUNDS; q++)
                if (counted[q] == e && p.nvalues < sizeof p.values)
                    p.values[p.nvalues++] = (unsigned char)q;
            problem(out, given[r], p);
        }
}

int event_check(const struct gamedata *gd, int difficulty, const struct event_entry *entries,
                size_t n, struct event_check *out)
{
    const struct gd_difficulty *d = &gd->difficulties[difficulty];
    memset(out, 0, sizeof *out);
    int given[GD_ROUNDS + 1];
    for (int r = 0; r <= GD_ROUNDS; r++)
        out->events[r] = given[r] = -1;
    check_entries(gd, difficulty, entries, n, given, out);
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (out->events[r] < 0 && d->fixed_event[r] >= 0)
            out->events[r] = d->fixed_event[r];     /* may be left out */
    check_limit(gd, difficulty, given, out);
    struct refusal missing = {.what = REF_EVENT_MISSING, .n = {0, difficulty}};
    for (int r = 1; r <= GD_ROUNDS; r++)
        if (d->has_event[r] && out->events[r] < 0)
            missing.values[missing.nvalues++] = (unsigned char)r;
    if (missing.nvalues > 0)
        problem(out, -1, missing);
    return out->nproblems;
}
