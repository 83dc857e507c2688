/* The advisor on real positions: hand-made positions whose best plan is known are ranked first;
 * every plan it prints, appended to the log, replays with no error; the same seed gives the
 * same advice whatever the thread count; a game of the random bot costs clearly more per turn
 * than a game of the search bot. Rollout counts are small: this checks behaviour, not strength. */
#include "test.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "advisor/advice.h"
#include "advisor/advice_position.h"
#include "advisor/advice_report.h"
#include "advisor/advice_words.h"
#include "advisor/advice_analyse.h"
#include "advisor/advice_analyse_report.h"
#include "bots/game.h"
#include "test_rules_fixture.h"
#include "test_advice.h"

static struct advice_options small_options(size_t rollouts)
{
    struct advice_options o;
    memset(&o, 0, sizeof o);
    play_bot_from_name("greedy", &o.bot);
    o.goal = -1;
    o.screen_nodes = 20000;
    o.rank.first_rollouts = rollouts < 8 ? rollouts : 8;
    o.rank.max_rollouts = rollouts;
    o.rank.race = 1;
    o.rank.race_min = rollouts < ADVICE_RACE_MIN ? rollouts : ADVICE_RACE_MIN;
    o.rank.precision = 0.5;
    o.rank.seed = 7;
    o.rank.threads = 2;
    o.rank.protect = -1;
    return o;
}

/* A solo game at the start of round 10's only turn: its outcome no longer depends on dice. */
static void last_turn(struct game_state *s)
{
    fx_game(s, 1);
    s->round = GD_ROUNDS - 1;
    s->phase = PHASE_ROUND_OVER;
    fx_set(s, 0, "population", 10);
}

static int plan_has(const struct play_plan *p, enum move_kind kind, int die, int reserve, int target)
{
    for (int k = 0; k < p->nmoves; k++)
        if (p->move[k].kind == kind && p->move[k].die == die && p->move[k].from_reserve == reserve &&
            p->move[k].target == target)
            return 1;
    return 0;
}

/* Stone houses 1, the butcher (15 VP) needs 5: only the restricted 5 (adding 4) gets there,
 * then another die attracts him. */
static void test_requirement_one_way(void **state)
{
    (void)state;
    struct game_state s;
    last_turn(&s);
    fx_set(&s, 0, "food", 30);
    fx_set(&s, 0, "supply", 30);
    fx_set(&s, 0, "stone-houses", 1);
    fx_give(&s, 0, "master-builder", 0);
    fx_give(&s, 0, "tavern", 0);
    for (int k = 0; k < GD.reserve_slots; k++)
        s.p[0].reserve[k].state = SLOT_EMPTY;      /* no reserve die to muddle it */
    fx_turn(&s, 2, 3, 5, 1);
    struct advice_position pos = {&s, ADVICE_TURN, 0, NULL, 0};
    struct advice_options o = small_options(16);
    struct advice a;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(advice_rank(&pos, NULL, &o, &a, &err), 0);
    const struct play_plan *best = &a.ranked[0].choice.plan;
    assert_true(plan_has(best, MOVE_ASSET, 5, 0, fx_asset("stone-houses")));
    int butcher = 0;
    for (int k = 0; k < best->nmoves; k++)
        butcher |= best->move[k].kind == MOVE_ACQUIRE && best->move[k].target == fx_item("butcher");
    assert_true(butcher);
    /* The outcome is certain: every rollout gives the same score. */
    assert_true(a.ranked[0].r.score.sd == 0);
    assert_true(a.n > 1 && a.ranked[0].r.score.mean > a.ranked[a.n - 1].r.score.mean);
    advice_free(&a);
    strbuf_free(&err);
}

/* Food 2 for a population of 10 (feeding needs 5): one die of 1 or 2 per asset cannot feed
 * the town, a reserve die of 3 or more on food can; starving would leave 4 to 6 population. */
