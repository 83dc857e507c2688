/* XII Century behind the game interface: the flow's decisions cut into single choices. */
#include "bots/game_xii.h"
#include <stdlib.h>
#include <string.h>
#include "core/game_data.h"
#include "core/xalloc.h"
#include "bots/eval.h"
#include "log/write.h"
#include "rules/flow.h"

/* What is being gathered before the flow takes it whole. */
enum gather { GATHER_NONE, GATHER_OUTLAWS, GATHER_WAR, GATHER_COLLECT };

struct xstate {
    struct game_state s;
    const struct gamedata *gd;
    struct game_config cfg;         /* the header, while the events are drawn */
    int setup_round;                /* the next round whose event chance draws; 0 once the
                                       game has begun */
    int event_count[EVENT_COUNT];
    enum gather gather;
    struct bonus_rolls rolls[XII_MAX_PLAYERS];  /* the outlaws' rolls so far */
    struct war_entry war[XII_MAX_PLAYERS];      /* the war's entries so far */
    int war_seat;                   /* the seat whose entry is being made */
    int war_chosen;                 /* that seat chose; its rolls are being drawn */
    int collect_seat;
    int choice[LOCATION_COUNT];     /* the seat's picks so far, -1 none */
};

enum xkind {
    XD_EVENT,       /* chance: round `a` gets event `b` */
    XD_ROUND,       /* the table begins round `a` */
    XD_OUTLAW_DIE,  /* chance: seat `a`'s next outlaws' bonus roll is `b` */
    XD_SHARED,      /* chance: the shared dice `a`, `b` */
    XD_TURN,        /* chance: seat `c` begins the turn with `a`, `b` */
    XD_MOVE,        /* the turn's player's move */
    XD_END_TURN,    /* the turn's player is done */
    XD_WAR,         /* seat `a` supports (`b` 1) or avoids (`b` 0) */
    XD_WAR_DIE,     /* chance: seat `a`'s next war bonus roll is `b` */
    XD_COLLECT      /* seat `a` takes choice `c` of location `b` */
};

struct xdecision {
    enum xkind kind;
    int a, b, c;
    struct move move;
};

static const char *const seat_names[XII_MAX_PLAYERS] = {"Ann", "Ben", "Cid", "Dee", "Eve"};

static int load(void *data, const char *path, struct diag_list *dl)
{
    return path ? gamedata_load_file(data, path, dl) : gamedata_load_default(data, dl);
}

static const void *data_load(const char *path, struct strbuf *err)
{
    return game_data_new(sizeof(struct gamedata), load, path, err);
}

static void data_free(const void *data)
{
    struct gamedata *gd = (struct gamedata *)data;
    if (gd)
        gamedata_free(gd);
    free(gd);
}

/* The next round from r on whose event chance draws (a round with an event not fixed by the
 * difficulty), or 0 when none is left. */
static int next_free_round(const struct xstate *x, int r)
{
    const struct gd_difficulty *d = &x->gd->difficulties[x->cfg.difficulty];
    for (; r <= GD_ROUNDS; r++)
        if (d->has_event[r] && d->fixed_event[r] < 0)
            return r;
    return 0;
}

static void begin_game(struct xstate *x)
{
    x->setup_round = 0;
    engine_new_game(&x->s, x->gd, &x->cfg, NULL, NULL);
}

static void init(void *state, const void *data, int nseats)
{
    struct xstate *x = state;
    memset(x, 0, sizeof *x);
    x->gd = data;
    x->cfg.nplayers = nseats;
    for (int p = 0; p < nseats; p++)
        strcpy(x->cfg.names[p], seat_names[p]);
    x->cfg.difficulty = x->gd->default_difficulty;
    x->cfg.objective = -1;
    const struct gd_difficulty *d = &x->gd->difficulties[x->cfg.difficulty];
    for (int r = 0; r <= GD_ROUNDS; r++) {
        x->cfg.events[r] = r > 0 ? d->fixed_event[r] : -1;
        if (x->cfg.events[r] >= 0)
            x->event_count[x->cfg.events[r]]++;
    }
    x->setup_round = next_free_round(x, 1);
    if (!x->setup_round)
        begin_game(x);
}

