/* libFuzzer harness: the game-data loader. A file that loads is printed as JSON and as text
 * (every table the printers walk must be consistent), and every string it holds must be text
 * the canvas can draw (the sheets print them); every diagnostic is formatted. */
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "draw/canvas.h"
#include "rules/gamedata.h"
#include "rules/gamedata_print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void drawable(struct canvas *c, const char *s)
{
    if (s)
        canvas_text_width(c, FONT_SANS, 10, s);
    if (canvas_status(c))
        __builtin_trap();   /* the loader let through a string no sheet can print */
}

static void check_strings(const struct gamedata *gd)
{
    struct canvas_options co = {0};
    co.backend = CANVAS_TRACE;
    struct strbuf err = STRBUF_INIT;
    struct canvas *c = canvas_new(&co, &err);
    strbuf_free(&err);
    if (!c)
        return;
    for (int a = 0; a < ASSET_COUNT; a++) {
        drawable(c, gd->assets[a].id), drawable(c, gd->assets[a].name);
        drawable(c, gd->assets[a].note), drawable(c, gd->assets[a].perk.text);
    }
    for (int i = 0; i < gd->nitems; i++) {
        drawable(c, gd->items[i].id), drawable(c, gd->items[i].name);
        drawable(c, gd->items[i].note);
        for (int k = 0; k < gd->items[i].nperks; k++)
            drawable(c, gd->items[i].perks[k].text);
    }
    for (int l = 0; l < LOCATION_COUNT; l++)
        drawable(c, gd->locations[l].id), drawable(c, gd->locations[l].name);
    for (int e = 0; e < EVENT_COUNT; e++) {
        drawable(c, gd->events[e].id), drawable(c, gd->events[e].name);
        drawable(c, gd->events[e].letters), drawable(c, gd->events[e].text);
    }
    for (int d = 0; d < gd->ndifficulties; d++)
        drawable(c, gd->difficulties[d].id), drawable(c, gd->difficulties[d].name);
    for (int o = 0; o < gd->nobjectives; o++) {
        drawable(c, gd->objectives[o].id), drawable(c, gd->objectives[o].name);
        drawable(c, gd->objectives[o].text);
    }
    canvas_discard(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct gamedata gd;
    struct strbuf out = STRBUF_INIT;
    if (gamedata_load(&gd, "fuzz.rules", buf, size, &dl) == 0) {
        gamedata_print_json(&gd, &out);
        gamedata_print_text(&gd, &out);
        check_strings(&gd);
        gamedata_free(&gd);
    }
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, size);
    strbuf_free(&out);
    diag_list_free(&dl);
    return 0;
}
