/* libFuzzer harness: the recorder's session (what `xii play` and `xii serve` do with typed
 * lines, minus the terminal). An input starts a game file (its first byte picks the first
 * k statements of a generated 2- to 4-player game, or an empty file) and then types its lines
 * one by one: "undo" takes the last statement back, a line starting with a tab asks for the
 * completions of the rest (cut at its middle), every other line is submitted as typed. After
 * each step the prompt, the awaited sentence and its example are written, the file on the
 * disk must equal what the session holds, and every few steps the session is closed and the
 * file opened again: it must be accepted and reach the same report. Files live in /dev/shm
 * (fsync costs nothing there) or the temporary folder. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/diag.h"
#include "core/readfile.h"
#include "core/strbuf.h"
#include "bots/gen.h"
#include "record/complete.h"
#include "record/session.h"
#include "record/text.h"
#include "rules/gamedata.h"
#include "../unit/gamedata_fixture.h"
#include "fuzz_recorder.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[256];

#define MAX_LINES 48


/* The first k statement lines of a generated game, as the file to continue. */
static void start_file(unsigned pick)
{
    FILE *f = fopen(path, "w");
    must(f != NULL, "cannot create the game file");
    if (pick % 4 != 0) {
        struct strbuf game = STRBUF_INIT;
        struct log_gen_options opt = {2 + (int)(pick % 3), pick / 4, 0};
        must(log_gen_game(&GD, &opt, &game, NULL) == 0, "log_gen_game");
        int keep = 5 + (int)(pick % 97) * 3, n = 0;
        const char *p = strbuf_cstr(&game);
        while (*p && n < keep) {
            size_t l = strcspn(p, "\n");
            fwrite(p, 1, l, f);
            fputc('\n', f);
            n += p[strspn(p, " \t")] != '\n' && p[strspn(p, " \t")] != '#';
            p += l + (p[l] == '\n');
        }
        strbuf_free(&game);
    }
    fclose(f);
}

static void step_texts(const struct record_session *s)
{
    struct strbuf t = STRBUF_INIT;
    record_text_prompt(s, &t);
    record_text_awaited(s, &t);
    record_text_example(s, &t);
    strbuf_free(&t);
}

static void complete(const struct record_session *s, const char *line)
{
    size_t n = strlen(line), cut = n / 2;
    char *before = strndup(line, cut);
    struct record_words w = {0};
    record_complete(s, before, line + cut, &w);
    record_words_free(&w);
    free(before);
}

static void reopen(struct record_session **s)
{
    struct strbuf before = STRBUF_INIT, after = STRBUF_INIT, err = STRBUF_INIT;
    record_session_report(*s, &before);
    record_session_free(*s);
    int rc = record_session_open(s, &GD, path, &err);
    must(rc == 0, "a file the recorder wrote is not accepted again");
    record_session_report(*s, &after);
    must(strcmp(strbuf_cstr(&before), strbuf_cstr(&after)) == 0, "the file opened again reaches another report");
    strbuf_free(&before);
    strbuf_free(&after);
    strbuf_free(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        fx_gamedata();
        const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : (getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        snprintf(path, sizeof path, "%s/fuzz_record.%ld.xii", dir, (long)getpid());
    }
    if (size == 0)
        return 0;
    start_file(data[0]);
    struct record_session *s = NULL;
    struct strbuf err = STRBUF_INIT;
    if (record_session_open(&s, &GD, path, &err) != 0) {
        record_session_free(s);
        strbuf_free(&err);
        unlink(path);
        return 0;
    }
    strbuf_free(&err);
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    for (int k = 0; k < MAX_LINES && p < end; k++) {
        char line[FUZZ_LINE_MAX + 1];
        next_input_line(&p, end, line);
        if (strcmp(line, "undo") == 0) {
            struct strbuf undone = STRBUF_INIT, uerr = STRBUF_INIT;
            must(record_session_undo(s, &undone, &uerr) == 0, "undo failed");
            strbuf_free(&undone);
            strbuf_free(&uerr);
        } else if (line[0] == '\t') {
            complete(s, line + 1);
        } else {
            struct record_result res;
            record_session_submit(s, line, &res);
            must(res.outcome != RECORD_WRITE_FAILED, "a write failed");
            record_result_free(&res);
        }
        step_texts(s);
        same_file(path, record_session_text(s));
        if (k % 8 == 7)
            reopen(&s);
    }
    reopen(&s);
    record_session_free(s);
    unlink(path);
    return 0;
}