/* The seat that makes the war's next part, or -1 when every entry is in. */
static int war_next(const struct xstate *x)
{
    return x->war_seat < x->s.cfg.nplayers ? x->war_seat : -1;
}

/* The seat whose war entry comes now (the first seat when none is being gathered), and
 * whether it chose support and its rolls are being drawn. */
static int war_seat(const struct xstate *x)
{
    return x->gather == GATHER_WAR ? x->war_seat : 0;
}

static int war_rolling(const struct xstate *x)
{
    return x->gather == GATHER_WAR && x->war_chosen;
}

/* The seat whose outlaws' roll comes next, or -1 when every roll is in. */
static int outlaws_next(const struct xstate *x, const struct awaited *a)
{
    for (int p = 0; p < x->s.cfg.nplayers; p++)
        if (x->rolls[p].nrolls < a->rolls_due[p])
            return p;
    return -1;
}

/* Which of the pending decisions comes now: the outlaws before the shared dice, the war
 * before the location choices, and whatever is being gathered first of all. */
static enum flow_kind now(const struct xstate *x, const struct awaited *a)
{
    if (x->gather == GATHER_OUTLAWS)
        return FLOW_OUTLAWS;
    if (x->gather == GATHER_WAR)
        return FLOW_WAR;
    if (x->gather == GATHER_COLLECT)
        return FLOW_COLLECT;
    if (a->kind == FLOW_WAR || a->kind == FLOW_COLLECT)
        return (a->pending >> FLOW_WAR & 1u) ? FLOW_WAR : FLOW_COLLECT;
    return a->kind;
}

static int current(const void *state)
{
    const struct xstate *x = state;
    if (x->setup_round)
        return GAME_CHANCE;
    struct awaited a;
    flow_awaited(&x->s, &a);
    switch (now(x, &a)) {
    case FLOW_ROUND: return GAME_TABLE;
    case FLOW_OUTLAWS:
    case FLOW_SHARED:
    case FLOW_TURN: return GAME_CHANCE;
    case FLOW_DIE:
    case FLOW_RESERVE: return a.player;
    case FLOW_WAR: return war_rolling(x) ? GAME_CHANCE : war_seat(x);
    case FLOW_COLLECT: return x->gather == GATHER_COLLECT ? x->collect_seat : a.collect_player;
    default: return GAME_OVER;
    }
}

/* Appends a decision to out when there is room, field by field over zeroed bytes (its bytes
 * are its value: the shared rooms compare decisions with memcmp); counts it either way. */
static void add(struct xdecision *out, size_t cap, size_t *n, struct xdecision d)
{
    if (*n < cap) {
        struct xdecision *x = &out[*n];
        memset(x, 0, sizeof *x);
        x->kind = d.kind;
        x->a = d.a;
        x->b = d.b;
        x->c = d.c;
        struct move *m = &x->move;
        m->kind = d.move.kind;
        m->die = d.move.die;
        m->from_reserve = d.move.from_reserve;
        m->source = d.move.source;
        m->target = d.move.target;
        m->perk = d.move.perk;
        m->to = d.move.to;
        m->part[0] = d.move.part[0];
        m->part[1] = d.move.part[1];
        m->target2 = d.move.target2;
        m->amount = d.move.amount;
    }
    (*n)++;
}

static void uniform(double *p, size_t n, size_t cap)
{
    for (size_t i = 0; p && i < n && i < cap; i++)
        p[i] = 1.0 / (double)n;
}

static size_t dice(enum xkind kind, int a, struct xdecision *out, double *p, size_t cap)
{
    size_t n = 0;
    for (int v = 1; v <= 6; v++)
        add(out, cap, &n, (struct xdecision){.kind = kind, .a = a, .b = v});
    uniform(p, n, cap);
    return n;
}

