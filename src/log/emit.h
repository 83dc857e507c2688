/* Internal to src/log: the words of each game statement (round, shared, outlaws, turn, moves,
 * war, collect, check), laid out in one place (build.c) for two callers: the writer (log/write.h,
 * the text alone) and the builder (log/build.h, the text and the tree a parse of it gives). */
#ifndef LOG_EMIT_H
#define LOG_EMIT_H
#include "core/strbuf.h"
#include "log/ast.h"
#include "rules/engine.h"

/* Where the words go: out, and with ast also the statement's tree (its words, spans from
 * column col of line `line` for the text appended from byte start of out, and its lists in
 * ast's arena). With ast NULL only text is written, and every statement below is given NULL. */
struct log_emit {
    struct log_ast *ast;
    struct strbuf *out;
    size_t start;
    int line, col;
};

/* "round R". */
void log_emit_round(struct log_emit *e, int round, struct log_stmt *st);
/* "shared D1 D2". */
void log_emit_shared(struct log_emit *e, int d1, int d2, struct log_stmt *st);
/* "outlaws NAME ROLLS, ..." for the players with rolls in r[] ("outlaws" alone when none). */
void log_emit_outlaws(struct log_emit *e, const struct game_state *s, const struct bonus_rolls r[],
                      struct log_stmt *st);
/* "turn NAME D1 D2". */
void log_emit_turn(struct log_emit *e, const struct game_state *s, int player, int d1, int d2, struct log_stmt *st);
/* A move's spend, ability or market statement; returns its kind (LOG_SPEND, LOG_SHERIFF...). */
enum log_kind log_emit_move(struct log_emit *e, const struct gamedata *gd, const struct move *m, struct log_stmt *st);
/* Seat p's war entry, "NAME support ROLLS" or "NAME avoid" (x: its item in the tree, or NULL). */
void log_emit_war_entry(struct log_emit *e, const struct game_state *s, int p, const struct war_entry *w,
                        struct log_war_entry *x);
/* "war ENTRY, ENTRY..." of the seats from to to - 1, entries w[from..to). */
void log_emit_war(struct log_emit *e, const struct game_state *s, int from, int to, const struct war_entry w[],
                  struct log_stmt *st);
/* "collect NAME LOCATION ASSET, ..." for the locations whose choice[l] >= 0 (at least one). */
void log_emit_collect(struct log_emit *e, const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                      struct log_stmt *st);
/* A check line of the player's values on s: the assets (all when `everything`, else the non-zero
 * ones and the three basic ones), influence (all, or the non-zero), reputation, pow and score;
 * with `everything` also the people, the infrastructures and the available reserve dice. */
void log_emit_check(struct log_emit *e, const struct game_state *s, int player, int everything, struct log_stmt *st);

#endif