static void test_reserve_saves_from_starving(void **state)
{
    (void)state;
    struct game_state s;
    last_turn(&s);
    fx_set(&s, 0, "food", 2);
    fx_turn(&s, 1, 2, 1, 1);
    struct advice_position pos = {&s, ADVICE_TURN, 0, NULL, 0};
    struct advice_options o = small_options(16);
    struct advice a;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(advice_rank(&pos, NULL, &o, &a, &err), 0);
    const struct play_plan *best = &a.ranked[0].choice.plan;
    int saved = 0;
    for (int k = 0; k < best->nmoves; k++)
        saved |= best->move[k].from_reserve && best->move[k].kind == MOVE_ASSET &&
                 best->move[k].target == A_FOOD && best->move[k].die >= 3;
    assert_true(saved);
    struct strbuf words = STRBUF_INIT;
    advice_describe(&pos, &a.ranked[0].choice, &words);
    assert_non_null(strstr(strbuf_cstr(&words), "the reserve"));
    assert_null(strstr(strbuf_cstr(&words), "starves"));
    /* Without the reserve die the town starves: one die of 2 on food leaves it 4 people. */
    struct game_state t = s;
    struct move m = fx_inc(2, "food");
    assert_int_equal(engine_apply(&t, &m, NULL, NULL), 0);
    strbuf_reset(&words);
    assert_int_equal(advice_words_plan(&s, &m, 1, &words), 0);
    assert_string_equal(strbuf_cstr(&words), "food +2; then feeding eats 4 food and the town starves: population -2");
    strbuf_free(&words);
    advice_free(&a);
    strbuf_free(&err);
}

/* The witch's split in words: each part as the player spent it, then what was paid (the
 * mercenaries cost food), never the net change of an asset ("food -1"). */
static void test_split_words(void **state)
{
    (void)state;
    struct game_state s;
    last_turn(&s);
    fx_set(&s, 0, "food", 10);
    fx_set(&s, 0, "men-at-arms", 5);
    fx_give(&s, 0, "witch", 'b');
    fx_turn(&s, 2, 3, 5, 1);
    struct move m = fx_split(2, 1, "food", 1, "mercenaries");
    struct game_state t = s;
    struct history h = HISTORY_INIT;
    fx_ok(&t, m, &h);
    int paid = 10 + 1 - fx_val(&t, 0, "food");
    history_free(&h);
    assert_true(paid > 0);
    struct strbuf words = STRBUF_INIT, want = STRBUF_INIT;
    assert_int_equal(advice_words_plan(&s, &m, 1, &words), 0);
    strbuf_printf(&want, "split the 2: food +1, mercenaries +1 (pays %d food); ", paid);
    assert_memory_equal(strbuf_cstr(&words), strbuf_cstr(&want), want.len);
    strbuf_free(&words);
    strbuf_free(&want);
}

/* The hint's default budget: as many rollouts a candidate as fit ADVICE_TURN_BUDGET turns of
 * play-out, between one and a half race stages and the most asked. */
static void test_default_rollouts(void **state)
{
    (void)state;
    struct game_state s;
    fx_game(&s, 4);
    fx_turn(&s, 1, 2, 3, 4);
    struct advice_position pos = {&s, ADVICE_TURN, 0, NULL, 0};
    /* Round 1's first turn of 4 players: the whole game, 40 turns, is left. */
    assert_int_equal(advice_position_turns_left(&pos), 40);
    assert_int_equal(advice_position_rollouts(&pos, 1024), ADVICE_TURN_BUDGET / 40);
    assert_int_equal(advice_position_rollouts(&pos, 100), 100);
    fx_game(&s, 5);
    fx_turn(&s, 1, 2, 3, 4);
    assert_int_equal(advice_position_rollouts(&pos, 1024), ADVICE_RACE_MIN + ADVICE_RACE_MIN / 2);
    /* The last turn of a solo game: one turn left, the most asked. */
    last_turn(&s);
    fx_turn(&s, 1, 2, 3, 4);
    assert_int_equal(advice_position_turns_left(&pos), 1);
    assert_int_equal(advice_position_rollouts(&pos, 1024), 1024);
}

/* A whole game of bots as a move log. */
static char *bot_game(const char *bot, int budget, int nplayers, uint64_t seed)
{
    struct play_bot b;
    assert_int_equal(play_bot_from_name(bot, &b), 0);
    if (budget)
        b.budget = budget;
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct play_setup st = {nplayers, GD.default_difficulty, -1, seed};
    struct strbuf log = STRBUF_INIT;
    struct game_state fin;
    assert_int_equal(play_game_run(&GD, &st, bots, &log, "test", &fin), 0);
    return strbuf_detach(&log);
}