static size_t moves(const struct xstate *x, int end_turn, struct xdecision *out, size_t cap)
{
    size_t room = cap > 0 ? cap : 1;
    struct move *m = xmalloc(room * sizeof *m);
    size_t k = engine_legal_moves(&x->s, 0, m, room), n = 0;
    for (size_t i = 0; i < k; i++) {
        struct xdecision d = {.kind = XD_MOVE};
        if (i < room)
            d.move = m[i];
        add(out, cap, &n, d);
    }
    free(m);
    if (end_turn)
        add(out, cap, &n, (struct xdecision){.kind = XD_END_TURN});
    return n;
}

static size_t legal(const void *state, void *out_, double *p, size_t cap)
{
    const struct xstate *x = state;
    struct xdecision *out = out_;
    size_t n = 0;
    if (x->setup_round) {
        for (int e = 0; e < EVENT_COUNT; e++)
            if (x->event_count[e] < x->gd->max_same_event)
                add(out, cap, &n, (struct xdecision){.kind = XD_EVENT, .a = x->setup_round, .b = e});
        uniform(p, n, cap);
        return n;
    }
    struct awaited a;
    flow_awaited(&x->s, &a);
    switch (now(x, &a)) {
    case FLOW_ROUND:
        add(out, cap, &n, (struct xdecision){.kind = XD_ROUND, .a = a.round});
        return n;
    case FLOW_OUTLAWS:
        if (outlaws_next(x, &a) < 0) {      /* nobody rolls: the attack strikes as it is */
            add(out, cap, &n, (struct xdecision){.kind = XD_OUTLAW_DIE, .a = -1});
            uniform(p, n, cap);
            return n;
        }
        return dice(XD_OUTLAW_DIE, outlaws_next(x, &a), out, p, cap);
    case FLOW_SHARED:
    case FLOW_TURN:
        for (int d1 = 1; d1 <= 6; d1++)
            for (int d2 = 1; d2 <= 6; d2++)
                if (a.kind == FLOW_TURN || d1 != d2)
                    add(out, cap, &n, (struct xdecision){.kind = a.kind == FLOW_TURN ? XD_TURN : XD_SHARED,
                                                         .a = d1, .b = d2, .c = a.player});
        uniform(p, n, cap);
        return n;
    case FLOW_DIE:
        return moves(x, 0, out, cap);
    case FLOW_RESERVE:
        return moves(x, 1, out, cap);
    case FLOW_WAR:
        if (war_rolling(x))
            return dice(XD_WAR_DIE, war_seat(x), out, p, cap);
        add(out, cap, &n, (struct xdecision){.kind = XD_WAR, .a = war_seat(x), .b = 0});
        if (!a.must_avoid[war_seat(x)])
            add(out, cap, &n, (struct xdecision){.kind = XD_WAR, .a = war_seat(x), .b = 1});
        return n;
    case FLOW_COLLECT: {
        int seat = x->gather == GATHER_COLLECT ? x->collect_seat : a.collect_player;
        for (int l = 0; l < LOCATION_COUNT; l++)
            if ((a.collect[seat] >> l & 1u) && (x->gather != GATHER_COLLECT || x->choice[l] < 0)) {
                for (int c = 0; c < x->gd->locations[l].nbonus; c++)
                    add(out, cap, &n, (struct xdecision){.kind = XD_COLLECT, .a = seat, .b = l, .c = c});
                break;
            }
        return n;
    }
    default:
        return 0;
    }
}

/* Applies a whole flow decision; the refusal's words in why. */
static int flow(struct xstate *x, const struct decision *d, struct strbuf *why)
{
    struct flow_outcome out;
    memset(&out, 0, sizeof out);
    if (flow_apply(&x->s, d, NULL, &out) == 0)
        return 0;
    if (why)
        refusal_text(x->gd, &x->s.cfg, &out.why, why);
    return -1;
}

/* The war's next seat, once the current one has made its whole entry. */
static void war_entry_done(struct xstate *x)
{
    x->war_seat++;
    x->war_chosen = 0;
}

