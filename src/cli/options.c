/* Reading one option and its value from the command line, GNU style. */
#include "cli/options.h"
#include <string.h>

int cli_option(int argc, char **argv, int *i, const char *longname, const char *shortname,
               const char **value)
{
    const char *a = argv[*i];
    size_t n = strlen(longname);
    if (strncmp(a, longname, n) == 0 && a[n] == '=') {
        *value = a + n + 1;
        *i += 1;
        return 1;
    }
    int exact = strcmp(a, longname) == 0 || (shortname && strcmp(a, shortname) == 0);
    if (!exact && shortname && strncmp(a, shortname, strlen(shortname)) == 0 && a[strlen(shortname)]) {
        *value = a + strlen(shortname);
        *i += 1;
        return 1;
    }
    if (!exact)
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[*i + 1];
    *i += 2;
    return 1;
}