/* Errors of a log text. */
static size_t log_errors(const char *text)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(text, strlen(text), "t.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    size_t n = dl.errors;
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    return n;
}

/* What the replay checks saw. */
struct replayed {
    size_t checked, kinds[3], war_lines, war_rolls, war_said, after_market;
};

/* Every plan the advisor ranks at the end of the first n bytes of game, appended to them,
 * replays with no error. */
static void check_plans_replay(const char *game, size_t n, int line, struct replayed *seen)
{
    struct cut_log c;
    if (cut_open_n(&c, game, n) != 0) {
        assert_true(c.aw.kind != LOG_AWAIT_DIE && c.aw.kind != LOG_AWAIT_RESERVE && c.aw.kind != LOG_AWAIT_COLLECT);
        cut_close(&c);
        return;
    }
    const struct advice_position pos = c.pos;
    struct advice_options o = small_options(4);
    struct advice a;
    struct strbuf err = STRBUF_INIT, text = STRBUF_INIT;
    assert_int_equal(advice_rank(&pos, NULL, &o, &a, &err), 0);
    for (size_t k = 0; k < a.n; k++) {
        strbuf_reset(&text);
        strbuf_append(&text, game, n);
        advice_lines(&pos, &a.ranked[k].choice, &text);
        /* A war line names every player: where others still choose, the advice gives the
         * player's entry of it, not a line. A support whose bonus dice are still to roll has
         * no line, and its words say to roll them. */
        if (pos.kind == ADVICE_WAR) {
            int due = a.ranked[k].choice.support ? engine_bonus_rolls_due(pos.s, pos.player) : 0;
            if (due > 0) {
                assert_int_equal(text.len, n);
                struct strbuf words = STRBUF_INIT;
                advice_describe(&pos, &a.ranked[k].choice, &words);
                assert_non_null(strstr(strbuf_cstr(&words), "roll"));
                /* The war line quoted in the words, with the dice written after the
                 * player's "support" as they say, replays. */
                const char *q = strstr(strbuf_cstr(&words), "\"war ");
                if (q) {
                    const char *qe = strchr(q + 1, '"');
                    assert_non_null(qe);
                    char entry[64];
                    snprintf(entry, sizeof entry, "%s support", pos.s->cfg.names[pos.player]);
                    const char *at = strstr(q, entry);
                    assert_true(at && at < qe);
                    at += strlen(entry);
                    strbuf_append(&text, q + 1, (size_t)(at - q - 1));
                    for (int d = 0; d < due; d++)
                        strbuf_puts(&text, " 4");
                    strbuf_append(&text, at, (size_t)(qe - at));
                    strbuf_putc(&text, '\n');
                    if (log_errors(strbuf_cstr(&text)) != 0)
                        fail_msg("line %d: the war line said does not replay:\n%s", line, strbuf_cstr(&text) + n);
                    seen->war_said++;
                }
                strbuf_free(&words);
                seen->war_rolls++;
                continue;
            }
            if (strncmp(text.data + n, "war ", 4) != 0)
                continue;
        }
        if (log_errors(strbuf_cstr(&text)) != 0)
            fail_msg("line %d: this plan does not replay:\n%s", line, strbuf_cstr(&text) + n);
        seen->checked++;
        seen->war_lines += pos.kind == ADVICE_WAR;
        seen->after_market += pos.s->turn.nmarket > 0;
    }
    seen->kinds[pos.kind]++;
    advice_free(&a);
    strbuf_free(&err);
    strbuf_free(&text);
    cut_close(&c);
}

/* Cuts a bot game at many lines; wherever a turn's dice, a location choice or a king war whose
 * other entries are known are due, every plan the advisor ranks, appended to the cut log,
 * replays with no error. */
static void test_plans_replay(void **state)
{
    (void)state;
    char *game = bot_game("greedy", 0, 3, 15);
    struct replayed seen = {0};
    int line = 0;
    for (const char *p = game; *p; line++) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - game) + 1 : strlen(game);
        p = game + n;
        if (line % 5 == 3 && line >= 12)
            check_plans_replay(game, n, line + 1, &seen);
    }
    assert_true(seen.checked > 30);
    assert_true(seen.kinds[ADVICE_TURN] > 5);
    assert_true(seen.kinds[ADVICE_COLLECT] > 0);
    assert_true(seen.war_lines > 0);
    assert_true(seen.war_rolls > 0);
    assert_true(seen.war_said > 0);
    print_message("checked %zu plans: %zu turns, %zu wars (%zu whole war lines, %zu supports with bonus rolls "
                  "to make, %zu of them with the line in words), %zu collects\n", seen.checked,
                  seen.kinds[ADVICE_TURN], seen.kinds[ADVICE_WAR], seen.war_lines, seen.war_rolls, seen.war_said,
                  seen.kinds[ADVICE_COLLECT]);
    free(game);
}

