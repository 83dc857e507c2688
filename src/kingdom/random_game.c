/* A random legal game of Kingdom, written as its move log. */
#include "kingdom/random_game.h"
#include "kingdom/klog_write.h"

#define ROOM 8192

/* splitmix64: the next number of the stream. */
static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A decision among the legal ones, evenly, with one caution so that games last: a building
 * the stock could not feed at the year's end is not built (the year's building ends instead),
 * and the building step ends one time in three. */
static struct kdecision pick(const struct kstate *s, uint64_t *x, struct kdecision *room)
{
    size_t n = kingdom_legal(s, room, ROOM);
    if (n > ROOM)
        n = ROOM;
    if (kingdom_awaited(s).kind != KA_BUILD)
        return room[next(x) % n];
    struct kdecision d = room[next(x) % n], done = room[n - 1];   /* KD_DONE comes last */
    if (next(x) % 3 == 0)
        return done;
    if (d.kind == KD_BUILD && d.what != KB_MONUMENT) {
        struct kstate t = *s;
        kingdom_apply(&t, &d, NULL);
        if (t.stock[KRES_FOOD] < kingdom_mouths(&t))
            return done;
    }
    return d;
}

void kingdom_random_game(const struct kdata *d, uint64_t seed, struct kstate *s, struct strbuf *out)
{
    static _Thread_local struct kdecision room[ROOM];
    uint64_t x = seed;
    kingdom_init(s, d);
    klog_write_header(out);
    strbuf_puts(out, "\n");
    signed char victims[KMAP_HEXES];
    int nvictims = 0;
    while (kingdom_awaited(s).kind != KA_END) {
        struct kdecision a = pick(s, &x, room);
        if (a.kind != KD_STARVE && nvictims > 0) {
            klog_write_starve(victims, nvictims, out);
            strbuf_putc(out, '\n');
            nvictims = 0;
        }
        kingdom_apply(s, &a, NULL);
        if (a.kind == KD_RANGE_ROLL || a.kind == KD_REROLL) {
            struct kdecision b = pick(s, &x, room);
            kingdom_apply(s, &b, NULL);
            if (a.kind == KD_RANGE_ROLL)
                klog_write_range(&a, &b, out);
            else
                klog_write_reroll(a.a, b.a, out);
        } else if (a.kind == KD_STARVE) {
            victims[nvictims++] = a.hex[0];
            continue;
        } else if (a.kind == KD_DONE) {
            continue;
        } else {
            klog_write_decision(&a, out);
        }
        strbuf_putc(out, '\n');
        if (a.kind == KD_CAPITAL) {
            klog_write_check(s->stock, 7u, out);
            strbuf_putc(out, '\n');
        }
    }
    if (nvictims > 0) {
        klog_write_starve(victims, nvictims, out);
        strbuf_putc(out, '\n');
    }
    klog_write_result(s->end == KEND_WIN, out);
    strbuf_putc(out, '\n');
}
