/* The duplex alignment test: one sheet of paper (two pages) to print on both sides before
 * printing town-sheets with the rules summary on their backs. Crosses on the front and the
 * back stand at the same places of the paper when the printer flips on the long edge, with
 * millimetre scales beside them: held against the light, the offset reads off directly. */
#ifndef LAYOUT_DUPLEX_TEST_H
#define LAYOUT_DUPLEX_TEST_H
#include "layout/common.h"

struct duplex_test_options {
    const struct paper *paper;
    int grey;
    const char *footer;     /* the options part of the footer */
};

/* Draws the two pages (front, back). Drawing failures are the canvas's sticky status. */
void duplex_test_draw(struct canvas *c, const struct duplex_test_options *o);

#endif
