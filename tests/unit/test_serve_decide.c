/* A tapped die is parsed at most once on its way to the file, and written once (issue 29): a
 * whole game played by the page's buttons (/api/decide: rounds, the outlaws' rolls, shared
 * dice, turns, the moves listed, reserve dice, war entries, location choices, check lines)
 * parses no text at all (log_parse_count), and FILE is byte for byte the file of the same game
 * typed line by line, where each line is parsed exactly once. Run from the repository root. */
#include "test.h"
#include "bots/bot.h"
#include "log/build.h"
#include "log/parse.h"
#include "log/write.h"
#include "test_serve.h"

static unsigned long seed = 29;

/* A die, 1 to 6, from a fixed sequence. */
static int roll(void)
{
    seed = seed * 6364136223846793005ul + 1442695040888963407ul;
    return (int)(seed >> 33) % 6 + 1;
}

/* The game typed line by line beside the one tapped, and the counts of both. */
static struct record_session *TYPED;
static size_t taps, typed_lines;

/* Types what a tap wrote (its lines without layout) into TYPED: written as the tap wrote it,
 * and each line parsed once when `once` (a header on its way is replayed whole, with
 * stand-ins for what it lacks, to be checked). */
static void type_as_written(const char *written, int once)
{
    char *text = strdup(written), *line = text;
    struct strbuf again = STRBUF_INIT;
    for (char *end; *line; line = end) {
        end = line + strcspn(line, "\n");
        if (*end)
            *end++ = 0;
        const char *typed = line + strspn(line, " ");
        if (!*typed)
            continue;
        unsigned long before = log_parse_count();
        struct record_result res;
        record_session_submit(TYPED, typed, &res);
        if (res.outcome != RECORD_ACCEPTED)
            fail_msg("'%s' typed was refused:\n%s", typed, strbuf_cstr(&res.message));
        if (once)
            assert_int_equal(log_parse_count() - before, 1);
        strbuf_append(&again, strbuf_cstr(&res.written), res.written.len);
        record_result_free(&res);
        typed_lines += (size_t)once;
    }
    assert_string_equal(strbuf_cstr(&again), written);
    strbuf_free(&again);
    free(text);
}

/* POSTs decision rest from token, which must be accepted with no parse (every decision listed
 * is: the engine lists them as the recorder accepts them); what it wrote is typed beside, and
 * is `expect` (what src/log's writer gives the same value, what a tap wrote before) unless
 * that is NULL. */
static void tap_expecting(const char *token, const char *rest, const char *expect)
{
    char body[512];
    snprintf(body, sizeof body, "{\"version\": %lu, %s}", SV.version, rest);
    struct serve_response rs;
    unsigned long before = log_parse_count();
    assert_int_equal(ask("POST", "/api/decide", token, body, &rs), 200);
    unsigned long parses = log_parse_count() - before;
    json_t *j = json_loads(strbuf_cstr(&rs.body), 0, NULL);
    assert_non_null(j);
    if (parses != 0)
        fail_msg("%s: %lu parses", rest, parses);
    if (!json_is_true(json_object_get(j, "accepted")))
        fail_msg("%s refused: %s", rest, json_string_value(json_object_get(j, "message")));
    taps++;
    const char *written = json_string_value(json_object_get(j, "written"));
    if (expect)
        assert_string_equal(written, expect);
    type_as_written(written, 1);
    if (*written) {
        /* The statement built sits where the one parsed from the same line does. */
        const struct log_live *built = record_session_live(S), *parsed = record_session_live(TYPED);
        const struct log_stmt *b = log_live_stmt(built, log_live_count(built) - 1);
        const struct log_stmt *t = log_live_stmt(parsed, log_live_count(parsed) - 1);
        assert_int_equal(b->kind, t->kind);
        assert_memory_equal(&b->at, &t->at, sizeof b->at);
    }
    json_decref(j);
    strbuf_free(&rs.body);
}

static void tap(const char *token, const char *rest)
{
    tap_expecting(token, rest, NULL);
}

static const char *token_of(int seat)
{
    return SV.tokens.seat[seat];
}

/* "[D, D...]": n dice, their values in v. */
static void dice(int n, int *v, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "[");
    for (int k = 0; k < n; k++)
        at += (size_t)snprintf(out + at, size - at, "%s%d", k ? ", " : "", v[k] = roll());
    snprintf(out + at, size - at, "]");
}

/* The tree built from d is the tree parsed from its text, spans, ids and names included, and
 * that text is the one src/log's writer gives the same value (what a tap wrote before). */
