/* Benchmark of the audit: a corpus of random complete LEGAL 5-player games (log_gen_game,
 * seeded) is parsed and replayed in one process. Prints games per second and MB of log per
 * second for: lexing only (the floor: reading the bytes into tokens), parsing, and parsing
 * plus replaying (what `xii audit` does before its report); then the time per line of logs of
 * 10,000 and 100,000 lines, to show that the time is linear in the length of the log, and the
 * parse of a million short lines and of three lines of 1 MB.
 * Times are processor times (steadier than the wall clock on a busy machine), the best of
 * several runs. Every game must replay with no error (a warning, a die wasted, is legal): the
 * run fails otherwise.
 *
 * usage: bench_audit [GAMES [RUNS [lex|parse|replay [random|greedy]]]]
 *        (defaults: 2000 games, best of 5 runs, the random games)
 * With a stage named, only that stage runs (no targets, no long logs): for profilers, e.g.
 *   valgrind --tool=callgrind --toggle-collect=log_parse --toggle-collect=log_replay_run \
 *       out/bench/bench_audit 200 1 replay
 * counts the instructions of parsing and replaying 200 games, not those of making them.
 * `greedy` makes the corpus of games the greedy bot plays in every seat (play_game_run, as
 * `xii simulate --bot greedy --logs` writes them): real play wastes fewer dice than random
 * play, and the logs end with check lines of the final sheets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bots/game.h"
#include "bots/gen.h"
#include "log/lex.h"
#include "log/parse.h"
#include "audit/replay.h"

#define TARGET_GAMES_PER_S 10000.0
#define TARGET_FLOOR_RATIO 10.0
#define TARGET_BIG_PARSE_S 1.0

struct corpus {
    struct strbuf text;     /* every game, one after the other */
    size_t *start;          /* game g is text[start[g] .. start[g + 1]) */
    int games;
    size_t lines;
};

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void corpus_make(struct corpus *c, const struct gamedata *gd, int games, int greedy)
{
    memset(c, 0, sizeof *c);
    c->games = games;
    c->start = malloc(((size_t)games + 1) * sizeof *c->start);
    if (!c->start)
        abort();
    struct play_bot bot;
    if (play_bot_from_name("greedy", &bot) != 0)
        abort();
    const struct play_bot *const bots[] = {&bot, &bot, &bot, &bot, &bot};
    struct game_state final;
    for (int g = 0; g < games; g++) {
        c->start[g] = c->text.len;
        struct log_gen_options o = {5, 0x5eed0000u + (uint64_t)g, 0};
        struct play_setup st = {5, g % gd->ndifficulties, -1, 0x5eed0000u + (uint64_t)g};
        if (greedy ? play_game_run(gd, &st, bots, &c->text, "bench_audit", &final) != 0
                   : log_gen_game(gd, &o, &c->text, NULL) != 0) {
            fprintf(stderr, "bench_audit: the %s game %d failed\n", greedy ? "greedy" : "generator's", g);
            exit(1);
        }
    }
    c->start[games] = c->text.len;
    for (size_t i = 0; i < c->text.len; i++)
        c->lines += c->text.data[i] == '\n';
}

enum stage { LEX, PARSE, REPLAY };

/* The tokens lexed: written so the lexing loop has a result and is not optimised away. */
static volatile size_t token_sink;

/* Runs one stage over every game; returns the number of diagnostics seen. */
static size_t stage_once(const struct gamedata *gd, const struct corpus *c, enum stage st)
{
    size_t diags = 0, tokens = 0;
    for (int g = 0; g < c->games; g++) {
        const char *p = c->text.data + c->start[g];
        size_t n = c->start[g + 1] - c->start[g];
        if (st == LEX) {
            struct log_lexer lx;
            struct log_token t;
            log_lex_init(&lx, p, n);
            do {
                log_lex_next(&lx, &t);
                tokens++;
            } while (t.kind != LOG_TOK_EOF);
            continue;
        }
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(p, n, "bench.xii", &dl);
        if (st == REPLAY) {
            struct log_replay *r = log_replay_run(gd, ast, NULL, &dl);
            diags += r->state.phase != PHASE_GAME_OVER;
            log_replay_free(r);
        }
        diags += dl.count - dl.warnings;    /* a wasted die is legal: a warning */
        log_free(ast);
        diag_list_free(&dl);
    }
    token_sink += tokens;
    return diags;
}

