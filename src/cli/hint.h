/* The hint of `xii hint`, for the command and for the recorder's hint command (xii play). */
#ifndef CLI_HINT_H
#define CLI_HINT_H
#include <stddef.h>
#include "cli/advisor_options.h"
#include "core/strbuf.h"
#include "log/await.h"

/* The rollouts of one move at most, by default. */
#define HINT_ROLLOUTS 1024

/* The hint report (text, or JSON when json) for the decision a awaits at the end of the replay
 * r, asked by seat `asked` (-1: whoever decides), the top moves shown. Returns EXIT_OK with
 * the report in out; EXIT_USAGE with why in err (no decision due, another player's); or
 * EXIT_FINDINGS with why in err (no move found, a rollout failed). */
int hint_report(const struct log_replay *r, const struct log_await *a, int asked,
                const struct advisor_args *adv, size_t top, int json, struct strbuf *out, struct strbuf *err);

#endif
