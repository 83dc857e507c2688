/* The kingdom audit's reports: the text (the diagnostics compiler style with a caret, a
 * summary line, the state as the sheet shows it, the ledger of the years, the result), the
 * same as one JSON object (docs/schema/kingdom-audit.json), and the trace of one resource's
 * changes with their causes. */
#ifndef KINGDOM_KREPORT_H
#define KINGDOM_KREPORT_H
#include <stddef.h>
#include "core/diag.h"
#include "core/strbuf.h"
#include "kingdom/kaudit.h"

struct kreport_input {
    const char *file;               /* the log's name as shown */
    const char *src;                /* the log text, for the source lines (may be NULL) */
    size_t srclen;
    const struct klog *log;
    const struct kaudit *audit;
    const struct diag_list *diags;
    int until_year;                 /* --until-year, or 0 */
};

void kreport_text(const struct kreport_input *in, struct strbuf *out);
/* Ends with a line feed. */
void kreport_json(const struct kreport_input *in, struct strbuf *out);
/* Every change of `what` ("food", "ore", "work", "farms", "mines", "villages", "stage",
 * "graveyards"), one a line: "year 2  production  food 1 -> 5". Returns 0, or -1 with the
 * reason in err when what names nothing. */
int kreport_trace(const struct kreport_input *in, const char *what, struct strbuf *out, struct strbuf *err);

/* The diagnostics in file order (stable within a line), as indexes; the caller frees. */
size_t *kreport_order(const struct diag_list *dl);

#endif
