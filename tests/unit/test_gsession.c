/* The shared recorder over the game interface (record/gsession.h), on Kingdom: whole games
 * entered by decision values give the game's own writer's log byte for byte, audited clean and
 * continued to the same state; typed lines with short forms; refusals that write nothing;
 * undo; a FILE changed from outside refused; a FILE with errors refused in the audit's words. */
#include "test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#include "bots/game_xii.h"
#include "bots/gdrive.h"
#include "kingdom/game.h"
#include "kingdom/kingdom.h"
#include "record/gsession.h"

#include "kingdom_fixture.h"

struct seen {
    struct kdecision *d;
    size_t n, cap;
};

static void collect(void *ctx, const void *state, const void *decision)
{
    (void)state;
    struct seen *s = ctx;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->d = realloc(s->d, s->cap * sizeof *s->d);
        assert_non_null(s->d);
    }
    s->d[s->n++] = *(const struct kdecision *)decision;
}

static char *temp_path(void)
{
    char *path = strdup("/tmp/test_gsession_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    return path;
}

static char *file_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static struct gsession *open_new(const char *path)
{
    struct gsession *s = NULL;
    struct strbuf err = STRBUF_INIT;
    int rc = gsession_open(&s, &kingdom_game, &data, path, NULL, &err);
    if (rc != 0)
        fail_msg("open %s: %d %s", path, rc, strbuf_cstr(&err));
    strbuf_free(&err);
    return s;
}

static void decide_all(struct gsession *s, const struct seen *sn, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        struct gsession_result res;
        gsession_decide(s, &sn->d[i], &res);
        if (res.outcome != GSESSION_ACCEPTED)
            fail_msg("decision %zu: %d %s", i, res.outcome, strbuf_cstr(&res.message));
        gsession_result_free(&res);
    }
}

/* A whole game of seed with player p in its seat: its decisions into sn (emptied first), its
 * log into log (emptied first; may be NULL), its last state into *end. */
static void play(uint64_t seed, enum gplayer p, struct seen *sn, struct strbuf *log, struct kstate *end)
{
    struct strbuf err = STRBUF_INIT;
    sn->n = 0;
    if (log)
        strbuf_reset(log);
    struct gdrive d = {.g = &kingdom_game, .data = &data, .nseats = 1, .seed = seed, .log = log,
                       .seen = collect, .ctx = sn};
    d.seat[0] = p;
    struct gscratch sc;
    gscratch_init(&sc, &kingdom_game);
    if (gdrive_play(&d, end, &sc, &err) != 0)
        fail_msg("seed %llu: %s", (unsigned long long)seed, strbuf_cstr(&err));
    gscratch_free(&sc);
    strbuf_free(&err);
}

/* The example a prompt gives after "Type ...:" (or "for instance:") is read as legal at its
 * state: each prompt of 6 greedy games' every decision (what a player copies from the screen
 * must never be refused). The build step's line lists several forms and is left out. */
struct examples {
    size_t checked;
};

static void example_of(void *ctx, const void *state, const void *decision)
{
    (void)decision;
    struct examples *ex = ctx;
    if (kingdom_game.current(state) < 0)
        return;
    struct strbuf pr = STRBUF_INIT, note = STRBUF_INIT, why = STRBUF_INIT;
    kingdom_game.prompt(state, &pr);
    const char *t = strstr(strbuf_cstr(&pr), "  Type ");
    const char *at = t ? strstr(t, "for instance: ") : NULL;
    const char *colon = t ? strchr(t, ':') : NULL;
    const char *from = at ? at + strlen("for instance: ") : colon && colon < strchr(t, '\n') ? colon + 2 : NULL;
    if (from && !strstr(t, "done to end")) {
        size_t len = strcspn(from, ")\n");
        char line[256];
        assert_true(len < sizeof line);
        memcpy(line, from, len);
        line[len] = 0;
        struct kdecision out[64];
        size_t n = 0;
        enum game_line r = kingdom_game.read(state, line, "prompt", 1, out, 64, &n, &note, &why);
        if (r == GAME_LINE_REFUSED)
            fail_msg("the prompt's example \"%s\" is refused:\n%s\n%s", line, strbuf_cstr(&pr), strbuf_cstr(&why));
        ex->checked++;
    }
    strbuf_free(&pr);
    strbuf_free(&note);
    strbuf_free(&why);
}