static void built_as_parsed(const struct log_decision *d)
{
    const struct game_state *st = &record_session_replay(S)->state;
    struct strbuf text = STRBUF_INIT, why = STRBUF_INIT, built = STRBUF_INIT, parsed = STRBUF_INIT;
    struct strbuf written = STRBUF_INIT;
    strbuf_puts(&text, "  ");
    struct log_ast *b = log_build(st, d, "x", 7, 3, &text, &why);
    assert_non_null(b);
    /* In proportion to the statement: a few hundred bytes a word at most. */
    assert_true(log_ast_bytes(b) <= 1024 + 16 * text.len);
    strbuf_puts(&written, "  ");
    if (d->kind == LOG_SPEND)
        log_write_move_text(st->gd, &d->move, &written);
    else if (d->kind == LOG_COLLECT)
        log_write_collect(st, d->player, d->choice, &written);
    else
        log_write_check(st, d->player, 1, &written);
    while (written.len && written.data[written.len - 1] == '\n')
        written.data[--written.len] = 0;
    assert_string_equal(strbuf_cstr(&text), strbuf_cstr(&written));
    strbuf_free(&written);
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *p = log_parse_from(text.data, text.len, "x", 7, &dl);
    assert_int_equal(dl.count, 0);
    log_dump(b, &built);
    log_dump(p, &parsed);
    assert_string_equal(strbuf_cstr(&built), strbuf_cstr(&parsed));
    log_free(b);
    log_free(p);
    diag_list_free(&dl);
    strbuf_free(&text);
    strbuf_free(&why);
    strbuf_free(&built);
    strbuf_free(&parsed);
}

/* Every decision listed now (moves, location choices) and every check line: built as parsed. */
static size_t listed_built;
static void every_listed_built_as_parsed(void)
{
    serve_choices_update(&SV.choices, S, SV.log_version);
    struct log_decision d;
    memset(&d, 0, sizeof d);
    d.kind = LOG_SPEND;
    for (size_t k = 0; k < SV.choices.nmoves; k++, listed_built++) {
        d.move = SV.choices.moves[k].m;
        built_as_parsed(&d);
    }
    d.kind = LOG_COLLECT;
    for (size_t k = 0; k < SV.choices.ncollects; k++, listed_built++) {
        d.player = SV.choices.collects[k].seat;
        memcpy(d.choice, SV.choices.collects[k].choice, sizeof d.choice);
        built_as_parsed(&d);
    }
    d.kind = LOG_CHECK;
    for (d.player = 0; d.player < record_session_replay(S)->state.cfg.nplayers; d.player++, listed_built++)
        built_as_parsed(&d);
}

/* Whether two moves are the same, field by field. */
static int same(const struct move *a, const struct move *b)
{
    return a->kind == b->kind && a->die == b->die && a->from_reserve == b->from_reserve && a->source == b->source &&
           a->target == b->target && a->perk == b->perk && a->to == b->to && a->part[0] == b->part[0] &&
           a->part[1] == b->part[1] && a->target2 == b->target2 && a->amount == b->amount;
}

/* A move of the turn's player, one of those listed, by its index: the greedy bot's first
 * move mostly (a town that grows: POW, bonus rolls, abilities), else any. */
static void tap_move(int seat)
{
    serve_choices_update(&SV.choices, S, SV.log_version);
    assert_true(SV.choices.nmoves > 0);
    size_t k = (size_t)roll() * 7919u % SV.choices.nmoves;
    if (roll() > 1) {
        struct play_plan plan = {.nmoves = 0};
        const struct log_replay *r = record_session_replay(S);
        play_greedy_turn(log_await_state(r, record_session_awaited(S)), &plan);
        for (size_t i = 0; plan.nmoves > 0 && i < SV.choices.nmoves; i++)
            if (same(&SV.choices.moves[i].m, &plan.move[0]))
                k = i;
    }
    char rest[64];
    snprintf(rest, sizeof rest, "\"kind\": \"move\", \"index\": %zu", k);
    tap(token_of(seat), rest);
}

/* Plays the game to its end by the buttons: at a reserve die, a reserve move now and then, else
 * what comes next. */
