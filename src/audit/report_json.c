/* The JSON report of an audit: one object with the keys of move-log.md. */
#include <stdlib.h>
#include "core/json.h"
#include "log/ids.h"
#include "audit/report.h"
#include "audit/trace.h"

const char *const log_report_json_broken[] = {"errors", "warnings", "notes", "mismatches",
                                               "players", "players/*", NULL};

static void set(json_t *object, const char *key, json_t *value)
{
    json_object_set_new(object, key, value);
}

/* The diagnostics of one level (errors, warnings) as an array, in report order. */
static json_t *diags_of(const struct log_report_input *in, enum diag_level level)
{
    const struct diag_list *dl = in->diags;
    size_t *order = log_report_order(dl);
    json_t *list = json_array();
    for (size_t i = 0; i < dl->count; i++) {
        const struct diag *d = &dl->items[order[i]];
        if (d->level != level)
            continue;
        json_t *o = json_object();
        set(o, "line", json_integer(d->pos.line));
        set(o, "col", json_integer(d->pos.col));
        set(o, "code", json_text(d->code));
        set(o, "round", json_integer(d->round));
        set(o, "player", json_text(d->player));
        set(o, "message", json_text(d->message));
        json_array_append_new(list, o);
    }
    free(order);
    return list;
}

static json_t *mismatch_side(const struct gamedata *gd, const struct mismatch *m, int side)
{
    const int *v = side ? m->rules : m->sheet;
    size_t n = side ? m->nrules : m->nsheet;
    if (!mismatch_is_set(m) && m->claim.kind != CLAIM_RESERVE)
        return json_integer(v[0]);
    json_t *list = json_array();
    for (size_t k = 0; k < n; k++)
        json_array_append_new(list, mismatch_is_set(m) ? json_text(gd->items[v[k]].id) : json_integer(v[k]));
    return list;
}

static json_t *mismatch_trace(const struct log_replay *r, const struct mismatch *m)
{
    json_t *list = json_array();
    struct log_value v;
    struct log_trace t;
    log_trace_mismatch(r, m, &v, &t);
    for (size_t k = 0; k < t.n; k++) {
        const struct log_trace_step *st = &t.steps[k];
        json_t *o = json_object();
        set(o, "line", json_integer(st->line));
        set(o, "round", json_integer(st->round));
        set(o, "old", json_integer(st->old_value));
        set(o, "new", json_integer(st->new_value));
        set(o, "cause", json_text(st->cause));
        json_array_append_new(list, o);
    }
    log_trace_free(&t);
    return list;
}

