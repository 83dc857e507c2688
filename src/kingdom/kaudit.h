/* The kingdom's audit: replays a parsed log through the engine, reporting every illegal line
 * (file:line:col, the rule id, what was expected and what was found), every check line that
 * differs from the stock, a missing line at the first statement that needs it (the audit then
 * goes on with a stated stand-in), the result line against the rules; and keeps the final
 * state, the history and the ledger of the years for the reports. */
#ifndef KINGDOM_KAUDIT_H
#define KINGDOM_KAUDIT_H
#include <stddef.h>
#include "core/diag.h"
#include "kingdom/klog.h"

struct kaudit_options {
    int until_year;         /* stop once this year has closed (0: the whole log) */
};

/* A row of the sheet's ledger: what the log says of a year and its closing stocks. */
struct kledger {
    int year;
    int stmt_from, stmt_to;     /* the year's statements [from, to) in the log */
    bool closed;                /* the year ended (fed) */
    int food, ore;              /* at the year's end */
};

struct kaudit {
    struct kstate s;
    struct khistory h;
    size_t mismatches;
    bool result_given, result_win;
    int result_line;
    int end_line;               /* the line whose decision ended the game, or 0 */
    bool until_reached;         /* stopped at --until-year */
    unsigned char *applied;     /* per statement: 1 when every decision of it was applied */
    struct kledger *ledger;     /* one row per year begun */
    int nyears;
};

/* Replays log (parsed from file) with data d; diagnostics go to dl. Never fails: the audit
 * always has a state to show. */
void kaudit_run(struct kaudit *a, const struct kdata *d, const struct klog *log, const char *file,
                struct diag_list *dl, const struct kaudit_options *opt);
void kaudit_free(struct kaudit *a);

/* A ledger row as the sheet writes it, each cell a short text ("" for nothing): the dice
 * ("2 4", a reroll "2 4 r2>5"), the picks (the sixes' results and the capital's: "3 5 food"),
 * the builds in order ("F H4 M G6", a monument stage by its number: "1 E4"), the trades
 * ("1 food, 2 ore"), the losses ("D F6" a disaster, "G H4" a graveyard), from the lines of
 * the year that were applied. A cell too long for its room ends in "...". */
struct kledger_cells {
    char dice[24], picks[40], built[96], traded[24], lost[48];
};
void kaudit_ledger_cells(const struct kaudit *a, const struct klog *log, int row, struct kledger_cells *c);

/* One statement st (parsed from file, not KL_INVALID nor invalid) read at state s as the
 * recorder reads a line typed: the end of building it leaves implicit first (KD_DONE), then
 * its decisions, up to cap of them in out and their number in *n; a check line compared, a
 * result line judged, the names and the header taken only before the first range. Returns whether every
 * decision is legal (no error and no mismatch in dl): else dl holds the audit's words for it
 * (a missing line is an error here, never a stand-in). */
bool kaudit_line(const struct kstate *s, const struct klog_stmt *st, const char *file, struct kdecision *out, size_t cap,
                 size_t *n, struct diag_list *dl);

/* Whether the log is clean: no error and no mismatch. */
bool kaudit_ok(const struct kaudit *a, const struct diag_list *dl);

/* What the game awaits in words, e.g. "year 3 awaits its fate dice (fate A B)". */
void kaudit_awaits_text(const struct kstate *s, struct strbuf *out);
/* How the game ended, e.g. "won in year 13", "lost in year 4: the third graveyard". */
void kaudit_end_text(const struct kstate *s, struct strbuf *out);

#endif
