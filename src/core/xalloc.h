/* Allocation that never returns NULL: running out of memory prints one line and aborts. */
#ifndef CORE_XALLOC_H
#define CORE_XALLOC_H
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grows *items (of *cap elements of size elem) to at least need elements; need > *cap. */
void xgrow_to(void **items, size_t *cap, size_t need, size_t elem);
/* Grows *items (of *cap elements of size elem) to hold at least need elements. The check is
 * inline: most calls (an item appended to a list) find the room there and make no call. */
static inline void xgrow(void **items, size_t *cap, size_t need, size_t elem)
{
    if (need > *cap)
        xgrow_to(items, cap, need, elem);
}

#endif
