/* The audit's mismatches as the filled town-sheet draws them. */
#ifndef CLI_AUDIT_MISMATCHES_H
#define CLI_AUDIT_MISMATCHES_H
#include "layout/filled_sheet.h"
#include "log/replay.h"

/* One filled_mismatch per mismatch of the replay, in order (value claims keep their asset or
 * location); the caller frees the array. */
struct filled_mismatch *audit_filled_mismatches(const struct log_replay *r);

#endif