static void play(void)
{
    char rest[256], a1[32], a2[40];
    for (int step = 0; step < 1000; step++) {
        const struct log_await *a = record_session_awaited(S);
        if (record_session_replay(S)->started)
            every_listed_built_as_parsed();
        enum log_await_kind kind = a->kind;
        int player = a->player;
        if (kind == LOG_AWAIT_RESERVE) {
            serve_choices_update(&SV.choices, S, SV.log_version);
            if (SV.choices.nmoves > 0 && roll() <= 2) {
                tap_move(player);
                continue;
            }
            kind = a->then;
            player = a->then_player;
        }
        const struct game_state *gs = &record_session_replay(S)->state;
        int np = gs->cfg.nplayers;
        struct strbuf want = STRBUF_INIT;
        switch (kind) {
        case LOG_AWAIT_ROUND:
            log_write_round(a->kind == LOG_AWAIT_ROUND ? a->round : a->then_round, &want);
            tap_expecting(TABLE, "\"kind\": \"round\"", strbuf_cstr(&want));
            break;
        case LOG_AWAIT_OUTLAWS: {
            struct bonus_rolls br[XII_MAX_PLAYERS];
            memset(br, 0, sizeof br);
            snprintf(rest, sizeof rest, "\"kind\": \"outlaws\", \"rolls\": [");
            for (int p = 0; p < np; p++) {
                dice(br[p].nrolls = a->rolls_due[p], br[p].rolls, a1, sizeof a1);
                snprintf(a2, sizeof a2, "%s%s", p ? ", " : "", a1);
                strncat(rest, a2, sizeof rest - strlen(rest) - 1);
            }
            strncat(rest, "]", sizeof rest - strlen(rest) - 1);
            log_write_outlaws(gs, br, &want);
            tap_expecting(TABLE, rest, strbuf_cstr(&want));
            break;
        }
        case LOG_AWAIT_SHARED: {
            int d1 = roll(), d2 = roll();
            while (d2 == d1)
                d2 = roll();
            snprintf(rest, sizeof rest, "\"kind\": \"shared\", \"dice\": [%d, %d]", d1, d2);
            log_write_shared(d1, d2, &want);
            tap_expecting(TABLE, rest, strbuf_cstr(&want));
            break;
        }
        case LOG_AWAIT_TURN: {
            int d1 = roll(), d2 = roll();
            snprintf(rest, sizeof rest, "\"kind\": \"turn\", \"dice\": [%d, %d]", d1, d2);
            log_write_turn(gs, player, d1, d2, &want);
            tap_expecting(token_of(player), rest, strbuf_cstr(&want));
            break;
        }
        case LOG_AWAIT_DIE:
            tap_move(player);
            break;
        case LOG_AWAIT_WAR: {
            struct war_entry e[XII_MAX_PLAYERS];
            memset(e, 0, sizeof e);
            for (int p = 0; p < np; p++) {
                e[p].support = !a->must_avoid[p] && roll() > 2;
                dice(e[p].nrolls = e[p].support ? a->rolls_due[p] : 0, e[p].rolls, a1, sizeof a1);
                snprintf(rest, sizeof rest, "\"kind\": \"war\", \"support\": %s, \"dice\": %s",
                         e[p].support ? "true" : "false", a1);
                size_t before = record_session_text(S)->len;
                if (p == np - 1)
                    log_write_war(gs, e, &want);
                tap_expecting(token_of(p), rest, strbuf_cstr(&want));
                /* Each entry waits for the others; the last writes the war line. */
                assert_int_equal(record_session_text(S)->len > before, p == np - 1);
            }
            break;
        }
        case LOG_AWAIT_COLLECT: {
            serve_choices_update(&SV.choices, S, SV.log_version);
            assert_true(SV.choices.ncollects > 0);
            size_t k = (size_t)roll() % SV.choices.ncollects;
            snprintf(rest, sizeof rest, "\"kind\": \"collect\", \"index\": %zu", k);
            tap(token_of(SV.choices.collects[k].seat), rest);
            break;
        }
        case LOG_AWAIT_GAME_OVER:
            for (int p = 0; p < np; p++) {
                snprintf(rest, sizeof rest, "\"kind\": \"check\", \"seat\": %d", p + 1);
                tap(token_of(p), rest);
            }
            return;
        default:
            fail_msg("awaited %s", log_await_kind_name(kind));
        }
        strbuf_free(&want);
    }
    fail_msg("the game did not end");
}

/* Plays a game whose header the table types (header lines), by the buttons from seed on,
 * beside the same game typed; the two files must be the same. Appends the tapped file to all. */
