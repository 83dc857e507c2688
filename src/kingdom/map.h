/* The kingdom's map: 61 flat-topped hexes in a hexagon of radius 4 around the capital (E5),
 * their codes (columns A-I, rows from the top), six regions of ten hexes, next-to and the
 * distance to the capital. Pure geometry: no game state. */
#ifndef KINGDOM_MAP_H
#define KINGDOM_MAP_H
#include <stdbool.h>
#include <stddef.h>

#define KMAP_HEXES 61
#define KMAP_COLUMNS 9
#define KMAP_REGIONS 6
#define KMAP_RADIUS 4
#define KMAP_NO_HEX (-1)

/* A hex is an index 0..60 in code order: A1..A5, B1..B6, ..., E1..E9, ..., I1..I5. */
struct kmap_hex {
    char code[3];       /* "A1" .. "I5", NUL-terminated */
    signed char column; /* 0 (A) .. 8 (I) */
    signed char row;    /* 1 .. column's height, from the top */
    signed char q, r;   /* axial coordinates: q = column - 4, r = row - 1 + max(-4, -4 - q) */
    signed char region; /* 1..6 clockwise from the north; 0 for the capital */
    signed char dist;   /* distance to the capital, 0..4 */
};

/* The hex of index h (0 <= h < KMAP_HEXES). */
const struct kmap_hex *kmap_hex(int h);

/* The capital's index (E5). */
int kmap_capital(void);

/* The hex at axial (q, r), or KMAP_NO_HEX off the map. */
int kmap_at(int q, int r);

/* The hex of a code such as "e5" or "E5" (len bytes, case ignored), or KMAP_NO_HEX. */
int kmap_parse(const char *code, size_t len);

/* Number of hexes in column c (0..8): 5, 6, 7, 8, 9, 8, 7, 6, 5. */
int kmap_column_height(int c);

/* The hexes next to h (sharing an edge), in a fixed order; returns how many (2..6). */
int kmap_neighbours(int h, int out[6]);

/* Whether a and b share an edge. */
bool kmap_adjacent(int a, int b);

/* The hexes of region g (1..6), ten of them, in code order; returns 10 (0 for another g). */
int kmap_region_hexes(int g, int out[10]);

#endif
