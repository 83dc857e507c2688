/* The files xii serve keeps beside FILE (serve/beside.h): FILE.links and FILE.war are
 * private regular files, never written through a symbolic link (issue 30: a planted
 * FILE.war link replaced another file's contents; a dangling FILE.links link got the tokens
 * at mode 0644), never a FIFO that would hang the start, made 0600 when found wider.
 * Run from the repository root. */
#include "test.h"
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#include "serve/beside.h"
#include "test_serve.h"

/* Writes text to path. */
static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static mode_t mode_of(const char *path)
{
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    return st.st_mode & 07777;
}

/* A server on FILE name with its links kept at links: serve_server_init's result, why in err.
 * A hang (a FIFO opened) ends the test by SIGALRM. */
static int init_with_links(const char *name, const char *links, struct strbuf *err)
{
    open_new(&S, name);
    alarm(10);
    int rc = serve_server_init(&SV, S, links, err);
    alarm(0);
    if (rc != 0)
        record_session_free(S);
    return rc;
}

static void test_links_never_through_a_link(void **state)
{
    (void)state;
    char links[300], secret[300], nowhere[300];
    snprintf(links, sizeof links, "%s", file_path("l.xii.links"));
    snprintf(secret, sizeof secret, "%s", file_path("secret"));
    snprintf(nowhere, sizeof nowhere, "%s", file_path("nowhere"));
    struct strbuf err = STRBUF_INIT;
    /* A link to another file: refused, the file untouched. */
    spit(secret, "table 0123456789abcdef0123456789abcdef\n");
    chmod(secret, 0644);
    assert_int_equal(symlink(secret, links), 0);
    assert_int_equal(init_with_links("l.xii", links, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "symbolic link"));
    char *text = slurp(secret);
    assert_string_equal(text, "table 0123456789abcdef0123456789abcdef\n");
    free(text);
    assert_int_equal(mode_of(secret), 0644);
    /* A dangling link: refused, nothing written where it points. */
    unlink(links);
    assert_int_equal(symlink(nowhere, links), 0);
    strbuf_reset(&err);
    assert_int_equal(init_with_links("l.xii", links, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "symbolic link"));
    assert_int_equal(access(nowhere, F_OK), -1);
    unlink(links);
    /* A FIFO: refused at once (opening it would wait for a writer). */
    assert_int_equal(mkfifo(links, 0600), 0);
    strbuf_reset(&err);
    assert_int_equal(init_with_links("l.xii", links, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "FIFO"));
    unlink(links);
    /* A folder. */
    assert_int_equal(mkdir(links, 0700), 0);
    strbuf_reset(&err);
    assert_int_equal(init_with_links("l.xii", links, &err), -1);
    assert_non_null(strstr(strbuf_cstr(&err), "folder"));
    rmdir(links);
    strbuf_free(&err);
}

static void test_links_private(void **state)
{
    (void)state;
    char links[300];
    snprintf(links, sizeof links, "%s", file_path("p.xii.links"));
    unlink(links);
    struct strbuf err = STRBUF_INIT;
    mode_t mask = umask(0);             /* whatever the umask */
    assert_int_equal(init_with_links("p.xii", links, &err), 0);
    umask(mask);
    assert_int_equal(mode_of(links), 0600);
    header();
    assert_int_equal(mode_of(links), 0600);
    struct serve_tokens first = SV.tokens;
    stop();
    /* An existing one at 0644 is made 0600, and its links kept. */
    chmod(links, 0644);
    assert_int_equal(record_session_open(&S, &GD, file_path("p.xii"), &err), 0);
    assert_int_equal(serve_server_init(&SV, S, links, &err), 0);
    assert_int_equal(mode_of(links), 0600);
    assert_string_equal(SV.tokens.seat[1], first.seat[1]);
    stop();
    strbuf_free(&err);
}

/* The war entries: a FIFO found at the start is refused at once; a link planted during the
 * game is never written through (the entry is then not kept, and says why). */
