/* What the rules did by themselves, in words: the changes the engine recorded that no typed
 * move asked for (an event, the highest die's penalty, a MAX cut, feeding, production, the
 * location bonuses, the king war, a market conversion at the end of a turn), each as
 * "NAME: VALUE OLD -> NEW (CAUSE)". Made from the history records (values), with the causes
 * in the trace's words (log/trace.h); nothing here applies a rule. */
#ifndef RECORD_NARRATE_H
#define RECORD_NARRATE_H
#include <stddef.h>
#include "core/strbuf.h"
#include "audit/replay.h"

/* Appends the narration of records [from, to) of replay r's history, one line each,
 * indented by two spaces. A round line (round_begun > 0) first says which event, if any,
 * strikes that round, and when it changed nothing. Appends nothing when there is nothing
 * to say. */
void record_narrate(const struct log_replay *r, size_t from, size_t to, int round_begun, struct strbuf *out);

/* Whether history record h is one the rules made by themselves (narrated). */
int record_narrated(const struct hist_rec *h);

#endif
