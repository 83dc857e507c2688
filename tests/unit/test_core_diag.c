/* src/core/diag.c: the list's shared copies of file names, codes and players, and rewinding. */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "core/diag.h"

/* Entries naming the same file, code and player share one copy, made when added: the
 * caller's buffers may change or go afterwards. */
static void entries_share_one_copy_of_their_strings(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    char file[] = "game.xii", code[] = "waste", player[] = "Jack";
    struct diag *a = diag_add(&dl, DIAG_WARNING, file, (struct srcpos){1, 1}, 1, code, "one");
    diag_set_player(&dl, a, player);
    struct diag *b = diag_add(&dl, DIAG_WARNING, file, (struct srcpos){2, 1}, 1, code, "two");
    diag_set_player(&dl, b, player);
    a = &dl.items[0];
    assert_ptr_equal(a->file, b->file);
    assert_ptr_equal(a->code, b->code);
    assert_ptr_equal(a->player, b->player);
    assert_ptr_not_equal(a->file, file);
    file[0] = code[0] = player[0] = 'X';
    assert_string_equal(a->file, "game.xii");
    assert_string_equal(b->code, "waste");
    assert_string_equal(b->player, "Jack");
    /* Different strings stay different; no file is the empty name, no code NULL. */
    struct diag *c = diag_add(&dl, DIAG_ERROR, NULL, (struct srcpos){0, 0}, 0, NULL, "three");
    diag_set_player(&dl, c, "Tom");
    assert_string_equal(c->file, "");
    assert_null(c->code);
    assert_string_equal(c->player, "Tom");
    assert_string_equal(dl.items[1].player, "Jack");
    diag_list_free(&dl);
}

/* A rewind drops the entries and the copies made since its mark; the earlier entries keep
 * theirs, and the list can go on (run under valgrind or ASan, a dangling copy shows). */
static void a_rewind_frees_the_copies_made_after_its_mark(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    struct diag *a = diag_add(&dl, DIAG_WARNING, "a.xii", (struct srcpos){1, 1}, 1, "waste", "kept");
    diag_set_player(&dl, a, "Jack");
    struct diag_mark m = diag_list_mark(&dl);
    for (int i = 0; i < 40; i++) {
        char name[16];
        snprintf(name, sizeof name, "p%d", i);
        struct diag *d = diag_add(&dl, DIAG_ERROR, "b.xii", (struct srcpos){i + 2, 1}, 1, name, "dropped");
        diag_set_player(&dl, d, name);
    }
    assert_int_equal(dl.errors, 40);
    diag_list_rewind(&dl, m);
    assert_int_equal(dl.count, 1);
    assert_int_equal(dl.errors, 0);
    assert_int_equal(dl.nstrings, m.strings);
    assert_string_equal(dl.items[0].file, "a.xii");
    assert_string_equal(dl.items[0].code, "waste");
    assert_string_equal(dl.items[0].player, "Jack");
    struct diag *b = diag_add(&dl, DIAG_WARNING, "a.xii", (struct srcpos){3, 1}, 1, "waste", "again");
    assert_ptr_equal(b->file, dl.items[0].file);
    diag_list_free(&dl);
}

/* Beyond the list's keep, the spare entry takes the copies; a rewind past them empties it. */
static void the_spare_entry_uses_the_list_copies_too(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    dl.keep = 1;
    diag_add(&dl, DIAG_ERROR, "a.xii", (struct srcpos){1, 1}, 1, "data", "kept");
    struct diag_mark m = diag_list_mark(&dl);
    struct diag *s = diag_add(&dl, DIAG_ERROR, "other.xii", (struct srcpos){2, 1}, 1, "turn", "counted");
    diag_set_player(&dl, s, "Martha");
    assert_ptr_equal(s, &dl.spare);
    assert_string_equal(s->file, "other.xii");
    assert_int_equal(dl.omitted, 1);
    diag_list_rewind(&dl, m);
    assert_null(dl.spare.file);
    assert_null(dl.spare.player);
    assert_int_equal(dl.omitted, 0);
    assert_int_equal(dl.errors, 1);
    diag_list_free(&dl);
    assert_int_equal(dl.keep, 1);
}

/* A hostile input's diagnostics beyond keep are only counted: cycling through more codes than
 * the search window of the kept ones, they add no copy once each code has one. */
static void counted_entries_add_no_copies(void **state)
{
    (void)state;
    struct diag_list dl = DIAG_LIST_INIT;
    dl.keep = 1;
    char code[32];
    for (int round = 0; round < 3; round++)
        for (int k = 0; k < 40; k++) {
            snprintf(code, sizeof code, "code-%d", k);
            struct diag *d = diag_add(&dl, DIAG_ERROR, "a.xii", (struct srcpos){1, 1}, 1, code, "x");
            diag_set_player(&dl, d, k % 2 ? "Martha" : "Tom");
        }
    assert_int_equal(dl.omitted, 119);
    assert_int_equal(dl.nstrings, 1 + 40 + 2);     /* the file, 40 codes, 2 players */
    diag_list_free(&dl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(entries_share_one_copy_of_their_strings),
        cmocka_unit_test(a_rewind_frees_the_copies_made_after_its_mark),
        cmocka_unit_test(the_spare_entry_uses_the_list_copies_too),
        cmocka_unit_test(counted_entries_add_no_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