static void test_war_never_through_a_link(void **state)
{
    (void)state;
    char war[300], secret[300];
    snprintf(war, sizeof war, "%s", file_path("w.xii.war"));
    snprintf(secret, sizeof secret, "%s", file_path("root-only"));
    unlink(war);
    start("w.xii");
    struct strbuf msg = STRBUF_INIT;
    assert_int_equal(mkfifo(war, 0600), 0);
    alarm(10);
    assert_int_equal(serve_server_keep_war(&SV, war, &msg), -1);
    alarm(0);
    assert_non_null(strstr(strbuf_cstr(&msg), "FIFO"));
    unlink(war);
    strbuf_reset(&msg);
    assert_int_equal(serve_server_keep_war(&SV, war, &msg), 0);
    type_lines("tests/browser/game-2p.xii", 1, 20);
    spit(secret, "precious\n");
    assert_int_equal(symlink(secret, war), 0);
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", ANN, "war Ann avoid", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "\"accepted\": false"));
    assert_non_null(strstr(strbuf_cstr(&rs.body), "symbolic link"));
    assert_non_null(strstr(strbuf_cstr(&rs.body), "w.xii.war"));
    assert_null(strstr(strbuf_cstr(&rs.body), DIR_));     /* the server's folders stay on it */
    strbuf_free(&rs.body);
    assert_false(SV.war.seat[0].entered);
    char *text = slurp(secret);
    assert_string_equal(text, "precious\n");
    free(text);
    unlink(war);
    /* A regular one written private, even over a 0644 one. */
    spit(war, "statements 0\n");
    chmod(war, 0644);
    assert_true(line_by(ANN, "war Ann avoid"));
    assert_int_equal(mode_of(war), 0600);
    strbuf_free(&msg);
    stop();
}

/* A player's undo takes back their statement alone: the table's notes after it stay. */
static void test_player_undo_keeps_notes(void **state)
{
    (void)state;
    start("notes.xii");
    header();
    assert_true(line_by(TABLE, "round"));
    assert_true(line_by(TABLE, "3 4"));
    assert_true(line_by(ANN, "1 2  # Ann's roll"));
    assert_true(line_by(TABLE, "# the table's note"));
    assert_true(line_by(TABLE, "# and another"));
    assert_true(undo_by(ANN));
    char *text = slurp(file_path("notes.xii"));
    const char *end = text + strlen(text) - strlen("shared 3 4\n# the table's note\n# and another\n");
    assert_string_equal(end, "shared 3 4\n# the table's note\n# and another\n");
    free(text);
    assert_int_equal(record_session_awaited(S)->kind, LOG_AWAIT_TURN);
    assert_true(line_by(ANN, "1 2"));            /* the game goes on after the notes */
    assert_string_equal(last_line(), "turn Ann 1 2");
    stop();
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(record_session_open(&S, &GD, file_path("notes.xii"), &err), 0);
    strbuf_free(&err);
    record_session_free(S);
}

/* The temporaries a killed server left beside FILE.links and FILE.war are removed at the
 * start; other files are not. */
static void test_stale_temporaries(void **state)
{
    (void)state;
    const char *stale[] = {".t.xii.links.AbC123", ".t.xii.war.x9Y8z7"};
    const char *other[] = {".t.xii.war.AbC12", ".t.xii.war.AbC1234", "t.xii.war.AbC123", ".t.xii.war.Ab-123",
                           ".t.xii.AbC123"};
    for (size_t k = 0; k < 2; k++)
        spit(file_path(stale[k]), "statements 1\n");
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        spit(file_path(other[k]), "x\n");
    char links[300], war[300];
    snprintf(links, sizeof links, "%s", file_path("t.xii.links"));
    snprintf(war, sizeof war, "%s", file_path("t.xii.war"));
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(init_with_links("t.xii", links, &err), 0);
    assert_int_equal(serve_server_keep_war(&SV, war, &err), 0);
    assert_int_equal(err.len, 0);          /* no entry kept: no war line, nothing to say */
    for (size_t k = 0; k < 2; k++)
        assert_int_equal(access(file_path(stale[k]), F_OK), -1);
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        assert_int_equal(access(file_path(other[k]), F_OK), 0);
    stop();
    strbuf_free(&err);
}

