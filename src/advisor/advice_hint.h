/* The hint: the advisor asked about the decision awaited at the end of a replayed move log,
 * with the settings `xii hint` reads from its options (the rollout budget, the seed, the
 * rollout bot, the goal, the threads). `xii hint`, the recorder's hint command (`xii play`)
 * and the companion's hint (`xii serve`) all ask here, so the same position with the same
 * settings gets the same report from each. */
#ifndef ADVISOR_ADVICE_HINT_H
#define ADVISOR_ADVICE_HINT_H
#include <stddef.h>
#include <stdint.h>
#include "core/strbuf.h"
#include "audit/await.h"
#include "advisor/advice.h"

/* The rollouts of one move at most: `xii hint` by default (and `xii serve`'s hint), and
 * `xii play`'s hint command. */
#define ADVICE_HINT_ROLLOUTS 1024
#define ADVICE_TABLE_HINT_ROLLOUTS (ADVICE_HINT_ROLLOUTS / 4)

struct advice_hint_settings {
    long rollouts;          /* the most rollouts one candidate gets */
    int rollouts_given;     /* exactly that budget (--rollouts); else fewer where a rollout is
                               long (advice_position_rollouts) */
    double seconds;         /* stop adding rollouts after about this long; 0 none */
    uint64_t seed;          /* the rollouts' dice */
    int threads;            /* the answer does not depend on it */
    const char *bot;        /* the rollout bot's name (play_bot_from_name) */
    int goal;               /* a rank_goal, -1 the game's default */
    size_t shown;           /* the plans the report will show: they get fresh rollouts
                               (advice_options.shown; ADVICE_FRESH_ORDERED by default) */
    size_t screen_nodes;    /* the screen's partial plans at most (advice_options.screen_nodes;
                               0: the advisor's own bounds) */
};

/* The defaults: seed 1, every processor, the greedy bot, the game's goal, at most `rollouts`
 * (fewer where a rollout is long). */
void advice_hint_settings_init(struct advice_hint_settings *h, long rollouts);
/* The advisor's options from the settings (the goal and the rank settings; the budget as given,
 * before advice_position_rollouts; no fresh rollouts: advice_hint_rank adds them). */
void advice_hint_options(const struct advice_hint_settings *h, struct advice_options *o);

/* A hint ranked: the position asked about and the candidates. */
struct advice_hint {
    struct advice_position pos;
    struct advice advice;
};

/* Ranks the moves of the decision a awaits at the end of the replay r, asked by seat `asked`
 * (-1: whoever decides). Returns 0 (free hint with advice_hint_free); 1 with a sentence in why
 * when no decision is due or it is another player's; -1 with why in err when no move was
 * found or a rollout failed. Nothing to free unless 0. */
int advice_hint_rank(const struct log_replay *r, const struct log_await *a, int asked,
                     const struct advice_hint_settings *h, struct advice_hint *hint, struct strbuf *why);
void advice_hint_free(struct advice_hint *hint);

/* The report of a ranked hint, the `top` best shown, as text or (json) as one JSON object
 * (advice_report.h). */
void advice_hint_report(const struct advice_hint *hint, const struct advice_hint_settings *h, size_t top,
                        int json, struct strbuf *out);

#endif
