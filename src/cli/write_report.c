/* A command's report written to standard output (cli/write_report.h). */
#include "cli/write_report.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/commands.h"

int cli_write_report(const char *cmd, const struct strbuf *out)
{
    if (fwrite(out->data ? out->data : "", 1, out->len, stdout) == out->len && fflush(stdout) == 0)
        return EXIT_OK;
    fprintf(stderr, "xii %s: cannot write the report: %s\n", cmd, strerror(errno));
    return EXIT_OUTPUT;
}