static void test_prompt_examples_legal(void **st)
{
    (void)st;
    struct examples ex = {0};
    struct strbuf err = STRBUF_INIT;
    struct kstate end;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct gdrive d = {.g = &kingdom_game, .data = &data, .nseats = 1, .seed = seed, .seen = example_of,
                           .ctx = &ex};
        d.seat[0] = GPLAYER_GREEDY;
        struct gscratch sc;
        gscratch_init(&sc, &kingdom_game);
        assert_int_equal(gdrive_play(&d, &end, &sc, &err), 0);
        gscratch_free(&sc);
    }
    assert_true(ex.checked > 100);
    strbuf_free(&err);
}

/* Seeds' games by decision values: FILE is the game's own writer's log, byte for byte; it
 * audits clean; continued, it gives the same state (the end written once). */
static void test_whole_games_by_value(void **st)
{
    (void)st;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        struct seen sn = {0};
        struct strbuf log = STRBUF_INIT, err = STRBUF_INIT;
        struct kstate end;
        play(seed, seed % 2 ? GPLAYER_RANDOM : GPLAYER_GREEDY, &sn, &log, &end);

        char *path = temp_path();
        struct gsession *s = open_new(path);
        /* Half the game, then the session closed and FILE continued. */
        decide_all(s, &sn, 0, sn.n / 2);
        gsession_free(s);
        s = open_new(path);
        /* A line left waiting for its last decision is not in FILE: the session resumes at
         * the start of that line. */
        size_t at = gsession_decisions(s);
        assert_true(at <= sn.n / 2);
        decide_all(s, &sn, at, sn.n);
        assert_true(gsession_over(s));
        assert_int_equal(gsession_current(s), GAME_OVER);
        assert_string_equal(file_text(path), strbuf_cstr(&log));
        struct strbuf audit = STRBUF_INIT;
        assert_int_equal(gsession_audit(s, &audit), 1);
        assert_int_equal(audit.len, 0);
        gsession_free(s);

        s = open_new(path);
        assert_true(gsession_over(s));
        assert_memory_equal(gsession_state(s), &end, sizeof end);
        /* Undo takes the end back with the line that made it; the game is then played again
         * to the same file. */
        struct strbuf undone = STRBUF_INIT;
        assert_true(gsession_undo(s, &undone, &err) > 0);
        assert_false(gsession_over(s));
        assert_non_null(strstr(strbuf_cstr(&undone), "result "));
        assert_int_equal(strlen(file_text(path)) + undone.len, log.len);
        decide_all(s, &sn, gsession_decisions(s), sn.n);
        assert_true(gsession_over(s));
        assert_string_equal(file_text(path), strbuf_cstr(&log));
        strbuf_free(&undone);
        /* Nothing is decided after the end. */
        struct gsession_result res;
        gsession_decide(s, &sn.d[sn.n - 1], &res);
        assert_int_equal(res.outcome, GSESSION_REFUSED);
        gsession_result_free(&res);
        assert_string_equal(file_text(path), strbuf_cstr(&log));
        gsession_free(s);

        unlink(path);
        free(path);
        free(sn.d);
        strbuf_free(&log);
        strbuf_free(&err);
        strbuf_free(&audit);
    }
}

static enum gsession_outcome submit(struct gsession *s, const char *line, struct strbuf *message)
{
    struct gsession_result res;
    gsession_submit(s, line, &res);
    enum gsession_outcome o = res.outcome;
    if (message) {
        strbuf_reset(message);
        strbuf_append(message, res.message.data, res.message.len);
        strbuf_append(message, res.narration.data, res.narration.len);
        strbuf_append(message, res.warnings.data, res.warnings.len);
    }
    gsession_result_free(&res);
    return o;
}

static const char *const setup_lines[] = {
    "3 4 f6 F7 g6 G7", "range 5 2 B4, C4", "G5 F5 G4 H3 I2", "farm G3", "setup MINE F6", "village E7", NULL,
};

static const char setup_log[] =
    "kingdom 1\n"
    "range 3 4 F6 F7 G6 G7\n"
    "range 5 2 B4 C4\n"
    "river G5 F5 G4 H3 I2\n"
    "setup farm G3\n"
    "setup mine F6\n"
    "setup village E7\n";

