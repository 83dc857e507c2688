/* A command's report written to standard output, a failure said in the command's words. */
#ifndef CLI_WRITE_REPORT_H
#define CLI_WRITE_REPORT_H
#include "core/strbuf.h"

/* Writes out to standard output and flushes it. Returns EXIT_OK, or EXIT_OUTPUT after printing
 * "xii CMD: cannot write the report: ..." on stderr. */
int cli_write_report(const char *cmd, const struct strbuf *out);

#endif