/* The best processor time of `runs` runs of a stage. */
static double stage_time(const struct gamedata *gd, const struct corpus *c, enum stage st, int runs)
{
    double best = 1e30;
    for (int k = 0; k < runs; k++) {
        double t0 = cpu_seconds();
        size_t diags = stage_once(gd, c, st);
        double t = cpu_seconds() - t0;
        if (diags) {
            fprintf(stderr, "bench_audit: %zu diagnostics in legal games: parser, replay and engine "
                            "disagree\n", diags);
            exit(1);
        }
        if (t < best)
            best = t;
    }
    return best;
}

/* A complete game followed by check lines up to `lines` lines: the replay's time per line. */
static double long_log_time(const struct gamedata *gd, size_t lines, int runs)
{
    struct strbuf text = STRBUF_INIT;
    struct game_state final;
    struct log_gen_options o = {5, 77, 0};
    if (log_gen_game(gd, &o, &text, &final) != 0)
        exit(1);
    size_t have = 0;
    for (size_t i = 0; i < text.len; i++)
        have += text.data[i] == '\n';
    char check[128];
    snprintf(check, sizeof check, "check Jack food %d score %d\n", final.p[0].asset[A_FOOD],
             engine_score(&final, 0, NULL));
    for (; have < lines; have++)
        strbuf_puts(&text, check);
    double best = 1e30;
    for (int k = 0; k < runs; k++) {
        double t0 = cpu_seconds();
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(text.data, text.len, "long.xii", &dl);
        struct log_replay *r = log_replay_run(gd, ast, NULL, &dl);
        size_t diags = dl.count - dl.warnings;
        log_replay_free(r);
        log_free(ast);
        diag_list_free(&dl);
        double t = cpu_seconds() - t0;
        if (diags) {
            fprintf(stderr, "bench_audit: the long log has %zu diagnostics\n", diags);
            exit(1);
        }
        if (t < best)
            best = t;
    }
    strbuf_free(&text);
    return best;
}

/* The parser alone on the shapes of test_log_parse: a million lines of every kind (9 of 10
 * statements, a comment), or three lines of 1 MB (a check line of many items, a comment, a
 * turn line with a 1 MB bad token). Best processor time of `runs`; *stmts and *diags of the
 * last run. */
static double parse_time(const struct strbuf *text, int runs, size_t *stmts, size_t *diags)
{
    double best = 1e30;
    for (int k = 0; k < runs; k++) {
        double t0 = cpu_seconds();
        struct diag_list dl = DIAG_LIST_INIT;
        struct log_ast *ast = log_parse(text->data, text->len, "bench.xii", &dl);
        double t = cpu_seconds() - t0;
        *stmts = ast->count;
        *diags = dl.count;
        log_free(ast);
        diag_list_free(&dl);
        if (t < best)
            best = t;
    }
    return best;
}

static void million_lines(struct strbuf *sb)
{
    static const char *const lines[] = {
        "round 1\n", "shared 5 6\n", "turn Jack 3 1\n", "  6 population\n", "  3 food\n",
        "  1 attract master-builder\n", "  reserve 3 influence quarry\n",
        "war Jack support 1, Tom avoid\n", "check Jack population 10 people master-builder\n",
        "# a comment\n",
    };
    for (size_t i = 0; i < 1000000; i++)
        strbuf_puts(sb, lines[i % 10]);
}

static void megabyte_lines(struct strbuf *sb)
{
    strbuf_puts(sb, "check Jack people");
    for (size_t count = 0; sb->len < (1u << 20); count++)
        strbuf_printf(sb, " person-%zu,", count);
    strbuf_puts(sb, " food 3\n# ");
    for (int i = 0; i < 1 << 20; i++)
        strbuf_putc(sb, 'c');
    strbuf_puts(sb, "\nturn Jack 3 ");
    for (int i = 0; i < 1 << 20; i++)
        strbuf_putc(sb, 'x');
}

