/* The kingdom's filled sheet from an audit (cli/kingdom_filled.h). */
#include "cli/kingdom_filled.h"
#include <stdio.h>
#include <string.h>
#include "layout/common.h"
#include "layout/icons.h"
#include "layout/kingdom_sheet.h"

static void copy_cell(char *to, size_t size, const char *from)
{
    snprintf(to, size, "%s", from);
}

/* The marks of the map: mountains, river, buildings, what was lost, the monument, graveyards. */
static void fill_map(const struct kaudit *a, struct ksheet_fill *f)
{
    const struct kstate *s = &a->s;
    for (int k = 0; k < KSHEET_RANGES; k++) {
        f->range_region[k] = s->range_dice[k][0];
        f->range_size[k] = s->range_dice[k][1];
    }
    for (int h = 0; h < KMAP_HEXES; h++) {
        f->mountain[h] = s->terrain[h] == KT_MOUNTAIN;
        int b = kingdom_building_at(s, h);
        f->building[h] = (unsigned char)(b >= 0 ? KSHEET_FARM + b : KSHEET_NONE);
    }
    for (int i = 0; i < s->nriver && i < KSHEET_MAX_RIVER; i++)
        f->river[i] = s->river[i];
    f->nriver = s->nriver < KSHEET_MAX_RIVER ? s->nriver : KSHEET_MAX_RIVER;
    for (int k = 0; k < KSHEET_STAGES && k < KSTAGES; k++)
        f->monument[k] = s->stage < k + 1 ? KMAP_NO_HEX : s->stage_hex[k];
    int graves = 0;
    for (size_t i = 0; i < a->h.count; i++) {
        const struct kchange *c = &a->h.items[i];
        if (c->hex < 0)
            continue;
        if (c->what == KH_GRAVEYARDS && graves < KSHEET_MAX_GRAVES)
            f->graveyard[graves++] = c->hex;
        if ((c->cause == KC_DISASTER || c->cause == KC_STARVE) && c->what >= KH_FARMS &&
            c->what <= KH_VILLAGES && c->kind >= 0) {
            unsigned char *lost = f->erased[c->hex];
            for (int k = 0; k < KSHEET_MAX_ERASED; k++)
                if (lost[k] == KSHEET_NONE) {
                    lost[k] = (unsigned char)(KSHEET_FARM + c->kind);
                    break;
                }
        }
    }
}

/* The ledger and the result box. */
static void fill_ledger(const struct kaudit *a, const struct klog *log, struct ksheet_fill *f)
{
    f->nrows = a->nyears < KSHEET_MAX_YEARS ? a->nyears : KSHEET_MAX_YEARS;
    for (int y = 0; y < f->nrows; y++) {
        struct kledger_cells c;
        struct ksheet_row *row = &f->row[y];
        kaudit_ledger_cells(a, log, y, &c);
        copy_cell(row->dice, sizeof row->dice, c.dice);
        copy_cell(row->picks, sizeof row->picks, c.picks);
        copy_cell(row->built, sizeof row->built, c.built);
        copy_cell(row->traded, sizeof row->traded, c.traded);
        copy_cell(row->lost, sizeof row->lost, c.lost);
        if (a->ledger[y].closed) {
            snprintf(row->food, sizeof row->food, "%d", a->ledger[y].food);
            snprintf(row->ore, sizeof row->ore, "%d", a->ledger[y].ore);
        }
    }
    if (a->s.end) {
        struct strbuf end = STRBUF_INIT;
        kaudit_end_text(&a->s, &end);
        copy_cell(f->result, sizeof f->result, strbuf_cstr(&end));
        strbuf_free(&end);
    }
}

static int draw(struct canvas *c, const void *ctx, struct strbuf *err)
{
    return kingdom_sheet_draw(c, ctx, NULL, err);
}

/* The names and the fill from the audit and the log. */
static void fill(const struct kaudit *a, const struct klog *log, struct ksheet_fill *f)
{
    ksheet_fill_init(f);
    f->ruler = log->names[0][0] ? log->names[0] : NULL;
    f->realm = log->names[1][0] ? log->names[1] : NULL;
    f->capital = log->names[2][0] ? log->names[2] : NULL;
    fill_map(a, f);
    fill_ledger(a, log, f);
}

int kingdom_filled_output(const struct render_options *ro, const struct kaudit *a, const struct klog *log)
{
    struct ksheet_fill f;
    fill(a, log, &f);
    struct diag_list idl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_embedded("kingdom.icons", &idl);
    diag_list_free(&idl);
    struct strbuf footer = STRBUF_INIT;
    render_options_describe(ro, &footer);
    struct kingdom_sheet_options o = {ro->paper, ro->grey, icons, NULL, NULL, NULL, strbuf_cstr(&footer), &f,
                                      a->s.data};
    int status = render_document(ro, "audit", "kingdom-sheet", "Kingdom sheet", draw, &o);
    strbuf_free(&footer);
    icons_free(icons);
    return status;
}

int kingdom_filled_pdf(const struct kaudit *a, const struct klog *log, struct strbuf *pdf, struct strbuf *err)
{
    struct ksheet_fill f;
    fill(a, log, &f);
    struct diag_list idl = DIAG_LIST_INIT;
    struct icon_set *icons = icons_load_embedded("kingdom.icons", &idl);
    diag_list_free(&idl);
    struct kingdom_sheet_options o = {layout_paper_find("a4"), 0, icons, NULL, NULL, NULL, "A4 · colour", &f,
                                      a->s.data};
    struct canvas_memory pages = {NULL, 0};
    struct canvas_options co;
    memset(&co, 0, sizeof co);
    co.backend = CANVAS_CAIRO;
    co.memory = &pages;
    co.title = "Kingdom sheet";
    co.creator = "xii " XII_VERSION;
    int rc = -1;
    struct canvas *c = canvas_new(&co, err);
    if (c && kingdom_sheet_draw(c, &o, NULL, err) != 0)
        canvas_discard(c);
    else if (c && canvas_finish(c, err) == 0 && pages.npages == 1) {
        strbuf_append(pdf, pages.pages[0].data, pages.pages[0].len);
        rc = 0;
    }
    canvas_memory_free(&pages);
    icons_free(icons);
    return rc;
}
