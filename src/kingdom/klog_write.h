/* The kingdom's log lines as text: the one writer of them (the recorder, the bots, the audit's
 * lines to add and the tests all write through here), each reading back through klog_parse to
 * the same decisions. Lines are appended without their line feed. */
#ifndef KINGDOM_KLOG_WRITE_H
#define KINGDOM_KLOG_WRITE_H
#include "core/strbuf.h"
#include "kingdom/kingdom.h"

/* "kingdom 1". */
void klog_write_header(struct strbuf *out);
/* "names ruler "R" realm "K" capital "C"", the names given (NULL or "" left out). */
void klog_write_names(const char *ruler, const char *realm, const char *capital, struct strbuf *out);
/* The line of a decision that makes a line alone (setup, year, fate, six, disaster, capital,
 * build, trade, river, one victim's starve line); nothing for KD_DONE. */
void klog_write_decision(const struct kdecision *d, struct strbuf *out);
/* "range REGION SIZE HEX...": the roll and the hexes. */
void klog_write_range(const struct kdecision *roll, const struct kdecision *range, struct strbuf *out);
/* "reroll OLD NEW". */
void klog_write_reroll(int old_value, int new_value, struct strbuf *out);
/* "starve HEX..." for n victims. */
void klog_write_starve(const signed char *hex, int n, struct strbuf *out);
/* "check food F ore O work W" for the resources of mask (bit r). */
void klog_write_check(const int stock[KRES_COUNT], unsigned mask, struct strbuf *out);
/* "result win" or "result loss". */
void klog_write_result(bool win, struct strbuf *out);

#endif