/* Typed lines, short forms included, written as the game's writer writes them. */
static struct gsession *typed_setup(const char *path)
{
    struct gsession *s = open_new(path);
    struct strbuf msg = STRBUF_INIT;
    for (int i = 0; setup_lines[i]; i++)
        if (submit(s, setup_lines[i], &msg) != GSESSION_ACCEPTED)
            fail_msg("%s: %s", setup_lines[i], strbuf_cstr(&msg));
    strbuf_free(&msg);
    assert_string_equal(file_text(path), setup_log);
    return s;
}

/* A fixture: FILE with the setup typed (typed_setup), its session and a message buffer. */
struct typed {
    char *path;
    struct gsession *s;
    struct strbuf msg;
};

static int typed_begin(void **st)
{
    struct typed *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->path = temp_path();
    t->s = typed_setup(t->path);
    *st = t;
    return 0;
}

static int typed_end(void **st)
{
    struct typed *t = *st;
    gsession_free(t->s);
    strbuf_free(&t->msg);
    unlink(t->path);
    free(t->path);
    free(t);
    return 0;
}

static void test_typed_short_forms(void **st)
{
    struct typed *t = *st;
    assert_int_equal(submit(t->s, "  ", &t->msg), GSESSION_EMPTY);
    assert_int_equal(submit(t->s, "next", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "3 5", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "food  # the capital", &t->msg), GSESSION_ACCEPTED);
    /* Production is told as old -> new with its cause. */
    assert_non_null(strstr(strbuf_cstr(&t->msg), "food 0 -> "));
    if (!strstr(strbuf_cstr(&t->msg), "(yields)"))
        fail_msg("%s", strbuf_cstr(&t->msg));
    assert_int_equal(submit(t->s, "check food 4 ore 2 work 3", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "mine G6", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "# a note", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "1 food", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "done", &t->msg), GSESSION_ACCEPTED);
    assert_true(gsession_waiting(t->s));           /* the end of building is not a line */
    assert_non_null(strstr(strbuf_cstr(&t->msg), "(feeding"));
    /* A note now would be read back before the feeding: it waits for the next line. */
    char fed[40];
    snprintf(fed, sizeof fed, "check food %d", ((const struct kstate *)gsession_state(t->s))->stock[KRES_FOOD]);
    assert_int_equal(submit(t->s, fed, &t->msg), GSESSION_REFUSED);
    assert_non_null(strstr(strbuf_cstr(&t->msg), "done is written with the next line"));
    assert_int_equal(submit(t->s, "# fed", &t->msg), GSESSION_REFUSED);
    assert_int_equal(submit(t->s, "next", &t->msg), GSESSION_ACCEPTED);
    assert_false(gsession_waiting(t->s));
    assert_string_equal(file_text(t->path) + strlen(setup_log), "year 1\n" "fate 3 5\ncapital food  # the capital\n"
                        "check food 4 ore 2 work 3\nbuild mine G6\n# a note\ntrade 1 food\nyear 2\n");
    struct strbuf audit = STRBUF_INIT;
    assert_int_equal(gsession_audit(t->s, &audit), 1);
    strbuf_free(&audit);
    /* Continued: the same state, the comment and the note read back. */
    struct kstate was = *(const struct kstate *)gsession_state(t->s);
    size_t n = gsession_decisions(t->s);
    gsession_free(t->s);
    t->s = open_new(t->path);
    assert_int_equal(gsession_decisions(t->s), n);
    assert_memory_equal(gsession_state(t->s), &was, sizeof was);
}

