/* The kingdom's map: codes, regions, next-to in codes and in axial form, ring 1 and the edge. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "kingdom/map.h"

static int hex(const char *code)
{
    return kmap_parse(code, strlen(code));
}

static void codes_round_trip(void **st)
{
    (void)st;
    for (int h = 0; h < KMAP_HEXES; h++)
        assert_int_equal(hex(kmap_hex(h)->code), h);
    assert_int_equal(hex("e5"), kmap_capital());
    assert_int_equal(hex("A6"), KMAP_NO_HEX);
    assert_int_equal(hex("E0"), KMAP_NO_HEX);
    assert_int_equal(hex("J1"), KMAP_NO_HEX);
    assert_int_equal(hex("E10"), KMAP_NO_HEX);
    assert_int_equal(kmap_hex(kmap_capital())->dist, 0);
}

static void regions_of_ten(void **st)
{
    (void)st;
    int seen[KMAP_HEXES] = {0};
    for (int g = 1; g <= KMAP_REGIONS; g++) {
        int out[10];
        assert_int_equal(kmap_region_hexes(g, out), 10);
        for (int k = 0; k < 10; k++)
            seen[out[k]]++;
    }
    for (int h = 0; h < KMAP_HEXES; h++)
        assert_int_equal(seen[h], h == kmap_capital() ? 0 : 1);
    /* The spec's lists, a sample from each region. */
    assert_int_equal(kmap_hex(hex("H1"))->region, 1);
    assert_int_equal(kmap_hex(hex("F4"))->region, 2);
    assert_int_equal(kmap_hex(hex("I5"))->region, 3);
    assert_int_equal(kmap_hex(hex("B6"))->region, 4);
    assert_int_equal(kmap_hex(hex("D5"))->region, 5);
    assert_int_equal(kmap_hex(hex("D4"))->region, 6);
}

/* Next to, as the spec says it in codes: same column n-1 and n+1; one column nearer to E rows n
 * and n+1; one column farther from E (or leaving E either way) rows n-1 and n. */
static int adjacent_in_codes(int a, int b)
{
    const struct kmap_hex *x = kmap_hex(a), *y = kmap_hex(b);
    int dc = y->column - x->column;
    if (dc == 0)
        return y->row == x->row - 1 || y->row == x->row + 1;
    if (dc != 1 && dc != -1)
        return 0;
    int nearer = (x->column < 4 && dc == 1) || (x->column > 4 && dc == -1);
    if (nearer)
        return y->row == x->row || y->row == x->row + 1;
    return y->row == x->row - 1 || y->row == x->row;
}

static void next_to_both_ways(void **st)
{
    (void)st;
    for (int a = 0; a < KMAP_HEXES; a++) {
        int nb[6], n = kmap_neighbours(a, nb), count = 0;
        for (int b = 0; b < KMAP_HEXES; b++) {
            assert_int_equal(kmap_adjacent(a, b), adjacent_in_codes(a, b));
            count += kmap_adjacent(a, b);
        }
        assert_int_equal(n, count);
        for (int k = 0; k < n; k++)
            assert_true(kmap_adjacent(a, nb[k]));
    }
}

static void ring_one_and_edge(void **st)
{
    (void)st;
    const char *ring[] = {"E4", "F4", "F5", "E6", "D5", "D4"};
    int nb[6];
    assert_int_equal(kmap_neighbours(kmap_capital(), nb), 6);
    for (int k = 0; k < 6; k++) {
        assert_true(kmap_adjacent(kmap_capital(), hex(ring[k])));
        assert_int_equal(kmap_hex(hex(ring[k]))->dist, 1);
    }
    int edge = 0;
    for (int h = 0; h < KMAP_HEXES; h++)
        edge += kmap_hex(h)->dist == 4;
    assert_int_equal(edge, 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codes_round_trip),
        cmocka_unit_test(regions_of_ten),
        cmocka_unit_test(next_to_both_ways),
        cmocka_unit_test(ring_one_and_edge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