static int apply_war(struct xstate *x, const struct xdecision *d, const struct awaited *a, struct strbuf *why)
{
    if (x->gather != GATHER_WAR) {
        x->gather = GATHER_WAR;
        memset(x->war, 0, sizeof x->war);
        x->war_seat = 0;
        x->war_chosen = 0;
    }
    struct war_entry *e = &x->war[d->a];
    if (d->kind == XD_WAR) {
        e->support = d->b;
        x->war_chosen = d->b && a->rolls_due[d->a] > 0;
        if (!x->war_chosen)
            war_entry_done(x);
    } else {
        e->rolls[e->nrolls++] = d->b;
        if (e->nrolls == a->rolls_due[d->a])
            war_entry_done(x);
    }
    if (war_next(x) >= 0)
        return 0;
    x->gather = GATHER_NONE;
    struct decision w = {.kind = FLOW_DEC_WAR};
    memcpy(w.war, x->war, sizeof x->war);
    return flow(x, &w, why);
}

static int apply_collect(struct xstate *x, const struct xdecision *d, const struct awaited *a, struct strbuf *why)
{
    if (x->gather != GATHER_COLLECT) {
        x->gather = GATHER_COLLECT;
        x->collect_seat = d->a;
        for (int l = 0; l < LOCATION_COUNT; l++)
            x->choice[l] = -1;
    }
    x->choice[d->b] = d->c;
    struct flow_pick picks[LOCATION_COUNT];
    size_t n = 0;
    for (int l = 0; l < LOCATION_COUNT; l++)
        if (a->collect[d->a] >> l & 1u) {
            if (x->choice[l] < 0)
                return 0;
            picks[n++] = (struct flow_pick){l, x->choice[l]};
        }
    x->gather = GATHER_NONE;
    struct decision c = {.kind = FLOW_DEC_COLLECT, .player = d->a};
    c.picks = picks;
    c.npicks = n;
    return flow(x, &c, why);
}

static int apply(void *state, const void *decision, struct strbuf *why)
{
    struct xstate *x = state;
    const struct xdecision *d = decision;
    struct xstate before = *x;
    int rc = 0;
    struct awaited a;
    if (!x->setup_round)
        flow_awaited(&x->s, &a);
    switch (d->kind) {
    case XD_EVENT:
        x->cfg.events[d->a] = d->b;
        x->event_count[d->b]++;
        x->setup_round = next_free_round(x, d->a + 1);
        if (!x->setup_round)
            begin_game(x);
        break;
    case XD_ROUND:
        rc = flow(x, &(struct decision){.kind = FLOW_DEC_ROUND, .round = d->a}, why);
        break;
    case XD_OUTLAW_DIE:
        if (x->gather != GATHER_OUTLAWS) {
            x->gather = GATHER_OUTLAWS;
            memset(x->rolls, 0, sizeof x->rolls);
        }
        if (d->a >= 0)
            x->rolls[d->a].rolls[x->rolls[d->a].nrolls++] = d->b;
        if (outlaws_next(x, &a) < 0) {
            x->gather = GATHER_NONE;
            struct decision o = {.kind = FLOW_DEC_OUTLAWS};
            memcpy(o.rolls, x->rolls, sizeof x->rolls);
            rc = flow(x, &o, why);
        }
        break;
    case XD_SHARED:
        rc = flow(x, &(struct decision){.kind = FLOW_DEC_SHARED, .dice = {d->a, d->b}}, why);
        break;
    case XD_TURN:
        rc = flow(x, &(struct decision){.kind = FLOW_DEC_TURN, .player = d->c, .dice = {d->a, d->b}}, why);
        break;
    case XD_MOVE:
        rc = flow(x, &(struct decision){.kind = FLOW_DEC_MOVE, .move = d->move}, why);
        break;
    case XD_END_TURN:
        rc = flow(x, &(struct decision){.kind = FLOW_DEC_END_TURN}, why);
        break;
    case XD_WAR:
    case XD_WAR_DIE:
        rc = apply_war(x, d, &a, why);
        break;
    case XD_COLLECT:
        rc = apply_collect(x, d, &a, why);
        break;
    }
    if (rc != 0)
        *x = before;
    return rc;
}

