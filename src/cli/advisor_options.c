/* Options of the advisor commands. */
#include "cli/advisor_options.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/options.h"
#include "bots/rank.h"

const char advisor_options_help[] =
    "  --rollouts N        at most N rollouts for one candidate (the leaders get them)\n"
    "  --time SECONDS      (hint only) stop adding rollouts after about this long (results\n"
    "                      then vary)\n"
    "  --seed S            the rollouts' dice (default 1): the same seed, the same answer\n"
    "  --threads N         threads for the rollouts (default: every processor); the answer\n"
    "                      does not depend on it\n"
    "  --bot NAME          the rollout player in every seat: greedy (default), search, random\n"
    "  --goal GOAL         what the moves are ranked by: score (the expected final score),\n"
    "                      win (the chance to win) or objective (the chance to achieve the\n"
    "                      solo objective); default: the objective in a solo game with one,\n"
    "                      the win in multiplayer, the score in arcade\n";

void advisor_args_init(struct advisor_args *a, long default_rollouts)
{
    memset(a, 0, sizeof *a);
    advice_hint_settings_init(&a->set, default_rollouts);
}

/* A whole number from lo to hi, or -1 after printing why. */
static int number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || *end || end == v || n < lo || n > hi) {
        fprintf(stderr, "xii %s: %s needs a whole number from %ld to %ld, not '%s'\n", cmd, opt, lo, hi, v);
        return -1;
    }
    *out = n;
    return 0;
}

int advisor_args_parse(struct advisor_args *a, const char *cmd, int argc, char **argv, int *i)
{
    static const char *const names[] = {"--rollouts", "--time", "--seed", "--threads", "--bot", "--goal"};
    for (int k = 0; k < 6; k++) {
        const char *v = NULL;
        int m = cli_option(argc, argv, i, names[k], NULL, &v);
        if (m == 0)
            continue;
        if (m < 0) {
            fprintf(stderr, "xii %s: %s needs a value\n", cmd, names[k]);
            return -1;
        }
        if (!a->given)
            a->given = names[k];
        long n;
        switch (k) {
        case 0:
            if (number(cmd, names[k], v, 2, 1000000, &n) != 0)
                return -1;
            a->set.rollouts = n;
            a->set.rollouts_given = 1;
            break;
        case 1: {
            char *end;
            errno = 0;
            double t = strtod(v, &end);
            if (errno || *end || end == v || !(t > 0) || t > 86400) {
                fprintf(stderr, "xii %s: --time needs seconds above 0 (at most a day), not '%s'\n", cmd, v);
                return -1;
            }
            a->set.seconds = t;
            break;
        }
        case 2: {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(v, &end, 10);
            if (errno || *end || end == v || v[0] == '-') {
                fprintf(stderr, "xii %s: --seed needs a whole number from 0 to 18446744073709551615, not '%s'\n",
                        cmd, v);
                return -1;
            }
            a->set.seed = s;
            break;
        }
        case 3:
            if (number(cmd, names[k], v, 1, RANK_MAX_THREADS, &n) != 0)
                return -1;
            a->set.threads = (int)n;
            break;
        case 5: {
            static const char *const goals[] = {"score", "win", "objective"};
            a->set.goal = -1;
            for (int g = 0; g < 3; g++)
                if (strcmp(v, goals[g]) == 0)
                    a->set.goal = g;
            if (a->set.goal < 0) {
                fprintf(stderr, "xii %s: --goal is score, win or objective, not '%s'\n", cmd, v);
                return -1;
            }
            break;
        }
        default: {
            struct play_bot b;
            if (play_bot_from_name(v, &b) != 0) {
                fprintf(stderr, "xii %s: --bot is greedy, search or random, not '%s'\n", cmd, v);
                return -1;
            }
            a->set.bot = v;
            break;
        }
        }
        return 1;
    }
    return 0;
}