/* A log cut just after a turn's market line: the plans that spend the rest of the turn (a
 * reserve die most often, once the four dice are spent) must leave the conversion possible
 * at the turn's end, or the log's market line is refused when the plan is appended. Greedy
 * games at the easiest difficulty (markets are built early), 3 players. */
static void test_plans_replay_after_market(void **state)
{
    (void)state;
    struct play_bot b;
    assert_int_equal(play_bot_from_name("greedy", &b), 0);
    const struct play_bot *bots[XII_MAX_PLAYERS] = {&b, &b, &b, &b, &b};
    struct replayed seen = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct play_setup st = {3, 0, -1, seed};
        struct strbuf log = STRBUF_INIT;
        struct game_state fin;
        assert_int_equal(play_game_run(&GD, &st, bots, &log, "test", &fin), 0);
        const char *game = strbuf_cstr(&log);
        int line = 0;
        for (const char *p = game; *p; line++) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - game) + 1 : strlen(game);
            if (strncmp(p, "  market ", 9) == 0)
                check_plans_replay(game, n, line + 1, &seen);
            p = game + n;
        }
        strbuf_free(&log);
    }
    print_message("checked %zu plans after a market line\n", seen.after_market);
    assert_true(seen.after_market > 20);
}

/* The same seed gives the same ranking with 1 or 2 threads, the fresh rollouts of the plans
 * shown included; the plan shown first and its figures do not depend on how many are shown. */
static void test_advice_deterministic(void **state)
{
    (void)state;
    char *game = bot_game("greedy", 0, 2, 5);
    char *cut = strstr(game, "\nround 5\n");
    assert_non_null(cut);
    cut = strstr(cut, "\nturn ");
    cut = strchr(cut + 1, '\n');
    cut[1] = 0;
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(game, strlen(game), "t.xii", &dl);
    struct log_replay_options opt = {0};
    struct log_replay *r = log_replay_run(&GD, ast, &opt, &dl);
    struct log_await aw;
    log_await(r, &aw);
    assert_int_equal(aw.kind, LOG_AWAIT_DIE);
    assert_int_equal(aw.ndice, 4);
    struct advice_position pos = {log_await_state(r, &aw), ADVICE_TURN, aw.player, NULL, 0};
    struct advice_options o = small_options(32);
    struct advice a, b, c;
    struct strbuf err = STRBUF_INIT;
    o.rank.threads = 1;
    o.shown = 3;
    assert_int_equal(advice_rank(&pos, NULL, &o, &a, &err), 0);
    o.rank.threads = 2;
    assert_int_equal(advice_rank(&pos, NULL, &o, &b, &err), 0);
    o.shown = 1;
    assert_int_equal(advice_rank(&pos, NULL, &o, &c, &err), 0);
    assert_int_equal(a.fresh_plans, 3);
    assert_true(a.fresh_rollouts >= 2 && a.fresh_rollouts <= ADVICE_FRESH_MAX);
    assert_int_equal(c.fresh_plans, 3);
    assert_int_equal(a.ranked[0].r.candidate, c.ranked[0].r.candidate);
    assert_memory_equal(&a.ranked[0].r, &c.ranked[0].r, sizeof a.ranked[0].r);
    advice_free(&c);
    assert_int_equal(a.n, b.n);
    assert_int_equal(a.summary.rollouts, b.summary.rollouts);
    struct strbuf la = STRBUF_INIT, lb = STRBUF_INIT;
    for (size_t k = 0; k < a.n; k++) {
        /* The same plan in the same place, with the same estimates to the last bit. */
        strbuf_reset(&la);
        strbuf_reset(&lb);
        advice_lines(&pos, &a.ranked[k].choice, &la);
        advice_lines(&pos, &b.ranked[k].choice, &lb);
        assert_string_equal(strbuf_cstr(&la), strbuf_cstr(&lb));
        assert_memory_equal(&a.ranked[k].r, &b.ranked[k].r, sizeof a.ranked[k].r);
    }
    strbuf_free(&la);
    strbuf_free(&lb);
    advice_free(&a);
    advice_free(&b);
    strbuf_free(&err);
    log_replay_free(r);
    log_free(ast);
    diag_list_free(&dl);
    free(game);
}

