/* libFuzzer harness: the shared recorder over the game interface (record/gsession.h) on
 * Kingdom, what `xii play --game kingdom` and `xii serve --game kingdom` do minus the terminal
 * and the network. An input starts a game file (its first byte picks the first k lines of a
 * game the shared greedy player played from a seed, or a new file) and then takes its lines
 * one by one: "undo" takes the last line back, a line starting with '@' enters the legal
 * decision whose index is its second byte (modulo the legal list, as a phone's button does),
 * every other line is typed (short forms, statements, comments, any bytes). After each step
 * the prompt is written, the file on the disk must equal what the session holds, and every
 * few steps the session is closed and the file opened again: it must be accepted (the game's
 * audit finds it clean) and reach the same state. Files live in /dev/shm (fsync costs nothing
 * there) or the temporary folder. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/readfile.h"
#include "core/strbuf.h"
#include "bots/gdrive.h"
#include "kingdom/game.h"
#include "record/gsession.h"
#include "fuzz_recorder.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LINES 48
#define MAX_LEGAL 4096

static char path[256];
static const void *kdata;


/* The log of the game the greedy player played from seed (64 seeds, each played once). */
static const char *played(unsigned seed)
{
    static struct strbuf logs[64];
    static int done[64];
    if (!done[seed % 64]) {
        const struct game *g = &kingdom_game;
        struct strbuf err = STRBUF_INIT;
        logs[seed % 64] = (struct strbuf)STRBUF_INIT;
        struct gdrive d = {.g = g, .data = kdata, .nseats = 1, .seat = {GPLAYER_GREEDY}, .seed = seed % 64,
                           .log = &logs[seed % 64]};
        void *state = malloc(g->state_size);
        struct gscratch sc;
        gscratch_init(&sc, g);
        must(gdrive_play(&d, state, &sc, &err) == 0, "gdrive_play");
        gscratch_free(&sc);
        free(state);
        strbuf_free(&err);
        done[seed % 64] = 1;
    }
    return strbuf_cstr(&logs[seed % 64]);
}

/* The first k lines of a game the greedy player played from seed pick / 4, as the file to
 * continue (a new file when pick % 4 is 0). */
static void start_file(unsigned pick)
{
    FILE *f = fopen(path, "w");
    must(f != NULL, "cannot create the game file");
    if (pick % 4 != 0) {
        int keep = 1 + (int)(pick % 61) * 2, n = 0;
        const char *p = played(pick / 4);
        while (*p && n < keep) {
            size_t l = strcspn(p, "\n");
            fwrite(p, 1, l, f);
            fputc('\n', f);
            n++;
            p += l + (p[l] == '\n');
        }
    }
    fclose(f);
}

/* Closes the session and opens FILE again: it must be accepted and reach the same state. */
static void reopen(struct gsession **s)
{
    const struct game *g = gsession_game(*s);
    void *before = malloc(g->state_size);
    memcpy(before, gsession_state(*s), g->state_size);
    int waiting = gsession_waiting(*s);
    gsession_free(*s);
    struct strbuf err = STRBUF_INIT;
    int rc = gsession_open(s, g, kdata, path, NULL, &err);
    if (rc != 0)
        fprintf(stderr, "%s\n", strbuf_cstr(&err));
    must(rc == 0, "a file the recorder wrote is not accepted again");
    /* Decisions waiting for the rest of their line were never in FILE. */
    if (!waiting)
        must(memcmp(before, gsession_state(*s), g->state_size) == 0, "the file opened again reaches another state");
    free(before);
    strbuf_free(&err);
}

static void step(struct gsession *s, const char *line)
{
    if (strcmp(line, "undo") == 0) {
        struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
        must(gsession_undo(s, &undone, &err) >= 0, "undo failed");
        strbuf_free(&undone);
        strbuf_free(&err);
        return;
    }
    struct gsession_result res;
    if (line[0] == '@') {
        static unsigned char legal[MAX_LEGAL * 64];
        const struct game *g = gsession_game(s);
        size_t cap = sizeof legal / g->decision_size;
        size_t n = gsession_legal(s, legal, NULL, cap);
        if (n == 0 || n > cap)
            return;
        size_t i = (unsigned char)line[1] % n;
        gsession_decide(s, legal + i * g->decision_size, &res);
        must(res.outcome == GSESSION_ACCEPTED, "a listed decision was refused");
    } else {
        gsession_submit(s, line, &res);
        must(res.outcome != GSESSION_WRITE_FAILED, "a write failed");
    }
    gsession_result_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        struct strbuf err = STRBUF_INIT;
        kdata = kingdom_game.data_load(NULL, &err);
        must(kdata != NULL, "the built-in kingdom data does not load");
        strbuf_free(&err);
        const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : (getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        snprintf(path, sizeof path, "%s/fuzz_gsession.%ld.kingdom", dir, (long)getpid());
    }
    if (size == 0)
        return 0;
    start_file(data[0]);
    struct gsession *s = NULL;
    struct strbuf err = STRBUF_INIT;
    int rc = gsession_open(&s, &kingdom_game, kdata, path, NULL, &err);
    strbuf_free(&err);
    must(rc == 0, "a prefix of a game the greedy player played is refused");
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    for (int k = 0; k < MAX_LINES && p < end; k++) {
        char line[FUZZ_LINE_MAX + 1];
        next_input_line(&p, end, line);
        step(s, line);
        struct strbuf prompt = STRBUF_INIT;
        gsession_prompt(s, &prompt);
        strbuf_free(&prompt);
        same_file(path, gsession_text(s));
        if (k % 8 == 7)
            reopen(&s);
    }
    reopen(&s);
    gsession_free(s);
    unlink(path);
    return 0;
}