/* Refusals say where and why in the audit's words, and write nothing. */
static void test_refusals(void **st)
{
    struct typed *t = *st;
    assert_int_equal(submit(t->s, "3 5", &t->msg), GSESSION_REFUSED);       /* the year first */
    if (!strstr(strbuf_cstr(&t->msg), "year 1 is next"))
        fail_msg("%s", strbuf_cstr(&t->msg));
    assert_int_equal(submit(t->s, "next", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "3 7", &t->msg), GSESSION_REFUSED);
    assert_non_null(strstr(strbuf_cstr(&t->msg), ":8:"));                /* FILE's next line */
    assert_non_null(strstr(strbuf_cstr(&t->msg), "read as \"fate 3 7\""));
    assert_int_equal(submit(t->s, "fate 3 5 9", &t->msg), GSESSION_REFUSED);
    assert_int_equal(submit(t->s, "result win", &t->msg), GSESSION_REFUSED);
    assert_int_equal(submit(t->s, "kingdom 1", &t->msg), GSESSION_REFUSED);
    assert_int_equal(submit(t->s, "done", &t->msg), GSESSION_REFUSED);
    assert_int_equal(submit(t->s, "3 5", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "food", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "check food 9", &t->msg), GSESSION_REFUSED);
    assert_non_null(strstr(strbuf_cstr(&t->msg), "the rules give 4"));
    assert_int_equal(submit(t->s, "village F5", &t->msg), GSESSION_REFUSED);  /* the river */
    assert_int_equal(submit(t->s, "farm G3", &t->msg), GSESSION_REFUSED);     /* taken */
    assert_string_equal(file_text(t->path) + strlen(setup_log), "year 1\nfate 3 5\ncapital food\n");
}