static void game(const char *const *header_lines, unsigned long from, struct strbuf *all)
{
    seed = from;
    start("tapped.xii");
    for (; *header_lines; header_lines++)
        assert_true(line_by(TABLE, *header_lines));
    open_new(&TYPED, "typed.xii");
    type_as_written(strbuf_cstr(record_session_text(S)), 0);
    size_t before = taps;
    play();
    assert_true(taps - before > 150);
    assert_int_equal(record_session_replay(S)->state.phase, PHASE_GAME_OVER);
    char *tapped = slurp(file_path("tapped.xii")), *typed = slurp(file_path("typed.xii"));
    assert_string_equal(tapped, typed);
    struct strbuf report = STRBUF_INIT;
    assert_int_equal(record_session_report(S, &report), 1);
    strbuf_free(&report);
    strbuf_puts(all, tapped);
    free(tapped);
    free(typed);
    record_session_free(TYPED);
    stop();
}

static void test_taps_parse_nothing(void **state)
{
    (void)state;
    const char *two[] = {"players Ann Ben", "difficulty hard",
                         "events 5 water-storm, 6 water-storm, 7 outlaws-attack, 8 outlaws-attack, 9 fire, 10 famine",
                         NULL};
    const char *three[] = {"players Ann \"Jo \\\"Ace\\\"\" Ben", "difficulty normal", "seed 12", NULL};
    /* The outlaws late, when the towns have the POW that gives bonus rolls. */
    const char *late[] = {"players Ann Ben", "difficulty hard",
                          "events 5 water-storm, 6 fire, 7 famine, 8 water-storm, 9 outlaws-attack, 10 outlaws-attack",
                          NULL};
    const char *const *headers[] = {two, late, three};
    /* Games until every kind of line was tapped (each of them written from a value): the
     * outlaws need a town with bonus rolls, the war a supporter. */
    const char *kinds[] = {"\nround ", "\noutlaws ", "\nshared ", "\nturn ", "\n  reserve ", "\nwar ",
                           "support ", "\ncollect ", "\ncheck ", "\"Jo \\\"Ace\\\"\" ", "\n  market "};
    struct strbuf all = STRBUF_INIT;
    size_t missing = 1, games = 0;
    for (unsigned long from = 29; missing && games < 24; from++, games++) {
        game(headers[games % 3], from, &all);
        missing = 0;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            missing += !strstr(strbuf_cstr(&all), kinds[k]);
    }
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (!strstr(strbuf_cstr(&all), kinds[k]))
            fail_msg("no '%s' tapped in %zu games", kinds[k] + (kinds[k][0] == '\n'), games);
    print_message("%zu games, %zu taps: 0 parses; the same %zu lines typed: one parse each; %zu decisions listed built as "
                  "parsed\n", games, taps, typed_lines, listed_built);
    strbuf_free(&all);
}

/* Issue 29: a game whose market conversion (9 food into supply), queued while the feeding left
 * food for it, was then refused at the turn's end, when a listed build spent the last die and
 * the food with it: each move listed is one the recorder accepts. */
static void test_listed_moves_accepted(void **state)
{
    (void)state;
    const char *two[] = {"players Ann Ben", "difficulty hard",
                         "events 5 water-storm, 6 water-storm, 7 outlaws-attack, 8 outlaws-attack, 9 fire, 10 famine",
                         NULL};
    struct strbuf all = STRBUF_INIT;
    game(two, 44, &all);
    assert_non_null(strstr(strbuf_cstr(&all), "\n  market 9 supply\n"));
    strbuf_free(&all);
}

/* Types line into S (accepted) and returns the parses it took. */
static unsigned long typed_parses(const char *line)
{
    unsigned long before = log_parse_count();
    struct record_result res;
    record_session_submit(S, line, &res);
    if (res.outcome != RECORD_ACCEPTED)
        fail_msg("'%s' refused:\n%s", line, strbuf_cstr(&res.message));
    record_result_free(&res);
    return log_parse_count() - before;
}

/* A typed line is parsed once, even when FILE gets it in another form than typed: a name in
 * other letters, an id in capitals (the statement in full is built from what the replay
 * applied), blanks folded. */
static void test_typed_parsed_once(void **state)
{
    (void)state;
    start("typed-once.xii");
    header();
    assert_int_equal(typed_parses("round"), 1);
    assert_int_equal(typed_parses("shared 3 4"), 1);
    assert_int_equal(typed_parses("ann 1 2 # a note"), 1);
    assert_string_equal(last_line(), "turn Ann 1 2  # a note");
    assert_int_equal(typed_parses("4 Population"), 1);
    assert_string_equal(last_line(), "4 population");
    assert_int_equal(typed_parses("3   Food"), 1);
    assert_string_equal(last_line(), "3 food");
    stop();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_taps_parse_nothing),
        cmocka_unit_test(test_listed_moves_accepted),
        cmocka_unit_test(test_typed_parsed_once),
    };
    return cmocka_run_group_tests(tests, play_test_setup, play_test_teardown);
}
