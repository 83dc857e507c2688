/* The live replay: marks taken before each statement (and before the end of the log is
 * applied), restored to take a statement back. */
#include "audit/live.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "log/parse.h"
#include "audit/replay_internal.h"

/* Everything a statement can change, as it stood before it: the replay's two structs copied
 * whole, so that every field, today's and tomorrow's, is restored by construction. Only the
 * storage of the growing arrays is not taken back (struct storage): their counts are in the
 * structs, and restoring cuts them to those counts; the one element changed in place (the
 * last turn span, whose end is set when the turn ends) is kept by value. */
struct live_mark {
    struct rp rp;
    struct log_replay out;
    struct log_turn_span last_turn;
    struct diag_mark diags;
    int started;
};

/* The storage of the replay's growing arrays: where they are now and how much room they
 * have. Restoring a mark puts it back over the mark's pointers (which may have moved since). */
struct storage {
    struct hist_rec *history;
    size_t history_cap, lines_cap, mismatch_cap, skipped_cap, turns_cap;
    int *history_lines, *skipped;
    struct mismatch *mismatches;
    struct log_turn_span *turns;
    struct stmt_list towns, variants;
};

/* One statement fed: its tree and its place in it, and the mark before it. */
struct live_stmt {
    struct log_ast *ast;            /* owned by the first statement of the tree */
    size_t index;
    struct live_mark before;
};

struct log_live {
    struct rp rp;
    struct log_replay out;
    struct diag_list dl;
    struct log_ast *empty;          /* names the file before any statement is fed */
    struct live_stmt *stmts;
    size_t count, cap;
    struct live_mark view;          /* before the end of the log was applied */
    int started;
};

static void take_mark(const struct log_live *lv, struct live_mark *m)
{
    m->rp = lv->rp;
    m->out = lv->out;
    m->last_turn = lv->out.nturns ? lv->out.turns[lv->out.nturns - 1] : (struct log_turn_span){0};
    m->diags = diag_list_mark(&lv->dl);
    m->started = lv->started;
}

static struct storage storage_of(const struct log_live *lv)
{
    const struct rp *rp = &lv->rp;
    const struct log_replay *o = &lv->out;
    return (struct storage){o->history.items, o->history.cap, rp->lines_cap, rp->mismatch_cap,
                            rp->skipped_cap, rp->turns_cap, o->history_lines, o->skipped,
                            o->mismatches, o->turns, rp->towns, rp->variants};
}

static void restore_mark(struct log_live *lv, const struct live_mark *m)
{
    struct storage st = storage_of(lv);
    struct log_replay *o = &lv->out;
    /* What only the statements taken back owned. */
    for (size_t i = m->out.nmismatches; i < o->nmismatches; i++)
        mismatch_free(&o->mismatches[i]);
    if (o->title != m->out.title)
        free(o->title);     /* a title is set once, when the game starts */
    lv->rp = m->rp;
    *o = m->out;
    o->history.items = st.history;
    o->history.cap = st.history_cap;
    o->history_lines = st.history_lines;
    o->skipped = st.skipped;
    o->mismatches = st.mismatches;
    o->turns = st.turns;
    lv->rp.lines_cap = st.lines_cap;
    lv->rp.mismatch_cap = st.mismatch_cap;
    lv->rp.skipped_cap = st.skipped_cap;
    lv->rp.turns_cap = st.turns_cap;
    lv->rp.towns.items = st.towns.items;
    lv->rp.towns.cap = st.towns.cap;
    lv->rp.variants.items = st.variants.items;
    lv->rp.variants.cap = st.variants.cap;
    if (o->nturns)
        o->turns[o->nturns - 1] = m->last_turn;
    diag_list_rewind(&lv->dl, m->diags);
    lv->started = m->started;
}

/* Applies the end of the log, after marking where it stood. */
static void show(struct log_live *lv)
{
    take_mark(lv, &lv->view);
    const struct live_stmt *last = lv->count ? &lv->stmts[lv->count - 1] : NULL;
    replay_finish(&lv->rp, last ? last->ast->stmts[last->index].at.line : 0);
}

struct log_live *log_live_new(const struct gamedata *gd, const char *file)
{
    struct log_live *lv = xcalloc(1, sizeof *lv);
    replay_init(&lv->rp, &lv->out, gd, &lv->dl, NULL);
    struct diag_list none = DIAG_LIST_INIT;
    lv->empty = log_parse_from("", 0, file, 1, &none);
    diag_list_free(&none);
    lv->rp.ast = lv->empty;
    show(lv);
    return lv;
}

void log_live_free(struct log_live *lv)
{
    if (!lv)
        return;
    for (size_t i = 0; i < lv->count; i++)
        if (lv->stmts[i].index == 0)
            log_free(lv->stmts[i].ast);
    free(lv->stmts);
    log_free(lv->empty);
    replay_release(&lv->rp);
    /* The replay's result, as log_replay_free frees it (it is not allocated on its own). */
    history_free(&lv->out.history);
    free(lv->out.history_lines);
    for (size_t i = 0; i < lv->out.nmismatches; i++)
        mismatch_free(&lv->out.mismatches[i]);
    free(lv->out.mismatches);
    free(lv->out.skipped);
    free(lv->out.turns);
    free(lv->out.title);
    diag_list_free(&lv->dl);
    free(lv);
}

size_t log_live_feed(struct log_live *lv, struct log_ast *ast)
{
    if (ast->count == 0) {
        log_free(ast);
        return 0;
    }
    restore_mark(lv, &lv->view);
    void *items = lv->stmts;
    xgrow(&items, &lv->cap, lv->count + ast->count, sizeof *lv->stmts);
    lv->stmts = items;
    for (size_t i = 0; i < ast->count; i++) {
        struct live_stmt *ls = &lv->stmts[lv->count++];
        ls->ast = ast;
        ls->index = i;
        take_mark(lv, &ls->before);
        replay_feed(&lv->rp, ast, i);
        enum log_kind k = ast->stmts[i].kind == LOG_INVALID ? ast->stmts[i].invalid.attempted : ast->stmts[i].kind;
        if (k != LOG_INVALID && !replay_is_header(k))
            lv->started = 1;
    }
    show(lv);
    return ast->count;
}

size_t log_live_settled(const struct log_live *lv)
{
    return lv->view.out.history.count;
}

size_t log_live_settled_diags(const struct log_live *lv)
{
    return lv->view.diags.count;
}

int log_live_take_back(struct log_live *lv)
{
    if (lv->count == 0)
        return -1;
    struct live_stmt *ls = &lv->stmts[--lv->count];
    restore_mark(lv, &ls->before);
    if (ls->index == 0)
        log_free(ls->ast);
    show(lv);
    return 0;
}

size_t log_live_count(const struct log_live *lv)
{
    return lv->count;
}

const struct log_stmt *log_live_stmt(const struct log_live *lv, size_t k)
{
    return k < lv->count ? &lv->stmts[k].ast->stmts[lv->stmts[k].index] : NULL;
}

int log_live_started(const struct log_live *lv)
{
    return lv->started;
}

const struct log_replay *log_live_replay(const struct log_live *lv)
{
    return &lv->out;
}

const struct diag_list *log_live_diags(const struct log_live *lv)
{
    return &lv->dl;
}
