/* The UTF-8 check every reader of outside text shares. */
#include "core/utf8.h"

size_t utf8_len(const unsigned char *p, size_t avail)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0; /* a continuation byte or an overlong two-byte lead */
    if (c < 0xE0)
        return avail >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c < 0xF0) {
        unsigned char lo = c == 0xE0 ? 0xA0 : 0x80; /* no overlong forms */
        unsigned char hi = c == 0xED ? 0x9F : 0xBF; /* no surrogates */
        return avail >= 3 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (c < 0xF5) {
        unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = c == 0xF4 ? 0x8F : 0xBF; /* nothing above U+10FFFF */
        return avail >= 4 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 &&
                       (p[3] & 0xC0) == 0x80
                   ? 4
                   : 0;
    }
    return 0;
}