/* A first start that cannot write FILE.links (a full disk: here a file size limit) leaves no
 * FILE.links behind, and the next start makes the links. */
static void test_failed_first_start(void **state)
{
    (void)state;
    char links[300];
    snprintf(links, sizeof links, "%s", file_path("full.xii.links"));
    unlink(links);
    open_new(&S, "full.xii");
    struct rlimit was, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &was), 0);
    small = was;
    small.rlim_cur = 8;
    void (*handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    struct strbuf err = STRBUF_INIT;
    int rc = serve_server_init(&SV, S, links, &err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &was), 0);
    signal(SIGXFSZ, handler);
    assert_int_equal(rc, -1);
    assert_int_equal(access(links, F_OK), -1);
    record_session_free(S);
    strbuf_reset(&err);
    assert_int_equal(init_with_links("full.xii", links, &err), 0);
    assert_int_equal(mode_of(links), 0600);
    stop();
    /* An empty one (left by an older xii serve's failed start) holds no link: new ones. */
    spit(links, "");
    assert_int_equal(init_with_links("full.xii", links, &err), 0);
    char *text = slurp(links);
    assert_non_null(strstr(text, "table "));
    free(text);
    stop();
    strbuf_free(&err);
}

/* A FILE.war holding every player's choice (the server stopped before the war line) writes
 * the war line at the start, without waiting for another tap. */
static void test_war_complete_at_start(void **state)
{
    (void)state;
    char war[300], text[300];
    snprintf(war, sizeof war, "%s", file_path("all.xii.war"));
    unlink(war);
    start("all.xii");
    type_lines("tests/browser/game-2p.xii", 1, 20);
    snprintf(text, sizeof text, "statements %zu\nwar Ann avoid\nwar Ben avoid\n", record_session_statements(S));
    spit(war, text);
    struct strbuf msg = STRBUF_INIT;
    assert_int_equal(serve_server_keep_war(&SV, war, &msg), 0);
    assert_string_equal(last_line(), "war Ann avoid, Ben avoid");
    assert_non_null(strstr(strbuf_cstr(&msg), "written"));
    assert_int_equal(access(war, F_OK), -1);
    strbuf_free(&msg);
    stop();
}

/* What the phones get never shows the server's folders: a refusal names FILE by its last
 * name, and so do the state, the narration and the sheet. */
static void test_no_server_paths(void **state)
{
    (void)state;
    start("paths.xii");
    assert_non_null(strstr(record_session_path(S), DIR_));
    header();
    assert_true(line_by(TABLE, "round"));
    assert_true(line_by(TABLE, "3 4"));
    struct serve_response rs;
    assert_int_equal(ask("POST", "/api/line", ANN, "9 food", &rs), 200);
    assert_non_null(strstr(strbuf_cstr(&rs.body), "paths.xii:"));
    assert_null(strstr(strbuf_cstr(&rs.body), DIR_));
    strbuf_free(&rs.body);
    assert_true(line_by(ANN, "1 2"));
    assert_true(line_by(ANN, "4 population"));
    assert_true(line_by(ANN, "reserve 4 farms"));
    assert_int_equal(ask("POST", "/api/line", ANN, "3 population", &rs), 200);   /* a wasted die: warned */
    assert_null(strstr(strbuf_cstr(&rs.body), DIR_));
    strbuf_free(&rs.body);
    const char *paths[] = {"/api/state", "/sheet/1.svg"};
    for (int k = 0; k < 2; k++) {
        assert_int_equal(ask("GET", paths[k], TABLE, NULL, &rs), 200);
        assert_null(strstr(strbuf_cstr(&rs.body), DIR_));
        strbuf_free(&rs.body);
    }
    stop();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_links_never_through_a_link),
        cmocka_unit_test(test_links_private),
        cmocka_unit_test(test_war_never_through_a_link),
        cmocka_unit_test(test_player_undo_keeps_notes),
        cmocka_unit_test(test_stale_temporaries),
        cmocka_unit_test(test_failed_first_start),
        cmocka_unit_test(test_war_complete_at_start),
        cmocka_unit_test(test_no_server_paths),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
