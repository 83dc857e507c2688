/* xii audit of a kingdom log: data, parse, replay, report (cli/audit_kingdom.h). */
#include "cli/audit_kingdom.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/write_report.h"
#include "cli/kingdom_filled.h"
#include "kingdom/kreport.h"

int cli_load_kingdom_data(struct kdata *d, const char *path)
{
    struct diag_list dl = DIAG_LIST_INIT;
    int rc = path ? kdata_load_file(d, path, &dl) : kdata_load_default(d, &dl);
    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < dl.count; i++)
        diag_format(&out, &dl.items[i], NULL, 0);
    fputs(strbuf_cstr(&out), stderr);
    strbuf_free(&out);
    diag_list_free(&dl);
    return rc;
}

int kingdom_replay(struct kingdom_replayed *r, const char *rules, const char *name, const char *src, size_t len,
                   size_t keep, int until_year)
{
    if (cli_load_kingdom_data(&r->data, rules) != 0)
        return -1;
    r->dl = (struct diag_list)DIAG_LIST_INIT;
    r->dl.keep = keep;
    r->log = (struct klog){0};
    klog_parse(&r->log, src, len, name, &r->dl);
    struct kaudit_options opt = {until_year};
    kaudit_run(&r->a, &r->data, &r->log, name, &r->dl, &opt);
    return 0;
}

void kingdom_replayed_free(struct kingdom_replayed *r)
{
    kaudit_free(&r->a);
    klog_free(&r->log);
    diag_list_free(&r->dl);
    kdata_free(&r->data);
}

int audit_kingdom(const struct kingdom_audit_args *ka, const char *src, size_t len)
{
    struct kingdom_replayed r;
    if (kingdom_replay(&r, ka->rules, ka->name, src, len, ka->max_messages, ka->until_year) != 0)
        return EXIT_USAGE;
    struct kreport_input in = {ka->name, src, len, &r.log, &r.a, &r.dl, ka->until_year};
    struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
    int status = kaudit_ok(&r.a, &r.dl) ? EXIT_OK : EXIT_FINDINGS;
    if (ka->trace) {
        if (kreport_trace(&in, ka->trace, &out, &err) != 0) {
            fprintf(stderr, "xii audit: %s\n", strbuf_cstr(&err));
            status = EXIT_USAGE;
        }
    } else if (ka->json) {
        kreport_json(&in, &out);
    } else {
        kreport_text(&in, &out);
    }
    if (cli_write_report("audit", &out) != EXIT_OK)
        status = EXIT_OUTPUT;
    if (ka->ro && ka->ro->output) {
        int drawn = kingdom_filled_output(ka->ro, &r.a, &r.log);
        if (drawn != EXIT_OK && status != EXIT_OUTPUT)
            status = drawn;
    }
    strbuf_free(&out);
    strbuf_free(&err);
    kingdom_replayed_free(&r);
    return status;
}
