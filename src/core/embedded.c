/* Lookup of the files compiled into the program (templates/) by name. */
#include "core/embedded.h"
#include <string.h>

const struct embedded_file *embedded_find(const char *name)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}