static void returns(const void *state, double *out)
{
    const struct xstate *x = state;
    for (int p = 0; p < x->s.cfg.nplayers; p++)
        out[p] = engine_score(&x->s, p, NULL);
}

static void write_start(const void *state, const char *comment, struct strbuf *out)
{
    const struct xstate *x = state;
    if (comment)
        log_write_comment(comment, out);
    if (!x->setup_round)
        log_write_header(x->gd, &x->cfg, NULL, out);
}

/* The log's lines of a decision to be applied to state: a line gathered from several
 * decisions is written with its last part. */
static void write_decision(const void *state, const void *decision, struct strbuf *out)
{
    const struct xstate *x = state;
    const struct xdecision *d = decision;
    struct xstate after = *x;
    if (apply(&after, decision, NULL) != 0)
        return;
    switch (d->kind) {
    case XD_EVENT:
        if (!after.setup_round)
            log_write_header(x->gd, &after.cfg, NULL, out);
        break;
    case XD_ROUND:
        log_write_round(d->a, out);
        break;
    case XD_OUTLAW_DIE:
        if (after.gather != GATHER_OUTLAWS) {
            struct bonus_rolls r[XII_MAX_PLAYERS];
            memcpy(r, x->gather == GATHER_OUTLAWS ? x->rolls : (struct bonus_rolls[XII_MAX_PLAYERS]){0},
                   sizeof r);
            if (d->a >= 0)
                r[d->a].rolls[r[d->a].nrolls++] = d->b;
            log_write_outlaws(&x->s, r, out);
        }
        break;
    case XD_SHARED:
        log_write_shared(d->a, d->b, out);
        break;
    case XD_TURN:
        log_write_turn(&x->s, d->c, d->a, d->b, out);
        break;
    case XD_MOVE:
        log_write_move(x->gd, &d->move, out);
        break;
    case XD_END_TURN:
        break;
    case XD_WAR:
    case XD_WAR_DIE:
        if (after.gather != GATHER_WAR) {
            struct war_entry e[XII_MAX_PLAYERS];
            memcpy(e, x->gather == GATHER_WAR ? x->war : (struct war_entry[XII_MAX_PLAYERS]){{0}}, sizeof e);
            if (d->kind == XD_WAR)
                e[d->a].support = d->b;
            else
                e[d->a].rolls[e[d->a].nrolls++] = d->b;
            log_write_war(&x->s, e, out);
        }
        break;
    case XD_COLLECT:
        if (after.gather != GATHER_COLLECT) {
            int choice[LOCATION_COUNT];
            for (int l = 0; l < LOCATION_COUNT; l++)
                choice[l] = x->gather == GATHER_COLLECT ? x->choice[l] : -1;
            choice[d->b] = d->c;
            log_write_collect(&x->s, d->a, choice, out);
        }
        break;
    }
}

static void write_end(const void *state, struct strbuf *out)
{
    const struct xstate *x = state;
    for (int p = 0; p < x->s.cfg.nplayers; p++)
        log_write_check(&x->s, p, 1, out);
}

static double evaluate(const void *state, int seat)
{
    const struct xstate *x = state;
    return x->setup_round ? 0 : play_eval(&x->s, seat);
}

const struct game xii_game = {
    .name = "xii",
    .title = "XII Century",
    .min_seats = 1,
    .max_seats = XII_MAX_PLAYERS,
    .state_size = sizeof(struct xstate),
    .decision_size = sizeof(struct xdecision),
    .data_load = data_load,
    .data_free = data_free,
    .init = init,
    .current = current,
    .legal = legal,
    .apply = apply,
    .returns = returns,
    .write_start = write_start,
    .write_decision = write_decision,
    .write_end = write_end,
    .evaluate = evaluate,
};