/* The first round of a solo game (tests/golden/audit/game-solo.xii): its turn line with
 * nothing under it, and the same turn with its four dice spent and no reserve die. */
static const char solo_turn[] =
    "xii 1\nplayers Jack\ndifficulty hard\n"
    "events 5 famine, 6 5, 7 famine, 8 outlaws-attack, 9 plague, 10 2\nsolo merchant\n"
    "round 1\nshared 3 6\nturn Jack 3 5\n";
static const char solo_dice_spent[] = "  3 farms\n  5 population\n  6 attract master-builder\n  3 food\n";

/* The position a ranked turn plan reaches once the turn has ended. */
static void plan_end(const struct advice_position *pos, const struct advice_choice *c, struct game_state *out)
{
    *out = *pos->s;
    assert_int_equal(play_plan_apply(out, &c->plan, NULL), 0);
    assert_int_equal(engine_end_turn(out, NULL, NULL, NULL), 0);
}

/* Plans that reach the same sheet (the same uses in another order, a shared 5 and a reserve 5
 * swapped) are one candidate: no two ranked plans end the turn on the same sheet, so the
 * ranking never stops on two copies of one move "too close to tell apart". */
static void test_one_candidate_per_position(void **state)
{
    (void)state;
    struct cut_log c;
    cut_open(&c, solo_turn);
    assert_int_equal(c.pos.kind, ADVICE_TURN);
    struct advice_options o = small_options(16);
    struct advice a;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &err), 0);
    assert_true(a.n >= 8);
    struct game_state x, y;
    for (size_t i = 0; i < a.n; i++) {
        plan_end(&c.pos, &a.ranked[i].choice, &x);
        for (size_t j = 0; j < i; j++) {
            plan_end(&c.pos, &a.ranked[j].choice, &y);
            if (memcmp(&x.p[0], &y.p[0], sizeof x.p[0]) == 0)
                fail_msg("plans %zu and %zu reach the same sheet", j + 1, i + 1);
        }
    }
    assert_int_not_equal(a.summary.stop, RANK_CLOSE);
    advice_free(&a);
    strbuf_free(&err);
    cut_close(&c);
}

/* With every die of the turn spent, spending no reserve die is one of the choices: it has no
 * line to write, and the log without one goes on cleanly. */
static void test_reserve_or_not(void **state)
{
    (void)state;
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "%s%s", solo_turn, solo_dice_spent);
    struct cut_log c;
    cut_open(&c, strbuf_cstr(&text));
    assert_int_equal(c.aw.kind, LOG_AWAIT_RESERVE);
    struct advice_options o = small_options(8);
    struct advice a;
    struct strbuf err = STRBUF_INIT, lines = STRBUF_INIT, words = STRBUF_INIT;
    assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &err), 0);
    size_t none = a.n;
    for (size_t k = 0; k < a.n; k++)
        if (a.ranked[k].choice.plan.nmoves == 0)
            none = k;
    assert_true(none < a.n);
    advice_lines(&c.pos, &a.ranked[none].choice, &lines);
    assert_int_equal(lines.len, 0);
    advice_describe(&c.pos, &a.ranked[none].choice, &words);
    assert_non_null(strstr(strbuf_cstr(&words), "no reserve die: the turn ends"));
    strbuf_puts(&text, "round 2\nshared 5 3\n");
    assert_int_equal(log_errors(strbuf_cstr(&text)), 0);
    advice_free(&a);
    strbuf_free(&err);
    strbuf_free(&lines);
    strbuf_free(&words);
    strbuf_free(&text);
    cut_close(&c);
}

/* The report's first line lists the reserve dice the turn may still spend: none once this
 * turn's reserve die is spent (one a turn), whatever the reserve still holds. */
