/* The kingdom's map geometry: hex codes, axial coordinates, regions, neighbours, distances. */
#include "kingdom/map.h"
#include <ctype.h>
#include <pthread.h>

static const int heights[KMAP_COLUMNS] = {5, 6, 7, 8, 9, 8, 7, 6, 5};

/* The six regions, clockwise from the north, as column letter and row ranges. */
struct region_run { char column; signed char first, last; signed char region; };
static const struct region_run runs[] = {
    {'E', 1, 4, 1}, {'F', 1, 3, 1}, {'G', 1, 2, 1}, {'H', 1, 1, 1},
    {'F', 4, 4, 2}, {'G', 3, 4, 2}, {'H', 2, 4, 2}, {'I', 1, 4, 2},
    {'F', 5, 8, 3}, {'G', 5, 7, 3}, {'H', 5, 6, 3}, {'I', 5, 5, 3},
    {'B', 6, 6, 4}, {'C', 6, 7, 4}, {'D', 6, 8, 4}, {'E', 6, 9, 4},
    {'A', 2, 5, 5}, {'B', 3, 5, 5}, {'C', 4, 5, 5}, {'D', 5, 5, 5},
    {'A', 1, 1, 6}, {'B', 1, 2, 6}, {'C', 1, 3, 6}, {'D', 1, 4, 6},
};

static struct kmap_hex table[KMAP_HEXES];
static pthread_once_t built = PTHREAD_ONCE_INIT;

static int iabs(int v) { return v < 0 ? -v : v; }
static int imax(int a, int b) { return a > b ? a : b; }

static void build(void)
{
    int h = 0;
    for (int c = 0; c < KMAP_COLUMNS; c++)
        for (int row = 1; row <= heights[c]; row++, h++) {
            struct kmap_hex *x = &table[h];
            int q = c - 4, r = row - 1 + imax(-4, -4 - q);
            x->code[0] = (char)('A' + c);
            x->code[1] = (char)('0' + row);
            x->code[2] = '\0';
            x->column = (signed char)c;
            x->row = (signed char)row;
            x->q = (signed char)q;
            x->r = (signed char)r;
            x->dist = (signed char)imax(iabs(q), imax(iabs(r), iabs(q + r)));
            x->region = 0;
            for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
                if (runs[k].column == x->code[0] && row >= runs[k].first && row <= runs[k].last)
                    x->region = runs[k].region;
        }
}

const struct kmap_hex *kmap_hex(int h)
{
    pthread_once(&built, build);
    return &table[h];
}

int kmap_column_height(int c)
{
    return c >= 0 && c < KMAP_COLUMNS ? heights[c] : 0;
}

static int index_of(int column, int row)
{
    if (column < 0 || column >= KMAP_COLUMNS || row < 1 || row > heights[column])
        return KMAP_NO_HEX;
    int h = 0;
    for (int c = 0; c < column; c++)
        h += heights[c];
    return h + row - 1;
}

int kmap_capital(void)
{
    return index_of(4, 5);
}

int kmap_at(int q, int r)
{
    if (q < -KMAP_RADIUS || q > KMAP_RADIUS)
        return KMAP_NO_HEX;
    return index_of(q + 4, r + 1 - imax(-4, -4 - q));
}

int kmap_parse(const char *code, size_t len)
{
    if (len != 2 || !isdigit((unsigned char)code[1]))
        return KMAP_NO_HEX;
    int column = toupper((unsigned char)code[0]) - 'A';
    return index_of(column, code[1] - '0');
}

int kmap_neighbours(int h, int out[6])
{
    static const int dq[6] = {0, 1, 1, 0, -1, -1}, dr[6] = {-1, -1, 0, 1, 1, 0};
    const struct kmap_hex *x = kmap_hex(h);
    int n = 0;
    for (int k = 0; k < 6; k++) {
        int o = kmap_at(x->q + dq[k], x->r + dr[k]);
        if (o != KMAP_NO_HEX)
            out[n++] = o;
    }
    return n;
}

bool kmap_adjacent(int a, int b)
{
    const struct kmap_hex *x = kmap_hex(a), *y = kmap_hex(b);
    int dq = y->q - x->q, dr = y->r - x->r;
    return imax(iabs(dq), imax(iabs(dr), iabs(dq + dr))) == 1;
}

int kmap_region_hexes(int g, int out[10])
{
    int n = 0;
    for (int h = 0; h < KMAP_HEXES && n < 10; h++)
        if (kmap_hex(h)->region == g && g >= 1)
            out[n++] = h;
    return n;
}