static json_t *mismatches(const struct log_replay *r)
{
    json_t *list = json_array();
    for (size_t i = 0; i < r->nmismatches; i++) {
        const struct mismatch *m = &r->mismatches[i];
        json_t *o = json_object();
        set(o, "line", json_integer(m->line));
        set(o, "col", json_integer(m->col));
        set(o, "round", json_integer(m->round));
        set(o, "player", json_text(r->state.cfg.names[m->player]));
        set(o, "what", json_text(claim_name(r->gd, &m->claim)));
        set(o, "sheet", mismatch_side(r->gd, m, 0));
        set(o, "rules", mismatch_side(r->gd, m, 1));
        set(o, "trace", mismatch_trace(r, m));
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *skipped(const struct log_replay *r)
{
    json_t *list = json_array();
    for (size_t i = 0; i < r->nskipped; i++)
        if (i == 0 || r->skipped[i] != r->skipped[i - 1])
            json_array_append_new(list, json_integer(r->skipped[i]));
    return list;
}

static json_t *items(const struct game_state *s, int p, int people)
{
    json_t *list = json_array();
    for (int i = 0; i < s->gd->nitems; i++)
        if (engine_owns(s, p, i) && log_ids_is_person(s->gd, i) == people)
            json_array_append_new(list, json_text(s->gd->items[i].id));
    return list;
}

static json_t *perks(const struct game_state *s, int p)
{
    const struct gamedata *gd = s->gd;
    json_t *o = json_object();
    for (int i = 0; i < gd->nitems; i++)
        if (engine_owns(s, p, i) && gamedata_is_special(&gd->items[i]) && s->p[p].perk[i]) {
            char letter[2] = {s->p[p].perk[i], '\0'};
            set(o, gd->items[i].id, json_text(letter));
        }
    return o;
}

static json_t *reserve(const struct game_state *s, int p)
{
    json_t *list = json_array();
    for (int k = 0; k < s->gd->reserve_slots; k++) {
        const struct reserve_slot *slot = &s->p[p].reserve[k];
        if (slot->state == SLOT_EMPTY)
            continue;
        json_t *o = json_object();
        set(o, "value", json_integer(slot->value));
        set(o, "spent", json_boolean(slot->state == SLOT_SPENT));
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *score(const struct game_state *s, int p)
{
    struct score_breakdown b;
    engine_score(s, p, &b);
    json_t *o = json_object();
    set(o, "total", json_integer(b.total));
    set(o, "assets", json_integer(b.assets));
    set(o, "reputation", json_integer(b.reputation));
    set(o, "people", json_integer(b.people));
    set(o, "infrastructures", json_integer(b.infrastructures));
    set(o, "castle", json_integer(b.castle));
    return o;
}

static json_t *objective(const struct game_state *s)
{
    json_t *o = json_object();
    if (s->cfg.objective < 0) {
        set(o, "id", json_text(LOG_ID_ARCADE));
        set(o, "achieved", json_null());
    } else {
        set(o, "id", json_text(s->gd->objectives[s->cfg.objective].id));
        set(o, "achieved", json_boolean(engine_objective_achieved(s) == 1));
    }
    return o;
}

static json_t *player(const struct log_replay *r, int p)
{
    const struct game_state *s = &r->state;
    const struct gamedata *gd = r->gd;
    const struct player_state *ps = &s->p[p];
    json_t *o = json_object();
    set(o, "name", json_text(s->cfg.names[p]));
    set(o, "town", json_text(s->cfg.towns[p][0] ? s->cfg.towns[p] : NULL));
    json_t *assets = json_object(), *influence = json_object();
    for (int a = 0; a < ASSET_COUNT; a++)
        set(assets, gd->assets[a].id, json_integer(ps->asset[a]));
    for (int l = 0; l < LOCATION_COUNT; l++)
        set(influence, gd->locations[l].id, json_integer(ps->influence[l]));
    set(o, "assets", assets);
    set(o, "influence", influence);
    set(o, "reputation", json_integer(ps->reputation));
    set(o, "people", items(s, p, 1));
    set(o, "infrastructures", items(s, p, 0));
    set(o, "perks", perks(s, p));
    set(o, "reserve", reserve(s, p));
    set(o, "pow", json_integer(engine_pow_full(s, p)));
    set(o, "score", score(s, p));
    if (s->cfg.nplayers == 1)
        set(o, "objective", objective(s));
    return o;
}

json_t *log_report_json_value(const struct log_report_input *in)
{
    const struct log_replay *r = in->replay;
    const struct game_state *s = &r->state;
    json_t *doc = json_object();
    set(doc, "file", json_text(in->file));
    set(doc, "title", json_text(r->title));
    set(doc, "ok", json_boolean(log_report_ok(in)));
    set(doc, "complete", json_boolean(r->started && s->phase == PHASE_GAME_OVER));
    set(doc, "rounds", json_integer(r->started ? s->round : 0));
    if (r->until_round > 0)
        set(doc, "until_round", json_integer(r->until_round));
    set(doc, "errors", diags_of(in, DIAG_ERROR));
    /* Warnings (a line that is not needed) and notes (errors that follow from a refused line,
     * counted) only when there are some. */
    static const struct { enum diag_level level; const char *key; } extra[] = {
        {DIAG_WARNING, "warnings"}, {DIAG_NOTE, "notes"}};
    for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++)
        for (size_t i = 0; i < in->diags->count; i++)
            if (in->diags->items[i].level == extra[k].level) {
                set(doc, extra[k].key, diags_of(in, extra[k].level));
                break;
            }
    set(doc, "mismatches", mismatches(r));
    /* What the lists above leave out (--max-messages), only when they leave something out. */
    if (in->diags->omitted)
        set(doc, "omitted", json_integer((json_int_t)in->diags->omitted));
    set(doc, "skipped", skipped(r));
    json_t *players = json_array();
    for (int p = 0; r->started && p < s->cfg.nplayers; p++)
        json_array_append_new(players, player(r, p));
    set(doc, "players", players);
    json_t *winners = json_array();
    int w[XII_MAX_PLAYERS], n = r->started ? engine_winners(s, w) : 0;
    for (int k = 0; k < n; k++)
        json_array_append_new(winners, json_text(s->cfg.names[w[k]]));
    set(doc, "winners", winners);
    return doc;
}

void log_report_json(const struct log_report_input *in, struct strbuf *out)
{
    json_t *doc = log_report_json_value(in);
    json_doc_write(doc, log_report_json_broken, out);
    json_decref(doc);
}
