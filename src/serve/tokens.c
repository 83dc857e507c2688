/* Tokens from getrandom(2); comparison that takes the same time whatever the bytes. */
#include "serve/tokens.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>
#include "serve/beside.h"

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

static int is_token(const char *s)
{
    return strlen(s) == SERVE_TOKEN_HEX && strspn(s, "0123456789abcdef") == SERVE_TOKEN_HEX;
}

int serve_tokens_load(const char *path, struct serve_tokens *t, struct strbuf *err)
{
    char *data = NULL;
    size_t len = 0;
    int rc = serve_beside_read(path, 4096, &data, &len, err);
    if (rc != 0)
        return rc;
    if (len == 0) {
        free(data);
        return 1;       /* empty (left by a start that could not write it): no link in it to keep */
    }
    memset(t, 0, sizeof *t);
    int ok = 1;
    char *save = NULL;
    for (char *line = strtok_r(data, "\n", &save); line && ok; line = strtok_r(NULL, "\n", &save)) {
        char word[8], hex[SERVE_TOKEN_HEX + 2];
        int seat, used = 0;
        if (sscanf(line, "table %33s", hex) == 1 && is_token(hex) && !t->table[0]) {
            memcpy(t->table, hex, sizeof t->table);
        } else if (sscanf(line, "%7s %d %33s%n", word, &seat, hex, &used) == 3 && strcmp(word, "seat") == 0 &&
                   seat == t->nknown + 1 && seat <= XII_MAX_PLAYERS && is_token(hex) &&
                   (line[used] == 0 || (line[used] == ' ' && strlen(line + used + 1) < XII_NAME_SIZE))) {
            memcpy(t->seat[t->nknown], hex, SERVE_TOKEN_HEX + 1);
            strcpy(t->name[t->nknown++], line[used] ? line + used + 1 : "");
        } else {
            ok = 0;
        }
    }
    free(data);
    if (!ok || !t->table[0]) {
        memset(t, 0, sizeof *t);
        strbuf_printf(err, "%s is not a file of links (remove it to make new links)", path);
        return -1;
    }
    return 0;
}

int serve_tokens_save(const char *path, const struct serve_tokens *t, struct strbuf *err)
{
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "table %s\n", t->table);
    for (int p = 0; p < t->nknown; p++)
        strbuf_printf(&text, "seat %d %s %s\n", p + 1, t->seat[p], t->name[p]);
    int rc = serve_beside_write(path, text.data, text.len, err);
    strbuf_free(&text);
    return rc;
}
