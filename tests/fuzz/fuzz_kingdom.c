/* libFuzzer harness: the kingdom's audit (what `xii audit` and `xii audit --json` do for a log
 * whose first line is `kingdom 1`, minus the file reading). Every input is parsed and replayed
 * against the built-in kingdom data, twice (the whole log, and stopped after year size % 21 as
 * --until-year does), reported as text, as JSON and as the traces of food and graveyards, every
 * diagnostic formatted with its caret. Then, at the state the log left, every decision
 * kingdom_legal lists must be accepted by kingdom_apply, and no stock may be negative. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "kingdom/kreport.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct kdata *fx_kdata(void)
{
    static struct kdata d;
    static int loaded;
    if (!loaded) {
        struct diag_list dl = DIAG_LIST_INIT;
        if (kdata_load_default(&d, &dl) != 0)
            abort();
        diag_list_free(&dl);
        loaded = 1;
    }
    return &d;
}

/* The engine's promise: a legal decision is applied; nothing goes below 0. */
static void check_legal(const struct kstate *s)
{
    static struct kdecision room[4096];
    size_t n = kingdom_legal(s, room, 4096);
    for (size_t i = 0; i < n && i < 4096; i++) {
        struct kstate t = *s;
        if (kingdom_apply(&t, &room[i], NULL).rule != KR_NONE)
            __builtin_trap();
        for (int r = 0; r < KRES_COUNT; r++)
            if (t.stock[r] < 0)
                __builtin_trap();
    }
}

static void audit_once(const char *buf, size_t size, const struct klog *log, int until, struct strbuf *out)
{
    struct diag_list dl = DIAG_LIST_INIT;
    dl.keep = 100;
    struct kaudit a;
    struct kaudit_options opt = {until};
    kaudit_run(&a, fx_kdata(), log, "fuzz.kingdom", &dl, &opt);
    struct kreport_input in = {"fuzz.kingdom", buf, size, log, &a, &dl, until};
    kreport_text(&in, out);
    kreport_json(&in, out);
    struct strbuf err = STRBUF_INIT;
    kreport_trace(&in, "food", out, &err);
    kreport_trace(&in, "graveyards", out, &err);
    strbuf_free(&err);
    check_legal(&a.s);
    kaudit_free(&a);
    diag_list_free(&dl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    struct diag_list dl = DIAG_LIST_INIT;
    struct strbuf out = STRBUF_INIT;
    struct klog log = {0};
    klog_parse(&log, buf, size, "fuzz.kingdom", &dl);
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], buf, size);
    audit_once(buf, size, &log, 0, &out);
    audit_once(buf, size, &log, (int)(size % 21), &out);
    klog_is_kingdom(buf, size);
    strbuf_free(&out);
    klog_free(&log);
    diag_list_free(&dl);
    return 0;
}
