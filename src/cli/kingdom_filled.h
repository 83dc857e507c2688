/* xii audit --pdf for a Kingdom log: the sheet as the paper should look after the log (the
 * map's marks, the monument's hexes, the graveyards, the ledger written in by hand), drawn by
 * the kingdom's sheet (layout/kingdom_sheet.h) from the audit's state and history. */
#ifndef CLI_KINGDOM_FILLED_H
#define CLI_KINGDOM_FILLED_H
#include "cli/render_options.h"
#include "kingdom/kaudit.h"

/* Writes the filled sheet as ro says; returns the exit status (render_document's). */
int kingdom_filled_output(const struct render_options *ro, const struct kaudit *a, const struct klog *log);
/* The same sheet as one A4 PDF appended to pdf (the table's page link). Returns 0, or -1
 * with why in err. */
int kingdom_filled_pdf(const struct kaudit *a, const struct klog *log, struct strbuf *pdf, struct strbuf *err);

#endif
