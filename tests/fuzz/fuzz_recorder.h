/* What the recorders' harnesses (fuzz_record, fuzz_gsession) share: a check that aborts with
 * its words, the game file on the disk compared with what the session holds, and the input cut
 * into typed lines. Include after
 * the standard headers. */
#ifndef FUZZ_RECORDER_H
#define FUZZ_RECORDER_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/readfile.h"
#include "core/strbuf.h"

/* Aborts (the fuzzer's crash) with what, when ok is 0. */
static inline void must(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz: %s\n", what);
        abort();
    }
}

/* The file at path equals text, byte for byte. */
static inline void same_file(const char *path, const struct strbuf *text)
{
    char *bytes = NULL;
    size_t len = 0;
    struct strbuf err = STRBUF_INIT;
    must(readfile(path, (size_t)64 << 20, &bytes, &len, &err) == 0, "the game file cannot be read back");
    must(len == text->len && memcmp(bytes, strbuf_cstr(text), len) == 0, "the game file is not what the session holds");
    free(bytes);
    strbuf_free(&err);
}

#define FUZZ_LINE_MAX 400

/* The next line of the input at *p (before end) into line (FUZZ_LINE_MAX bytes at most, cut at a
 * NUL inside as a C string is), *p moved past it and its line feed. */
static inline void next_input_line(const char **p, const char *end, char line[FUZZ_LINE_MAX + 1])
{
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    size_t n = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
    size_t m = n < FUZZ_LINE_MAX ? n : FUZZ_LINE_MAX;
    memcpy(line, *p, m);
    line[m] = 0;
    *p += n + (nl != NULL);
}

#endif
