/* Traces: the history of a player's values told in words, read from the engine's history (the
 * causes are what the engine recorded; nothing here applies a rule). Each change has the log
 * line of the statement that made it, the round, the old and new value and its cause
 * ("the 4 was the turn's highest die, so it adds 3"). Used under mismatches, in the JSON
 * `trace`, and by `xii audit --trace NAME[:VALUE]`. */
#ifndef LOG_TRACE_H
#define LOG_TRACE_H
#include <stddef.h>
#include "core/strbuf.h"
#include "audit/replay.h"
#include "rules/history.h"

/* A value that has a history: an asset, a location's influence, the reputation. */
struct log_value {
    enum hist_what what;        /* HIST_ASSET, HIST_INFLUENCE or HIST_REPUTATION */
    int index;                  /* enum asset or enum location; -1 for the reputation */
};

struct log_trace_step {
    int line, round;
    int old_value, new_value;
    char *cause;                /* owned */
};

struct log_trace {
    struct log_trace_step *steps;
    size_t n;
    size_t earlier;             /* changes before the first step, left out */
    size_t from;                /* the history record of the first step */
    /* log_trace_mismatch only: the changes the rules made by themselves (an event, a MAX
     * falling, the war, starvation) to a value that a production among the steps counts, in
     * its round and before it: a famine cut the farms, so the mill gave less. What a sheet
     * most often misses, so what most likely made the difference; earliest first, each with
     * its value and, in its cause, the cut behind a MAX that fell. */
    struct log_trace_step *missed;
    struct log_value *missed_value;
    size_t nmissed;
};

/* Reads NAME as a value ("food", "quarry", "reputation", aliases too). Returns 0, or -1. */
int log_value_parse(const struct gamedata *gd, const char *name, struct log_value *out);
/* The value's id: "food", "quarry", "reputation". */
const char *log_value_name(const struct gamedata *gd, struct log_value v);

/* Appends the cause of one history record in words. */
void log_trace_cause(const struct gamedata *gd, const struct hist_rec *rec, struct strbuf *out);

/* The changes of player's value among the first `upto` history records of r: those since the
 * value last changed away from `since` (all of them when it never was `since`, or when since
 * is negative), at most `max` of them (the latest; the others are counted in earlier). */
void log_trace_value(const struct log_replay *r, int player, struct log_value v, size_t upto,
                     int since, size_t max, struct log_trace *out);
void log_trace_free(struct log_trace *t);

/* Most changes a mismatch's trace lists. */
#define LOG_TRACE_MAX 8
/* The trace of a mismatch: the changes of the checked value, up to the check, since it last
 * was what the sheet says (at most LOG_TRACE_MAX). Returns 0, or -1 (out empty) for a value
 * with no history of its own (score, pow, sets, the reserve). */
int log_trace_mismatch(const struct log_replay *r, const struct mismatch *m, struct log_value *v,
                       struct log_trace *out);

/* `xii audit --trace SPEC`: SPEC is NAME (the player's assets, influence and reputation turn
 * by turn: a row after each of the player's turns, feeding and market included, and after a
 * round's start or end that changed them) or NAME:VALUE (every change of that value with its
 * cause). Appends the text; returns 0, or -1 with the reason in err (no
 * such player or value, or no game replayed). */
int log_trace_text(const struct log_replay *r, const char *spec, struct strbuf *out, struct strbuf *err);

/* Appends the changes most likely missed as lines of text, each after `indent`:
 * "likely missed: line 170, round 10: farms 7 -> 3, its MAX fell to 3 (...); ...". */
void log_trace_missed_text(const struct gamedata *gd, const struct log_trace *t, const char *indent,
                           struct strbuf *out);
/* Appends one step as a line of text: "line 41, round 3: men-at-arms 3 -> 6, the 4 was ...". */
void log_trace_step_text(const struct gamedata *gd, struct log_value v, const struct log_trace_step *st,
                         struct strbuf *out);

#endif