static void test_undo(void **st)
{
    struct typed *t = *st;
    struct strbuf undone = STRBUF_INIT, err = STRBUF_INIT;
    assert_int_equal(submit(t->s, "next", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "3 5", &t->msg), GSESSION_ACCEPTED);
    struct kstate after_fate = *(const struct kstate *)gsession_state(t->s);
    assert_int_equal(submit(t->s, "food", &t->msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(t->s, "done", &t->msg), GSESSION_ACCEPTED);
    /* The waiting end of building first, FILE unchanged; then the capital's line. */
    assert_int_equal(gsession_undo(t->s, &undone, &err), 1);
    assert_int_equal(undone.len, 0);
    assert_int_equal(gsession_undo(t->s, &undone, &err), 1);
    assert_string_equal(strbuf_cstr(&undone), "capital food\n");
    assert_memory_equal(gsession_state(t->s), &after_fate, sizeof after_fate);
    assert_string_equal(file_text(t->path) + strlen(setup_log), "year 1\nfate 3 5\n");
    assert_int_equal(submit(t->s, "ore", &t->msg), GSESSION_ACCEPTED);
    assert_string_equal(file_text(t->path) + strlen(setup_log), "year 1\nfate 3 5\ncapital ore\n");
    /* Back to the opening line, which stays. */
    while (gsession_undo(t->s, &undone, &err) > 0)
        ;
    assert_string_equal(file_text(t->path), "kingdom 1\n");
    assert_int_equal(gsession_decisions(t->s), 0);
    strbuf_free(&undone);
    strbuf_free(&err);
}

/* FILE changed from outside: the line is refused as a failed write, nothing changes; a FILE
 * with errors is not continued, and says why in the audit's words. */
static void test_file_safety(void **st)
{
    (void)st;
    char *path = temp_path();
    struct gsession *s = typed_setup(path);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputs("year 1\n", f);
    fclose(f);
    struct gsession_result res;
    gsession_submit(s, "next", &res);
    assert_int_equal(res.outcome, GSESSION_WRITE_FAILED);
    assert_true(res.message.len > 0);
    gsession_result_free(&res);
    assert_int_equal(gsession_decisions(s), 8);     /* the setup's eight */
    gsession_free(s);

    f = fopen(path, "ab");
    assert_non_null(f);
    fputs("fate 3 9\n", f);
    fclose(f);
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(gsession_open(&s, &kingdom_game, &data, path, NULL, &err), 1);
    assert_non_null(strstr(strbuf_cstr(&err), ":9:"));
    gsession_free(s);
    /* A second recorder on the same FILE is refused. */
    unlink(path);
    s = open_new(path);
    struct gsession *t = NULL;
    strbuf_reset(&err);
    assert_int_equal(gsession_open(&t, &kingdom_game, &data, path, NULL, &err), -2);
    gsession_free(t);
    gsession_free(s);
    strbuf_free(&err);
    unlink(path);
    free(path);
}

/* A log written by hand, its opening after a comment (docs/example.kingdom's first lines),
 * is continued; the opening typed again is refused. */
static void test_opening_after_comment(void **st)
{
    (void)st;
    char *path = temp_path();
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("# by hand\n\nKingdom 1\nnames ruler \"Ann\"\n", f);
    fclose(f);
    struct gsession *s = open_new(path);
    struct strbuf msg = STRBUF_INIT;
    assert_int_equal(submit(s, "kingdom 1", &msg), GSESSION_EMPTY);       /* nothing decided yet */
    for (int i = 0; setup_lines[i]; i++)
        assert_int_equal(submit(s, setup_lines[i], &msg), GSESSION_ACCEPTED);
    assert_int_equal(gsession_decisions(s), 8);
    assert_int_equal(submit(s, "kingdom 1", &msg), GSESSION_REFUSED);
    gsession_free(s);
    s = open_new(path);
    assert_int_equal(gsession_decisions(s), 8);
    gsession_free(s);
    /* A second names line: the state cannot tell, the audit of FILE with it can. */
    unlink(path);
    s = open_new(path);
    assert_int_equal(submit(s, "names realm \"Lowmarch\"", &msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(s, "names ruler \"Ann\"", &msg), GSESSION_REFUSED);
    assert_non_null(strstr(strbuf_cstr(&msg), "the names are given once"));
    assert_string_equal(file_text(path), "kingdom 1\nnames realm \"Lowmarch\"\n");
    gsession_free(s);
    /* A new FILE: the opening typed (a log piped in whole) is the one written. */
    unlink(path);
    s = open_new(path);
    assert_int_equal(submit(s, "kingdom 1", &msg), GSESSION_EMPTY);
    assert_string_equal(file_text(path), "kingdom 1\n");
    gsession_free(s);
    strbuf_free(&msg);
    unlink(path);
    free(path);
}

/* A write that fails (a file size limit, as a full disk would): nothing is written, not even
 * part of the line, the session is unchanged and the line may be typed again. */
static void test_failed_write(void **st)
{
    struct typed *t = *st;
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = (rlim_t)strlen(setup_log) + 3;           /* "year 1\n" does not fit */
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    enum gsession_outcome o = submit(t->s, "next", &t->msg);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, was);
    assert_int_equal(o, GSESSION_WRITE_FAILED);
    assert_true(t->msg.len > 0);
    assert_string_equal(file_text(t->path), setup_log);
    assert_int_equal(gsession_decisions(t->s), 8);
    assert_int_equal(submit(t->s, "next", &t->msg), GSESSION_ACCEPTED);
    assert_string_equal(file_text(t->path) + strlen(setup_log), "year 1\n");
}

/* next at building ends it first, as a year line does; a result typed where the end of
 * building ends the game closes it, with the game's own closing lines; a game without the
 * text edges is not taken. */
static void test_next_and_result(void **st)
{
    (void)st;
    char *path = temp_path();
    struct gsession *s = typed_setup(path);
    struct strbuf msg = STRBUF_INIT;
    assert_int_equal(submit(s, "next", &msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(s, "3 5", &msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(s, "food", &msg), GSESSION_ACCEPTED);
    assert_int_equal(submit(s, "next", &msg), GSESSION_ACCEPTED);
    if (!strstr(strbuf_cstr(&msg), "(feeding)"))
        fail_msg("%s", strbuf_cstr(&msg));
    assert_string_equal(file_text(path) + strlen(setup_log), "year 1\nfate 3 5\ncapital food\nyear 2\n");
    assert_int_equal(submit(s, "result loss", &msg), GSESSION_REFUSED);     /* not over */
    gsession_free(s);
    unlink(path);

    /* A game by values to its last decision but one, then its result typed. */
    struct seen sn = {0};
    struct strbuf log = STRBUF_INIT, err = STRBUF_INIT;
    struct kstate end;
    for (uint64_t seed = 1; seed < 200; seed++) {
        play(seed, GPLAYER_GREEDY, &sn, &log, &end);
        if (sn.d[sn.n - 1].kind == KD_DONE)
            break;
    }
    assert_int_equal(sn.d[sn.n - 1].kind, KD_DONE);
    s = open_new(path);
    decide_all(s, &sn, 0, sn.n - 1);
    const struct kstate *k = gsession_state(s);
    struct kstate after = *k;
    kingdom_apply(&after, &sn.d[sn.n - 1], NULL);
    assert_int_equal(submit(s, after.end == KEND_WIN ? "result win" : "result loss", &msg), GSESSION_ACCEPTED);
    assert_true(gsession_over(s));
    assert_string_equal(file_text(path), strbuf_cstr(&log));
    gsession_free(s);
    unlink(path);

    struct gsession *x = NULL;
    strbuf_reset(&err);
    assert_int_equal(gsession_open(&x, &xii_game, NULL, path, NULL, &err), -3);
    assert_non_null(strstr(strbuf_cstr(&err), "XII Century"));
    gsession_free(x);
    free(sn.d);
    strbuf_free(&log);
    strbuf_free(&err);
    strbuf_free(&msg);
    free(path);
}

/* Lines made of the log's words at random, typed at random points of whole games: whatever
 * the recorder accepts, FILE audits clean and is continued to the same state. */
static void test_random_lines(void **st)
{
    (void)st;
    static const char *const words[] = {
        "3", "5", "1", "6", "0", "2", "4", "7", "C4", "D5", "E6", "F5", "G3", "H4", "B2", "A1", "I5", "farm", "mine",
        "village", "monument", "food", "ore", "work", "done", "next", "none", "year", "fate", "six", "build", "trade",
        "starve", "capital", "disaster", "reroll", "check", "result", "win", "loss", "#", "names", "range", "river",
        "setup", "kingdom", "\"x\"", ",",
    };
    const size_t nwords = sizeof words / sizeof words[0];
    uint64_t r = 2026;
    char *path = temp_path();
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct seen sn = {0};
        struct strbuf err = STRBUF_INIT, msg = STRBUF_INIT;
        struct kstate end;
        play(seed, GPLAYER_GREEDY, &sn, NULL, &end);
        struct gsession *s = open_new(path);
        for (size_t i = 0; i < sn.n && !gsession_over(s); i++) {
            for (int k = 0; k < 3; k++) {
                char line[160] = "";
                int nw = 1 + (int)((r = r * 6364136223846793005u + 1442695040888963407u) >> 61);
                for (int w = 0; w < nw; w++) {
                    r = r * 6364136223846793005u + 1442695040888963407u;
                    strcat(line, words[(r >> 33) % nwords]);
                    strcat(line, " ");
                }
                submit(s, line, &msg);
            }
            /* And a check line true to the state, accepted or not as the recorder sees fit. */
            char check[40];
            snprintf(check, sizeof check, "check food %d", ((const struct kstate *)gsession_state(s))->stock[KRES_FOOD]);
            submit(s, check, &msg);
            /* Back on the game's path: what the random lines did is taken back. */
            while (gsession_decisions(s) > i) {
                struct strbuf undone = STRBUF_INIT;
                assert_true(gsession_undo(s, &undone, &err) > 0);
                strbuf_free(&undone);
            }
            if (gsession_decisions(s) < i)
                decide_all(s, &sn, gsession_decisions(s), i);
            struct gsession_result res;
            gsession_decide(s, &sn.d[i], &res);
            gsession_result_free(&res);
        }
        struct strbuf audit = STRBUF_INIT;
        if (!gsession_audit(s, &audit))
            fail_msg("seed %llu: %s\n%s", (unsigned long long)seed, strbuf_cstr(&audit), strbuf_cstr(gsession_text(s)));
        struct kstate was = *(const struct kstate *)gsession_state(s);
        gsession_free(s);
        s = open_new(path);
        assert_memory_equal(gsession_state(s), &was, sizeof was);
        gsession_free(s);
        unlink(path);
        strbuf_free(&audit);
        strbuf_free(&err);
        strbuf_free(&msg);
        free(sn.d);
    }
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_games_by_value),
        cmocka_unit_test_setup_teardown(test_typed_short_forms, typed_begin, typed_end),
        cmocka_unit_test_setup_teardown(test_refusals, typed_begin, typed_end),
        cmocka_unit_test_setup_teardown(test_undo, typed_begin, typed_end),
        cmocka_unit_test(test_file_safety),
        cmocka_unit_test(test_opening_after_comment),
        cmocka_unit_test_setup_teardown(test_failed_write, typed_begin, typed_end),
        cmocka_unit_test(test_next_and_result),
        cmocka_unit_test(test_random_lines),
        cmocka_unit_test(test_prompt_examples_legal),
    };
    return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
