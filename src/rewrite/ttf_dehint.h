/* TrueType fonts without their hinting programs, for embedding.
 *
 * cairo copies a font's hinting tables (fpgm, prep, cvt) whole into every subset it embeds,
 * and each glyph's instructions with it: a tenth of a town-sheet PDF. PDF viewers draw
 * glyphs scaled to the page, where hints do not apply; the outlines and metrics stay the
 * same. */
#ifndef REWRITE_TTF_DEHINT_H
#define REWRITE_TTF_DEHINT_H
#include <stddef.h>

/* A copy of the TrueType font ttf (len bytes) without the tables cvt, fpgm, prep, hdmx, LTSH
 * and VDMX, and with no instructions in its glyphs (loca rewritten in the long format).
 * Returns the copy (caller frees) with its length in *out_len, or NULL when ttf is not a
 * TrueType font with glyf outlines or is malformed (then use it as it is). */
unsigned char *rewrite_ttf_dehint(const unsigned char *ttf, size_t len, size_t *out_len);

#endif
