/* Files compiled into the program (templates/): the default game data, icons, layouts. */
#ifndef CORE_EMBEDDED_H
#define CORE_EMBEDDED_H
#include <stddef.h>

struct embedded_file {
    const char *name;           /* base name, e.g. "xii-century.rules"; NULL ends the table */
    const unsigned char *data;  /* the bytes, followed by a NUL not counted in size */
    size_t size;
};

extern const struct embedded_file embedded_files[];

/* The embedded file with this base name, or NULL. */
const struct embedded_file *embedded_find(const char *name);

#endif