/* The two parses, each against the second the unit test once allowed itself. */
static void big_parses(int runs)
{
    struct strbuf sb = STRBUF_INIT;
    size_t stmts, diags;
    million_lines(&sb);
    double t = parse_time(&sb, runs, &stmts, &diags);
    printf("parse 1,000,000 lines (%.1f MB, %zu statements, %zu diagnostics): %.3f s (target at most "
           "%.1f s): %s\n", (double)sb.len / 1e6, stmts, diags, t, TARGET_BIG_PARSE_S,
           t <= TARGET_BIG_PARSE_S ? "met" : "NOT met");
    strbuf_reset(&sb);
    megabyte_lines(&sb);
    t = parse_time(&sb, runs, &stmts, &diags);
    printf("parse 3 lines of 1 MB (%zu statements, %zu diagnostic): %.3f s (target at most %.1f s): %s\n",
           stmts, diags, t, TARGET_BIG_PARSE_S, t <= TARGET_BIG_PARSE_S ? "met" : "NOT met");
    strbuf_free(&sb);
}

int main(int argc, char **argv)
{
    static const char *const names[] = {"lex only (the floor)", "parse", "parse + replay"};
    static const char *const stages[] = {"lex", "parse", "replay"};
    int games = argc > 1 ? atoi(argv[1]) : 2000;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    int only = -1;
    for (int st = LEX; argc > 3 && st <= REPLAY; st++)
        if (strcmp(argv[3], stages[st]) == 0)
            only = st;
    int greedy = argc > 4 && strcmp(argv[4], "greedy") == 0;
    if (games < 1 || runs < 1 || argc > 5 || (argc > 3 && only < 0) ||
        (argc > 4 && !greedy && strcmp(argv[4], "random") != 0)) {
        fputs("usage: bench_audit [GAMES [RUNS [lex|parse|replay [random|greedy]]]]\n", stderr);
        return 2;
    }
    struct gamedata gd;
    struct diag_list dl = DIAG_LIST_INIT;
    if (gamedata_load_default(&gd, &dl) != 0) {
        fputs("bench_audit: cannot load the game data\n", stderr);
        return 1;
    }
    diag_list_free(&dl);
    struct corpus c;
    corpus_make(&c, &gd, games, greedy);
    double mb = (double)c.text.len / 1e6;
    printf("corpus: %d %s complete legal 5-player games, %.1f MB, %zu lines (%.0f lines a game)\n",
           games, greedy ? "greedy" : "random", mb, c.lines, (double)c.lines / games);
    double t[3];
    for (int st = LEX; st <= REPLAY; st++) {
        if (only >= 0 && st != only)
            continue;
        t[st] = stage_time(&gd, &c, (enum stage)st, runs);
        printf("%-22s %7.3f s  %7.1f MB/s  %8.0f games/s  %6.0f ns/line\n", names[st], t[st], mb / t[st],
               games / t[st], t[st] * 1e9 / (double)c.lines);
    }
    if (only >= 0) {
        free(c.start);
        strbuf_free(&c.text);
        gamedata_free(&gd);
        return 0;
    }
    double rate = games / t[REPLAY], ratio = t[REPLAY] / t[LEX];
    printf("parse + replay: %.1fx the lexing floor (target at most %.0fx): %s\n", ratio,
           TARGET_FLOOR_RATIO, ratio <= TARGET_FLOOR_RATIO ? "met" : "NOT met");
    printf("games per second: %.0f (target at least %.0f on one core): %s\n", rate, TARGET_GAMES_PER_S,
           rate >= TARGET_GAMES_PER_S ? "met" : "NOT met");
    double t10 = long_log_time(&gd, 10000, runs), t100 = long_log_time(&gd, 100000, runs);
    printf("linear time: 10,000 lines %.1f ms (%.0f ns/line), 100,000 lines %.1f ms (%.0f ns/line): "
           "x%.1f for x10 lines\n", t10 * 1e3, t10 * 1e9 / 1e4, t100 * 1e3, t100 * 1e9 / 1e5, t100 / t10);
    big_parses(runs);
    free(c.start);
    strbuf_free(&c.text);
    gamedata_free(&gd);
    return 0;
}
