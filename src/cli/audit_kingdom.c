/* xii audit of a kingdom log: data, parse, replay, report (cli/audit_kingdom.h). */
#include "cli/audit_kingdom.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"
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

int audit_kingdom(const struct kingdom_audit_args *ka, const char *src, size_t len)
{
    struct kdata data;
    if (cli_load_kingdom_data(&data, ka->rules) != 0)
        return EXIT_USAGE;
    struct diag_list dl = DIAG_LIST_INIT;
    dl.keep = ka->max_messages;
    struct klog log = {0};
    klog_parse(&log, src, len, ka->name, &dl);
    struct kaudit a;
    struct kaudit_options opt = {ka->until_year};
    kaudit_run(&a, &data, &log, ka->name, &dl, &opt);
    struct kreport_input in = {ka->name, src, len, &log, &a, &dl, ka->until_year};
    struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
    int status = kaudit_ok(&a, &dl) ? EXIT_OK : EXIT_FINDINGS;
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
    if (fwrite(out.data ? out.data : "", 1, out.len, stdout) != out.len || fflush(stdout) != 0) {
        fprintf(stderr, "xii audit: cannot write the report: %s\n", strerror(errno));
        status = EXIT_OUTPUT;
    }
    if (ka->ro && ka->ro->output) {
        int drawn = kingdom_filled_output(ka->ro, &a, &log);
        if (drawn != EXIT_OK && status != EXIT_OUTPUT)
            status = drawn;
    }
    strbuf_free(&out);
    strbuf_free(&err);
    kaudit_free(&a);
    klog_free(&log);
    diag_list_free(&dl);
    kdata_free(&data);
    return status;
}