static void test_report_reserve_spent(void **state)
{
    (void)state;
    struct strbuf text = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
    strbuf_printf(&text, "%s  3 farms\n", solo_turn);
    struct cut_log c;
    cut_open(&c, strbuf_cstr(&text));
    struct advice_options o = small_options(4);
    struct advice a;
    assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &err), 0);
    struct advice_report_input in = {&c.pos, &a, 1, "greedy", 7};
    advice_report_text(&in, &out);
    assert_non_null(strstr(strbuf_cstr(&out), "Jack, round 1: the dice 5 3 6 to spend, the reserve 2 3 4 5\n"));
    advice_free(&a);
    cut_close(&c);
    strbuf_puts(&text, "  reserve 5 influence quarry\n");
    cut_open(&c, strbuf_cstr(&text));
    assert_int_equal(advice_rank(&c.pos, NULL, &o, &a, &err), 0);
    in.advice = &a;
    in.pos = &c.pos;
    strbuf_reset(&out);
    advice_report_text(&in, &out);
    assert_non_null(strstr(strbuf_cstr(&out), "Jack, round 1: the dice 5 3 6 to spend, this turn's reserve die spent\n"));
    advice_free(&a);
    cut_close(&c);
    strbuf_free(&text);
    strbuf_free(&out);
    strbuf_free(&err);
}

/* The analysis of a log: few rollouts. */
static void analyse_text(const char *text, struct analysis *an)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(text, strlen(text), "t.xii", &dl);
    struct analyse_options o;
    memset(&o, 0, sizeof o);
    o.advice = small_options(4);
    o.luck_rollouts = 4;
    o.chart_rollouts = 4;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(analyse_run(&GD, ast, text, strlen(text), &o, an, &err), 0);
    strbuf_free(&err);
    log_free(ast);
    diag_list_free(&dl);
}

/* A log that ends inside a turn with dice unspent: that turn is still being decided, so the
 * analysis does not rate it (it was rated as if the player had stopped there) and says so;
 * once its four dice are spent it is rated. */
static void test_unfinished_turn_not_rated(void **state)
{
    (void)state;
    struct strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "%s  3 farms\n", solo_turn);
    struct analysis an;
    analyse_text(strbuf_cstr(&text), &an);
    assert_int_equal(an.nmoves, 0);
    assert_int_equal(an.unfinished_line, 8);
    assert_int_equal(an.unfinished_player, 0);
    assert_int_equal(an.unfinished_dice, 3);
    assert_int_equal(an.players[0].turns, 0);
    analysis_free(&an);
    strbuf_reset(&text);
    strbuf_printf(&text, "%s%s", solo_turn, solo_dice_spent);
    analyse_text(strbuf_cstr(&text), &an);
    assert_int_equal(an.nmoves, 1);
    assert_int_equal(an.moves[0].line, 8);
    assert_int_equal(an.unfinished_line, 0);
    analysis_free(&an);
    strbuf_free(&text);
}

#ifndef __SANITIZE_ADDRESS__
/* The costs of every turn of a game, analysed with few rollouts. */
static void turn_costs(const char *game, double *sum, double *sum2, size_t *n)
{
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(game, strlen(game), "t.xii", &dl);
    struct analyse_options o;
    memset(&o, 0, sizeof o);
    o.advice = small_options(4);
    o.cost_rollouts = 4;
    o.luck_rollouts = 4;
    o.chart_rollouts = 4;
    struct analysis an;
    struct strbuf err = STRBUF_INIT;
    assert_int_equal(analyse_run(&GD, ast, game, strlen(game), &o, &an, &err), 0);
    for (size_t k = 0; k < an.nmoves; k++) {
        const struct analyse_move *m = &an.moves[k];
        assert_non_null(m->played_words);
        assert_non_null(m->best_words);
        /* A war choice as played: the log's own war line, bonus rolls included. */
        if (m->kind == ADVICE_WAR && !strstr(game, m->played_lines))
            fail_msg("line %d: the war played is not the log's line: %s", m->line, m->played_lines);
        if (m->kind != ADVICE_TURN)
            continue;
        *sum += m->cost.mean;
        *sum2 += m->cost.mean * m->cost.mean;
        (*n)++;
    }
    for (int p = 0; p < an.nplayers; p++) {
        assert_int_equal(an.players[p].turns, GD_ROUNDS);
        assert_true(an.players[p].decisions >= an.players[p].turns);
        assert_non_null(an.players[p].rating);
    }
    assert_int_equal(an.last_round, GD_ROUNDS);
    analysis_free(&an);
    strbuf_free(&err);
    log_free(ast);
    diag_list_free(&dl);
}

