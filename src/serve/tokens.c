/* Tokens from getrandom(2); comparison that takes the same time whatever the bytes. */
#include "serve/tokens.h"
#include <errno.h>
#include <string.h>
#include <sys/random.h>

int serve_token_new(char out[SERVE_TOKEN_HEX + 1])
{
    unsigned char raw[SERVE_TOKEN_HEX / 2];
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[SERVE_TOKEN_HEX] = 0;
    return 0;
}

/* Whether given is exactly the token want, reading every byte of both. */
static int same_token(const char *want, const char *given, size_t given_len)
{
    unsigned diff = given_len != SERVE_TOKEN_HEX;
    for (size_t i = 0; i < SERVE_TOKEN_HEX; i++)
        diff |= (unsigned char)want[i] ^ (unsigned char)(i < given_len ? given[i] : 0);
    return diff == 0 && want[0] != 0;
}

int serve_token_role(const struct serve_tokens *t, const char *given)
{
    if (!given)
        return SERVE_NOBODY;
    size_t n = strnlen(given, SERVE_TOKEN_HEX + 1);
    int role = SERVE_NOBODY;
    if (same_token(t->table, given, n))
        role = SERVE_TABLE;
    for (int p = 0; p < t->nseats; p++)
        if (same_token(t->seat[p], given, n))
            role = p;
    return role;
}
