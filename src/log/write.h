/* Writing a game as move-log text, one line at a time, as it is played: the lines `xii audit`
 * reads back (header, round, outlaws, shared, turn, moves, war, collect, check). The random
 * game generator (gen.c) and the bots' games (src/bots) both write through these functions,
 * so a written log always replays to the game that was played. */
#ifndef LOG_WRITE_H
#define LOG_WRITE_H
#include "core/strbuf.h"
#include "log/ast.h"
#include "log/name.h"
#include "rules/engine.h"

/* Appends a move as a spend, ability or market line of the log ("4 attract sheriff b",
 * "reserve 3 influence quarry", "sheriff own 3 4", "split 5 1 monks 4 food", "market 2 food"). */
void log_write_move_text(const struct gamedata *gd, const struct move *m, struct strbuf *out);

/* The header from cfg: "xii 1", the title (when not NULL), players, towns, difficulty, the
 * events line (events named by id), solo and the variant. */
void log_write_header(const struct gamedata *gd, const struct game_config *cfg, const char *title,
                      struct strbuf *out);
/* The same, with the event of each round r whose bit (1u << r) is set in by_die written as its
 * die value ("events 7 3") rather than its id (the random games write both). */
void log_write_header_as(const struct gamedata *gd, const struct game_config *cfg, const char *title,
                         unsigned by_die, struct strbuf *out);
/* "events R ID, R ID, ..." for the rounds r (1 to GD_ROUNDS) whose event[r] >= 0, fixed rounds
 * included (no line feed). Appends nothing and returns 0 when no round has an event; else 1. */
int log_write_events(const struct gamedata *gd, const int event[GD_ROUNDS + 1], struct strbuf *out);
/* The statement a short form of the recorder stands for: the keyword of kind (LOG_SPEND is
 * "reserve"), then the seat's name when name is not NULL, then the words typed (no line feed):
 * "turn" "Tom" "3 1" -> "turn Tom 3 1"; words NULL for none ("events"). */
void log_write_shortform(enum log_kind kind, const char *name, const char *words, struct strbuf *out);
/* "round R" (no line feed): the statement that begins round R. */
void log_write_round_statement(int round, struct strbuf *out);
/* "war NAME avoid, NAME avoid, ..." for every seat (no line feed). */
void log_write_war_all_avoid(const struct game_config *cfg, struct strbuf *out);
/* "# TEXT", a comment line (line breaks in text become spaces). */
void log_write_comment(const char *text, struct strbuf *out);
/* "\nround R". */
void log_write_round(int round, struct strbuf *out);
/* "shared D1 D2". */
void log_write_shared(int d1, int d2, struct strbuf *out);
/* "outlaws NAME ROLLS, ..." for the players with rolls in r[]. */
void log_write_outlaws(const struct game_state *s, const struct bonus_rolls r[], struct strbuf *out);
/* "turn NAME D1 D2". */
void log_write_turn(const struct game_state *s, int player, int d1, int d2, struct strbuf *out);
/* An indented spend, ability or market line. */
void log_write_move(const struct gamedata *gd, const struct move *m, struct strbuf *out);
/* "war NAME support ROLLS, NAME avoid, ..." for every seat. */
void log_write_war(const struct game_state *s, const struct war_entry e[], struct strbuf *out);
/* Seat p's entry of a war line, "NAME support ROLLS" or "NAME avoid" (no line feed). */
void log_write_war_entry(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out);
/* "war NAME support ROLLS" or "war NAME avoid": one seat's part of a war line (xii serve
 * gathers the parts, seat by seat). */
void log_write_war_part(const struct game_state *s, int p, const struct war_entry *e, struct strbuf *out);
/* "collect NAME LOCATION ASSET, ..." for the locations whose choice[l] >= 0; nothing when none. */
void log_write_collect(const struct game_state *s, int player, const int choice[LOCATION_COUNT],
                       struct strbuf *out);
/* A check line of the player's values on s: the assets (all when `everything`, else the
 * non-zero ones and the three basic ones), influence, reputation, pow and score; with
 * `everything` also the people, the infrastructures and the available reserve dice. */
void log_write_check(const struct game_state *s, int player, int everything, struct strbuf *out);

#endif