/* The random bot's turns cost clearly more than the search bot's: the difference of the mean
 * costs per turn is more than three standard errors. Not built under the sanitizers:
 * statistics of the bots' play, a minute and a half, seven there, where they would only repeat
 * the analysis of complete games that golden audit/cli-analyse-time and cli-analyse-until-round
 * run (make asan runs the goldens too). */
static void test_random_costs_more_than_search(void **state)
{
    (void)state;
    double rs = 0, rs2 = 0, ss = 0, ss2 = 0;
    size_t rn = 0, sn = 0;
    char *g = bot_game("random", 0, 2, 21);
    turn_costs(g, &rs, &rs2, &rn);
    free(g);
    g = bot_game("search", 24, 2, 21);
    turn_costs(g, &ss, &ss2, &sn);
    free(g);
    double rm = rs / (double)rn, sm = ss / (double)sn;
    double rv = (rs2 / (double)rn - rm * rm) / (double)(rn - 1);
    double sv = (ss2 / (double)sn - sm * sm) / (double)(sn - 1);
    double se = sqrt(rv + sv);
    print_message("random %.2f per turn, search %.2f, se of the difference %.2f\n", rm, sm, se);
    assert_true(rm - sm > 3 * se);
}
#endif

/* The analysis ranks by the expected final score unless a goal is given, whatever the game
 * (a 2-player game's default goal is the win), so its costs are in the unit that chose the
 * best, and its words say so; a cost wholly below zero says the move played was better than
 * the plans found; a turn whose screen was cut says so. */
static void test_analysis_cost_unit(void **state)
{
    (void)state;
    char *g = bot_game("greedy", 0, 2, 31);
    char *r4 = strstr(g, "\nround 4\n");
    assert_non_null(r4);
    r4[1] = 0;
    struct diag_list dl = DIAG_LIST_INIT;
    struct log_ast *ast = log_parse(g, strlen(g), "t.xii", &dl);
    struct analyse_options o;
    memset(&o, 0, sizeof o);
    o.advice = small_options(8);
    o.advice.screen_nodes = 500;
    o.cost_rollouts = 8;
    o.luck_rollouts = 4;
    o.chart_rollouts = 4;
    struct analysis an;
    struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
    assert_int_equal(analyse_run(&GD, ast, g, strlen(g), &o, &an, &err), 0);
    assert_int_equal(an.goal, RANK_GOAL_SCORE);
    int cut = 0, better = 0;
    for (size_t k = 0; k < an.nmoves; k++) {
        assert_int_equal(an.moves[k].better, an.moves[k].cost.high < 0);
        cut += an.moves[k].screen_cut;
        better += an.moves[k].better;
    }
    assert_true(cut > 0);
    struct analyse_report_input in = {&an, "greedy", 7, 8};
    analyse_report_text(&in, &out);
    assert_non_null(strstr(strbuf_cstr(&out), "ranked by the expected final score"));
    assert_non_null(strstr(strbuf_cstr(&out), "  screen cut\n"));
    assert_true(!better || strstr(strbuf_cstr(&out), "  better than the plans found"));
    analysis_free(&an);
    strbuf_free(&err);
    strbuf_free(&out);
    log_free(ast);
    diag_list_free(&dl);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requirement_one_way),
        cmocka_unit_test(test_reserve_saves_from_starving),
        cmocka_unit_test(test_split_words),
        cmocka_unit_test(test_default_rollouts),
        cmocka_unit_test(test_plans_replay),
        cmocka_unit_test(test_plans_replay_after_market),
        cmocka_unit_test(test_advice_deterministic),
        cmocka_unit_test(test_one_candidate_per_position),
        cmocka_unit_test(test_reserve_or_not),
        cmocka_unit_test(test_unfinished_turn_not_rated),
        cmocka_unit_test(test_report_reserve_spent),
#ifndef __SANITIZE_ADDRESS__
        cmocka_unit_test(test_random_costs_more_than_search),
#endif
        cmocka_unit_test(test_analysis_cost_unit),
    };
    return cmocka_run_group_tests(tests, fx_load, fx_unload);
}
